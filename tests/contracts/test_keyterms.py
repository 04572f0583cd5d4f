"""Key terms on real contracts (contracts/keyterms.py): the parties are the preamble's, with
the names the contract gives them, and a description such as "a Delaware corporation" is never a
party."""

from __future__ import annotations

import pytest

from contracts.keyterms import key_terms
from documents.docx.textmodel import build_text_model
from tests.conftest import shared_data


def parties_of(*path: str) -> str:
    model = build_text_model(shared_data(*path).read_bytes())
    (term,) = [t for t in key_terms(model) if t.slug == "parties"]
    assert term.found
    return term.value


def test_both_parties_of_the_preamble_with_their_defined_names():
    # "CRO Consulting (Pty) Limited ... (hereinafter referred to as "CRO") and Purinix
    # Pharmaceuticals LLC": the model's passage alone gave only the second.
    value = parties_of("cuad", "docx", "cuad_services_02.docx")
    assert "CRO Consulting (Pty) Limited (\u201cCRO\u201d)" in value
    assert "Purinix Pharmaceuticals LLC" in value


@pytest.mark.parametrize(
    ("name", "expected", "never"),
    [
        ("cuad_alliance_01.docx", ["Dialog Semiconductor (UK) Ltd.", "Energous Corporation"], "Delaware corporation"),
        ("cuad_ip_02.docx", ["HONEYWELL INTERNATIONAL INC.", "GARRETT MOTION INC."], "Delaware corporation"),
        ("cuad_hosting_03.docx", ["NETWORKS ASSOCIATES, INC"], "This Co"),
    ],
)
def test_company_names_not_descriptions_or_references_back(name, expected, never):
    value = parties_of("cuad", "docx", name)
    for party in expected:
        assert party in value
    assert never not in value


def test_a_capitalised_description_is_not_a_party():
    value = parties_of("ndas", "nda_cnli_dev_05.docx")
    assert "BROOKS" in value and "New York Limited Liability Company" not in value


def term_of(name: str, slug: str) -> str:
    model = build_text_model(shared_data("cuad", "docx", name).read_bytes())
    (term,) = [t for t in key_terms(model) if t.slug == slug]
    assert term.found
    return term.value


@pytest.mark.parametrize(
    ("name", "renewal", "notice"),
    [
        # "an initial term of five (5) years ... automatically renew for additional two (2) year
        # terms unless ... notice of non-renewal no less than 6 months prior": not five years twice.
        ("cuad_distributor_01.docx", "two (2) year", "6 months"),
        ("cuad_development_01.docx", "5-year", "90 days"),
        ("cuad_hosting_01.docx", "one (1) year", "thirty (30) days"),
        ("cuad_manufacturing_02.docx", "one (1) year", "ninety (90) days"),
        ("cuad_reseller_02.docx", "one (1) year", "sixty (60) days"),
    ],
)
def test_the_renewal_term_and_the_notice_period_are_the_periods_they_name(name, renewal, notice):
    assert term_of(name, "renewal-term") == renewal
    assert term_of(name, "notice-period-to-terminate-renewal") == notice


def test_no_period_next_to_renewal_words_shows_the_passage_not_another_period():
    # "an initial term of seven (7) years ... will automatically renew for one or more annual
    # periods": the renewal has no figure; the initial term and the notice period are not it.
    # The annual periods are the renewal term, as a duration (round 4: "1 year", was the passage).
    value = term_of("cuad_alliance_01.docx", "renewal-term")
    assert value == "1 year"
    assert term_of("cuad_alliance_01.docx", "notice-period-to-terminate-renewal") == "one hundred eighty (180) days"


