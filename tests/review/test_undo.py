"""Taking decisions back: undo of an accepted edit (a new version that reverts exactly that edit on
the current text, later edits kept), reopen of a rejection, at most once and stale-safe."""

from __future__ import annotations

import uuid

import pytest

from documents import selectors as document_selectors
from documents.docx.edit import apply_edit_to_model, resolve_edit
from documents.docx.inverse import UndoRefused, inverse_edit
from documents.docx.model import Edit
from documents.docx.textmodel import build_text_model
from documents.models import DocumentVersion
from review.models import Decision, DecisionOutcome, RecommendationStatus, Review, ReviewStatus
from review.workflow import card_decide, decision_undo
from tests.conftest import ROOT, shared_data
from tests.documents.helpers import model_texts, paragraph_texts
from tests.review.factories import contract_docx, decide, make_review, shown

pytestmark = pytest.mark.django_db


def undo(review: Review, decision: Decision, key: str | None = None):  # type: ignore[no-untyped-def]
    review.refresh_from_db()
    return decision_undo(review=review, decision_id=decision.pk, actor=review.owner,
                         idempotency_key=key or uuid.uuid4().hex)


def applied(review: Review, rule_id: str) -> Decision:
    return Decision.objects.get(review=review, recommendation__rule_id=rule_id, outcome=DecisionOutcome.APPLIED)


def texts(review: Review) -> list[str]:
    review.refresh_from_db()
    return [p.text for p in review.current_version.text_model.paragraphs]


def assert_versions_accounted_for(review: Review) -> None:
    versions = DocumentVersion.objects.filter(document=review.document, number__gt=1).select_related("decision")
    outcomes = [v.decision.outcome if v.decision else None for v in versions]
    assert all(o in (DecisionOutcome.APPLIED, DecisionOutcome.UNDONE) for o in outcomes), outcomes
    made = Decision.objects.filter(review=review, outcome__in=[DecisionOutcome.APPLIED, DecisionOutcome.UNDONE])
    assert made.count() == len(outcomes)  # one version per applied edit or undo, and the other way round


def _reverted(current: str, made: str, edit) -> str:  # type: ignore[no-untyped-def]
    """``current`` (a paragraph) with ``edit``'s words put back, where they are now: other edits
    of the same paragraph (made before or after it, an inserted clause written inside a PDF page)
    stay, and may have moved them."""
    shift = len(current) - len(made)
    at = next(pos for pos in (edit.start, edit.start + shift) if current.startswith(edit.after, pos))
    return current[:at] + edit.before + current[at + len(edit.after) :]


