"""The analysis survives real faults of real parts.

Real Redis, real ``celery worker`` processes (prefork) on the test database, faults injected with
``REDPEN_FAULTS`` in the worker's environment only (review/workflow/analysis.py ``fault_point``). Each
test checks the review record, the only truth (the reconciler never trusts Celery's state):
recommendations, rule outcomes and proposals exist exactly once, and the job row counts attempts.
"""

from __future__ import annotations

import time

import pytest

from config.celery import app
from documents.services import document_create
from playbooks.services import playbook_upload
from review.models import AnalysisJob, JobStatus, Proposal, Review, ReviewEvent, ReviewStatus
from review.reconcile import reconcile
from review.tasks import analyze_review
from review.workflow import review_start
from tests.review.factories import PLAYBOOK_YAML, author_user, contract_docx, make_review

from .conftest import TASK, wait_for

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

# The factories' contract against their playbook (tests/review/test_tasks.py says the same).
RECOMMENDATIONS, RULE_OUTCOMES = 3, 5


def send(job_id: str) -> None:
    """What review_start's on_commit and the reconciler send: ids only, the job id as task id."""
    analyze_review.apply_async(args=[job_id], task_id=job_id)


def job(job_id: str) -> AnalysisJob:
    return AnalysisJob.objects.get(pk=job_id)


def assert_stored_once(review: Review) -> None:
    review.refresh_from_db()
    assert review.status == ReviewStatus.AWAITING_DECISION, review.status_message
    assert review.recommendations.count() == RECOMMENDATIONS
    assert review.rule_outcomes.count() == RULE_OUTCOMES
    assert Proposal.objects.filter(recommendation__review=review).count() == RECOMMENDATIONS
    assert ReviewEvent.objects.filter(review=review, kind="analysis.finished").count() == 1


def test_a_pool_process_killed_mid_analysis_is_redelivered_and_stores_once(start_worker, broker):
    # The sleep is the window in which the kill must land: long enough that a loaded machine
    # (CI's two cores, the suite's other workers) still kills the pool process before it stores.
    worker = start_worker(env={"REDPEN_FAULTS": "analysis:sleep=8"})
    review = make_review(analyse=False)
    job_id = str(review.jobs.get().pk)
    send(job_id)
    wait_for(lambda: job(job_id).status == JobStatus.RUNNING, timeout=20, message=worker.log)
    killed = worker.kill_pool_child()

    # The main process sees the pool process die and, with acks_late + reject_on_worker_lost,
    # puts the message back; a new pool process runs it again (sleeping again, then storing).
    wait_for(lambda: "WorkerLostError" in worker.log(), timeout=20, message=worker.log)
    wait_for(lambda: job(job_id).status in (JobStatus.SUCCEEDED, JobStatus.FAILED), timeout=60, message=worker.log)
    done = job(job_id)
    assert done.status == JobStatus.SUCCEEDED, done.error
    assert done.attempts == 2  # the killed run counted
    assert done.redrives == 0  # redelivered by the broker, not by the reconciler
    assert_stored_once(review)
    # The job row is committed inside the task; the worker logs the task's return value (and,
    # acks_late, acknowledges the message) only after it returns: wait for both, never race them.
    wait_for(lambda: worker.task_results(job_id), timeout=20, message=worker.log)
    assert worker.task_results(job_id) == ["stored"]
    assert worker.alive() and killed not in worker.pool_children()
    wait_for(lambda: broker.unacked_task_ids() == [], timeout=20, message=worker.log)
    assert broker.queued_task_ids() == [] and broker.unacked_task_ids() == []


def test_a_whole_worker_killed_mid_analysis_is_redriven_by_the_reconciler_once(start_worker, broker):
    dying = start_worker(env={"REDPEN_FAULTS": "analysis:sleep=30"})
    review = make_review(analyse=False)
    job_id = str(review.jobs.get().pk)
    send(job_id)
    wait_for(lambda: job(job_id).status == JobStatus.RUNNING, timeout=20, message=dying.log)
    dying.kill_all()  # main process and pool at once: nobody rejects or acknowledges

    # The message sits unacknowledged in Redis until the visibility timeout (1 h) ends: a new
    # worker does not get it, only the reconciler can send the job again.
    assert broker.unacked_task_ids() == [job_id] and broker.queued_task_ids() == []
    fresh = start_worker()
    assert job(job_id).status == JobStatus.RUNNING and job(job_id).attempts == 1

    report = reconcile(stale_after=0)
    assert report.redriven == [job_id], report.summary()
    wait_for(lambda: job(job_id).status in (JobStatus.SUCCEEDED, JobStatus.FAILED), timeout=30, message=fresh.log)
    done = job(job_id)
    assert done.status == JobStatus.SUCCEEDED, done.error
    assert (done.attempts, done.redrives) == (2, 1)
    assert_stored_once(review)
    wait_for(lambda: fresh.task_results(job_id), timeout=20, message=fresh.log)
    assert fresh.task_results(job_id) == ["stored"]

    # An hour later Redis hands the dead worker's message out again: it changes nothing.
    broker.expire_visibility_timeout()
    wait_for(lambda: len(fresh.task_results(job_id)) == 2, timeout=20, message=fresh.log)
    assert fresh.task_results(job_id) == ["stored", "nothing to do"]
    assert_stored_once(review)
    assert job(job_id).attempts == 2
    # Nothing left to repair: a second run is a no-op.
    assert reconcile(stale_after=0).repairs == 0


