"""In Chromium: a contract whose parties do not say which one is the playbook's side is asked
about once, on upload, with the candidates; the analysis then names our party as chosen, and the
review page lists the parties with their roles and our side."""

from __future__ import annotations

import pytest

from tests.conftest import login, screenshot
from tests.factories import PASSWORD
from tests.review.factories import author_user, contract_docx

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYBOOK = """\
name: Customer side
party: customer
rules:
  - id: ip-indemnity
    title: IP indemnity from the vendor
    find: {any: ["zzzz never in a contract"]}
    check: {must_exist: true}
    positions: ["{them} shall defend {us} against any claim that its software infringes a third party's rights."]
"""

CONTRACT = [
    (None, "MASTER SERVICES AGREEMENT"),
    (None, 'This Agreement is made between Fjord Systems AS, a Norwegian company ("Fjord"), and '
           'Northwind Traders Ltd. ("Northwind").'),
    (None, "1. Fees. Northwind shall pay each invoice within thirty (30) days of the invoice date."),
    (None, "2. Law. This Agreement is governed by the laws of Norway."),
]


def test_an_unclear_side_is_asked_on_upload_and_the_page_shows_our_side(browser_page, celery_worker, tmp_path):
    from playbooks.services import playbook_upload

    user = author_user()
    playbook_upload(author=user, source=PLAYBOOK)
    page = browser_page
    login(page, user.username, PASSWORD)
    page.click("text=New review")
    contract = tmp_path / "upload-7.docx"
    contract.write_bytes(contract_docx(CONTRACT))
    page.set_input_files("input[name=contract]", str(contract))
    page.click("button:has-text('Upload and analyse')")
    page.wait_for_selector("#side-form")
    question = page.locator("#side-form").inner_text()
    assert "Which one is ours?" in question and "Fjord Systems AS" in question and "Northwind Traders Ltd." in question
    screenshot(page, "side-on-upload")
    page.check("#side-form input[value=Northwind]")
    page.click("#side-form button[type=submit]")
    page.wait_for_selector("#card-title")
    # Named after the contract's title, not the file.
    assert "MASTER SERVICES AGREEMENT" in page.content() and "upload-7" not in page.title()
    edit = page.locator("#proposed-edit").inner_text()
    assert "Fjord shall defend Northwind against any claim" in edit
    summary = page.locator("#parties summary").inner_text()
    assert "Northwind (us)" in summary and "Fjord (them)" in summary
    page.click("#parties summary")
    found = page.locator("#parties-found").inner_text()
    assert "Northwind Traders Ltd. (\u201cNorthwind\u201d) \u00b7 our side" in found
    assert "Fjord Systems AS (\u201cFjord\u201d) \u00b7 their side" in found
    screenshot(page, "parties-panel-roles")
    assert page.redpen_errors == []
