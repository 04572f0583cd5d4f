"""A replacement or a strike that removes the sentence another one refers back to
(contracts/back_references.py): the edit checker's "back-reference" class (review/engine/proof.py). Seen on Common Paper's cloud service agreement with its SLA,
accept-all with the SaaS playbook: the customer-data-use position replaced the first sentence of
1.6 Machine Learning and left "However, (a) Usage Data and Customer Content must be aggregated
before it can be used for these purposes, ..." about purposes the clause no longer stated."""

from __future__ import annotations

import dataclasses
import functools

from contracts.back_references import lost_reference
from documents.docx.edit import apply_edit_to_model
from documents.docx.model import Edit, TextModel
from documents.docx.textmodel import build_text_model
from review.engine.base import DEFECT_KINDS, Proposal
from review.engine.proof import check_edit
from tests.conftest import shared_data
from tests.review.engine.test_insertion_titles import _contract

PURPOSES = (
    "Usage Data and Customer Content may be used to develop, train, or enhance artificial intelligence or machine "
    "learning models that are part of Provider's products and services, including third-party components of the "
    "Product, and Customer authorizes Provider to process its Usage Data and Customer Content for such purposes."
)
HOWEVER = "However, (a) Usage Data and Customer Content must be aggregated before it can be used for these purposes"
POSITION = (
    "Provider shall use Customer Content only to provide the Cloud Services to Customer and as Customer instructs in "
    "writing, and shall not sell it or use it to train models for other customers."
)


@functools.cache
def _csa_with_sla() -> TextModel:
    return build_text_model(shared_data("forms", "commonpaper_docx", "commonpaper_csa_with_sla.docx").read_bytes())


def _replacing(model: TextModel, before: str, after: str) -> Proposal:
    paragraph = next(p for p in model.paragraphs if before in p.text)
    edit = Edit(
        kind="replace", locator=paragraph.locator, before=before, after=after, start=paragraph.text.index(before)
    )
    return Proposal(action="replace", edit=edit, before=before, after=after, explanation="", position=0)


def _back_references(model: TextModel, proposal: Proposal) -> list[str]:
    return [d.message for d in check_edit(model=model, proposal=proposal) if d.kind == "back-reference"]


def test_a_sentence_left_referring_to_what_the_replacement_removes_is_held_back() -> None:
    model = _csa_with_sla()
    (message,) = _back_references(model, _replacing(model, PURPOSES, POSITION))
    assert "“However, (a) Usage Data and Customer Content must be aggregated" in message
    assert "refers back to “these purposes”" in message
    assert DEFECT_KINDS["back-reference"] == "Sentence refers to removed text"
    # The same wording over both sentences leaves nothing that refers back ("Nothing in this section
    # will reduce ..." and "... these features ..." do not point at what it removes).
    paragraph = next(p.text for p in model.paragraphs if PURPOSES in p.text)
    both = paragraph[paragraph.index(PURPOSES) : paragraph.index(" Nothing in this section")]
    assert both.startswith(PURPOSES + " " + HOWEVER) and both.endswith("before such use.")
    assert _back_references(model, _replacing(model, both, POSITION)) == []


def test_a_reference_that_keeps_what_it_refers_to_is_no_defect() -> None:
    model = _csa_with_sla()
    # The new wording states the purposes and names both kinds of data: "these purposes" and the
    # "However" that follows still read.
    stated = (
        "Provider may use Usage Data and Customer Content only for the purposes of providing the Cloud Services to "
        "Customer."
    )
    assert _back_references(model, _replacing(model, PURPOSES, stated)) == []
    # "such use" finds "use" in the new wording, "these purposes" does not find its purposes.
    assert lost_reference("... before such use.", before="", removed=PURPOSES, written=POSITION, follows=False) is None
    assert lost_reference(HOWEVER, before="Machine Learning.", removed=PURPOSES, written=POSITION, follows=True)
    # In the kept text of the sentence itself: "Distributor may use the Company Marks in marketing the
    # Products but such use does not confer any right ..." after the sentence before it is rewritten.
    distributor = _contract("SmartRxSystemsInc_20180914")
    removed = (
        "Distributor has paid no consideration for the use of Company's trademarks, logos, copyrights, trade names"
    )
    assert _back_references(distributor, _replacing(distributor, removed, "Distributor shall pay no fee")) == []


def test_a_strike_leaves_a_however_answering_nothing() -> None:
    model = _csa_with_sla()
    struck = (
        "Neither party will be liable for a delay or failure to perform its obligations of this Agreement if caused "
        "by a Force Majeure Event. "
    )
    (message,) = _back_references(model, _replacing(model, struck, ""))
    assert "“However, this section does not excuse Customer\u2019s obligations to pay Fees.”" in message
    assert "opens with “However”" in message


def test_the_foregoing_finds_what_the_clause_still_says_before_it() -> None:
    # A licence and hosting agreement's 6.4: (a) Changepoint defends infringement claims, (b) it may
    # procure a licence, modify or replace what infringes, (c) "Notwithstanding the foregoing,
    # Changepoint shall have no liability for any claim that is based on ... such infringement ...".
    # Struck, (b) leaves (a) as the foregoing; struck after (a), nothing of the clause is left for (c)
    # to answer.
    model = _contract("CHANGEPOINTCORP_03_08_2000")
    (second,) = [p for p in model.paragraphs if p.text.startswith("(b)      Should the Licensed Materials")]
    strike = Edit(kind="delete_paragraph", locator=second.locator, before=second.text)
    proposal = Proposal(action="delete", edit=strike, before=second.text, after="", explanation="")
    assert _back_references(model, proposal) == []
    first = model.paragraphs[model.positions[second.locator] - 2]
    assert first.text.startswith("(a)      Changepoint will defend")
    without_a = apply_edit_to_model(model, Edit(kind="delete_paragraph", locator=first.locator, before=first.text))
    (message,) = _back_references(without_a, dataclasses.replace(proposal, edit=strike))
    assert "“(c) Notwithstanding the foregoing, Changepoint shall have no liability" in message
