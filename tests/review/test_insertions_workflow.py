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

# Two clauses the contract lacks (it has a liability cap in 12.2 and insurance in 12.1: inserting
# those again is a duplicate the edit checker holds back, tests/review/engine/test_edit_checker.py).
PLAYBOOK = """\
name: Missing clauses
party: customer
rules:
  - id: publicity
    title: No press release without consent
    severity: critical
    find: {any: ["zzzz never in a contract"]}
    check: {must_exist: true}
    positions: ["Neither party shall issue any press release about this Agreement without the other party's prior written consent."]
  - id: anti-bribery
    title: Anti-bribery compliance
    severity: medium
    find: {any: ["qqqq never in a contract"]}
    check: {must_exist: true}
    positions: ["Each party shall comply with all applicable anti-bribery laws in performing this Agreement."]
"""


def test_accepted_insertions_land_before_in_witness_numbered_in_acceptance_order() -> None:
    contract = shared_data("cuad", "docx", "cuad_development_01.docx").read_bytes()
    review = make_review(playbook=PLAYBOOK, contract=contract)
    # The lawyer accepts the second recommendation first.
    bribery = shown(review, "anti-bribery")
    assert bribery.current_proposal.after.startswith("14.12. Each party shall comply with all applicable anti-bribery")
    assert decide(review, bribery, "accept").outcome == DecisionOutcome.APPLIED
    publicity = shown(review, "publicity")  # re-anchored on version 2
    assert publicity.current_proposal.after.startswith("14.13. Neither party shall issue any press release")
    assert decide(review, publicity, "accept").outcome == DecisionOutcome.APPLIED
    review.refresh_from_db()
    for text in (review.current_version.text_model.text, build_text_model(version_docx(review.current_version)).text):
        bribery_at = text.index("14.12. Each party shall comply with all applicable anti-bribery")
        publicity_at = text.index("14.13. Neither party shall issue any press release")
        assert bribery_at < publicity_at < text.index("IN WITNESS WHEREOF")
        assert text.index("14.11") < bribery_at  # after the last clause of the body
