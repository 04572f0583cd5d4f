"""Cancelling a review: its own outcome (invariant 5, docs/architecture.md), from analysing or
awaiting decisions. The running analysis stops with it and its open approvals are withdrawn, so
nothing can be approved on a cancelled review (docs/decisions/approvals.md)."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from review.models import AnalysisJob, Approval, ApprovalStatus, JobStatus, Review, ReviewStatus

from .audit import event_append
from .transitions import approval_transition, review_transition


def review_cancel(*, review: Review, actor: User, reason: str = "") -> bool:
    with transaction.atomic():
        lock = review_transition(review_id=review.pk, from_=[ReviewStatus.ANALYZING, ReviewStatus.AWAITING_DECISION],
                                 to=ReviewStatus.CANCELLED, status_message=reason or "Cancelled.")
        if lock is None:
            return False
        AnalysisJob.objects.filter(review=review, status__in=[JobStatus.QUEUED, JobStatus.RUNNING]).update(
            status=JobStatus.FAILED, error="The review was cancelled.", finished_at=timezone.now()
        )
        withdrawn = [pk for pk in Approval.objects.filter(review_id=review.pk, status=ApprovalStatus.OPEN)
                     .values_list("pk", flat=True)
                     if approval_transition(lock=lock, approval_id=pk, to=ApprovalStatus.WITHDRAWN,
                                            decided_at=timezone.now())]
        # No free text in events: they are hash-chained and must survive retention unchanged.
        event_append(review_id=review.pk, kind="review.cancelled", actor=actor, with_reason=bool(reason),
                     withdrawn_approvals=withdrawn, locked=True)
    return True
