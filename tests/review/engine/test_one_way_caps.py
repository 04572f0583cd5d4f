"""A cap that protects only the vendor is found in the vendor's own words, and one that protects
either party is read as mutual (playbooks/library/saas-customer.yaml, cap-protects-us). Round 25's
lawyer read found one-way caps passed as "not expected" in every document ("THE AGGREGATE LIABILITY
OF THE ... ENTITIES TO YOU", a name's possessive, a cap whose parentheses run long). Text in our own
words."""

from __future__ import annotations

import pytest

from contracts.naming import Parties
from tests.review.factories import library_results as _results
from tests.review.factories import text_model as _doc

_PARTIES = Parties(us="Customer", them="Lantern", side="customer", corrected=True)


def _cap_rule(cap: str):
    model = _doc(
        "Lantern Cloud Subscription Agreement",
        "This Agreement is between Lantern Cloud AS (\u201cLantern\u201d) and Birchwood LLC (\u201cCustomer\u201d).",
        "3. Fees. Customer shall pay the fees set out in the Order Form within thirty (30) days of each invoice.",
        f"9. Limitation of Liability. {cap}",
    )
    return _results(model, "saas-customer", "cap-protects-us", parties=_PARTIES)["cap-protects-us"]


@pytest.mark.parametrize(
    "cap",
    [
        "THE AGGREGATE LIABILITY OF THE NORTHWIND ENTITIES TO CUSTOMER ARISING OUT OF THIS AGREEMENT SHALL NOT "
        "EXCEED THE FEES PAID IN THE SIX (6) MONTHS BEFORE THE CLAIM.",
        "NORTHWIND'S liability for any loss under this Agreement is limited to the fees paid in the prior six (6) "
        "months.",
        "Lantern's total aggregate liability in contract (including in respect of any indemnity given in this "
        "Agreement), tort (including negligence or breach of statutory duty), misrepresentation, restitution or "
        "otherwise, arising in connection with the performance or contemplated performance of this Agreement "
        "shall be limited to the fees paid in the twelve (12) months before the claim.",
    ],
)
def test_a_cap_that_protects_only_the_vendor_is_flagged_as_not_protecting_us(cap: str) -> None:
    result = _cap_rule(cap)
    assert result.status == "missing"
    assert not result.recommendations


def test_a_cap_on_a_partys_liability_protects_either_party() -> None:
    result = _cap_rule(
        "IN NO EVENT SHALL A PARTY'S CUMULATIVE LIABILITY ARISING OUT OF THIS AGREEMENT EXCEED THE AMOUNTS PAID "
        "UNDER THIS AGREEMENT IN THE TWELVE (12) MONTHS BEFORE THE CLAIM."
    )
    assert result.status == "ok"


def test_an_inverted_cap_on_the_vendor_alone_is_flagged_and_quoted() -> None:
    result = _cap_rule(
        "UNDER NO LEGAL THEORY, WHETHER IN TORT, CONTRACT, OR OTHERWISE, WILL LANTERN BE LIABLE TO CUSTOMER FOR "
        "(A) ANY INDIRECT, SPECIAL, INCIDENTAL OR CONSEQUENTIAL DAMAGES OF ANY CHARACTER, INCLUDING DAMAGES FOR "
        "LOSS OF GOODWILL, LOST PROFITS, LOST SALES OR BUSINESS, WORK STOPPAGE, COMPUTER FAILURE OR MALFUNCTION, "
        "LOST CONTENT OR DATA, EVEN IF LANTERN HAS BEEN ADVISED OF THE POSSIBILITY OF SUCH DAMAGES, OR (B) ANY "
        "AGGREGATE DAMAGES OR LIABILITIES IN EXCESS OF THE AMOUNTS PAID BY CUSTOMER IN THE TWELVE (12) MONTHS "
        "PRECEDING THE CLAIM."
    )
    assert result.status == "missing"
    # The finding quotes the cap it is about: "missing" alone reads as "there is no cap".
    assert "It is expected because the contract says" in result.message
    assert "UNDER NO LEGAL THEORY" in result.message
