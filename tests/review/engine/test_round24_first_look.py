"""Classes read in round 24's first look at six published terms and NDAs (docs/decisions/redlines-qa.md,
"Round 24 lawyer read"), fixed after it; the final look reads other documents. Each class on text in
our own words, each test failing with the tree the look ran on (75ceeb5)."""

from __future__ import annotations

from contracts.document import structure_of
from contracts.naming import adapt_terms, detect
from tests.review.factories import library_results as _results
from tests.review.factories import terms_to_you as _terms
from tests.review.factories import text_model as _doc


def test_terms_that_name_themselves_are_no_party_and_the_vendor_is_the_name_that_acts() -> None:
    model = _doc(
        "These Customer Terms of Service (the \u201cCustomer Terms\u201d) describe your rights and responsibilities when "
        "using our developer tools and platform (the \u201cServices\u201d).",
        "References to \u201cFernhill\u201d, \u201cwe\u201d or \u201cus\u201d denote the entity named in the Order "
        "Form.",
        "Fernhill will provide the Services. Fernhill will support Customer. Fernhill will keep Customer Data secure. "
        "Fernhill will invoice Customer monthly. Fernhill will notify Customer of outages.",
        "Customer will pay all fees. Customer will use the Services lawfully. Customer will keep its password safe. "
        "Customer will comply with the policies. Customer will not resell the Services.",
        "Fernhill warrants that the Services will materially conform to the documentation during the subscription "
        "term.",
    )
    assert (detect(model, "customer").us, detect(model, "customer").them) == ("Customer", "Fernhill")
    warranty = _results(model, "saas-customer", "provider-warranty")["provider-warranty"]
    assert warranty.status == "ok" and not warranty.recommendations


def test_terms_naming_only_the_vendor_as_we_speak_to_you_whatever_role_words_a_schedule_writes() -> None:
    model = _terms(
        "These Terms of Service (the \u201cTerms\u201d) are a binding contract between you and WILLOWBY LABS, INC. "
        "(\u201cWillowby,\u201d \u201cwe\u201d and \u201cus\u201d).",
        "Data Processing. Where Willowby is a Processor of personal data, the Processor shall act on documented "
        "instructions. The Processor shall keep records. The Processor shall assist. The Processor shall delete data. "
        "The Processor shall notify breaches.",
    )
    parties = detect(model, "customer")
    assert (parties.us, parties.them) == ("you", "Willowby")


def test_a_return_clause_titled_return_of_information_is_compared_not_inserted_again() -> None:
    model = _doc(
        "Mutual Non-Disclosure Agreement",
        "This Agreement is made between Alder Oy and Birch AB (each a \u201cParty\u201d). Each Party may disclose "
        "Confidential Information as the disclosing Party and receive it as the receiving Party.",
        "Non-use. The receiving Party shall use Confidential Information solely for the Purpose.",
        "Return of Confidential Information. Upon written request of the disclosing Party, the receiving Party "
        "shall: (i) return to the disclosing Party all documents and copies holding Confidential Information, and "
        "erase any held electronically; and (ii) certify in writing that it has done so.",
    )
    result = _results(model, "mutual-nda", "return-or-destroy")["return-or-destroy"]
    assert result.status == "missing" and not result.recommendations
    assert "Return of Confidential Information" in result.message


def test_the_window_in_which_information_is_disclosed_is_not_how_long_it_is_protected() -> None:
    model = _doc(
        "Mutual Non-Disclosure Agreement",
        "This Agreement is made between Alder Oy and Birch AB (each a \u201cParty\u201d).",
        "1. Each receiving Party shall keep the Confidential Information of the disclosing Party confidential.",
        "9. Term. This Agreement shall govern the communications relating to Confidential Information between the "
        "Parties during the period of one (1) year as of the Effective Date. The obligations set forth in this "
        "Agreement shall bind the Parties for a period of four (4) years from the date of its expiration.",
    )
    result = _results(model, "mutual-nda", "protection-period")["protection-period"]
    assert result.status == "ok" and not result.recommendations
    assert "four (4) years" in result.evidence[0].sentence


