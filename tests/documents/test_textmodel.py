"""The text model is the document's visible text, from the XML itself."""

from __future__ import annotations

from pathlib import Path

import pytest

from documents.docx.model import TextModel
from documents.docx.textmodel import build_text_model
from tests.conftest import shared_data
from tests.documents.factories import tricky_bytes
from tests.documents.helpers import model_texts, paragraph_texts

CUAD = sorted(p.name for p in Path(shared_data("cuad", "docx")).glob("*.docx"))
COMMONPAPER = sorted(p.name for p in Path(shared_data("forms", "commonpaper_docx")).glob("*.docx"))


def test_tricky_paragraphs_locators_and_fields():
    model = build_text_model(tricky_bytes())
    assert [p.locator for p in model.paragraphs] == [f"p{i}" for i in range(1, 9)]
    texts = model_texts(model)
    # Split runs, a hyperlink, a REF field result, a smartTag, a tab and two w:t in one run.
    assert texts[1] == "The Seller shall deliver the Goods within thirty (30) days."
    assert texts[2] == "See the policy at our privacy policy which forms part of this Agreement."
    assert texts[3] == "As defined in Section 4.2, the Fees are payable monthly."
    assert texts[4] == "Party:\tSeattle office, Washington."
    assert texts[7] == "The “Effective Date” means the date of signature by both parties."
    # The field result "4.2" is protected; nothing else is.
    assert model.get("p4").protected == ((22, 25),)
    assert texts[3][22:25] == "4.2"
    assert all(not p.protected for p in model.paragraphs if p.locator != "p4")
    assert model.get("p1").heading_level == 1 and model.get("p1").style == "Title"
    assert model.get("p6").style == "ListNumber" and model.get("p6").heading_level is None


def test_python_docx_misses_text_that_the_model_keeps():
    import io

    import docx

    naive = [p.text for p in docx.Document(io.BytesIO(tricky_bytes())).paragraphs]
    model = model_texts(build_text_model(tricky_bytes()))
    assert naive != model  # the reason for our own walk (docs/decisions/docx-text-and-edits.md)
    assert "Seattle" in model[4]


def test_text_model_round_trips_through_json():
    model = build_text_model(tricky_bytes())
    assert TextModel.from_dict(model.to_dict()) == model


@pytest.mark.parametrize("name", CUAD)
def test_cuad_text_model_matches_the_cuad_text(name):
    model = build_text_model(Path(shared_data("cuad", "docx", name)).read_bytes())
    text = Path(shared_data("cuad", "txt", name.replace(".docx", ".txt"))).read_text(encoding="utf-8")
    expected = [line.strip() for line in text.split("\n") if line.strip()]
    assert [t.strip() for t in model_texts(model) if t.strip()] == expected


@pytest.mark.parametrize("name", COMMONPAPER)
def test_commonpaper_text_model_matches_an_independent_extraction(name):
    data = Path(shared_data("forms", "commonpaper_docx", name)).read_bytes()
    model = build_text_model(data)
    assert model_texts(model) == paragraph_texts(data)
    assert sum(len(t) for t in model_texts(model)) > 1000
    assert any(p.in_table for p in model.paragraphs) or "software_license" in name


def test_tables_are_walked_in_order_and_text_boxes_follow_their_paragraph():
    from tests.documents.helpers import rezip

    body = (
        '<w:p><w:r><w:t>Before</w:t></w:r></w:p>'
        '<w:tbl><w:tr><w:tc><w:p><w:r><w:t>A1</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>B1</w:t></w:r></w:p>'
        '<w:p><w:r><w:t>B1 second</w:t></w:r></w:p></w:tc></w:tr></w:tbl>'
        '<w:p><w:r><w:t>After</w:t></w:r><w:r><w:pict><v:shape xmlns:v="urn:schemas-microsoft-com:vml"><v:textbox>'
        '<w:txbxContent><w:p><w:r><w:t>In a text box</w:t></w:r></w:p></w:txbxContent></v:textbox></v:shape>'
        '</w:pict></w:r><w:ins w:id="1" w:author="x" w:date="2020-01-01T00:00:00Z"><w:r><w:t> inserted</w:t></w:r>'
        '</w:ins><w:del w:id="2" w:author="x" w:date="2020-01-01T00:00:00Z"><w:r><w:delText> deleted</w:delText>'
        '</w:r></w:del><w:fldSimple w:instr="PAGE"><w:r><w:t>7</w:t></w:r></w:fldSimple></w:p>'
    )
    xml = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>'
        f"{body}</w:body></w:document>"
    ).encode()
    model = build_text_model(rezip(tricky_bytes(), replace={"word/document.xml": xml}))
    # The text box's paragraph is not part of its host paragraph's text; it follows it, with its
    # own locator.
    assert model_texts(model) == ["Before", "A1", "B1", "B1 second", "After inserted7", "In a text box"]
    assert [p.locator for p in model.paragraphs] == ["p1", "p2", "p3", "p4", "p5", "x1"]
    assert [p.in_table for p in model.paragraphs] == [False, True, True, True, False, False]
    assert model.get("x1").part == "textbox"
    assert model.get("p5").protected == ((14, 15),)
