"""Re-pointing a proposal computed on an older version at the current one (invariant 2, docs/architecture.md)."""

from __future__ import annotations

from dataclasses import replace

from documents.docx.edit import apply_edit_to_model
from documents.docx.model import Edit
from review.engine.base import Proposal
from review.engine.playbook import PlaybookEngine
from tests.review.engine.helpers import model_of, rule, spec

ENGINE = PlaybookEngine()
PAYMENT = rule(id="payment-terms", find={"any": ["invoice"]}, check={"max_days": 30})


def proposal_on(model_texts: tuple[str, ...]) -> Proposal:
    (result,) = ENGINE.analyze(model_of(*model_texts), spec(PAYMENT))
    return result.recommendations[0]


V1 = ("Fees.", "Customer shall pay each invoice within sixty (60) days.")


def test_unchanged_version_returns_the_same_proposal() -> None:
    proposal = proposal_on(V1)
    assert ENGINE.reanchor(proposal, model_of(*V1)) == proposal


def test_shifted_offset_in_the_same_paragraph() -> None:
    proposal = proposal_on(V1)
    v2 = model_of("Fees.", "Subject to Clause 3, Customer shall pay each invoice within sixty (60) days.")
    moved = ENGINE.reanchor(proposal, v2)
    assert moved is not None
    assert moved.edit.locator == "p2"
    assert moved.edit.start == proposal.edit.start + len("Subject to Clause 3, c") - 1
    assert apply_edit_to_model(v2, moved.edit).get("p2").text.endswith("within thirty (30) days.")


def test_unique_elsewhere_moves_to_that_paragraph() -> None:
    proposal = proposal_on(V1)
    v2 = model_of("Fees.", "Payment terms are in the next clause.", "Customer pays invoices in sixty (60) days.")
    moved = ENGINE.reanchor(proposal, v2)
    assert moved is not None
    assert moved.edit.locator == "p3"
    assert v2.get("p3").text[moved.edit.start :].startswith("sixty (60) days")


def test_text_gone_or_ambiguous_returns_none() -> None:
    proposal = proposal_on(V1)
    assert ENGINE.reanchor(proposal, model_of("Fees.", "Customer shall pay within 30 days.")) is None
    two = model_of("Fees.", "Pay in 10 days.", "Within sixty (60) days here.", "And sixty (60) days there.")
    assert ENGINE.reanchor(proposal, two) is None
    own = model_of("Fees.", "Either sixty (60) days or sixty (60) days.")
    assert ENGINE.reanchor(proposal, own) is None


def test_delete_paragraph_reanchors_by_exact_text() -> None:
    edit = Edit(kind="delete_paragraph", locator="p2", before="Strike me.")
    proposal = Proposal(action="delete", edit=edit, before="Strike me.", after="", explanation="x")
    assert ENGINE.reanchor(proposal, model_of("Fees.", "Strike me.")) == proposal
    moved = ENGINE.reanchor(proposal, model_of("New.", "Fees.", "Strike me."))
    assert moved is not None and moved.edit.locator == "p3"
    assert ENGINE.reanchor(proposal, model_of("Fees.", "Strike me now.")) is None


def test_insert_keeps_anchor_and_renumbers_a_taken_locator() -> None:
    edit = Edit(kind="insert_after", locator="p1", after="New clause.", new_locator="n2")
    proposal = Proposal(action="insert", edit=edit, before="", after="New clause.", explanation="x")
    assert ENGINE.reanchor(proposal, model_of("Fees.", next_insert=2)) == proposal
    after_other_insert = apply_edit_to_model(
        model_of("Fees.", next_insert=2), Edit(kind="insert_after", locator="p1", after="Other.", new_locator="n2")
    )
    moved = ENGINE.reanchor(proposal, after_other_insert)
    assert moved is not None and moved.edit.new_locator == "n3"
    assert apply_edit_to_model(after_other_insert, moved.edit).get("n3").text == "New clause."
    assert ENGINE.reanchor(replace(proposal, edit=replace(edit, locator="p9")), model_of("Fees.")) is None