_NUMBER_NAMED = (
    "Terms of Service",
    "Our platform is run by Nine Oaks Media, LLC (\u201c9 Oaks Media,\u201d \u201cwe,\u201d or \u201cus\u201d). You "
    "are the customer (\u201cyou\u201d). These Terms are between you and us.",
    "Fees",
    "9 Oaks Media may charge fees for the platform, as described in your order.",
    "Liability",
    "9 Oaks Media liability is limited to the fees paid. You agree to indemnify 9 Oaks Media against claims about "
    "your content.",
    "Disclaimer",
    "9 Oaks Media makes no warranty that the platform will be error free. The platform is offered by 9 Oaks Media as "
    "is, and 9 Oaks Media disclaims all implied warranties.",
)


def test_a_name_that_starts_with_a_number_is_no_clause_number() -> None:
    model = _doc(*_NUMBER_NAMED)
    assert structure_of(model).numbers == ()


def test_a_contract_that_defines_the_service_in_the_singular_is_written_so() -> None:
    model = _doc(
        "Hosting Terms",
        "Quayside (\u201cQuayside\u201d or the \u201cService\u201d) is a hosting platform run by Quayside Ltd. The "
        "Service is provided to the customer named in the order (\u201cCustomer\u201d).",
        "1. Customer may use the Service. The Service is hosted in Ireland.",
    )
    text, notes = adapt_terms("Provider shall defend Customer against any claim that the Services infringe.", model)
    assert "the Service infringes" in text
    assert any("\u201cService\u201d" in note for note in notes)


def test_a_vendors_warranty_to_you_names_the_vendor_twice_and_points_to_its_published_documentation() -> None:
    model = _terms(
        "These Terms are between you and Larkspur Inc. (\u201cLarkspur\u201d, \u201cwe\u201d or \u201cus\u201d).",
        "1. Platform. We host the Services on our cloud platform and our servers, and we update the online platform.",
        "Disclaimer. THE SERVICES ARE PROVIDED AS IS AND WE DISCLAIM ALL WARRANTIES.",
    )
    (warranty,) = _results(model, "saas-customer", "provider-warranty")["provider-warranty"].recommendations
    assert "we warrant that the Services will perform materially in accordance with the applicable published " \
        "documentation and that we will not materially decrease" in warranty.after


def test_terms_that_incorporate_policies_are_the_contract_not_a_cover_page() -> None:
    model = _terms(
        "These Terms are between you and Larkspur Inc. (\u201cLarkspur\u201d, \u201cwe\u201d or \u201cus\u201d). Your "
        "use of certain Services may also be subject to additional policies, rules and/or conditions, which are "
        "incorporated herein by reference.",
        "Disclaimer. THE SERVICES ARE PROVIDED AS IS AND WE DISCLAIM ALL WARRANTIES.",
    )
    assert structure_of(model).incorporated == ""
    (indemnity,) = _results(model, "saas-customer", "vendor-ip-indemnity")["vendor-ip-indemnity"].recommendations
    assert indemnity.action == "insert"


def test_a_vendors_power_to_change_the_terms_is_found_and_a_fee_change_is_not_it() -> None:
    model = _doc(
        "Terms of Service",
        "These Terms are between Larkspur Inc. (\u201cLarkspur\u201d) and the customer (\u201cCustomer\u201d).",
        "3. Fees. Larkspur reserves the right to change the payment terms and fees upon thirty (30) days prior written "
        "notice to Customer.",
    )
    assert _results(model, "saas-customer", "unilateral-changes")["unilateral-changes"].status != "issue"
    model = _doc(
        "Terms of Service",
        "These Terms are between Larkspur Inc. (\u201cLarkspur\u201d) and the customer (\u201cCustomer\u201d).",
        "10. Changes. Sometimes Larkspur will have to change the legal terms under which the Services are offered.",
    )
    assert _results(model, "saas-customer", "unilateral-changes")["unilateral-changes"].status == "issue"


def test_a_new_clause_goes_beside_the_clause_titled_for_its_kind_not_an_incidental_sentence() -> None:
    model = _doc(
        "Terms",
        "These Terms are between Larkspur Inc. (\u201cLarkspur\u201d) and the customer (\u201cCustomer\u201d).",
        "Notices. Larkspur may send Customer notices by email. Customer agrees to indemnify Larkspur against any claim "
        "arising from a breach of this paragraph.",
        "Fees. Customer shall pay the fees in the order within thirty (30) days.",
        "Indemnity. Customer agrees to indemnify Larkspur against any claim arising from Customer's use of the "
        "Services.",
        "Governing Law. These Terms are governed by the laws of Delaware.",
    )
    (indemnity,) = _results(model, "saas-customer", "vendor-ip-indemnity")["vendor-ip-indemnity"].recommendations
    assert indemnity.edit.locator == "p5"