def term_at(slug: str, *path: str) -> str:
    model = build_text_model(shared_data(*path).read_bytes())
    (term,) = [t for t in key_terms(model) if t.slug == slug]
    assert term.found
    return term.value


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        (("cuad", "docx", "cuad_ip_02.docx"), "New York"),  # "the Laws of the State of New York"
        (("cuad", "docx", "cuad_services_04.docx"), "Illinois"),  # "by the Laws of the State of Illinois, without"
        (("cuad", "docx", "cuad_maintenance_01.docx"), "New York"),  # "THE LAWS OF THE STATE OF NEW YORK WITHOUT"
        (("cuad", "docx", "cuad_reseller_02.docx"), "Ontario"),  # "the laws of the province of Ontario, Canada"
        # "the Laws of the Republic of Italy without regard": the country's name as written (round 6)
        (("ndas", "nda_cnli_dev_01.docx"), "Republic of Italy"),
        # "the laws of the United States of America and of the Commonwealth of Pennsylvania"
        (("cuad", "docx", "cuad_maintenance_03.docx"), "Pennsylvania"),
        (("cuad", "docx", "cuad_alliance_01.docx"), "California"),
        # A blank form: "The laws of the State of {governing_law}." is the blank, not "the State".
        (("forms", "commonpaper_docx", "commonpaper_mutual_nda.docx"), "{governing_law}"),
        (("forms", "commonpaper_docx", "commonpaper_cloud_service_agreement.docx"), "{governing_law}"),
    ],
)
def test_the_governing_law_is_the_jurisdiction_named(path, expected):
    assert term_at("governing-law", *path) == expected


@pytest.mark.parametrize(
    ("name", "slug", "expected"),
    [
        ("cuad_development_01.docx", "agreement-date", "December 23, 2019"),  # "entered into as of 12-23-2019 , 2019"
        # '... as of 12-23-2019 , 2019 (the "Effective Date")': the year typed twice still names it.
        ("cuad_development_01.docx", "effective-date", "December 23, 2019"),
        ("cuad_license_02.docx", "effective-date", "July 11, 2006"),  # "made as of July 11 , 2006"
        ("cuad_noncompete_02.docx", "agreement-date", "May 3, 2006"),  # "THIS AGREEMENT is dated May 3,2006."
        # "is effective as of the 1.4.2011": round 7, dots write the day first (the experts: 4/1/11).
        ("cuad_manufacturing_02.docx", "effective-date", "April 1, 2011"),
        # The preamble holds no date; "The Effective Date of this Agreement ... is September 21, 1998."
        ("cuad_hosting_03.docx", "effective-date", "September 21, 1998"),
        # "entered on this 9th day of October, 2001 and is deemed effective as of October 1, 2001
        # (the "Effective Date")": the signing date is the agreement date, not the effective date.
        ("cuad_maintenance_03.docx", "effective-date", "October 1, 2001"),
        ("cuad_maintenance_03.docx", "agreement-date", "October 9, 2001"),
        # "dated as of [•], 2020": the blank is shown, not a date from a schedule.
        ("cuad_services_04.docx", "agreement-date", "[\u2022], 2020"),
    ],
)
def test_dates_as_contracts_type_them(name, slug, expected):
    # Round 4: a date is given as a date ("December 23, 2019" for "12-23-2019"); one whose day and
    # month could be either ("3/4/05", unless the contract's convention says: round 7) or that is left
    # blank is given as written.
    assert term_of(name, slug) == expected


def test_a_fallback_passage_gives_only_a_date_its_words_name():
    # The term passage ends "on the third anniversary of the Effective Date"; a payment "due
    # September 15, 1999" in a schedule is no expiration date.
    assert "September 15, 1999" not in term_of("cuad_hosting_03.docx", "expiration-date")


@pytest.mark.parametrize(
    ("name", "parties", "never"),
    [
        # "VerticalNet Enterprises LLC, formerly known as Tradeum, Inc. which d/b/a VerticalNet Solutions"
        ("cuad_maintenance_03.docx", ["VerticalNet, Inc.", "VerticalNet Enterprises LLC", "Converge, Inc."], "Tradeum"),
        # "NETWORKS ASSOCIATES, INC., a Delaware corporation, doing business as Network Associates, Inc."
        ("cuad_hosting_03.docx", ["NETWORKS ASSOCIATES, INC.", "SOFTWARE.NET CORPORATION"], "Network Associates, Inc."),
    ],
)
def test_a_former_or_trading_name_is_not_another_party(name, parties, never):
    value = parties_of("cuad", "docx", name)
    assert all(p in value for p in parties) and never not in value


