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


def test_drafting_checks_in_the_web_review_page_and_accepted_through_htmx(client) -> None:  # type: ignore[no-untyped-def]
    import re

    from django.urls import reverse

    review = make_review(playbook=PLAYBOOK, contract=contract_docx(CONTRACT))
    client.force_login(review.owner)
    page = client.get(reverse("review:detail", args=[review.pk])).content.decode()
    # Each check is a row of the rule results, low severity, with what was found and what to do.
    results = page[page.index("Rule results") :]
    for check in ("hygiene-unused-term", "hygiene-words-digits", "hygiene-numbering"):
        assert check in results
    row = results[results.index("hygiene-unused-term") :].split("</tr>", 1)[0]
    assert "sev-low" in row and "Territory" in row and "Delete the definition" in row
    # The words-and-digits card offers the first fix and says the other is offered too.
    assert "figure match the words" in page and "accepting one withdraws the other" in page
    form = page[page.index('id="decision-form"') :]
    fields = dict(re.findall(r'name="(recommendation|proposal|key)" value="([^"]*)"', form)[:3])
    response = client.post(
        reverse("review:decide", args=[review.pk]), {**fields, "action": "accept"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    review.refresh_from_db()
    assert "within thirty (30) days" in review.current_version.text_model.text
    statuses = sorted(review.recommendations.filter(rule_id="hygiene-words-digits").values_list("status", flat=True))
    assert statuses[0] == RecommendationStatus.ACCEPTED
