"""The review in a real Chromium: upload to downloads, double-click, two tabs, reload, keys."""

from __future__ import annotations

import pytest

from documents.models import DocumentVersion
from review.models import Decision, DecisionOutcome, Review, ReviewStatus
from tests.conftest import login, screenshot
from tests.factories import PASSWORD
from tests.review.factories import PLAYBOOK_YAML, author_user, contract_docx, make_review

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def card_title(page) -> str:
    return page.locator("#card-title").inner_text()


def test_whole_flow_from_upload_to_downloads(browser_page, celery_worker, tmp_path):
    from playbooks.services import playbook_upload

    user = author_user()
    playbook_upload(author=user, source=PLAYBOOK_YAML)
    page = browser_page
    login(page, user.username, PASSWORD)
    page.click("text=New review")
    contract = tmp_path / "msa.docx"
    contract.write_bytes(contract_docx())
    page.set_input_files("input[name=contract]", str(contract))
    screenshot(page, "review-new")
    page.click("button:has-text('Upload and analyse')")
    # Progress polling, then straight into the first card.
    page.wait_for_selector("#card-title")
    screenshot(page, "review-card")
    assert card_title(page) == "Payment within 30 days at most"
    assert page.locator("#proposed-edit ins").count() >= 1
    page.click("button[value=accept]")
    page.wait_for_function("() => document.querySelector('#card-title').innerText.startsWith('Renewal')")
    page.fill("input[name=reason]", "Renewals are fine for this vendor.")
    page.click("button[value=reject]")
    page.wait_for_function("() => document.querySelector('#card-title').innerText.startsWith('A limitation')")
    page.fill("#instruction", "softer")
    page.click("button[value=revise]")
    page.wait_for_selector("text=revised: “softer”")
    assert "twenty-four (24) months" in page.locator("#proposed-edit").inner_text()
    screenshot(page, "review-revised")
    page.click("button[value=accept]")
    page.wait_for_selector("text=Download clean .docx")
    screenshot(page, "review-completed")
    review = Review.objects.get(owner=user)
    assert review.status == ReviewStatus.COMPLETED
    assert page.locator(".doc-preview ins").count() >= 2
    with page.expect_download() as clean:
        page.click("text=Download clean .docx")
    with page.expect_download() as redline:
        page.click("text=Download redline .docx")
    assert clean.value.suggested_filename == "msa-v3-clean.docx"
    assert redline.value.suggested_filename == "msa-v3-redline.docx"


def test_double_click_on_accept_applies_once(browser_page):
    review = make_review()
    page = browser_page
    login(page, review.owner.username, PASSWORD)
    page.goto(f"/reviews/{review.pk}/")
    page.dblclick("button[value=accept]")
    page.wait_for_function("() => document.querySelector('#card-title').innerText.startsWith('Renewal')")
    page.wait_for_load_state("networkidle")
    assert Decision.objects.filter(review=review, outcome=DecisionOutcome.APPLIED).count() == 1
    assert DocumentVersion.objects.filter(document=review.document).count() == 2


def test_second_tab_click_is_stale_and_shows_the_message_and_current_card(browser_page):
    review = make_review()
    page = browser_page
    login(page, review.owner.username, PASSWORD)
    page.goto(f"/reviews/{review.pk}/")
    tab_b = page.context.new_page()
    tab_b.goto(f"/reviews/{review.pk}/")
    page.click("button[value=accept]")
    page.wait_for_function("() => document.querySelector('#card-title').innerText.startsWith('Renewal')")
    tab_b.click("button[value=reject]")
    tab_b.wait_for_selector("text=This changed since you opened it")
    assert card_title(tab_b).startswith("Renewal")
    screenshot(tab_b, "review-stale-tab")
    assert review.recommendations.get(rule_id="payment-terms").status == "accepted"


def test_reload_in_the_middle_resumes_at_the_same_card(browser_page):
    review = make_review()
    page = browser_page
    login(page, review.owner.username, PASSWORD)
    page.goto(f"/reviews/{review.pk}/")
    page.click("button[value=accept]")
    page.wait_for_function("() => document.querySelector('#card-title').innerText.startsWith('Renewal')")
    page.reload()
    assert card_title(page).startswith("Renewal")
    # Open a later card from the sidebar, reload: still that card.
    page.click("#sidebar >> text=A limitation of liability clause must exist")
    page.wait_for_function("() => document.querySelector('#card-title').innerText.startsWith('A limitation')")
    page.reload()
    assert card_title(page).startswith("A limitation")


def test_keyboard_shortcuts(browser_page):
    review = make_review()
    page = browser_page
    login(page, review.owner.username, PASSWORD)
    page.goto(f"/reviews/{review.pk}/")
    page.keyboard.press("j")
    page.wait_for_function("() => document.querySelector('#card-title').innerText.startsWith('Renewal')")
    page.keyboard.press("k")
    page.wait_for_function("() => document.querySelector('#card-title').innerText.startsWith('Payment')")
    page.keyboard.press("a")
    page.wait_for_function("() => document.querySelector('#card-title').innerText.startsWith('Renewal')")
    page.keyboard.press("e")
    assert page.evaluate("() => document.activeElement.name") == "instruction"
    page.keyboard.type("stricter")
    page.keyboard.press("Escape")
    page.keyboard.press("r")  # asks for the reason (skippable): Enter rejects
    assert page.evaluate("() => document.activeElement.name") == "reason"
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('#card-title').innerText.startsWith('A limitation')")
    statuses = dict(review.recommendations.values_list("rule_id", "status"))
    assert statuses["payment-terms"] == "accepted" and statuses["renewal-term"] == "rejected"
