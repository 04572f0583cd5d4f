"""Missing clauses land where a lawyer puts them: before the signature block, numbered like
their siblings, formatted as body text, in the order they were accepted (real CUAD contracts)."""

from __future__ import annotations

import functools
import re

import pytest

from contracts.document import structure_of
from contracts.numbering import leading_number
from documents.docx.edit import apply_edit_to_model
from documents.docx.model import TextModel
from documents.docx.replay import materialise
from documents.docx.textmodel import build_text_model
from review.engine.playbook import PlaybookEngine
from tests.conftest import shared_data
from tests.review.engine.helpers import model_of, rule, spec

ENGINE = PlaybookEngine()
WITNESS = re.compile(r"IN\s+WITNESS\s+(?:WHERE|THERE)OF", re.IGNORECASE)
# Clauses of no CUAD type (the clause model reads neither as any type): these tests are about where a
# missing clause lands, and a clause the contract may already have is compared, not inserted
# (test_redlines_on_real_contracts.py).
# No "party" in it: a contract that defines "Party" gets it capitalised (contracts/naming.py), which
# these tests of placement and numbering do not test.
CLAUSE = "Every notice given under this Agreement shall be kept on a written record."
MISSING = rule(id="liability-cap", find={"any": ["zzzz-never-there"]}, check={"must_exist": True}, positions=[CLAUSE])
SECOND = rule(
    id="insurance", find={"any": ["qqqq-never-there"]}, check={"must_exist": True},
    positions=["Each relationship manager shall coordinate the performance of this Agreement."],
)  # fmt: skip


@functools.cache
def _bytes(name: str) -> bytes:
    return shared_data("cuad", "docx", f"{name}.docx").read_bytes()


def witness_contracts() -> list[str]:
    folder = shared_data("cuad", "docx")
    return [p.stem for p in sorted(folder.glob("*.docx")) if WITNESS.search(build_text_model(p.read_bytes()).text)]


def _position(model: TextModel, needle: str) -> tuple[int, int]:
    for index, paragraph in enumerate(model.paragraphs):
        offset = paragraph.text.find(needle)
        if offset >= 0:
            return index, offset
    raise AssertionError(f"{needle!r} is not in the document")


def _witness(model: TextModel) -> tuple[int, int]:
    for index, paragraph in enumerate(model.paragraphs):
        match = WITNESS.search(paragraph.text)
        if match:
            return index, match.start()
    raise AssertionError("no IN WITNESS WHEREOF")


