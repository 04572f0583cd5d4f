"""Classes round 27's fourth look read (docs/decisions/redlines-qa.md, "Round 27 lawyer read"), each
fixed by a mechanism and tested here on text in our own words; each test fails on the tree that look
ran on (880a447)."""

from __future__ import annotations

from contracts.naming import Parties, detect
from tests.review.factories import library_results as _results
from tests.review.factories import text_model as _doc

_TERMS = [
    "Standard Terms and Conditions of Sale and Delivery of Lantern Software GmbH",
    "1. General (1) These terms apply to software and licences supplied by us to the Buyer.",
    *[f"{i}. Delivery. We shall deliver the software to the Buyer, and we shall support it." for i in range(2, 9)],
    "9. Fees. The Buyer shall pay each invoice within thirty (30) days.",
    "10. Final provisions. (1) German law governs these terms.",
]


def test_a_vendor_that_acts_as_we_is_written_we_never_we_as_a_name() -> None:
    model = _doc(*_TERMS)
    parties = detect(model, "customer")
    assert parties.them == "we"
    (indemnity,) = _results(model, "saas-customer", "vendor-ip-indemnity", parties=parties)[
        "vendor-ip-indemnity"
    ].recommendations
    assert "The Buyer shall give us prompt written notice" in indemnity.after
    assert "We's" not in indemnity.after and "give We" not in indemnity.after


def test_a_clause_added_at_the_end_goes_before_a_version_line_in_brackets() -> None:
    model = _doc(*_TERMS, "(Version: 30th September 2024)")
    parties = Parties(us="the Buyer", them="we", side="customer", corrected=True)
    (indemnity,) = _results(model, "saas-customer", "vendor-ip-indemnity", parties=parties)[
        "vendor-ip-indemnity"
    ].recommendations
    assert indemnity.edit.locator == "p11"  # after "10. Final provisions", before the version line


def test_a_rate_of_meeting_maintenance_service_levels_is_no_availability() -> None:
    model = _doc(
        *_TERMS[:-1],
        "6. Software Maintenance. (5) Compliance with the service levels is 90% guaranteed (12 months' average for "
        "all categories).",
        _TERMS[-1],
    )  # fmt: skip
    result = _results(model, "saas-customer", "uptime-commitment", parties=Parties(us="the Buyer", them="we",
                                                                                     side="customer"))
    assert not result["uptime-commitment"].recommendations
