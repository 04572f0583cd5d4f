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
    # (the page's script selects the rule once it has run: on a loaded machine that is after the textarea is there)
    page.wait_for_function(
        "() => { const a = document.querySelector('textarea[name=source]'); return a && a.selectionEnd > a.selectionStart; }"
    )
    selected = page.evaluate(
        "() => { const a = document.querySelector('textarea[name=source]');"
        " return a.value.substring(a.selectionStart, a.selectionEnd); }"
    )
    assert selected.strip() == "- id: payment-terms"
    screenshot(page, "playbook-edit-at-rule")


def test_author_imports_a_spreadsheet_fixes_a_cell_and_publishes_the_draft(browser_page):
    from tests.factories import TeamFactory, author
    from tests.playbooks.spreadsheets import POSITIONS, xlsx

    team = TeamFactory()
    user = author(team=team)
    page = browser_page
    login(page, user.username, PASSWORD)
    page.click("nav >> text=Playbooks")
    page.click("text=Import a spreadsheet")

    rows = [list(r) for r in POSITIONS]
    rows[5][7] = "Urgent"
    mime = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    page.set_input_files("input[name=file]", files=[{"name": "positions.xlsx", "mimeType": mime,
                                                      "buffer": xlsx(rows)}])
    page.click("button:has-text('Read the spreadsheet')")
    page.wait_for_selector("#import-issues")
    issue = page.locator("#import-issues tbody tr").first
    assert issue.locator("td").nth(0).inner_text() == "7"
    assert issue.locator("td").nth(1).inner_text() == "H (Severity)"
    assert "unknown severity 'urgent'" in issue.inner_text()
    screenshot(page, "playbook-import-error")

    page.set_input_files("input[name=file]", files=[{"name": "positions.xlsx", "mimeType": mime,
                                                      "buffer": xlsx(POSITIONS)}])
    page.fill("input[name=name]", "SaaS buying (imported)")
    page.click("button:has-text('Read the spreadsheet')")
    page.wait_for_selector("#column-mapping")
    assert "20 positions read, the draft is valid" in page.inner_text("#import-result")
    screenshot(page, "playbook-import-draft")
    page.click("#upload-form button:has-text('Check and upload')")
    page.wait_for_url("**/v1/")
    assert page.get_by_role("heading", name="SaaS buying (imported) v1").is_visible()
    assert page.locator("#rules article.rule").count() == 20


def test_author_drafts_a_playbook_from_a_precedent_and_publishes_it(browser_page):
    from tests.conftest import shared_data
    from tests.factories import TeamFactory, author

    precedent = shared_data("forms", "commonpaper_docx", "commonpaper_cloud_service_agreement.docx")
    user = author(team=TeamFactory())
    page = browser_page
    login(page, user.username, PASSWORD)
    page.click("nav >> text=Playbooks")
    page.click("text=Draft from precedents")
    page.set_input_files("input[name=files]", str(precedent))
    page.fill("input[name=name]", "Cloud services (customer)")
    page.click("button:has-text('Draft the playbook')")
    page.wait_for_selector("#draft-rules")
    assert page.locator("#draft-rules tbody tr").count() >= 5
    assert "{us}" in page.input_value("textarea[name=source]")
    screenshot(page, "playbook-draft-from-precedent")
    page.click("#upload-form button:has-text('Check and upload')")
    page.wait_for_url("**/v1/")
    assert page.get_by_role("heading", name="Cloud services (customer) v1").is_visible()
