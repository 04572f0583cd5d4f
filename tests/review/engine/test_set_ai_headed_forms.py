"""Classes read in round 20's first look (docs/decisions/redlines-qa.md, "Round 20: where a clause
lands in vendors' headed terms"), on the forms' own text (vendors' online terms, imported as a word
processor imports their page: tests/markdown_forms.py).

- A closing line that invites questions ("10. Questions" / "Questions about the Terms of Service?
  Contact us.", "If you have a question about any of these Terms, please contact our Support
  team.") ends the body as a signature block does: a clause added at the end goes before it.
- Sections lettered "A." to "T.", each numbering its clauses afresh: "J. Payment" was read as a
  sentence, so an audit went between it and its first clause, lettered "K." while "K. Term"
  exists. A section's heading is a heading; a clause for a section its heading names goes at its
  end, as the next of its own clauses ("4."), whatever numbers the other sections use.
- Where the clauses' titles are heading paragraphs (Heading 2 or 3), the new clause's title is a
  heading paragraph of the same style and its text body text under it; a clause's text never takes
  a heading's style.
"""

from __future__ import annotations

import io
from functools import cache

import docx
import pytest

from contracts.document import structure_of
from documents.docx.edit import apply_edit_to_model
from documents.docx.model import Edit, TextModel
from documents.docx.replay import materialise
from documents.docx.textmodel import build_text_model
from review.engine.base import Proposal, RevisionRequest
from review.engine.draft import _under_a_heading
from review.engine.playbook import PlaybookEngine
from tests.markdown_forms import form_docx
from tests.review.engine.helpers import model_of
from tests.review.engine.test_set_c_classes import _cuad_coverage

CORPORATE = ("github_site_policy", "github_corporate_terms_of_service.md")
GITHUB = ("github_site_policy", "github_terms_of_service.md")
PRE_RELEASE = ("github_site_policy", "github_pre_release_license_terms.md")
BASECAMP = ("basecamp", "basecamp_terms_of_service.md")


@cache
def _form(*parts: str) -> bytes:
    return form_docx(*parts)


def _model(*parts: str) -> TextModel:
    return build_text_model(_form(*parts))


def _inserted(parts: tuple[str, str], rule_id: str) -> tuple[TextModel, Proposal]:
    """The rule's insertion in the form. GitHub's terms of service speak to every user as "you", so
    a duty on each party is no longer inserted there (tests/review/engine/test_set_ai_vendor_terms.py);
    these tests are about where and how such a clause lands, so that gate is lifted here."""
    from unittest import mock

    model = _model(*parts)
    with mock.patch("review.engine.checks.must_exist.speaks_to_you", lambda model: False):
        (result,) = PlaybookEngine().analyze(model, _cuad_coverage(rule_id))
    (proposal,) = result.recommendations
    assert proposal.action == "insert"
    return model, proposal


def _index(model: TextModel, text: str) -> int:
    return next(i for i, p in enumerate(model.paragraphs) if p.text.startswith(text))


def _styles(data: bytes, edit: Edit) -> list[tuple[str, str]]:
    """(style name, text) of the clean document's paragraphs from the one the edit follows on."""
    anchor = build_text_model(data).get(edit.locator).text
    paragraphs = docx.Document(io.BytesIO(materialise(data, [edit]))).paragraphs
    start = next(i for i, p in enumerate(paragraphs) if p.text == anchor)
    return [(p.style.name, p.text) for p in paragraphs[start : start + 4]]


# --- a closing line ends the body ------------------------------------------------------------------


def test_a_closing_invitation_to_ask_questions_ends_the_body() -> None:
    corporate = _model(*CORPORATE)
    assert structure_of(corporate).closing is not None
    assert corporate.paragraphs[structure_of(corporate).closing.index].text == "10. Questions"
    basecamp = _model(*BASECAMP)
    closing = structure_of(basecamp).closing
    assert closing is not None
    assert basecamp.paragraphs[closing.index].text.startswith("If you have a question about any of these Terms")
    # A clause added at the end goes before it, the line still last.
    model, proposal = _inserted(BASECAMP, "governing-law")
    assert proposal.edit.locator == model.paragraphs[closing.index - 1].locator
    applied = apply_edit_to_model(model, proposal.edit)
    assert applied.paragraphs[-1].text.startswith("If you have a question about any of these Terms")


def test_the_closing_section_keeps_its_number_and_the_new_clause_goes_before_it() -> None:
    model, proposal = _inserted(CORPORATE, "insurance")
    assert model.get(proposal.edit.locator).text.startswith("Each Party is an independent contractor")
    assert proposal.edit.title == "9A. Insurance"  # "10." is the closing section's


def test_a_notice_clause_at_the_end_is_no_closing_line() -> None:
    text = "Notices shall be sent to the address below; questions may be sent by email to our support team."
    model = model_of("1. Term. This Agreement starts today.", f"2. Notices. {text}")
    assert structure_of(model).closing is None


# --- sections lettered A. to T. ------------------------------------------------------------------


def test_lettered_section_headings_are_headings_and_number_their_clauses_afresh() -> None:
    model = _model(*CORPORATE)
    structure = structure_of(model)
    assert "".join(letter for _at, letter in structure.lettered) == "ABCDEFGHIJKLMNOPQRST"
    payment = _index(model, "J. Payment")
    assert payment in structure.headings
    # "4." is free in J (it has 1 to 3), though K has a "4. Effect of Termination".
    assert ("4",) not in structure.labels_at(payment + 1)
    assert ("4",) in structure.labels


