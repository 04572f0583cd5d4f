"""The edit checker (review/engine/proof.py, docs/decisions/edit-checker.md), class by class, on
real contracts from ../shared/data: each test makes the edit a redline showed and asserts the
class the checker gives it, and checks that a sendable edit at the same place is not held back."""

from __future__ import annotations

import gzip
import json
from functools import cache

from documents.docx.model import Edit, Paragraph, TextModel
from documents.docx.textmodel import build_text_model
from review.engine.base import Proposal
from review.engine.proof import DEFECT_KINDS, Defect, check_edit
from tests.conftest import shared_data
from tests.review.engine.helpers import rule


@cache
def _cuad_train() -> dict[str, str]:
    with gzip.open(shared_data("cuad-train", "contracts.jsonl.gz"), "rt", encoding="utf-8") as handle:
        return {row["cuad_filename"]: row["text"] for row in map(json.loads, handle)}


@cache
def contract(prefix: str) -> TextModel:
    """The cuad-train contract whose file name starts with ``prefix``, one paragraph a line."""
    (name,) = [n for n in _cuad_train() if n.startswith(prefix)]
    lines = _cuad_train()[name].split("\n")
    return TextModel(paragraphs=tuple(Paragraph(locator=f"p{i + 1}", text=t) for i, t in enumerate(lines)))


# A distributor agreement between Snotarator LLC ("Company") and SMSA Ballinger Acquisition Corp.
# ("Distributor"): articles I-IX with clauses 1.01 ... 9.07, a lettered list in 6.02 and 8.01, the
# signature block at p113 and two exhibits.
DISTRIBUTOR = "BLACKBOXSTOCKSINC_08_05_2014"


def _paragraph(model: TextModel, starts: str) -> Paragraph:
    return next(p for p in model.paragraphs if p.text.lstrip().startswith(starts))


def insertion(model: TextModel, after: str, text: str) -> Proposal:
    anchor = _paragraph(model, after)
    edit = Edit(kind="insert_after", locator=anchor.locator, after=text)
    return Proposal(action="insert", edit=edit, before="", after=text, explanation="", position=0)


def replacement(model: TextModel, within: str, before: str, after: str, **fields: object) -> Proposal:
    paragraph = _paragraph(model, within)
    edit = Edit(kind="replace", locator=paragraph.locator, before=before, after=after, start=paragraph.text.index(before))
    return Proposal(action="replace", edit=edit, before=before, after=after, explanation="", **fields)  # type: ignore[arg-type]


def deletion(model: TextModel, starts: str) -> Proposal:
    paragraph = _paragraph(model, starts)
    edit = Edit(kind="delete_paragraph", locator=paragraph.locator, before=paragraph.text)
    return Proposal(action="delete", edit=edit, before=paragraph.text, after="", explanation="")


def kinds(defects: tuple[Defect, ...]) -> list[str]:
    return [d.kind for d in defects]


def test_defects_have_a_known_class_and_round_trip() -> None:
    defect = Defect("placement", "The new clause would go after the signature block.")
    assert Defect.from_dict(defect.to_dict()) == defect
    assert {"undefined-term", "duplicate-clause", "numbering", "heading-deleted", "placement", "fragment",
            "dangling-reference", "clause-type", "words-digits"} <= set(DEFECT_KINDS)  # fmt: skip


def test_a_proposal_without_defects_serialises_as_before_and_one_with_them_needs_wording() -> None:
    model = contract(DISTRIBUTOR)
    plain = insertion(model, "9.07.", "9.08.  Counterparts. This Agreement may be executed in counterparts.")
    assert "defects" not in plain.to_dict() and not plain.needs_wording
    flawed = Proposal.from_dict({**plain.to_dict(), "defects": [{"kind": "placement", "message": "After the end."}]})
    assert flawed.needs_wording and flawed.to_dict()["defects"] == [{"kind": "placement", "message": "After the end."}]
    assert Proposal.from_dict(flawed.to_dict()) == flawed


def test_a_sendable_clause_at_the_end_of_the_body_has_no_defect() -> None:
    model = contract(DISTRIBUTOR)
    good = insertion(model, "9.07.", "9.08.  Counterparts. This Agreement may be executed in counterparts.")
    assert check_edit(model=model, proposal=good) == ()


def test_an_edit_that_cannot_be_applied_is_a_defect() -> None:
    model = contract(DISTRIBUTOR)
    stale = replacement(model, "9.05.", "State of Texas", "State of New York")
    stale = Proposal.from_dict({**stale.to_dict(), "edit": {**stale.edit.to_dict(), "before": "State of Ohio"}})
    assert kinds(check_edit(model=model, proposal=stale)) == ["cannot-apply"]


# --- terms and parties ---------------------------------------------------------------------------