def test_each_alias_goes_to_its_own_party():
    value = parties_of("cuad", "docx", "cuad_outsourcing_02.docx")
    assert value == "Tri City National Bank (\u201cCustomer\u201d); Marshall & Ilsley Corporation (\u201cM&I\u201d)"
    value = parties_of("cuad", "docx", "cuad_manufacturing_02.docx")
    assert value == "INVASIX LTD. (\u201cCustomer\u201d); FLEXTRONICS ISRAEL LTD. (\u201cContractor\u201d)"


def form_terms(name: str) -> dict[str, str]:
    model = build_text_model(shared_data("forms", "commonpaper_docx", f"commonpaper_{name}.docx").read_bytes())
    return {t.slug: t.value for t in key_terms(model)}


def test_a_cover_page_is_read_as_label_and_value_cells_with_the_ticked_option():
    # "Effective Date" | "{effective_date}"; "MNDA Term" | "[ x ] Expires {mnda_term} from
    # Effective Date." over "[    ] Continues until terminated ...": the ticked option, unfilled.
    terms = form_terms("mutual_nda")
    assert terms["effective-date"] == "{effective_date}"
    assert terms["expiration-date"] == "Expires {mnda_term} from Effective Date."
    assert terms["parties"] == "{party_1_company_display}; {party_2_company_display}"
    # "PROVIDER: {provider_legal_name}" in one cell, "Effective Date" | "{effective_date_display}".
    terms = form_terms("cloud_service_agreement")
    assert terms["parties"] == "{provider_legal_name} (\u201cProvider\u201d); {customer_legal_name} (\u201cCustomer\u201d)"
    assert terms["effective-date"] == "{effective_date_display}"


def test_the_notice_of_non_renewal_in_the_renewal_sentence_wins_over_a_termination_notice():
    # "The Term will automatically renew ... provided that: ... (c) neither party provided the other
    # party with notice of such party's intention not to renew this Agreement at least thirty (30)
    # days prior to any year's Expiration Date": not WGT's "ninety (90) days' advance written notice
    # of termination at any time after the expiration of the Initial Term".
    assert term_of("cuad_distributor_03.docx", "notice-period-to-terminate-renewal") == "thirty (30) days"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # "The initial term of this Agreement shall be the Term, ..." refers to the definition:
        # ""Term" shall mean the period commencing on the Effective Date and terminating on the
        # eighth anniversary of the Commencement Date".
        ("cuad_outsourcing_02.docx", "the eighth anniversary of the Commencement Date"),
        ("cuad_hosting_03.docx", "the third anniversary of the Effective Date"),
        ("cuad_supply_01.docx", "the fifth (5th) anniversary of the Effective Date"),
        # "for a period of five (5) years from the date first set forth above and shall thereafter
        # automatically renew ...": the initial period, not the renewal.
        ("cuad_distributor_01.docx", "five (5) years from the date first set forth above"),
        ("cuad_license_04.docx", "three (3) years from the Effective Date"),
        ("cuad_alliance_01.docx", "seven (7) years"),
        ("cuad_maintenance_03.docx", "March 31, 2003"),
    ],
)
def test_the_expiration_is_the_phrase_the_term_sentence_states(name, expected):
    assert term_of(name, "expiration-date") == expected


def test_a_whichever_is_longer_term_is_not_cut_to_one_of_its_periods():
    # "continue for the longer of one year or until all Order Forms ... have ended": not "one year".
    value = term_at("expiration-date", "forms", "commonpaper_docx", "commonpaper_cloud_service_agreement.docx")
    assert value != "one year" and "longer of one year" in value


def test_a_ticked_auto_renewal_option_that_states_the_notice_is_the_notice_period():
    # "Auto-renewal" | "( x ) Non-Renewal Notice Date: At least {payment_terms_days} days before the
    # end of the current Subscription Period" over "(    ) ... does not automatically renew".
    terms = form_terms("order_form")
    assert terms["notice-period-to-terminate-renewal"] == (
        "At least {payment_terms_days} days before the end of the current Subscription Period")
    assert "Non-Renewal Notice Date" not in terms["renewal-term"]
    # A model passage that is a ticked option shows the option, not its box.
    assert form_terms("statement_of_work")["effective-date"] == "Date of last signature on this Cover Page"