def test_an_audit_goes_at_the_end_of_the_section_its_heading_names_numbered_as_its_next_clause() -> None:
    model, proposal = _inserted(CORPORATE, "audit-rights")
    assert model.get(proposal.edit.locator).text.startswith("Customer authorizes GitHub to charge")
    assert proposal.edit.title == "4. Records and Audit"
    assert not proposal.after.startswith("K.")
    # (the same in the individual terms: after "5. Responsibility for Payment" of "K. Payment")
    model, proposal = _inserted(GITHUB, "audit-rights")
    assert model.get(proposal.edit.locator).text.startswith("You are responsible for all fees")
    assert proposal.edit.title == "6. Records and Audit"


def _as_an_agreement_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pre-release terms supplement the customer's agreement, so they take no clause of their own
    (tests/review/engine/test_set_ai_vendor_terms.py); where a test is about the place and style a clause
    would take in them, they are read as an agreement of their own."""
    monkeypatch.setattr("review.engine.checks.must_exist.part_of_another_agreement", lambda model: "")
    monkeypatch.setattr("review.engine.draft.part_of_another_agreement", lambda model: "")


def test_never_between_a_heading_and_its_first_clause(monkeypatch: pytest.MonkeyPatch) -> None:
    _as_an_agreement_of_its_own(monkeypatch)
    for parts, rule_id in ((CORPORATE, "audit-rights"), (GITHUB, "audit-rights"), (PRE_RELEASE, "insurance")):
        model, proposal = _inserted(parts, rule_id)
        assert model.get(proposal.edit.locator).heading_level is None


# --- titles as headings, text as body text -------------------------------------------------------


def test_the_title_is_a_heading_like_its_siblings_and_the_text_body_text() -> None:
    model, proposal = _inserted(CORPORATE, "audit-rights")
    assert model.get(proposal.edit.title_like or "").text == "3. Authorization"
    assert proposal.after.startswith("4. Records and Audit\nEach Party shall keep")
    assert _styles(_form(*CORPORATE), proposal.edit) == [
        ("Normal", "Customer authorizes GitHub to charge the on-file credit card, PayPal account, or other "
                   "approved methods of payment for Fees."),
        ("Heading 3", "4. Records and Audit"),
        ("Normal", proposal.edit.after),
        ("Heading 2", "K. Term; Termination; Suspension"),
    ]  # fmt: skip
    # The text model reads the clean document's paragraphs as the .docx has them.
    applied = apply_edit_to_model(model, proposal.edit)
    clean = build_text_model(materialise(_form(*CORPORATE), [proposal.edit]))
    assert [(p.text, p.heading_level) for p in applied.paragraphs] == [
        (p.text, p.heading_level) for p in clean.paragraphs
    ]


def test_a_title_keeps_its_siblings_mark_and_an_unnumbered_heading_stays_unnumbered(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _as_an_agreement_of_its_own(monkeypatch)
    _, proposal = _inserted(PRE_RELEASE, "insurance")
    assert proposal.edit.title == "16. Insurance."  # ("15. Nature of Terms for Microsoft Customers.")
    assert [s for s, _ in _styles(_form(*PRE_RELEASE), proposal.edit)[1:3]] == ["Heading 2", "Normal"]
    _, proposal = _inserted(BASECAMP, "governing-law")
    assert proposal.edit.title == "Governing Law"  # ("Liability")
    assert [s for s, _ in _styles(_form(*BASECAMP), proposal.edit)[1:3]] == ["Heading 2", "Normal"]


def test_a_place_between_a_heading_and_its_text_is_one_a_lawyer_falls_back_from() -> None:
    model = _model(*CORPORATE)
    structure = structure_of(model)

    def after(text: str) -> Proposal:
        edit = Edit("insert_after", model.paragraphs[_index(model, text)].locator, after="x", new_locator="n1")
        return Proposal(action="insert", edit=edit, before="", after="x", explanation="")

    assert _under_a_heading(after("J. Payment"), structure)  # (over "1. Pricing; Fees")
    assert _under_a_heading(after("3. Authorization"), structure)  # (over its text)
    assert not _under_a_heading(after("Customer authorizes GitHub to charge"), structure)


def test_a_title_in_a_paragraph_of_its_own_is_no_term_the_clause_uses() -> None:
    _, proposal = _inserted(GITHUB, "audit-rights")
    assert proposal.edit.title == "6. Records and Audit"
    assert "Audit" not in proposal.warnings and "Records" not in proposal.warnings


def test_a_revised_titled_clause_keeps_its_heading_unless_the_wording_brings_a_title_line() -> None:
    model, proposal = _inserted(GITHUB, "audit-rights")
    (rule,) = _cuad_coverage("audit-rights").rules
    engine = PlaybookEngine()

    def revised(instruction: str) -> Edit:
        request = RevisionRequest(rule=rule, current=proposal, instruction=instruction, citation="audit-rights @ t")
        return engine.revise(request, model).edit

    edit = revised("replace with: Each party may audit the other's invoices once a year.")
    assert (edit.title, edit.after) == ("6. Records and Audit", "Each party may audit the other's invoices once a year.")
    edit = revised("replace with: 6. Audit of Invoices\r\nEach party may audit the other's invoices once a year.")
    assert (edit.title, edit.after) == ("6. Audit of Invoices", "Each party may audit the other's invoices once a year.")
    assert (edit.title_like, edit.locator) == (proposal.edit.title_like, proposal.edit.locator)
