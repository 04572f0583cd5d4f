"""A number edit and the phrases that point back at the old figure (contracts/back_references.py
``figure_references``): the edit checker's "back-reference" class holds back an edit that leaves
one (review/engine/proof.py), and the number edit carries them (review/engine/draft.py
``number_proposal``). Seen on cuad_development_01, clause 11.1 and definition 1.12: the renewal
term rule turned "successive 5-year terms" into "1-year terms" and left "... not less than 90 days
prior to the end of such five-year term", which then points at no term the clause has."""

from __future__ import annotations

import functools

from contracts import numbers
from contracts.back_references import figure_references
from documents.docx.edit import apply_edit_to_model
from documents.docx.model import Edit, TextModel
from documents.docx.textmodel import build_text_model
from playbooks.loader import load_playbook
from playbooks.services import LIBRARY_DIR
from review.engine.base import Proposal
from review.engine.playbook import PlaybookEngine
from review.engine.proof import check_edit
from tests.conftest import shared_data
from tests.review.engine.helpers import rule, spec
from tests.review.engine.test_edit_checker import contract

RENEWAL = "The Term shall automatically renew thereafter for successive 5-year terms"
# Content licence agreement (cuad-train): the cure period is the notice period, said again.
CONTENT_LICENSE = "WebmdHealthCorp_20050908"
# Licence agreement (cuad-train): the cure period, pointed back at in the next sentence.
LICENSE = "VirtuosoSurgicalInc_20191227"


@functools.cache
def _development() -> TextModel:
    return build_text_model(shared_data("cuad", "docx", "cuad_development_01.docx").read_bytes())


def _number_edit(model: TextModel, holding: str, before: str, after: str, value: float) -> Proposal:
    paragraph = next(p for p in model.paragraphs if holding in p.text)
    start = paragraph.text.index(before, paragraph.text.index(holding))
    edit = Edit(kind="replace", locator=paragraph.locator, before=before, after=after, start=start)
    return Proposal(action="replace", edit=edit, before=before, after=after, explanation="", value=value)


def _back_references(model: TextModel, proposal: Proposal) -> list[str]:
    return [d.message for d in check_edit(model=model, proposal=proposal) if d.kind == "back-reference"]


def test_the_phrases_that_point_back_at_a_figure_are_read() -> None:
    text = next(p.text for p in _development().paragraphs if RENEWAL in p.text)
    renewal = next(q for q in numbers.find_durations(text) if q.phrase == "5-year")
    (reference,) = figure_references(text, renewal)
    assert text[reference.start : reference.end] == "such five-year term"
    # The initial term ("five (5) years") is stated before the renewal term: nothing points back at
    # it past the renewal term, which states the same figure of its own.
    initial = next(q for q in numbers.find_durations(text) if q.phrase == "five (5) years")
    assert figure_references(text, initial) == []
    # "provided that thirty (30) days ..." opens a figure of its own, not a pointer.
    said = "within thirty (30) days, provided that thirty (30) days after it and within such thirty (30) day period"
    assert figure_references(said, numbers.find_durations(said)[0]) == []


def test_a_number_edit_that_leaves_a_pointer_to_the_old_figure_is_held_back() -> None:
    model = _development()
    (message,) = _back_references(model, _number_edit(model, RENEWAL, "5-year", "1-year", 365))
    assert message.startswith("“such five-year term” still points back at “5-year”, which the edit changes to “1-year”")
    assert "(“the then-current term”)" in message
    # The notice period of the same sentence is no figure anything points back at.
    assert _back_references(model, _number_edit(model, RENEWAL, "90 days", "60 days", 60)) == []
    # The edit that carries the pointer leaves nothing behind.
    carried = _number_edit(model, RENEWAL, "5-year terms unless", "1-year terms unless", 365)
    paragraph = next(p for p in model.paragraphs if RENEWAL in p.text)
    start = carried.edit.start or 0
    end = paragraph.text.index("such five-year term", start) + len("such five-year term")
    whole = paragraph.text[start:end]
    edit = Edit(
        kind="replace", locator=paragraph.locator, before=whole, start=start,
        after=whole.replace("5-year", "1-year").replace("such five-year term", "the then-current term"),
    )  # fmt: skip
    proposal = Proposal(action="replace", edit=edit, before="", after="", explanation="", value=365)
    assert _back_references(model, proposal) == []


def test_an_edit_of_the_pointer_alone_is_held_back() -> None:
    model = contract(CONTENT_LICENSE)
    holding = "if such breach is not cured by the party within such thirty (30) day period"
    (message,) = _back_references(model, _number_edit(model, holding, "thirty (30) day", "forty-five (45) day", 45))
    assert message.startswith("“thirty (30) day” points back at “thirty (30) days”, which the edit leaves as it is")


def test_the_renewal_edit_carries_the_pointer_as_the_then_current_term() -> None:
    model = _development()
    playbook = load_playbook((LIBRARY_DIR / "saas-customer.yaml").read_bytes())
    (result,) = [r for r in PlaybookEngine().analyze(model, playbook) if r.rule_id == "renewal-term"]
    afters = [p.after for p in result.recommendations]
    assert len(afters) == 2 and all(p.defects == () for p in result.recommendations)
    for after in afters:  # definition 1.12 and clause 11.1
        assert "for successive 1-year terms unless either party provides prior written notice of termination not less " \
               "than 90 days prior to the end of the then-current term" in after  # fmt: skip
        assert "five-year" not in after
    assert "and “such five-year term”, which points back at it, to “the then-current term”" in (
        result.recommendations[1].explanation
    )
    # Accepted, the clause reads as one: the initial term stays five years.
    applied = apply_edit_to_model(model, result.recommendations[1].edit)
    (text,) = [p.text for p in applied.paragraphs if "11.1 The Term" in p.text]
    assert "for an initial term of five (5) years. The Term shall automatically renew thereafter for successive " \
           "1-year terms" in text  # fmt: skip


def test_a_pointer_in_the_next_sentence_takes_the_new_figure_in_the_contracts_style() -> None:
    model = contract(LICENSE)
    cure = rule(id="cure-period", find={"any": ["correct the default"]}, check={"max_days": 30})
    ((proposal,),) = [r.recommendations for r in PlaybookEngine().analyze(model, spec(cure))]
    assert proposal.after == (
        "The defaulting party shall have a period of thirty (30) days after receipt of such notice to correct the "
        "default or breach. If the default or breach is not corrected within said thirty (30) day period, the party "
        "not in default shall have the right to terminate this Agreement."
    )
    assert proposal.defects == ()


def test_an_edit_of_the_pointer_is_made_an_edit_of_the_figure_it_points_at() -> None:
    model = contract(CONTENT_LICENSE)
    cure = rule(id="cure-period", find={"all": ["cured"]}, check={"min_days": 45})
    ((proposal,),) = [r.recommendations for r in PlaybookEngine().analyze(model, spec(cure))]
    assert "after forty-five (45) days written notice to the party of such breach, if such breach is not cured by the " \
           "party within such forty-five (45) day period." in proposal.after  # fmt: skip
    assert proposal.defects == ()
