"""A clause added at the end of the body is a section of its own before the closing sections (law,
forum, notices, general terms), never one more sub-clause or paragraph of them, and never one more
of the definitions that close a contract; a lettered clause inserted after another insertion took
its letter takes the next one; and the edit checker flags what still lands in those places."""

from __future__ import annotations

from dataclasses import replace

from contracts.document import structure_of
from contracts.insertion import insertion_point, renumber_clause
from documents.docx.edit import apply_edit_to_model
from documents.docx.model import Edit
from documents.docx.textmodel import build_text_model
from review.engine.base import Proposal
from review.engine.playbook import PlaybookEngine
from review.engine.proof import check_edit
from tests.review.engine.helpers import rule, spec
from tests.review.factories import contract_docx

ENGINE = PlaybookEngine()
CLAUSE = "Every notice given under this Agreement shall be kept on a written record."
MISSING = rule(id="liability-cap", find={"any": ["zzzz-never-there"]}, check={"must_exist": True}, positions=[CLAUSE])

# Typed section headings over sub-clauses, the last sections general terms and the governing law.
ENDS_WITH_LAW = [
    ("Heading 1", "Hosting Terms"),
    (None, "These terms are agreed between the Host and the Client."),
    ("Heading 2", "10. Fees"),
    ("List Number", "The Client pays the fees in the order within thirty days of each invoice."),
    ("List Number", "The Host may charge interest on late payments at two percent a year."),
    ("Heading 2", "11. Support"),
    ("List Number", "The Host answers support requests within one working day."),
    ("Heading 2", "12. General"),
    ("List Number", "Neither party may assign this agreement without the other party's consent."),
    ("List Number", "This agreement is the entire agreement between the parties."),
    ("Heading 2", "13. Governing law"),
    ("List Number", "This agreement is governed by the laws of England."),
    ("List Number", "The courts of England have exclusive jurisdiction over any dispute."),
    ("List Number", "The Convention on Contracts for the International Sale of Goods does not apply."),
]  # fmt: skip


def _insert(paragraphs):  # type: ignore[no-untyped-def]
    model = build_text_model(contract_docx(paragraphs))
    (result,) = ENGINE.analyze(model, spec(MISSING))
    (proposal,) = result.recommendations
    return model, proposal


def test_a_clause_added_at_the_end_is_a_section_before_the_closing_ones_not_a_sub_clause_of_the_law() -> None:
    model, proposal = _insert(ENDS_WITH_LAW)
    at = model.positions[proposal.edit.locator]
    assert model.paragraphs[at].text.startswith("The Host answers support requests")  # the end of 11
    assert proposal.after.startswith("11A ") or proposal.after.startswith("11A. "), proposal.after
    assert not proposal.defects
    applied = apply_edit_to_model(model, proposal.edit)
    # (the fixture writes "this agreement": the new clause is worded so, contracts/naming.py own_name)
    new = next(p for p in applied.paragraphs if "shall be kept on a written record" in p.text)
    assert not new.num_id  # no list item of 11's numbering


def test_the_checker_flags_a_clause_that_ends_the_law_section_as_its_sub_clause() -> None:
    model, proposal = _insert(ENDS_WITH_LAW)
    last = model.paragraphs[-1]
    text = "The Host shall defend the Client against any claim that the service infringes a patent."
    edit = Edit(kind="insert_after", locator=last.locator, after=text, new_locator="n1")
    wrong = replace(proposal, edit=edit, after=text)
    kinds = {(d.kind, d.message.split("“")[0]) for d in check_edit(model=model, proposal=wrong)}
    assert ("placement", "The new clause would go inside the closing section ") in kinds


# A licence whose unnumbered headings end with its general terms, then its definitions, whose terms
# are set without quotes ("Customer Personnel means ...").
ENDS_WITH_DEFINITIONS = [
    ("Heading 1", "Software Licence Terms"),
    ("Heading 2", "Licence"),
    ("Heading 3", "Use"),
    (None, "The Developer grants the Customer a licence to use the Software for its own business."),
    ("Heading 2", "Support"),
    ("Heading 3", "Answers"),
    (None, "The Developer answers questions about the Software by email within two working days."),
    ("Heading 2", "General Contract Terms"),
    ("Heading 3", "Whole Agreement"),
    (None, "These terms are the whole agreement about the Software."),
    ("Heading 2", "Definitions"),
    (None, "Customer Personnel means the Customer's employees and contractors."),
    (None, "Documentation means the manuals for the Software."),
    (None, "Software means the program the order names."),
    (None, "Users means Customer Personnel who use the Software."),
]  # fmt: skip


def test_a_clause_added_at_the_end_goes_before_the_definitions_and_the_closing_sections() -> None:
    model, proposal = _insert(ENDS_WITH_DEFINITIONS)
    at = model.positions[proposal.edit.locator]
    assert model.paragraphs[at].text.startswith("The Developer answers questions")  # the end of Support
    # The test rule has no heading: among clauses titled by headings the checker asks the lawyer to
    # title it (proof.py, an untitled clause), and finds nothing else wrong with the place.
    assert [d.message.split(":")[0] for d in proposal.defects] == [
        "The new clause has no title of its own among clauses titled by headings"
    ]


