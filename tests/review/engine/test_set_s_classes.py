"""The classes round 9's sets R and S showed and left (docs/decisions/redlines-qa.md, "Round 10"),
each on the text that showed it: a joint venture agreement takes no walk-away right and no cap
measured by fees; another agreement's clauses incorporated by reference are present; the
intellectual property agreement of a spin-off made under its "Distribution Agreement" takes no
commercial clauses; a clause goes before a signature legend in angle brackets."""

from __future__ import annotations

import pytest

from documents.docx.textmodel import build_text_model
from playbooks.loader import load_playbook
from playbooks.loader.issues import PlaybookInvalid
from review.engine.draft import takes_no_commercial_terms
from review.engine.playbook import PlaybookEngine
from tests.conftest import shared_data
from tests.review.engine.test_insertion_titles import _contract
from tests.review.engine.test_set_c_classes import _cuad_coverage, _inserted_anyway

TRANSPHORM = "TRANSPHORM,INC_02_14_2020"  # AizuFujitsu / Fujitsu Semiconductor / Transphorm joint venture
IMPCO = "IMPCOTECHNOLOGIESINC_04_15_2003"  # IMPCO / Minda joint venture
NEUROBO = "NeuroboPharmaceuticalsInc_20190903"  # NeuroBo / Dong-A manufacturing and supply agreement
EQUIFAX = "FIDELITYNATIONALINFORMATIONSERVICES,INC_08_05_2009"  # Equifax / Certegy intellectual property agreement


@pytest.mark.parametrize("prefix", [TRANSPHORM, IMPCO])
def test_a_joint_venture_takes_no_walk_away_right_and_no_cap_measured_by_fees(prefix: str) -> None:
    # Its parties leave it by the share transfers and dissolution it provides, and no fee passes
    # between them: the two rules say so and insert nothing; insurance, which the playbook does not
    # keep out of joint ventures, is still proposed.
    results = PlaybookEngine().analyze(
        _contract(prefix), _cuad_coverage("termination-for-convenience", "cap-on-liability", "insurance")
    )
    by_rule = {r.rule_id: r for r in results}
    for rule_id in ("termination-for-convenience", "cap-on-liability"):
        assert by_rule[rule_id].status == "missing" and not by_rule[rule_id].recommendations
        assert "title names \u201cjoint venture\u201d" in by_rule[rule_id].message
    assert by_rule["insurance"].recommendations


def test_not_inserted_in_is_stored_with_the_rule_and_belongs_to_must_exist_rules() -> None:
    source = (
        "name: P\nrules:\n  - id: walk\n    title: T\n    find: {any: [convenience]}\n    check: {must_exist: true}\n"
        "    positions: [Either party may terminate.]\n    not_inserted_in: [joint  venture, Shareholders]\n"
    )
    (rule,) = load_playbook(source.encode()).rules
    assert rule.not_inserted_in == ("joint venture", "Shareholders")
    assert type(rule).from_dict(rule.to_dict()) == rule
    wrong = source.replace("{must_exist: true}", "{max_days: 30}")
    with pytest.raises(PlaybookInvalid) as info:
        load_playbook(wrong.encode())
    assert "not_inserted_in: only applies to must_exist rules" in str(info.value)
    with pytest.raises(PlaybookInvalid) as info:
        load_playbook(source.replace("[joint  venture, Shareholders]", "joint venture").encode())
    assert "not_inserted_in" in str(info.value) and "must be a list" in str(info.value)


def test_another_agreements_clauses_incorporated_by_reference_are_present() -> None:
    # "Articles or Sections 8.2 (Limitation of Liability), 9 (Indemnification), ... 12.3
    # (Assignment), ... of the License Agreement shall be deemed to be incorporated herein by
    # reference": the cap and the assignment clause are there; a second one of each would be a
    # second regime beside them. Insurance, which none of the titles names, is still proposed.
    results = PlaybookEngine().analyze(
        _contract(NEUROBO), _cuad_coverage("cap-on-liability", "anti-assignment", "insurance")
    )
    by_rule = {r.rule_id: r for r in results}
    cap, assignment = by_rule["cap-on-liability"], by_rule["anti-assignment"]
    assert cap.status == assignment.status == "missing"
    assert not cap.recommendations and not assignment.recommendations
    assert "incorporates \u201cLimitation of Liability\u201d of the License Agreement by reference" in cap.message
    assert "incorporates \u201cAssignment\u201d of the License Agreement by reference" in assignment.message
    assert by_rule["insurance"].recommendations


