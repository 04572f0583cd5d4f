"""Handing work to Celery, by task name: the workflow never imports review/tasks.py (only the
Celery app does, through autodiscovery), so tasks and workflow cannot import each other.

Every job is a database row first (its id is the task id); the broker only carries the
reminder. So an enqueue that fails or times out loses nothing: the row stays queued and the
reconciler (review/reconcile.py) sends it again. See docs/architecture.md, "Jobs".
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Iterator, Sequence
from typing import Any

from django.db import transaction

log = logging.getLogger(__name__)

ANALYZE = "review.analyze_review"
REVISE = "review.revise_recommendation"
ROUND = "review.compare_round"
ANALYSIS_FINISHED_MAIL = "review.analysis_finished_mail"

# The most a request (or the reconciler) waits for the broker: one attempt, no publish retries,
# this timeout on connecting and on every socket read and write. A broker that is frozen (it
# accepts connections and never answers) costs the request this long, not minutes.
BROKER_TIMEOUT_S = 1.0


_local = threading.local()


@contextlib.contextmanager
def in_process() -> Iterator[None]:
    """Run every task enqueued inside the block in this process, at once, instead of sending
    it: the headless commands use it, so they never wait on a broker that may not be there."""
    previous = getattr(_local, "in_process", False)
    _local.in_process = True
    try:
        yield
    finally:
        _local.in_process = previous


def _runs_here() -> bool:
    from celery import current_app

    return bool(getattr(_local, "in_process", False) or current_app.conf.task_always_eager)


def enqueue(name: str, args: Sequence[Any], *, task_id: str | None = None) -> None:
    """Send a task by name now (or run it here, see ``in_process``). Raises what the broker
    raises; callers on a request path use ``enqueue_on_commit``, which never lets a broker
    error reach the user."""
    from celery import current_app

    if _runs_here():
        # By name through Celery's registry (autodiscovery imports review/tasks.py once).
        if name not in current_app.tasks:
            current_app.loader.import_default_modules()
        current_app.tasks[name].apply(args=list(args), task_id=task_id, throw=True)
        return
    options = {"socket_timeout": BROKER_TIMEOUT_S, "socket_connect_timeout": BROKER_TIMEOUT_S}
    with current_app.connection_for_write(connect_timeout=BROKER_TIMEOUT_S, transport_options=options) as connection:
        producer = current_app.amqp.Producer(connection, auto_declare=False)
        current_app.send_task(name, args=list(args), task_id=task_id, ignore_result=True, producer=producer,
                              retry=False)


def enqueue_on_commit(name: str, args: Sequence[Any], *, task_id: str | None = None) -> None:
    """Send the task once the current transaction commits; a broker that is down is logged and
    the job row is left for the reconciler."""
    def send() -> None:
        try:
            enqueue(name, args, task_id=task_id)
        except Exception:
            # A job with a row (task_id) is sent again by the reconciler; a mail is lost.
            log.warning("could not enqueue %s %s", name, task_id or "", exc_info=True)

    transaction.on_commit(send)
