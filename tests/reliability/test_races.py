"""Operations that race on PostgreSQL (threads, one connection each).

- Two reconcilers at once repair each item exactly once (``skip_locked`` claims, the job's
  compare-and-set on ``redrives``, the review's compare-and-set on its status); a second run is a
  no-op.
- The active-review cap holds when two starts race at cap-1: one admitted, one refused, and
  nothing is enqueued for the refused one.
"""

from __future__ import annotations

import io
import threading
from collections import Counter
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.db import connection, connections, transaction
from django.utils import timezone

from documents.models import DocumentVersion
from documents.services import document_create
from review.models import (
    AnalysisJob,
    Decision,
    DecisionOutcome,
    JobStatus,
    RecommendationStatus,
    Review,
    ReviewEvent,
    ReviewStatus,
)
from review.reconcile import reconcile
from review.workflow import ReviewRefused, event_append, review_start
from tests.review.factories import author_user, contract_docx, decide, make_review, shown
from tests.review.test_concurrency import run_at_once

from .conftest import wait_for

pytestmark = pytest.mark.postgres

STALE_AFTER = 60.0  # seconds; the stale jobs below are ten minutes old


def test_two_reconcilers_at_once_repair_each_item_exactly_once_and_a_second_run_is_a_no_op(broker):
    # Analysis jobs lost ten minutes ago (queued, never sent).
    lost = [make_review(analyse=False) for _ in range(6)]
    job_ids = sorted(str(r.jobs.get().pk) for r in lost)
    AnalysisJob.objects.filter(pk__in=job_ids).update(created_at=timezone.now() - timedelta(minutes=10))
    # Reviews awaiting a decision with nothing pending (decided outside the workflow).
    idle = [make_review() for _ in range(4)]
    for review in idle:
        review.recommendations.update(status=RecommendationStatus.REJECTED)
    idle_ids = sorted(r.pk for r in idle)
    # Decisions recorded as applied whose version is gone (damage done outside the workflow).
    orphans = []
    for _ in range(3):
        review = make_review()
        result = decide(review, shown(review, "payment-terms"), "accept")
        assert result.outcome == DecisionOutcome.APPLIED
        DocumentVersion.objects.filter(decision_id=result.decision_id).update(decision=None)
        orphans.append(result.decision_id)
    assert broker.queued_task_ids() == []

    reports = run_at_once([lambda: reconcile(stale_after=STALE_AFTER)] * 2)
    assert not [r for r in reports if isinstance(r, Exception)], reports

    redriven = Counter(job for report in reports for job in report.redriven)
    assert sorted(redriven) == job_ids and set(redriven.values()) == {1}, redriven
    assert sorted(broker.queued_task_ids()) == job_ids  # each sent to the broker once
    for job in AnalysisJob.objects.filter(pk__in=job_ids):
        assert (job.redrives, job.status) == (1, JobStatus.QUEUED)
        assert job.redriven_at is not None

    completed = Counter(pk for report in reports for pk in report.completed_reviews)
    assert sorted(completed) == idle_ids and set(completed.values()) == {1}, completed
    for review in Review.objects.filter(pk__in=idle_ids):
        assert review.status == ReviewStatus.COMPLETED
        assert ReviewEvent.objects.filter(review=review, kind="review.completed").count() == 1

    broken = Counter(pk for report in reports for pk in report.broken_decisions)
    assert sorted(broken) == sorted(orphans) and set(broken.values()) == {1}, broken
    for decision in Decision.objects.filter(pk__in=orphans).select_related("recommendation"):
        assert decision.outcome == DecisionOutcome.FAILED
        assert decision.recommendation.status == RecommendationStatus.PENDING
        assert ReviewEvent.objects.filter(review_id=decision.review_id,
                                          kind="reconcile.decision_not_applied").count() == 1
    assert all(not report.failed_jobs and not report.enqueue_errors for report in reports)

    # Everything is repaired: two more runs at once change nothing and send nothing.
    again = run_at_once([lambda: reconcile(stale_after=STALE_AFTER)] * 2)
    assert not [r for r in again if isinstance(r, Exception)], again
    assert [r.repairs for r in again] == [0, 0], [r.summary() for r in again]
    assert sorted(broker.queued_task_ids()) == job_ids
    assert set(AnalysisJob.objects.filter(pk__in=job_ids).values_list("redrives", flat=True)) == {1}


