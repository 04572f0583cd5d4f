"""Classes round 29's fifth look read (docs/decisions/redlines-qa.md, "Round 29 lawyer read"), each fixed
by a mechanism and tested here on text in our own words; each test fails on the tree that look ran on
(22845f8), but for the guards that say so."""

from __future__ import annotations

from contracts.conditions import holds
from contracts.naming import Parties
from tests.review.factories import library_results as _results
from tests.review.factories import terms_to_you
from tests.review.factories import text_model as _doc

_PARTIES = Parties(us="Customer", them="Lantern", side="customer", corrected=True)
_AGREEMENT = (
    "These Terms (the \u201cTerms\u201d) are between Lantern Analytics Inc. (\u201cLantern\u201d) and the customer "
    "(\u201cCustomer\u201d)."
)
_YOU = Parties(us="you", them="Lantern", side="customer", corrected=True)
_OPENING = (
    "These API Terms are between Lantern Analytics Inc. (\u201cLantern\u201d, \u201cwe\u201d or \u201cus\u201d) and you. "
    "These API Terms govern your use of the Lantern APIs. These API Terms apply to every application. These API "
    "Terms prevail over any other terms."
)


def test_the_vendors_deadline_to_refund_us_is_no_payment_term() -> None:
    model = terms_to_you(
        _OPENING,
        "6.1 You shall pay each invoice within thirty (30) days of receipt.",
        "11.5 Effect of the Withdrawal. If you withdraw from these API Terms, we will reimburse you all payments "
        "received from you, without undue delay and in any event not later than 14 days from the day on which we are "
        "informed about your decision to withdraw.",
    )  # fmt: skip
    result = _results(model, "saas-customer", "payment-terms", parties=_YOU)["payment-terms"]
    assert not result.recommendations


def test_fees_adjusted_by_our_own_self_service_or_by_agreement_are_no_price_power() -> None:
    model = _doc(
        "Terms", _AGREEMENT,
        "5.6 The Subscription Details, including Fees, may be adjusted by (a) self-service functionalities in "
        "Customer's account settings or (b) written agreement of the parties.",
    )  # fmt: skip
    result = _results(model, "saas-customer", "price-increase-cap", parties=_PARTIES)["price-increase-cap"]
    assert not result.recommendations


def test_a_price_power_whose_next_sentence_states_the_notice_gets_no_second_one() -> None:
    model = _doc(
        "Terms", _AGREEMENT,
        "5.10 Lantern may increase the Subscription Fee after the end of the initial Subscription Period. Any updated "
        "Fee will apply from the next Subscription Period, provided Lantern notifies Customer at least 60 days in "
        "advance.",
    )  # fmt: skip
    (proposal,) = _results(model, "saas-customer", "price-increase-cap", parties=_PARTIES)[
        "price-increase-cap"
    ].recommendations
    assert "nor by more than three percent (3%)" in proposal.after
    assert "sixty (60) days' prior written notice" not in proposal.after


def test_use_subject_to_the_then_current_version_posted_is_a_change_without_our_signature() -> None:
    model = _doc(
        "Terms", _AGREEMENT,
        "12.1 Use of the Services is subject to the then-current version of the Terms posted on the Website.",
    )  # fmt: skip
    result = _results(model, "saas-customer", "unilateral-changes", parties=_PARTIES)["unilateral-changes"]
    assert result.status == "issue"


def test_acceptance_by_use_after_a_new_version_goes_with_the_power() -> None:
    model = terms_to_you(
        _OPENING,
        "1.3 Modification of Terms. WE MAY MODIFY THESE API TERMS AT ANY TIME. YOUR CONTINUED USE OF THE LANTERN APIS "
        "FOLLOWING THE RELEASE OF A SUBSEQUENT VERSION OF THESE API TERMS WILL BE DEEMED YOUR ACCEPTANCE OF ANY "
        "MODIFICATIONS TO THESE API TERMS.",
    )  # fmt: skip
    proposals = _results(model, "saas-customer", "unilateral-changes", parties=_YOU)["unilateral-changes"].recommendations
    assert any("DEEMED YOUR ACCEPTANCE" in p.before for p in proposals)
    # (the terms are called as they call themselves: "these API Terms", never "this API Terms")
    assert any("Any change to these API Terms must be in writing" in p.after for p in proposals)


def test_our_own_prohibition_before_the_vendors_free_assignment_goes_with_it() -> None:
    model = terms_to_you(
        _OPENING,
        "13.2 Assignment. You may not assign these API Terms, whether by operation of law, change of control, merger, "
        "asset sale, or otherwise, without Lantern's prior written consent. Lantern may assign these API Terms, at its "
        "sole discretion, without restriction.",
    )  # fmt: skip
    (proposal,) = _results(model, "saas-customer", "assignment", parties=_YOU)["assignment"].recommendations
    assert proposal.before.startswith("You may not assign these API Terms")
    assert proposal.after.startswith("Neither you nor we may assign these API Terms")


def test_a_vendor_that_may_assign_to_others_at_any_time_is_read() -> None:
    model = _doc("Terms", _AGREEMENT, "12.9 Lantern may assign any or all of its rights and obligations to others at any time.")
    result = _results(model, "saas-customer", "assignment", parties=_PARTIES)["assignment"]
    assert result.status == "issue"


def test_a_right_to_deprecate_the_apis_is_a_right_to_change_what_is_provided() -> None:
    model = terms_to_you(_OPENING, "2.6 Lantern may modify, change, or deprecate all or part of the Lantern APIs at any time.")
    assert holds("service-changes", model)



def test_an_agreement_between_you_defined_so_and_one_named_vendor_is_between_you_and_it() -> None:
    from contracts.naming import detect

    # (after the round's last look, read on a licence no look read: the software it sells is no party)
    model = _doc(
        "Lantern Software License Agreement",
        "This software license agreement (\u201cAgreement\u201d) is a legal agreement between you, whether an individual "
        "or entity, (\u201cyou\u201d) and Lantern Corporation (\u201cLantern\u201d) and governs the use of the software "
        "that Lantern delivers to you under this Agreement (\u201cSoftware\u201d).",
        "Lantern may assign, delegate or transfer its rights or obligations under this Agreement by any means or "
        "operation of law.",
    )  # fmt: skip
    parties = detect(model, "customer")
    assert (parties.us, parties.them) == ("you", "Lantern")
    result = _results(model, "saas-customer", "assignment", parties=parties)["assignment"]
    assert result.status == "issue"


def test_our_own_prohibition_after_the_vendors_free_assignment_goes_with_it_too() -> None:
    model = _doc(
        "Lantern Software License Agreement", _AGREEMENT,
        "15.2 No Assignment. Lantern may assign, delegate or transfer its rights or obligations under these Terms by "
        "any means or operation of law. Customer may not, without Lantern's prior written consent, assign, delegate "
        "or transfer any of its rights or obligations under these Terms, and any attempt to do so is null and void.",
    )  # fmt: skip
    (proposal,) = _results(model, "saas-customer", "assignment", parties=_PARTIES)["assignment"].recommendations
    assert "Customer may not, without" in proposal.before
    assert proposal.after.startswith("Neither party may assign")
