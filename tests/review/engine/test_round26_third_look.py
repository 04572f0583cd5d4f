"""Classes round 26's third look read (docs/decisions/redlines-qa.md, "Round 26 lawyer read"), and the
remedies the looks' readers asked of every inserted warranty and indemnity; text in our own words; each
test fails on the tree that look ran on (7f20756)."""

from __future__ import annotations

import pytest

from contracts.conditions import holds
from contracts.naming import Parties
from tests.review.factories import library_results as _results
from tests.review.factories import text_model as _doc

_PARTIES = Parties(us="Customer", them="Lantern", side="customer", corrected=True)
_OPENING = "This Agreement is between Lantern Cloud AS (\u201cLantern\u201d) and Birchwood LLC (\u201cCustomer\u201d)."


@pytest.mark.parametrize(
    "sentence",
    [
        "THESE TERMS MAY CHANGE AT ANY TIME WITHOUT NOTICE.",
        "The TOS for the Lantern platform may be amended and/or modified from time to time by Lantern, without notice "
        "to Customer.",
        "Lantern reserves the right to make changes to any of the Terms of Service at any time.",
    ],
)
def test_a_change_at_will_in_other_words_is_a_unilateral_change(sentence: str) -> None:
    model = _doc("Lantern Cloud Terms of Service", _OPENING, f"20. Changes. {sentence}")
    assert _results(model, "saas-customer", "unilateral-changes", parties=_PARTIES)["unilateral-changes"].status == (
        "issue"
    )


def test_a_plan_amended_by_both_parties_is_no_unilateral_change() -> None:
    model = _doc(
        "Lantern Cloud Services Agreement", _OPENING,
        "4. Plan. The Conversion Plan (as it exists on the date of this Agreement and as it may be amended from time to "
        "time by the mutual agreement of the parties) is attached as Exhibit B.",
    )  # fmt: skip
    result = _results(model, "saas-customer", "unilateral-changes", parties=_PARTIES)["unilateral-changes"]
    assert not result.recommendations


def test_liability_excluded_in_any_way_is_a_limitation() -> None:
    model = _doc("Terms", _OPENING, "9. Data. Lantern shall not in any way be liable for Customer Data.")
    assert holds("liability-limits", model)


def test_the_inserted_warranty_and_indemnity_carry_their_remedies() -> None:
    model = _doc(
        "Lantern Cloud Subscription Agreement", _OPENING,
        "3. Fees. Customer shall pay the monthly subscription fees within thirty (30) days of each invoice.",
        "7. Indemnity. Customer shall indemnify Lantern against claims arising from Customer's content.",
        "8. Disclaimer. THE SERVICES ARE PROVIDED AS IS AND LANTERN DISCLAIMS ALL WARRANTIES.",
    )  # fmt: skip
    results = _results(model, "saas-customer", "provider-warranty", "vendor-ip-indemnity", parties=_PARTIES)
    (warranty,) = results["provider-warranty"].recommendations
    assert "Lantern shall correct any failure of the Services to so perform within thirty (30) days" in warranty.after
    assert "refund the fees prepaid for the period after termination" in warranty.after
    (indemnity,) = results["vendor-ip-indemnity"].recommendations
    assert "Customer shall give Lantern prompt written notice of the claim" in indemnity.after
    assert "modify the Services to be non-infringing" in indemnity.after


def test_a_passive_change_power_takes_what_leans_on_it_and_usage_fees_are_recurring() -> None:
    model = _doc(
        "Lantern Cloud Terms of Service", _OPENING,
        "3. Billing. Lantern services will be billed monthly in arrears based on Customer's usage.",
        "20. Changes. The TOS may be amended and/or modified from time to time by Lantern, without notice to "
        "Customer. Customer's use of the Services is always subject to the TOS in effect from time to time. "
        "Accordingly, Customer should revisit this page regularly to learn of any updates to the TOS.",
    )  # fmt: skip
    (proposal,) = _results(model, "saas-customer", "unilateral-changes", parties=_PARTIES)[
        "unilateral-changes"
    ].recommendations
    assert "any updates to the TOS" in proposal.before
    assert holds("recurring-payments", model)
