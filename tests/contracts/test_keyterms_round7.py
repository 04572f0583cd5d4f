"""Round 7 of the key terms' dates (contracts/dates.py, contracts/keyterms.py), each on a seen or dev
contract's own words (docs/decisions/key-terms.md, "Round 7: dates, law and none")."""

from contracts.dates import (
    _preamble_sentences,
    agreement_date,
    another_agreements,
    day_first,
    find_dates,
    settle,
    signed_date,
)
from contracts.keyterms import stated_value

# CHAPARRAL's Transportation Contract: a cover line with the place and the date, a preamble naming
# its signatories by their titles, the parties agreeing "as follows", then the definitions.
_CHAPARRAL = (
    "Exhibit 10.66\n\n                             TRANSPORTATION CONTRACT\n\n        Astana"
    "                                         January 31, 2000\n\n                                    PREAMBLE\n\n"
    'JSC NOC KazakhOil, hereinafter referred to as the "Company", in the person of Executive Marketing Director '
    "Ms. A. M. Rakhimbekov, acting on the basis of the Power of Attorney (1) 1-13 dated January 3, 2000, on the "
    'one side and JSC Karakudukmunay, hereinafter referred to as the "Principal" in the person of General '
    "Director Mr. N. D. Klinchev and Financial Director Mr. R. Moore, acting on the basis of the Charter, on the "
    'other side, collectively referred to as the "Parties", have entered into this Transportation Contract (the '
    '"Contract") and hereby agree as follows:\n\n                           1. SUBJECT OF THE CONTRACT\n\n'
    "1.1  The Company, at the expense and on the instructions of the Principal, shall      arrange "
    "transportation for export in batches to the far abroad of crude oil.\n\n"
    "                        2. DEFINITIONS AND INTERPRETATION\n\n"
    "2.1  As used in the Contract, the following terms have the meanings indicated:\n\n"
    '"Offtake Agreement" means that certain Crude Oil Sale and Purchase Agreement between the Principal and '
    "STASCO dated 1 November 1999.\n\n"
    '"License" means License No. MG#249 (Oil) dated 25 June 1995 (as subsequently amended) granted to the '
    "Principal by the Government."
)


def test_a_persons_title_ends_no_sentence_of_the_preamble():
    (first, *_) = _preamble_sentences(_CHAPARRAL)
    sentence = _CHAPARRAL[first[0] : first[1]]
    assert "Rakhimbekov" in sentence and "have entered into this Transportation Contract" in sentence


def test_the_body_after_the_parties_agree_as_follows_dates_no_agreement():
    found = agreement_date(_CHAPARRAL)
    # Not the licence's date in the definitions (round 6 gave "25 June 1995"): the cover line's.
    assert found is not None and (found.year, found.month, found.day) == (2000, 1, 31)


# MOVADO's Endorsement Agreement: no preamble but recitals, one of them dating a statute.
_MOVADO = (
    "EXHIBIT 10.28\n\n                               MOVADO GROUP, INC.\n\n"
    "                              ENDORSEMENT AGREEMENT\n\n"
    '            WHEREAS, Movado Group, Inc. (the "Company") and the Trustees of the Grinberg Family Trust (the '
    '"Trust") entered into a Policy Collateral Assignment And Split Dollar Agreement, dated as of December 5, '
    '1995 (the "Split Dollar Agreement"); and\n\n'
    "            WHEREAS, Section XIII of the Split Dollar Agreement provides that it may be amended at any time "
    "and from time to time by a written instrument by the parties thereto; and\n\n"
    '            WHEREAS, Section 402 of the Sarbanes-Oxley Act of the 2002 (the "Act") prohibits certain public '
    "companies (including the Company) from directly or indirectly making or arranging for an extension of "
    "credit in the form of a personal loan to its executive officers on or after July 30, 2002; and\n\n"
    "            NOW, THEREFORE, in consideration for the mutual promises contained herein, the parties hereto "
    "agree to amend and restate the Split Dollar Agreement in its entirety as follows:\n\n"
    "            1. Ownership of Policy. Except as otherwise provided in this Agreement, the Company shall be the "
    "sole and exclusive owner of the Policy.\n\n" + "The Company shall pay the premiums. " * 40 + "\n\n"
    "IN WITNESS WHEREOF, the parties hereto have executed this Agreement as of this 4th day of April, 2003.\n\n"
    "                                              MOVADO GROUP, INC.\n\n"
    "                                              By: /s/ Timothy F. Michno\n"
    "Name: Timothy F. Michno                                               Title:  General Counsel"
)


