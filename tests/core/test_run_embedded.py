"""`make run`'s last step end to end: the embedded Redis, a worker and gunicorn start, the login
page and /healthz answer, and Ctrl-C (SIGINT) stops every process it started."""

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from core import processes
from tests.conftest import ROOT

pytestmark = pytest.mark.worker


def processes_with_env(marker: str) -> list[int]:
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            if marker.encode() in (proc / "environ").read_bytes():
                found.append(int(proc.name))
        except OSError:
            continue
    return found


def get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def test_run_embedded_serves_login_and_healthy_health_then_stops_cleanly(tmp_path):
    port, redis_port = processes.free_port(), processes.free_port()
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    env.update({"REDPEN_VAR_DIR": str(tmp_path), "REDPEN_REDIS_PORT": str(redis_port), "PORT": str(port),
                # The first seed runs with no Redis up: its analysis job waits in the database
                # until the embedded beat's reconciler sends it again.
                "REDPEN_JOB_STALE_SECONDS": "1", "REDPEN_RECONCILE_EVERY_S": "2"})
    marker = f"REDPEN_VAR_DIR={tmp_path}"
    for step in (["migrate", "--noinput"], ["seed_demo"]):  # run_embedded --seed seeds again: idempotent
        subprocess.run([sys.executable, "manage.py", *step], cwd=ROOT, env=env, check=True, capture_output=True)

    runner = subprocess.Popen(
        [sys.executable, "manage.py", "run_embedded", "--seed"], cwd=ROOT, env=env,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        deadline = time.monotonic() + 60
        status, body = 0, b""
        while time.monotonic() < deadline:
            try:
                status, body = get(f"http://127.0.0.1:{port}/healthz")
            except OSError:
                status = 0
            if status == 200:
                break
            time.sleep(0.5)
        assert status == 200, body
        health = json.loads(body)
        assert health["database"]["up"] and health["redis"]["up"] and health["worker"]["up"]
        status, page = get(f"http://127.0.0.1:{port}/login/")
        assert status == 200 and b"Log in to Redpen" in page
        # Static files (HTMX included) are served by the app itself.
        assert get(f"http://127.0.0.1:{port}/static/django_htmx/htmx-2.min.js")[0] == 200
        assert len(processes_with_env(marker)) >= 4  # runner, redis, worker (+pool), gunicorn (+workers)
        status_code = (
            "import django; django.setup(); from review.models import Review; "
            "print(','.join(Review.objects.values_list('status', flat=True)))"
        )
        deadline = time.monotonic() + 60
        statuses = ""
        while time.monotonic() < deadline:
            statuses = subprocess.run([sys.executable, "-c", status_code], cwd=ROOT, env=env, capture_output=True,
                                      text=True).stdout.strip()
            if statuses and "analyzing" not in statuses:
                break
            time.sleep(1)
        assert statuses == "awaiting_decision", statuses  # one demo review, analysed
    finally:
        runner.send_signal(signal.SIGINT)
        output, _ = runner.communicate(timeout=60)
    assert "Redpen is running at" in output and "demo / redpen-demo" in output
    assert runner.returncode == 0, output
    # The runner has exited; its children may still be on their way out (a loaded machine takes
    # longer): wait for them, then say who is left.
    deadline = time.monotonic() + 30
    while processes_with_env(marker) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert processes_with_env(marker) == [], "orphans left behind"


def children_of(pid: int) -> list[int]:
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(proc.name))
    return found


def cmdline(pid: int) -> str:
    try:
        return (Path("/proc") / str(pid) / "cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_killing_the_workers_main_process_leaves_no_scheduler_behind(tmp_path):
    """SIGKILL the Celery worker's main process: beat is not its child, so it cannot be orphaned;
    the runner sees the worker die and stops everything it started, beat included."""
    port, redis_port = processes.free_port(), processes.free_port()
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    env.update({"REDPEN_VAR_DIR": str(tmp_path), "REDPEN_REDIS_PORT": str(redis_port), "PORT": str(port)})
    marker = f"REDPEN_VAR_DIR={tmp_path}"
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput"], cwd=ROOT, env=env, check=True,
                   capture_output=True)
    runner = subprocess.Popen([sys.executable, "manage.py", "run_embedded"], cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 60
        status = 0
        while time.monotonic() < deadline and status != 200:
            try:
                status, _ = get(f"http://127.0.0.1:{port}/healthz")
            except OSError:
                status = 0
            time.sleep(0.5)
        assert status == 200
        workers = [pid for pid in children_of(runner.pid) if " worker" in cmdline(pid)]
        assert len(workers) == 1, [cmdline(p) for p in children_of(runner.pid)]
        # Every process of the app, the beat wherever it runs included, before the kill.
        deadline = time.monotonic() + 30
        started = processes_with_env(marker)
        while time.monotonic() < deadline and not any(" beat" in cmdline(p) or "--beat" in cmdline(p)
                                                      for p in started):
            time.sleep(0.5)
            started = processes_with_env(marker)
        assert any(" beat" in cmdline(p) or "--beat" in cmdline(p) for p in started)
        os.kill(workers[0], signal.SIGKILL)
        output, _ = runner.communicate(timeout=60)
    finally:
        if runner.poll() is None:
            runner.send_signal(signal.SIGINT)
            runner.communicate(timeout=60)
    assert "worker process exited" in output, output
    deadline = time.monotonic() + 30  # a loaded machine takes longer to reap them
    while time.monotonic() < deadline and any(alive(p) for p in started):
        time.sleep(0.2)
    assert [cmdline(p) for p in started if alive(p)] == [], "orphans left behind"