def _term(slug: str, *path: str):  # type: ignore[no-untyped-def]
    model = build_text_model(shared_data(*path).read_bytes())
    (term,) = [t for t in key_terms(model) if t.slug == slug]
    return term


def test_a_date_term_whose_passages_state_no_date_says_so_and_keeps_the_passage():
    from contracts.keyterms import NO_DATE

    # "... is entered into by and between __________________ (hereafter referred to as "Vendor")
    # and the Boston Public Schools ...": no date, and the value is not the whole preamble.
    term = _term("agreement-date", "ndas", "nda_cnli_dev_03.docx")
    assert term.value == NO_DATE and term.passage is not None and "Boston Public Schools" in term.passage.text
    # A cover page's term ("[ x ] Expires {mnda_term} from Effective Date.") is no agreement date.
    assert _term("agreement-date", "forms", "commonpaper_docx", "commonpaper_mutual_nda.docx").value == NO_DATE
    # A definition without a date is the answer: "Effective Date" means the date of last signature.
    contractor = _term("effective-date", "forms", "commonpaper_docx", "commonpaper_independent_contractor_agreement.docx")
    assert "date of last signature" in contractor.value


def test_a_law_governed_by_its_adjective_is_the_country():
    from contracts.keyterms import _governing_law

    text = (
        "This Agreement and any dispute or claim arising out of or in connection with it shall be governed by "
        "English law and the parties submit to the exclusive jurisdiction of the courts."
    )
    assert _governing_law(text) == "England"



def seen_terms(prefix: str) -> dict[str, str]:
    """The key terms of a cuad-train contract outside the held-out fifth, read from a .docx of one
    paragraph per line as bench/bench_key_terms.py reads them."""
    import io

    from docx import Document

    from tests.contracts.test_dates import seen

    document = Document()
    for line in seen(prefix).splitlines():
        document.add_paragraph(line)
    buffer = io.BytesIO()
    document.save(buffer)
    return {t.slug: t.value for t in key_terms(build_text_model(buffer.getvalue()))}


def test_an_agreement_date_passage_without_a_date_says_none_is_stated():
    # "THIS FRANCHISE AGREEMENT (the "Agreement") is made and entered into as of the "Effective
    # Date" that we have signed below": the preamble refers to a date and states none.
    from contracts.keyterms import NO_DATE

    assert seen_terms("GOOSEHEADINSURANCE,INC_04_02_2018")["agreement-date"] == NO_DATE


@pytest.mark.parametrize(
    ("prefix", "expected"),
    [
        # "... the laws of the State of California and the laws of Hong Kong": both.
        ("PACIFICSYSTEMSCONTROLTECHNOLOGYINC_08_24_2000", "California; Hong Kong"),
        # "... pursuant to the laws of the R.O.C.. Article XII.": not "R.O.C.. Article XII".
        ("ImperialGardenResortInc_20161028", "Taiwan (Republic of China)"),
        # "relations of the Parties shall be governed by the legislation of the Republic of Kazakhstan".
        ("CHAPARRALRESOURCESINC_03_30_2000", "Republic of Kazakhstan"),  # round 6: as the experts write it
        ("INKTOMICORP_06_08_1998", "Washington"),  # "in accordance with the laws in the State of Washington"
        ("ICORECONNECTINC_10_13_2010", "New York"),  # "governed by the internal laws State of New York"
        # "This Agreement has been made in the State of California and shall be governed by and
        # construed in accordance with the laws thereof".
        ("HOLIDAYRVSUPERSTORESINC_04_15_2002", "California"),
    ],
)
def test_the_governing_law_as_real_contracts_write_it(prefix, expected):
    assert seen_terms(prefix)["governing-law"] == expected