def test_a_party_the_contract_does_not_have_is_an_undefined_term() -> None:
    model = contract(DISTRIBUTOR)
    text = "9.08.  Warranty of Title. Provider warrants that it has the right to grant the rights granted hereby."
    (defect,) = check_edit(model=model, proposal=insertion(model, "9.07.", text))
    assert defect.kind == "undefined-term" and "“Provider”" in defect.message
    ours = text.replace("Provider warrants", "The Company warrants")
    assert check_edit(model=model, proposal=insertion(model, "9.07.", ours)) == ()


# --- duplicates ----------------------------------------------------------------------------------


def test_a_clause_of_a_type_the_contract_has_is_a_duplicate() -> None:
    model = contract(DISTRIBUTOR)
    # (the law of a state the contract names: New York, named nowhere, is also a foreign law there)
    law = "9.08.  Governing Law. This Agreement shall be governed by the laws of the State of Texas."
    defects = check_edit(model=model, proposal=insertion(model, "9.07.", law))
    assert kinds(defects) == ["duplicate-clause"]
    assert "Governing Law" in defects[0].message and "State of Texas" in defects[0].message


def test_a_clause_the_rules_own_patterns_find_is_a_duplicate() -> None:
    model = contract(DISTRIBUTOR)
    confidentiality = rule(
        id="mutual-confidentiality", find={"any": ["maintain in confidence"]},
        check={"kind": "present"}, positions=["Each party shall keep the other party's information confidential."],
    )  # fmt: skip
    text = "9.08.  Confidentiality. Each party shall keep the other party's information confidential."
    proposal = insertion(model, "9.07.", text)
    (defect,) = check_edit(model=model, proposal=proposal, rule=confidentiality)
    assert defect.kind == "duplicate-clause" and "8.01" in defect.message
    assert check_edit(model=model, proposal=proposal) == ()  # no rule: the clause model alone does not know it


# --- numbering and headings ----------------------------------------------------------------------


def test_a_clause_number_used_twice_or_out_of_order() -> None:
    model = contract(DISTRIBUTOR)
    twice = insertion(model, "9.07.", "9.03.  Counterparts. This Agreement may be executed in counterparts.")
    (defect,) = check_edit(model=model, proposal=twice)
    assert defect.kind == "numbering" and "9.03" in defect.message and "already used" in defect.message
    early = insertion(model, "9.03.", "9.08.  Counterparts. This Agreement may be executed in counterparts.")
    (defect,) = check_edit(model=model, proposal=early)
    assert defect.kind == "numbering" and "out of order" in defect.message


def test_a_deleted_clause_leaves_a_gap() -> None:
    model = contract(DISTRIBUTOR)
    defects = check_edit(model=model, proposal=deletion(model, "9.04."))
    assert kinds(defects) == ["numbering"] and "9.04" in defects[0].message and "9.05" in defects[0].message


def test_a_heading_deleted_while_its_clause_stays() -> None:
    model = contract(DISTRIBUTOR)
    (defect,) = check_edit(model=model, proposal=deletion(model, "ARTICLE  V WARRANTY"))
    assert defect.kind == "heading-deleted" and "ARTICLE V WARRANTY" in defect.message
    # A clause title replaced by a sentence: the title is gone and the clause text stays.
    titled = replacement(model, "9.05.", "9.05.  Applicable Law.", "Each party shall comply with applicable law.")
    assert "heading-deleted" in kinds(check_edit(model=model, proposal=titled))


# --- placement -----------------------------------------------------------------------------------


def test_an_insertion_after_the_signature_block() -> None:
    model = contract(DISTRIBUTOR)
    late = insertion(model, "By:/s/ Orsolya", "9.08.  Counterparts. This Agreement may be executed in counterparts.")
    (defect,) = check_edit(model=model, proposal=late)
    assert defect.kind == "placement" and "signature block" in defect.message


def test_an_insertion_in_the_middle_of_another_clauses_list() -> None:
    model = contract(DISTRIBUTOR)
    text = "6.03.  Effect. Termination shall not relieve either party of its obligations accrued before it."
    for anchor in ("6.02.", "(a)  By either party"):
        (defect,) = check_edit(model=model, proposal=insertion(model, anchor, text))
        assert defect.kind == "placement" and "middle of a list" in defect.message
    # After the list's last item, before the next article: no list is split.
    last = insertion(model, "(d)  Upon termination", text)
    assert "placement" not in kinds(check_edit(model=model, proposal=last))


def test_an_insertion_inside_a_table() -> None:
    model = build_text_model(shared_data("forms", "commonpaper_docx", "commonpaper_cloud_service_agreement.docx").read_bytes())
    text = "Customer may terminate this Order Form for convenience on thirty (30) days' notice."
    (defect,) = check_edit(model=model, proposal=insertion(model, "The Cloud Service available", text))
    assert defect.kind == "placement" and "inside a table" in defect.message
    body = insertion(model, "Payment Dispute.", text)
    assert "placement" not in kinds(check_edit(model=model, proposal=body))


