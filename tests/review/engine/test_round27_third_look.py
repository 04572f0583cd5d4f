"""Classes round 27's third look read (docs/decisions/redlines-qa.md, "Round 27 lawyer read"), each
fixed by a mechanism and tested here on text in our own words; each test fails on the tree that look
ran on (3edfc25)."""

from __future__ import annotations

from typing import Any

from contracts.naming import Parties, detect
from tests.review.factories import YOU_AND_WE
from tests.review.factories import library_results as _results
from tests.review.factories import text_model as _doc

_PARTIES = Parties(us="Customer", them="Lantern", side="customer", corrected=True)
_OPENING = "This Agreement is between Lantern Cloud AS (\u201cLantern\u201d) and Birchwood LLC (\u201cCustomer\u201d)."
_WE_OFFER = (
    "Lantern Ltd., Lantern Data and LD (\u201cwe\u201d, \u201cus\u201d or \u201cour\u201d) are pleased to offer certain "
    "web services (\u201cCloud Services\u201d) according to the terms of this agreement (\u201cAgreement\u201d)."
)


def _offer_terms(*clauses: str) -> Any:
    return _doc(
        "Cloud Terms of Service", _WE_OFFER, YOU_AND_WE.replace("the Services", "the Cloud Services"),
        "Consulting. We may provide consulting services for the Cloud Services (\u201cConsulting Services\u201d).",
        *["Use. You may use the Cloud Services, and the Consulting Services, under this Agreement."] * 4,
        *clauses,
    )  # fmt: skip


def test_a_thing_the_opening_defines_after_we_is_not_the_vendor() -> None:
    parties = detect(_offer_terms(), "customer")
    assert parties.them != "Cloud Services"


def test_a_kind_of_services_defined_in_quotes_is_the_subject_not_the_bare_services() -> None:
    model = _offer_terms("8. No Warranty. THE CLOUD SERVICES ARE PROVIDED AS IS AND WE DISCLAIM ALL WARRANTIES.")
    parties = Parties(us="you", them="we", side="customer", corrected=True)
    (warranty,) = _results(model, "saas-customer", "provider-warranty", parties=parties)[
        "provider-warranty"
    ].recommendations
    assert "we warrant that the Cloud Services will perform materially" in warranty.after


def test_a_replacement_that_would_strike_our_own_right_with_theirs_is_held() -> None:
    model = _offer_terms(
        "6. Term. You may terminate this Agreement by closing your account, and we may terminate this Agreement for "
        "any reason by providing you 30 days' advance notice."
    )  # fmt: skip
    parties = Parties(us="you", them="we", side="customer", corrected=True)
    result = _results(model, "saas-customer", "vendor-termination-for-convenience", parties=parties)[
        "vendor-termination-for-convenience"
    ]
    (proposal,) = result.recommendations
    assert [d.kind for d in proposal.defects] == ["our-right"]


def test_a_paragraph_numbered_in_superscript_keeps_its_number() -> None:
    model = _doc(
        "General Licensing Terms", _OPENING,
        "Confidentiality",
        "\u00b2 All business secrets of Lantern must be treated by Customer as strictly confidential and not shared "
        "with third parties.",
    )  # fmt: skip
    (proposal,) = _results(model, "saas-customer", "mutual-confidentiality", parties=_PARTIES)[
        "mutual-confidentiality"
    ].recommendations
    assert proposal.edit.start == 2  # after "² "
    assert not proposal.edit.before.startswith("\u00b2")


def test_a_fee_adjusted_for_actual_use_is_no_price_increase() -> None:
    model = _doc(
        "General Licensing Terms", _OPENING,
        "3. Fees. Customer shall pay the annual maintenance fee within thirty (30) days of each invoice.",
        "4. Maintenance. Lantern reserves the right to adjust the maintenance fee in the following years on the basis "
        "of actual use.",
    )  # fmt: skip
    result = _results(model, "saas-customer", "price-increase-cap", parties=_PARTIES)["price-increase-cap"]
    assert not result.recommendations


def test_a_duty_put_as_may_be_required_is_no_right_of_ours() -> None:
    model = _offer_terms(
        "6. Changes. We may change this Agreement at any time, and you may be required to click to accept the "
        "changed Agreement before you continue to use the Cloud Services."
    )  # fmt: skip
    parties = Parties(us="you", them="we", side="customer", corrected=True)
    result = _results(model, "saas-customer", "unilateral-changes", parties=parties)["unilateral-changes"]
    assert result.recommendations
    assert all("our-right" not in [d.kind for d in p.defects] for p in result.recommendations)
