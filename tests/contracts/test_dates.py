"""The agreement and effective dates read as dates (contracts/dates.py)."""

import functools
import gzip
import json

import pytest

from contracts.dates import agreement_date, effective_date, find_dates
from tests.conftest import shared_data
from training.splits import held_out


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("THIS AGREEMENT is made this 15 th day of July, 2010 by and between A and B.", (2010, 7, 15)),
        ("This Agreement is entered into effective as of the 24t h day of August 2018, by and among X.", (2018, 8, 24)),
        ("made and entered into this first (1st) day of January, 1996, by and between", (1996, 1, 1)),
        ("THIS AGREEMENT is made as of the _____ day of __________________, 2015 by and between", (2015, 0, 0)),
        ("is entered into as of September ___, 2019 (\"Effective Date\"), by and between", (2019, 9, 0)),
    ],
)
def test_the_preamble_date_is_read_as_a_date(text, expected):
    found = agreement_date(text)
    assert found is not None and (found.year, found.month, found.day) == expected


def test_a_filing_footer_is_no_agreement_date():
    text = "SUPPLY AGREEMENT\nSource: ACME CORP, 10-K/A, 12/2/2019\nTHIS AGREEMENT is made on the 15th day of January 2018 between A and B."
    found = agreement_date(text)
    assert found is not None and (found.year, found.month, found.day) == (2018, 1, 15)


def test_the_effective_date_is_the_one_its_words_call_so():
    text = ("This Agreement is entered on this 9th day of October, 2001 and is deemed effective as of October 1, 2001 "
            "(the \"Effective Date\") by and between A and B.")
    made = agreement_date(text)
    assert made is not None and made.day == 9
    effective = effective_date(text, made)
    assert effective is not None and (effective.month, effective.day) == (10, 1)


def test_without_an_effective_date_none_is_given():
    text = "This Agreement is made on March 3, 2004 between A and B. The parties agree as follows."
    assert effective_date(text, agreement_date(text)) is None


def test_an_effective_as_of_preamble_makes_the_effective_date_the_agreement_date():
    text = "This Agreement is entered into effective as of March 3, 2004 between A and B."
    made = agreement_date(text)
    assert effective_date(text, made) == made


def test_numeric_dates_month_first_unless_they_cannot_be():
    (date,) = find_dates("on 23/12/2019")
    assert (date.month, date.day) == (12, 23)


