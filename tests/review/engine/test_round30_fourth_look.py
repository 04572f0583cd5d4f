"""Classes round 30's fourth look read (docs/decisions/redlines-qa.md, "Round 30 lawyer read"), each fixed
by a mechanism and tested here on text in our own words; each test fails on the tree that look ran on
(8e37911)."""

from __future__ import annotations

from contracts.conditions import holds
from contracts.naming import Parties, as_spelled, detect
from tests.review.factories import library_results as _results
from tests.review.factories import text_model as _doc

_PARTIES = Parties(us="the Customer", them="Lantern", side="customer", corrected=True)


def test_the_vendor_is_the_defined_name_its_clauses_write_not_a_trade_name_never_written_again() -> None:
    model = _doc(
        "Effective: 1/1/2025",
        'PLEASE READ THESE TERMS BEFORE USING THE SERVICE OFFERED BY LANTERN LABS, INC. DOING BUSINESS AS LANTERN '
        '("LANTERN") AND BEACON ("BEACON"). BY EXECUTING ONE OR MORE ORDER FORMS WITH LANTERN, YOU ("YOU" OR '
        '"CUSTOMER") AGREE TO BE BOUND BY THESE TERMS.',
        *[f"{n}. Lantern shall provide the Service. Lantern will support Customer. Lantern may update the Service."
          for n in range(1, 5)],
    )  # fmt: skip
    parties = detect(model, "customer")
    assert (parties.us, parties.them) == ("Customer", "Lantern")


def test_the_customer_obliged_to_compensate_and_to_indemnify_indemnifies() -> None:
    model = _doc(
        "The Customer is obliged to compensate Lantern for all damage that arises from failure to comply with the "
        "obligations laid out in paragraph 6 and to indemnify Lantern against all third-party claims."
    )
    assert holds("customer-indemnifies", model)


def test_a_right_to_amend_or_adapt_the_services_is_a_right_to_change_them_and_an_address_is_none() -> None:
    assert holds(
        "service-changes",
        _doc("Lantern reserves the right to amend or adapt the provisions of this Agreement and/or the services."),
    )
    assert not holds(
        "service-changes",
        _doc("The Third Party Materials are published at https://lantern.example/en/products/third-party-software, "
             "and may be updated from time to time."),
    )  # fmt: skip


def test_the_services_in_the_contracts_own_qualified_words() -> None:
    model = _doc(
        'These Terms are between Lantern GmbH ("Lantern") and the Customer.',
        *["Lantern provides the SaaS services with the Software. The Customer uses the SaaS services."] * 3,
        "The services are hosted in Germany.",
        "The Customer is obliged to pay for the services monthly.",
        "Lantern shall fix bugs in the Software where possible.",
    )
    (insert,) = _results(model, "saas-customer", "vendor-ip-indemnity", parties=_PARTIES)["vendor-ip-indemnity"].recommendations
    assert "alleging that the SaaS services infringe" in insert.after


def test_lawyers_fees_where_the_contract_writes_them_so() -> None:
    model = _doc("The Customer shall indemnify Lantern against all claims, including any lawyers\u2019 fees and court costs.")
    assert as_spelled("all damages, costs and reasonable attorneys' fees", model) == (
        "all damages, costs and reasonable lawyers\u2019 fees"
    )
