"""Classes round 26's looks read (docs/decisions/redlines-qa.md, "Round 26 lawyer read"), fixed after
the second look's tree (d32c92a) by mechanism; text in our own words; each test fails on that tree."""

from __future__ import annotations

from contracts.document import structure_of
from contracts.naming import Parties, detect
from tests.review.factories import YOU_AND_WE
from tests.review.factories import library_results as _results
from tests.review.factories import text_model as _doc

_PARTIES = Parties(us="Customer", them="Lantern", side="customer", corrected=True)


def test_the_documents_own_name_and_a_regulation_are_no_party() -> None:
    model = _doc(
        "General Terms & Conditions (GTC)",
        "These General Terms and Conditions (\u201cGTC\u201d) govern the relationship between LANTERN (\u201cLANTERN\u201d) "
        "and the customer of LANTERN (\u201cCustomer\u201d).",
        "1. Services. LANTERN shall provide the Services. LANTERN shall invoice monthly. LANTERN shall support the "
        "Customer. LANTERN may update the Services.",
    )
    assert detect(model, "customer").them != "GTC"
    dpa = _doc(
        "Exhibit A Data Processing Addendum",
        "This addendum applies between You (\u201cCustomer\u201d) and the processor under the EU General Data "
        "Protection Regulation 2016/679 (\u201cGDPR\u201d).",
        "1. The GDPR applies. The GDPR requires records. The GDPR sets duties. The GDPR governs transfers.",
    )
    assert detect(dpa, "customer").them != "GDPR"


def test_terms_that_name_their_maker_once_by_its_legal_name_write_its_short_name() -> None:
    model = _doc(
        "Terms of Service",
        YOU_AND_WE,
        "1. About us. The Service is provided by Lantern Cloud Limited (\"Lantern\"), a company registered in England.",
        "2. Use. Lantern grants you access. Lantern may update the Service. Lantern supports you. Lantern bills you.",
    )
    assert detect(model, "customer").them == "Lantern"


def test_a_right_to_revise_the_terms_and_notice_in_writing_are_read() -> None:
    opening = "This Agreement is between Lantern Cloud AS (\u201cLantern\u201d) and Birchwood LLC (\u201cCustomer\u201d)."
    model = _doc(
        "Lantern Cloud Subscription Agreement", opening,
        "16. Lantern may terminate this Agreement and Customer's access to the Services with 30 days' notice in "
        "writing.",
        "25. Lantern has the right to revise and amend this Agreement from time to time.",
    )  # fmt: skip
    results = _results(model, "saas-customer", "vendor-termination-for-convenience", "unilateral-changes",
                       parties=_PARTIES)  # fmt: skip
    assert results["vendor-termination-for-convenience"].status == "issue"
    assert results["unilateral-changes"].status == "issue"


def test_an_exhibit_heading_with_a_converters_list_number_starts_the_schedules() -> None:
    model = _doc(
        "Lantern Cloud Subscription Agreement",
        "1. Services. Lantern shall provide the Services to Customer.",
        "2. Fees. Customer shall pay the fees within thirty (30) days.",
        "3. General. This Agreement is governed by the laws of Norway.",
        "1. Exhibit A",
        "Data Processing Addendum",
        "1.1 Lantern processes personal data on Customer's instructions.",
    )
    schedules = structure_of(model).schedules
    assert schedules is not None and schedules.index == 4 and schedules.offset == 0


def test_a_product_service_named_after_its_maker_is_the_services() -> None:
    model = _doc(
        "Terms of Service",
        "These Terms govern your use of the Lantern Service (the \u201cLantern Service\u201d) provided by Lantern "
        "Cloud AS (\u201cLantern\u201d, \u201cwe\u201d, \u201cus\u201d).",
        " ".join(["We support you and we bill you; you pay us and you keep your account safe."] * 8),
        "3. Use. The Lantern Service stores records. The Lantern Service is hosted in Norway. You may use the Lantern "
        "Service for your business. We may suspend the Lantern Service for maintenance.",
        "4. Data. The Lantern Service keeps your data in Norway. The Lantern Service backs it up daily. The Lantern "
        "Service encrypts it. The Lantern Service deletes it when you ask.",
        "9. Disclaimer. THE LANTERN SERVICE IS PROVIDED AS IS AND WE DISCLAIM ALL WARRANTIES.",
    )
    (warranty,) = _results(model, "saas-customer", "provider-warranty")["provider-warranty"].recommendations
    assert "the Lantern Service will perform" in warranty.after


