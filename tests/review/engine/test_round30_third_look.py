"""Classes round 30's third look read (docs/decisions/redlines-qa.md, "Round 30 lawyer read"), each fixed
by a mechanism and tested here on text in our own words; each test fails on the tree that look ran on
(d9c9bcd)."""

from __future__ import annotations

from contracts.document import structure_of
from contracts.naming import Parties, as_spelled, render
from tests.review.factories import library_results as _results
from tests.review.factories import text_model as _doc

_PARTIES = Parties(us="Customer", them="Lantern", side="customer", corrected=True)
_OPENING = (
    "SUBSCRIPTION AGREEMENT",
    'This Agreement is between Lantern Systems, Inc. ("Lantern") and the customer identified in the Order Form '
    '("Customer").',
)


def test_a_suspension_for_non_payment_with_no_period_at_all_takes_the_waiting_period_as_a_proviso() -> None:
    model = _doc(
        *_OPENING,
        "13.1. Lantern reserves the right to suspend Customer's access to the Products if Customer fails to pay "
        "subscription fees on time in accordance with Section 6 of this Agreement.",
    )
    result = _results(model, "saas-customer", "suspension-notice", parties=_PARTIES)["suspension-notice"]
    (proposal,) = result.recommendations
    assert result.status == "issue" and "at least 30 days" in result.message
    assert proposal.after.startswith("13.1. Lantern reserves the right to suspend Customer's access")
    assert proposal.after.endswith(
        "provided that Lantern may suspend only if an undisputed amount is more than thirty (30) days overdue and "
        "Customer has not paid it within ten (10) days after written notice of the intended suspension."
    )
    assert "sixty (60) days" not in proposal.after  # (no price's notice: the proviso states its own)


def test_a_suspension_that_follows_non_payment_on_its_own_is_one_without_notice() -> None:
    model = _doc(*_OPENING, "4.5 Non-payment suspends license and support.")
    result = _results(model, "saas-customer", "suspension-without-notice", parties=_PARTIES)
    assert result["suspension-without-notice"].status == "issue"


def test_subscriptions_non_terminable_for_convenience_leave_us_no_right_to_leave() -> None:
    model = _doc(*_OPENING, "3.4 Subscriptions are non-refundable and non-terminable for convenience.")
    result = _results(model, "saas-customer", "customer-termination-for-convenience", parties=_PARTIES)
    assert result["customer-termination-for-convenience"].status == "issue"


def test_a_contract_spelt_the_american_way_gets_the_american_spelling_of_a_word_it_never_writes() -> None:
    american = _doc("The license grant is authorized by each party. Customer shall defend its own claims.")
    assert as_spelled("sole control of its defence", american) == "sole control of its defense"
    british = _doc("The licence is authorised by each party. Customer shall defend its own claims.")
    assert as_spelled("sole control of its defense", british) == "sole control of its defence"


def test_apostrophes_and_a_possessive_as_the_contract_writes_them() -> None:
    model = _doc(
        "Lantern\u2019s rights. Customer\u2019s data. 30 days\u2019 notice. Lantern\u2019s fees.",
        "JetBrains\u2019 Products are licensed. JetBrains\u2019 rights are reserved.",
    )
    assert as_spelled("sixty (60) days' prior written notice; Customer's data", model) == (
        "sixty (60) days\u2019 prior written notice; Customer\u2019s data"
    )
    parties = Parties(us="Customer", them="JetBrains", side="customer", corrected=True)
    assert render("in {them}'s reasonable opinion", parties, structure_of(model)) == "in JetBrains' reasonable opinion"


def test_a_price_power_and_the_renewal_price_of_one_clause_take_the_cap_once_where_the_power_is() -> None:
    model = _doc(
        *_OPENING,
        "3.2 Renewal",
        "This Agreement renews for successive periods of the same duration. Renewals are at Lantern's then-current "
        "list pricing.",
        "3.3 Price Adjustments",
        "Lantern may adjust renewal pricing.",
    )
    result = _results(model, "saas-customer", "price-increase-cap", parties=_PARTIES)["price-increase-cap"]
    (proposal,) = result.recommendations
    assert proposal.before.startswith("Lantern may adjust renewal pricing")


def test_only_the_vendors_power_joined_to_our_undertaking_is_struck() -> None:
    from tests.review.factories import terms_to_you

    model = terms_to_you(
        "These Terms are between you and Lantern Inc. (\u201cLantern\u201d, \u201cwe\u201d or \u201cus\u201d).",
        "M. Amendments. We may amend these Terms at any time by posting them on our website.",
        # (a power over the terms joined to our undertaking; round 31: a power over "our pricing" after "these
        # Terms" is a price change, which the price rules read)
        "K. Fees. You hereby agree to pay all applicable Fees under these Terms, including any applicable taxes, "
        "and that we may amend these Terms at any time.",
    )
    parties = Parties(us="you", them="Lantern", side="customer", corrected=True)
    proposals = _results(model, "saas-customer", "unilateral-changes", parties=parties)["unilateral-changes"].recommendations
    (strike,) = [p for p in proposals if p.action == "delete"]
    assert strike.after == "You hereby agree to pay all applicable Fees under these Terms, including any applicable taxes."
