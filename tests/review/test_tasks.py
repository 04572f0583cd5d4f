"""The analysis as a real Celery task on a real worker process and Redis."""

from __future__ import annotations

import time

import pytest

from review.models import JobStatus, ReviewStatus
from review.workflow import review_start
from tests.review.factories import make_review

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def wait_for(predicate, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.1)
    raise AssertionError("condition not met in time")


def test_review_start_enqueues_on_commit_and_a_real_worker_suspends_the_review(celery_worker):
    draft = make_review(analyse=False)
    review = review_start(owner=draft.owner, document=draft.document, playbook_version=draft.playbook_version)
    job = review.jobs.get()

    def done() -> bool:
        review.refresh_from_db()
        return review.status != ReviewStatus.ANALYZING

    wait_for(done)
    assert review.status == ReviewStatus.AWAITING_DECISION, celery_worker.log()
    job.refresh_from_db()
    assert job.status == JobStatus.SUCCEEDED and job.progress == 100 and job.attempts == 1
    assert review.recommendations.count() == 3


def test_the_same_task_delivered_twice_creates_the_recommendations_once(celery_worker):
    from review.tasks import analyze_review

    review = make_review(analyse=False)
    job_id = str(review.jobs.get().pk)
    first = analyze_review.apply_async(args=[job_id], task_id=job_id)
    second = analyze_review.apply_async(args=[job_id], task_id=job_id)
    results = {first.get(timeout=30), second.get(timeout=30)}
    assert "stored" in results or "nothing to do" in results
    assert review.recommendations.count() == 3
    assert review.rule_outcomes.count() == 5
