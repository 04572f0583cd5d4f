"""Where `cuad-coverage` inserts its walk-away right for either party (round 20; the lawyers' reads of
rounds 18 and 19 in docs/decisions/redlines-qa.md found it the weakest generic clause left), each
class on a seen contract's own text.

- It belongs in a running relationship, which the contract's own words show (``insert_when``):
  money paid by the period or by use, a party that goes on doing something for the other, a
  renewal, a term of months or years. A one-off event has none of these.
- Where the contract's words leave the bargain no room for one (``not_inserted_when``: a financing
  that lasts until it is paid, an investment's side agreement, an exclusive licence paid up front,
  an exit the contract prices), or bar leaving (``conflicts_when``), nothing is inserted and the
  finding quotes those words.

In every case the finding stays, and tells the lawyer to consider whether the contract needs one.
"""

from __future__ import annotations

import dataclasses

import pytest

from playbooks.loader import PlaybookInvalid, load_playbook
from playbooks.presentation import rule_in_words
from review.engine.base import RuleResult
from review.engine.playbook import PlaybookEngine
from tests.review.engine.test_insertion_titles import _contract
from tests.review.engine.test_set_c_classes import _cuad_coverage

RULE = "termination-for-convenience"
CONSIDER = "Consider whether this contract needs one"

# One boxing night in Guangzhou, US$400,000 payable 180 days after it.
BOXING_NIGHT = "PACIFICSYSTEMSCONTROLTECHNOLOGYINC_08_24_2000"
# One month's festival sponsorship, $250,000 paid in full on signing.
FESTIVAL = "EcoScienceSolutionsInc_20180406_8-K_EX-10.1_11135398_EX-10.1_Sponsorship"
# Three days of a festival, its sponsor promoted beforehand ("will promote FLOODfest Chicago content").
PROMOTED_FESTIVAL = "VNUE,INC_07_10_2015"
# A year's sponsorship: "WCC shall promote XLI as outlined in the Sponsor Benefits Schedule".
YEAR_SPONSORSHIP = "XLITECHNOLOGIES,INC_12_11_2015"
# "The term of this Agreement shall be for one (1) year": a celebrity's endorsement.
ENDORSEMENT = "PharmagenInc_20120803_8-KA"
# "The Initial Term of this Technical Infrastructure Maintenance Agreement is twelve months".
MAINTENANCE = "TRIZETTOGROUPINC_08_18_1999"

LOAN_SERVICING = "CUROGROUPHOLDINGSCORP_05_04_2020"  # servicing of receivables a lender finances
KEEP_WELL = "SUNTRONCORP_05_17_2006"  # an investor's capital contributions, in favour of lenders
SECURITISATION = "VerizonAbsLlc_20200123_8-K_EX-10.4"  # device-payment receivables, notes, a servicer

ALLIANCE_BESIDE_SUBSCRIPTION = "CHIPMOSTECHNOLOGIESBERMUDALTD_04_18_2016"
COOPERATION_BESIDE_SUBSCRIPTION = "QIWI_06_16_2017"
LICENCE_PAID_IN_SHARES = "IdeanomicsInc_20151124_8-K_EX-10.2"

OPTION_TO_PAID_UP_LICENCE = "RareElementResourcesLtd_20171019"
FEE_FOR_CONVENIENCE = "AzulSa_20170303_F-1A_EX-10.3_9943903_EX-10.3_Maintenance Agreement1"
EXIT_FEE = "UsioInc_20040428_SB-2_EX-10.11"


def _walk_away(prefix: str) -> RuleResult:
    (result,) = PlaybookEngine().analyze(_contract(prefix), _cuad_coverage(RULE))
    return result


def _kept_out(prefix: str) -> RuleResult:
    result = _walk_away(prefix)
    assert result.status == "missing" and not result.recommendations, result.message
    assert CONSIDER in result.message
    return result


def test_a_one_off_event_takes_no_walk_away_right_and_a_running_relationship_does() -> None:
    for prefix in (BOXING_NIGHT, FESTIVAL):
        result = _kept_out(prefix)
        assert "inserts it only where the contract has what it applies to, and this one has none" in result.message
    # "3. Term and Termination: This term of this Agreement commences on the Effective Date and
    # terminates on August 2nd, 2015 upon completion of event."
    assert "(clause 3)" in _kept_out(PROMOTED_FESTIVAL).message
    # A sponsorship over a year, an endorsement over a year, a maintenance agreement that renews.
    for prefix in (YEAR_SPONSORSHIP, ENDORSEMENT, MAINTENANCE):
        (proposal,) = _walk_away(prefix).recommendations
        assert "may terminate this Agreement for convenience on ninety (90) days" in proposal.after, prefix


