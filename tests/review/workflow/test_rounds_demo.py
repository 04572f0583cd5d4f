"""The issue's demo case, reproduced on the demo review (core/demo.py, saas-customer.yaml): we
accepted the price-increase fallback ("five percent (5%)"); their returned draft put "seven
percent (7%)" back and moved the law to New York. Before: two items ("five"->"seven", "5"->"7"),
one accepted and one rejected gave "seven percent (5%)"; a counter to the law garbled the
clause. Now: one item each, decided whole; the counter replaces the sentence."""

from __future__ import annotations

import io
import uuid

import pytest
from docx import Document as DocxDocument

from contracts.document import structure_of
from contracts.drafting_checks.words_and_digits import words_and_digits
from core.demo import build_demo_contract_docx
from documents.selectors import version_docx
from review.engine.counterparty import RULE_RETURNED
from review.models import DecisionOutcome, RecommendationStatus
from review.workflow import card_decide, recommendation_prepare, review_next_round
from tests.conftest import ROOT
from tests.review.factories import decide, make_review, shown

pytestmark = pytest.mark.django_db

SAAS = (ROOT / "playbooks" / "library" / "saas-customer.yaml").read_text()


def _their_draft(ours: bytes) -> bytes:
    document = DocxDocument(io.BytesIO(ours))
    for paragraph in document.paragraphs:
        text = paragraph.text
        new = text.replace("five percent (5%)", "seven percent (7%)").replace("State of Delaware, U.S.A.",
                                                                               "State of New York")
        if new != text:
            for run in paragraph.runs[1:]:
                run.text = ""
            paragraph.runs[0].text = new
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def _demo_round():  # type: ignore[no-untyped-def]
    review = make_review(playbook=SAAS, contract=build_demo_contract_docx())
    price = shown(review, "price-increase-cap")
    assert decide(review, price, "revise", instruction="fallback").outcome == DecisionOutcome.REVISED
    assert decide(review, shown(review, "price-increase-cap"), "accept").outcome == DecisionOutcome.APPLIED
    for rec in review.recommendations.filter(status=RecommendationStatus.PENDING):
        review.refresh_from_db()
        decide(review, recommendation_prepare(review=review, recommendation=rec), "reject", reason="later")
    review.refresh_from_db()
    assert "five percent (5%)" in review.current_version.text_model.text
    review_next_round(review=review, data=_their_draft(version_docx(review.current_version)),
                      filename="returned.docx", actor=review.owner)
    return review


def test_the_demo_round_gives_one_item_per_change_and_decides_it_whole():
    review = _demo_round()
    theirs = list(review.recommendations.filter(rule_id=RULE_RETURNED).order_by("ordinal"))
    assert len(theirs) == 2, [r.rule_title for r in theirs]
    price = next(r for r in theirs if "percent" in r.rule_title)
    review.refresh_from_db()
    decide(review, recommendation_prepare(review=review, recommendation=price), "accept")
    review.refresh_from_db()
    model = review.current_version.text_model
    assert "seven percent (7%)" in model.text and "seven percent (5%)" not in model.text
    assert words_and_digits(model, structure_of(model)) == []


def test_the_demo_counter_to_their_law_replaces_the_sentence():
    review = _demo_round()
    law = next(r for r in review.recommendations.filter(rule_id=RULE_RETURNED) if "New York" in r.rule_title)
    review.refresh_from_db()
    law = recommendation_prepare(review=review, recommendation=law)
    prefilled = law.current_proposal.after
    assert prefilled.startswith("8.1 This Agreement is governed by the laws of the State of New York")
    mine = prefilled.replace("State of New York", "England and Wales").replace("Wilmington, Delaware",
                                                                             "London")
    result = card_decide(review=review, actor=review.owner, recommendation_id=law.pk,
                         proposal_id=law.current_proposal_id, action="edit", idempotency_key=uuid.uuid4().hex,
                         wording=mine)
    # "London" is a word this contract does not use: the edit checker warns once, the lawyer
    # accepts their wording anyway (docs/decisions/edit-checker.md).
    assert result.outcome == DecisionOutcome.FAILED and "London" in result.message
    law.refresh_from_db()
    result = card_decide(review=review, actor=review.owner, recommendation_id=law.pk,
                         proposal_id=law.current_proposal_id, action="accept", idempotency_key=uuid.uuid4().hex,
                         override=True)
    assert result.outcome == DecisionOutcome.APPLIED, result.message
    review.refresh_from_db()
    text = review.current_version.text_model.text
    assert mine in text and text.count("This Agreement is governed by") == 1
