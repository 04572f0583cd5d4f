"""Negotiation rounds and approvals in a real Chromium: a counter-proposal on their
change from the card's editor, the round's two redlines, and an approved edit that could not be
applied shown to the lawyer on the card and in the inbox."""

from __future__ import annotations

import io
import zipfile

import pytest

from review.models import ReviewStatus
from tests.conftest import login, screenshot
from tests.factories import PASSWORD
from tests.review.test_approvals import senior  # noqa: F401  (the fixture)
from tests.review.workflow.test_approvals_carry import failed_application
from tests.review.workflow.test_rounds_counter import _law, _round
from tests.review.workflow.test_rounds_redlines import _decided_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _xml(path: str) -> str:
    with zipfile.ZipFile(io.BytesIO(open(path, "rb").read())) as package:
        return package.read("word/document.xml").decode()


def test_a_counter_proposal_on_their_change_replaces_the_sentence_from_the_editor(browser_page):
    review = _round()
    page = browser_page
    login(page, review.owner.username, PASSWORD)
    page.goto(f"/reviews/{review.pk}/")
    page.click("#edit-in-place summary")
    box = page.locator("#wording")
    prefilled = box.input_value()
    # The sentence of their change, not the paragraph.
    assert prefilled.endswith("the State of New York.") and "Each party submits" not in prefilled
    box.fill("This Agreement is governed by the laws of England and Wales.")
    screenshot(page, "round-counter-editor")
    page.click("text=Accept my wording")
    page.wait_for_selector("text=Download redline against their draft")
    law = _law(review)
    assert law == "8.1 This Agreement is governed by the laws of England and Wales. Each party submits to its courts."
    review.refresh_from_db()
    assert review.status == ReviewStatus.COMPLETED


def test_the_round_offers_two_redlines_and_the_default_is_against_their_draft(browser_page):
    review = _decided_round()
    page = browser_page
    login(page, review.owner.username, PASSWORD)
    page.goto(f"/reviews/{review.pk}/")
    page.wait_for_selector("#final-check")
    screenshot(page, "round-two-redlines")
    with page.expect_download() as theirs:
        page.click("#redline-theirs")
    with page.expect_download() as sent:
        page.click("#redline-sent")
    assert "against-their-draft" in theirs.value.suggested_filename
    assert "against-our-last-draft" in sent.value.suggested_filename
    against_theirs, against_sent = _xml(theirs.value.path()), _xml(sent.value.path())
    assert 'w:author="Jane Roe"' in against_theirs and "New York" in against_theirs
    assert "New York" not in against_sent and "seven" in against_sent


def test_an_approval_that_could_not_be_applied_is_on_the_lawyers_card_and_in_their_inbox(browser_page, senior):  # noqa: F811
    review, _, result = failed_application(senior)
    assert not result.ok
    page = browser_page
    login(page, review.owner.username, PASSWORD)
    page.goto("/")
    assert page.locator("#inbox-count").inner_text() == "1"
    page.click("nav >> text=Inbox")
    page.click("text=Not applied: A limitation of liability clause must exist")
    page.wait_for_selector("text=The approved edit could not be applied")
    assert page.locator("#card-title").inner_text().startswith("A limitation")
    screenshot(page, "approval-failed-application-card")
