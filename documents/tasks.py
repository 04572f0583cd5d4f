"""Celery tasks of the documents app: ids in, the work done by documents/conversions.py (idempotent)."""

from __future__ import annotations

from celery import shared_task

from .conversions import CONVERT, conversion_run


@shared_task(name=CONVERT, acks_late=True, reject_on_worker_lost=True)
def convert_document(conversion_id: str) -> str:
    return conversion_run(conversion_id=conversion_id)
