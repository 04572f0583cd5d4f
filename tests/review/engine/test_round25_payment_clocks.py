"""The payment-terms rule reads the time to pay an invoice, not another clause's clock: round 25's
third look (docs/decisions/redlines-qa.md, "Round 25 lawyer read") read it lengthening the days a
vendor waits after a suspension before it may close the account. Text in our own words; the test
fails on the tree that look ran on (fec44d0)."""

from __future__ import annotations

from contracts.naming import Parties
from tests.review.factories import library_results as _results
from tests.review.factories import text_model as _doc

_PARTIES = Parties(us="Customer", them="Lantern", side="customer", corrected=True)


def test_the_days_after_a_suspension_are_no_time_to_pay_an_invoice() -> None:
    model = _doc(
        "Lantern Cloud Services Agreement",
        "This Agreement is between Lantern Cloud AS (\u201cLantern\u201d) and Birchwood LLC (\u201cCustomer\u201d).",
        "7. Payment. Lantern invoices the fees monthly in advance, payable within thirty (30) days of the invoice.",
        "8. Late payment. If payment is not made within 30 days after the due date, Lantern may suspend the Services "
        "on written notice. Lantern may close the Customer's accounts if payment is not made within 14 days after "
        "such suspension is made effective.",
    )
    result = _results(model, "saas-customer", "payment-terms", parties=_PARTIES)["payment-terms"]
    assert not result.recommendations
    assert all("14 days" not in e.sentence for e in result.evidence)