def test_the_cap_admits_one_of_two_concurrent_starts_at_cap_minus_one(broker, settings):
    settings.REDPEN_MAX_ACTIVE_REVIEWS = 2
    admitted_jobs = []
    for _round in range(5):  # a race lost once is luck; five times is the lock
        owner = author_user()
        first = make_review(owner)  # one active review: the cap minus one
        assert first.status == ReviewStatus.AWAITING_DECISION
        documents = [document_create(owner=owner, team=None, filename=f"c{i}.docx", data=contract_docx())
                     for i in range(2)]
        results = run_at_once([
            (lambda d=d, owner=owner, version=first.playbook_version:
             review_start(owner=owner, document=d, playbook_version=version))
            for d in documents
        ])
        admitted = [r for r in results if isinstance(r, Review)]
        refused = [r for r in results if isinstance(r, ReviewRefused)]
        assert (len(admitted), len(refused)) == (1, 1), results
        assert "the most allowed is 2" in str(refused[0])
        # The refused start wrote nothing: no review, no job, no event.
        assert Review.objects.filter(owner=owner).count() == 2
        assert AnalysisJob.objects.filter(review__owner=owner).count() == 2
        assert ReviewEvent.objects.filter(review__owner=owner, kind="review.started").count() == 2
        admitted_jobs.append(str(admitted[0].jobs.get().pk))
    # Only the admitted reviews' analyses reached the broker (make_review's own are not sent).
    assert sorted(broker.queued_task_ids()) == sorted(admitted_jobs)


def test_an_event_appended_without_the_review_lock_waits_for_a_decision_holding_it_instead_of_deadlocking():
    """Found by the soak (a 500 from a stale click racing an accept on the same review):
    ``event_append`` inserted the event and then updated the review's audit head, while a
    decision takes the review row first (its compare-and-set) and then appends its event. Two
    such transactions waited for each other and PostgreSQL aborted one ("deadlock detected")."""
    from django.db.models import F

    review = make_review()
    holding, release = threading.Event(), threading.Event()
    errors: list[BaseException] = []

    def decision() -> None:  # what _guarded does: the review's compare-and-set, then its events
        try:
            with transaction.atomic():
                Review.objects.filter(pk=review.pk).update(revision=F("revision") + 1)
                holding.set()
                release.wait(10)
                event_append(review_id=review.pk, kind="decision.applied")
        except BaseException as exc:
            errors.append(exc)
        finally:
            connections.close_all()

    def stale_click() -> None:  # what _record does for a stale decision: no review lock first
        try:
            holding.wait(10)
            with transaction.atomic():
                event_append(review_id=review.pk, kind="decision.stale")
        except BaseException as exc:
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=decision), threading.Thread(target=stale_click)]
    for thread in threads:
        thread.start()
    try:
        # The stale click is blocked by the decision's row lock (before or after its insert).
        with connection.cursor() as cursor:
            def blocked() -> bool:
                cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                               "AND wait_event_type = 'Lock'")
                return cursor.fetchone()[0] >= 1
            wait_for(blocked, timeout=10, message="the second transaction never waited for the first")
    finally:
        release.set()
        for thread in threads:
            thread.join(timeout=30)
    assert not errors, errors
    kinds = list(ReviewEvent.objects.filter(review=review).order_by("seq").values_list("kind", flat=True))
    assert kinds[-2:] == ["decision.applied", "decision.stale"]
    call_command("audit_verify", review=review.pk, stdout=io.StringIO(), stderr=io.StringIO())
