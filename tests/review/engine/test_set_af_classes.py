"""Classes read in round 18 (docs/decisions/redlines-qa.md, "Round 18"): the first look's
contracts and the structure reader's largest open class, each here on a seen contract's own text
(or a ContractNLI form's).

- Articles numbered in words run into a PDF's page ("... Volume No. 1.   ARTICLE XI - WARRANTIES
  11.1 ...") were not read: a cap and insurance became "11.1A" between a shipper's warranties and
  "11.2". They are read now, and a clause after such an article is numbered "ARTICLE XI-A" ("XIA"
  reads as a word), titled as its neighbours are ("- LIMITATION OF LIABILITY").
- The edit checker took "ARTICLE VII-A ..." written before "ARTICLE VIII ..." for an edit that
  keeps "ARTICLE " and held it back as out of order.
- An investment agreement whose first article runs into its opening (a PDF's page) was read as
  having no opening before its clauses, and took a cap and an audit.
- A walk-away right went after "8.3 Surviving Rights/Obligations" (only "Survival" was read as a
  title about what follows termination), after "5.6 The termination or expiration of this
  Agreement ... shall be without prejudice to ...", and after "10.3 Obligations Upon Termination
  Upon expiration ..." (a title run in without a mark).
- A new article among articles whose titles stand on the line after their numbers ("ARTICLE II" /
  "NON-COMPETITION AND NON-DISCLOSURE") went untitled.
- An audit said "keep records for three (3) years" beside "17.1 All company records will be kept
  for a minimum of five (5) years".
- New York law went into a joint venture of a Nevada and a Washington company, New York named
  nowhere: the country check passed it.
- A cap binding both parties went into "CONSULTANT'S OBLIGATIONS", a part of one party's duties.

The second look's: a testimonium that ends a clause's sentence ("... hold a copy respectively in
witness thereof.") was read as the start of the signatures, so clauses went inside that sentence
and each took the same "Article XIII."; a document that opens with an agreement's schedules, and a
capital maintenance agreement, took commercial clauses; "Fund" where the contract writes "the Fund";
"Services" passed for defined because it is a word of a party's name.
"""

from __future__ import annotations

from contracts.numbering import LEADING_NUMBER, number_from_leading, write_number
from documents.docx.model import Paragraph, TextModel
from documents.docx.textmodel import build_text_model
from review.engine.draft import takes_no_commercial_terms
from review.engine.playbook import PlaybookEngine
from tests.conftest import shared_data
from tests.review.engine.test_insertion_titles import _contract
from tests.review.engine.test_set_ad_classes import _inserted
from tests.review.engine.test_set_c_classes import _cuad_coverage, _inserted_anyway

GAS_TRANSPORTATION = "KENTUCKYUTILITIESCO_03_25_2003-EX-10.65-TRANSPORTATION AGREEMENT"
INVESTMENT = "ROCKYMOUNTAINCHOCOLATEFACTORY,INC_12_23_2019-EX-10.2-STRATEGIC ALLIANCE AGREEMENT"
DEVELOPMENT = "ConformisInc_20191101_10-Q_EX-10.6_11861402_EX-10.6_Development Agreement"
JOINT_VENTURE = "NOVOINTEGRATEDSCIENCES,INC_12_23_2019-EX-10.1-JOINT VENTURE AGREEMENT"
ENDORSEMENT = "ADAMSGOLFINC_03_21_2005-EX-10.17-ENDORSEMENT AGREEMENT"
SUPPLY = "NeuroboPharmaceuticalsInc_20190903_S-4_EX-10.36_11802165_EX-10.36_Manufacturing Agreement"
RESELLER = "ASIANDRAGONGROUPINC_08_11_2005-EX-10.5-Reseller Agreement"
CONSULTING = "EmeraldHealthBioceuticalsInc_20200218_1-A_EX1A-6 MAT CTRCT_11987205_EX1A-6 MAT CTRCT_Development"
ALLIANCE = "COOLTECHNOLOGIES,INC_10_25_2017-EX-10.71-Strategic Alliance Agreement"


def _only(model: TextModel, rule_id: str, playbook=None):  # type: ignore[no-untyped-def]
    (result,) = PlaybookEngine().analyze(model, playbook or _cuad_coverage(rule_id))
    return result


