"""Accepting missing clauses in the workflow (review_decide): each lands before the signature
block of a real CUAD contract, numbered, in the order the lawyer accepted them, and the clean
.docx says the same."""

from __future__ import annotations

import pytest

from documents.docx.textmodel import build_text_model
from documents.selectors import version_docx
from review.models import DecisionOutcome
from tests.conftest import shared_data
from tests.review.factories import decide, make_review, shown

pytestmark = pytest.mark.django_db

PLAYBOOK = """\
name: Missing clauses
party: customer
rules:
  - id: liability-cap
    title: A liability cap must exist
    severity: critical
    find: {any: ["zzzz never in a contract"]}
    check: {must_exist: true}
    positions: ["Neither party's total liability shall exceed the fees paid in the twelve (12) months before the claim."]
  - id: insurance
    title: Insurance must be kept
    severity: medium
    find: {any: ["qqqq never in a contract"]}
    check: {must_exist: true}
    positions: ["Each party shall maintain insurance adequate to its obligations under this Agreement."]
"""


def test_accepted_insertions_land_before_in_witness_numbered_in_acceptance_order() -> None:
    contract = shared_data("cuad", "docx", "cuad_development_01.docx").read_bytes()
    review = make_review(playbook=PLAYBOOK, contract=contract)
    # The lawyer accepts the second recommendation first.
    insurance = shown(review, "insurance")
    assert insurance.current_proposal.after.startswith("14.12. Each party shall maintain insurance")
    assert decide(review, insurance, "accept").outcome == DecisionOutcome.APPLIED
    cap = shown(review, "liability-cap")  # re-anchored on version 2
    assert cap.current_proposal.after.startswith("14.13. Neither party's total liability")
    assert decide(review, cap, "accept").outcome == DecisionOutcome.APPLIED
    review.refresh_from_db()
    for text in (review.current_version.text_model.text, build_text_model(version_docx(review.current_version)).text):
        insurance_at = text.index("14.12. Each party shall maintain insurance")
        cap_at = text.index("14.13. Neither party's total liability")
        assert insurance_at < cap_at < text.index("IN WITNESS WHEREOF")
        assert text.index("14.11") < insurance_at  # after the last clause of the body
