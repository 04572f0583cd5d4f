"""A power to raise the price that states no figure is an uncapped increase (docs/playbook-format.md,
"uncapped_when and proviso"): the price-increase-cap rule finds it and adds the cap at the end of the
contract's own sentence, in the contract's word for what is charged. Round 25's lawyer read found the
rule "not found" while its evidence quoted such sentences (docs/decisions/redlines-qa.md). Text in our
own words."""

from __future__ import annotations

import pytest

from contracts.naming import Parties
from tests.review.factories import library_results as _results
from tests.review.factories import text_model as _doc

_PARTIES = Parties(us="Customer", them="Lantern", side="customer", corrected=True)


def _price_rule(*clauses: str):
    model = _doc(
        "Lantern Cloud Subscription Agreement",
        "This Agreement is between Lantern Cloud AS (\u201cLantern\u201d) and Birchwood LLC (\u201cCustomer\u201d).",
        "3. Fees. Customer shall pay the fees set out in the Order Form (the \u201cFees\u201d) within thirty (30) days "
        "of each invoice.",
        *clauses,
    )
    return _results(model, "saas-customer", "price-increase-cap", parties=_PARTIES)["price-increase-cap"]


def test_a_power_to_change_the_fees_without_a_figure_is_capped_at_its_end() -> None:
    result = _price_rule(
        "4. Changes. Lantern reserves the right to change the Fees at the end of any Subscription Term, upon "
        "forty-five (45) days' notice to Customer."
    )
    assert result.status == "issue"
    (proposal,) = result.recommendations
    assert proposal.after == (
        "Lantern reserves the right to change the Fees at the end of any Subscription Term, upon forty-five (45) "
        "days' notice to Customer, provided that the Fees shall not be increased more than once in any twelve (12) "
        "month period, nor by more than three percent (3%) over the Fees then in effect."
    )
    # Only the end of the sentence is touched: the contract's words before it stay as they are.
    assert proposal.edit.kind == "replace"
    assert proposal.edit.after.startswith(proposal.edit.before.rstrip("."))
    assert not proposal.defects


@pytest.mark.parametrize(
    ("sentence", "charged"),
    [
        ("The prices of the Platform may be revised at any time.", "the prices"),
        ("Lantern may adjust the agreed Subscription Charge once a year, upon ninety (90) days' notice.",
         "the Subscription Charge"),
        ("We may change our Fees and Billing Policy.", "the fees"),
    ],
)
def test_the_cap_speaks_of_what_the_sentence_says_is_charged(sentence: str, charged: str) -> None:
    result = _price_rule(f"4. Changes. {sentence}")
    assert result.status == "issue"
    (proposal,) = result.recommendations
    # (a power that gives no notice is capped on notice too, since round 28: test_round28_third_look.py)
    notice = "" if "notice" in sentence else ", and only on at least sixty (60) days' prior written notice"
    assert proposal.after == f"{sentence[:-1]}, provided that {charged} shall not be increased more than once in any " \
        f"twelve (12) month period, nor by more than three percent (3%) over {charged} then in effect{notice}."


@pytest.mark.parametrize(
    "sentence",
    [
        # A change both parties make, one a tax forces, an index the price follows, a price stated.
        "The Fees may be changed by mutual agreement of the parties in writing.",
        "Where a public tax or duty changes, the Fees may be adjusted correspondingly.",
        "The Fees shall be increased each year in line with the published consumer price index.",
        "From the second year the Fees shall be increased to $9,000 per month.",
        # A promise, not a power; and a price page's address.
        "Lantern shall not increase the Fees during the Initial Term.",
        "Plans are listed at www.lantern.example/pricing, as may be modified from time to time.",
    ],
)
def test_no_cap_is_added_where_the_sentence_gives_no_power_to_raise_the_price(sentence: str) -> None:
    result = _price_rule(f"4. Changes. {sentence}")
    assert result.status != "issue"
    assert not result.recommendations


def test_a_stated_increase_is_the_number_edit_not_a_proviso() -> None:
    result = _price_rule("4. Renewal pricing. Lantern may increase the Fees by up to seven percent (7%) on each renewal.")
    assert result.status == "issue"
    (proposal,) = result.recommendations
    assert "provided that" not in proposal.after
    assert "three percent (3%)" in proposal.after


def test_a_power_given_in_the_payment_sentences_proviso_is_capped_by_a_further_proviso() -> None:
    # "... in accordance with the terms set forth therein" is how the fees are paid, not a change made
    # as the contract sets out: the power after it is still uncapped (round 26's first look).
    result = _price_rule(
        "4. Payment. Customer shall pay Lantern the fees set forth in an Order in accordance with the terms set "
        "forth therein; provided that Lantern may change any applicable fees upon thirty (30) days' notice at any time."
    )
    assert result.status == "issue"
    (proposal,) = result.recommendations
    assert proposal.after.endswith(
        "at any time, provided further that the fees shall not be increased more than once in any twelve (12) month "
        "period, nor by more than three percent (3%) over the fees then in effect."
    )


def test_a_change_made_as_the_contract_sets_out_is_no_uncapped_power() -> None:
    result = _price_rule("4. Changes. Such prices may be amended in accordance with the terms of Appendix 2.")
    assert not result.recommendations
