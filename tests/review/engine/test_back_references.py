"""A replacement or a strike that removes the sentence another one refers back to
(contracts/back_references.py): the edit checker's "back-reference" class (review/engine/proof.py)
and its cause, the replaced span, which now takes such sentences in (review/engine/draft.py
``with_dependent_sentences``). Seen on Common Paper's cloud service agreement with its SLA,
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
from playbooks.loader import load_playbook
from playbooks.services import LIBRARY_DIR
from review.engine.base import DEFECT_KINDS, Proposal
from review.engine.draft import with_dependent_sentences
from review.engine.find import PreparedDocument
from review.engine.playbook import PlaybookEngine
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


def test_the_replacement_takes_in_the_sentence_that_refers_back_to_it() -> None:
    model = _csa_with_sla()
    playbook = load_playbook((LIBRARY_DIR / "saas-customer.yaml").read_bytes())
    only = dataclasses.replace(playbook, rules=tuple(r for r in playbook.rules if r.id == "customer-data-use"))
    (result,) = PlaybookEngine().analyze(model, only)
    (proposal,) = result.recommendations
    assert proposal.edit.before.startswith(PURPOSES[:40]) and HOWEVER in proposal.edit.before
    assert proposal.edit.before.endswith("before such use") and not proposal.defects
    assert "replace the sentence and the sentence after it, which refers back to it," in proposal.explanation
    after = apply_edit_to_model(model, proposal.edit).get(proposal.edit.locator).text
    assert after.startswith("Machine Learning. Provider shall use Customer Content only to provide the Cloud Service ")
    assert "for other customers. Nothing in this section will reduce" in after and "these purposes" not in after


def test_the_replacement_stops_at_the_next_clause() -> None:
    # A maintenance agreement's 6.2 ends "... shall not be taken into account in the calculation of the
    # Refund Rate phase-out set out in this Clause 6." and 6.3 opens "Such phase out shall occur ...":
    # striking 6.2's sentence does not reach into 6.3, although 6.3 refers back to it.
    model = _contract("AzulSa_20170303_F-1A_EX-10.3_9943903_EX-10.3_Maintenance Agreement1")
    document = PreparedDocument.build(model)
    index = next(i for i, p in enumerate(model.paragraphs) if "6.3 Such phase out" in p.text)
    sentences = document.paragraphs[index].sentences
    last = next(s for s in sentences if s.text.endswith("phase-out set out in this Clause 6."))
    following = next(s for s in sentences if s.start > last.start)
    assert following.text.startswith("6.3 Such phase out")
    assert lost_reference(following.text, before="", removed=last.text, written="", follows=True) is not None
    merged, taken = with_dependent_sentences(last, document, "")
    assert taken == [] and merged == last
    # Nor does the checker read another clause as this one's: the class is about the clause edited.
    assert _back_references(model, _replacing(model, last.text, "")) == []


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
