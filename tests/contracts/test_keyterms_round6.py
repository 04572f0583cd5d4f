"""Round 6 of the key terms' dates (contracts/dates.py), each on a seen or dev contract's own words
(docs/decisions/key-terms.md, "Round 6: dates, law and none")."""

import pytest

from contracts.dates import agreement_date, effective_date, find_dates


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Paratek's signature block: day, month and year joined by dots.
        ("Title: Head of Commercial Products Date: 10.Jan.2017 /s/ Dr.", (2017, 1, 10)),
        ("signed on 10-Jan-2017, at Basel", (2017, 1, 10)),
        # Ferroglobe's power of attorney: "of" before the year.
        ("conferred to him the 23rd of January of 1996 (Protocol", (1996, 1, 23)),
        # A month the text extraction glued to the word before it (Bellicum's page header).
        ("BELLICUM Supply Agreement (Execution CopyMarch 27, 2019) EXHIBIT", (2019, 3, 27)),
        # A day in words without its hyphen, and "in the year".
        ("made this twenty first day of May, 2004 by and between", (2004, 5, 21)),
        ("made on the 1st day of June in the year 2004 between", (2004, 6, 1)),
    ],
)
def test_more_ways_of_writing_a_date_are_read(text, expected):
    (found,) = find_dates(text)
    assert (found.year, found.month, found.day) == expected


def test_a_word_ending_in_a_month_name_is_no_date():
    assert find_dates("the summarch 27, 2019 figures") == []  # lower case: no glued month


# The cover page and the opening of a seen contract (CHEETAH MOBILE's Cooperation Agreement): the
# sentence that makes the agreement states no date; a later clause says when it takes effect.
_CHEETAH = (
    "Exhibit 10.43\n\nThis is a translation of the original Chinese text\n\nContract No.: 151315UD0081\n\n"
    "Cooperation Agreement\n\nParty A: Beike Internet (Beijing) Security Technology Co., Ltd.\n\n"
    "Party B: Baidu Online Network Technology (Beijing) Co., Ltd.\n\nApril 2013   1\n\n\n\n"
    "This Cooperation Agreement is executed by and between the parties below in Haidian District, Beijing, "
    "the People's Republic of China (hereinafter referred to as \"PRC\"):\n\nParty A: Beike Internet Security "
    "Technology Co., Ltd.\n\nAddress: Room 2101, 12/F, Fuxing International Center, No.237, North Chaoyang "
    "Road, Chaoyang District, Beijing.\n\nAttention:\n\nTel:\n\nParty B: Baidu Online Network Technology "
    "(Beijing) Co., Ltd.\n\nAddress: No.10, Shangdi Shi Jie, Haidian District, Beijing\n\nWhereas,\n\n"
    "1. Party B is a leading network technology company in the field of search engine.\n\n"
    "Therefore, the parties agree:   2\n\n"
    "Chapter 3 Cooperation Term 3.1 Cooperation Term The Cooperation Term of the parties shall be two years "
    "from May 1, 2013 to April 30, 2015. 3.1.1 This Agreement is effective on the day of May 1, 2013 and the "
    "effective term is the same as the Cooperation Term."
)


def test_a_preamble_without_a_date_leaves_the_agreement_date_to_the_cover_page():
    found = agreement_date(_CHEETAH)
    # "April 2013" alone on a cover line: a date without its day (the experts: 04/[]/2013), not the
    # date a later clause gives.
    assert found is not None and (found.year, found.month, found.day) == (2013, 4, 0)
    assert found.text == "April 2013"


def test_effective_on_the_day_of_a_date_is_the_effective_date():
    effective = effective_date(_CHEETAH, agreement_date(_CHEETAH))
    assert effective is not None and (effective.year, effective.month, effective.day) == (2013, 5, 1)


def test_coming_into_force_on_a_date_is_taking_effect():
    # iDreamSky's Cooperation Agreement on Mobile Game Business, Article 13.
    text = (
        "Cooperation Agreement\nThis Agreement is entered into by and between Dazzle Interactive Network "
        "Technologies Co., Ltd. (\"Party A\") and Shenzhen iDreamSky Technology Co., Ltd. (\"Party B\") on "
        "January 1, 2013.\n" + "The parties shall cooperate. " * 20 + "\nArticle 13 Effectiveness, Amendment "
        "and Termination of Agreement 13.1 This Agreement shall come into force as of January 1, 2013 and "
        "remain valid for 1 year."
    )
    made = agreement_date(text)
    effective = effective_date(text, made)
    # Without the clause the preamble's "on January 1, 2013" alone makes no effective date.
    assert effective_date(text.split("\nArticle 13")[0], made) is None
    assert effective is not None and (effective.year, effective.month, effective.day) == (2013, 1, 1)
    assert effective.start > made.start  # the clause's date, not the preamble's


def test_a_name_in_capitals_does_not_end_the_preamble():
    # Ashworth's Promotion Agreement: "INC." inside the list of parties, the date after it.
    text = (
        "EXHIBIT 10(d) PROMOTION AGREEMENT ASHWORTH, INC., JAMES W. NANTZ III AND NANTZ COMMUNICATIONS, INC. "
        "THIS AGREEMENT is entered into by and among ASHWORTH, INC. (The \"Company\" or \"Ashworth\"), JAMES W. "
        "NANTZ III (\"Nantz\") and NANTZ COMMUNICATIONS, INC. (\"Nantz Communications\"), effective as of June 1, "
        "1998. WHEREAS, the Company desires to retain Nantz Communications.\n" + "Terms. " * 50
        + "\nIN WITNESS WHEREOF the parties have signed. ASHWORTH, INC. By: /s/ Date: December 16, 1998"
    )
    found = agreement_date(text)
    assert found is not None and (found.year, found.month, found.day) == (1998, 6, 1)


