"""In Chromium: a clause the playbook expects only where the contract has what it qualifies
(``applies_when``) is shown in the rule results as "not expected", with the reason, never as
"passed" and never as a card to decide (docs/playbook-format.md, "applies_when")."""

from __future__ import annotations

import pytest

from tests.conftest import login, screenshot, shared_data
from tests.factories import PASSWORD
from tests.review.factories import make_review

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYBOOK = """\
name: Renewals
party: customer
rules:
  - id: notice-to-stop-renewal
    title: The contract says how to stop a renewal
    severity: medium
    find: {any: ["notice of non-renewal"]}
    check: {must_exist: true}
    applies_when: {any: ["automatically renew"]}
    positions: ["Either party may prevent a renewal by written notice at least sixty (60) days before the end of the term."]
  - id: governing-law
    title: The contract names the law that governs it
    severity: high
    find: {any: ["zzzz never in a contract"]}
    check: {must_exist: true}
    flag_only: true
    positions: ["This Agreement shall be governed by the laws of the State of New York."]
"""


@pytest.mark.parametrize("width", [390, 1280])
def test_a_clause_not_expected_is_shown_as_such_with_its_reason(browser_page, width):
    # A licence agreement that never says it renews automatically.
    contract = shared_data("cuad", "docx", "cuad_license_02.docx").read_bytes()
    assert b"automatically renew" not in contract
    review = make_review(playbook=PLAYBOOK, contract=contract)
    page = browser_page
    page.set_viewport_size({"width": width, "height": 900})
    login(page, review.owner.username, PASSWORD)
    page.goto(f"/reviews/{review.pk}/")
    page.wait_for_selector("#rule-results-table")
    # The notice period asks for no decision: no recommendation, no card.
    assert not review.recommendations.filter(rule_id="notice-to-stop-renewal").exists()
    row = page.locator("#rule-results-table tr", has_text="how to stop a renewal")
    row.scroll_into_view_if_needed()
    assert row.locator(".badge.st-not_expected").inner_text() == "not expected"
    assert "passed" not in row.inner_text()
    assert row.locator("td").nth(3).inner_text().startswith("Not expected in this contract")  # no "—" before it
    assert "automatically renew" in row.inner_text()
    assert row.is_visible()
    screenshot(page, f"rule-results-not-expected-{width}")
