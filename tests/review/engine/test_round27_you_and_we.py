"""Terms that speak to "you" and of "we" (docs/decisions/parties-in-positions.md, "Round 27"): the
vendor as the object of the library's wording, a vendor defined only as "we", and what such terms
call "the service"; text in our own words."""

from __future__ import annotations

from contracts.naming import Parties, detect
from tests.review.factories import YOU_AND_WE, terms_to_you
from tests.review.factories import library_results as _results
from tests.review.factories import text_model as _doc

_FEES = "Fees. You shall pay the monthly subscription fees within thirty (30) days of each invoice."
_DISCLAIMER = "Disclaimer. THE SERVICES ARE PROVIDED AS IS AND WE DISCLAIM ALL WARRANTIES."


def test_the_vendor_is_us_where_the_wording_makes_it_the_object() -> None:
    model = terms_to_you(
        "These terms are between Lantern Cloud, Inc. (\u201cLantern\u201d, \u201cwe\u201d, \u201cus\u201d) and you.",
        _FEES, "Indemnity. You shall indemnify us against claims arising from your content.", _DISCLAIMER,
    )  # fmt: skip
    parties = Parties(us="you", them="we", side="customer", corrected=True)
    (indemnity,) = _results(model, "saas-customer", "vendor-ip-indemnity", parties=parties)[
        "vendor-ip-indemnity"
    ].recommendations
    assert "You shall give us prompt written notice of the claim" in indemnity.after
    assert " we prompt" not in indemnity.after


_SERVICE_OPENING = (
    "The following terms apply to your use of the Lantern hosting service (\u201cthe service\u201d), as offered by "
    "Lantern Development Group, Inc. (\u201cwe\u201d/\u201cus\u201d)."
)


def _service_terms() -> object:
    # Terms that speak to "you" more than three times as often as of parties, a few of them.
    clauses = [
        _SERVICE_OPENING, YOU_AND_WE.replace("the Services", "the service"), "If you breach these terms, either party may end them; a third party's "
        "claim is yours to answer, and no party but you and us has rights under them. Each party bears its own "
        "costs, neither party may assign these terms, and a party in breach shall tell the other party.",
        _FEES, "Indemnity. You shall indemnify us against claims arising from your content.",
        "Disclaimer. THE SERVICE IS PROVIDED AS IS AND WE DISCLAIM ALL WARRANTIES.",
    ]  # fmt: skip
    return _doc("Terms of Service", *clauses)


def test_terms_that_define_only_we_and_speak_to_your_use_are_between_you_and_we() -> None:
    parties = detect(_service_terms(), "customer")
    assert (parties.us, parties.them) == ("you", "we")


def test_what_the_terms_call_the_service_is_what_the_warranty_covers() -> None:
    model = _service_terms()
    results = _results(model, "saas-customer", "provider-warranty", "vendor-ip-indemnity")
    (warranty,) = results["provider-warranty"].recommendations
    (indemnity,) = results["vendor-ip-indemnity"].recommendations
    assert "we warrant that the service will perform materially" in warranty.after
    assert "alleging that the service infringes or misappropriates" in indemnity.after
    assert "the services" not in indemnity.after.lower()
