"""Round 9 of the key-term dates and law (docs/decisions/key-terms.md, "Round 9: dates, law and none").

Each test is a seen contract's own words (cuad-train, never its held-out fifth), or those words
written another common way; each fails on the code before this round.
"""

from contracts.dates import agreement_date, effective_date
from contracts.keyterms import _RENEWED, _period, _renewal_in_words
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


def _with_sentence(prefix: str, sentence: str) -> str:
    """A seen contract's text with ``sentence`` as a paragraph of its body (half way through)."""
    text = seen(prefix)
    cut = text.find("\n", len(text) // 2)
    return text[:cut] + "\n\n" + sentence + "\n" + text[cut:]


# Alco Stores' contract (seen): the experts give no effective date, and neither do we.
_ALCO = "ALCOSTORESINC_12_14_2005-EX-10"


def test_an_amendment_taking_effect_on_signing_is_no_effective_date_of_the_agreement():
    assert effective_date(seen(_ALCO), agreement_date(seen(_ALCO))) is None
    text = _with_sentence(_ALCO, "Any amendment to this Agreement shall become effective upon its execution by both parties.")
    assert effective_date(text, agreement_date(text)) is None
    # Said of the agreement itself, the same words make its date the effective date.
    text = _with_sentence(_ALCO, "This Agreement shall become effective upon its execution by both parties.")
    made = agreement_date(text)
    assert made is not None and effective_date(text, made) == made


def test_effective_is_said_of_what_its_own_sentence_names():
    # A sentence about "this Agreement" just before does not make new rates' date the agreement's.
    for sentence in (
        "The new rates shall be effective as of July 1, 2002.",
        "The insurance policy shall be in full force and effect from July 1, 2002.",
    ):
        text = _with_sentence(_ALCO, "Each party shall perform this Agreement in good faith. " + sentence)
        assert effective_date(text, agreement_date(text)) is None, sentence
    text = _with_sentence(_ALCO, "Each party shall perform this Agreement in good faith. This Agreement shall be "
                                 "effective as of July 1, 2002.")
    assert _ymd(effective_date(text, agreement_date(text))) == (2002, 7, 1)


def test_past_the_preamble_of_a_short_contract_effective_is_said_of_what_its_sentence_names():
    # FreeCook's Website Design, Development and Hosting Agreement (seen): 6,341 characters, its body
    # starting at "1. Website Design and Development". The first 6,000 characters are no preamble past
    # its first numbered clause: there a date is the effective date only when said of the agreement.
    prefix = "Freecook_20180605_S-1_EX-10.3"
    assert effective_date(seen(prefix), agreement_date(seen(prefix))) is None
    text = _with_sentence(prefix, "The new rates shall be effective as of July 1, 2018.")
    assert effective_date(text, agreement_date(text)) is None
    text = _with_sentence(prefix, "This Agreement shall be effective as of July 1, 2018.")
    assert _ymd(effective_date(text, agreement_date(text))) == (2018, 7, 1)


def _clause(prefix: str, start: str, end: str) -> str:
    text = seen(prefix)
    begin = text.index(start)
    return " ".join(text[begin : text.index(end, begin) + len(end)].split())


def test_a_renewal_renews_the_agreement_or_its_term():
    # HealthGate's Hosting and Management Agreement (seen), clause 17: the renewal of "the term of
    # the Services" by one further year (the experts' 1 year) is the renewal; 17.2's "further right
    # of renewal for each of the subsequent three years" names nothing renewed and is no period of it.
    prefix = "HEALTHGATEDATACORP_11_24_1999-EX-10.1-HOSTING AND MANAGEMENT AGREEMENT (1)"
    further = _clause(prefix, "17.2  If the Publishers", "subsequent three years")
    assert _period("renewal-term", further) is None
    # A warranty or a policy extended or renewed is no renewal of the contract; the same words said
    # of the agreement are.
    warranty = "The warranty period shall be twelve (12) months and may be extended for an additional six (6) months."
    assert _period("renewal-term", warranty) is None
    agreement = warranty.replace("The warranty period", "This Agreement")
    assert _period("renewal-term", agreement) == "six (6) months"

    # Ferroglobe's Outsourcing Agreement (seen) names the agreement "it": "It is established by
    # calendar year and renewed tacitly every year" (the experts: successive 1 year).
    tacit = _clause("FerroglobePlc_20150624_F-4A_EX-10.20", "It is established by calendar year", "every year.")
    assert _RENEWED.search(tacit) and _renewal_in_words(tacit) == "1 year"
    assert not _RENEWED.search("Licensee shall renew its insurance policies annually.")


def test_a_recital_of_something_else_taking_effect_is_background():
    # Holiday RV's Endorsement Agreement (seen), a recital of another thing's effective date written
    # after its preamble: the recitals give the background, as they do for the agreement date.
    text = seen("HOLIDAYRVSUPERSTORESINC_04_15_2002-EX-10.13")
    made = agreement_date(text)
    assert _ymd(effective_date(text, made)) == (2002, 3, 20)
    end = '(each a "Party" and collectively the "Parties").'
    stop = text.index(end) + len(end)
    for recital in (
        "WHEREAS, the Company's Registration Statement became effective on March 3, 2000;",
        "WHEREAS, the Merger became effective on February 2, 2001, and the Company is the surviving corporation;",
    ):
        rewritten = text[:stop] + "\n\n" + recital + "\n\n" + text[stop:]
        assert _ymd(effective_date(rewritten, agreement_date(rewritten))) == (2002, 3, 20), recital


def test_a_cover_line_run_into_the_preamble_is_not_its_date():
    # Dynamex's Marketing and Transportation Services Agreement (seen): "THIS AGREEMENT made in
    # duplicate this 20 day of November, 1995." with a draft's or a print's line before the contract.
    text = seen("DYNAMEXINC_06_06_1996-EX-10.4-")
    assert _ymd(agreement_date(text)) == (1995, 11, 20)
    for line in ("Draft of March 3, 2020", "Printed on March 3, 2020", "Page 1 of 12   Rev. 03/03/2020"):
        assert _ymd(agreement_date(line + "\n\n" + text)) == (1995, 11, 20), line
    # A header that names the agreement between its parties is a making line (Pareteum's Hosting
    # Agreement, seen: "Hosting Agreement between ELEPHANT TALK and T-Mobile, 18/9/2008", the experts' date).
    assert _ymd(agreement_date(seen("PareteumCorp_20081001_8-K_EX-99.1"))) == (2008, 9, 18)