def test_an_article_numbered_in_words_inside_a_page_is_read_and_followed_as_article_xi_a() -> None:
    after, before, following = _inserted(GAS_TRANSPORTATION, "cap-on-liability")
    assert after.startswith("ARTICLE XI-A - LIMITATION OF LIABILITY   Except for a Party's indemnification")
    assert "11.2 Transporter shall not be obligated to provide" in before
    assert "ARTICLE XII - TERM" in following[:40] or following.startswith("3")


def test_a_clause_written_before_an_article_whose_number_begins_alike_is_in_order() -> None:
    # "ARTICLE VII-A ..." before "ARTICLE VIII - GENERAL TERMS AND CONDITIONS": offered, not held
    # back as "7A" out of order (_inserted_between asserts it has no defect).
    after, before, following = _inserted(GAS_TRANSPORTATION, "audit-rights")
    assert after.startswith("ARTICLE VII-A - RECORDS AND AUDIT   Each Party shall keep")
    assert "ARTICLE VII - BILLINGS AND PAYMENTS" in before
    assert following.startswith("ARTICLE VIII - GENERAL TERMS AND CONDITIONS")


def test_an_article_numbered_in_roman_numerals_takes_a_hyphened_letter() -> None:
    assert write_number("ARTICLE {R}", ("11A",)) == "ARTICLE XI-A"
    text = "ARTICLE XI-A - INSURANCE   Each Party shall maintain insurance."
    match = LEADING_NUMBER.match(text)
    assert match is not None
    number = number_from_leading(0, Paragraph(locator="p1", text=text), match)
    assert number.parts == ("11A",) and number.label == "ARTICLE XI-A"


def test_insurance_after_an_indemnification_article_inside_a_page_takes_that_articles_letter() -> None:
    # Before, "ARTICLE VII. INDEMNIFICATION." inside the page went unread and insurance became a
    # second "ARTICLE VII.".
    after, before, following = _inserted(ALLIANCE, "insurance")
    assert after.startswith("ARTICLE VII-A. INSURANCE. Each party shall maintain")
    assert "ARTICLE VII. INDEMNIFICATION." in before
    assert following.startswith("ARTICLE VIII. NON-SOLICITATION OF PERSONNEL.")


def test_an_investment_whose_first_article_runs_into_its_opening_takes_no_commercial_clause() -> None:
    model = _contract(INVESTMENT)
    assert "invests in the other's shares" in takes_no_commercial_terms(model)
    for rule_id in ("audit-rights", "cap-on-liability"):
        assert _only(model, rule_id).recommendations == ()


def test_a_walk_away_right_goes_before_a_clause_on_surviving_rights() -> None:
    # (A development programme bought with an asset purchase shows no running relationship the
    # walk-away right's insert_when reads: the rule runs without its conditions, for the place's sake.)
    rule = "termination-for-convenience"
    after, _, following = _inserted(DEVELOPMENT, rule, _inserted_anyway(rule))
    # (8.1 lets the agreement end early only under 8.2: tests/contracts/test_early_ending.py)
    assert after.startswith("8.2A Termination for Convenience. Notwithstanding Section 8.1, either Party may terminate")
    assert following.startswith("8.3 Surviving Rights/Obligations.")


def test_a_walk_away_right_goes_before_what_an_ending_is_without_prejudice_to() -> None:
    after, _, following = _inserted(SUPPLY, "termination-for-convenience")
    assert after.startswith("5.5 Either Party may terminate this Agreement for convenience")
    assert following.startswith("5.6 The termination or expiration of this Agreement")


def test_a_title_run_in_without_a_mark_can_name_what_follows_termination() -> None:
    after, before, following = _inserted(RESELLER, "termination-for-convenience")
    assert after.startswith("10.2A Either Party may terminate this Agreement for convenience")
    assert following.startswith("10.3 Obligations Upon Termination")
    assert "10.2 Termination for Default" in before


def test_a_new_article_takes_the_title_its_neighbours_carry_on_the_line_after_their_numbers() -> None:
    model = build_text_model(shared_data("ndas", "nda_cnli_dev_07.docx").read_bytes())
    # (A covenant not to compete takes no walk-away right since round 20: the rule runs without its
    # conditions, for the title's sake.)
    rule = "termination-for-convenience"
    (proposal,) = _only(model, rule, _inserted_anyway(rule)).recommendations
    assert proposal.after.startswith("ARTICLE II-A TERMINATION FOR CONVENIENCE. Any party may terminate")