def test_the_broker_down_when_a_review_starts_leaves_the_job_queued_and_the_reconciler_finishes_it(
    start_worker, broker
):
    worker = start_worker()
    owner = author_user()
    version, _ = playbook_upload(author=owner, source=PLAYBOOK_YAML)
    document = document_create(owner=owner, team=None, filename="contract.docx", data=contract_docx())

    broker.stop()
    started = time.monotonic()
    # The enqueue runs on commit, robustly: the request that starts the review does not fail.
    review = review_start(owner=owner, document=document, playbook_version=version)
    enqueue_seconds = time.monotonic() - started
    # A bound on the mechanism, not a speed: Redis is down (connections refused), so an enqueue
    # that retried its publish or its connection would take Celery's retry back-off (tens of
    # seconds); one attempt is over at once, however busy the machine.
    assert enqueue_seconds < 20, enqueue_seconds
    job_id = str(review.jobs.get().pk)
    queued = job(job_id)
    assert (queued.status, queued.attempts) == (JobStatus.QUEUED, 0)
    review.refresh_from_db()
    assert review.status == ReviewStatus.ANALYZING

    # A reconciler run while Redis is still down reports it and leaves the job for the next run.
    report = reconcile(stale_after=0)
    assert report.redriven == [] and len(report.enqueue_errors) == 1 and job_id in report.enqueue_errors[0]
    assert job(job_id).redriven_at is None and job(job_id).status == JobStatus.QUEUED

    broker.start()  # same port, same data
    assert broker.queued_task_ids() == []  # nothing was enqueued while it was down
    report = reconcile(stale_after=0)
    assert report.redriven == [job_id], report.summary()
    # The worker that was running all along reconnects and finishes it.
    wait_for(lambda: job(job_id).status in (JobStatus.SUCCEEDED, JobStatus.FAILED), timeout=60, message=worker.log)
    done = job(job_id)
    assert done.status == JobStatus.SUCCEEDED, done.error
    assert done.attempts == 1
    assert_stored_once(review)
    wait_for(lambda: worker.task_results(job_id), timeout=20, message=worker.log)
    assert worker.task_results(job_id) == ["stored"]
    assert reconcile(stale_after=0).repairs == 0


def test_the_same_analysis_delivered_twice_at_once_and_one_after_the_other_stores_once(start_worker, broker):
    # Two pool processes, and an analysis slow enough that both deliveries run together.
    worker = start_worker(concurrency=2, env={"REDPEN_FAULTS": "analysis:sleep=1.5"})
    at_once = make_review(analyse=False)
    job_id = str(at_once.jobs.get().pk)
    send(job_id)
    send(job_id)
    wait_for(lambda: len(worker.task_results(job_id)) == 2, timeout=30, message=worker.log)
    # Both deliveries were received before either finished: they really ran concurrently.
    lines = [line for line in worker.log().splitlines() if f"{TASK}[{job_id}]" in line]
    assert [("received" in line) for line in lines[:2]] == [True, True], lines
    results = worker.task_results(job_id)
    # The first stores; the second lost either the claim or the store's compare-and-set.
    assert results.count("stored") == 1, results
    assert set(results) - {"stored"} <= {"another delivery stored the results", "claimed by another delivery"}
    assert job(job_id).status == JobStatus.SUCCEEDED
    assert_stored_once(at_once)

    in_turn = make_review(analyse=False)
    job_id = str(in_turn.jobs.get().pk)
    send(job_id)
    wait_for(lambda: worker.task_results(job_id) == ["stored"], timeout=30, message=worker.log)
    send(job_id)
    wait_for(lambda: len(worker.task_results(job_id)) == 2, timeout=30, message=worker.log)
    assert worker.task_results(job_id) == ["stored", "nothing to do"]
    assert job(job_id).attempts == 1
    assert_stored_once(in_turn)
    assert_stored_once(at_once)


def test_a_poison_analysis_that_kills_its_worker_fails_the_review_after_the_maximum_attempts(start_worker, broker):
    worker = start_worker(env={"REDPEN_FAULTS": "analysis:crash", "REDPEN_ANALYSIS_MAX_ATTEMPTS": "3"})
    review = make_review(analyse=False)
    job_id = str(review.jobs.get().pk)
    send(job_id)
    wait_for(lambda: job(job_id).status == JobStatus.FAILED, timeout=60, message=worker.log)

    failed = job(job_id)
    assert failed.attempts == 3
    assert "3 times" in failed.error
    review.refresh_from_db()
    assert review.status == ReviewStatus.FAILED
    assert "3 times" in review.status_message
    assert review.recommendations.count() == 0 and review.rule_outcomes.count() == 0
    assert ReviewEvent.objects.filter(review=review, kind="analysis.failed").count() == 1
    # Three pool processes died (exit code 70, the fault's), each loss redelivered the message;
    # the fourth delivery found the attempts used up and acknowledged it.
    log = worker.log()
    assert log.count("exited with 'exitcode 70'") == 3, log
    wait_for(lambda: worker.task_results(job_id) == ["too many attempts"], timeout=10, message=worker.log)

    # No redelivery loop: nothing queued or unacknowledged, and it stays that way.
    wait_for(lambda: not broker.queued_task_ids() and not broker.unacked_task_ids(), timeout=10)
    # (A window to watch, not a speed: a slow machine only watches fewer times.)
    deadline = time.monotonic() + 1.5
    while time.monotonic() < deadline:
        assert not broker.queued_task_ids() and not broker.unacked_task_ids()
        assert job(job_id).attempts == 3
        time.sleep(0.1)
    assert worker.log().count(f"{TASK}[{job_id}] received") == 4
    # The worker is alive and idle.
    assert worker.alive() and len(worker.pool_children()) == 1
    active = app.control.inspect(timeout=2).active() or {}
    assert active and all(tasks == [] for tasks in active.values()), active
