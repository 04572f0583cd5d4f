"""In Chromium, on a real contract (CUAD): a proposal the edit checker found a defect in is shown
as needing the lawyer's wording (no Accept button, edit-in-place open, the reasons); the lawyer's
own wording with a defect is accepted only after they override the warning, and the trail says so
(docs/decisions/edit-checker.md)."""

from __future__ import annotations

import pytest

from review.models import RecommendationStatus, ReviewEvent
from tests.conftest import login, screenshot, shared_data
from tests.factories import PASSWORD
from tests.review.factories import make_review

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The licence agreement defines no "Program Materials" nor "Escrow Materials".
PLAYBOOK = """\
name: Licensee side
party: customer
rules:
  - id: confidentiality
    title: Confidentiality of the materials
    severity: high
    find: {any: ["zzzz never in a contract"]}
    check: {must_exist: true}
    positions: ["{them} shall keep the Program Materials confidential."]
"""


def test_a_proposal_that_needs_the_lawyers_wording_and_an_override_of_their_own(browser_page):
    contract = shared_data("cuad", "docx", "cuad_license_02.docx").read_bytes()
    review = make_review(playbook=PLAYBOOK, contract=contract)
    page = browser_page
    login(page, review.owner.username, PASSWORD)
    page.goto(f"/reviews/{review.pk}/")
    page.wait_for_selector("#card-title")
    reasons = page.locator("#edit-defects")
    assert reasons.is_visible()
    assert "needs your wording" in reasons.inner_text() and "“Program Materials”" in reasons.inner_text()
    assert "Licensor shall keep the Program Materials confidential" in page.locator("#proposed-edit").inner_text()
    assert page.locator("#accept-form").count() == 0
    assert page.get_by_role("button", name="Accept", exact=False).filter(has_text="Accept a").count() == 0
    assert page.locator("#edit-in-place").get_attribute("open") is not None
    wording = page.locator("#wording")
    assert wording.is_visible() and "Program Materials" in wording.input_value()
    screenshot(page, "edit-checker-needs-wording")

    # The lawyer's own wording still names a term the contract lacks: a warning, not an acceptance.
    wording.fill("30. Licensor shall keep the Escrow Materials confidential.")
    page.click("#accept-wording")
    page.wait_for_selector("#accept-anyway")
    assert "warns about this wording" in page.locator("#edit-defects").inner_text()
    assert "“Escrow Materials”" in page.locator("#edit-defects").inner_text()
    assert review.recommendations.get().status == RecommendationStatus.PENDING
    screenshot(page, "edit-checker-own-wording-warning")

    page.click("#accept-anyway")
    page.wait_for_selector("#finished")
    assert review.recommendations.get().status == RecommendationStatus.ACCEPTED
    assert ReviewEvent.objects.filter(review=review, kind="decision.override").count() == 1
    page.click("text=Audit trail")
    trail = page.locator("#audit-trail").inner_text()
    assert "Own wording accepted despite the edit checker's warnings" in trail
    assert page.redpen_errors == []
