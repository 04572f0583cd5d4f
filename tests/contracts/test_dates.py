"""The agreement and effective dates read as dates (contracts/dates.py)."""

import pytest

from contracts.dates import agreement_date, effective_date, find_dates


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


def test_an_as_of_preamble_makes_the_effective_date_the_agreement_date():
    text = "This Agreement is made as of March 3, 2004 between A and B."
    made = agreement_date(text)
    assert effective_date(text, made) == made


def test_numeric_dates_month_first_unless_they_cannot_be():
    (date,) = find_dates("on 23/12/2019")
    assert (date.month, date.day) == (12, 23)