def test_a_recitals_date_is_not_when_the_agreement_is_made():
    found = agreement_date(_MOVADO)
    # Round 6 gave the statute's "July 30, 2002"; the experts: 4/4/03, the signatures' date.
    assert found is not None and (found.year, found.month, found.day) == (2003, 4, 4)


# PC Quote's amendment: "this" amendment of "the" Co-Branding Agreement "is made" on its date.
_PCQUOTE = (
    'This amendment to Section 2 (titled "Term"), Part B of the Co-Branding Agreement is made effective December '
    '9, 1996 by and between PC Quote, Inc. (hereinafter referred to as "PCQ") and A.B. Watley, Inc. (hereinafter '
    'referred to as "ABW"), who are also the parties contracted in the aforementioned Co-Branding Agreement.'
)


def test_the_present_tense_makes_this_document_not_another_agreement():
    assert not another_agreements(_PCQUOTE, _PCQUOTE.index("December"))
    found = agreement_date(_PCQUOTE)
    assert found is not None and (found.year, found.month, found.day) == (1996, 12, 9)
    # The past still names another agreement ("a Demand Note, dated December 5, 1995").
    other = "This Agreement amends that certain Reseller Agreement between Salesforce and Reseller dated as of August 1, 2015"
    assert another_agreements(other, other.index("August"))


def test_another_agreements_parties_may_hold_periods():
    # RUBIOS's Sponsorship Agreement, section 2 (Term).
    text = (
        "provided, however, that in no event shall the Term extend beyond the term of the Joint Use and Management "
        "Agreement by and between the City of San Diego and Padres, L.P. dated as of February 1, 2000."
    )
    assert another_agreements(text, text.index("February"))


# Data Call's Content Licensing Agreement: the signature page before its appendices, each date written
# over its line and labelled under it, and no "IN WITNESS".
_DATACALL = (
    "1    PURPOSE  OF  THE  AGREEMENT\n\n     1.1  The purpose  of  this  contract is the licensing of content.\n\n"
    + "     The Licensee shall pay the fees.\n\n" * 60
    + "     10.2 This Agreement  has  been  prepared  in  two (2) identical copies, one           for  each  Party.\n\n"
    "PLAN_B  MEDIA  AG                  PLAN_B  MEDIA  AG\n\n\n\n"
    "03/24/06                           03/24/06 ______________________________     _____________________________ "
    "Date                               Date\n\n"
    "/s/  Heim  Brecht                  /s/  Stefan  Meyes-Sickenagel ______________________________     "
    "_____________________________ Signature                          Signature\n\n"
    "Heim  Brecht                       Stefan  Meyes-Sickenagel ______________________________     "
    "_____________________________ Name  (Please  print)              Name  (Please  print)\n\n"
    "LICENSOR                           LICENSOR\n\n"
    "3/23/06 ______________________________     _____________________________ Date                               "
    "Date\n\n/s/  James  Ammons ______________________________     _____________________________ Signature\n\n"
    "APPENDIX  I\n\n1.   CONTACT  PLAN\n\n" + "     The contacts of each party are listed below.\n\n" * 80
)


def test_a_signature_block_before_the_appendices_dates_the_agreement():
    found = signed_date(_DATACALL)
    # The last party signing (the experts: 3/24/06), though the appendices follow the signatures.
    assert found is not None and (found.year, found.month, found.day) == (2006, 3, 24)


def test_a_numeric_date_is_read_by_the_contracts_own_convention():
    # Inmode's Turn-Key Manufacturing Agreement (dev): written with dots, day first (the experts: 4/1/11);
    # the filing's footer, month first, is no part of the contract.
    inmode = (
        'This Turn - Key Manufacturing Agreement (the "Agreement") is effective as of the 1.4.2011 (the '
        '"Effective Date") by and between: INVASIX LTD.\n\nSource: INMODE LTD., F-1/A, 7/29/2019\n'
    )
    (date,) = find_dates(inmode, 0, 120)
    assert day_first(inmode, date) is True
    assert stated_value(settle(inmode, date)) == "April 1, 2011"
    # iPass's footer writes its dots month first ("04.18.2018"): another dotted date there is too.
    ipass = "Page 2 of 22 iPass Channel Partner Reseller Agreement 04.18.2018 iPass Confidential. Dated 03.04.2018"
    date = find_dates(ipass)[-1]
    assert stated_value(settle(ipass, date)) == "March 4, 2018"
    # Nothing says which number is the day of "3/4/05": shown as written.
    plain = "This Agreement is dated 3/4/05 by and between A and B."
    (date,) = find_dates(plain)
    assert day_first(plain, date) is None and stated_value(settle(plain, date)) == "3/4/05"


