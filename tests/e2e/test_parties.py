"""In Chromium, on a real contract (CUAD): positions speak of the parties by the contract's own
names, the card warns about a term the contract does not define, and the lawyer's correction of
the parties rewrites the pending proposal."""

from __future__ import annotations

import pytest

from tests.conftest import login, screenshot, shared_data
from tests.factories import PASSWORD
from tests.review.factories import make_review

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYBOOK = """\
name: Licensee side
party: customer
rules:
  - id: ip-indemnity
    title: IP indemnity from the licensor
    severity: high
    find: {any: ["zzzz never in a contract"]}
    check: {must_exist: true}
    positions: ["{them} shall defend {us} against any claim that the licensed programs infringe a third party's rights during the Subscription Term or the Order Term."]
"""


def test_positions_use_the_contracts_party_names_and_undefined_terms_are_flagged(browser_page):
    contract = shared_data("cuad", "docx", "cuad_license_02.docx").read_bytes()
    review = make_review(playbook=PLAYBOOK, contract=contract)
    page = browser_page
    login(page, review.owner.username, PASSWORD)
    page.goto(f"/reviews/{review.pk}/")
    page.wait_for_selector("#card-title")
    summary = page.locator("#parties summary").inner_text()
    assert "Rogers" in summary and "(us)" in summary and "Licensor" in summary
    edit = page.locator("#proposed-edit").inner_text()
    assert "Licensor shall defend Rogers against any claim" in edit
    assert "{us}" not in edit and "{them}" not in edit
    # "Subscription Term" (a library term the contract lacks) is written as its own "Term" and the
    # card says so; "Order Term" is not one Redpen knows: it stays, with the warning.
    assert "during the Term or the Order Term" in edit  # the contract defines "Term"
    assert "Adapted to this contract" in page.locator(".explanation").first.inner_text()
    warning = page.locator("#undefined-terms")
    assert warning.is_visible()
    assert "Order Term" in warning.inner_text() and "Subscription Term" not in warning.inner_text()
    screenshot(page, "parties-card")

    # The lawyer corrects the names; the pending proposal is written again with them.
    page.click("#parties summary")
    page.fill("#parties-form input[name=us]", "Rogers Cable")
    page.fill("#parties-form input[name=them]", "the Licensor")
    page.click("#parties-form button[type=submit]")
    page.wait_for_selector("text=written again with these names")
    page.wait_for_selector("#card-title")
    edit = page.locator("#proposed-edit").inner_text()
    assert "The Licensor shall defend Rogers Cable against any claim" in edit
    assert "corrected" in page.locator("#parties summary").inner_text()
    screenshot(page, "parties-corrected")
    # At 390 px the parties form and the warning fit the screen (the page header is not ours).
    page.set_viewport_size({"width": 390, "height": 844})
    page.click("#parties summary")
    assert page.locator("#parties-form").is_visible()
    screenshot(page, "parties-390")
    for selector in ("#parties", "#parties-form", "#undefined-terms"):
        box = page.locator(selector).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, (selector, box)
    assert page.redpen_errors == []
