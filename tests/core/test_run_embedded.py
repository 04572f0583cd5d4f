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
    time.sleep(0.5)
    assert processes_with_env(marker) == [], "orphans left behind"
