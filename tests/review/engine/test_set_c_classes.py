"""The classes round 6's set C showed (docs/decisions/redlines-qa.md: cuad-coverage on five cuad-train
contracts no test used), each on the text that showed it: "party" where the contract defines and
writes "Party"; an insertion between a lead-in ending in a colon and what it introduces; a whole
warranty of goods inserted as a "warranty duration" into a consultancy."""

from __future__ import annotations

import dataclasses

from contracts.naming import adapt_terms
from playbooks.loader import load_playbook
from playbooks.services import LIBRARY_DIR
from review.engine.playbook import PlaybookEngine
from review.engine.proof import check_edit
from tests.review.engine.test_edit_checker import insertion
from tests.review.engine.test_insertion_titles import _contract

LOOP = "Loop Industries"  # a marketing agreement: '(each ... is a "Party"; together they are the "Parties")'
ADURO = "ADUROBIOTECH,INC_06_02_2020"  # a consulting agreement that writes "party" in lower case


def _cuad_coverage(*rule_ids: str):  # type: ignore[no-untyped-def]
    playbook = load_playbook((LIBRARY_DIR / "cuad-coverage.yaml").read_bytes())
    return dataclasses.replace(playbook, rules=tuple(r for r in playbook.rules if r.id in rule_ids))


def _inserted_whatever_is_paid(*rule_ids: str):  # type: ignore[no-untyped-def]
    """The library rules without their ``insert_when``: where a test is about the place of a clause
    in a contract the playbook no longer inserts it in (an audit where only fixed sums are paid)."""
    playbook = _cuad_coverage(*rule_ids)
    return dataclasses.replace(playbook, rules=tuple(dataclasses.replace(r, insert_when=None) for r in playbook.rules))


def _inserted_anyway(*rule_ids: str):  # type: ignore[no-untyped-def]
    """The library rules without the conditions that keep a missing clause out (``insert_when``,
    ``not_inserted_when``, ``conflicts_when``): where a test is about the place or the words of a
    clause in a contract the playbook no longer inserts it in (insurance where no party does
    anything general liability insurance covers: a fund's servicing, a trade mark licence, a
    sponsorship of web pages; docs/decisions/redlines-qa.md, round 19; a walk-away right in a
    licence paid for in shares, a servicing of receivables, a drilling farm-in)."""
    playbook = _cuad_coverage(*rule_ids)
    unconditional = tuple(
        dataclasses.replace(r, insert_when=None, not_inserted_when=None, conflicts_when=None) for r in playbook.rules
    )
    return dataclasses.replace(playbook, rules=unconditional)


def test_party_is_written_as_the_contract_defines_and_writes_it() -> None:
    wording = "Either party may terminate on notice to the other party; a party's liability for any third party claim."
    written, notes = adapt_terms(wording, _contract(LOOP))
    assert written == ("Either Party may terminate on notice to the other Party; a Party's liability for any "
                       "third party claim.")  # fmt: skip
    assert notes == ("\u201cparty\u201d is written \u201cParty\u201d, this contract's defined term",)
    assert adapt_terms(wording, _contract(ADURO)) == (wording, ())  # no "Party" defined: as written
    (result,) = PlaybookEngine().analyze(_contract(LOOP), _cuad_coverage("termination-for-convenience"))
    (proposal,) = result.recommendations
    assert "Either Party may terminate" in proposal.after and "the other Party" in proposal.after


def test_no_clause_goes_between_a_lead_in_and_what_it_introduces() -> None:
    model = _contract(ADURO)
    # "2. Compensation and Expenses. ... Invoices shall be sent to the attention of:" / "ap@aduro.com ..."
    between = insertion(model, "2. Compensation",
                        "2A. Each party shall keep complete and accurate records relating to this Agreement.")
    assert model.paragraphs[model.positions[between.edit.locator]].text.rstrip().endswith("attention of:")
    (defect,) = check_edit(model=model, proposal=between)
    assert defect.kind == "placement" and "what it introduces" in defect.message and "ap@aduro.com" in defect.message
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("audit-rights"))
    (proposal,) = result.recommendations
    assert not proposal.defects
    assert model.paragraphs[model.positions[proposal.edit.locator]].text.rstrip()[-1:] != ":"


def test_a_warranty_duration_is_reported_not_inserted_as_a_whole_warranty() -> None:
    (result,) = PlaybookEngine().analyze(_contract(ADURO), _cuad_coverage("warranty-duration"))
    assert result.status == "missing" and result.recommendations == ()


def test_a_lettered_clause_before_the_clauses_of_its_number_is_out_of_order() -> None:
    # Seen while merging round 6: an IP indemnity "13A." went in after 12.4, before "13.1
    # Notwithstanding anything stipulated ..." of a hosting agreement; the checker let it through, as
    # it compared "13A" with "12" and "14" only, not with the clauses under 13.
    from tests.review.engine.test_sendable_on_real_contracts import _cuad_train

    model = _cuad_train("PareteumCorp_20081001")
    anchor = next(p for p in model.paragraphs if p.text.lstrip().startswith("12.4 Limitation of liability"))
    before_13_1 = insertion(model, "12.4 Limitation of liability", "13A. T-Mobile shall defend ELEPHANT TALK.")
    assert before_13_1.edit.locator == anchor.locator
    (defect,) = check_edit(model=model, proposal=before_13_1)
    assert defect.kind == "numbering" and "13A" in defect.message and "out of order" in defect.message
