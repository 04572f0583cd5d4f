"""Missing means missing, in whatever words and under whatever title: where the party a one-sided
clause binds already indemnifies or warrants (review/engine/presence.py ``duty_of_the_kind``), that
passage is compared, never duplicated; a refusal ("does not warrant") is no such duty. Each on text
in our own words; each failing without the mechanism (8483c08)."""

from __future__ import annotations

from tests.review.factories import library_results as _results
from tests.review.factories import text_model as _doc

_OPENING = (
    "Hosted Services Agreement",
    "This Hosted Services Agreement is made between Osprey Data Ltd (\u201cOsprey\u201d) and Kestrel Foods plc "
    "(\u201cCustomer\u201d).",
    "1. Services. Osprey will provide the Hosted Services described in the Order. Osprey will host the Customer "
    "Data in the United Kingdom.",
    "2. Fees. Customer shall pay the fees in the Order within thirty (30) days of the invoice date.",
)


def test_a_vendors_indemnity_under_another_title_is_compared_not_inserted_again() -> None:
    model = _doc(
        *_OPENING,
        "7. Third-Party Claims. Osprey shall defend at its own expense and indemnify Customer against any loss "
        "arising out of any claim brought against Customer by a third party to the extent that it relates to the "
        "Hosted Services. Such claims include any claim that the Hosted Services, as Osprey delivers them, breach "
        "the patent or other intellectual property rights of the third party.",
        "8. Liability. Neither party's total liability under this Agreement shall exceed the fees paid in the twelve "
        "(12) months before the claim.",
    )
    indemnity = _results(model, "saas-customer", "vendor-ip-indemnity")["vendor-ip-indemnity"]
    assert indemnity.status == "missing" and not indemnity.recommendations
    assert "Osprey shall defend at its own expense and indemnify Customer" in indemnity.message
    assert indemnity.evidence and "indemnify Customer" in indemnity.evidence[0].sentence


def test_a_vendors_warranty_in_a_clause_titled_otherwise_is_compared_not_inserted_again() -> None:
    model = _doc(
        *_OPENING,
        "6. Quality. Osprey represents to Customer and warrants that the Hosted Services will perform in all material "
        "respects as the Order describes them and will keep their functionality for the term of the Order.",
    )
    warranty = _results(model, "saas-customer", "provider-warranty")["provider-warranty"]
    assert warranty.status == "missing" and not warranty.recommendations
    assert "Osprey represents to Customer and warrants" in warranty.message


def test_a_vendor_that_only_refuses_a_warranty_is_offered_one() -> None:
    model = _doc(
        *_OPENING,
        "6. Disclaimer. Osprey does not warrant that the Hosted Services will be uninterrupted or error free, and "
        "Osprey shall not be required to indemnify Customer for any loss.",
    )
    results = _results(model, "saas-customer", "provider-warranty", "vendor-ip-indemnity")
    (warranty,) = results["provider-warranty"].recommendations
    assert warranty.action == "insert" and "Osprey warrants" in warranty.after
    (indemnity,) = results["vendor-ip-indemnity"].recommendations
    assert indemnity.action == "insert"


def test_the_customers_own_indemnity_is_no_vendor_indemnity() -> None:
    model = _doc(
        *_OPENING,
        "7. Claims. Customer shall defend and indemnify Osprey against any claim arising out of the Customer Data.",
    )
    (indemnity,) = _results(model, "saas-customer", "vendor-ip-indemnity")["vendor-ip-indemnity"].recommendations
    assert indemnity.action == "insert" and "Osprey shall defend" in indemnity.after


def test_the_vendors_indemnity_for_something_else_leaves_the_clause_missing() -> None:
    model = _doc(
        *_OPENING,
        "9. Taxes. Osprey hereby agrees to indemnify Customer against any payroll taxes or contributions owed on "
        "the wages of its staff, including penalties and interest.",
    )
    (indemnity,) = _results(model, "saas-customer", "vendor-ip-indemnity")["vendor-ip-indemnity"].recommendations
    assert indemnity.action == "insert"


def test_the_next_clause_of_the_paragraph_says_nothing_of_the_vendors_indemnity() -> None:
    # A PDF page's paragraph: the vendor's indemnity for negligence, then the customer's for
    # infringement. The vendor's says nothing of intellectual property: the clause is still missing.
    model = _doc(
        *_OPENING,
        "7.1. Osprey will defend, indemnify and hold harmless Customer against all losses arising from any third "
        "party claim attributable to the negligence of Osprey. 7.2. Customer will defend, indemnify and hold "
        "harmless Osprey against all losses arising from any third party claim that the Customer Data infringes "
        "the patent, copyright or other intellectual property rights of that third party.",
    )
    (indemnity,) = _results(model, "saas-customer", "vendor-ip-indemnity")["vendor-ip-indemnity"].recommendations
    assert indemnity.action == "insert"
