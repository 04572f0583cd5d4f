"""Engine versioning (docs/architecture.md, "The engine"): a review keeps the engine it started with, across deploys."""

from __future__ import annotations

import pytest

import review.engine as engine_registry
from documents.services import document_create
from playbooks.services import playbook_upload
from review.engine.playbook import PlaybookEngine
from review.models import (
    AnalysisJob,
    DecisionOutcome,
    JobStatus,
    Proposal,
    ProposalSource,
    Recommendation,
    Review,
    ReviewStatus,
    RuleOutcome,
)
from review.workflow import review_start
from tests.review.factories import PLAYBOOK_YAML, author_user, contract_docx, decide, make_review, shown

pytestmark = pytest.mark.django_db


def persisted_playbook_1_review() -> Review:
    """Rows exactly as engine "playbook-1" wrote them (literal values, not computed by today's
    engine): if a later change to the stored formats breaks old reviews, this fails."""
    owner = author_user()
    version, _ = playbook_upload(author=owner, source=PLAYBOOK_YAML)
    document = document_create(owner=owner, team=None, filename="old.docx", data=contract_docx())
    v1 = document.versions.get(number=1)
    payment = next(p for p in v1.text_model.paragraphs if "sixty" in p.text)
    review = Review.objects.create(
        owner=owner, title="Started before the deploy", document=document, playbook_version=version,
        engine_version="playbook-1", status=ReviewStatus.AWAITING_DECISION, current_version=v1, revision=3,
        engine_snapshot={"engine_version": "playbook-1",
                         "history": [{"rule_id": "renewal-term", "action": "reject", "text": "Agreed with sales."}]},
    )
    AnalysisJob.objects.create(review=review, status=JobStatus.SUCCEEDED, attempts=1, progress=100)
    RuleOutcome.objects.create(review=review, ordinal=0, rule_id="payment-terms", title="Payment within 30 days at most",
                               severity="medium", status="issue",
                               evidence=[{"locator": payment.locator, "sentence": payment.text, "start": 0,
                                          "end": len(payment.text)}])
    rec = Recommendation.objects.create(
        review=review, ordinal=1, rule_id="payment-terms", rule_title="Payment within 30 days at most",
        severity="medium", finding="issue",
        evidence=[{"locator": payment.locator, "sentence": payment.text, "start": 0, "end": len(payment.text)}],
    )
    start = payment.text.index("sixty (60) days")
    proposal = Proposal.objects.create(
        recommendation=rec, number=1, source=ProposalSource.ANALYSIS, base_version=v1, action="replace",
        edit={"kind": "replace", "locator": payment.locator, "before": "sixty (60) days",
              "after": "thirty (30) days", "start": start},
        before=payment.text, after=payment.text.replace("sixty (60) days", "thirty (30) days"),
        explanation="payment-terms @ Test SaaS playbook v1: ...", position=None, value=30.0,
    )
    Recommendation.objects.filter(pk=rec.pk).update(current_proposal=proposal)
    return review


class NextEngine(PlaybookEngine):
    version = "playbook-2"


@pytest.fixture
def deployed_playbook_2(monkeypatch):
    """The deploy after this one: a new current version, the old one still registered."""
    used: list[str] = []

    def factory(cls):
        def make():
            used.append(cls.version if cls is NextEngine else "playbook-1")
            return cls()
        return make

    registry = {"playbook-1": factory(PlaybookEngine), "playbook-2": factory(NextEngine)}
    monkeypatch.setattr(engine_registry, "_REGISTRY", registry)
    monkeypatch.setattr(engine_registry, "ENGINE_VERSION", "playbook-2")
    import review.workflow.analysis as workflow

    monkeypatch.setattr(workflow, "ENGINE_VERSION", "playbook-2")
    return used


def test_a_review_persisted_under_the_previous_engine_can_still_be_decided(deployed_playbook_2):
    review = persisted_playbook_1_review()
    rec = shown(review, "payment-terms")
    revised = decide(review, rec, "revise", instruction="softer")
    assert revised.outcome == DecisionOutcome.REVISED, revised.message
    assert set(deployed_playbook_2) == {"playbook-1"}  # never the new engine for an old review
    rec.refresh_from_db()
    assert "forty-five (45) days" in rec.current_proposal.after
    assert decide(review, rec, "accept").outcome == DecisionOutcome.APPLIED
    review.refresh_from_db()
    assert review.status == ReviewStatus.COMPLETED and review.engine_version == "playbook-1"
    assert "forty-five (45) days" in review.current_version.text_model.text


def test_new_reviews_record_the_current_engine(deployed_playbook_2):
    owner = author_user()
    version, _ = playbook_upload(author=owner, source=PLAYBOOK_YAML)
    document = document_create(owner=owner, team=None, filename="new.docx", data=contract_docx())
    review = review_start(owner=owner, document=document, playbook_version=version, enqueue=False)
    assert review.engine_version == "playbook-2"


def test_an_unknown_engine_version_is_refused_with_a_message_not_a_crash():
    review = make_review()
    Review.objects.filter(pk=review.pk).update(engine_version="playbook-0")
    review.refresh_from_db()
    rec = review.recommendations.get(rule_id="payment-terms")
    result = decide(review, rec, "revise", instruction="softer")
    assert result.outcome == DecisionOutcome.FAILED
    assert "'playbook-0'" in result.message and "no longer has" in result.message
    # Rejecting needs no engine and still works; the review is not broken.
    assert decide(review, rec, "reject").outcome == DecisionOutcome.REJECTED
    # A proposal that would need re-anchoring is shown with the message, not applied blind.
    decide(review, shown(review, "renewal-term"), "accept")  # same version: applies without the engine
    review.refresh_from_db()
    lol = shown(review, "limitation-of-liability")
    assert "no longer has" in lol.message
    assert decide(review, lol, "accept").outcome == DecisionOutcome.STALE


def test_an_analysis_under_an_unknown_engine_fails_with_a_reason():
    review = make_review(analyse=False)
    Review.objects.filter(pk=review.pk).update(engine_version="playbook-0")
    from review.workflow import analysis_run

    assert analysis_run(job_id=str(review.jobs.get().pk)) == "failed"
    review.refresh_from_db()
    assert review.status == ReviewStatus.FAILED and "playbook-0" in review.status_message
