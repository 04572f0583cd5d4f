"""Round 9 of the key-term dates and law (docs/decisions/key-terms.md, "Round 9: dates, law and none").

Each test is a seen contract's own words (cuad-train, never its held-out fifth), or those words
written another common way; each fails on the code before this round.
"""

from contracts.dates import agreement_date, effective_date
from tests.contracts.test_dates import seen

# Holiday RV's Endorsement Agreement (seen): its preamble and section 3.
_HOLIDAY = (
    "EXHIBIT 10.13\n\n                             ENDORSEMENT AGREEMENT\n\n               This Agreement is made as "
    "of the 20th day of March 2002, by and between Holiday RV Superstores, Inc., d/b/a Recreation USA (the "
    "\"Company\"), a Delaware corporation having its principal office at 200 East Broward Boulevard, Suite 920, Ft. "
    "Lauderdale, Florida 33301, and Affinity Group, Inc. (\"AGI\"), a Delaware corporation (each a \"Party\" and "
    "collectively the \"Parties\").\n\n        3. Term and Termination.\n\n               A. Unless otherwise "
    "provided for in this Agreement, the term of this Agreement shall be three years, {starting} the date of this "
    "Agreement and expiring on the third anniversary date of this Agreement (the \"Termination Date\")."
)


def _ymd(date):
    return (date.year, date.month, date.day) if date is not None else None


def test_a_term_commencing_on_the_date_of_the_agreement_makes_it_the_effective_date():
    # The verbs of a term's start in the form a term sentence writes them: "commencing", not only
    # "shall commence".
    for starting in ("commencing on", "beginning on", "starting on", "commencing as of"):
        text = _HOLIDAY.format(starting=starting)
        assert _ymd(effective_date(text, agreement_date(text))) == (2002, 3, 20), starting
    # A term that does not start on the agreement's date says nothing of the effective date.
    text = _HOLIDAY.format(starting="ending on the third anniversary of").replace(
        "and expiring on the third anniversary date of this Agreement ", ""
    )
    assert effective_date(text, agreement_date(text)) is None


def test_the_agreement_date_defined_as_the_effective_date_after_a_table_of_contents():
    # Soupman's Master Franchise Agreement (seen): "AGREEMENT made as of the _____ day of
    # __________________, 2015 (the "Effective Date") by and between" stands after a long table of
    # contents, its date left blank: the date the agreement is made is the one it defines.
    text = seen("SoupmanInc_20150814_8-K_EX-10.1_9230148_EX-10.1_Franchise Agreement1")
    made = agreement_date(text)
    assert made is not None and made.start > 6000 and made.year == 2015 and not made.complete
    assert effective_date(text, made) == made