def test_a_vendors_free_assignment_in_other_words_is_found_and_a_logon_name_is_no_assignment() -> None:
    opening = "This Agreement is between Lantern Cloud AS (\u201cLantern\u201d) and Birchwood LLC (\u201cCustomer\u201d)."
    for sentence in (
        "Lantern may freely assign this Agreement.",
        "This Agreement may not be assigned by Customer but may be assigned by Lantern without restriction.",
        "Lantern has the right to transfer its rights and obligations under this Agreement in whole or in part to "
        "third parties.",
    ):
        model = _doc("Lantern Cloud Subscription Agreement", opening, f"15. Assignment. {sentence}")
        result = _results(model, "saas-customer", "assignment", parties=_PARTIES)["assignment"]
        assert result.status == "issue", sentence
    model = _doc("Lantern Cloud Subscription Agreement", opening, "2. Access. Lantern will assign Customer a logon name.")
    assert _results(model, "saas-customer", "assignment", parties=_PARTIES)["assignment"].status == "not_found"


def test_a_deletion_on_termination_left_to_the_vendor_is_no_export_window() -> None:
    model = _doc(
        "Lantern Cloud Subscription Agreement",
        "This Agreement is between Lantern Cloud AS (\u201cLantern\u201d) and Birchwood LLC (\u201cLicensee\u201d).",
        "3. Licensee Content. Licensee owns the Licensee Content. Lantern hosts the Licensee Content. Lantern backs up "
        "the Licensee Content.",
        "9. Termination. On termination of this Agreement, all Licensee Content may be deleted from the Service at "
        "Lantern's sole discretion.",
    )
    parties = Parties(us="Licensee", them="Lantern", side="customer", corrected=True)
    result = _results(model, "saas-customer", "data-return", parties=parties)["data-return"]
    assert result.status == "issue"
    (proposal,) = result.recommendations
    assert "make Licensee Content available to Licensee for export" in proposal.after


def test_a_defined_singular_written_throughout_beats_its_plural_in_passing() -> None:
    model = _doc(
        "Lantern Cloud Terms",
        "This Agreement is between Lantern Cloud AS (\u201cLantern\u201d) and Birchwood LLC (\u201cCustomer\u201d) for "
        "the hosted platform (the \u201cService\u201d).",
        " ".join(["Lantern provides the Service. Customer uses the Service."] * 6),
        "7. Data. Lantern uses Customer data to provide Services to Customer and to improve its Services.",
        "12. Disclaimer. THE SERVICE IS PROVIDED AS IS AND LANTERN DISCLAIMS ALL WARRANTIES.",
    )
    (warranty,) = _results(model, "saas-customer", "provider-warranty", parties=_PARTIES)[
        "provider-warranty"
    ].recommendations
    assert "the Service will perform" in warranty.after


def test_a_policy_appended_with_its_own_numbering_is_no_part_of_the_terms() -> None:
    model = _doc(
        "Terms and Conditions",
        "1. Service. Lantern shall provide the Service to Customer.",
        "2. Payment. Customer shall pay each invoice within thirty (30) days.",
        "3. Warranties. Lantern warrants that it owns the Service.",
        "4. Miscellaneous. This agreement is governed by the laws of Queensland.",
        "Lantern Acceptable Use Policy",
        "1. GENERAL PRINCIPLES",
        "1.1 Lantern is not responsible for the content of user traffic.",
        "2. WHAT WE MAY DO",
        "2.1 We may monitor your account.",
    )
    schedules = structure_of(model).schedules
    assert schedules is not None and schedules.index == 5
