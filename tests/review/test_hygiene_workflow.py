"""Drafting checks in a review: results beside the rules' results; of the two fixes for words
and digits that disagree, accepting one withdraws the other."""

from __future__ import annotations

import pytest

from review.models import DecisionOutcome, RecommendationStatus
from review.workflow import recommendation_prepare
from tests.review.factories import contract_docx, decide, make_review, shown

pytestmark = pytest.mark.django_db

PLAYBOOK = """\
name: Drafting checks only
party: customer
hygiene: true
rules:
  - id: governing-law
    title: Governing law is stated
    find: {any: ["governed by"]}
    check: {must_exist: true}
    positions: ["This Agreement is governed by the laws of England and Wales."]
"""

CONTRACT = [
    (None, 'This Agreement is made between Acme Inc. ("Supplier") and Beta LLC ("Customer").'),
    (None, '1. "Products" means the goods in an order. "Territory" means the United Kingdom.'),
    (None, "2. Customer shall pay for the Products within thirty (60) days of delivery."),
    (None, "3. This Agreement is governed by the laws of England, as Section 9 says."),
]


def test_drafting_checks_appear_as_rule_results_and_one_fix_withdraws_the_other() -> None:
    review = make_review(playbook=PLAYBOOK, contract=contract_docx(CONTRACT))
    outcomes = {o.rule_id: o for o in review.rule_outcomes.all()}
    assert outcomes["governing-law"].status == "ok"
    assert outcomes["hygiene-unused-term"].status == "issue" and "Territory" in outcomes["hygiene-unused-term"].message
    recs = list(review.recommendations.filter(rule_id="hygiene-words-digits").order_by("ordinal"))
    assert len(recs) == 2
    first = shown(review, "hygiene-words-digits")
    assert "figure match the words" in first.current_proposal.explanation
    assert decide(review, first, "accept").outcome == DecisionOutcome.APPLIED
    review.refresh_from_db()
    assert "within thirty (30) days" in review.current_version.text_model.text
    # The other fix, shown now, is withdrawn: the words and the figure agree.
    recs[1].refresh_from_db()
    other = recommendation_prepare(review=review, recommendation=recs[1])
    assert other.status == RecommendationStatus.SUPERSEDED