def test_undo_on_a_real_contract_reverts_exactly_that_edit_and_keeps_the_later_ones():
    from django.contrib.auth.models import Group

    from tests.factories import UserFactory

    UserFactory(username="head-of-legal").groups.add(Group.objects.get_or_create(name="Admin")[0])
    # A CUAD alliance agreement: the SaaS playbook replaces wording in three clauses and inserts two.
    contract = shared_data("cuad", "docx", "cuad_alliance_01.docx").read_bytes()
    playbook = (ROOT / "playbooks" / "library" / "saas-customer.yaml").read_text()
    review = make_review(playbook=playbook, contract=contract)
    accepted: list[Decision] = []
    while True:
        review.refresh_from_db()
        rec = review.recommendations.filter(status=RecommendationStatus.PENDING).order_by("ordinal").first()
        if rec is None:
            break
        rec = shown(review, rec.rule_id)
        if rec.current_proposal.needs_wording:
            # The edit checker holds back the insertions that speak of a "Provider" and a "Customer"
            # this contract does not have (its only "Customer" is the defined "Key Customer"): the
            # lawyer words them with the parties' names, as the card asks.
            wording = rec.current_proposal.after.replace("Provider", "ENERGOUS").replace("Customer", "DIALOG")
            result = card_decide(review=review, actor=review.owner, recommendation_id=rec.pk,
                                 proposal_id=rec.current_proposal_id, action="edit", idempotency_key=uuid.uuid4().hex,
                                 wording=wording)
        else:
            result = decide(review, rec, "accept")
        if result.outcome == DecisionOutcome.APPLIED:
            accepted.append(Decision.objects.get(pk=result.decision_id))
        elif rec.pk in {r.pk for r in review.recommendations.filter(status=RecommendationStatus.PENDING)}:
            decide(review, shown(review, rec.rule_id), "reject")
    assert len(accepted) >= 2, "the contract needs two applied edits for this test"
    first = accepted[0]
    made = DocumentVersion.objects.get(decision=first)
    before_first = made.parent.text_model
    before_undo = review.current_version.text_model
    result = undo(review, first)
    assert result.outcome == DecisionOutcome.UNDONE, result.message
    now = texts(review)
    edit = made.edit_object
    if edit.kind == "replace":
        # That edit's words go back; a later edit of the same paragraph (an inserted clause
        # written inside a PDF page) stays.
        reverted = _reverted(before_undo.get(edit.locator).text, made.text_model.get(edit.locator).text, edit)
        expected = [reverted if p.locator == edit.locator else p.text for p in before_undo.paragraphs]
        assert before_undo.get(edit.locator).text != before_first.get(edit.locator).text
    else:  # an inserted clause: gone again, nothing else moved
        assert edit.kind == "insert_after"
        expected = [p.text for p in before_undo.paragraphs if p.locator != edit.new_locator]
    assert now == expected  # that edit's text is back, every later edit stays
    later = DocumentVersion.objects.filter(document=review.document, number__gt=made.number,
                                           decision__outcome=DecisionOutcome.APPLIED)
    assert later.exists()  # there were later edits, and they are kept (above)
    review.refresh_from_db()
    assert review.status == ReviewStatus.AWAITING_DECISION  # the completed review reopened
    rec = first.recommendation
    rec.refresh_from_db()
    assert rec.status == RecommendationStatus.PENDING
    assert_versions_accounted_for(review)
    # The history is kept: the acceptance and its version are still there.
    assert DocumentVersion.objects.filter(decision=first).exists()
    # The redline still accepts to the clean text and rejects to the original.
    redline = document_selectors.version_redline(review.current_version)
    assert paragraph_texts(redline, "accept") == model_texts(review.current_version.text_model)
    assert paragraph_texts(redline, "reject") == paragraph_texts(contract)
    # The replaces among the others, newest first: each is undone exactly, or refused when a later
    # edit rewrote its words. (The non-renewal position no longer replaces the sentence that
    # defines "Initial Term" here, so fewer replaces are left; the refusal has tests of its own.)
    replaces = [d for d in accepted[1:] if DocumentVersion.objects.get(decision=d).edit_object.kind == "replace"]
    assert len(replaces) >= 1, "the contract needs applied replaces for this test"
    outcomes = []
    for target in reversed(replaces):
        version = DocumentVersion.objects.get(decision=target)
        kept = texts(review)
        result = undo(review, target)
        outcomes.append(result.outcome)
        if result.outcome == DecisionOutcome.UNDONE:
            undone = version.edit_object
            locator = undone.locator
            review.refresh_from_db()  # the undo's version, whose parent is the text before it
            paragraphs = review.current_version.parent.text_model.paragraphs
            expected = [_reverted(text, version.text_model.get(locator).text, undone) if p.locator == locator else text
                        for p, text in zip(paragraphs, kept, strict=True)]
            assert texts(review) == expected
        else:
            assert result.outcome == DecisionOutcome.FAILED and "later edit" in result.message
            assert texts(review) == kept
    assert DecisionOutcome.UNDONE in outcomes
    assert_versions_accounted_for(review)
    # Shown again, the recommendation's edit is re-anchored on the current text and applies.
    again = shown(review, rec.rule_id)
    assert again.current_proposal.base_version_id == review.current_version_id
    assert decide(review, again, "accept").outcome == DecisionOutcome.APPLIED


def test_undo_happens_at_most_once_and_a_retry_gets_the_first_answer():
    review = make_review()
    decide(review, shown(review, "payment-terms"), "accept")
    target = applied(review, "payment-terms")
    first = undo(review, target, key="k1")
    assert first.outcome == DecisionOutcome.UNDONE
    retry = undo(review, target, key="k1")
    assert retry.duplicate and retry.decision_id == first.decision_id
    second = undo(review, target, key="k2")
    assert second.outcome == DecisionOutcome.STALE and "already taken back" in second.message
    assert review.document.versions.count() == 3
    assert Decision.objects.filter(undoes=target).count() == 1


def test_a_stale_undo_changes_nothing():
    review = make_review()
    decide(review, shown(review, "payment-terms"), "accept")
    target = applied(review, "payment-terms")
    undo(review, target)
    decide(review, shown(review, "payment-terms"), "accept")  # decided again
    versions = review.document.versions.count()
    stale = undo(review, target)  # an old tab's undo of the first acceptance
    assert stale.outcome == DecisionOutcome.STALE
    assert review.document.versions.count() == versions
    assert review.recommendations.get(rule_id="payment-terms").status == RecommendationStatus.ACCEPTED
    # An old copy of the review (another tab's revision) loses its compare-and-set and looks again.
    old = Review.objects.get(pk=review.pk)
    decide(review, shown(review, "renewal-term"), "accept")
    second = Decision.objects.filter(review=review, recommendation__rule_id="payment-terms",
                                     outcome=DecisionOutcome.APPLIED).last()
    result = decision_undo(review=old, decision_id=second.pk, actor=review.owner, idempotency_key="old-tab")
    assert result.outcome == DecisionOutcome.UNDONE  # re-read, still the decision in force: undone once
    assert_versions_accounted_for(review)


