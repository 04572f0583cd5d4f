"""Compare our sent draft with the other side's returned draft: a real contract with ten
untracked edits of different kinds (made with python-docx, not with our editor) gives exactly
those ten differences, and applying them turns our draft into theirs."""

from __future__ import annotations

import pytest

from documents.docx.compare import apply_differences, compare
from documents.docx.model import Paragraph, TextModel
from documents.docx.textmodel import build_text_model
from tests.documents.factories import fixture_bytes
from tests.documents.helpers import nonempty
from tests.documents.returned_draft import CONTRACT, returned_draft


@pytest.fixture(scope="module")
def pair() -> tuple[TextModel, TextModel, list[str]]:
    sent = fixture_bytes(*CONTRACT)
    theirs, kinds = returned_draft(sent)
    return build_text_model(sent), build_text_model(theirs), kinds


def test_compare_finds_all_ten_untracked_edits_and_nothing_else(pair):
    sent, returned, kinds = pair
    differences = compare(sent, returned)
    assert sorted(d.kind for d in differences) == sorted(kinds), [(d.kind, d.before[:40], d.after[:40])
                                                                   for d in differences]
    by_kind = {d.kind: d for d in differences}
    assert [(d.before, d.after) for d in differences if d.kind == "changed" and d.number] == [("30", "60")]
    assert any(d.before == "limited" and d.after == "broad" for d in differences)
    assert by_kind["inserted_text"].after.strip() == "Provider will give 30 days notice of any Update."
    assert by_kind["deleted_text"].before.strip() == "at least"
    assert any(d.before.startswith("Unless the Order Form") and d.after == "All" for d in differences)
    assert by_kind["split"].locator == "p38" and by_kind["merged"].locator == "p52"
    assert by_kind["moved"].before.startswith("Taxes.")
    assert by_kind["paragraph_deleted"].before.startswith("Use of the Product")
    assert by_kind["paragraph_inserted"].after.startswith("Business Continuity.")


def test_accepting_every_difference_turns_our_draft_into_theirs(pair):
    sent, returned, _ = pair
    result = apply_differences(sent, compare(sent, returned))
    assert nonempty([p.text for p in result.paragraphs]) == nonempty([p.text for p in returned.paragraphs])


def _model(*texts: str) -> TextModel:
    return TextModel(paragraphs=tuple(Paragraph(f"p{i}", t) for i, t in enumerate(texts, start=1)))


def test_the_same_draft_has_no_differences_and_white_space_is_layout():
    a = _model("1. Term. Two years.", "", "2. Fees. Thirty days.")
    b = _model("1. Term.  Two years.", "2. Fees. Thirty days.", "")
    assert compare(a, a) == []
    assert compare(a, b) == []


def test_two_changes_in_one_paragraph_are_two_differences():
    a = _model("The Customer pays within 30 days and the cap is 12 months of fees.")
    b = _model("The Customer pays within 45 days and the cap is 24 months of fees.")
    differences = compare(a, b)
    assert [(d.before, d.after, d.edits[0].start) for d in differences] == [("30", "45", 25), ("12", "24", 48)]
