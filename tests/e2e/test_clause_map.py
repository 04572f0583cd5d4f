"""The clause map in a real Chromium: reached from the review, key terms and clause types shown,
both exports download."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from openpyxl import load_workbook

from tests.conftest import login, screenshot
from tests.factories import PASSWORD
from tests.review.factories import contract_docx, make_review
from tests.review.test_clause_map import CONTRACT

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_clause_map_and_key_terms_show_on_a_review_and_export(browser_page, live_server):
    review = make_review(contract=contract_docx(CONTRACT))
    page = browser_page
    login(page, review.owner.username, PASSWORD)
    page.goto(f"{live_server.url}/reviews/{review.pk}/")
    page.click("#clause-map-link")
    page.wait_for_selector("#key-terms")
    screenshot(page, "clause-map")
    law = page.locator("#key-terms tr[data-term=governing-law]").inner_text()
    assert "New York" in law
    assert page.locator("#clause-types details[data-type=anti-assignment]").count() == 1
    with page.expect_download() as csv_download:
        page.click("text=Export CSV")
    rows = list(csv.reader(io.StringIO(Path(csv_download.value.path()).read_text(encoding="utf-8-sig"))))
    assert any(r[2] == "governing-law" for r in rows[1:])
    with page.expect_download() as xlsx_download:
        page.click("text=Export .xlsx")
    assert xlsx_download.value.suggested_filename.endswith("-clauses.xlsx")
    sheet = load_workbook(io.BytesIO(Path(xlsx_download.value.path()).read_bytes())).active
    assert sheet["A1"].value == "section"
    page.set_viewport_size({"width": 390, "height": 800})
    screenshot(page, "clause-map-390")
    assert page.locator("#key-terms").is_visible()