def test_a_new_article_after_a_title_behind_a_double_dash_is_titled_alike() -> None:
    after, _, following = _inserted(CONSULTING, "cap-on-liability")
    assert after.startswith("ARTICLE 5A - LIMITATION OF LIABILITY   Except for a party's")
    assert following.startswith("ARTICLE 6 - TERM and TERMINATION")


def test_an_audit_is_not_inserted_over_the_contracts_own_period_for_keeping_records() -> None:
    result = _only(_contract(JOINT_VENTURE), "audit-rights")
    assert result.recommendations == ()
    assert "All company records will be kept for a minimum of five (5) years" in result.message


def test_the_law_of_a_state_neither_party_is_in_is_the_lawyers_choice() -> None:
    (proposal,) = _only(_contract(JOINT_VENTURE), "governing-law").recommendations
    (defect,) = proposal.defects
    assert defect.kind == "foreign-law"
    assert "New York" in defect.message and "Nevada and Washington" in defect.message


def test_a_clause_for_both_parties_is_no_part_of_one_partys_obligations() -> None:
    # "14. INDEMNITY" stands under "CONSULTANT'S OBLIGATIONS": the cap goes after the last clause,
    # under "MISCELLANEOUS PROVISIONS", not as "14A." among the consultant's duties.
    after, before, _ = _inserted(ENDORSEMENT, "cap-on-liability")
    assert after.startswith("35. LIMITATION OF LIABILITY. Except for a party's")
    assert "given in writing by ADAMS GOLF to CONSULTANT" in before


# --- the second look's classes --------------------------------------------------------------------

IMPERIAL_GARDEN = "ImperialGardenResortInc_20161028"  # "... hold a copy respectively in witness thereof."
ESCROW_SCHEDULES = "HEALTHGATEDATACORP_11_24_1999-EX-10.1-HOSTING AND MANAGEMENT AGREEMENT - Escrow"
CUSTOMIZATION_SCHEDULE = "CardlyticsInc_20180112_S-1_EX-10.16_11002987_EX-10.16_Maintenance Agreement2"
CAPITAL_MAINTENANCE = "SEPARATEACCOUNTIIOFAGL_05_02_2011-EX-99.(J)(4)-UNCONDITIONAL CAPITAL MAINTENANCE"
FUND_ADMINISTRATION = "ArcaUsTreasuryFund_20200207_N-2_EX-99.K5_11971930_EX-99.K5_Development Agreement"
CHANNEL_COOPERATION = "LEJUHOLDINGSLTD_03_12_2014-EX-10.34-INTERNET CHANNEL COOPERATION AGREEMENT"


def test_a_testimonium_that_ends_a_clauses_sentence_is_followed_by_the_new_clauses() -> None:
    from documents.docx.edit import apply_edit_to_model

    model = _contract(IMPERIAL_GARDEN)
    (first,) = _only(model, "termination-for-convenience").recommendations
    at = model.positions[first.edit.locator]
    assert model.paragraphs[at].text[: first.edit.start].rstrip().endswith("respectively in witness thereof.")
    assert first.after.startswith("Article XIII. Either party may terminate")
    # The next clause, drafted on the version the first made, is "Article XIV.", not a second XIII.
    (second,) = _only(apply_edit_to_model(model, first.edit), "anti-assignment").recommendations
    assert second.after.startswith("Article XIV. Neither party may assign") and not second.defects


def test_a_document_that_opens_with_an_agreements_schedules_takes_none_of_its_clauses() -> None:
    for name, schedule in ((ESCROW_SCHEDULES, "SCHEDULE 3"), (CUSTOMIZATION_SCHEDULE, "SCHEDULE B")):
        result = _only(_contract(name), "insurance")
        assert result.recommendations == ()
        assert f"an excerpt of an agreement's schedules, opening at {schedule}" in result.message


def test_a_capital_maintenance_agreement_takes_no_commercial_clause() -> None:
    model = _contract(CAPITAL_MAINTENANCE)
    assert "keeps another's capital up" in takes_no_commercial_terms(model)
    assert _only(model, "insurance").recommendations == ()


