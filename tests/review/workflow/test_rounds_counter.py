"""Counter-proposals replace what they counter: "replace with: New York"
replaces their changed words; the clause's sentence rewritten in the editor (pre-filled with
that sentence, not the paragraph) replaces the sentence; "Accept my wording" accepts it. Never
"…the State of 8.1 This Agreement is governed by…"."""

from __future__ import annotations

import uuid

import pytest

from review.engine.counterparty import RULE_RETURNED, RULE_TRACKED
from review.models import DecisionOutcome, RecommendationStatus
from review.workflow import card_decide, review_next_round
from tests.documents.foreign_docs import _p, _r, _rev, foreign_docx
from tests.review.factories import contract_docx, decide, make_review, shown

pytestmark = pytest.mark.django_db

OURS = [
    "8. General.",
    "8.1 This Agreement is governed by the laws of the State of Delaware. Each party submits to its courts.",
]
SENTENCE = "8.1 This Agreement is governed by the laws of the State of Delaware."


def _round():  # type: ignore[no-untyped-def]
    review = make_review(contract=contract_docx([(None, t) for t in OURS]))
    for rec in review.recommendations.filter(status=RecommendationStatus.PENDING):
        decide(review, rec, "reject", reason="not in this test")
    theirs = contract_docx([(None, OURS[0]), (None, OURS[1].replace("Delaware", "New York"))])
    review_next_round(review=review, data=theirs, filename="theirs.docx", actor=review.owner)
    return review


def _law(review) -> str:  # type: ignore[no-untyped-def]
    review.refresh_from_db()
    return next(p.text for p in review.current_version.text_model.paragraphs if p.text.startswith("8.1"))


def _edit(review, rec, wording: str):  # type: ignore[no-untyped-def]
    return card_decide(review=review, actor=review.owner, recommendation_id=rec.pk,
                       proposal_id=rec.current_proposal_id, action="edit", idempotency_key=uuid.uuid4().hex,
                       wording=wording)


def test_the_editor_is_pre_filled_with_the_sentence_of_their_change_not_the_paragraph():
    review = _round()
    rec = shown(review, RULE_RETURNED)
    assert rec.current_proposal.before.endswith("the State of Delaware.")
    assert rec.current_proposal.after.endswith("the State of New York.")
    assert "Each party submits" not in rec.current_proposal.after


def test_replace_with_counters_their_changed_words():
    review = _round()
    rec = shown(review, RULE_RETURNED)
    assert decide(review, rec, "revise", instruction="replace with: California").outcome == DecisionOutcome.REVISED
    assert decide(review, shown(review, RULE_RETURNED), "accept").outcome == DecisionOutcome.APPLIED
    assert _law(review) == OURS[1].replace("Delaware", "California")


@pytest.mark.parametrize("how", ["edit", "revise"])
def test_the_clause_rewritten_replaces_its_sentence_and_accept_my_wording_accepts_it(how):
    review = _round()
    rec = shown(review, RULE_RETURNED)
    mine = "This Agreement is governed by the laws of England and Wales."
    if how == "edit":
        result = _edit(review, rec, mine)
    else:
        decide(review, rec, "revise", instruction=f"replace with: {mine}")
        result = decide(review, shown(review, RULE_RETURNED), "accept")
    assert result.outcome == DecisionOutcome.APPLIED, result.message
    law = _law(review)
    assert law.count("governed by") == 1 and "Delaware" not in law and "New York" not in law
    assert "England and Wales." in law and law.endswith("Each party submits to its courts.")


def test_a_counter_to_their_tracked_change_replaces_its_sentence_whole():
    contract = foreign_docx(_p(_r("8.1 This Agreement is governed by the laws of the State of ")
                               + _rev("del", 1, "Jane Roe", "2024-11-20T09:30:00Z", _r("Delaware", deleted=True))
                               + _rev("ins", 2, "Jane Roe", "2024-11-20T09:30:00Z", _r("New York"))
                               + _r(". Each party submits to its courts.")))
    review = make_review(contract=contract)
    rec = shown(review, RULE_TRACKED)
    assert rec.current_proposal.after == SENTENCE.replace("Delaware", "New York")
    result = _edit(review, rec, "8.1 This Agreement is governed by the laws of England.")
    assert result.outcome == DecisionOutcome.APPLIED, result.message
    law = _law(review)
    assert law == "8.1 This Agreement is governed by the laws of England. Each party submits to its courts."
