"""Revisions the playbook engine does not understand go to the LLM as a task (review/workflow/revisions.py): the card
says it is being revised, other recommendations stay decidable, and the result or the error
appears by itself. The LLM is a local HTTP server speaking the chat-completions protocol."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from core import processes
from review.models import DecisionOutcome, JobStatus, RecommendationStatus, RevisionJob
from review.workflow import QUEUED, revision_run
from tests.conftest import ROOT, login, screenshot, wait_for_worker, worker_env
from tests.factories import PASSWORD
from tests.review.engine.test_llm import FakeLLM, completion
from tests.review.factories import decide, make_review, shown

FRIENDLIER = "Customer shall pay all invoices within sixty (60) days of receipt, or later if agreed."


@pytest.fixture
def fake_llm(monkeypatch):
    fake = FakeLLM()
    fake.behaviour = lambda request, attempt: (200, completion({"after": FRIENDLIER}), 0.0)
    monkeypatch.setenv("REDPEN_LLM_BASE_URL", fake.url)
    monkeypatch.setenv("REDPEN_LLM_MODEL", "test-model")
    monkeypatch.setenv("REDPEN_LLM_TIMEOUT", "3")
    monkeypatch.setenv("REDPEN_LLM_RETRIES", "0")
    yield fake
    fake.server.shutdown()
    fake.server.server_close()


@pytest.mark.django_db
def test_an_instruction_only_the_llm_understands_is_queued_then_recorded_as_the_decision(
    fake_llm, django_capture_on_commit_callbacks
):
    review = make_review()
    rec = shown(review, "payment-terms")
    first = rec.current_proposal_id
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        result = decide(review, rec, "revise", instruction="make it friendlier to the vendor", key="k-llm")
    assert result.outcome == QUEUED and len(callbacks) == 1
    job = RevisionJob.objects.get(recommendation=rec)
    assert job.status == JobStatus.QUEUED and fake_llm.requests == []  # nothing asked in the request
    # A retried click is the same request, not a second revision.
    again = decide(review, rec, "revise", instruction="make it friendlier to the vendor", key="k-llm")
    assert again.outcome == QUEUED and again.duplicate and RevisionJob.objects.count() == 1
    # Another recommendation stays decidable meanwhile.
    assert decide(review, shown(review, "renewal-term"), "reject").outcome == DecisionOutcome.REJECTED

    assert revision_run(job_id=str(job.pk)) == "revised"
    rec.refresh_from_db()
    assert rec.status == RecommendationStatus.PENDING
    assert rec.current_proposal.after == FRIENDLIER and rec.current_proposal.predecessor_id == first
    decision = review.decisions.get(idempotency_key="k-llm")
    assert decision.outcome == DecisionOutcome.REVISED and decision.instruction.startswith("make it friendlier")
    assert revision_run(job_id=str(job.pk)) == "nothing to do"  # redelivered task: once


@pytest.mark.django_db
def test_malformed_llm_output_is_a_recoverable_error_on_the_card(fake_llm, django_capture_on_commit_callbacks):
    fake_llm.behaviour = lambda request, attempt: (200, completion("this is not json"), 0.0)
    review = make_review()
    rec = shown(review, "payment-terms")
    before = rec.current_proposal_id
    with django_capture_on_commit_callbacks(execute=False):
        decide(review, rec, "revise", instruction="make it friendlier to the vendor")
    job = RevisionJob.objects.get(recommendation=rec)
    assert revision_run(job_id=str(job.pk)) == "failed"
    rec.refresh_from_db()
    assert rec.current_proposal_id == before and rec.message.startswith("Could not revise")
    assert review.decisions.get(recommendation=rec).outcome == DecisionOutcome.FAILED
    # The lawyer can try again with something the playbook engine understands.
    assert decide(review, rec, "revise", instruction="softer").outcome == DecisionOutcome.REVISED


@pytest.mark.browser
@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_the_card_shows_the_revision_in_progress_and_the_result_appears_by_itself(
    fake_llm, browser_page, redis_url, tmp_path: Path, monkeypatch
):
    fake_llm.behaviour = lambda request, attempt: (200, completion({"after": FRIENDLIER}), 2.0)  # slow model
    # The fake answers from this busy test process (live server and browser beside it): on a
    # loaded machine its 2 s answer took over the fixture's 3 s timeout, and the revision failed.
    monkeypatch.setenv("REDPEN_LLM_TIMEOUT", "30")
    log = os.open(tmp_path / "worker.log", os.O_WRONLY | os.O_CREAT, 0o644)
    worker = processes.start_worker({**worker_env(redis_url), **{k: v for k, v in os.environ.items()
                                                                 if k.startswith("REDPEN_LLM_")}}, log=log, cwd=ROOT)
    os.close(log)
    try:
        wait_for_worker()
        review = make_review()
        page = browser_page
        login(page, review.owner.username, PASSWORD)
        page.goto(f"/reviews/{review.pk}/")
        page.fill("#instruction", "make it friendlier to the vendor")
        page.click("button[value=revise]")
        page.wait_for_selector("#revising")
        screenshot(page, "review-llm-revising")
        # The other recommendations stay decidable while the model works.
        assert page.locator("#sidebar a", has_text="Renewal terms").count() == 1
        page.wait_for_selector("text=or later if agreed", timeout=40_000)
        assert page.locator("#revising").count() == 0 and page.locator("text=Could not revise").count() == 0
        screenshot(page, "review-llm-revised")
    finally:
        processes.stop(worker)
