"""Round 8 of the key-term dates and law (docs/decisions/key-terms.md, "Round 8: dates, law and none").

Each test is a seen or dev contract's own words, or those words written another common way
(bench/bench_date_phrasings.py measures the same rewrites over every seen and dev contract); each
fails on the code before this round.
"""

from contracts.dates import agreement_date, effective_date, find_dates
from contracts.keyterms import _governing_law, _renewal_in_words

# Cool Technologies' Strategic Alliance Agreement (seen), its cover date first.
_COOL = (
    "EXHIBIT 10.71\n\nMay 04, 2017 Strategic Alliance Agreement This Strategic Alliance Agreement (this "
    "\"Agreement\") is entered into {made} the 26t h day of May, 2017 {defined}, by and between Cool Technologies "
    "Inc.., a Nevada corporation (hereinafter referred to as \"Cool\") and Ecolivegreen Corp. (\"ELG\").\n\n"
)


def _ymd(date):
    return (date.year, date.month, date.day) if date is not None else None


def test_as_at_is_as_of_for_the_date_made_and_the_date_taking_effect():
    text = _COOL.format(made="as at", defined="")
    assert _ymd(agreement_date(text)) == (2017, 5, 26)  # not the cover's May 4
    effective = text.replace("is entered into as at", "is entered into and is effective as at")
    assert _ymd(effective_date(effective, agreement_date(effective))) == (2017, 5, 26)


def test_an_effective_date_defined_after_other_words_of_its_parenthesis():
    for defined in (
        '(hereinafter referred to as the "Effective Date")',
        '(such date, the "Effective Date")',
        '(the "Agreement Effective Date")',
        '(the "Start Date")',
    ):
        text = _COOL.format(made="as of", defined=defined)
        assert _ymd(effective_date(text, agreement_date(text))) == (2017, 5, 26), defined
    # A parenthesis that defines another date is still no effective date.
    text = _COOL.format(made="as of", defined='(the "Closing Date")')
    assert effective_date(text, agreement_date(text)) is None


# Accelerated Technologies' Joint Venture Agreement (seen), section 8, its preamble without a date.
_VENTURE = (
    "JOINT VENTURE AGREEMENT\n\nThis Joint Venture Agreement is made by and between Accelerated Venture Partners, "
    "LLC and Accelerated Technologies Holding Corp.\n\n" + "The Joint Venturers agree. " * 300 + "\n\n8.   Term of "
    "Joint Venture. {term} the 1st of March, 2003, and shall be effective until February 28, 2004 unless extended "
    "by written agreement of the Joint Venturers not less than thirty (30) days prior to its expiration."
)


def test_a_term_that_runs_from_its_start_or_is_a_term_beginning_on_a_date():
    for term in (
        "The term of the Joint Venture shall run from",
        "This Agreement shall be for a term of one year beginning on",
        "The period of this Agreement shall be from",
    ):
        text = _VENTURE.format(term=term)
        assert _ymd(effective_date(text, agreement_date(text))) == (2003, 3, 1), term
    # "from" alone, in no sentence about the term, starts nothing.
    text = _VENTURE.format(term="The Joint Venturers shall report quarterly from")
    assert effective_date(text, agreement_date(text)) is None


def test_a_start_label_states_the_effective_date_past_the_preamble():
    # Data Call's Content License Agreement (seen), typed with two spaces between words.
    text = (
        "CONTENT  LICENSE  AGREEMENT  between  Data  Call  Technologies  and  PLAN_B  MEDIA  AG\n\n"
        + "Licensed  content  follows.  " * 300
        + "\n\n2    TERMS\n\n     2.1  Contract  start:  04-01-06\n\n     2.2  Contract  end:  04-01-08\n\n"
    )
    assert _ymd(effective_date(text, agreement_date(text))) == (2006, 4, 1)


