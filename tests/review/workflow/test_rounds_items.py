"""Their change is one item: a tracked replacement of theirs in the returned
draft, or an untracked changed phrase, is one decision, accepted or rejected whole; never
"five"->"seven" and "5"->"7" apart (which gave "seven percent (5%)")."""

from __future__ import annotations

import pytest

from documents.docx.compare import compare
from documents.docx.textmodel import build_text_model
from review.engine.counterparty import RULE_RETURNED
from review.models import RecommendationStatus
from review.workflow import review_next_round
from tests.documents.foreign_docs import _p, _r, _rev, foreign_docx
from tests.review.factories import contract_docx, decide, make_review, shown

pytestmark = pytest.mark.django_db

OURS = [
    "1. Fees. The Customer pays the fees in the Order Form.",
    "2. Price increases. Prices may rise once a year by no more than five percent (5%) of the fees.",
    "3. Law. This Agreement is governed by the laws of the State of Delaware.",
]


def _sent() -> bytes:
    return contract_docx([(None, text) for text in OURS])


def _returned_tracked() -> bytes:
    """Jane put "seven percent (7%)" back in one tracked replacement, as Word records it."""
    return foreign_docx(
        _p(_r(OURS[0]))
        + _p(_r("2. Price increases. Prices may rise once a year by no more than ")
             + _rev("del", 301, "Jane Roe", "2024-11-20T09:30:00Z", _r("five percent (5%)", deleted=True))
             + _rev("ins", 302, "Jane Roe", "2024-11-20T09:30:00Z", _r("seven percent (7%)"))
             + _r(" of the fees."))
        + _p(_r(OURS[2]))
    )


def _returned_untracked() -> bytes:
    return contract_docx([(None, OURS[0]), (None, OURS[1].replace("five percent (5%)", "seven percent (7%)")),
                          (None, OURS[2])])


def _texts(review) -> list[str]:  # type: ignore[no-untyped-def]
    review.refresh_from_db()
    return [p.text for p in review.current_version.text_model.paragraphs if p.text.strip()]


@pytest.mark.parametrize("returned", [_returned_tracked, _returned_untracked])
def test_a_replaced_phrase_is_one_difference(returned):
    differences = compare(build_text_model(_sent()), build_text_model(returned()))
    assert [(d.before, d.after) for d in differences] == [("five percent (5%)", "seven percent (7%)")]


@pytest.mark.parametrize("returned", [_returned_tracked, _returned_untracked])
@pytest.mark.parametrize("action", ["accept", "reject"])
def test_their_replacement_is_decided_whole(returned, action):
    review = make_review(contract=_sent())
    for rec in review.recommendations.filter(status=RecommendationStatus.PENDING):
        decide(review, rec, "reject", reason="not in this test")
    result = review_next_round(review=review, data=returned(), filename="theirs.docx", actor=review.owner)
    assert result.items == 1
    decide(review, shown(review, RULE_RETURNED), action, reason="we keep ours")
    expected = "seven percent (7%)" if action == "accept" else "five percent (5%)"
    assert expected in _texts(review)[1]
    assert "seven percent (5%)" not in _texts(review)[1] and "five percent (7%)" not in _texts(review)[1]


def test_their_tracked_item_shows_their_name_as_written_and_their_date():
    review = make_review(contract=_sent())
    review_next_round(review=review, data=_returned_tracked(), filename="theirs.docx", actor=review.owner)
    rec = review.recommendations.get(rule_id=RULE_RETURNED)
    assert rec.author == "Jane Roe" and rec.changed_at is not None and rec.changed_at.day == 20
    assert rec.rule_title.startswith("Jane Roe changed “five percent (5%)” to “seven percent (7%)” on 20 Nov 2024")
    assert "In their returned draft, Jane Roe changed" in rec.current_proposal.explanation


def test_one_tracked_change_of_theirs_stays_one_difference_however_far_apart_its_words():
    ours = "Payment is due within thirty (30) days of the invoice date in every case."
    theirs = "Payment is due within sixty (60) days of the date of the invoice in every case."
    sent = contract_docx([(None, ours)])
    old, new = "thirty (30) days of the invoice date", "sixty (60) days of the date of the invoice"
    tracked = foreign_docx(_p(_r("Payment is due within ")
                              + _rev("del", 1, "Jane Roe", "2024-11-20T09:30:00Z", _r(old, deleted=True))
                              + _rev("ins", 2, "Jane Roe", "2024-11-20T09:30:00Z", _r(new))
                              + _r(" in every case.")))
    untracked = compare(build_text_model(sent), build_text_model(contract_docx([(None, theirs)])))
    assert len(untracked) == 2  # two phrases apart: "thirty (30)" and "invoice date"
    spans = {0: ((len("Payment is due within "), len("Payment is due within ") + len(new)),)}
    joined = compare(build_text_model(sent), build_text_model(tracked), spans)
    assert [(d.before, d.after) for d in joined] == [(old, new)]


@pytest.mark.parametrize("action", ["accept", "reject"])
def test_a_tracked_replacement_written_insertion_first_is_one_item_decided_whole(action):
    from review.engine.counterparty import RULE_TRACKED

    contract = foreign_docx(_p(_r("Prices may rise by no more than ")
                               + _rev("ins", 2, "Jane Roe", "2024-11-20T09:30:00Z", _r("seven percent (7%)"))
                               + _rev("del", 1, "Jane Roe", "2024-11-20T09:30:00Z",
                                      _r("five percent (5%)", deleted=True))
                               + _r(" of the fees.")))
    review = make_review(contract=contract)
    theirs = list(review.recommendations.filter(rule_id=RULE_TRACKED))
    assert len(theirs) == 1
    decide(review, shown(review, RULE_TRACKED), action, reason="ours")
    expected = "seven percent (7%)" if action == "accept" else "five percent (5%)"
    assert _texts(review) == [f"Prices may rise by no more than {expected} of the fees."]
