from __future__ import annotations

from pathlib import Path

from documents.docx.edit import apply_edit_to_model
from documents.docx.model import Edit
from documents.docx.preview import render_preview
from documents.docx.textmodel import build_text_model
from tests.conftest import shared_data
from tests.documents.factories import tricky_bytes
from tests.documents.helpers import rezip


def test_preview_of_version_1_has_headings_formatting_and_no_changes():
    html = render_preview(tricky_bytes(), build_text_model(tricky_bytes()))
    assert '<h2 id="loc-p1" data-locator="p1">Master Services Agreement</h2>' in html
    assert "The <strong>Seller</strong> shall deliver the <strong><em>Goods</em></strong> within" in html
    assert "<ins>" not in html and "<del>" not in html
    assert "Section 4.2, the Fees" in html  # field result and hyperlink text shown


def test_changes_since_version_1_are_marked_at_word_level():
    model = build_text_model(tricky_bytes())
    for edit in [
        Edit("replace", "p6", "sixty (60)", "thirty (30)", start=40),
        Edit("insert_after", "p6", after="New clause."),
        Edit("delete_paragraph", "p7", "Each party shall keep the Confidential Information   strictly confidential."),
    ]:
        model = apply_edit_to_model(model, edit)
    html = render_preview(tricky_bytes(), model)
    assert "<del>sixty</del><ins>thirty</ins> (<del>60</del><ins>30</ins>) days" in html
    assert '<p id="loc-n1" data-locator="n1" class="inserted"><ins>New clause.</ins></p>' in html
    assert '<p id="loc-p7" data-locator="p7" class="deleted"><del>Each party' in html
    assert html.index("loc-p6") < html.index("loc-n1") < html.index("loc-p7")


def test_all_document_text_is_escaped():
    xml = (
        b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/'
        b'wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>&lt;script&gt;alert(1)&lt;/script&gt; &amp; "q"</w:t>'
        b"</w:r></w:p><w:tbl><w:tr><w:tc><w:p><w:r><w:t>&lt;img src=x onerror=alert(2)&gt;</w:t></w:r></w:p></w:tc>"
        b"</w:tr></w:tbl></w:body></w:document>"
    )
    data = rezip(tricky_bytes(), replace={"word/document.xml": xml})
    model = apply_edit_to_model(
        build_text_model(data), Edit("insert_after", "p1", after="<iframe src=javascript:alert(3)>")
    )
    html = render_preview(data, model)
    assert "<script" not in html and "<img" not in html and "<iframe" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot;" in html
    assert "<table><tr><td>" in html and "&lt;img src=x onerror=alert(2)&gt;" in html


def test_big_document_preview_shows_every_paragraph():
    # How long it takes is measured by bench/bench_documents.py (the 300 ms target) and by
    # bench/bench_timed.py (this document), not asserted here: a loaded machine is no regression.
    data = Path(shared_data("fixtures", "big_heavy.docx")).read_bytes()
    html = render_preview(data, build_text_model(data))
    assert html.count("data-locator=") == 2500
