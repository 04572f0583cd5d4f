"""Clause titles (contracts/clause_titles.py): how the clauses beside a new one write their titles."""

from __future__ import annotations

from contracts.clause_titles import (
    TitleStyle,
    clause_title,
    number_shape,
    sibling_title_style,
    title_prefix,
    with_title,
    without_title,
)
from contracts.document import structure_of
from documents.docx.model import Paragraph, TextModel
from review.engine.playbook import PlaybookEngine
from tests.review.engine.test_insertion_titles import _contract
from tests.review.engine.test_set_c_classes import _cuad_coverage


def _model(*texts: str) -> TextModel:
    return TextModel(paragraphs=tuple(Paragraph(locator=f"p{i + 1}", text=t) for i, t in enumerate(texts)))


def test_a_title_run_into_the_clause_or_standing_alone_is_read_with_its_mark() -> None:
    assert clause_title("Termination for Failure to Grow. Either party may ...") == (
        "Termination for Failure to Grow", "."
    )
    assert clause_title("CONFIDENTIALITY: Each party shall ...") == ("CONFIDENTIALITY", ":")
    assert clause_title("Governing Law - This Agreement is governed ...") == ("Governing Law", " -")
    assert clause_title("Indemnification") == ("Indemnification", ".")
    assert clause_title("INSURANCE.") == ("INSURANCE", ".")
    assert clause_title("Termination in the Event of Termination of Agency Agreement. In the event ...") == (
        "Termination in the Event of Termination of Agency Agreement", "."
    )
    # ... run straight into its first sub-clause's number (a PDF page's paragraph).
    assert clause_title("Compensation (a) In consideration of the rights ...") == ("Compensation", ".")
    assert clause_title("TERM AND TERMINATION 10.1 Term of the Agreement ...") == ("TERM AND TERMINATION", ".")
    assert clause_title("Licensee shall (a) pay ...") is None
    # A clause that opens with its sentence has no title.
    assert clause_title("Licensee shall pay the fees within thirty (30) days.") is None
    assert clause_title("Each Party shall maintain insurance.") is None
    assert clause_title("\u201cAffiliate\u201d means any entity ...") is None
    assert clause_title("Payment of. the fees") is None  # a title never ends in a small word


def test_the_title_is_no_part_of_the_clauses_text() -> None:
    assert without_title("Governing Law. This Agreement is governed by ...") == "This Agreement is governed by ..."
    assert title_prefix("Insurance. Each party shall ...") == "Insurance. "
    assert title_prefix("Each party shall ...") == ""


def test_a_number_is_shaped_without_its_values_and_an_inserted_letter() -> None:
    assert number_shape("9A.") == number_shape("10.") == "n."
    assert number_shape("8.5A") == number_shape("13.4") == "n.n"
    assert number_shape("(e)") == number_shape("(iv)") == "(a)"
    assert number_shape("f)") == "a)"
    assert number_shape("Section 2A.") == "Section n."


def test_the_siblings_on_both_sides_decide_and_their_case_and_mark_are_kept() -> None:
    titled = _model(
        "1. Fees. Customer shall pay the fees.",
        "2. Indemnification. Each party shall indemnify the other.",
        "3. Notices. Notices are given in writing.",
    )
    structure = structure_of(titled)
    assert sibling_title_style(structure, "2A.", (1, 999)) == TitleStyle(capitals=False, mark=".")
    assert with_title("Each party shall maintain insurance.", "Insurance", TitleStyle(False, ".")) == (
        "Insurance. Each party shall maintain insurance."
    )
    capitals = structure_of(_model("1. FEES: Customer shall pay.", "2. NOTICES: Notices are in writing."))
    style = sibling_title_style(capitals, "2.", (1, 999))
    assert style == TitleStyle(capitals=True, mark=":")
    assert with_title("Each party ...", "Insurance", style) == "INSURANCE: Each party ..."
    # The clause after the new one has no title: the contract does not title all its clauses.
    mixed = structure_of(_model("1. Fees. Customer shall pay.", "2. Customer shall give notice in writing."))
    assert sibling_title_style(mixed, "1A.", (0, 999)) is None
    # Untitled clauses: none.
    plain = structure_of(_model("1. Customer shall pay.", "2. Customer shall give notice in writing."))
    assert sibling_title_style(plain, "2A.", (1, 999)) is None


def test_a_title_may_join_its_parts_with_a_semicolon() -> None:
    assert clause_title("Term of Agreement; Resignation and Removal of Servicer.") == (
        "Term of Agreement; Resignation and Removal of Servicer", ".",
    )
    assert clause_title("Privacy and Data Collection; Reports. (a) All User information ...") == (
        "Privacy and Data Collection; Reports", ".",
    )


def test_a_title_may_name_another_clause_and_join_its_words_with_under_or_after() -> None:
    # A franchise's "17.6 Reservation of Rights under Section 17.5. If any rights ..." run into its
    # page, and "11.2Obligations upon any breach." beside "Obligations after Termination.": titles,
    # so a clause inserted beside them is titled too (round 18's fourth look read one untitled).
    assert clause_title("Reservation of Rights under Section 17.5. If any rights, options, or arrangements") == (
        "Reservation of Rights under Section 17.5", ".",
    )
    assert clause_title("Obligations after Termination. Upon expiration ...") == ("Obligations after Termination", ".")
    # A reference never opens a title: "Section 5. Payment" after a number is no title "Section 5".
    assert clause_title("Section 5. Payment is due.") is None


def test_a_new_clause_is_titled_where_nearly_every_clause_numbered_alike_is() -> None:
    # A distributor agreement titles 21 of its 22 sections; "11.      Trademarks  SIERRA is the
    # owner ..." carries its title without a mark. The cap after "10. Intellectual Property." was
    # untitled (round 19's first look).
    model = _contract("LEGACYTECHNOLOGYHOLDINGS,INC_12_09_2005-EX-10.2-DISTRIBUTOR AGREEMENT")
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("cap-on-liability"))
    (proposal,) = result.recommendations
    assert proposal.after.startswith("10A. Limitation of Liability. Except for") and not proposal.defects
