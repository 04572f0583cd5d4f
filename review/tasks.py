"""Celery tasks: ids in, work done by the workflow (which is idempotent).

Only Celery imports this module (autodiscovery); the workflow sends these tasks by name
(review/workflow/jobs.py), so tasks and workflow never import each other.
"""

from __future__ import annotations

from celery import shared_task

from .notifications import analysis_finished_notify, approval_digests_send
from .reconcile import reconcile
from .retention import redact_expired
from .workflow import analysis_run, jobs, revision_run, round_run


@shared_task(name=jobs.ANALYZE, acks_late=True, reject_on_worker_lost=True)
def analyze_review(job_id: str) -> str:
    return analysis_run(job_id=job_id)


@shared_task(name=jobs.REVISE, acks_late=True, reject_on_worker_lost=True)
def revise_recommendation(job_id: str) -> str:
    return revision_run(job_id=job_id)


@shared_task(name=jobs.ROUND, acks_late=True, reject_on_worker_lost=True)
def compare_round(job_id: str) -> str:
    return round_run(job_id=job_id)


@shared_task(name="review.reconcile")
def reconcile_task() -> str:
    return reconcile().summary()


@shared_task(name="review.approval_digests")
def approval_digests_task() -> str:
    report = approval_digests_send()
    return f"{report.mails} digest(s), {report.items} item(s)"


@shared_task(name=jobs.ANALYSIS_FINISHED_MAIL)
def analysis_finished_mail(review_id: int, paragraphs: int) -> bool:
    return analysis_finished_notify(review_id=review_id, paragraphs=paragraphs)


@shared_task(name="review.redact_expired")
def redact_expired_task() -> str:
    return redact_expired().summary()
