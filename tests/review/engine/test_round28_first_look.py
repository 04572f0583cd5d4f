"""Classes round 28's first look read (docs/decisions/redlines-qa.md, "Round 28 lawyer read"), each
fixed by a mechanism and tested here on text in our own words; each test fails on the tree that look
ran on (2461967)."""

from __future__ import annotations

from contracts import numbers
from contracts.naming import Parties, detect
from tests.review.factories import library_results as _results
from tests.review.factories import text_model as _doc

_PARTIES = Parties(us="Customer", them="Lantern", side="customer", corrected=True)
_OPENING = "This Agreement is between Lantern Cloud, Inc. (\u201cLantern\u201d) and Birchwood LLC (\u201cCustomer\u201d)."
_YOU = " ".join(["You may install the Software on your servers and you keep your licence key safe."] * 6)


def test_business_days_written_in_calendar_days_lose_the_defined_terms_capital() -> None:
    (quantity,) = numbers.find_quantities("pay within five (5) Business Days of notice", "days")
    assert numbers.write_days(quantity, 30) == "thirty (30) days"
    (own,) = numbers.find_quantities("pay within ten (10) Days of notice", "days")
    assert numbers.write_days(own, 30) == "thirty (30) Days"  # (the contract's own capital, kept)


def test_including_but_not_limited_to_limits_no_liability() -> None:
    model = _doc(
        "Licence Terms", _OPENING,
        "6. Liability. LANTERN SHALL NOT BE LIABLE IN ANY WAY FOR LOSS OR DAMAGE OF ANY KIND, INCLUDING, BUT NOT "
        "LIMITED TO, LOSS OF DATA OR COMPUTER FAILURE.",
    )  # fmt: skip
    result = _results(model, "saas-customer", "limitation-of-liability", parties=_PARTIES)["limitation-of-liability"]
    assert result.status != "ok"


def test_the_document_by_its_short_name_is_no_party() -> None:
    model = _doc(
        "End User License Agreement for Lantern Software (the \u201cEULA\u201d)",
        "The Lantern software is the copyrighted work of Lantern Ltd, or its suppliers and licensors (collectively "
        "referred to herein as \u201cLicensor\u201d).",
        _YOU, _YOU, _YOU,
        "Licensor may terminate this EULA if you fail to pay. You may not assign this EULA.",
    )  # fmt: skip
    parties = detect(model, "customer")
    assert (parties.us, parties.them) == ("you", "Licensor")


def test_the_party_defined_as_whoever_accepts_the_terms_is_the_customer() -> None:
    model = _doc(
        "Terms of Service",
        'These Terms of Service (the "Agreement") are entered into by Lantern.io ("the Company") and the entity or '
        'person agreeing to these terms ("User").',
        *[f"{n}. Use. Lantern.io will provide the Services, and User may use them; User shall pay the fees." for n in
          range(1, 12)],
    )  # fmt: skip
    parties = detect(model, "customer")
    assert (parties.us, parties.them) == ("User", "Lantern.io")


def test_a_notice_the_vendor_observes_for_a_termination_without_cause_is_its_right_to_terminate() -> None:
    model = _doc(
        "Terms", _OPENING,
        "11. Term. Customer may terminate at the end of any billing cycle. Lantern shall observe a notice period of "
        "one (1) month for a termination without cause.",
    )  # fmt: skip
    result = _results(model, "saas-customer", "vendor-termination-for-convenience", parties=_PARTIES)[
        "vendor-termination-for-convenience"
    ]
    (proposal,) = result.recommendations
    assert proposal.before.startswith("Lantern shall observe")
    assert "Lantern may not terminate this Agreement" in proposal.after


def test_a_mutual_consent_rule_before_the_vendors_exception_is_rewritten_with_it() -> None:
    model = _doc(
        "Terms", _OPENING,
        "8.3 Assignment. Neither party may transfer and assign its rights and obligations under this Agreement without "
        "the prior written consent of the other party. Notwithstanding the foregoing, Lantern may transfer and assign "
        "its rights under this Agreement without consent in connection with a change in control.",
    )  # fmt: skip
    (proposal,) = _results(model, "saas-customer", "assignment", parties=_PARTIES)["assignment"].recommendations
    assert proposal.before.startswith("Neither party may transfer and assign")
    assert proposal.after.count("Neither party may") == 1


def test_an_alternative_figure_made_equal_to_the_main_one_is_struck() -> None:
    model = _doc(
        "Terms", _OPENING,
        "1.10 Suspension. If any amount owing by Customer is thirty (30) or more days overdue (or 10 or more days "
        "overdue in the case of invoices paid by card), Lantern may suspend the Service until paid.",
    )  # fmt: skip
    result = _results(model, "saas-customer", "suspension-notice", parties=_PARTIES)["suspension-notice"]
    (proposal,) = [p for p in result.recommendations if p.value == 30]
    assert "thirty (30) or more days overdue, Lantern may suspend" in proposal.after
    assert "(or 30" not in proposal.after
    assert not proposal.defects


def test_an_index_added_on_top_of_the_cap_goes_with_the_figure() -> None:
    model = _doc(
        "Terms", _OPENING,
        "4.11 The Fees may be increased by Lantern once a year, with no increase exceeding 5% plus the percentage "
        "increase in the Consumer Price Index over the twelve (12) month period before the notice of increase.",
    )  # fmt: skip
    (proposal,) = _results(model, "saas-customer", "price-increase-cap", parties=_PARTIES)[
        "price-increase-cap"
    ].recommendations
    assert "no increase exceeding 3%." in proposal.after
    assert "Price Index" not in proposal.after


def test_a_subscription_of_software_is_paid_periodically() -> None:
    model = _doc(
        "Licence Terms", _OPENING,
        "5. Fees. Lantern may modify the price of the offered subscriptions. No refunds will be provided.",
        "9. No Warranty. THE SOFTWARE IS PROVIDED AS IS.",
    )  # fmt: skip
    (warranty,) = _results(model, "saas-customer", "provider-warranty", parties=_PARTIES)[
        "provider-warranty"
    ].recommendations
    assert "refund the fees prepaid for the period after termination" in warranty.after


def test_a_right_to_alter_the_licensing_terms_is_a_right_to_change_the_terms() -> None:
    model = _doc(
        "Licence Terms", _OPENING,
        "17.1 Lantern reserves the right at any time to cease the support of the Software and to alter prices, "
        "features, licensing terms or other characteristics of the Software.",
    )  # fmt: skip
    result = _results(model, "saas-customer", "unilateral-changes", parties=_PARTIES)["unilateral-changes"]
    assert result.status == "issue"
    assert result.recommendations
