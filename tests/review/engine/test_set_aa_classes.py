"""Classes round 13's readings left (docs/decisions/redlines-qa.md, "Round 14"): a clause added to a
contract that writes "Party" as its defined term, though the terms reader finds no definition of it
('(each individually, "a Party" ...)', "Party A" and "Party B" and "the Parties"), said "Each party"
and "the other party", which a lawyer corrects before sending."""

from __future__ import annotations

from contracts.naming import adapt_terms
from review.engine.playbook import PlaybookEngine
from tests.review.engine.test_insertion_titles import _contract
from tests.review.engine.test_set_c_classes import _cuad_coverage

CO_BRANDING = "MphaseTechnologiesInc_20030911_10-K_EX-10.15_1560667_EX-10.15_Co-Branding Agreement"
TRANSPORT = "ZtoExpressCaymanInc_20160930_F-1_EX-10.10_9752871_EX-10.10_Transportation Agreement"
# Writes "Party A" and "Party B" some 150 times and "party" on its own 62: names, and the
# contract's word for its parties is "party".
COOPERATION = "CHEETAHMOBILEINC_04_22_2014-EX-10.43-Cooperation Agreement"
MUTUAL = "Either party may terminate this Agreement on notice to the other party."


def test_a_clause_says_party_as_a_contract_that_writes_party_without_a_definition_the_reader_takes() -> None:
    model = _contract(CO_BRANDING)
    written, notes = adapt_terms(MUTUAL, model)
    assert written == "Either Party may terminate this Agreement on notice to the other Party."
    assert notes == ("\u201cparty\u201d is written \u201cParty\u201d, as this contract writes it",)
    # The clause the library adds there, as the lawyer is offered it.
    (insurance,) = PlaybookEngine().analyze(model, _cuad_coverage("insurance"))
    (proposal,) = insurance.recommendations
    assert "Each Party shall maintain" in proposal.after and not proposal.defects


def test_party_a_and_party_b_make_party_the_contracts_word() -> None:
    # "Party A" and "Party B" are names; "the Parties", "either Party" are the contract's word.
    written, _ = adapt_terms(MUTUAL, _contract(TRANSPORT))
    assert written == "Either Party may terminate this Agreement on notice to the other Party."


def test_names_with_party_in_them_do_not_make_it_the_contracts_word() -> None:
    written, notes = adapt_terms(MUTUAL, _contract(COOPERATION))
    assert written == MUTUAL and notes == ()