def test_a_financing_that_lasts_until_it_is_paid_leaves_no_room_and_a_servicer_that_may_not_resign_bars_one() -> None:
    result = _kept_out(LOAN_SERVICING)
    assert "the playbook inserts none where the contract says (clause Section 7)" in result.message
    assert "(i) the Owner no longer owns any Receivables" in result.message
    assert result.evidence and "no longer owns any Receivables" in result.evidence[0].sentence
    result = _kept_out(KEEP_WELL)
    assert "(clause 18)" in result.message and "This Agreement shall in all respects be a continuing" in result.message
    # "7.1 No Resignation. The Servicer will not resign as Servicer under this Agreement unless ...".
    result = _walk_away(SECURITISATION)
    assert result.status == "missing" and not result.recommendations
    assert "would contradict what the contract says" in result.message
    assert "The Servicer will not resign as Servicer under this Agreement" in result.message


def test_an_agreement_resting_on_a_share_subscription_or_paid_for_in_shares_leaves_no_room() -> None:
    quoted = {
        ALLIANCE_BESIDE_SUBSCRIPTION: "enter into the Share Subscription Agreement",
        COOPERATION_BESIDE_SUBSCRIPTION: "entered into a deed of subscription",
        LICENCE_PAID_IN_SHARES: "is the issuance of the IP Common Shares as defined in the Securities Pu",
    }
    for prefix, words in quoted.items():
        result = _kept_out(prefix)
        assert "the playbook inserts none where the contract says" in result.message
        assert words in result.message, prefix


def test_an_exclusive_licence_paid_up_and_an_exit_the_contract_prices_leave_no_room_a_court_does_not() -> None:
    # "3.03 If the Option is exercised ..., the license grants ... will become exclusive to Investor
    # for a perpetual term, ... shall be deemed fully paid-up"
    result = _kept_out(OPTION_TO_PAID_UP_LICENCE)
    assert "3.03 If the Option is exercised before the expiration of the Option Period" in result.message
    assert "will become exclusive to Investor" in result.evidence[0].sentence
    # "16.5 Early termination fee: ... the Company may terminate this Agreement for convenience"
    result = _kept_out(FEE_FOR_CONVENIENCE)
    assert "(clause 16.5)" in result.message and "may terminate this Agreement for convenien" in result.message
    # "(v) Affiliate pays the applicable Exit Fee as defined in section 7.6 (c) below"
    assert "Exit Fee" in _kept_out(EXIT_FEE).message
    # Neither a court submitted to irrevocably nor a licence back of materials is such a grant: "both
    # parties irrevocably and unconditionally agree to submit to the exclusive jurisdiction"; "PAPA
    # JOHN'S hereby grants to ABG and CELEBRITY, a royalty-free, perpetual, irrevocable, fully- paid
    # ... right and license to utilize the Materials". A supply agreement and an endorsement keep
    # their walk-away right.
    for prefix in ("BIOFRONTERAAG_04_29_2019", "PapaJohnsInternationalInc_20190617"):
        (proposal,) = _walk_away(prefix).recommendations
        assert "for convenience on ninety (90) days" in proposal.after, prefix


def test_not_inserted_when_is_stored_with_the_rule_and_belongs_to_must_exist_rules() -> None:
    source = (
        "name: P\nrules:\n  - id: tfc\n    title: T\n    find: {any: [convenience]}\n    check: {must_exist: true}\n"
        "    positions: [Either party may terminate.]\n    not_inserted_when: {any: [paid in full], none: [invoice]}\n"
    )
    (rule,) = load_playbook(source.encode()).rules
    assert rule.not_inserted_when is not None and rule.not_inserted_when.any == ("paid in full",)
    assert type(rule).from_dict(rule.to_dict()) == dataclasses.replace(rule)
    # A new version's diff shows it to the playbook's author.
    assert "\u201cpaid in full\u201d" in rule_in_words(rule)["not inserted where the contract says"]
    wrong = source.replace("check: {must_exist: true}", "check: {max_days: 30}")
    with pytest.raises(PlaybookInvalid) as info:
        load_playbook(wrong.encode())
    assert "not_inserted_when: only applies to must_exist rules" in str(info.value)