def test_a_spin_offs_ip_agreement_under_its_distribution_agreement_takes_no_commercial_clauses() -> None:
    # Made under the "Distribution Agreement" of a spin-off (named in the recitals after a long
    # table of contents), its licences paid up: no walk-away, audit, cap or insurance. A
    # co-hosting agreement that names a distribution agreement and grants royalty-free licences
    # among its fees is no such agreement: its title names no intellectual property or licence.
    assert "Distribution Agreement" in takes_no_commercial_terms(_contract(EQUIFAX))
    (result,) = PlaybookEngine().analyze(_contract(EQUIFAX), _cuad_coverage("termination-for-convenience"))
    assert result.status == "missing" and not result.recommendations
    hosting = build_text_model(shared_data("cuad", "docx", "cuad_hosting_03.docx").read_bytes())
    assert takes_no_commercial_terms(hosting) == ""


def test_a_clause_goes_before_a_signature_legend_in_angle_brackets() -> None:
    # "... incorporated herein by reference as it is set forth in this Agreement <Signature page
    # follows.>": the new clause goes before the legend, not between "<" and its words.
    model = _contract(NEUROBO)
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("insurance"))
    (proposal,) = result.recommendations
    text = model.paragraphs[model.positions[proposal.edit.locator]].text
    assert proposal.edit.start == text.index("<Signature page follows")



ATMOS = "ATMOSENERGYCORP_11_22_2002"  # Arkansas Western transportation service agreement, in articles


def test_a_clause_added_at_the_end_goes_after_the_last_numbered_section_when_the_last_article_numbers_none() -> None:
    # "ARTICLE VIII MISCELLANEOUS 8.1 ... 8.7 Cancellation of Prior Agreement(s). ... ARTICLE IX
    # NOTICES" and its unnumbered paragraphs, then "IN WITNESS WHEREOF": an unnumbered paragraph at
    # the end would read as one more paragraph of the notices article; the clause is 8.8, after 8.7.
    model = _contract(ATMOS)
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("insurance"))
    (proposal,) = result.recommendations
    assert proposal.after.startswith("8.8 Each party shall maintain")
    at = model.positions[proposal.edit.locator]
    assert model.paragraphs[at].text.lstrip().startswith("8.7")
    following = next(p.text for p in model.paragraphs[at + 1 :] if p.text.strip())
    assert following.strip().startswith("ARTICLE IX")


# --- set T (docs/decisions/redlines-qa.md, round 10), each class fixed after its reading ---------

TRUE_NORTH = "TRUENORTHENERGYCORP_02_08_2007"  # BP America / True North Energy development agreement
DIGITAL_CINEMA = "DigitalCinemaDestinationsCorp_20111220"  # National CineMedia network affiliate agreement
BLUEFLY = "BLUEFLYINC_03_27_2002"  # IBM / Bluefly e-business hosting agreement


def test_an_execution_sentence_in_capitals_opens_the_signatures_inside_a_pdf_paragraph() -> None:
    # "... Exhibit "I" Wiring Instructions EXECUTED by the Parties on the date(s) indicated in the
    # acknowledgments below, but effective as of the Effective Date. BP AMERICA PRODUCTION
    # COMPANY /s/ ...": the audit goes before the execution sentence, not after "Witness".
    model = _contract(TRUE_NORTH)
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("audit-rights"))
    (proposal,) = result.recommendations
    text = model.paragraphs[model.positions[proposal.edit.locator]].text
    assert proposal.edit.start is not None
    assert text[proposal.edit.start :].lstrip().startswith("EXECUTED by the Parties")


def test_a_clause_goes_before_a_numbers_label_not_between_the_label_and_the_number() -> None:
    # "... related to this Agreement.   Section 8.3 Termination by NCM. ...": never "Section
    # Section 8.2A ... 8.3 Termination by NCM".
    model = _contract(DIGITAL_CINEMA)
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("termination-for-convenience"))
    (proposal,) = result.recommendations
    text = model.paragraphs[model.positions[proposal.edit.locator]].text
    assert proposal.after.startswith("Section 8.")
    assert not text[: proposal.edit.start].rstrip().endswith("Section")
    assert text[proposal.edit.start :].lstrip().startswith("Section 8.")