@pytest.mark.parametrize(
    ("prefix", "expected"),
    [
        # "the Parties may agree in writing to extend the Agreement for successive One (1) Year
        # periods": the renewal words stand nearer the period than "in writing".
        ("VnueInc_20150914", "One (1) Year"),
        # "This Agreement may be renewed for an additional term of ten (10) years by notice in writing".
        ("XinhuaSportsEntertainmentLtd_20070221", "ten (10) years"),
        # "shall thereafter automatically renew for an unlimited period of time".
        ("CoherusBiosciencesInc_20200227", "perpetual (continues until terminated)"),
        # "shall automatically renew for successive terms of the same duration": the initial term's.
        ("AURASYSTEMSINC_06_16_2010", "five (5) years"),
    ],
)
def test_the_renewal_term_as_real_contracts_write_it(prefix, expected):
    assert seen_terms(prefix)["renewal-term"].lower() == expected.lower()


def test_the_agreement_date_from_a_passage_is_only_a_date_its_words_call_so():
    # The preamble states no date; the clause model's passage ("... "Master Services Agreement"
    # the agreement executed between the Parties on the 21st day of February, 2017") dates another
    # agreement. No date is given, rather than that one.
    from contracts.keyterms import NO_DATE

    assert seen_terms("FUSIONPHARMACEUTICALSINC_06_05_2020")["agreement-date"] in ("", NO_DATE)


def test_a_passage_s_date_of_another_agreement_is_no_agreement_date():
    # "ICC and the Phoenix Parties have previously entered into a Selling Agreement, effective as of
    # December 1, 2002": the date of another agreement, in the passage the clause model gives.
    from contracts.keyterms import NO_DATE

    terms = seen_terms("PHLVARIABLEINSURANCECOCT_08_17_2009")
    assert terms["agreement-date"] in ("", NO_DATE) and terms["effective-date"] in ("", NO_DATE)


def test_notice_before_the_term_ends_is_the_notice_not_to_renew_but_a_notice_to_renew_is_not():
    # "... valid for a period of five (5) years with automatic renewal of one year thereafter until
    # terminated -2- by either party with one (1) year written notice prior to the expiration of the
    # initial period or any extension period thereof".
    assert seen_terms("Apollo Endosurgery - Manufacturing")["notice-period-to-terminate-renewal"] == "one (1) year"
    # "Cisco may, by written notice to Distributor, given at least thirty (30) days prior to the end of
    # the then-current term of the Agreement, extend the term": a notice to extend, not to stop renewal.
    value = seen_terms("ScansourceInc_20190822_10-K_EX-10.38")["notice-period-to-terminate-renewal"]
    assert "thirty" not in value


@pytest.mark.parametrize(
    ("prefix", "named", "not_a_party"),
    [
        # A preamble naming both parties: the clause passage's other company names are what a party
        # is ("A Texas Corporation") or another company a clause speaks of ("Other Company").
        ("ICORECONNECTINC_10_13_2010", "IMedicor", "A Texas Corporation"),
        ("IMMUNOMEDICSINC_08_07_2019", "Immunomedics", "Other Company"),
    ],
)
def test_beside_a_preamble_naming_both_parties_no_other_company_is_a_party(prefix, named, not_a_party):
    parties = seen_terms(prefix)["parties"]
    assert named in parties
    assert not_a_party not in parties


def test_a_party_called_by_a_one_word_name_alone_is_a_party():
    # "between Galacticomm ... and Horst Entertainment Inc": a one-word name that is no role word.
    parties = seen_terms("GALACTICOMMTECHNOLOGIESINC_11_07_1997")["parties"]
    assert "Galacticomm" in parties and "Horst Entertainment" in parties


def test_a_joint_filing_names_all_its_parties_and_no_short_name_two_of_them_share():
    # A joint filing agreement signed by thirteen funds and their managers: more than five parties
    # are read, and "VÄRDE" / "THE", which would fit several of them, is none's defined name.
    parties = seen_terms("ONEMAINHOLDINGS,INC_02_20_2020")["parties"].split("; ")
    assert len(parties) > 5
    assert "VÄRDE CREDIT PARTNERS MASTER, L.P." in parties
    assert not any("(“" in p for p in parties)
