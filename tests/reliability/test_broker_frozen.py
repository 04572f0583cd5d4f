"""A frozen broker (a real redis-server stopped with SIGSTOP: it accepts connections and never
answers) is never on the path of a request: the upload gives up on the broker after one short
timeout and answers, the job row stays queued, and the reconciler sends it once the broker
answers again (docs/decisions/broker-off-the-request-path.md)."""

from __future__ import annotations

import io
import os
import signal
import time

import pytest
from django.urls import reverse

from review.models import AnalysisJob, JobStatus, Review, ReviewStatus
from review.workflow.jobs import ANALYZE
from tests.reliability.conftest import _point_celery_at
from tests.review.factories import PLAYBOOK_YAML, author_user, contract_docx

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.worker]


# The bound that proves the mechanism, not a speed: with the broker frozen, a request that
# waited on it would hang until the pytest timeout (no socket timeout) or for its publish retries
# (~19 s, docs/decisions/broker-off-the-request-path.md); one that gives up after the one short
# timeout of review/workflow/jobs.py (BROKER_TIMEOUT_S, 1 s) answers in about a second when the
# machine is quiet, and in a few on a loaded one. How long it takes is bench/bench_timed.py's.
GAVE_UP_ON_THE_BROKER_S = 12.0


def test_a_web_upload_with_redis_frozen_answers_without_waiting_on_it_and_leaves_the_job_queued(broker, client,
                                                                                                caplog):
    from playbooks.services import playbook_upload
    from review.reconcile import reconcile

    owner = author_user()
    version, _ = playbook_upload(author=owner, source=PLAYBOOK_YAML)
    client.force_login(owner)
    upload = io.BytesIO(contract_docx())
    upload.name = "msa.docx"
    assert broker.process is not None
    os.kill(broker.process.pid, signal.SIGSTOP)
    try:
        started = time.monotonic()
        response = client.post(reverse("review:new"), {"contract": upload, "playbook_version": version.pk})
        elapsed = time.monotonic() - started
    finally:
        os.kill(broker.process.pid, signal.SIGCONT)
        # Connections the app's pools opened before the freeze may be half dead: drop them.
        _point_celery_at(broker.url)
    assert response.status_code == 302
    assert elapsed < GAVE_UP_ON_THE_BROKER_S, f"the upload took {elapsed:.1f} s with the broker frozen"
    # It tried the broker once and gave up (logged, not shown to the user).
    tries = [r for r in caplog.records if r.getMessage().startswith(f"could not enqueue {ANALYZE}")]
    assert len(tries) == 1, [r.getMessage() for r in caplog.records]
    review = Review.objects.get(owner=owner)
    assert review.status == ReviewStatus.ANALYZING
    job = review.jobs.get()
    assert job.status == JobStatus.QUEUED
    assert str(job.pk) not in broker.queued_task_ids()
    # The broker answers again: the reconciler sends the job, once.
    AnalysisJob.objects.filter(pk=job.pk).update(created_at=job.created_at.replace(year=2000))
    report = reconcile()
    assert report.redriven == [str(job.pk)] and broker.queued_task_ids() == [str(job.pk)]
