"""Celery tasks: ids in, work done by the workflow (which is idempotent)."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="review.analyze_review", acks_late=True, reject_on_worker_lost=True)
def analyze_review(job_id: str) -> str:
    from .workflow import analysis_run

    return analysis_run(job_id=job_id)


@shared_task(name="review.revise_recommendation", acks_late=True, reject_on_worker_lost=True)
def revise_recommendation(job_id: str) -> str:
    from .workflow import revision_run

    return revision_run(job_id=job_id)


@shared_task(name="review.reconcile")
def reconcile_task() -> str:
    from .reconcile import reconcile

    return reconcile().summary()


@shared_task(name="review.approval_digests")
def approval_digests_task() -> str:
    from .notifications import approval_digests_send

    report = approval_digests_send()
    return f"{report.mails} digest(s), {report.items} item(s)"


@shared_task(name="review.analysis_finished_mail")
def analysis_finished_mail(review_id: int, paragraphs: int) -> bool:
    from .notifications import analysis_finished_notify

    return analysis_finished_notify(review_id=review_id, paragraphs=paragraphs)


@shared_task(name="review.redact_expired")
def redact_expired_task() -> str:
    from .retention import redact_expired

    return redact_expired().summary()
