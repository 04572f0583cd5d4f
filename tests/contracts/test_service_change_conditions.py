"""The warranty's promise not to decrease the functionality, fitted to what the contract already
says of changes (contracts/conditions.py ``service-changes``, ``functionality-open``): read in
round 24's fourth look (docs/decisions/redlines-qa.md), one inserted warranty repeated the
contract's own promise in narrower words, another contradicted the vendor's right to change the
Services without a word about it. Text in our own words; each test fails on the tree that look ran
on (3f860ed)."""

from __future__ import annotations

from contracts.conditions import holds
from contracts.naming import Parties
from tests.review.factories import library_results as _results
from tests.review.factories import text_model as _doc

_LANTERN = Parties(us="Customer", them="Lantern", side="customer", corrected=True)
_OPENING = (
    "Lantern Cloud Services Agreement",
    "This Agreement is between Lantern Cloud, Inc. (\u201cLantern\u201d) and Birchwood LLC (\u201cCustomer\u201d).",
)
_DISCLAIMER = "9. Disclaimer. EXCEPT AS STATED IN THIS AGREEMENT, THE SERVICES ARE PROVIDED AS IS."


def _warranty(*clauses: str) -> str:
    model = _doc(*_OPENING, *clauses, _DISCLAIMER)
    (insert,) = _results(model, "saas-customer", "provider-warranty", parties=_LANTERN)["provider-warranty"].recommendations
    # The card's notes name no placeholder ("{them}"): round 25's second look read one.
    assert "{" not in insert.explanation
    return insert.after


def test_where_the_vendor_may_change_the_services_the_promise_says_it_prevails() -> None:
    after = _warranty("2. Changes. Lantern may modify or retire features of the Services from time to time.")
    assert "and that, notwithstanding any right to change the Services in this Agreement, Lantern will not" in after


def test_where_the_contract_already_promises_it_the_promise_is_not_made_twice() -> None:
    after = _warranty(
        "2. Updates. Lantern may update the Services. Updates will not materially reduce the functionality or "
        "security of the Services."
    )
    # (The contract defines no Documentation: the standard is the Agreement.)
    assert "will perform materially in accordance with this Agreement." in after
    assert "functionality or security" not in after
    assert "decrease" not in after
    model = _doc(*_OPENING, "2. Updates. Updates will not materially reduce the functionality.", _DISCLAIMER)
    (insert,) = _results(model, "saas-customer", "provider-warranty", parties=_LANTERN)["provider-warranty"].recommendations
    assert "is left out: this contract already promises that changes will not materially reduce" in insert.explanation
    assert "the other side will not materially decrease" in insert.explanation


def test_neither_where_the_contract_says_nothing_of_changes() -> None:
    after = _warranty("2. Fees. Customer shall pay each invoice within thirty (30) days.")
    assert "and that Lantern will not materially decrease the functionality" in after
    assert "notwithstanding any right to change" not in after


def test_the_customers_own_right_to_change_its_use_is_no_vendor_right() -> None:
    assert not holds("service-changes", _doc("Customer may change the Services it orders on thirty days' notice."))
    assert holds("service-changes", _doc("We reserve the right to discontinue any product at any time."))
    # Said of the Services themselves (round 25's third look).
    assert holds("service-changes", _doc("The features of the Services may change from time to time without notice."))
