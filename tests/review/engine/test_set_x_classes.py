"""The classes round 11's reading showed (docs/decisions/redlines-qa.md, "Round 11"), each on the
text that showed it or the class's other cases on cuad-train: where a new clause goes among titled,
citing and ending clauses; no audit where only fixed sums are paid; no clause in an excerpt."""

from __future__ import annotations

import pytest

from review.engine.playbook import PlaybookEngine
from tests.review.engine.test_insertion_titles import _contract
from tests.review.engine.test_set_c_classes import _cuad_coverage, _inserted_anyway

HYPERION = "HYPERIONSOFTWARECORP_09_28_1994"  # IMRS / Delteq exclusive distributor agreement


def test_a_clause_anchored_under_a_titled_article_goes_after_the_whole_article() -> None:
    # "9. INDEMNIFICATION." / "9.1 Copyright Indemnification. Developer shall indemnify ..." / "9.2
    # Cooperation by Distributor. Notwithstanding Section 9.1 ..." / "9.3 Distributor
    # Indemnification." / "10. GENERAL.": insurance is 9.4 after the whole article, never between
    # the developer's indemnity and its conditions (9.1A) nor between the two indemnities (9.2A).
    model = _contract(HYPERION)
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("insurance"))
    (proposal,) = result.recommendations
    assert proposal.after.startswith("9.4 Insurance. Each party shall maintain")
    at = model.positions[proposal.edit.locator]
    before = " ".join(" ".join(p.text for p in model.paragraphs[at - 30 : at + 1]).split())
    assert "9.3" in before and "Distributor Indemnification" in before
    following = [" ".join(p.text.split()) for p in model.paragraphs[at + 1 : at + 12] if p.text.strip()]
    assert any(text.startswith("10. GENERAL") for text in following[:3])


ADIA = "ADIANUTRITION,INC_04_01_2005"  # PivX / Detto reseller agreement


def test_a_new_clause_never_parts_a_clause_from_the_sibling_that_qualifies_it_by_its_number() -> None:
    # "4.2 ... [the licensor's infringement remedies] ... refund any licensing fees relating to the
    # future use of Qwik-Fix Pro." / "4.3 LIMITATION OF LIABILITY. EXCEPT FOR PIVX'S OBLIGATIONS
    # UNDER SECTION 4.2, IN NO EVENT ...": insurance goes after 4.3, never between 4.2 and the
    # limitation that carves it out.
    model = _contract(ADIA)
    # (the place's sake only: the rule runs without the condition round 19 gave it)
    (result,) = PlaybookEngine().analyze(model, _inserted_anyway("insurance"))
    (proposal,) = result.recommendations
    assert proposal.after.startswith("4.3A INSURANCE. Each party shall maintain")
    at = model.positions[proposal.edit.locator]
    before = " ".join(" ".join(p.text for p in model.paragraphs[at - 8 : at + 1]).split())
    assert "EXCEPT FOR PIVX'S OBLIGATIONS UNDER SECTION 4.2" in before


MACROGENICS = "MACROGENICSINC_08_02_2013"  # MacroGenics / Green Cross collaboration agreement


def test_a_clause_about_what_follows_an_ending_is_passed_by_no_new_clause() -> None:
    # "16.6 Effect of Termination ... (d) ... the Parties shall comply with Section 12.1(e)" follows
    # 16.5's grounds and cites the clauses it ends: the walk-away right goes before it, never among
    # a termination's consequences.
    model = _contract(MACROGENICS)
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("termination-for-convenience"))
    (proposal,) = result.recommendations
    assert proposal.after.startswith("16.5A Termination for Convenience. Either Party may terminate")
    at = model.positions[proposal.edit.locator]
    following = next(p.text for p in model.paragraphs[at + 1 :] if p.text.strip())
    assert following.strip().startswith("16.6 Effect of Termination")


SMARTRX = "SmartRxSystemsInc_20180914"  # SmartRx exclusive distributor agreement


def test_a_new_clause_goes_before_a_clause_about_what_follows_termination() -> None:
    # "12. TERM AND TERMINATION" ... "12.3 The rights and remedies of Company provided in this Section
    # shall not be exclusive ..." / "13. OBLIGATIONS AFTER TERMINATION: ... 13.1 Distributor
    # Obligations. Distributor shall: ...": the walk-away right is 12.4, never 13.1A among what each
    # party does once the agreement has ended.
    model = _contract(SMARTRX)
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("termination-for-convenience"))
    (proposal,) = result.recommendations
    assert proposal.after.startswith("12.4 Either party may terminate")
    paragraph = model.paragraphs[model.positions[proposal.edit.locator]].text
    assert paragraph[proposal.edit.start :].lstrip().startswith("13. OBLIGATIONS AFTER TERMINATION")


