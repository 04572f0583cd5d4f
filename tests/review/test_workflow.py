"""Service tests for the seven invariants of docs/architecture.md (each fails without its mechanism)."""

from __future__ import annotations

import pytest

from documents.models import DocumentVersion
from review.models import (
    Decision,
    DecisionOutcome,
    Proposal,
    ProposalSource,
    RecommendationStatus,
    ReviewStatus,
)
from review.workflow import analysis_run, recommendation_prepare, review_cancel
from tests.review.factories import decide, make_review, shown

pytestmark = pytest.mark.django_db


def versions(review) -> list[int]:
    return list(DocumentVersion.objects.filter(document=review.document).order_by("number")
                .values_list("number", flat=True))


def test_analysis_suspends_with_pending_recommendations_and_keeps_every_rule_result():
    review = make_review()
    assert review.status == ReviewStatus.AWAITING_DECISION
    rules = {r.rule_id: r.status for r in review.rule_outcomes.all()}
    assert rules == {"payment-terms": "issue", "renewal-term": "issue", "limitation-of-liability": "missing",
                     "governing-law": "ok", "unilateral-changes": "not_found"}
    recs = list(review.recommendations.order_by("ordinal"))
    assert [r.rule_id for r in recs] == ["payment-terms", "renewal-term", "limitation-of-liability"]
    assert all(r.status == RecommendationStatus.PENDING and r.current_proposal for r in recs)
    assert all(r.current_proposal.base_version_id == review.current_version_id for r in recs)


def test_a_redelivered_analysis_task_creates_the_recommendations_once():
    review = make_review()
    job = review.jobs.get()
    assert analysis_run(job_id=str(job.pk)) == "nothing to do"
    assert review.recommendations.count() == 3
    assert review.rule_outcomes.count() == 5


def test_accept_creates_the_next_version_and_the_cursor_follows():  # invariant 2
    review = make_review()
    first = shown(review, "payment-terms")
    result = decide(review, first, "accept")
    assert result.outcome == DecisionOutcome.APPLIED
    review.refresh_from_db()
    assert versions(review) == [1, 2]
    assert review.current_version.number == 2
    assert "thirty (30) days" in review.current_version.text_model.text
    # The next accept applies to version 2 (after re-anchoring) and makes version 3.
    second = shown(review, "renewal-term")
    assert second.current_proposal.base_version_id == review.current_version_id
    assert decide(review, second, "accept").outcome == DecisionOutcome.APPLIED
    review.refresh_from_db()
    assert versions(review) == [1, 2, 3]
    assert review.current_version.number == 3
    text = review.current_version.text_model.text
    assert "thirty (30) days" in text and "one (1) year" in text


def test_accept_applies_the_stored_proposal_not_a_fresh_computation():  # invariant 3
    review = make_review()
    rec = shown(review, "payment-terms")
    # Tamper with the stored snapshot: whatever it says is exactly what gets applied.
    proposal = rec.current_proposal
    edit = dict(proposal.edit)
    edit["after"] = "seventeen (17) days"
    Proposal.objects.filter(pk=proposal.pk).update(edit=edit, after="... seventeen (17) days ...")
    assert decide(review, rec, "accept").outcome == DecisionOutcome.APPLIED
    review.refresh_from_db()
    assert "seventeen (17) days" in review.current_version.text_model.text


def test_a_duplicate_request_returns_the_first_result_and_applies_once():  # invariant 4
    review = make_review()
    rec = shown(review, "payment-terms")
    first = decide(review, rec, "accept", key="same-key")
    second = decide(review, rec, "accept", key="same-key")
    assert first.outcome == second.outcome == DecisionOutcome.APPLIED
    assert second.duplicate and second.decision_id == first.decision_id
    assert Decision.objects.filter(review=review).count() == 1
    assert versions(review) == [1, 2]


def test_a_second_tab_deciding_the_same_proposal_is_stale_and_changes_nothing():  # invariants 1 and 4
    review = make_review()
    rec = shown(review, "payment-terms")
    proposal_id = rec.current_proposal_id
    assert decide(review, rec, "accept", proposal_id=proposal_id).outcome == DecisionOutcome.APPLIED
    stale = decide(review, rec, "accept", proposal_id=proposal_id)
    assert stale.outcome == DecisionOutcome.STALE
    assert "changed" in stale.message
    assert versions(review) == [1, 2]
    review.refresh_from_db()
    assert review.status == ReviewStatus.AWAITING_DECISION
    assert Decision.objects.filter(proposal_id=proposal_id, outcome=DecisionOutcome.APPLIED).count() == 1


