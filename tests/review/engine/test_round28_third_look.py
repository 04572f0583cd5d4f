"""Classes round 28's third look read (docs/decisions/redlines-qa.md, "Round 28 lawyer read"), each
fixed by a mechanism and tested here on text in our own words; each test fails on the tree that look
ran on (f3588c0), but for two guards that say so."""

from __future__ import annotations

from contracts.naming import Parties
from tests.review.factories import library_results as _results
from tests.review.factories import text_model as _doc

_OPENING = (
    "This Lantern Terms of Service Agreement (\u201cAgreement\u201d) is entered into by and between Lantern "
    "Technologies Inc. (\u201cLantern\u201d or \u201cWe\u201d) and the entity placing an order for the Lantern "
    "Services (\u201cCustomer\u201d or \u201cyou\u201d)."
)
_PARTIES = Parties(us="Customer", them="Lantern", side="customer", corrected=True)


def test_a_vendor_defined_as_we_too_is_found_where_its_clauses_say_we() -> None:
    model = _doc(
        "Terms of Service", _OPENING,
        "9. Termination. b. We may terminate this Agreement or suspend your account at any time for any reason.",
    )  # fmt: skip
    result = _results(model, "saas-customer", "vendor-termination-for-convenience", parties=_PARTIES)[
        "vendor-termination-for-convenience"
    ]
    (proposal,) = result.recommendations
    assert proposal.before.startswith("We may terminate")


def test_a_customer_defined_as_we_is_never_the_vendors_we() -> None:
    # (a guard: the vendor's pronoun is the vendor's, and a provider's playbook reads "We" as its own party)
    model = _doc(
        "Terms of Service", _OPENING,
        "9. Termination. b. We may terminate this Agreement or suspend your account at any time for any reason.",
    )  # fmt: skip
    provider = Parties(us="Lantern", them="Customer", side="provider", corrected=True)
    result = _results(model, "saas-customer", "vendor-termination-for-convenience", parties=provider)[
        "vendor-termination-for-convenience"
    ]
    assert not result.recommendations


def test_a_price_power_used_at_any_time_is_capped_on_notice_and_adding_fees_is_closed() -> None:
    model = _doc(
        "Terms of Service", _OPENING,
        "4. Fees. Lantern may change any fees, including by adding fees, on a going-forward basis at any time.",
    )  # fmt: skip
    (proposal,) = _results(model, "saas-customer", "price-increase-cap", parties=_PARTIES)[
        "price-increase-cap"
    ].recommendations
    assert "nor by more than three percent (3%)" in proposal.after
    assert "and only on at least sixty (60) days' prior written notice" in proposal.after
    assert "new fees or charges shall apply only to features or services first ordered" in proposal.after


def test_a_price_power_with_its_own_notice_gets_no_second_one() -> None:
    # (a guard: the notice is added only where the power has none)
    model = _doc(
        "Terms of Service", _OPENING,
        "4. Fees. Lantern may increase the fees on thirty (30) days' written notice to Customer.",
    )  # fmt: skip
    (proposal,) = _results(model, "saas-customer", "price-increase-cap", parties=_PARTIES)[
        "price-increase-cap"
    ].recommendations
    assert "sixty (60) days" not in proposal.after
