"""A converter child (core/processes.py ``run_bounded``) runs in its own process group, within CPU,
memory and wall-clock limits, and nothing of its group outlives it."""

from __future__ import annotations

import json
import resource
import signal
import socket
import subprocess
import sys
import threading

import pytest

from core.processes import Bounds, Overran, group_members, run_bounded

PROBE = (
    "import json, os, resource; print(json.dumps({'pgid': os.getpgid(0), 'pid': os.getpid(), "
    "'sid': os.getsid(0), 'cpu': resource.getrlimit(resource.RLIMIT_CPU), "
    "'as': resource.getrlimit(resource.RLIMIT_AS), 'nice': os.nice(0)}))"
)


def test_the_child_has_its_own_group_and_its_limits():
    bounds = Bounds(seconds=30, cpu_seconds=7, memory_bytes=900 * 1024 * 1024)
    done = run_bounded([sys.executable, "-c", PROBE], bounds=bounds)
    seen = json.loads(done.stdout)
    assert seen["pgid"] == seen["pid"] == seen["sid"]  # a new session: its own process group
    assert seen["cpu"] == [7, 8] and seen["as"] == [bounds.memory_bytes] * 2
    assert seen["nice"] >= 10


def test_a_busy_child_is_stopped_by_its_cpu_limit():
    done = run_bounded([sys.executable, "-c", "while True: pass"],
                       bounds=Bounds(seconds=120, cpu_seconds=1, memory_bytes=512 * 1024 * 1024))
    assert done.returncode in (-signal.SIGXCPU, -signal.SIGKILL)
    assert resource.getrlimit(resource.RLIMIT_CPU)[0] == resource.RLIM_INFINITY  # ours is untouched


def test_an_overrun_kills_the_whole_group_including_what_the_child_started():
    # The child starts a grandchild that ignores SIGTERM and outlives its parent's exit, like
    # soffice's soffice.bin: a timeout must leave neither.
    script = (
        "import subprocess, sys, time; "
        "subprocess.Popen([sys.executable, '-c', 'import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); "
        "time.sleep(600)']); time.sleep(600)"
    )
    groups: list[int] = []
    members: list[list[int]] = []

    def started(pgid: int) -> None:
        groups.append(pgid)

        def watch() -> None:
            import time

            for _ in range(100):
                now = group_members(pgid)
                if len(now) >= 2:
                    members.append(now)
                    return
                time.sleep(0.05)

        threading.Thread(target=watch, daemon=True).start()

    with pytest.raises(Overran):
        run_bounded([sys.executable, "-c", script], bounds=Bounds(seconds=3, cpu_seconds=30, memory_bytes=1 << 30),
                    started=started)
    assert members and len(members[0]) >= 2  # the grandchild was running in the group
    assert group_members(groups[0]) == []


def test_a_child_that_exits_leaves_no_daemon_behind():
    script = (
        "import subprocess, sys; "
        "subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)']); print('left')"
    )
    groups: list[int] = []
    done = run_bounded([sys.executable, "-c", script], bounds=Bounds(seconds=30, cpu_seconds=30, memory_bytes=1 << 30),
                       started=groups.append)
    assert done.stdout.strip() == b"left"
    assert group_members(groups[0]) == []


def test_the_embedded_redis_is_ready_when_it_is_started_again_on_its_data(tmp_path):
    # Redis listens before it has read its append-only file back and answers LOADING until then;
    # start_redis returns only once it answers commands, so a restarted broker with queued jobs
    # is usable at once (an open port alone failed the first read after a restart).
    import redis

    from core.processes import free_port, start_redis, stop

    port = free_port()
    server = start_redis(port, tmp_path, log=subprocess.DEVNULL)
    try:
        client = redis.Redis(port=port, socket_timeout=10)
        payload = b"x" * 200
        for batch in range(40):
            with client.pipeline(transaction=False) as pipe:
                for item in range(10_000):
                    pipe.set(f"k{batch}:{item}", payload)
                pipe.execute()
        client.close()
    finally:
        stop(server)
    server = start_redis(port, tmp_path, log=subprocess.DEVNULL)
    try:
        # A bare PING, not a client: redis-py retries a LOADING answer a few times, which hides it
        # on a fast machine and not on a slow one.
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(b"PING\r\n")
            assert sock.recv(64).startswith(b"+PONG")
        assert redis.Redis(port=port, socket_timeout=10).dbsize() == 400_000
    finally:
        stop(server)