# --- fragments -----------------------------------------------------------------------------------


def test_a_deletion_that_cuts_a_sentence_at_a_paragraph_break() -> None:
    # A confidentiality agreement whose definition runs on across a page break into the next line.
    model = contract("EMERALDHEALTHTHERAPEUTICSINC_06_10_2020")
    cut = next(p for p in model.paragraphs if p.text.rstrip().endswith("blueprints, know-how,"))
    proposal = Proposal(
        action="delete", edit=Edit(kind="delete_paragraph", locator=cut.locator, before=cut.text), before=cut.text,
        after="", explanation="",
    )  # fmt: skip
    defects = check_edit(model=model, proposal=proposal)
    assert "fragment" in kinds(defects)
    assert "concepts, processes" in next(d.message for d in defects if d.kind == "fragment")
    # The same deletion where the sentence ends in the paragraph: no fragment.
    whole = next(p for p in model.paragraphs if p.text.strip() and p.text.rstrip().endswith("."))
    deleted = Proposal(
        action="delete", edit=Edit(kind="delete_paragraph", locator=whole.locator, before=whole.text),
        before=whole.text, after="", explanation="",
    )  # fmt: skip
    assert "fragment" not in kinds(check_edit(model=model, proposal=deleted))


def test_a_deletion_inside_a_paragraph_that_leaves_half_a_sentence() -> None:
    model = contract(DISTRIBUTOR)
    half = replacement(model, "9.05.", "shall be governed by the laws of the State of Texas.", "")
    assert "fragment" in kinds(check_edit(model=model, proposal=half))
    sentence = replacement(model, "9.05.", "This Agreement shall be governed by the laws of the State of Texas.  ", "")
    assert "fragment" not in kinds(check_edit(model=model, proposal=sentence))


# --- definitions and cross-references ------------------------------------------------------------


def test_a_deleted_definition_or_clause_still_referred_to() -> None:
    model = contract(DISTRIBUTOR)
    defects = check_edit(model=model, proposal=deletion(model, "1.01."))
    messages = [d.message for d in defects if d.kind == "dangling-reference"]
    assert any("“Territory”" in m for m in messages) and any("“Products”" in m for m in messages)
    assert any("Section 1.01" in m for m in messages)  # Exhibit B: "subject to Section 1.01"
    # A clause nobody refers to and that defines nothing: no dangling reference.
    assert "dangling-reference" not in kinds(check_edit(model=model, proposal=deletion(model, "9.06.")))


# --- clause types --------------------------------------------------------------------------------


def test_a_replacement_in_a_clause_of_another_type() -> None:
    model = contract(DISTRIBUTOR)
    cap = rule(
        id="limitation-of-liability", find={"any": ["State of Texas"]}, check={"kind": "present"},
        positions=["Neither party's total liability under this Agreement shall exceed the fees paid in the twelve "
                   "months before the claim."],
    )  # fmt: skip
    wording = cap.positions[0]
    sentence = "This Agreement shall be governed by the laws of the State of Texas."
    proposal = replacement(model, "9.05.", sentence, wording, position=0)
    (defect,) = check_edit(model=model, proposal=proposal, rule=cap)
    assert defect.kind == "clause-type" and "Governing Law" in defect.message
    assert check_edit(model=model, proposal=proposal) == ()  # no rule: nothing to compare with


# --- words and digits ----------------------------------------------------------------------------


def test_words_and_digits_that_disagree_after_the_edit() -> None:
    model = contract(DISTRIBUTOR)
    digits_only = replacement(model, "7.02", "seventy-two (72) hours", "seventy-two (48) hours", value=2.0)
    (defect,) = check_edit(model=model, proposal=digits_only)
    assert defect.kind == "words-digits" and "seventy-two (48)" in defect.message
    both = replacement(model, "7.02", "seventy-two (72) hours", "forty-eight (48) hours", value=2.0)
    assert check_edit(model=model, proposal=both) == ()


# --- a figure that does not read as intended ------------------------------------------------------


# A co-branding agreement whose late-payment interest is "1 1/2% per month" (6.1 Payments).
CO_BRANDING = "TheglobeComInc_19990503"


def test_a_number_edit_that_writes_into_a_larger_figure_is_held_back() -> None:
    # "2%" of "1 1/2%" changed to "1%" reads "1 1/21%": the figure the edit was for is not there.
    model = contract(CO_BRANDING)
    garbled = replacement(model, "6.1", "1 1/2%", "1 1/1%", value=1.0)
    (defect,) = check_edit(model=model, proposal=garbled)
    assert defect.kind == "figure" and "“1 1/1%” reads as 2" in defect.message and "figure" in DEFECT_KINDS
    whole = replacement(model, "6.1", "1 1/2%", "1%", value=1.0)
    assert check_edit(model=model, proposal=whole) == ()
