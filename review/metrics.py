"""The review app's Prometheus figures (core/metrics.py renders them; review/apps.py registers
``review_metrics`` as a collector). Every figure is an aggregate over the review record."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import Count, Min, Q, QuerySet, Sum
from django.utils import timezone

from core.metrics import Metric, format_value

from .models import (
    AnalysisJob,
    Approval,
    ApprovalStatus,
    Decision,
    DecisionOutcome,
    JobStatus,
    Recommendation,
    RecommendationStatus,
    Review,
    ReviewEvent,
    ReviewStatus,
)

# Analysis times run from a fraction of a second (a short NDA) to minutes (a long contract
# with an LLM fallback); the task time limit is 600 s.
DURATION_BUCKETS: tuple[float, ...] = (0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0, 300.0, 600.0)

# The reconciler's audit events (review/reconcile.py writes ``reconcile.<kind>``). The known ones
# are always exported, at 0 if need be, so that alert rules have a series to look at.
RECONCILE_PREFIX = "reconcile."
RECONCILE_KINDS = ("redrive", "job_failed", "review_completed", "decision_not_applied")


def count_by(queryset: QuerySet[Any], field_name: str, choices: Iterable[str]) -> dict[str, int]:
    """Row counts per value of ``field_name``; every known choice is present (0 if none), and
    values that are not choices (data written by an older release) are kept too."""
    counts = {choice: 0 for choice in choices}
    for row in queryset.order_by().values(field_name).annotate(n=Count("pk")):
        counts[str(row[field_name])] = row["n"]
    return counts


def review_metrics() -> list[Metric]:
    now = timezone.now()
    metrics: list[Metric] = []

    decisions = Metric("redpen_decisions_total", "counter", "Decisions recorded, by outcome.")
    for outcome, n in count_by(Decision.objects.all(), "outcome", DecisionOutcome.values).items():
        decisions.add(n, outcome=outcome)
    metrics.append(decisions)

    duplicates = Decision.objects.aggregate(n=Sum("duplicate_count"))["n"] or 0
    metrics.append(Metric("redpen_duplicate_decisions_total", "counter",
                          "Retried decision requests answered with the decision already recorded.").add(duplicates))
    stale = Decision.objects.filter(outcome=DecisionOutcome.STALE).count()
    metrics.append(Metric("redpen_stale_decisions_total", "counter",
                          "Decisions refused because the review had changed (another tab, an old page).").add(stale))

    # The histogram in one query: a conditional count per bucket (cumulative, as Prometheus wants).
    succeeded = AnalysisJob.objects.filter(status=JobStatus.SUCCEEDED, duration_s__isnull=False)
    aggregates = {f"le{i}": Count("pk", filter=Q(duration_s__lte=bound)) for i, bound in enumerate(DURATION_BUCKETS)}
    row = succeeded.aggregate(count=Count("pk"), sum=Sum("duration_s"), **aggregates)
    histogram = Metric("redpen_analysis_duration_seconds", "histogram", "Duration of successful analyses.")
    for i, bound in enumerate(DURATION_BUCKETS):
        histogram.add(row[f"le{i}"], "_bucket", le=format_value(bound))
    histogram.add(row["count"], "_bucket", le="+Inf")
    histogram.add(float(row["sum"] or 0.0), "_sum")
    histogram.add(row["count"], "_count")
    metrics.append(histogram)

    jobs = Metric("redpen_analysis_jobs", "gauge", "Analysis jobs, by status.")
    for status, n in count_by(AnalysisJob.objects.all(), "status", JobStatus.values).items():
        jobs.add(n, status=status)
    metrics.append(jobs)

    reviews = Metric("redpen_reviews", "gauge", "Reviews, by status.")
    for status, n in count_by(Review.objects.all(), "status", ReviewStatus.values).items():
        reviews.add(n, status=status)
    metrics.append(reviews)

    # Only reviews awaiting a decision: a cancelled or failed review may keep pending rows that
    # nobody is expected to decide.
    pending = Recommendation.objects.filter(
        status=RecommendationStatus.PENDING, review__status=ReviewStatus.AWAITING_DECISION
    ).aggregate(n=Count("pk"), oldest=Min("updated_at"))
    metrics.append(Metric("redpen_pending_recommendations", "gauge",
                          "Recommendations waiting for a lawyer in reviews awaiting a decision.").add(pending["n"]))
    # Recommendation.updated_at: when the recommendation was made or last changed (a revision, a
    # re-anchoring), i.e. how long the lawyer's next step has been waiting. Not the review's
    # created_at, which would count the analysis time and every earlier decision too.
    oldest = (now - pending["oldest"]).total_seconds() if pending["oldest"] else 0.0
    metrics.append(Metric("redpen_oldest_pending_seconds", "gauge",
                          "Age of the oldest pending recommendation of a review awaiting a decision "
                          "(since it was made or last revised); 0 when none.").add(max(oldest, 0.0)))

    redrives = AnalysisJob.objects.aggregate(n=Sum("redrives"))["n"] or 0
    metrics.append(Metric("redpen_reconciler_redrives_total", "counter",
                          "Analysis jobs sent to the broker again by the reconciler.").add(redrives))
    repairs = Metric("redpen_reconciler_repairs_total", "counter", "Repairs made by the reconciler, by kind.")
    found = {kind: 0 for kind in RECONCILE_KINDS}
    for event in (ReviewEvent.objects.filter(kind__startswith=RECONCILE_PREFIX).order_by()
                  .values("kind").annotate(n=Count("pk"))):
        found[event["kind"].removeprefix(RECONCILE_PREFIX)] = event["n"]
    for kind, n in found.items():
        repairs.add(n, kind=kind)
    metrics.append(repairs)

    # Approvals (docs/decisions/approvals.md): decisions waiting for a second person.
    approvals = Approval.objects.filter(status=ApprovalStatus.OPEN).aggregate(n=Count("pk"), oldest=Min("created_at"))
    metrics.append(Metric("redpen_open_approvals", "gauge", "Decisions waiting for an approver.").add(approvals["n"]))
    age = (now - approvals["oldest"]).total_seconds() if approvals["oldest"] else 0.0
    metrics.append(Metric("redpen_oldest_open_approval_seconds", "gauge",
                          "Age of the oldest open approval; 0 when none.").add(max(age, 0.0)))
    return metrics
