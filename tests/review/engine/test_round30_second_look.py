"""Classes round 30's second look read (docs/decisions/redlines-qa.md, "Round 30 lawyer read"), each fixed
by a mechanism and tested here on text in our own words; each test fails on the tree that look ran on
(2b2055b)."""

from __future__ import annotations

from contracts.document import structure_of
from contracts.naming import Parties, own_name, render
from tests.review.factories import library_results as _results
from tests.review.factories import terms_to_you
from tests.review.factories import text_model as _doc

_YOU = Parties(us="you", them="Lantern", side="customer", corrected=True)
# A licence that calls itself "this EULA" and writes "You" with its capital, as a defined name.
_EULA = (
    "END USER LICENSE AGREEMENT",
    'This End-User License Agreement ("EULA") is between You (either an individual or a legal entity) and Lantern '
    'Inc ("Lantern"). This EULA authorizes You to use the Licensed Software.',
    *[
        f"{n}. CLAUSE. This EULA grants You a licence. You may use the Licensed Software, and Lantern supports You, "
        "as this EULA says. Lantern may audit You."
        for n in range(1, 7)
    ],
)


def test_a_licence_that_calls_itself_this_eula_is_written_so() -> None:
    assert own_name(structure_of(_doc(*_EULA))) == "EULA"


def test_you_with_its_capital_where_the_contract_writes_it_so() -> None:
    structure = structure_of(_doc(*_EULA))
    assert render("{them} shall defend {us} and refund {us}.", _YOU, structure) == "Lantern shall defend You and refund You."
    # (in terms that write "you" in lower case it stays so)
    plain = structure_of(terms_to_you("These Terms are between you and Lantern Inc."))
    assert render("{them} shall defend {us}.", _YOU, plain) == "We shall defend you."


def test_the_vendors_right_to_terminate_at_any_time_with_a_comma_is_found() -> None:
    model = terms_to_you(
        "These Terms are between you and Lantern Inc. (\u201cLantern\u201d, \u201cwe\u201d or \u201cus\u201d).",
        "12.3 Termination by Lantern. Lantern may at any time, terminate this Agreement with you for any reason or "
        "for no reason in Lantern's sole discretion.",
    )
    result = _results(model, "saas-customer", "vendor-termination-for-convenience", parties=_YOU)
    assert result["vendor-termination-for-convenience"].status == "issue"


def test_the_information_the_vendor_collects_used_for_any_other_purposes_is_found() -> None:
    model = terms_to_you(
        "These Terms are between you and Lantern Inc. (\u201cLantern\u201d, \u201cwe\u201d or \u201cus\u201d).",
        "8.2 Your Information. Lantern may collect information provided by you in connection with the SDK. Lantern "
        "may use the information collected to provide Updates to you, to improve the SDK and its other products, and "
        "for any other purposes set out in Lantern's privacy policy.",
    )
    result = _results(model, "saas-customer", "customer-data-use", parties=_YOU)
    assert result["customer-data-use"].status == "issue"


def test_an_addendum_appended_after_the_last_clause_and_a_copyright_line_close_the_body() -> None:
    # "15. MISCELLANEOUS ..." / "© Lantern Inc 2017. All rights reserved." / "ADDITIONAL TERMS ADDENDUM" /
    # its text: the IP indemnity goes after clause 15, never after the addendum's last line.
    model = _doc(
        *_EULA,
        "7. WARRANTY. THE LICENSED SOFTWARE IS PROVIDED AS IS.",
        "15. MISCELLANEOUS. This EULA is the entire agreement between You and Lantern.",
        "\u00a9 Lantern Inc 2017. All rights reserved.",
        "ADDITIONAL TERMS ADDENDUM",
        "Embedded in this product are open source components, each under its own licence, which You accept.",
    )
    structure = structure_of(model)
    assert structure.body_end.index == 10  # the copyright line
    (insert,) = _results(model, "saas-customer", "vendor-ip-indemnity", parties=_YOU)["vendor-ip-indemnity"].recommendations
    assert model.positions[insert.edit.locator] == 9 and insert.after.startswith("16. ")
