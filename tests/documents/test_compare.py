"""Compare our sent draft with the other side's returned draft: a real contract with ten
untracked edits of different kinds (made with python-docx, not with our editor) gives exactly
those ten differences, and applying them turns our draft into theirs."""

from __future__ import annotations

import copy
import io

import docx
import pytest

from documents.docx.compare import apply_differences, compare
from documents.docx.model import Paragraph, TextModel
from documents.docx.textmodel import build_text_model
from tests.documents.factories import fixture_bytes
from tests.documents.helpers import nonempty

CONTRACT = ("forms", "commonpaper_docx", "commonpaper_software_license_agreement.docx")


def _replace_in_runs(paragraph, old: str, new: str) -> None:  # type: ignore[no-untyped-def]
    for run in paragraph.runs:
        if old in run.text:
            run.text = run.text.replace(old, new, 1)
            return
    raise AssertionError(f"{old!r} is not within one run")


def returned_draft(data: bytes) -> tuple[bytes, list[str]]:
    """Ten untracked edits, as a counterparty makes them in Word; and the expected kinds."""
    document = docx.Document(io.BytesIO(data))
    paragraphs = document.paragraphs  # body paragraphs in order (no tables in this contract)
    by_start = {p.text[:40]: p for p in paragraphs if p.text.strip()}

    def para(start: str):  # type: ignore[no-untyped-def]
        return next(p for key, p in by_start.items() if key.startswith(start))

    # 1. a word changed
    _replace_in_runs(para("License.  During"), "a limited,", "a broad,")
    # 2. a sentence added
    updates = para("Updates. During")
    updates.runs[-1].text += " Provider will give 30 days notice of any Update."
    # 3. a paragraph deleted
    gone = para("Use of the Product must comply")
    gone._element.getparent().remove(gone._element)
    # 4. a number changed
    _replace_in_runs(para("Suspension."), "more than 30 days", "more than 60 days")
    # 5. a clause rewritten at its start ("Unless ..., all" becomes "All")
    _replace_in_runs(para("Fees.  Unless"), "Unless the Order Form specifies a different currency, all", "All")
    # 6. a paragraph moved (Taxes after Payment Dispute)
    taxes, dispute = para("Taxes.  Customer"), para("Payment Dispute.")
    dispute._element.addnext(taxes._element)
    # 7. a paragraph inserted
    force = para("Force Majeure.")
    new = copy.deepcopy(force._element)
    force._element.addnext(new)
    inserted = docx.text.paragraph.Paragraph(new, force._parent)
    inserted.text = "Business Continuity.  Provider will keep a business continuity plan and test it once a year."
    # 8. a paragraph split in two at a sentence
    mutual = para("Mutual.  Each party")
    text = mutual.text
    cut = text.index("; (b)") + 1
    second = copy.deepcopy(mutual._element)
    mutual._element.addnext(second)
    mutual.text = text[:cut]
    docx.text.paragraph.Paragraph(second, mutual._parent).text = text[cut + 1:]
    # 9. two paragraphs merged
    provider, customer = para("Protection by Provider."), para("Protection by Customer.")
    provider.runs[-1].text += " " + customer.text
    customer._element.getparent().remove(customer._element)
    # 10. words deleted in a long clause, far from the others
    _replace_in_runs(para("Non-Use and Non-Disclosure."), "using at least the same", "using the same")
    out = io.BytesIO()
    document.save(out)
    kinds = ["changed", "inserted_text", "paragraph_deleted", "changed", "changed", "moved",
             "paragraph_inserted", "split", "merged", "deleted_text"]
    return out.getvalue(), kinds


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