def test_a_clause_goes_after_a_run_of_clauses_titled_alike_not_between_them() -> None:
    # "8.1 Indemnification by IBM" ... "8.2 Indemnification by Customer" / a. ... c. / "--------
    # 9.0 Limitation of Liability": insurance is 8.3 after the customer's indemnity and its items,
    # before the rule and heading of 9.0 (a heading, the rule drawn before it on its line aside).
    model = _contract(BLUEFLY)
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("insurance"))
    (proposal,) = result.recommendations
    assert proposal.after.startswith("8.3 Insurance. Each party shall maintain")
    at = model.positions[proposal.edit.locator]
    following = next(p.text for p in model.paragraphs[at + 1 :] if p.text.strip())
    assert " ".join(following.split()).endswith("9.0 Limitation of Liability")
    assert "Indemnification by Customer" in "".join(p.text for p in model.paragraphs[at - 40 : at])


CHERRY_HILL = "CHERRYHILLMORTGAGEINVESTMENTCORP_09_26_2013"  # Freedom Mortgage / Cherry Hill strategic alliance


def test_a_clause_of_its_own_is_no_item_of_a_list_under_a_clause_about_something_else() -> None:
    # "Section 2. The Acknowledgement Agreement" / "(a)" ... "(d) The Purchase Agreement will provide
    # that Freedom Mortgage will indemnify Cherry Hill ...": the cap is "Section 2A." after the
    # section, never its item "(e)". ("a Party's": the contract's word, as its definitions list
    # writes it, "Party: Either Freedom Mortgage or Cherry Hill".)
    model = _contract(CHERRY_HILL)
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("cap-on-liability"))
    (proposal,) = result.recommendations
    assert proposal.after.startswith("Section 2A. Limitation of Liability. Except for a Party's indemnification obligations")
    at = model.positions[proposal.edit.locator]
    assert next(p.text for p in model.paragraphs[at + 1 :] if p.text.strip()).startswith("Section 3.")


def test_a_definition_is_no_anchor_for_a_new_clause() -> None:
    # "MSR: The compensation owing to a servicer of a Mortgage Loan ...", in "Section 1.
    # Definitions": the audit does not go among the definitions ("Section 1A.").
    (result,) = PlaybookEngine().analyze(_contract(CHERRY_HILL), _cuad_coverage("audit-rights"))
    (proposal,) = result.recommendations
    assert not proposal.after.startswith("Section 1A")


TRIZETTO = "TRIZETTOGROUPINC_08_18_1999"  # a technical infrastructure maintenance agreement


def test_a_new_clause_never_takes_a_number_written_after_a_page_number() -> None:
    # "1. TECHNICAL INFRASTRUCTURE" / (a) ... (e) / "2 2. TERM" (a page number before the unread
    # heading): a clause after section 1 would be a second "2.".
    (result,) = PlaybookEngine().analyze(_contract(TRIZETTO), _cuad_coverage("audit-rights"))
    (proposal,) = result.recommendations
    assert not proposal.after.startswith("2. ")


# --- set U (docs/decisions/redlines-qa.md, round 10), each class fixed after its reading ---------

SONUS = "SONUSCORP_03_12_1997"  # Healthcare Capital / Sonus sponsorship of an offering
LOHA = "LohaCompanyltd_20191209"  # a supply contract translated from Chinese


def test_a_new_clause_is_no_item_of_one_sentences_enumeration() -> None:
    # "8.1 Indemnification ... arising from: (a) ...; (b) ... Alberta; or (c) ... Securities.": the
    # cap is not "(d)", whatever the clause's title; it goes after the whole of "8. INDEMNIFICATION"
    # as its next sub-clause, before "9. NOTICES" (round 11; before that, at the end).
    model = _contract(SONUS)
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("cap-on-liability"))
    (proposal,) = result.recommendations
    assert not proposal.after.startswith("(d)") and proposal.after.startswith("8.4 ")
    at = model.positions[proposal.edit.locator]
    assert " ".join(next(p.text for p in model.paragraphs[at + 1 :] if p.text.strip()).split()) == "9. NOTICES"


