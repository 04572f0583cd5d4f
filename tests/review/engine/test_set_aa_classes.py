"""Classes read in round 14 (docs/decisions/redlines-qa.md, "Round 14"), each on a seen contract:

- "Each party" in a contract that writes "Party" as its word for the parties, though the terms
  reader finds no definition of it ('(each individually, "a Party" ...)', "Party A" and "Party B"
  with "the Parties");
- '(each a "Fund")', said of the funds a party serves, made every "party" a "Fund";
- governing law and the bar on assignment anchored on any "notice": into an article on one party's
  right to assign, after a termination notice;
- a clause put after "18. " of a numbered testimonium ("18. IN WITNESS WHEREOF"), which would then
  number the clause and leave the testimonium none (the edit checker holds it back);
- the exhibit after terms signed on the contract's face read as the body (an audit among a
  carrier's rates);
- the clause a title names put after the whole of it, past "6.3. Effect of Termination";
- a heading number run into its title ("7.TERM AND TERMINATION", "11.3Indemnity.") not read, so a
  clause after it went unnumbered (seen on the round's final look, a held-out contract, and fixed
  after counting, as was a running footer of a title and "Page N of M" read as text);
- a clause added at the end of a page that runs the last clause, the sentence that says the parties
  sign and the signatures together, put between that sentence and the signatories;
- a clause after the whole of the clause its title names numbered as one more of its last
  sub-clause's ("13.3.4"), not its own next ("13.4").
"""

from __future__ import annotations

import dataclasses
import re

from contracts.document import structure_of
from contracts.furniture import is_furniture
from contracts.insertion import insertion_point
from contracts.naming import adapt_terms
from playbooks.loader import load_playbook
from playbooks.services import LIBRARY_DIR
from review.engine.playbook import PlaybookEngine
from review.engine.proof import _bare_number
from tests.review.engine.test_insertion_titles import _contract
from tests.review.engine.test_set_c_classes import _cuad_coverage

CO_BRANDING = "MphaseTechnologiesInc_20030911_10-K_EX-10.15_1560667_EX-10.15_Co-Branding Agreement"
TRANSPORT = "ZtoExpressCaymanInc_20160930_F-1_EX-10.10_9752871_EX-10.10_Transportation Agreement"
# Writes "Party A" and "Party B" some 150 times and "party" on its own 62: names, and the
# contract's word for its parties is "party".
COOPERATION = "CHEETAHMOBILEINC_04_22_2014-EX-10.43-Cooperation Agreement"
JOINT_VENTURE = "NOVOINTEGRATEDSCIENCES,INC_12_23_2019-EX-10.1-JOINT VENTURE AGREEMENT"
IP_AGREEMENT = "KNOWLABS,INC_08_15_2005-EX-10-INTELLECTUAL PROPERTY AGREEMENT"
OUTSOURCING = "FerroglobePlc_20150624_F-4A_EX-10.20_9154746_EX-10.20_Outsourcing Agreement"
CARRIAGE = "ENTERPRISEPRODUCTSPARTNERSLP_07_08_1998-EX-10.3-TRANSPORTATION CONTRACT"
FUND_SERVICES = "PFSFUNDS_06_26_2020-EX-99.H OTH MAT CONT-SERVICES AGREEMENT"
FUND_SERVICING = "AULAMERICANUNITTRUST_04_24_2020-EX-99.8.77-SERVICING AGREEMENT"
JOINT_VENTURE_MEMBERS = "BORROWMONEYCOM,INC_06_11_2020-EX-10.1-JOINT VENTURE AGREEMENT"
DEVELOPMENT = "IbioInc_20200313_8-K_EX-10.1_12052678_EX-10.1_Development Agreement"
DISTRIBUTOR = "SmartRxSystemsInc_20180914_1-A_EX1A-6 MAT CTRCT_11"
HOSTING = "HEALTHGATEDATACORP_11_24_1999-EX-10.1-HOSTING AND MANAGEMENT AGREEMENT (1)"
PROMOTION = "ON4COMMUNICATIONSINC_07_02_2009-EX-10.1-PROMOTION AGREEMENT"
DISTRIBUTION = "ACCURAYINC_09_01_2010-EX-10.31-DISTRIBUTOR AGREEMENT"
ENDORSEMENT = "GridironBionutrientsInc_20171206_8-K_EX-10.1_10972555_EX-10.1_Endorsement Agreement"
DRUG_DEVELOPMENT = "EtonPharmaceuticalsInc_20191114_10-Q_EX-10.1_11893941_EX-10.1_Development Agreement"
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


