"""Real parts for the fault tests: a Redis this package can stop and start again on the
same port, Celery worker processes with fault-injection environment and a chosen concurrency, and
a gunicorn server on the test database.

The Celery app of the test process is pointed at this package's Redis for the package's lifetime
(and back afterwards): its connection pools are bound to a URL when first used, so they are
dropped whenever the URL changes.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import redis as redis_client
from django.conf import settings

from core import processes
from tests.conftest import ROOT, database_url_for_subprocess, wait_for_worker, worker_env

TASK = "review.analyze_review"


def wait_for(predicate: Callable[[], object], timeout: float = 30.0, interval: float = 0.05,
             message: str | Callable[[], str] = "condition not met in time") -> object:
    """Poll until ``predicate`` returns something truthy; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(message() if callable(message) else message)
        time.sleep(interval)


# ------------------------------------------------------------------------------------------
# Redis


def _point_celery_at(url: str) -> None:
    from config.celery import app

    app.conf.broker_url = url
    app.conf.result_backend = url
    settings.REDIS_URL = url
    # Dropped, not closed: whoever still holds one (a result, a producer) keeps a working object.
    app._pool = None
    amqp = app.__dict__.get("amqp")
    if amqp is not None:
        amqp._producer_pool = None
    control = app.__dict__.get("control")
    if control is not None:  # the broadcast mailbox (ping, inspect) caches the producer pool
        control.mailbox.__dict__.pop("producer_pool", None)
    app._backend_cache = None
    if hasattr(app._local, "backend"):
        del app._local.backend


class RestartableRedis:
    """redis-server on a port fixed for its lifetime, with an append-only file, so it can be
    stopped (the broker is down) and started again on the same address with its data."""

    def __init__(self, data_dir: Path) -> None:
        self.port = processes.free_port()
        self.data_dir = data_dir
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        if self.process is None or self.process.poll() is not None:
            self.process = processes.start_redis(self.port, self.data_dir, log=subprocess.DEVNULL)

    def stop(self) -> None:
        if self.process is not None:
            processes.stop(self.process)
            self.process = None

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def client(self) -> redis_client.Redis:
        return redis_client.Redis.from_url(self.url, socket_timeout=5)

    # What is in the broker, read with Redis commands (kombu's layout: a list per queue, the
    # messages delivered but not acknowledged in the "unacked" hash).
    def queued_task_ids(self, queue: str = "celery") -> list[str]:
        return [json.loads(raw)["headers"]["id"] for raw in self.client().lrange(queue, 0, -1)]

    def unacked_task_ids(self) -> list[str]:
        return [json.loads(raw)[0]["headers"]["id"] for raw in self.client().hvals("unacked")]

    def expire_visibility_timeout(self) -> None:
        """What Redis does to unacknowledged messages once the visibility timeout (1 h) is over:
        kombu's own restore, with the timeout set to zero."""
        from kombu import Connection

        with Connection(self.url, transport_options={"visibility_timeout": 0}) as connection:
            connection.default_channel.qos.restore_visible(num=1000)


@pytest.fixture(scope="package")
def reliability_redis(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RestartableRedis]:
    from config.celery import app

    server = RestartableRedis(tmp_path_factory.mktemp("reliability-redis"))
    server.start()
    previous = (app.conf.broker_url, settings.REDIS_URL)
    _point_celery_at(server.url)
    try:
        yield server
    finally:
        _point_celery_at(previous[0])
        settings.REDIS_URL = previous[1]
        server.stop()


@pytest.fixture
def broker(reliability_redis: RestartableRedis) -> RestartableRedis:
    """This package's Redis, running and empty (a test that stopped it gets it back)."""
    reliability_redis.start()
    reliability_redis.client().flushall()
    return reliability_redis


@pytest.fixture
def redis_url(broker: RestartableRedis) -> str:  # the root fixtures' name, for this package
    return broker.url


# ------------------------------------------------------------------------------------------
# Celery workers


def _children(pid: int) -> list[int]:
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            stat = (proc / "stat").read_text()
        except OSError:
            continue
        # pid (comm) state ppid ...: comm may contain spaces, so split after the last ')'.
        fields = stat.rsplit(")", 1)[1].split()
        if int(fields[1]) == pid:
            found.append(int(proc.name))
    return found


