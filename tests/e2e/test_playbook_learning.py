"""Playbooks that learn, in the browser: the statistics page (charts, suggestions, drill-down)
and the spreadsheet import."""

from __future__ import annotations

import pytest

from tests.conftest import login, screenshot
from tests.factories import PASSWORD
from tests.playbooks.history import build_history

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_author_reads_the_statistics_drills_down_and_follows_a_suggestion(browser_page):
    history = build_history()
    page = browser_page
    login(page, history.author.username, PASSWORD)
    page.goto(f"/playbooks/{history.playbook.pk}/")
    page.click("text=Statistics")
    page.wait_for_selector("canvas[data-chart=rules][data-drawn=true]")
    assert page.locator("canvas[data-chart=versions][data-drawn=true]").count() == 1
    assert "Rejected in 5 of its last 6 reviews" in page.inner_text("#suggestions")
    screenshot(page, "playbook-stats")

    page.evaluate("() => { window.__marker = 1 }")
    page.click("#stats-payment-terms a[data-bucket=rejected]")
    page.wait_for_selector("#drill .drill-row")
    assert page.locator("#drill .drill-row").count() == 5
    assert page.evaluate("() => window.__marker") == 1  # swapped in place, no reload
    assert "Acme" not in page.inner_text("#drill")

    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    page.wait_for_selector("canvas[data-chart=rules][data-drawn=true]")
    # The page's own content fits (wide tables scroll inside their box); the shared top bar is
    # the base layout's business.
    wide = page.evaluate(
        "() => [...document.querySelectorAll('main > *')].filter(e => e.scrollWidth > e.clientWidth + 1"
        " || e.getBoundingClientRect().right > 391).map(e => e.tagName + '.' + e.className)"
    )
    assert wide == []
    screenshot(page, "playbook-stats-390")

    page.set_viewport_size({"width": 1280, "height": 900})
    page.locator("#suggestions li", has_text="payment-terms").get_by_text("Edit this rule").click()
    page.wait_for_selector("textarea[data-focus-line]")
    selected = page.evaluate(
        "() => { const a = document.querySelector('textarea[name=source]');"
        " return a.value.substring(a.selectionStart, a.selectionEnd); }"
    )
    assert selected.strip() == "- id: payment-terms"
    screenshot(page, "playbook-edit-at-rule")