def test_a_proposal_shown_on_an_older_version_is_refused_then_reanchored_before_it_is_shown():  # invariant 2
    review = make_review()
    recs = {r.rule_id: r for r in review.recommendations.all()}
    old_renewal_proposal = recs["renewal-term"].current_proposal_id  # shown on version 1 in tab B
    assert decide(review, shown(review, "payment-terms"), "accept").outcome == DecisionOutcome.APPLIED
    # Tab B clicks accept on what it saw on version 1: refused, nothing applied.
    result = decide(review, recs["renewal-term"], "accept", proposal_id=old_renewal_proposal)
    assert result.outcome == DecisionOutcome.STALE
    assert versions(review) == [1, 2]
    # Shown again, it is re-anchored on version 2 first: a new proposal, its predecessor kept.
    rec = shown(review, "renewal-term")
    assert rec.current_proposal_id != old_renewal_proposal
    assert rec.current_proposal.predecessor_id == old_renewal_proposal
    assert rec.current_proposal.source == ProposalSource.REANCHOR
    assert rec.current_proposal.base_version.number == 2
    assert decide(review, rec, "accept").outcome == DecisionOutcome.APPLIED


def test_a_proposal_that_no_longer_applies_exactly_is_reresolved_and_shown_again():  # invariant 2
    review = make_review()
    rec = shown(review, "payment-terms")
    # Another edit (accepted elsewhere) rewrote the clause the proposal was anchored to.
    from documents.docx.model import Edit
    from documents.services import version_create

    paragraph = next(p for p in review.current_version.text_model.paragraphs if "sixty" in p.text)
    edit = Edit(kind="replace", locator=paragraph.locator, before="all invoices", after="every invoice",
                start=paragraph.text.index("all invoices"))
    v2 = version_create(document=review.document, parent=review.current_version, edit=edit, author=review.owner)
    review.__class__.objects.filter(pk=review.pk).update(current_version=v2)
    old = rec.current_proposal
    review.refresh_from_db()
    prepared = recommendation_prepare(review=review, recommendation=rec)
    new = prepared.current_proposal
    assert new.pk != old.pk and new.base_version_id == v2.pk
    assert new.source in (ProposalSource.REANCHOR, ProposalSource.RERESOLVE)
    assert decide(review, prepared, "accept").outcome == DecisionOutcome.APPLIED
    review.refresh_from_db()
    assert "every invoice within thirty (30) days" in review.current_version.text_model.text


def test_an_edit_that_no_longer_applies_leaves_the_recommendation_pending_with_a_message():  # invariant 1
    review = make_review()
    rec = shown(review, "payment-terms")
    proposal = rec.current_proposal
    broken = dict(proposal.edit)
    broken["before"] = "text that is not in the paragraph"
    Proposal.objects.filter(pk=proposal.pk).update(edit=broken)
    result = decide(review, rec, "accept")
    assert result.outcome == DecisionOutcome.FAILED
    assert "no longer applies" in result.message
    rec.refresh_from_db()
    review.refresh_from_db()
    assert rec.status == RecommendationStatus.PENDING and "no longer applies" in rec.message
    assert review.status == ReviewStatus.AWAITING_DECISION
    assert versions(review) == [1]


def test_unknown_or_foreign_recommendation_ids_are_refused_without_changing_anything():  # invariant 1
    review = make_review()
    other = make_review()
    foreign = other.recommendations.first()
    from review.workflow import review_decide

    result = review_decide(review=review, recommendation_id=foreign.pk, proposal_id=foreign.current_proposal_id,
                           action="accept", actor=review.owner, idempotency_key="k1")
    assert result.outcome == DecisionOutcome.FAILED and "not part of this review" in result.message
    result = review_decide(review=review, recommendation_id=999999, proposal_id=1, action="accept",
                           actor=review.owner, idempotency_key="k2")
    assert result.outcome == DecisionOutcome.FAILED
    assert versions(review) == [1] and versions(other) == [1]
    assert not Decision.objects.exists()


