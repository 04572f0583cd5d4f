"""Approvals (docs/decisions/approvals.md) in a real Chromium: a lawyer accepts a fallback on a requires_approval rule, the
approver sees it in the inbox and approves, the review completes, the redline has the edit."""

from __future__ import annotations

import io
import zipfile

import pytest
from django.contrib.auth.models import Group

from core.models import Team
from review.models import Review, ReviewStatus
from tests.conftest import browser_context, login, screenshot
from tests.factories import PASSWORD, UserFactory
from tests.review.factories import author_user, make_review
from tests.review.test_approvals import GATED_PLAYBOOK

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_fallback_on_a_gated_rule_is_approved_from_the_inbox_and_the_review_completes(browser_page):
    senior = UserFactory(username="sam-senior", first_name="Sam", last_name="Senior")
    senior.groups.add(Group.objects.get_or_create(name="Senior counsel")[0])
    lawyer = author_user(username="lee-lawyer")
    # Approvers belong to the review's team (docs/decisions/approvals.md).
    team = Team.objects.get_or_create(name="Legal")[0]
    team.members.add(lawyer, senior)
    review = make_review(lawyer, playbook=GATED_PLAYBOOK, team=team)
    page = browser_page
    login(page, lawyer.username, PASSWORD)
    page.goto(f"/reviews/{review.pk}/")
    assert page.locator("#card-title").inner_text().startswith("Payment")
    page.fill("#instruction", "fallback")
    page.click("button[value=revise]")
    page.wait_for_selector("text=forty-five")
    page.click("button[value=accept]")
    page.wait_for_selector("text=sent for approval to Senior counsel group")
    # The lawyer goes on with the rest meanwhile.
    page.click("button[value=accept]")
    page.wait_for_function("() => document.querySelector('#card-title').innerText.startsWith('A limitation')")
    page.click("button[value=accept]")
    page.wait_for_selector("text=Waiting for approval")
    screenshot(page, "approval-lawyer-waiting")
    review.refresh_from_db()
    assert review.status == ReviewStatus.AWAITING_DECISION

    approver = browser_context(page.context.browser, base_url=page.url.split("/reviews")[0])
    approver_page = approver.new_page()
    login(approver_page, senior.username, PASSWORD)
    assert approver_page.locator("#inbox-count").inner_text() == "1"
    approver_page.click("nav >> text=Inbox")
    screenshot(approver_page, "approval-inbox")
    approver_page.click("text=Approve: Payment within 30 days at most")
    assert "forty-five" in approver_page.locator("#proposed-edit").inner_text()
    assert approver_page.get_by_text("Longer terms hurt our cash flow").is_visible()
    screenshot(approver_page, "approval-item")
    approver_page.click("button:has-text('Approve')")
    approver_page.wait_for_selector("text=The review is complete")
    approver.close()

    page.reload()
    page.wait_for_selector("text=Download redline .docx")
    review = Review.objects.get(pk=review.pk)
    assert review.status == ReviewStatus.COMPLETED
    with page.expect_download() as download:
        page.click("text=Download redline .docx")
    with zipfile.ZipFile(io.BytesIO(open(download.value.path(), "rb").read())) as package:
        xml = package.read("word/document.xml").decode()
    assert "forty-five" in xml and "<w:ins " in xml
    screenshot(page, "approval-lawyer-completed")