class Worker:
    """A ``celery worker`` process (prefork) on this package's Redis and the test database."""

    def __init__(self, redis_url: str, log_path: Path, *, concurrency: int = 1,
                 env: dict[str, str] | None = None) -> None:
        self.redis_url = redis_url
        self.log_path = log_path
        self.concurrency = concurrency
        self.extra_env = env or {}
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 30.0) -> None:
        env = worker_env(self.redis_url)
        env.pop("REDPEN_FAULTS", None)
        env.update(self.extra_env)
        log = os.open(self.log_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        try:
            self.process = processes.start_worker(env, concurrency=self.concurrency, log=log, cwd=ROOT)
        finally:
            os.close(log)
        wait_for_worker(timeout)
        # The pool is forked after the main process answers; wait until it is complete.
        wait_for(lambda: len(self.pool_children()) >= self.concurrency, timeout=timeout,
                 message=lambda: f"the worker's pool did not start:\n{self.log()}")

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def pool_children(self) -> list[int]:
        return _children(self.pid) if self.alive() else []

    def kill_pool_child(self) -> int:
        """SIGKILL the pool process running the task (concurrency 1: the only one)."""
        children = self.pool_children()
        assert len(children) == 1, children
        os.kill(children[0], signal.SIGKILL)
        return children[0]

    def kill_all(self) -> None:
        """SIGKILL the main process and its pool at once (the whole process group), like a
        machine or container that dies: nothing is acknowledged or rejected."""
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)
        self.process = None

    def stop(self) -> None:
        if self.process is not None:
            processes.stop(self.process, timeout=15)
            self.process = None

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def task_results(self, task_id: str) -> list[str]:
        """The return values the worker logged for a task id, in order."""
        marker = f"{TASK}[{task_id}] succeeded in "
        results = []
        for line in self.log().splitlines():
            _, found, rest = line.partition(marker)
            if found:
                results.append(rest.split("s: ", 1)[1].strip().strip("'\""))
        return results


@pytest.fixture
def start_worker(broker: RestartableRedis, tmp_path: Path, django_db_setup: None,
                 transactional_db: None) -> Iterator[Callable[..., Worker]]:
    """Start real workers (``start_worker(concurrency=2, env={"REDPEN_FAULTS": ...})``); every one
    is stopped before the test database is flushed. They log to one file per test."""
    started: list[Worker] = []

    def start(*, concurrency: int = 1, env: dict[str, str] | None = None) -> Worker:
        worker = Worker(broker.url, tmp_path / f"worker-{len(started) + 1}.log", concurrency=concurrency, env=env)
        started.append(worker)
        worker.start()
        return worker

    try:
        yield start
    finally:
        for worker in started:
            worker.stop()


# ------------------------------------------------------------------------------------------
# gunicorn


class WebServer:
    def __init__(self, process: subprocess.Popen[bytes], port: int, log_path: Path) -> None:
        self.process = process
        self.port = port
        self.log_path = log_path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


@pytest.fixture
def gunicorn_server(broker: RestartableRedis, tmp_path: Path, django_db_setup: None,
                    transactional_db: None) -> Iterator[WebServer]:
    """gunicorn with 2 worker processes (4 threads each), as `make run` starts it, on the test
    database and this package's Redis; loopback only."""
    port = processes.free_port()
    log_path = tmp_path / "gunicorn.log"
    env = worker_env(broker.url)
    env["DATABASE_URL"] = database_url_for_subprocess()
    log = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    try:
        process = processes.spawn(
            [sys.executable, "-m", "gunicorn", "config.wsgi:application", "--bind", f"127.0.0.1:{port}",
             "--workers", "2", "--threads", "4", "--timeout", "60", "--access-logfile", "-"],
            env=env, cwd=ROOT, stdout=log, stderr=log,
        )
    finally:
        os.close(log)
    server = WebServer(process, port, log_path)
    try:
        processes.wait_for_port(port, timeout=30)
        yield server
    finally:
        processes.stop(process, timeout=15)