def _inserted_between(prefix: str, rule_id: str, playbook=None) -> tuple[str, str, str]:  # type: ignore[no-untyped-def]
    """The text before the new clause, the clause, and the text after it."""
    model = _contract(prefix)
    (result,) = PlaybookEngine().analyze(model, playbook or _cuad_coverage(rule_id))
    (proposal,) = result.recommendations
    assert not proposal.defects
    at = model.positions[proposal.edit.locator]
    text = model.paragraphs[at].text
    if proposal.edit.kind == "insert_after":
        following = next(p.text for p in model.paragraphs[at + 1 :] if p.text.strip())
        return text, proposal.after, following
    start = proposal.edit.start or 0
    return text[:start], proposal.after, text[start:]


def test_governing_law_goes_with_the_general_provisions_not_after_any_notice() -> None:
    # "18.1 During the term of this agreement NVOS shall have the right to assign ... subject only
    # to prior written notice to HGF." was the anchor: "18.2" governing law under "ARTICLE 18 -
    # ASSIGNMENT BY NVOS". Now after the entire agreement clause, "23.4A". (Since round 18 it is
    # held for the lawyer's choice of law, New York being named nowhere and the parties placed in
    # Nevada and Washington: tests/review/engine/test_set_af_classes.py. Its place is read here.)
    model = _contract(JOINT_VENTURE)
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("governing-law"))
    (proposal,) = result.recommendations
    assert [d.kind for d in proposal.defects] == ["foreign-law"]
    at = model.positions[proposal.edit.locator]
    before, clause = model.paragraphs[at].text, proposal.after
    after = next(p.text for p in model.paragraphs[at + 1 :] if p.text.strip())
    assert clause.startswith("23.4A This Agreement shall be governed")
    assert before.rstrip().endswith("supersedes any and all other agreements, both verbal and written, between them.")
    assert after.startswith("23.5 ")


def test_a_bar_on_assignment_goes_with_the_general_provisions_not_after_a_termination_notice() -> None:
    # Was "7A." after "Termination under this Section 12 shall be effective from the date written
    # notice is delivered"; now after the severability clause, before "16. Interpretation".
    before, clause, after = _inserted_between(IP_AGREEMENT, "anti-assignment")
    assert clause.startswith("15A. Assignment. Neither party may assign this Agreement")
    assert "unenforceable provision modified" in before
    assert after.startswith("16.  Interpretation.")


def test_a_clause_between_a_number_and_the_words_it_numbers_is_held_back() -> None:
    model = _contract(OUTSOURCING)
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("anti-assignment"))
    (proposal,) = result.recommendations
    at = model.positions[proposal.edit.locator]
    assert model.paragraphs[at].text.startswith("18. IN WITNESS WHEREOF")
    assert [d.kind for d in proposal.defects] == ["placement"]
    assert "between the number \u201c18.\u201d and the words it numbers" in proposal.defects[0].message
    # A page's number ending the text before the new clause is no clause number.
    assert _bare_number("Title: Managing Director Title: Director General   15") == ""


def test_the_exhibit_after_terms_signed_on_the_contracts_face_is_no_part_of_the_body() -> None:
    model = _contract(CARRIAGE)
    structure = structure_of(model)
    assert structure.front_signature and structure.signature is not None
    terms = next(i for i, p in enumerate(model.paragraphs) if p.text.strip() == "TERMS AND CONDITIONS")
    exhibit = next(i for i, p in enumerate(model.paragraphs) if p.text.strip() == "EXHIBIT A")
    assert structure.signature.index < terms < exhibit
    assert structure.schedules is not None and structure.schedules.index == exhibit
    # A clause added at the end of the body goes at the end of the terms, before the exhibit.
    point = insertion_point(structure)
    assert point is not None and terms < model.positions[point.locator] < exhibit
    # ... and the audit, whose charges only the exhibit's rates state, is no longer put among them.
    (audit,) = PlaybookEngine().analyze(model, _cuad_coverage("audit-rights"))
    assert audit.status == "missing" and not audit.recommendations


def test_what_some_of_the_parties_or_things_are_each_called_is_not_the_word_for_the_parties() -> None:
    # '... the Adviser ... to the Conquer Risk ... Fund (each a "Fund")', and '... of the funds listed
    # in Appendix A (each a "Fund")' beside "Servicing Agent": the parties keep being "party".
    for prefix in (FUND_SERVICES, FUND_SERVICING):
        written, notes = adapt_terms(MUTUAL, _contract(prefix))
        assert written == MUTUAL and notes == (), prefix
    # A joint venture's two parties '(individually the "Member" and collectively the "Members")' are.
    written, _ = adapt_terms(MUTUAL, _contract(JOINT_VENTURE_MEMBERS))
    assert written == "Either Member may terminate this Agreement on notice to the other Member."