def test_reopen_a_rejection_and_the_completed_review_awaits_decisions_again():
    review = make_review()
    decide(review, shown(review, "payment-terms"), "reject", reason="Fine.")
    decide(review, shown(review, "renewal-term"), "accept")
    decide(review, shown(review, "limitation-of-liability"), "accept")
    review.refresh_from_db()
    assert review.status == ReviewStatus.COMPLETED
    rejection = Decision.objects.get(review=review, outcome=DecisionOutcome.REJECTED)
    versions = review.document.versions.count()
    result = undo(review, rejection)
    assert result.outcome == DecisionOutcome.REOPENED
    review.refresh_from_db()
    assert review.status == ReviewStatus.AWAITING_DECISION and review.completed_at is None
    assert review.recommendations.get(rule_id="payment-terms").status == RecommendationStatus.PENDING
    assert review.document.versions.count() == versions  # no text changed
    assert review.events.filter(kind="decision.reopened").count() == 1


def test_undo_of_an_inserted_clause_deletes_it_and_a_cancelled_review_refuses():
    review = make_review()
    decide(review, shown(review, "limitation-of-liability"), "accept")
    before = texts(review)
    assert any("total liability" in t for t in before)
    assert undo(review, applied(review, "limitation-of-liability")).outcome == DecisionOutcome.UNDONE
    assert not any("total liability" in t for t in texts(review))
    decide(review, shown(review, "payment-terms"), "accept")
    from review.workflow import review_cancel

    review_cancel(review=review, actor=review.owner)
    refused = undo(review, applied(review, "payment-terms"))
    assert refused.outcome == DecisionOutcome.STALE and "cancelled" in refused.message


def test_the_inverse_refuses_when_a_later_edit_changed_the_same_text():
    model = build_text_model(contract_docx([(None, "Pay within sixty (60) days of receipt of an invoice.")]))
    first = resolve_edit(model, Edit(kind="replace", locator="p1", before="sixty (60)", after="thirty (30)"))
    made = apply_edit_to_model(model, first)
    # A later edit elsewhere in the paragraph: the undo re-anchors around it (before it, too).
    earlier = resolve_edit(made, Edit(kind="replace", locator="p1", before="Pay", after="Customer shall pay"))
    shifted = apply_edit_to_model(made, earlier)
    moved = inverse_edit(applied=first, later=[earlier], current=shifted, parent=model)
    assert moved.start == first.start + len("Customer shall pay") - len("Pay")
    assert apply_edit_to_model(shifted, moved).get("p1").text == (
        "Customer shall pay within sixty (60) days of receipt of an invoice.")
    later = resolve_edit(made, Edit(kind="replace", locator="p1", before="an invoice", after="a valid invoice"))
    current = apply_edit_to_model(made, later)
    back = apply_edit_to_model(current, resolve_edit(current, inverse_edit(applied=first, later=[later],
                                                                           current=current, parent=model)))
    assert back.get("p1").text == "Pay within sixty (60) days of receipt of a valid invoice."
    # A later edit of the very words: refused, never guessed.
    overlap = resolve_edit(made, Edit(kind="replace", locator="p1", before="thirty (30) days", after="45 days"))
    with pytest.raises(UndoRefused):
        inverse_edit(applied=first, later=[overlap], current=apply_edit_to_model(made, overlap), parent=model)
    # A deleted paragraph comes back with its exact text after the paragraph before it.
    two = build_text_model(contract_docx([(None, "First."), (None, "Second."), (None, "Third.")]))
    gone = resolve_edit(two, Edit(kind="delete_paragraph", locator="p2", before="Second."))
    after = apply_edit_to_model(two, gone)
    restored = apply_edit_to_model(after, resolve_edit(after, inverse_edit(applied=gone, later=[], current=after,
                                                                           parent=two)))
    assert [p.text for p in restored.paragraphs] == ["First.", "Second.", "Third."]


def test_after_an_undo_the_accepted_wording_comes_back_and_its_words_no_longer_count_as_accepted():
    from tests.review.test_never_revert import PLAYBOOK, contract, sentence_text

    review = make_review(playbook=PLAYBOOK, contract=contract())
    original = sentence_text(review)
    assert decide(review, shown(review, "renewal-term"), "revise", instruction="use 2 years").outcome == (
        DecisionOutcome.REVISED)
    assert decide(review, shown(review, "renewal-term"), "accept").outcome == DecisionOutcome.APPLIED
    assert undo(review, applied(review, "renewal-term")).outcome == DecisionOutcome.UNDONE
    assert sentence_text(review) == original
    # The wording the lawyer accepted (revised to two years) is offered again, on the current text.
    again = shown(review, "renewal-term")
    assert again.status == RecommendationStatus.PENDING
    assert again.current_proposal.base_version_id == review.current_version_id
    assert "two (2) years" in again.current_proposal.after
    # The undone words are the contract's own again: another rule may change them, whole.
    mutual = shown(review, "mutual-notice")
    assert mutual.status == RecommendationStatus.PENDING
    assert mutual.current_proposal.base_version_id == review.current_version_id
    assert "already changed are kept" not in mutual.message
    assert decide(review, mutual, "accept").outcome == DecisionOutcome.APPLIED
    assert sentence_text(review) == ("3.2 This Agreement renews automatically for successive renewal terms of one (1) "
                                     "year unless either party gives notice of non-renewal at least thirty (30) days "
                                     "before the end of the then-current term.")  # fmt: skip