def test_the_checker_flags_a_clause_after_the_definitions_that_close_the_contract() -> None:
    model, proposal = _insert(ENDS_WITH_DEFINITIONS)
    edit = Edit(kind="insert_after", locator=model.paragraphs[-1].locator, after=CLAUSE, new_locator="n1")
    wrong = replace(proposal, edit=edit, after=CLAUSE)
    messages = [d.message for d in check_edit(model=model, proposal=wrong) if d.kind == "placement"]
    assert any("after the definitions that close the contract" in m for m in messages), messages


LETTERED = [
    ("Heading 2", "1. Purpose."),
    (None, "The parties wish to discuss a joint venture."),
    ("Heading 2", "2. Confidential Information."),
    (None, "A. Definition. Confidential Information means what the Company discloses."),
    (None, "B. Exceptions. Confidential Information does not include public information."),
    (None, "C. Compelled Disclosure. The Recipient may disclose it when a court orders it."),
    ("Heading 2", "3. Term."),
    (None, "This agreement lasts two years."),
]  # fmt: skip


def test_a_second_lettered_insertion_after_an_accepted_one_takes_the_next_letter() -> None:
    model = build_text_model(contract_docx(LETTERED))
    anchor = model.paragraphs[5].locator
    first = Edit(kind="insert_after", locator=anchor, after="D. The Recipient shall use it for the purpose only.",
                 new_locator="n1")  # fmt: skip
    applied = apply_edit_to_model(model, first)
    # The second clause was drafted on the original text, after "C.", as "D."; it now goes after the
    # inserted "D." paragraph and takes "E.".
    at = (applied.positions["n1"], len(applied.find("n1").text))  # type: ignore[union-attr]
    text = "D. The Recipient shall keep it safe."
    assert renumber_clause(text, structure_of(applied), at=at) == "E. The Recipient shall keep it safe."
    assert renumber_clause(text, structure_of(model), at=(5, 10)) == text  # on the original text, "D." is free
    # ... and the checker flags a "D." applied after the accepted "D.".
    edit = Edit(kind="insert_after", locator="n1", after=text, new_locator="n2")
    proposal = Proposal(action="insert", edit=edit, before="", after=text, explanation="")
    messages = [d.message for d in check_edit(model=applied, proposal=proposal) if d.kind == "numbering"]
    assert any("Item D. is already used" in m for m in messages), messages


def test_the_point_at_the_end_is_unchanged_where_the_last_section_is_no_closing_one() -> None:
    paragraphs = [p for p in ENDS_WITH_LAW if not p[1].startswith(("13.", "This agreement is governed", "The courts",
                                                                    "The Convention"))]  # fmt: skip
    paragraphs[-3:] = [("Heading 2", "12. Insurance"), ("List Number", "Each party keeps insurance.")]
    model = build_text_model(contract_docx(paragraphs))
    point = insertion_point(structure_of(model))
    assert point is not None and point.locator == model.paragraphs[-1].locator


# Definitions numbered as a closing section of their own ("11. Definitions", its terms 11.1 ...),
# after the general terms: a published developer agreement read in round 22 took its new warranty
# as "11.22", one more definition (docs/decisions/redlines-qa.md, "Round 22 lawyer read").
ENDS_WITH_NUMBERED_DEFINITIONS = [
    (None, "Developer Agreement"),
    (None, "1. Projects. The terms of this agreement apply to each project the parties agree in writing."),
    (None, "2. Payment"),
    (None, "2.1 Company shall pay each invoice within thirty days after receipt."),
    (None, "3. Kind of Working Relationship"),
    (None, "3.1 Developer is an independent contractor, not an employee of Company."),
    (None, "4. General Contract Terms"),
    (None, "4.1 Neither party may assign this agreement without the other party's consent."),
    (None, "4.2 This agreement is the entire agreement between the parties."),
    (None, "5. Definitions"),
    (None, "5.1 \u201cDeliverable\u201d means any work Developer delivers under a project."),
    (None, "5.2 \u201cProject\u201d means a project the parties agree in writing."),
    (None, "5.3 \u201cSoftware\u201d means computer code in any form."),
    (None, "5.4 Software \u201cUtilizes\u201d another work when it depends on that work to run."),
]  # fmt: skip


def test_a_clause_added_at_the_end_goes_before_closing_definitions_numbered_as_a_section() -> None:
    model, proposal = _insert(ENDS_WITH_NUMBERED_DEFINITIONS)
    at = model.positions[proposal.edit.locator]
    assert model.paragraphs[at].text.startswith("3.1 Developer is an independent contractor")
    assert proposal.after.startswith("3A"), proposal.after
    assert not proposal.defects