SFG = "SFGFINANCIALCORP_05_12_2009"  # SFG software licence and maintenance agreement


def test_a_new_article_never_takes_an_article_number_the_contract_writes_where_the_reader_left_it() -> None:
    # "ARTICLE XIX  INSOLVENCY ... ARTICLE XX  CERTAIN OTHER EVENTS OF TERMINATION (a) ..." run into
    # one paragraph, XX unread, then "ARTICLE XXI  EFFECT OF TERMINATION": the walk-away right that
    # would go before XXI is not numbered "ARTICLE XX" a second time.
    model = _contract(SFG)
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("termination-for-convenience"))
    (proposal,) = result.recommendations
    assert not proposal.after.startswith("ARTICLE XX ")
    assert not proposal.defects


LOGANS = "LOGANSROADHOUSEINC_03_27_1998"  # Logan's Roadhouse racing sponsorship
GAINSCO = "GAINSCOINC_01_21_2010"  # GAINSCO racing sponsorship
MERIT = "MERITLIFEINSURANCECO_06_19_2020"  # Clear Capital / Radial Spark master services agreement


@pytest.mark.parametrize("prefix", [LOGANS, GAINSCO])
def test_no_audit_where_only_fixed_sums_are_paid(prefix: str) -> None:
    # A sponsorship's fee in fixed instalments: nothing is worked out from records, so there is
    # nothing to audit; the finding stays and says why nothing is inserted.
    (result,) = PlaybookEngine().analyze(_contract(prefix), _cuad_coverage("audit-rights"))
    assert result.status == "missing" and not result.recommendations
    assert "inserts it only where the contract has what it applies to" in result.message


def test_an_audit_is_still_inserted_where_amounts_are_worked_out_from_records() -> None:
    # "Contractor will be compensated on a time and materials ... Company shall reimburse Contractor
    # its actual out-of-pocket expenses": hours and expenses are what an audit checks.
    (result,) = PlaybookEngine().analyze(_contract(MERIT), _cuad_coverage("audit-rights"))
    (proposal,) = result.recommendations
    assert "have those records audited" in proposal.after


WOMENS_GOLF_LAST_PAGE = "WOMENSGOLFUNLIMITEDINC_03_29_2000-EX-10.13-ENDORSEMENT AGREEMENT - Intellectual"


def test_an_excerpt_of_an_agreements_last_pages_takes_no_clause() -> None:
    # "-8-    9 / EXECUTION COPY / 11.6. COUNTERPARTS. ...": the text opens on page 8 at clause 11.6,
    # so what it lacks may be in the pages it does not hold; each missing clause is reported, and
    # none is inserted (four unnumbered paragraphs after 11.7 before).
    model = _contract(WOMENS_GOLF_LAST_PAGE)
    rules = ("governing-law", "termination-for-convenience", "anti-assignment", "insurance")
    for result in PlaybookEngine().analyze(model, _cuad_coverage(*rules)):
        assert result.status == "missing" and not result.recommendations
        assert "an excerpt of a longer agreement, opening on its page 8 at clause 11.6" in result.message


PCQUOTE_AMENDMENT = "PcquoteComInc_19990721_S-1A_EX-10.11_6377149_EX-10.11_Co-Branding Agreement2"  # PC Quote / A.B. Watley, amendment to one clause of a co-branding agreement


def test_an_amendment_of_one_clause_of_an_agreement_takes_none_of_its_clauses() -> None:
    # "AMENDMENT TO SECTION 2, PART B OF THE CO-BRANDING AGREEMENT This amendment to Section 2
    # (titled "Term"), Part B of the Co-Branding Agreement is made effective ...": its missing
    # clauses are the co-branding agreement's.
    model = _contract(PCQUOTE_AMENDMENT)
    rules = ("governing-law", "termination-for-convenience", "anti-assignment", "insurance")
    for result in PlaybookEngine().analyze(model, _cuad_coverage(*rules)):
        assert result.status == "missing" and not result.recommendations
        assert "an amendment of the Co-Branding Agreement" in result.message


THERAVANCE = "THERAVANCEBIOPHARMA,INC_05_08_2020"  # Theravance Biopharma UK / its executive, service agreement
PRUDENTIAL = "PrudentialBancorpInc_20170606"  # Prudential Bank / its employee, split-dollar endorsement