@functools.cache
def _seen_contracts() -> dict[str, str]:
    """cuad-train's contracts outside the held-out fifth (training/splits.py ``held_out``):
    the tests never read the contracts the benchmark keeps apart."""
    found = {}
    with gzip.open(shared_data("cuad-train", "contracts.jsonl.gz"), "rt", encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            name = row["cuad_filename"]
            if not held_out(name):
                found[name] = row["text"]
    return found


def seen(prefix: str) -> str:
    (text,) = [t for name, t in _seen_contracts().items() if name.startswith(prefix)]
    return text


def ymd(date):  # type: ignore[no-untyped-def]
    return (date.year, date.month, date.day) if date is not None else None


@pytest.mark.parametrize(
    ("prefix", "expected"),
    [
        # "IN WITNESS WHEREOF, the Parties have executed this Agreement as of the date below. ...
        # Date: 1/26/2020 Date: 1/27/2020": no date in the preamble, the last signature's.
        ("GRIDIRONBIONUTRIENTS,INC_02_05_2020", (2020, 1, 27)),
        ("ON4COMMUNICATIONSINC_07_02_2009", (2009, 6, 29)),  # "Date:June 25, 2009" ... "Date: June 29, 2009"
        ("LEJUHOLDINGSLTD_03_12_2014", (2010, 4, 29)),  # "14.6 This Agreement is dated April 29, 2010."
        # A cover page's lines set apart by spaces: "AGENCY AGREEMENT   May 25, 2016   ".
        ("BLUEROCKRESIDENTIALGROWTHREIT", (2016, 5, 25)),
        ("HEALTHGATEDATACORP_11_24_1999-EX-10.1-HOSTING AND MANAGEMENT AGREEMENT (1)", (1998, 3, 20)),  # "This AGREEMENT is made the 20 March day of 1998"
        ("MARSHALLHOLDINGSINTERNATIONAL", (2003, 11, 1)),  # "made this 1st day of   --- November, 2003"
        ("ThriventVariableInsuranceAccountB", (2019, 7, 1)),  # "Effective Date: July 1, 2019" on a line
        ("CreditcardscomInc_20070810", (2007, 4, 6)),  # "Last Updated: April 6, 2007"
        # "... Apt. 43, Constanta, Judetul Constanta, Romania ("Telnet") as of the 1s t day of June, 2004."
        ("ASIANDRAGONGROUPINC_08_11_2005", (2004, 6, 1)),
        # Left blank: a cover page's ", 2006"; "made as of this day of , 20 between"; "is effective as of
        # the [·] day of [·], 2019"; "made this 30th day of April (the "Effective Date")".
        ("BANUESTRAFINANCIALCORP_09_08_2006", (2006, 0, 0)),
        ("AULAMERICANUNITTRUST_04_24_2020", (0, 0, 0)),
        ("MorganStanleyDirectLendingFund_20191119", (2019, 0, 0)),
        ("SLINGERBAGINC_05_27_2020", (0, 4, 30)),
    ],
)
def test_the_agreement_date_on_real_contracts(prefix, expected):
    assert ymd(agreement_date(seen(prefix))) == expected


@pytest.mark.parametrize(
    ("prefix", "expected"),
    [
        # "entered into as of July 1, 2020" with no effective date of its own: none.
        ("ELFBEAUTY,INC_07_02_2020", None),
        ("IVILLAGEINC_03_17_1999", None),
        # "This Agreement shall be effective from the date first above written".
        ("DYNAMEXINC_06_06_1996", (1995, 11, 20)),
        # "... shall become effective upon the completion of the execution by both Parties": the date
        # the agreement was signed.
        ("SENMIAOTECHNOLOGYLTD_02_19_2019", (2018, 12, 17)),
        ("ZtoExpressCaymanInc_20160930", (2014, 12, 22)),  # "takes effect upon the signatures and seals"
        # "shall be effective as of _Dec. 8, 2005 (hereinafter "Effective Date")".
        ("LEGACYTECHNOLOGYHOLDINGS,INC_12_09_2005", (2005, 12, 8)),
        ("SLINGERBAGINC_05_27_2020", (0, 4, 30)),  # "this 30th day of April (the "Effective Date")"
    ],
)
def test_the_effective_date_on_real_contracts(prefix, expected):
    text = seen(prefix)
    assert ymd(effective_date(text, agreement_date(text))) == expected


@pytest.mark.parametrize(
    ("prefix", "expected"),
    [
        ("DOMINIADVISORTRUST_02_18_2005", (2005, 2, 4)),  # "effective as of the day and year first above written"
        ("EmbarkComInc_19991008", (1999, 6, 8)),  # "The Term shall commence on the date of this Agreement"
        ("ImineCorp_20180725", (2018, 7, 19)),  # "shall become effective upon the date first written above"
        # "The term of this Agreement ("Term") will begin on the date this Agreement is signed by the
        # last signatory ("Effective Date")", and the signatures' "Date: August 08, 2018".
        ("IbioInc_20200313", (2018, 8, 8)),
        # "12.1 This contract shall be effective as of November 1, 2002", past the first third.
        ("KENTUCKYUTILITIESCO_03_25_2003", (2002, 11, 1)),
    ],
)
def test_the_effective_date_is_the_agreement_date_when_the_contract_says_so(prefix, expected):
    text = seen(prefix)
    assert ymd(effective_date(text, agreement_date(text))) == expected


@pytest.mark.parametrize(
    "prefix",
    [
        # "Beijing SINA and SINA Leju entered into that certain Domain Name License Agreement dated May 8, 2008".
        "ChinaRealEstateInformationCorp_20090929",
        # ""Master Services Agreement" the agreement executed between the Parties on the 21st day of February, 2017".
        "FUSIONPHARMACEUTICALSINC_06_05_2020",
        # "... have previously entered into a Selling Agreement, effective as of December 1, 2002".
        "PHLVARIABLEINSURANCECOCT_08_17_2009",
        # "... 24.COUNTERPARTS. 22 Source: EL POLLO LOCO HOLDINGS, INC., 10-K, 3/6/2020 EXHIBITS": a
        # filing's footer inside a line.
        "ElPolloLocoHoldingsInc_20200306",
    ],
)
def test_another_agreements_date_or_the_filings_is_no_date_of_this_one(prefix):
    text = seen(prefix)
    made = agreement_date(text)
    assert made is None and effective_date(text, made) is None


@pytest.mark.parametrize(
    ("prefix", "expected"),
    [
        ("MERCATAINC_03_09_2000", (1999, 7, 19)),  # "The term of this Agreement shall commence on July 19, 1999"
        ("CYBERIANOUTPOSTINC_07_09_1998", (1998, 2, 1)),  # "The term of this Agreement (the "Term") will begin on February 1, 1998"
        # "The Term of this Agreement shall be for a period of [* ****] years ... commencing the 1st day of September 2004"
        ("ADAMSGOLFINC_03_21_2005", (2004, 9, 1)),
        # "shall commence on December 1, 2001, which date shall be deemed the effective date of this Agreement"
        ("NEXSTARFINANCEHOLDINGSINC_03_27_2002", (2001, 12, 1)),
        ("RgcResourcesInc_20151216", (2016, 1, 1)),  # "The effective date of the Franchise will be January 1, 2016."
    ],
)
def test_the_term_s_stated_start_is_the_effective_date(prefix, expected):
    text = seen(prefix)
    assert ymd(effective_date(text, agreement_date(text))) == expected


@pytest.mark.parametrize(
    "prefix",
    [
        # "... such period starting from 1 September 2014": no term of this agreement starts then.
        "QIWI_06_16_2017",
        # "The initial production period shall be for a period of two (2) months to commence on November 4, 1998".
        "IVILLAGEINC_03_17_1999",
    ],
)
def test_another_period_s_start_is_no_effective_date(prefix):
    text = seen(prefix)
    assert effective_date(text, agreement_date(text)) is None


@pytest.mark.parametrize(
    ("prefix", "expected"),
    [
        # "This Event is scheduled to take place on April 22, 2000, and this Sponsorship Agreement (the
        # "Agreement") dated as of April 14, 2000 is made by and between": the date the making words name.
        ("PACIFICSYSTEMSCONTROLTECHNOLOGYINC_08_24_2000", (2000, 4, 14)),
        # "... shall be effective as of May 1, 2020 "the Commencement Date" and is made and entered into
        # this 10t h day of January, 2020".
        ("VertexEnergyInc_20200113", (2020, 1, 10)),
    ],
)
def test_of_two_dates_in_the_preamble_the_one_it_is_made_on(prefix, expected):
    assert ymd(agreement_date(seen(prefix))) == expected


@pytest.mark.parametrize(
    ("prefix", "never"),
    [
        # "the First Amendment ... to the Development Agreement ("Development Agreement") entered into on
        # April 15, 2010".
        ("BIOAMBERINC_04_10_2013", (2010, 4, 15)),
        # "... being represented by a Demand Note, dated December 5, 1995".
        ("MOVADOGROUPINC_04_30_2003", (1995, 12, 5)),
    ],
)
def test_a_defined_or_other_instrument_s_date_is_not_this_agreement_s(prefix, never):
    assert ymd(agreement_date(seen(prefix))) != never


def test_a_signature_page_put_first_dates_the_agreement():
    # "By: /s/ Jeffrey E. Yelton By: /s/ Frank A. Calderon ... Date: 1/19/07 Date: January 22, 2007
    # Source: ... Exhibit 10.38 NONEXCLUSIVE VALUE ADDED DISTRIBUTOR AGREEMENT": the later signature.
    assert ymd(agreement_date(seen("ScansourceInc_20190822_10-K_EX-10.38"))) == (2007, 1, 22)


def test_an_amendment_dated_by_its_own_words_not_by_the_agreement_it_amends():
    # "Amendment n° 01 to the Global Maintenance Agreement ref. DS/C-3957/14 [its seventh issue] dated March 9t h ,
    # 2015 BETWEEN ..." heads it; "This amendment ... is entered into on January 6th, 2016" and "This
    # Amendment shall enter into force on the date of its signature by both Parties".
    text = seen("AzulSa_20170303_F-1A_EX-10.3_9943903_EX-10.3_Maintenance Agreement2")
    made = agreement_date(text)
    assert ymd(made) == (2016, 1, 6) and effective_date(text, made) == made


def test_the_commencement_date_stated_is_the_effective_date():
    # "1.4 Contract Term The commencement date for this contract will be 16th June 2004."
    text = seen("ELANDIAINTERNATIONALINC_04_25_2007")
    assert ymd(effective_date(text, agreement_date(text))) == (2004, 6, 16)


def test_effective_upon_the_date_hereof_is_the_agreement_s_only_when_said_of_the_agreement():
    # "... agrees to act, as an independent contractor, as the Servicer effective upon the date
    # hereof": the servicer's appointment, not the agreement, takes effect.
    text = seen("CUROGROUPHOLDINGSCORP_05_04_2020")
    assert effective_date(text, agreement_date(text)) is None
    # "6.1 This Agreement has been duly executed as of the date first set forth above and shall be
    # effective simultaneously."
    text = seen("JINGWEIINTERNATIONALLTD_10_04_2007")
    assert ymd(effective_date(text, agreement_date(text))) == (2007, 2, 8)


@pytest.mark.parametrize(
    ("prefix", "expected"),
    [
        # "IN WITNESS WHEREOF, Parties have severally subscribed to these articles ... Rome/Houston, 2 April 2020".
        ("KIROMICBIOPHARMA,INC_04_08_2020", (2020, 4, 2)),
        # "Dated the ____ day of May, 2000." above the signatures: the month and year it gives.
        ("SPARKLINGSPRINGWATERHOLDINGSLTD_07_03_2002", (2000, 5, 0)),
        # A table of contents pushes the preamble past the head: "AGREEMENT made as of the _____ day of
        # __________________, 2015 (the "Effective Date") by and between".
        ("SoupmanInc_20150814_8-K_EX-10.1_9230148_EX-10.1_Franchise Agreement1", (2015, 0, 0)),
    ],
)
def test_the_agreement_date_past_the_head(prefix, expected):
    assert ymd(agreement_date(seen(prefix))) == expected


def test_past_the_preamble_effective_must_be_said_of_the_agreement():
    # "the Board will ... appoint ...", "... add four new independent directors to its Board of
    # Directors, effective March 27, 2014": directors, not the agreement, take effect then.
    text = seen("URSCORPNEW_03_17_2014")
    assert effective_date(text, agreement_date(text)) is None
    # A schedule's "1. McKesson Distribution Agreement effective April 20, 2010" is another agreement;
    # "1.9. Effective Date shall mean May 1, 2016." (unquoted) is this one's.
    text = seen("RitterPharmaceuticalsInc_20200313")
    assert ymd(effective_date(text, agreement_date(text))) == (2016, 5, 1)


def test_the_agreement_s_own_start_is_its_effective_date():
    # "8. Term of Joint Venture. The Joint Venture shall commence on the 1st of March, 2003".
    text = seen("ACCELERATEDTECHNOLOGIESHOLDINGCORP_04_24_2003")
    assert ymd(effective_date(text, agreement_date(text))) == (2003, 3, 1)


def test_another_agreement_taking_effect_is_not_this_one_taking_effect():
    # "Each of the Exclusive Supplier Operating Agreement and the Warrant is effective as of the date
    # hereof": those instruments, not this agreement (which has no effective date of its own).
    text = seen("ROCKYMOUNTAINCHOCOLATEFACTORY,INC_12_23_2019")
    assert effective_date(text, agreement_date(text)) is None