def test_a_party_the_contract_calls_the_fund_is_written_the_fund() -> None:
    from contracts.document import structure_of
    from contracts.naming import Parties, render

    model = _contract(FUND_ADMINISTRATION)
    parties = Parties(us="Fund", them="Blockchain Administrator", side="customer")
    written = render("{them} shall defend {us} against any claim.", parties, structure_of(model))
    assert written == "The Blockchain Administrator shall defend the Fund against any claim."
    # A name the contract writes bare stays bare ("Company is interested in ...").
    bare = Parties(us="JHU", them="Company", side="customer")
    licence = _contract("VirtuosoSurgicalInc_20191227_1-A_EX1A-6 MAT CTRCT")
    assert render("{them} shall defend {us}.", bare, structure_of(licence)) == "Company shall defend JHU."


def test_a_word_of_a_partys_name_is_no_term_of_the_contract() -> None:
    from contracts.naming import undefined_in

    model = _contract(CHANNEL_COOPERATION)  # "Party C: Beijing Yisheng Leju Information Services Co., Ltd."
    assert undefined_in("Party A shall defend Party B against claims that the Services infringe.", model) == (
        "Services",
    )


# --- the third look's classes ---------------------------------------------------------------------

WORDED_SECTIONS = "GridironBionutrientsInc_20171206_8-K_EX-10.1_10972555_EX-10.1_Endorsement Agreement"
CAPITALS_OVER_ITEMS = "LegacyEducationAllianceInc_20141110_8-K_EX-10.9_8828866_EX-10.9_Endorsement Agreement"
DOLPHINS = "HYDRONTECHNOLOGIESINC_03_31_1997-EX-10.47-SPONSORSHIP AGREEMENT"


def test_sections_numbered_in_words_inside_a_page_are_read() -> None:
    # "SECTION NINE. DEFAULT A. If either party ..." ... "SECTION TEN.": the walk-away right was
    # "1A" beside an item of the sell-off list, the audit "3." after the last section.
    after, _, _ = _inserted(WORDED_SECTIONS, "termination-for-convenience")
    assert after.startswith("SECTION TEN-A. Termination for Convenience. Either party may terminate")
    after, _, _ = _inserted(WORDED_SECTIONS, "audit-rights")
    assert after.startswith("SECTION SEVEN-A. RECORDS AND AUDIT   Each party shall keep")
    assert write_number("SECTION {W}.", ("22A",)) == "SECTION TWENTY-TWO-A."


def test_a_title_in_capitals_run_into_its_first_lettered_item_is_a_title() -> None:
    # "8. TERMINATION a. Except as provided in this Section 8, ...": the clauses beside it carry titles.
    after, _, following = _inserted(CAPITALS_OVER_ITEMS, "termination-for-convenience")
    assert after.startswith("8A. TERMINATION FOR CONVENIENCE. Either party may terminate")
    assert following.startswith("9. POST-TERMINATION RIGHTS")


def test_a_walk_away_right_goes_before_what_follows_termination_under_an_untitled_anchor() -> None:
    # The anchor "8.1(a) Without prejudice ..." is read under "8. TERMINATION" alone; 8.3 says what
    # follows termination and 8.4 what follows the sponsor's ending it ("In the event that Hydron
    # terminates this Agreement ..., then the fees paid ... shall be ... refunded").
    # (Its 1.2 has the sponsor agree that the agreement "shall continue for the entire four (4)
    # year term" once its window to leave has passed, a bar on leaving since round 20: the rule
    # runs without its conditions, for the place's sake.)
    rule = "termination-for-convenience"
    after, _, following = _inserted(DOLPHINS, rule, _inserted_anyway(rule))
    assert after.startswith("8.2A Either party may terminate this Agreement for convenience")
    assert following.startswith("8.3 Upon termination of this Agreement")


def test_a_franchise_takes_no_walk_away_right() -> None:
    # The fourth look: "17.6A Either party may terminate this Agreement for convenience ..." in a
    # franchise whose state addendum voids ending it without good cause.
    result = _only(_contract("GOOSEHEADINSURANCE,INC_04_02_2018-EX-10.6-Franchise Agreement"), "termination-for-convenience")
    assert result.recommendations == ()
    assert result.status == "missing" and "franchise" in result.message.lower()
