"""A new paragraph's run-in title takes the formatting that sets its anchor's title apart
(documents/docx/xmledit.py ``titled_runs``): "7.14 *Insurance*. Each party ..." after "7.13
*Signature*. This Agreement ...", in the clean document and in the redline."""

from __future__ import annotations

import io

import docx

from documents.docx.model import Edit
from documents.docx.replay import materialise
from documents.docx.textmodel import build_text_model


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
