"""What the vendor supplies, by the name the contract gives it after the vendor ("the Lantern Platform",
"Lantern Services"), in the library's inserted clauses (docs/decisions/parties-in-positions.md,
"Round 27"); text in our own words."""

from __future__ import annotations

from contracts.naming import Parties, maker_of
from tests.review.factories import library_results as _results
from tests.review.factories import text_model as _doc

_PARTIES = Parties(us="Customer", them="Lantern", side="customer", corrected=True)
_OPENING = "This Agreement is between Lantern Cloud AS (\u201cLantern\u201d) and Birchwood LLC (\u201cCustomer\u201d)."
_FEES = "3. Fees. Customer shall pay the monthly subscription fees within thirty (30) days of each invoice."
_DISCLAIMER = "8. Disclaimer. THE {0} IS PROVIDED AS IS AND LANTERN DISCLAIMS ALL WARRANTIES."


def _uses(name: str, times: int) -> list[str]:
    return [f"{i + 10}. Use {i}. Lantern shall make the {name} available to Customer." for i in range(times)]


def test_a_product_named_after_the_vendor_is_what_the_warranty_and_indemnity_cover() -> None:
    model = _doc(
        "Lantern Platform Agreement", _OPENING,
        "1. Definitions. The vector store Lantern hosts for Customer (the \u201cLantern Platform\u201d).", _FEES,
        _DISCLAIMER.format("LANTERN PLATFORM"), *_uses("Lantern Platform", 10),
    )  # fmt: skip
    results = _results(model, "saas-customer", "provider-warranty", "vendor-ip-indemnity", parties=_PARTIES)
    (warranty,) = results["provider-warranty"].recommendations
    (indemnity,) = results["vendor-ip-indemnity"].recommendations
    assert "the Lantern Platform will perform materially" in warranty.after
    assert "the services" not in warranty.after.lower().replace("lantern services", "")
    assert "alleging that the Lantern Platform infringes or misappropriates" in indemnity.after
    assert "end Customer's use of the infringing Lantern Platform" in indemnity.after


def test_the_vendors_named_services_win_over_a_service_levels_covered_service() -> None:
    model = _doc(
        "Lantern Terms of Service", _OPENING,
        "1. Scope. Lantern provides compute products and solutions (the \u201cLantern Services\u201d).", _FEES,
        _DISCLAIMER.format("LANTERN SERVICES"), *_uses("Lantern Services", 10),
        "30. Service Levels. The Lantern GPU cloud is a \u201cCovered Service\u201d. " * 3,
        "31. Access. By accessing the Services, Customer agrees to these terms.",
    )  # fmt: skip
    (warranty,) = _results(model, "saas-customer", "provider-warranty", parties=_PARTIES)[
        "provider-warranty"
    ].recommendations
    assert "the Lantern Services will perform materially" in warranty.after


def test_services_defined_only_in_an_exhibits_data_terms_are_not_the_subject() -> None:
    model = _doc(
        "Lantern Hosting Terms", _OPENING,
        "1. Definitions. \u201cSubscription Services\u201d means the hosted analytics Lantern provides.", _FEES,
        _DISCLAIMER.format("SUBSCRIPTION SERVICES"), *_uses("Subscription Services", 10),
        "Exhibit A", "Data Processing Addendum",
        "2.6 \u201cServices\u201d means any and all services that Lantern performs under the Agreement.",
    )  # fmt: skip
    (warranty,) = _results(model, "saas-customer", "provider-warranty", parties=_PARTIES)[
        "provider-warranty"
    ].recommendations
    assert "the Subscription Services will perform materially" in warranty.after


def test_the_maker_is_the_side_that_supplies() -> None:
    assert maker_of(Parties(us="Customer", them="the Lantern", side="customer")) == "Lantern"
    assert maker_of(Parties(us="Lantern", them="Customer", side="provider")) == "Lantern"
    assert maker_of(Parties(us="you", them="we", side="customer")) == ""
    assert maker_of(None) == ""


def test_a_clause_inserted_after_a_word_numbered_list_is_the_clauses_sibling_not_its_next_item() -> None:
    from documents.docx.model import Paragraph, TextModel

    lines = [
        ("Lantern Terms of Service", ""), (_OPENING, ""), (_FEES, ""),
        ("7. Limited Warranty", ""),
        ("7.1. Lantern shall make the Services available as described in its order; otherwise they are provided as is, without warranty.", ""),
        ("7.2. Except as expressly provided in these terms:", ""),
        ("a. Customer assumes sole responsibility for the results it obtains from the Services;", "4"),
        ("b. all terms implied by statute or common law are excluded to the fullest extent permitted; and", "4"),
        ("c. Lantern is not responsible for any interruption of the Services.", "4"),
        ("8. Liability", ""),
        ("8.1. Neither party is liable for indirect loss.", ""),
    ]  # fmt: skip
    model = TextModel(
        paragraphs=tuple(Paragraph(locator=f"p{i}", text=t, num_id=n) for i, (t, n) in enumerate(lines, 1))
    )
    (warranty,) = _results(model, "saas-customer", "provider-warranty", parties=_PARTIES)[
        "provider-warranty"
    ].recommendations
    assert warranty.edit.locator == "p9"
    assert warranty.after.startswith("7.3. ")
    assert warranty.edit.like == "p6"  # formatted like 7.2, not as Word's item "d." of its list