def test_blank_signature_labels_close_the_body() -> None:
    # "... The Contract becomes effective after signed by both parties. THE BUYER: THE SELLER:
    # SIGNATURE: SIGNATURE:": a clause added at the end goes before the parties' labels.
    model = _contract(LOHA)
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("termination-for-convenience"))
    (proposal,) = result.recommendations
    text = model.paragraphs[model.positions[proposal.edit.locator]].text
    assert proposal.edit.start is not None
    assert text[proposal.edit.start :].lstrip().startswith("THE BUYER: THE SELLER:")


# --- set V (docs/decisions/redlines-qa.md, round 10), each class fixed after its reading ---------

VERSO = "VERSOTECHNOLOGIESINC_12_28_2007"  # NMS Communications / Verso Backhaul intellectual property agreement
FTE = "FTENETWORKS,INC_02_18_2016"  # EDGE / FTE Networks strategic alliance (subcontract)


def test_the_ip_instrument_of_an_asset_sale_takes_no_commercial_clauses() -> None:
    # Made under the "Asset Purchase Agreement", it conveys what was sold ("Seller does hereby
    # transfer, sell, assign, convey and deliver to Backhaul all right, title and interest"): no
    # walk-away, assignment restriction or insurance.
    assert takes_no_commercial_terms(_contract(VERSO)) == (
        "an agreement made under the Asset Purchase Agreement, which conveys what was sold"
    )


def test_end_of_document_closes_the_body() -> None:
    # "... shall survive termination of this Agreement. END OF DOCUMENT [SIGNATURES ON FOLLOWING
    # PAGE]": the cap goes before "END OF DOCUMENT".
    model = _contract(FTE)
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("cap-on-liability"))
    (proposal,) = result.recommendations
    text = model.paragraphs[model.positions[proposal.edit.locator]].text
    assert proposal.edit.start is not None and text[proposal.edit.start :].lstrip().startswith("END OF DOCUMENT")



VNUE = "VnueInc_20150914"  # Vnue / Booking Entertainment promotion agreement (corpus run)


def test_a_clause_added_at_the_end_takes_the_next_number_free_after_clauses_left_unread() -> None:
    # The reader takes "Section 9." and leaves "Section 10." to "Section 15." unread inside their
    # paragraphs: a clause added at the end is "Section 16.", never a second "Section 10.".
    model = _contract(VNUE)
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("insurance"))
    (proposal,) = result.recommendations
    assert proposal.after.startswith("Section 16. Insurance. Each party shall maintain")


BRAVATEK = "INTELLIGENTHIGHWAYSOLUTIONS,INC_01_18_2018"  # Bravatek / Fazync strategic alliance (corpus run)


def test_the_checker_reads_the_number_of_a_clause_inserted_inside_a_paragraph() -> None:
    # "2) Duties", "3) Obligations", then "... agreement.   4) Compensation" to "13) Entire" run on
    # unread inside the paragraphs: a clause inserted inside the last one as "4)" repeats a number
    # (the checker holds it back), and the clause goes at the end as "14)".
    model = _contract(BRAVATEK)
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("insurance"))
    (proposal,) = result.recommendations
    # (titled as "13) Entire Agreement   This Agreement ..." is, set off by spaces)
    assert proposal.after.startswith("14) Insurance   Each party shall maintain") and not proposal.defects


PALMER = "PalmerSquareCapitalBdcInc_20200116"  # Palmer Square trademark licence between affiliates


def test_a_disclaimer_of_any_duty_to_indemnify_is_no_indemnity_to_go_beside() -> None:
    # "3.1 ... the Licensor has no obligation to indemnify the Licensee ...": insurance does not go
    # after it as "3.1A", among the representations. (A licence of a name takes no insurance at all
    # since round 19: the rule runs here without that condition, for the place's sake.)
    (result,) = PlaybookEngine().analyze(_contract(PALMER), _inserted_anyway("insurance"))
    (proposal,) = result.recommendations
    assert not proposal.after.startswith("3.1A")


SPORT_HALEY = "SPORTHALEYINC_09_29_1997"  # Sport-Haley endorsement agreement with a touring golf professional


def test_an_endorsement_takes_no_mutual_general_liability_insurance() -> None:
    # The endorser is a person ("the Professional ... his name, autograph, likeness"): "each party
    # shall maintain ... commercial general liability insurance" is reported, not inserted.
    (result,) = PlaybookEngine().analyze(_contract(SPORT_HALEY), _cuad_coverage("insurance"))
    assert result.status == "missing" and not result.recommendations
    assert "title names \u201cendorsement\u201d" in result.message
