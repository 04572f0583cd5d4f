"""Probes for /healthz: each returns (up, detail) and never raises."""

from __future__ import annotations

import redis
from celery import current_app as app  # config/celery.py's app: config sits above core
from django.conf import settings
from django.db import connection


def database_up() -> tuple[bool, str]:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:
        return False, type(exc).__name__
    return True, connection.vendor


def redis_up(timeout: float = 1.0) -> tuple[bool, str]:
    try:
        client = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=timeout, socket_connect_timeout=timeout)
        client.ping()
    except Exception as exc:
        return False, type(exc).__name__
    return True, "ping"


def worker_up(timeout: float = 1.0) -> tuple[bool, str]:
    try:
        replies = app.control.ping(timeout=timeout)
    except Exception as exc:
        return False, type(exc).__name__
    if not replies:
        return False, "no worker answered"
    return True, f"{len(replies)} worker(s)"