def test_a_missing_clause_lands_before_in_witness_numbered_on_every_cuad_contract(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # Where a clause goes, on every contract: cuad_ip_02, the intellectual property agreement of a
    # separation, takes no commercial clause at all (test_set_j_classes.py); its placement is
    # still read here as any other contract's.
    for where in ("review.engine.checks.must_exist", "review.engine.draft"):
        monkeypatch.setattr(f"{where}.takes_no_commercial_terms", lambda model: "")
    names = witness_contracts()
    assert len(names) >= 15
    numbered = 0
    for name in names:
        model = build_text_model(_bytes(name))
        (result,) = ENGINE.analyze(model, spec(MISSING))
        (proposal,) = result.recommendations
        assert proposal.after.endswith(CLAUSE)
        after = apply_edit_to_model(model, proposal.edit)
        if structure_of(model).front_signature:
            # A signature page in front of the terms: the clause goes after the last term.
            assert _position(after, CLAUSE) > _witness(after), name
            continue
        assert _position(after, CLAUSE) < _witness(after), name
        # The clause follows the last clause of the body, not something before the body's end.
        # (or, where the body ends with its closing sections, a section of its own before them)
        assert "before the signature block" in proposal.explanation or "before the closing sections" in (
            proposal.explanation
        ), name
        number = leading_number(proposal.after)
        if number:
            numbered += 1
            assert number in structure_of(after).model.text
            assert number not in {n.label for n in structure_of(model).body_numbers}, (name, number)
        # The real .docx says the same as the text model.
        clean = build_text_model(materialise(_bytes(name), [proposal.edit]))
        assert _position(clean, CLAUSE) < _witness(clean), name
    assert numbered >= len(names) - 2


@pytest.mark.parametrize(
    ("name", "number"),
    [("cuad_development_01", "14.12."), ("cuad_consulting_01", "9.9"), ("cuad_distributor_01", "25.")],
)
def test_the_number_is_the_next_sibling_of_the_last_clause(name: str, number: str) -> None:
    model = build_text_model(_bytes(name))
    (result,) = ENGINE.analyze(model, spec(MISSING))
    assert result.recommendations[0].after == f"{number} {CLAUSE}"


def test_two_insertions_keep_the_order_they_were_accepted_in_and_their_numbers() -> None:
    model = build_text_model(_bytes("cuad_development_01"))
    first, second = (r.recommendations[0] for r in ENGINE.analyze(model, spec(MISSING, SECOND)))
    assert leading_number(first.after) == leading_number(second.after) == "14.12."
    # Accept the second one first: it goes in as 14.12, and the other one follows it as 14.13.
    v2 = apply_edit_to_model(model, second.edit)
    moved = ENGINE.reanchor(first, v2)
    assert moved is not None and moved.after == f"14.13. {CLAUSE}"
    v3 = apply_edit_to_model(v2, moved.edit)
    assert _position(v3, "14.12. Each relationship manager") < _position(v3, "14.13. Every notice given") < _witness(v3)


def test_paragraph_insertions_keep_their_order_and_copy_body_formatting() -> None:
    model = model_of(
        "1. Term. This Agreement lasts one year.",
        "2. Law. English law governs this Agreement.",
        "IN WITNESS WHEREOF the parties have signed this Agreement.",
        "ACME LIMITED",
    )
    first, second = (r.recommendations[0] for r in ENGINE.analyze(model, spec(MISSING, SECOND)))
    assert (first.edit.kind, first.edit.locator, first.after) == ("insert_after", "p2", f"3. {CLAUSE}")
    v2 = apply_edit_to_model(model, first.edit)
    moved = ENGINE.reanchor(second, v2)
    assert moved is not None
    v3 = apply_edit_to_model(v2, moved.edit)
    assert [p.text[:3] for p in v3.paragraphs] == ["1. ", "2. ", "3. ", "4. ", "IN ", "ACM"]


def test_insert_after_goes_after_the_clause_holding_the_match_inside_a_page() -> None:
    model = build_text_model(_bytes("cuad_consulting_01"))
    anchored = rule(
        id="liability-cap", find={"any": ["zzzz-never-there"]}, check={"must_exist": True}, positions=[CLAUSE],
        insert_after={"any": ["acknowledgment of proprietary interest"]},
    )  # fmt: skip
    (result,) = ENGINE.analyze(model, spec(anchored))
    proposal = result.recommendations[0]
    after = apply_edit_to_model(model, proposal.edit)
    text = after.text
    assert text.index("Acknowledgment of Proprietary Interest") < text.index(CLAUSE) < text.index("5.2")
    assert proposal.after.startswith("5.1A ")  # 5.2 exists: the inserted clause does not renumber it


def test_a_word_numbered_contract_numbers_the_new_clause_itself() -> None:
    data = shared_data("forms", "commonpaper_docx", "commonpaper_cloud_service_agreement.docx").read_bytes()
    model = build_text_model(data)
    (result,) = ENGINE.analyze(model, spec(MISSING))
    (proposal,) = result.recommendations
    assert proposal.after == CLAUSE  # no typed number: Word numbers the paragraph
    assert proposal.edit.kind == "insert_after"
    clean = build_text_model(materialise(data, [proposal.edit]))
    structure = structure_of(clean)
    index, _ = _position(clean, CLAUSE)
    new = clean.paragraphs[index]
    anchor = clean.paragraphs[index - 1]
    assert (new.style, new.num_id, new.num_level) == (anchor.style, anchor.num_id, anchor.num_level)
    numbers = {n.index: n.label for n in structure.numbers}
    # Word will show the next number after the anchor's at the same level.
    head, last = numbers[index - 1].rsplit(".", 1)
    assert numbers[index] == f"{head}.{int(last) + 1}"


def test_the_new_paragraph_is_formatted_as_body_text_not_as_a_heading() -> None:
    from tests.review.factories import contract_docx

    data = contract_docx([
        ("Heading 1", "1. Fees"),
        (None, "Customer shall pay each invoice within thirty (30) days."),
        ("Heading 1", "2. General"),
        (None, "This Agreement is governed by the laws of England."),
        ("Heading 1", "Schedule 1 - Prices"),
        (None, "The prices are in the order form."),
    ])  # fmt: skip
    model = build_text_model(data)
    (result,) = ENGINE.analyze(model, spec(MISSING))
    (proposal,) = result.recommendations
    # After the last paragraph before the closing "2. General", a section of its own ("1A"), never
    # one more paragraph of the general terms.
    assert proposal.edit.locator == "p2"
    assert proposal.after.endswith(CLAUSE)
    clean = build_text_model(materialise(data, [proposal.edit]))
    index, _ = _position(clean, CLAUSE)
    assert clean.paragraphs[index].heading_level is None
    assert clean.paragraphs[index].style == clean.paragraphs[index - 1].style
    assert clean.paragraphs[index + 1].text == "2. General"
