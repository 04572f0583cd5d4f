"""Round 24 of the key-term dates (docs/decisions/key-terms.md, "Round 24"): drafting styles written for
this round in our own words, each failing on the code before it."""

import pytest

from contracts.dates import agreement_date, effective_date

_PARTIES = 'between Alder Tools Inc. ("Supplier") and Birchwood Trading LLC ("Buyer")'
_BODY = (
    "\n\n1. SUPPLY\n1.1 The Supplier shall sell the Products to the Buyer.\n"
    "2. PAYMENT\n2.1 The Buyer shall pay each invoice within thirty (30) days.\n"
)


@pytest.mark.parametrize(
    "making",
    [
        f'This Supply Agreement (the "Agreement") is entered into as of April, 2011 {_PARTIES}.',
        f'This Supply Agreement (the "Agreement") is made in April 2011 {_PARTIES}.',
        f'This Supply Agreement (the "Agreement") is dated as of this day of April 2011 {_PARTIES}.',
        f"This Supply Agreement is made {_PARTIES} and is dated September, 1999.",
    ],
)
def test_an_agreement_made_in_a_month_without_its_day(making: str) -> None:
    text = "SUPPLY AGREEMENT\n\n" + making + _BODY
    made = agreement_date(text)
    assert made is not None
    expected = (1999, 9) if "September" in making else (2011, 4)
    assert (made.year, made.month, made.day) == (*expected, 0)


def test_a_month_and_year_elsewhere_in_the_preamble_is_not_the_agreement_date() -> None:
    # The month-year reading is of the making words only: a recital's month is the background.
    text = (
        f"SUPPLY AGREEMENT\n\nThis Supply Agreement is made {_PARTIES}.\n\n"
        "WHEREAS the Supplier opened its factory in April 2011." + _BODY
    )
    made = agreement_date(text)
    assert made is None or made.month != 4


@pytest.mark.parametrize(
    "sentence",
    [
        "Notwithstanding the date of its execution, this Agreement shall be effective retroactively to January 1, 2011.",
        "This Agreement shall be effective retroactive as of January 1, 2011.",
    ],
)
def test_an_agreement_effective_retroactively(sentence: str) -> None:
    text = f"SUPPLY AGREEMENT\n\nThis Supply Agreement is made on 10 March 2011 {_PARTIES}.\n{sentence}" + _BODY
    made = agreement_date(text)
    assert made is not None and (made.month, made.day) == (3, 10)
    effective = effective_date(text, made)
    assert effective is not None and (effective.year, effective.month, effective.day) == (2011, 1, 1)


_CLAUSES = "".join(
    f"\n{n}. CLAUSE {n}\n{n}.1 Each party shall keep records of its performance under clause {n} for three years."
    for n in range(3, 40)
)
_SIGNATURES = (
    "\n\nIN WITNESS WHEREOF, the parties have executed this Agreement.\n\nALDER TOOLS INC.\nBy: /s/ Ann Lee\n"
    "Name: Ann Lee\nTitle: CEO\nDate: March 4, 2019\n\nBIRCHWOOD TRADING LLC\nBy: /s/ Bo Chen\nName: Bo Chen\n"
    "Title: President\nDate: March 8, 2019"
)


@pytest.mark.parametrize(
    "when",
    [
        'as of the date of the last signature below (the "Effective Date")',
        "and shall be effective as of the later of the dates of signature below",
        'on the day of the final execution of this Agreement (the "Effective Date")',
    ],
)
def test_an_agreement_effective_when_the_last_party_signs(when: str) -> None:
    text = f"SUPPLY AGREEMENT\n\nThis Supply Agreement is made {_PARTIES} {when}." + _BODY + _CLAUSES + _SIGNATURES
    made = agreement_date(text)
    effective = effective_date(text, made)
    assert effective is not None and (effective.year, effective.month, effective.day) == (2019, 3, 8)


def test_the_last_signature_of_something_else_is_no_effective_date() -> None:
    # Without "effective" or a defined Effective Date, the last signature dates nothing of the agreement's.
    text = (
        f"SUPPLY AGREEMENT\n\nThis Supply Agreement is made {_PARTIES}. Prices shall be reviewed on the date of the "
        "last signature of the price schedule." + _BODY + _CLAUSES + _SIGNATURES
    )
    assert effective_date(text, agreement_date(text)) is None


_PREAMBLE = f"This Supply Agreement is made {_PARTIES}."


@pytest.mark.parametrize(
    "cover",
    [
        "Agreement Date: February 20, 2012\nEffective Date: March 1, 2012",
        "Effective Date: March 1, 2012\nAgreement Date: February 20, 2012",
        "Date of Agreement: February 20, 2012\nCommencement Date: March 1, 2012",
        "Agreement Date\tFebruary 20, 2012\nEffective Date\tMarch 1, 2012",
    ],
)
def test_a_cover_that_labels_both_dates(cover: str) -> None:
    # The label of the next line names the date after it, never the one before it.
    for gap in ("\n", "\n\n"):
        text = f"SUPPLY AGREEMENT\n\n{cover}{gap}{_PREAMBLE}" + _BODY + _CLAUSES + _SIGNATURES.replace("Date: ", "")
        made = agreement_date(text)
        assert made is not None and (made.year, made.month, made.day) == (2012, 2, 20), (cover, gap)
        effective = effective_date(text, made)
        assert effective is not None and (effective.year, effective.month, effective.day) == (2012, 3, 1)


def test_a_cover_that_labels_the_effective_date_alone_still_dates_the_agreement() -> None:
    text = f"SUPPLY AGREEMENT\n\nEffective Date: March 1, 2012\n\n{_PREAMBLE}" + _BODY + _CLAUSES
    made = agreement_date(text)
    assert made is not None and (made.month, made.day) == (3, 1)
