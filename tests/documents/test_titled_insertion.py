"""A new paragraph's run-in title takes the formatting that sets its anchor's title apart
(documents/docx/xmledit.py ``titled_runs``): "7.14 *Insurance*. Each party ..." after "7.13
*Signature*. This Agreement ...", in the clean document and in the redline."""

from __future__ import annotations

import io
import zipfile
from dataclasses import replace

import docx

from documents.docx.edit import apply_edit_to_model
from documents.docx.inverse import inverse_edit
from documents.docx.model import Edit, EditRecord
from documents.docx.replay import materialise, materialise_redline
from documents.docx.textmodel import build_text_model
from tests.documents.helpers import paragraph_texts


def document_xml(data: bytes) -> bytes:
    return zipfile.ZipFile(io.BytesIO(data)).read("word/document.xml")


def _contract(title_bold: bool = True) -> bytes:
    document = docx.Document()
    for number, title, text in (("7.", "Indemnification", "Client shall indemnify Agent."),
                                ("8.", "Notices", "Notices are given in writing.")):  # fmt: skip
        paragraph = document.add_paragraph()
        paragraph.add_run(f"{number} ")
        paragraph.add_run(title).bold = title_bold
        paragraph.add_run(f". {text}")
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def _new_runs(data: bytes, after: str) -> list[tuple[str, bool]]:
    locator = build_text_model(data).paragraphs[0].locator
    edited = docx.Document(io.BytesIO(materialise(data, [Edit("insert_after", locator, after=after, new_locator="n1")])))
    (paragraph,) = [p for p in edited.paragraphs if p.text == after]
    return [(run.text, bool(run.bold)) for run in paragraph.runs]


def test_the_title_of_a_new_clause_is_set_apart_as_its_anchors_is() -> None:
    runs = _new_runs(_contract(), "7A. Insurance. Each party shall maintain insurance.")
    assert runs == [("7A. ", False), ("Insurance", True), (".", False), (" Each party shall maintain insurance.", False)]


def test_no_title_or_an_anchor_whose_title_is_not_set_apart_gives_one_run_in_the_body_formatting() -> None:
    assert _new_runs(_contract(), "7A. Each party shall maintain insurance.") == [
        ("7A. Each party shall maintain insurance.", False)
    ]
    assert _new_runs(_contract(title_bold=False), "7A. Insurance. Each party shall maintain insurance.") == [
        ("7A. Insurance. Each party shall maintain insurance.", False)
    ]


# --- a clause titled by a heading of its own (documents/docx/model.py ``Edit.title``) -------------
# On GitHub's corporate terms, whose clauses' titles are Heading 3 paragraphs over body text
# ("3. Authorization" / "Customer authorizes GitHub to charge ...").

_FORM = ("github_site_policy", "github_corporate_terms_of_service.md")
_AUDIT = "Each Party shall keep complete and accurate records relating to this Agreement for three (3) years."


def _titled_edit() -> tuple[bytes, Edit]:
    from tests.markdown_forms import form_docx

    data = form_docx(*_FORM)
    model = build_text_model(data)
    anchor = next(p for p in model.paragraphs if p.text.startswith("Customer authorizes GitHub to charge"))
    heading = next(p for p in model.paragraphs if p.text == "3. Authorization")
    edit = Edit("insert_after", anchor.locator, after=_AUDIT, new_locator="n1", title="4. Records and Audit",
                title_like=heading.locator)  # fmt: skip
    return data, edit


def _around(data: bytes, text: str) -> list[tuple[str, str]]:
    paragraphs = docx.Document(io.BytesIO(data)).paragraphs
    at = next(i for i, p in enumerate(paragraphs) if p.text == text)
    return [(p.style.name, p.text) for p in paragraphs[at - 1 : at + 2]]


def test_a_titled_insertion_writes_a_heading_and_a_body_paragraph_in_the_model_and_the_document() -> None:
    data, edit = _titled_edit()
    model = apply_edit_to_model(build_text_model(data), edit)
    at = model.positions["n1t"]
    assert [(p.locator, p.text, p.heading_level) for p in model.paragraphs[at : at + 2]] == [
        ("n1t", "4. Records and Audit", 3), ("n1", _AUDIT, None)
    ]  # fmt: skip
    clean = materialise(data, [edit])
    assert _around(clean, "4. Records and Audit")[1:] == [("Heading 3", "4. Records and Audit"), ("Normal", _AUDIT)]
    assert [p.text for p in build_text_model(clean).paragraphs] == [p.text for p in model.paragraphs]


def test_the_redline_of_a_titled_insertion_accepts_to_the_clean_document_and_rejects_to_the_original() -> None:
    data, edit = _titled_edit()
    redline = materialise_redline(data, [EditRecord(edit=edit, author="QA Lawyer", date="2025-01-02T03:04:05Z")])
    assert paragraph_texts(redline, "accept") == paragraph_texts(materialise(data, [edit]))
    assert paragraph_texts(redline, "reject") == paragraph_texts(data)


def test_the_undo_of_a_titled_insertion_takes_its_title_with_it() -> None:
    data, edit = _titled_edit()
    original = build_text_model(data)
    model = apply_edit_to_model(original, edit)
    undo = inverse_edit(applied=edit, later=[], current=model, parent=original)
    assert undo.kind == "delete_paragraph" and undo.title == "4. Records and Audit"
    assert [p.text for p in apply_edit_to_model(model, undo).paragraphs] == [p.text for p in original.paragraphs]
    assert paragraph_texts(materialise(data, [edit, undo])) == paragraph_texts(data)
    records = [EditRecord(edit=e, author="QA Lawyer", date="2025-01-02T03:04:05Z") for e in (edit, undo)]
    assert document_xml(materialise_redline(data, records)) == document_xml(data)


def test_a_new_paragraph_formatted_like_body_text_takes_no_headings_style() -> None:
    data, edit = _titled_edit()
    heading = next(p for p in build_text_model(data).paragraphs if p.text == "J. Payment")
    untitled = Edit("insert_after", heading.locator, after=_AUDIT, new_locator="n1", like=edit.locator)
    assert _around(materialise(data, [untitled]), _AUDIT)[1] == ("Normal", _AUDIT)
    assert _around(materialise(data, [replace(untitled, like=None)]), _AUDIT)[1] == ("Heading 2", _AUDIT)
