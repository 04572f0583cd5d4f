"""Start the embedded Redpen: bundled Redis, a Celery worker and gunicorn, until Ctrl-C."""

from __future__ import annotations

import os
import signal
import sys
import time
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand

from core import processes
from core.demo import DEMO_PASSWORD, DEMO_USERNAME


class Command(BaseCommand):
    help = "Run web server, Celery worker and (unless REDIS_URL is set) the embedded Redis."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
        parser.add_argument("--web-workers", type=int, default=2)
        parser.add_argument("--seed", action="store_true", help="seed the demo once Redis is up")

    def handle(self, *args: Any, port: int, web_workers: int, seed: bool, **options: Any) -> None:
        children: list[tuple[str, Any]] = []
        stopping = False

        def shutdown(*_: Any) -> None:
            nonlocal stopping
            if stopping:
                return
            stopping = True
            self.stdout.write("\nStopping Redpen…")
            # Web first (no new work), then the worker (finishes or requeues), then Redis.
            for _name, child in reversed(children):
                processes.stop(child)
            self.stdout.write("Stopped.")
            sys.exit(0)

        signal.signal(signal.SIGINT, shutdown)
        signal.signal(signal.SIGTERM, shutdown)

        env = dict(os.environ)
        if not os.environ.get("REDIS_URL"):
            redis_port = settings.EMBEDDED_REDIS_PORT
            children.append(("redis", processes.start_redis(redis_port, settings.VAR_DIR / "redis",
                                                            log=self._log("redis"))))
        if seed:
            # After Redis, so the demo review's analysis is enqueued straight away. By name: the
            # command is review's (review/management/commands/seed_demo.py), above core.
            call_command("seed_demo", stdout=self.stdout)
        # One worker and one beat (the reconciler's schedule), each a child of this process: if
        # either dies, everything stops (no orphaned scheduler beside a new one).
        children.append(("worker", processes.start_worker(env, concurrency=2, log=self._log("worker"),
                                                           cwd=settings.BASE_DIR)))
        children.append(("beat", processes.start_beat(env, schedule=settings.VAR_DIR / "celerybeat-schedule",
                                                       log=self._log("beat"), cwd=settings.BASE_DIR)))
        children.append(
            (
                "web",
                processes.spawn(
                    [
                        sys.executable, "-m", "gunicorn", "config.wsgi:application",
                        "--bind", f"127.0.0.1:{port}", "--workers", str(web_workers), "--threads", "4",
                        "--access-logfile", "-",
                    ],
                    env=env,
                    cwd=settings.BASE_DIR,
                    stdout=self._log("web"),
                    stderr=self._log("web"),
                ),
            )
        )
        processes.wait_for_port(port, timeout=30)
        self.stdout.write(self.style.SUCCESS(f"\nRedpen is running at http://127.0.0.1:{port}/"))
        self.stdout.write(f"Log in as {DEMO_USERNAME} / {DEMO_PASSWORD}")
        self.stdout.write(f"Logs: {settings.VAR_DIR / 'log'}   Health: http://127.0.0.1:{port}/healthz")
        self.stdout.write("Press Ctrl-C to stop.\n")
        while True:
            for name, child in children:
                if child.poll() is not None:
                    self.stderr.write(f"The {name} process exited ({child.returncode}); see var/log/{name}.log.")
                    shutdown()
            time.sleep(0.5)

    def _log(self, name: str) -> int:
        log_dir = settings.VAR_DIR / "log"
        log_dir.mkdir(parents=True, exist_ok=True)
        return os.open(log_dir / f"{name}.log", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
