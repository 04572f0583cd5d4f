"""XSS: hostile text in the contract, its file name, the playbook and the
lawyer's reasons and instructions is shown as text on every page it appears on, never as markup.

Each page is read by an HTML parser: the payloads must be in its *text* (so the test sees the
field really rendered) and the page must hold no script, event handler or <img src=x> that the
payloads would have made."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.review.factories import author_user
from tests.security import payloads
from tests.security.html_scan import scan
from tests.security.payloads import IMG, INSTRUCTION, REASON, SCRIPT

pytestmark = pytest.mark.django_db


@pytest.fixture
def hostile() -> payloads.Hostile:
    return payloads.build(author_user(username="hostile-owner"))


@pytest.fixture
def client_of(hostile: payloads.Hostile) -> Client:
    client = Client()
    client.force_login(hostile.owner)
    return client


def assert_shown_as_text(html: bytes | str, *expected: str, where: str) -> None:
    page = scan(html)
    assert not page.inline_problems, (where, page.inline_problems)
    assert "x" not in page.img_sources, (where, "an <img src=x> was injected")
    raw = html.decode() if isinstance(html, bytes) else html
    for payload in payloads.PAYLOADS:
        assert payload not in raw, (where, f"raw {payload!r} in the markup")
    for text in expected:
        assert text in page.text, (where, f"{text!r} is not shown")


def get(client: Client, url: str, **headers: str) -> bytes:
    response = client.get(url, **headers)
    assert response.status_code == 200, (url, response.status_code)
    return response.content


def test_review_card_sidebar_clause_redline_and_guidance(hostile, client_of):
    review = hostile.active
    html = get(client_of, f"/reviews/{review.pk}/")  # the first card: payment terms
    assert_shown_as_text(
        html,
        f"Payment {SCRIPT} within 30 days",  # card title and sidebar
        f"Renewals {IMG} of one year",  # sidebar
        f"Liability cap {SCRIPT}",  # sidebar
        f"Late fees apply {IMG}.",  # the clause
        "Cash flow",  # guidance in the explanation
        f"MSA {IMG}",  # the review's title (from the file name)
        f"Hostile {SCRIPT} playbook",  # the playbook label
        where="review card",
    )
    assert scan(html).text.count(SCRIPT) >= 3


def test_revised_card_shows_the_instruction_and_the_redline_as_text(hostile, client_of):
    review = hostile.active
    rec = review.recommendations.get(rule_id="limitation-of-liability")
    url = f"/reviews/{review.pk}/recommendations/{rec.pk}/"
    for headers in ({}, {"HTTP_HX_REQUEST": "true"}):  # the page and the HTMX partial
        html = get(client_of, url, **headers)
        assert_shown_as_text(html, INSTRUCTION, f"five (5) million dollars {IMG}.", f"Liability cap {SCRIPT}",
                             where=f"revised card {headers}")


def test_renewal_card_redline_of_a_hostile_position(hostile, client_of):
    review = hostile.active
    rec = review.recommendations.get(rule_id="renewal-term")
    html = get(client_of, f"/reviews/{review.pk}/recommendations/{rec.pk}/")
    assert_shown_as_text(html, f"renewal terms of three (3) years {SCRIPT}", where="renewal card")
    redline = html.decode()[html.decode().index('id="proposed-edit"'):]
    assert "&lt;script&gt;" in redline[:2000]


def test_completed_summary_shows_reason_instruction_and_preview_as_text(hostile, client_of):
    review = hostile.completed
    html = get(client_of, f"/reviews/{review.pk}/")
    assert_shown_as_text(html, REASON, INSTRUCTION, f"Payment {SCRIPT} within 30 days", f"Renewals {IMG} of one year",
                         f"five (5) million dollars {IMG}.",  # the accepted revision, in the preview
                         f"1. Fees {SCRIPT}", where="completed summary")
    assert_shown_as_text(get(client_of, f"/reviews/{review.pk}/preview/"), f"five (5) million dollars {IMG}.",
                         f"1. Fees {SCRIPT}", where="review preview")


def test_review_list_and_new_review_page(hostile, client_of):
    assert_shown_as_text(get(client_of, "/reviews/"), f"MSA {IMG}", where="review list")
    assert_shown_as_text(get(client_of, "/reviews/new/"), f"Hostile {SCRIPT} playbook", where="new review")


def test_document_pages(hostile, client_of):
    document = hostile.completed.document
    assert_shown_as_text(get(client_of, "/documents/"), f"MSA {IMG}", where="document list")
    assert_shown_as_text(get(client_of, f"/documents/{document.pk}/"), f"MSA {IMG}", where="document page")
    assert_shown_as_text(get(client_of, f"/documents/{document.pk}/v1/"), f"1. Fees {SCRIPT}", f"Late fees apply {IMG}.",
                         where="version 1 preview")
    assert_shown_as_text(get(client_of, f"/documents/{document.pk}/latest/"), f"five (5) million dollars {IMG}.",
                         where="latest preview")


def test_playbook_pages(hostile, client_of):
    playbook = hostile.version.playbook
    assert_shown_as_text(get(client_of, "/playbooks/"), f"Hostile {SCRIPT} playbook", where="playbook list")
    html = get(client_of, f"/playbooks/{playbook.pk}/v1/")
    assert_shown_as_text(
        html, f"Hostile {SCRIPT} playbook", f"Written by someone {IMG} creative.", f"Payment {SCRIPT} within 30 days",
        f"Cash flow {SCRIPT} matters {IMG}.", f"within forty-five (45) days of receipt {IMG}.",
        f"Each party shall pay within thirty (30) days {IMG}.", where="playbook version page",
    )
    diff = get(client_of, f"/playbooks/{playbook.pk}/diff/?from=1&to=2")
    assert_shown_as_text(diff, where="playbook diff")
    text = scan(diff).text
    assert SCRIPT in text and IMG in text and "Rewritten" in text


def test_try_a_rule_result(hostile, client_of):
    playbook = hostile.version.playbook
    url = f"/playbooks/{playbook.pk}/v1/try/"
    data = {"rule": "payment-terms", "text": f"Customer shall pay invoices within ninety (90) days {IMG} {SCRIPT}."}
    for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
        response = client_of.post(url, data, **headers)
        assert response.status_code == 200
        assert_shown_as_text(response.content, f"ninety (90) days {IMG} {SCRIPT}.", f"Payment {SCRIPT} within 30 days",
                             where=f"try a rule {headers}")


def test_playbook_upload_errors_show_the_source_as_text(hostile, client_of):
    source = f"name: x\nrules:\n  - id: 'bad {SCRIPT}'\n    title: '{IMG}'\n"
    response = client_of.post("/playbooks/upload/", {"source": source})
    assert response.status_code == 200
    assert_shown_as_text(response.content, f"'bad {SCRIPT}'", where="playbook upload errors")


def test_decision_response_partial_escapes_the_reason(hostile, client_of):
    review = hostile.active
    page = client_of.get(f"/reviews/{review.pk}/").content.decode()
    import re

    fields = dict(re.findall(r'name="(recommendation|proposal|key)" value="([^"]*)"', page)[:3])
    response = client_of.post(f"/reviews/{review.pk}/decide/", {**fields, "action": "reject", "reason": REASON},
                              HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert_shown_as_text(response.content, f"Renewals {IMG} of one year", where="decision partial")


def test_a_hostile_file_name_on_the_upload_pages(hostile, client_of):
    from django.core.files.uploadedfile import SimpleUploadedFile

    # A PDF is converted by a job (documents/conversions.py): its page shows the file's name.
    bad = SimpleUploadedFile(f"{IMG}.pdf", b"%PDF-1.4 not a docx", "application/pdf")
    response = client_of.post("/documents/upload/", {"file": bad})
    assert response.status_code == 302
    assert_shown_as_text(client_of.get(response["Location"]).content, f"{IMG}.pdf", where="document conversion")
    bad = SimpleUploadedFile(f"{IMG}.pdf", b"%PDF-1.4 not a docx", "application/pdf")
    response = client_of.post("/reviews/new/", {"contract": bad, "playbook_version": hostile.version_2.pk})
    assert response.status_code == 302
    assert_shown_as_text(client_of.get(response["Location"]).content, f"{IMG}.pdf", where="review conversion")
    bad = SimpleUploadedFile(f"{IMG}.docx", b"PK\x03\x04 not a docx")
    response = client_of.post("/documents/upload/", {"file": bad})
    assert response.status_code == 200
    assert_shown_as_text(response.content, where="document upload error")


def test_download_file_names_cannot_break_the_header(hostile, client_of):
    review = hostile.completed
    response = client_of.get(f"/reviews/{review.pk}/download/clean/")
    disposition = response["Content-Disposition"]
    assert disposition.startswith('attachment; filename="') and disposition.count('"') == 2
    response = client_of.get(f"/documents/{review.document.pk}/latest/clean.docx")
    assert response["Content-Disposition"].startswith("attachment;")
    assert "\n" not in response["Content-Disposition"]