def test_reject_is_its_own_outcome_and_the_review_completes_only_when_nothing_is_pending():  # invariants 1, 5
    review = make_review()
    first = shown(review, "payment-terms")
    result = decide(review, first, "reject", reason="Commercial team agreed 60 days.")
    assert result.outcome == DecisionOutcome.REJECTED
    first.refresh_from_db()
    assert first.status == RecommendationStatus.REJECTED
    review.refresh_from_db()
    assert review.status == ReviewStatus.AWAITING_DECISION
    decide(review, shown(review, "renewal-term"), "reject")
    review.refresh_from_db()
    assert review.status == ReviewStatus.AWAITING_DECISION  # one still pending
    decide(review, shown(review, "limitation-of-liability"), "accept")
    review.refresh_from_db()
    assert review.status == ReviewStatus.COMPLETED and review.completed_at
    assert versions(review) == [1, 2]  # rejections make no version
    statuses = dict(review.recommendations.values_list("rule_id", "status"))
    assert statuses == {"payment-terms": "rejected", "renewal-term": "rejected", "limitation-of-liability": "accepted"}


def test_a_cancelled_review_never_reads_as_completed_and_refuses_decisions():  # invariant 5
    review = make_review()
    rec = shown(review, "payment-terms")
    assert review_cancel(review=review, actor=review.owner)
    review.refresh_from_db()
    assert review.status == ReviewStatus.CANCELLED and review.completed_at is None
    result = decide(review, rec, "accept")
    assert result.outcome == DecisionOutcome.STALE and "cancelled" in result.message
    assert versions(review) == [1]
    assert not review_cancel(review=review, actor=review.owner)  # idempotent


def test_revise_makes_a_new_proposal_and_keeps_its_history():
    review = make_review()
    rec = shown(review, "payment-terms")
    first = rec.current_proposal
    result = decide(review, rec, "revise", instruction="softer")
    assert result.outcome == DecisionOutcome.REVISED
    rec.refresh_from_db()
    revised = rec.current_proposal
    assert revised.predecessor_id == first.pk and revised.instruction == "softer"
    assert "forty-five (45)" in revised.after
    assert rec.status == RecommendationStatus.PENDING
    # The old proposal can no longer be decided on.
    assert decide(review, rec, "accept", proposal_id=first.pk).outcome == DecisionOutcome.STALE
    assert decide(review, rec, "accept").outcome == DecisionOutcome.APPLIED
    review.refresh_from_db()
    assert "forty-five (45) days" in review.current_version.text_model.text


def test_a_failed_revision_keeps_the_proposal_and_the_lawyer_can_try_again():
    review = make_review()
    rec = shown(review, "payment-terms")
    before = rec.current_proposal_id
    result = decide(review, rec, "revise", instruction="make it sing")
    assert result.outcome == DecisionOutcome.FAILED and result.message.startswith("Could not revise")
    rec.refresh_from_db()
    assert rec.current_proposal_id == before and rec.status == RecommendationStatus.PENDING
    assert decide(review, rec, "revise", instruction="mutual").outcome == DecisionOutcome.REVISED
    rec.refresh_from_db()
    assert rec.current_proposal.after.startswith("Each party") or "Each party" in rec.current_proposal.after


def test_decisions_feed_the_engine_snapshot():  # invariant 7
    review = make_review()
    decide(review, shown(review, "payment-terms"), "reject", reason="We accept 60 days with this vendor.")
    decide(review, shown(review, "renewal-term"), "revise", instruction="stricter")
    review.refresh_from_db()
    history = review.engine_snapshot["history"]
    assert {"rule_id": "payment-terms", "action": "reject", "text": "We accept 60 days with this vendor."} in history
    assert any(h["action"] == "revise" and "stricter" in h["text"] for h in history)
    from review.workflow import history as engine_history

    assert len(engine_history(review)) == len(history)


def test_every_decision_and_version_is_in_the_audit_trail():
    review = make_review()
    decide(review, shown(review, "payment-terms"), "accept")
    kinds = list(review.events.order_by("seq").values_list("kind", flat=True))
    assert kinds[:2] == ["review.started", "analysis.finished"]
    assert "version.created" in kinds and "decision.applied" in kinds
    seqs = list(review.events.order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, len(seqs) + 1))