def _renewal_value(text: str, slug: str = "renewal-term") -> str:
    from contracts.clauses import BY_SLUG, ClausePassage
    from contracts.keyterms import _value

    return _value(slug, ClausePassage(slug, BY_SLUG[slug].title, text, 0.9, "p1", 0, len(text)))


def test_a_redacted_renewal_period_is_a_period_not_a_term_until_terminated():
    # PHREESIA's Strategic Alliance Agreement (the experts: "successive []"); round 6 read "unless and
    # until" as a renewal that runs on until terminated.
    phreesia = (
        'Unless this Agreement is terminated pursuant to Section 25, this Agreement will automatically renew for '
        'additional successive [***] terms (each a "Renewal Term" and together with the Initial Term, the "Term") '
        "unless and until either Party provides written notice of non-renewal to the other Party at least [***] prior "
        "to the end of the then-current Term."
    )
    assert _renewal_value(phreesia) == "successive [***] terms"
    # KIROMIC's JV Agreement (the experts: "successive [] years"); round 6 gave nothing.
    kiromic = (
        "This JV Agreement shall become effective on the signing date and shall have a duration of * years, "
        "extendable for a further * years, unless notice of non- renewal is sent one year before the natural expiry "
        "date."
    )
    assert _renewal_value(kiromic) == "further * years"


def test_a_time_before_the_term_ends_is_a_notice_period_only_when_someone_notifies_or_terminates():
    # TRI CITY's Outsourcing Agreement (dev): the parties agree on a renewal's terms before the term
    # ends; the experts have no notice period.
    tricity = (
        "If M&I and Customer are unable to agree upon the terms for renewal of this Agreement at least six (6) months "
        "prior to the expiration of the Term, then Customer may, at its option, renew this Agreement for one (1) "
        "twelve month period at the then-current terms and conditions of this Agreement."
    )
    assert _renewal_value(tricity, "notice-period-to-terminate-renewal") == ""
    # Rand Worldwide's: terminating before the term ends is the notice (the experts: 6 months).
    rand = (
        "The Agreement shall automatically renew for successive one year additional terms unless terminated by "
        "either party at least six months prior to the expiration of the then-current term."
    )
    assert _renewal_value(rand, "notice-period-to-terminate-renewal") == "six months"


def test_a_page_number_before_a_footers_month_is_no_day():
    # ELANDIA's Outsourcing Agreement: every page's footer; round 6 read "3 May 2004" as the agreement date.
    footer = (
        "Signed approval forms are filed in the Quality section of the Bank of South Pacific Limited.   Name   Title\n\n"
        "Revision History   Date of this revision:   Revision Number   Commercial in Confidence   Page 3   May 2004\n\n"
        "Network Management Outsourcing Agreement"
    )
    assert [d.day for d in find_dates(footer)] == []
    assert agreement_date(footer) is None
    assert [(d.year, d.month, d.day) for d in find_dates("signed on 3   May 2004")] == [(2004, 5, 3)]


def test_a_date_left_blank_yields_to_the_one_the_same_sentence_states_whole():
    # Pharmagen's Endorsement Agreement (the experts: 2/20/12); round 6 gave the blank.
    pharmagen = (
        'Exhibit 10.1   ENDORSEMENT AGREEMENT    THIS ENDORSEMENT AGREEMENT (the "Agreement") is dated as of this '
        "____day of ____________, 2012, but  made effective as of February 20, 2012 (\"Effective Date\") between "
        'Healthcare Distribution Specialists LLC ("HDS"), a  Delaware corporation, and Paul Silas ("Celebrity), an '
        "individual."
    )
    found = agreement_date(pharmagen)
    assert found is not None and (found.year, found.month, found.day) == (2012, 2, 20)
    # A blank alone is still given as written.
    blank = "THIS AGREEMENT is dated as of this ____day of ____________, 2012 between HDS and Paul Silas."
    found = agreement_date(blank)
    assert found is not None and not found.complete and found.year == 2012