def test_an_agreement_effective_when_the_last_party_signs_takes_the_last_signature_date():
    # Virtuoso Surgical's licence from Johns Hopkins: a cover date, the definition, two signatures.
    text = (
        "Exhibit 6.2 NON-EXCLUSIVE LICENSE AGREEMENT BETWEEN THE JOHNS HOPKINS UNIVERSITY & VIRTUOSO SURGICAL, "
        "INC. JHU Agreement: A29889\n1\nMay 3, 2016\nNON-EXCLUSIVE LICENSE AGREEMENT- FOR SALES\nThis Non-Exclusive "
        "License Agreement (hereinafter \"Agreement\") is entered into by and between The Johns Hopkins University "
        "(hereinafter \"JHU\") and Virtuoso Surgical, Inc. (hereinafter \"COMPANY\").\n2. DEFINITIONS 2.1 \"EFFECTIVE "
        "DATE\" of this Agreement shall mean the date the last party hereto has executed this Agreement.\n"
        + "The parties agree. " * 300
        + "\nIN WITNESS WHEREOF, the parties have executed this Agreement on the date appearing below their "
        "signatures. THE JOHNS HOPKINS UNIVERSITY VIRTUOSO SURGICAL, INC. By: /s/ Neil Veloso By: /s/ C. Mark "
        "Pickrell Date:5/11/2016 Date:: 5/4/2016\n"
    )
    made = agreement_date(text)
    assert made is not None and (made.month, made.day) == (5, 3)
    effective = effective_date(text, made)
    assert effective is not None and (effective.year, effective.month, effective.day) == (2016, 5, 11)


def test_a_signature_dated_before_the_agreement_is_no_later_signing():
    # PaxMedica's Master Service Agreement: signed "25/05/2008" under an agreement of May 25th, 2018.
    text = (
        "MASTER SERVICE AGREEMENT This Agreement is made on May 25th, 2018 by and between A Ltd. and B Inc.\n"
        "3.1. This Agreement shall take effect on the date of signature of the Agreement by both Parties.\n"
        + "The parties agree. " * 300
        + "\nIN WITNESS WHEREOF the parties have signed. By: /s/ Name: Title: Date: 25/05/2008\n"
    )
    made = agreement_date(text)
    assert effective_date(text, made) == made


@pytest.mark.parametrize(
    "clause",
    [
        # Pareteum's hosting agreement with T-Mobile, article 17.1.
        "17.1 This Agreement shall come into force on the Date of the Agreement, and shall remain in full force.",
        # ScanSource's distributor agreement with Cisco: the preamble defines it.
        "",
    ],
)
def test_the_agreement_taking_effect_when_made_in_other_words(clause):
    preamble = (
        "This Agreement between Distributor and Cisco Systems, Inc. (\"Cisco\") is entered into as of the date last "
        "written below (\"the Effective Date\"). " if not clause else
        "This Agreement is made on 18/9/2008 between Elephant Talk and T-Mobile. "
    )
    text = (preamble + "\n" + clause + "\n" + "The parties agree. " * 100
            + "\nIN WITNESS WHEREOF. By: /s/ Name: Title: Date: January 22, 2007\n")
    made = agreement_date(text)
    assert made is not None
    assert effective_date(text, made) == made


@pytest.mark.parametrize(
    ("prefix", "expected"),
    [
        # "... shall be governed by and construed in accordance with the laws of the ***.": redacted.
        ("MACROGENICSINC_08_02_2013", ""),
        # "The terms of the Governing Law and Dispute Resolution provisions of the Distribution
        # Agreement will apply to this Addendum.": another agreement's law, not named here.
        ("ScansourceInc_20190509_10-Q_EX-10.2", ""),
        # A place the parser does not read as "laws of" keeps the passage: "... being either
        # Illinois or New York".
        ("EbixInc_20010515", "either Illinois or New York"),
    ],
)
def test_a_governing_law_passage_that_names_no_place_names_no_law(prefix, expected):
    from tests.contracts.test_keyterms import seen_terms

    value = seen_terms(prefix)["governing-law"]
    assert expected in value if expected else value == ""


@pytest.mark.parametrize(
    "text",
    [
        "The parties enter into this Agreement on June 1, 2004 in Beijing between Party A and Party B.",
    ],
)
def test_making_words_in_the_present_tense(text):
    found = agreement_date(text)
    assert found is not None and (found.year, found.month, found.day) == (2004, 6, 1)


def test_in_full_force_and_effect_commencing_on_a_date_is_taking_effect():
    # Global Technologies' Consulting Agreement, section 2; a price list "in effect as of" is not.
    text = (
        "This Consulting Agreement (the \"Agreement\") is made and entered into as of this 2nd day of January 2020, "
        "by and between A Ltd. and B. " + "The parties agree. " * 20 + "2. TERM OF AGREEMENT. This Agreement shall "
        "be in full force and effect commencing on January 2, 2020 and ending on December 31, 2020."
    )
    effective = effective_date(text, agreement_date(text))
    assert effective is not None and effective.start > 100 and (effective.month, effective.day) == (1, 2)
    prices = "This Agreement is made on March 3, 2004 between A and B. Prices follow the Price List in effect as of June 1, 2005."
    assert effective_date(prices, agreement_date(prices)) is None
