"""Cancelling a review: its own outcome (invariant 5, docs/architecture.md), from analysing or
awaiting decisions; the running analysis is stopped with it."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from review.models import AnalysisJob, JobStatus, Review, ReviewStatus

from .audit import event_append
from .transitions import review_transition


def review_cancel(*, review: Review, actor: AbstractBaseUser, reason: str = "") -> bool:
    with transaction.atomic():
        lock = review_transition(review_id=review.pk, from_=[ReviewStatus.ANALYZING, ReviewStatus.AWAITING_DECISION],
                                 to=ReviewStatus.CANCELLED, status_message=reason or "Cancelled.")
        if lock is None:
            return False
        AnalysisJob.objects.filter(review=review, status__in=[JobStatus.QUEUED, JobStatus.RUNNING]).update(
            status=JobStatus.FAILED, error="The review was cancelled.", finished_at=timezone.now()
        )
        # No free text in events: they are hash-chained and must survive retention unchanged.
        event_append(review_id=review.pk, kind="review.cancelled", actor=actor, with_reason=bool(reason), locked=True)
    return True
