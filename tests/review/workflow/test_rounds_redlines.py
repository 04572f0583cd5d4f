"""The two redlines of a round: by default against the draft they returned
(their changes we kept read as accepted; one we did not keep stays theirs, under our deletion of
their text), and beside it against the version we last sent them."""

from __future__ import annotations

import pytest
from django.urls import reverse

from documents.docx.textmodel import build_text_model
from review.engine.counterparty import RULE_RETURNED
from review.models import RecommendationStatus
from review.workflow import recommendation_prepare, review_next_round
from review.workflow.rounds import round_redline_sent, round_redline_theirs
from tests.documents.foreign_docs import _p, _r, _rev, foreign_docx
from tests.documents.helpers import document_root, nonempty, paragraph_texts, q
from tests.review.factories import contract_docx, decide, make_review

pytestmark = pytest.mark.django_db

DATE = "2024-11-20T09:30:00Z"
OURS = [
    "1. Price. Prices may rise by no more than five percent (5%) a year.",
    "2. Payment. Invoices are due within thirty (30) days of receipt.",
    "3. Law. This Agreement is governed by the laws of England.",
]


def _theirs() -> bytes:
    """Jane tracked two replacements (price, law); the payment term changed untracked."""
    return foreign_docx(
        _p(_r("1. Price. Prices may rise by no more than ")
           + _rev("del", 11, "Jane Roe", DATE, _r("five percent (5%)", deleted=True))
           + _rev("ins", 12, "Jane Roe", DATE, _r("seven percent (7%)")) + _r(" a year."))
        + _p(_r(OURS[1].replace("thirty (30)", "sixty (60)")))
        + _p(_r("3. Law. This Agreement is governed by the laws of ")
             + _rev("del", 13, "Jane Roe", DATE, _r("England", deleted=True))
             + _rev("ins", 14, "Jane Roe", DATE, _r("New York")) + _r("."))
    )


def _decided_round():  # type: ignore[no-untyped-def]
    """We accept their price, reject their payment term and their law."""
    review = make_review(contract=contract_docx([(None, t) for t in OURS]))
    for rec in review.recommendations.filter(status=RecommendationStatus.PENDING):
        decide(review, rec, "reject", reason="not in this test")
    review_next_round(review=review, data=_theirs(), filename="theirs.docx", actor=review.owner)
    for rec in review.recommendations.filter(rule_id=RULE_RETURNED).order_by("ordinal"):
        review.refresh_from_db()
        rec = recommendation_prepare(review=review, recommendation=rec)
        decide(review, rec, "accept" if "percent" in rec.current_proposal.before else "reject", reason="ours")
    review.refresh_from_db()
    return review


def _revisions(data: bytes) -> set[tuple[str, str, str]]:
    root = document_root(data)
    return {(name, e.get(q("author")), "".join(t.text or "" for t in e.iter(q("t"), q("delText"))))
            for name in ("ins", "del") for e in root.iter(q(name))}


def test_the_redline_against_their_draft_shows_what_we_did_to_it():
    review = _decided_round()
    data = round_redline_theirs(review, "Ada Lovelace")
    final = [p.text for p in review.current_version.text_model.paragraphs if p.text.strip()]
    assert nonempty(paragraph_texts(data, "accept")) == final  # accepting all gives our version
    revisions = _revisions(data)
    # Their price change, kept, reads as accepted: no markup of theirs on it.
    assert not any("seven percent" in text for _, _, text in revisions)
    # Their untracked payment term: our change of their words.
    ours = " ".join(text for kind, who, text in revisions if who == "Ada Lovelace" and kind == "ins")
    struck = " ".join(text for kind, who, text in revisions if who == "Ada Lovelace" and kind == "del")
    assert "sixty" in struck and "60" in struck and "thirty" in ours and "30" in ours
    # Their tracked law, rejected: still their insertion, with our deletion of their text on it.
    assert ("ins", "Jane Roe", "New York") in revisions and ("del", "Ada Lovelace", "New York") in revisions
    assert build_text_model(data).paragraphs  # a valid package


def test_the_redline_against_our_last_draft_shows_this_round_only():
    review = _decided_round()
    data = round_redline_sent(review)
    revisions = _revisions(data)
    assert any("seven" in text for kind, _, text in revisions if kind == "ins")
    assert not any("sixty" in text or "New York" in text for _, _, text in revisions)
    final = [p.text for p in review.current_version.text_model.paragraphs if p.text.strip()]
    assert nonempty(paragraph_texts(data, "accept")) == final
    assert nonempty(paragraph_texts(data, "reject")) == OURS


def test_the_completion_page_offers_both_and_the_default_is_against_their_draft(client):
    review = _decided_round()
    client.force_login(review.owner)
    page = client.get(reverse("review:detail", args=[review.pk])).content.decode()
    assert "Download redline against their draft" in page and "Redline against our version" in page
    response = client.get(reverse("review:download", args=[review.pk, "redline"]))
    assert "against-their-draft" in response["Content-Disposition"]
    assert ("ins", "Jane Roe", "New York") in _revisions(response.content)