def _lines(prefix: str, pattern: str) -> list[str]:
    return [p.text for p in _contract(prefix).paragraphs if re.search(pattern, p.text)]


def test_a_running_footer_of_a_title_and_the_pages_number_is_furniture() -> None:
    footers = _lines(DEVELOPMENT, r"Page \d+ of 12") + _lines(DISTRIBUTOR, r"Page \d+ of 18\s*$")
    assert "Master Joint Development Agreement iBio CC-Pharming Page 1 of 12" in footers
    assert "EXCLUSIVE DISTRIBUTOR AGREEMENT Page 2 of 18" in [f.strip() for f in footers]
    assert len(footers) >= 20 and all(is_furniture(f) for f in footers)
    # A table of contents' line is no footer: "User Access to their Custom Page   11".
    (contents,) = _lines(HOSTING, r"^\s*User Access to their Custom Page\s+11")
    assert not is_furniture(contents)


def test_a_heading_number_with_no_space_after_it_is_read() -> None:
    # "11.WARRANTY AND INDEMNITY:" / "11.1Warranty." ... "11.3Indemnity." / "12.EXCLUSIVITY:": the
    # cap after the indemnity is "11.4", not an unnumbered paragraph.
    model = _contract(PROMOTION)
    structure = structure_of(model)
    assert any(n.label == "12." and model.paragraphs[n.index].text.startswith("12.EXCLUSIVITY") for n in structure.numbers)
    assert any(n.label == "11.3" and model.paragraphs[n.index].text.startswith("11.3Indemnity") for n in structure.numbers)
    (cap,) = PlaybookEngine().analyze(model, _cuad_coverage("cap-on-liability"))
    (proposal,) = cap.recommendations
    # (titled as 11.1 to 11.3 are, "11.2Obligations upon any breach." read as a title since round 19)
    assert proposal.after.startswith("11.4 Limitation of Liability. Except for") and not proposal.defects
    following = next(p.text for p in model.paragraphs[model.positions[proposal.edit.locator] + 1 :] if p.text.strip())
    assert following.startswith("12.EXCLUSIVITY")


def test_a_clause_under_a_title_goes_before_what_follows_termination() -> None:
    # "6. TERM AND TERMINATION": "6.1. Term.", "6.2. Termination." with "6.2.1. Breach." and "6.2.2.
    # Bankruptcy.", then "6.3. Effect of Termination.", "6.4. No Termination Compensation.", "6.5.
    # Accruals.": the walk-away right is the third ground, "6.2.3.", not "6.6." after the accruals.
    before, clause, after = _inserted_between(DISTRIBUTION, "termination-for-convenience")
    assert clause.startswith("6.2.3. Termination for Convenience. Either party may terminate this Agreement for convenience")
    assert "6.2.2. Bankruptcy." in before
    assert after.startswith("6.3. Effect of Termination.")


def test_a_clause_added_at_the_end_goes_before_the_sentence_that_says_the_parties_sign() -> None:
    # "... signed by the party or parties to be charged by such change or modification.   The parties
    # have executed this Agreement on October 30, 2017.   Food For Athletes, Inc. / Gridiron ... By:
    # /s/ ...", one paragraph: the block starts at "The parties have executed".
    model = _contract(ENDORSEMENT)
    point = insertion_point(structure_of(model))
    assert point is not None and point.offset is not None
    text = model.paragraphs[model.positions[point.locator]].text
    assert text[point.offset :].startswith("The parties have executed this Agreement on October 30, 2017.")
    assert text[: point.offset].rstrip().endswith("by such change or modification.")


def test_a_clause_after_the_clause_its_title_names_takes_that_clauses_next_sub_clause_number() -> None:
    # "13. INDEMNIFICATION" / 13.1, 13.2, "13.3" with "13.3.1" to "13.3.3 This Section 13 shall
    # survive ..." / "14. LIMITATION OF LIABILITY" on the same page: the IP indemnity is "13.4".
    model = _contract(DRUG_DEVELOPMENT)
    playbook = load_playbook((LIBRARY_DIR / "saas-customer.yaml").read_bytes())
    only = dataclasses.replace(playbook, rules=tuple(r for r in playbook.rules if r.id == "vendor-ip-indemnity"))
    (result,) = PlaybookEngine().analyze(model, only)
    (proposal,) = result.recommendations
    assert proposal.after.startswith("13.4 ") and "defend" in proposal.after
    text = model.paragraphs[model.positions[proposal.edit.locator]].text
    assert proposal.edit.start is not None and text[proposal.edit.start :].startswith("14. LIMITATION OF LIABILITY")