def test_a_definition_of_the_effective_date_is_read_to_the_end_of_its_sentence():
    # ImageWare's Maintenance Agreement (seen): "i.e." ends no sentence.
    text = (
        "This Maintenance Agreement is made on 31 January, 1994 between XIMAGE Corporation and Kuwait Ministry.\n\n"
        + "The parties agree. " * 50
        + "\n\nEFFECTIVE DATE shall mean the Date of Installation of the PSS in Kuwait, i.e. December 10, 1993.\n\n"
        "ERROR means any material failure to operate in accordance with the program specifications."
    )
    assert _ymd(effective_date(text, agreement_date(text))) == (1993, 12, 10)


def test_a_split_ordinal_in_a_text_typed_with_two_spaces():
    # BNL Financial's Outsourcing Agreement (seen), as a filing typed with two spaces writes it.
    text = (
        'OUTSOURCING  AGREEMENT   This  Outsourcing  Agreement  ("  Agreement")  is  executed  as  of  this  1  st  '
        'day  of  May  2006,  by  and  between  Virtual  Item  Processing  Systems,  Inc.  ("VIP")  and  Brokers  '
        'National  Life  Assurance  Company  ("BNL").'
    )
    assert [_ymd(d) for d in find_dates(text)] == [(2006, 5, 1)]
    assert _ymd(agreement_date(text)) == (2006, 5, 1)


def test_a_filing_footer_in_capitals_is_no_date_of_the_contract():
    # Azul's Amendment n° 01 to its Global Maintenance Agreement (seen), its cover page typed in
    # capitals: the footer's filing date ran on into the sentence that dates the amended agreement.
    text = (
        "EXECUTION VERSION\n\n\n\n  AMENDMENT N\u00b0 01   TO THE GLOBAL MAINTENANCE AGREEMENT REF. DS/C-3957/14 ISSUE 7 "
        "DATED MARCH 9T H , 2015\n\n\n\nBETWEEN\n\nAZUL LINHAS AEREAS BRASILEIRAS S/A\n\nAND\n\nAVIONS DE TRANSPORT "
        "REGIONAL, G.I.E.   AZUL-ATR   AMENDMENT N\u00b0 1 GLOBAL MAINTENANCE AGREEMENT   PAGE 1/9\n\nSOURCE: AZUL SA, "
        "F-1/A, 3/3/2017\n\n\n\n\n\nEXECUTION VERSION   TABLE OF CONTENTS   " + "THE PARTIES AGREE. " * 400
        + "\n\nIN WITNESS WHEREOF the parties have signed.\n\nBy: /s/ John Doe\n\nDate: January 6th, 2016\n"
    )
    assert _ymd(agreement_date(text)) == (2016, 1, 6)


def test_the_laws_in_force_or_prevailing_in_a_country():
    # Ability's Services Agreement (seen, the experts: Israel), its governing sentence in other words.
    start = (
        "This Agreement and any claim, controversy or dispute arising out of or related to this Agreement shall be "
        "governed by, and interpreted in accordance with, "
    )
    assert _governing_law(start + "the laws in force in Israel, without regard to its conflict of laws rules.") == "Israel"
    assert _governing_law(start + "the laws prevailing in Israel.") == "Israel"


def test_a_renewal_by_the_month_or_for_an_additional_year_without_a_number():
    # Atmos Energy's Transportation Service Agreement and Bizzingo's Endorsement Agreement (seen),
    # their passages as the clause model gives them.
    atmos = (
        "Agreement shall be effective month to month, until terminated by Transporter or Shipper upon the "
        "following written notice to the other specifying a termination date: sixty (60) days for interruptible "
        "transportation"
    )
    assert _renewal_in_words(atmos) == "1 month"
    bizzingo = (
        'Unless sooner terminated under the provisions hereof, this Agreement shall commence on the Effective Date '
        'and continue for a period of one (1) year ("Term"). provided however, that the Parties may extend the Term '
        "for an additional year period by entering into an written addendum of the Agreement"
    )
    assert _renewal_in_words(bizzingo) == "1 year"
    assert _renewal_in_words("The Licensee shall pay an additional year's fees.") is None  # no renewal
