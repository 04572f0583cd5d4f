"""The reconciler (docs/architecture.md, "Jobs and the reconciler"): finds work the happy path
lost and repairs each item once. Run by Celery beat and by ``manage.py reconcile``; safe to run twice at once.

It trusts only the review record, never Celery's result state:
- analysis jobs queued or running for longer than ``REDPEN_JOB_STALE_SECONDS`` are sent to the
  broker again (the task is idempotent; its attempt counter turns a poison job into a failed
  review);
- round jobs (their returned draft, review/workflow/round_intake.py) likewise;
- conversions (documents/conversions.py) queued or running past their stale limit are sent
  again (their claim counts attempts and kills what a dead worker's converter left running);
- reviews awaiting a decision with nothing pending are completed;
- a decision recorded as applied without its version is reported and marked failed (the
  workflow writes both in one transaction, so this only finds damage done outside it).

Each repair claims its row with a compare-and-set (and ``skip_locked`` where the database has
it), so two reconcilers never repair the same item twice.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import timedelta

from django.conf import settings
from django.db import connection, transaction
from django.db.models import F, Q
from django.utils import timezone

from documents.conversions import conversions_redrive

from .models import (
    RECOMMENDATION_OPEN,
    AnalysisJob,
    Approval,
    ApprovalStatus,
    Decision,
    DecisionOutcome,
    JobStatus,
    Recommendation,
    RecommendationStatus,
    Review,
    ReviewStatus,
    RevisionJob,
)
from .workflow import jobs
from .workflow.analysis import analysis_fail
from .workflow.audit import event_append
from .workflow.locks import lock_review
from .workflow.round_intake import rounds_redrive
from .workflow.transitions import review_complete_if_done, review_transition

log = logging.getLogger(__name__)


@dataclass
class ReconcileReport:
    redriven: list[str] = field(default_factory=list)
    redriven_conversions: list[str] = field(default_factory=list)
    failed_jobs: list[str] = field(default_factory=list)
    completed_reviews: list[int] = field(default_factory=list)
    broken_decisions: list[int] = field(default_factory=list)
    enqueue_errors: list[str] = field(default_factory=list)
    # Reported, not repaired: only a person can approve (docs/decisions/approvals.md).
    stuck_approvals: list[int] = field(default_factory=list)

    @property
    def repairs(self) -> int:
        return (len(self.redriven) + len(self.redriven_conversions) + len(self.failed_jobs)
                + len(self.completed_reviews) + len(self.broken_decisions))

    def summary(self) -> str:
        return (
            f"re-driven {len(self.redriven)} analysis job(s) and {len(self.redriven_conversions)} conversion(s), "
            f"failed {len(self.failed_jobs)} poison job(s), "
            f"completed {len(self.completed_reviews)} review(s), found {len(self.broken_decisions)} decision(s) "
            f"recorded but not applied"
            + (f"; {len(self.enqueue_errors)} could not be enqueued (broker down?)" if self.enqueue_errors else "")
            + (f"; {len(self.stuck_approvals)} approval(s) open longer than {settings.REDPEN_APPROVAL_STUCK_HOURS} h"
               if self.stuck_approvals else "")
        )


def _claimable(queryset):  # type: ignore[no-untyped-def]
    if connection.features.has_select_for_update_skip_locked:
        return queryset.select_for_update(skip_locked=True)
    return queryset


def reconcile(*, stale_after: float | None = None, max_attempts: int | None = None) -> ReconcileReport:
    report = ReconcileReport()
    now = timezone.now()
    stale = timedelta(seconds=stale_after if stale_after is not None else settings.REDPEN_JOB_STALE_SECONDS)
    attempts = max_attempts if max_attempts is not None else settings.REDPEN_ANALYSIS_MAX_ATTEMPTS
    cutoff = now - stale

    candidates = AnalysisJob.objects.filter(
        Q(status=JobStatus.QUEUED, created_at__lt=cutoff) | Q(status=JobStatus.RUNNING, started_at__lt=cutoff),
        Q(redriven_at__isnull=True) | Q(redriven_at__lt=cutoff),
        review__status=ReviewStatus.ANALYZING,
    ).values_list("pk", "attempts", "review_id")
    for job_id, job_attempts, review_id in list(candidates[:200]):
        with transaction.atomic():
            claimed = _claimable(AnalysisJob.objects.filter(pk=job_id)).filter(
                Q(redriven_at__isnull=True) | Q(redriven_at__lt=cutoff),
                status__in=[JobStatus.QUEUED, JobStatus.RUNNING],
            ).first()
            if claimed is None:
                continue
            won = AnalysisJob.objects.filter(pk=job_id, redrives=claimed.redrives).update(
                redriven_at=now, redrives=F("redrives") + 1
            )
            if not won:
                continue
        if job_attempts >= attempts:
            analysis_fail(job_id=job_id, reason=f"The analysis did not finish after {job_attempts} attempts; "
                                                "it was stopped. An admin can re-run it.")
            event_append(review_id=review_id, kind="reconcile.job_failed", job=str(job_id), attempts=job_attempts)
            report.failed_jobs.append(str(job_id))
            continue
        try:
            jobs.enqueue(jobs.ANALYZE, [str(job_id)], task_id=str(job_id))
        except Exception as exc:  # broker down: the row stays as it is for the next round
            AnalysisJob.objects.filter(pk=job_id).update(redriven_at=None)
            report.enqueue_errors.append(f"{job_id}: {exc}")
            continue
        event_append(review_id=review_id, kind="reconcile.redrive", job=str(job_id))
        report.redriven.append(str(job_id))

    stuck = RevisionJob.objects.filter(
        Q(redriven_at__isnull=True) | Q(redriven_at__lt=cutoff),
        status__in=[JobStatus.QUEUED, JobStatus.RUNNING], created_at__lt=cutoff,
    ).values_list("pk", "attempts")
    for job_id, job_attempts in list(stuck[:200]):
        won = RevisionJob.objects.filter(pk=job_id, status__in=[JobStatus.QUEUED, JobStatus.RUNNING]).filter(
            Q(redriven_at__isnull=True) | Q(redriven_at__lt=cutoff)
        ).update(redriven_at=now)
        if not won:
            continue
        if job_attempts >= attempts:
            RevisionJob.objects.filter(pk=job_id).update(
                status=JobStatus.FAILED, finished_at=now,
                message="The revision did not finish; ask again.",
            )
            report.failed_jobs.append(str(job_id))
            continue
        try:
            jobs.enqueue(jobs.REVISE, [str(job_id)], task_id=str(job_id))
        except Exception as exc:
            RevisionJob.objects.filter(pk=job_id).update(redriven_at=None)
            report.enqueue_errors.append(f"{job_id}: {exc}")
            continue
        report.redriven.append(str(job_id))

    redriven, errors = rounds_redrive(cutoff=cutoff, now=now)
    report.redriven += redriven
    conversions, conversion_errors = conversions_redrive(stale_after=stale_after)
    report.redriven_conversions += conversions
    report.enqueue_errors += conversion_errors
    report.enqueue_errors += errors

    idle = Review.objects.filter(status=ReviewStatus.AWAITING_DECISION).exclude(
        recommendations__status__in=list(RECOMMENDATION_OPEN)
    ).values_list("pk", flat=True)
    for review_id in list(idle[:200]):
        with transaction.atomic():
            if review_complete_if_done(lock_review(review_id)):
                event_append(review_id=review_id, kind="reconcile.review_completed", locked=True)
                report.completed_reviews.append(review_id)

    orphans = Decision.objects.filter(outcome=DecisionOutcome.APPLIED, version__isnull=True).values_list(
        "pk", "review_id", "recommendation_id"
    )
    for decision_id, review_id, rec_id in list(orphans[:200]):
        with transaction.atomic():
            lock = lock_review(review_id)
            marked = Decision.objects.filter(pk=decision_id, outcome=DecisionOutcome.APPLIED).update(
                outcome=DecisionOutcome.FAILED,
                message="Recorded as applied but no version exists: the recommendation is pending again.",
            )
            if not marked:
                continue
            Recommendation.objects.filter(pk=rec_id, status=RecommendationStatus.ACCEPTED).update(
                status=RecommendationStatus.PENDING, message="An earlier acceptance was not applied; decide again."
            )
            review_transition(review_id=lock.review_id, from_=[ReviewStatus.COMPLETED],
                              to=ReviewStatus.AWAITING_DECISION, completed_at=None)
            event_append(review_id=review_id, kind="reconcile.decision_not_applied", decision=decision_id,
                         locked=True)
        report.broken_decisions.append(decision_id)

    stuck_before = now - timedelta(hours=settings.REDPEN_APPROVAL_STUCK_HOURS)
    report.stuck_approvals = list(
        Approval.objects.filter(status=ApprovalStatus.OPEN, created_at__lt=stuck_before)
        .order_by("created_at").values_list("pk", flat=True)[:500]
    )
    if report.repairs or report.stuck_approvals:
        log.warning("reconciler: %s", report.summary())
    return report
