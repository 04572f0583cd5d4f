"""Footnotes, endnotes, text boxes and table cells are the contract's text: analysed, shown on the
card and in the preview, and editable; the clean and redline exports are right (the LibreOffice
side is in tests/documents/test_libreoffice.py)."""

from __future__ import annotations

import io
import zipfile

import pytest
from django.urls import reverse
from lxml import etree

from documents.docx.textmodel import build_text_model
from documents.models import DocumentVersion
from documents.selectors import version_docx, version_preview_html, version_redline
from review.models import DecisionOutcome
from tests.conftest import ROOT
from tests.documents.notes import CELL, ENDNOTE, FOOTNOTE, TEXT_BOX, notes_docx
from tests.review.factories import decide, make_review, shown

pytestmark = pytest.mark.django_db

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
# The library playbook with its payment rule turned round (a payee's "at most 30 days"), so the
# long periods in the notes, the box and the cell are each a finding to edit.
SAAS = (ROOT / "playbooks" / "library" / "saas-customer.yaml").read_text().replace(
    "check: {min_days: 30,", "check: {max_days: 30,"
)
assert "max_days: 30, near: [pay" in SAAS


def part_xml(data: bytes, name: str) -> str:
    return zipfile.ZipFile(io.BytesIO(data)).read(name).decode()


def test_footnote_text_box_and_cell_text_is_analysed_shown_and_editable(client):
    review = make_review(playbook=SAAS, contract=notes_docx())
    model = review.current_version.text_model
    where = {p.locator: p.part for p in model.paragraphs}
    payment = list(review.recommendations.filter(rule_id="payment-terms").order_by("ordinal"))
    located = {rec.current_proposal.edit_obj.locator for rec in payment}
    # The 120 days in the footnote, the 90 in the text box and the 60 in the table cell.
    assert {where[locator] for locator in located} == {"footnote", "textbox", ""}
    assert any(r.rule_id == "unilateral-changes" for r in review.recommendations.all())  # the endnote

    client.force_login(review.owner)
    footnote_rec = next(r for r in payment if where[r.current_proposal.edit_obj.locator] == "footnote")
    html = client.get(reverse("review:recommendation", args=[review.pk, footnote_rec.pk])).content.decode()
    assert "In a footnote" in html and "one hundred twenty (120) days" in html

    for _ in payment:
        result = decide(review, shown(review, "payment-terms"), "accept")
        assert result.outcome == DecisionOutcome.APPLIED, result.message
    rec = shown(review, "unilateral-changes")
    assert decide(review, rec, "accept").outcome == DecisionOutcome.APPLIED
    review.refresh_from_db()
    current = review.current_version

    clean = version_docx(current)
    texts = {p.part: p.text for p in build_text_model(clean).paragraphs if p.part}
    assert texts["footnote"] == " Customer shall pay within thirty (30) days of the invoice date."
    assert texts["textbox"] == "Customer shall pay all invoices within thirty (30) days."
    assert "posting them on its website" not in texts["endnote"]
    assert "w:footnoteRef" in part_xml(clean, "word/footnotes.xml")  # the note keeps its number mark
    # Both copies of the text box (DrawingML and its VML fallback) read the same.
    root = etree.fromstring(part_xml(clean, "word/document.xml").encode())
    copies = ["".join(t.text or "" for t in box.iter(f"{W}t")) for box in root.iter(f"{W}txbxContent")]
    assert copies == [texts["textbox"], texts["textbox"]]

    # The stored text model (deltas replayed) is the text of the clean file, locators included.
    fresh = DocumentVersion.objects.get(pk=current.pk)
    assert fresh._load_text_model() == build_text_model(clean)
    assert [p.locator for p in fresh.text_model.paragraphs] == [p.locator for p in model.paragraphs]

    redline = version_redline(current)
    notes = part_xml(redline, "word/footnotes.xml")
    assert "<w:del " in notes and "<w:ins " in notes and "one hundred twenty" in notes  # tracked, not rewritten

    preview = version_preview_html(current)
    assert 'class="note footnote"' in preview and 'class="textbox"' in preview
    assert "<ins>thirty</ins>" in preview or "<ins>thirty (30)</ins>" in preview


def test_the_texts_of_the_fixture_are_where_the_model_says():
    model = build_text_model(notes_docx())
    by_part = {p.part: p.text.strip() for p in model.paragraphs if p.part}
    assert by_part == {"footnote": FOOTNOTE, "endnote": ENDNOTE, "textbox": TEXT_BOX}
    assert [p.text for p in model.paragraphs if p.in_table] == [CELL]


def test_a_missing_clause_is_never_inserted_after_a_footnote_or_a_text_box():
    from contracts.document import structure_of
    from contracts.insertion import insertion_point

    model = build_text_model(notes_docx())
    point = insertion_point(structure_of(model))
    assert point is not None and model.get(point.locator).part == ""