@pytest.mark.parametrize("prefix", [THERAVANCE, PRUDENTIAL])
def test_an_agreement_between_an_employer_and_its_employee_takes_no_commercial_clauses(prefix: str) -> None:
    # '... (the "Employer"); and (2) Brett Haumann of [address removed] (the "Executive")': no cap
    # measured by fees, insurance, audit or bar on assignment written for two businesses.
    rules = ("cap-on-liability", "insurance", "audit-rights", "anti-assignment", "termination-for-convenience")
    for result in PlaybookEngine().analyze(_contract(prefix), _cuad_coverage(*rules)):
        assert not result.recommendations, result.rule_id
        if result.status == "missing":
            assert "an agreement between an employer and its employee or executive" in result.message


IMPERIAL_GARDEN = "ImperialGardenResortInc_20161028"  # Huang Jia Country Club cooperation contract, translated


def test_a_clause_added_at_the_end_never_takes_an_article_number_written_where_the_reader_left_it() -> None:
    # "... pursuant to the laws of the R.O.C.. Article XII. The Contract shall be made in duplicate
    # ...": the last article is written inside the paragraph; a clause added at the end is "Article
    # XIII.", never a second "Article XII.".
    model = _contract(IMPERIAL_GARDEN)
    assert "Article XII. The Contract shall be made in duplicate" in " ".join(model.text.split())
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("termination-for-convenience"))
    (proposal,) = result.recommendations
    assert proposal.after.startswith("Article XIII. Either party may terminate")
    assert not proposal.defects


CHEETAH = "CHEETAHMOBILEINC_04_22_2014"  # Beike Internet / Cheetah cooperation agreement


def test_a_partys_label_over_its_signatory_opens_the_signature_block() -> None:
    # "Party A: Beike Internet (Beijing) Security Technology Co., Ltd." / "Authorized signatory: /s/
    # common seal": the clause goes before the label, never between a party's name and its signature.
    model = _contract(CHEETAH)
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("insurance"))
    (proposal,) = result.recommendations
    at = model.positions[proposal.edit.locator]
    assert not model.paragraphs[at].text.startswith("Party A:")
    following = next(p.text for p in model.paragraphs[at + 1 :] if p.text.strip() and not p.text.strip().isdigit())
    assert following.startswith("Party A: Beike Internet")


NETGROCER = "NETGROCERINC_07_31_1998"  # Excite / NetGrocer sponsorship


def test_a_clause_that_does_not_speak_of_its_anchors_subject_is_no_item_of_that_subjects_list() -> None:
    # "11. WARRANTY AND INDEMNITY" over "a) NetGrocer will indemnify ..." ... "DISCLAIMS ANY AND ALL
    # IMPLIED WARRANTIES ...": insurance, placed beside the indemnities, says nothing of them, so it
    # is "11A." before "12. LIMITATION OF LIABILITY", not item "c)".
    model = _contract(NETGROCER)
    # (links to a grocer's site on a portal's pages take no insurance since round 19: the rule runs
    # without that condition, for the place's sake)
    (result,) = PlaybookEngine().analyze(model, _inserted_anyway("insurance"))
    (proposal,) = result.recommendations
    assert proposal.after.startswith("11A. INSURANCE. Each party shall maintain")
    at = model.positions[proposal.edit.locator]
    following = next(p.text for p in model.paragraphs[at + 1 :] if p.text.strip())
    assert " ".join(following.split()).startswith("12. LIMITATION OF LIABILITY")


ELANDIA = "ELANDIAINTERNATIONALINC_04_25_2007"  # Bank South Pacific / Datec network management outsourcing


def test_a_sub_clause_number_after_a_sibling_written_unread_is_out_of_order() -> None:
    # "... any Claim arising from any breach by Datec of its obligations under this agreement.   15.2
    # Enforcement Of Indemnities" (15.2 run into 15.1's last paragraph, unread) / "It is not
    # necessary ...": a "15.1A" after that stands after 15.2.
    from review.engine.proof import check_edit
    from tests.review.engine.test_edit_checker import insertion

    model = _contract(ELANDIA)
    proposal = insertion(model, "It is not necessary for a party to incur expense", "15.1A Each party shall keep records.")
    (defect,) = [d for d in check_edit(model=model, proposal=proposal) if d.kind == "numbering"]
    assert "would stand after 15.2, which the contract writes before it" in defect.message


def test_executed_as_an_agreement_opens_the_signature_block() -> None:
    # "EXECUTED as an agreement." / "SIGNED SEALED AND DELIVERED by BANK SOUTH PACIFIC LIMITED by ...
    # its duly constituted Attorney ..." / ... "/s/ Illegible": the block opens at the execution line.
    from contracts.document import structure_of

    model = _contract(ELANDIA)
    signature = structure_of(model).signature
    assert signature is not None
    assert model.paragraphs[signature.index].text[signature.offset :].startswith("EXECUTED as an agreement.")
