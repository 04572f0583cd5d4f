"""Classes read in round 23's final look at four published templates (docs/decisions/redlines-qa.md,
"Round 23 lawyer read"): a subscription licence, professional services terms that belong to a
subscription agreement, a standard NDA, self-hosted terms that speak to "you". Fixed after that
look, which no later look reads; each class on text in our own words, each test failing with the
tree the look ran on (f9bc951)."""

from __future__ import annotations

from contracts.document import structure_of
from contracts.naming import Parties, render
from tests.review.factories import library_results as _results
from tests.review.factories import text_model as _doc

_LICENCE = (
    "Subscription License Agreement",
    "This Subscription License Agreement is made between Tamarack Software, Inc. (\u201cCompany\u201d) and the "
    "customer named in the Order Form (\u201cCustomer\u201d).",
    "5.1 Fees. Customer shall pay the fees in the Order Form within thirty (30) days of the invoice date.",
    "5.2 Late Payment. Unpaid amounts are subject to a finance charge of 1.5% per month on any outstanding balance.",
    "5.3 Suspension. If any amount is overdue, Company may suspend your license until payment is made, without "
    "notice.",
    "8.1 Indemnity. Company at its own expense shall defend or settle any third party claims brought against "
    "Customer where the third party asserts that the Product infringes its copyright or trademark.",
)


def test_a_vendors_indemnity_at_its_own_expense_is_found_and_a_finance_charge_is_late_interest() -> None:
    results = _results(_doc(*_LICENCE), "saas-customer", "vendor-ip-indemnity", "late-payment-interest",
                       "suspension-without-notice")  # fmt: skip
    indemnity = results["vendor-ip-indemnity"]
    assert indemnity.status == "ok" and not indemnity.recommendations
    (interest,) = results["late-payment-interest"].recommendations
    assert "finance charge of 1% per month" in interest.after
    # "suspend your license ... without notice"
    assert results["suspension-without-notice"].status == "issue"


_TERMS = (
    "Terms of Service",
    "These Terms are an agreement between Larchmont Code, Inc. (\u201cLarchmont\u201d, \u201cwe\u201d or \u201cus\u201d) "
    "and the organization that accepts them (\u201cyou\u201d).",
    "1. Use. You may use the Software under your Order. You will keep your account secure. We will support you. We "
    "may update the Software. You will pay the fees in your Order.",
    "11.2 By Larchmont. We agree to defend you from and against any third-party claims and indemnify you for "
    "damages arising from your use of the Software that infringes or misappropriates intellectual property rights.",
)


def test_we_agree_to_defend_you_is_the_vendors_indemnity_and_the_wording_says_we() -> None:
    model = _doc(*_TERMS)
    indemnity = _results(model, "saas-customer", "vendor-ip-indemnity")["vendor-ip-indemnity"]
    assert indemnity.status == "ok" and not indemnity.recommendations
    # The vendor is named "Larchmont" for searches; the wording speaks as the terms do.
    parties = Parties(us="you", them="Larchmont", side="customer")
    assert render("{them} shall defend {us}.", parties, structure_of(model)) == "We shall defend you."


def test_terms_that_take_their_defined_words_from_a_subscription_agreement_insert_no_missing_clause() -> None:
    model = _doc(
        "(Additional Terms)",
        "These Professional Services Terms (\u201cTerms\u201d) are between Quarry Labs Inc. (\u201cQuarry\u201d) and "
        "the entity accepting these Terms (\u201cCustomer\u201d). Capitalized terms not otherwise defined herein will "
        "have the meaning set forth in the Subscription Agreement.",
        "1. Services. Quarry will perform the Professional Services in each SOW. Quarry will assign qualified staff.",
        "2. Fees. Customer will pay the fees in each SOW within thirty (30) days of the invoice date.",
    )
    indemnity = _results(model, "saas-customer", "vendor-ip-indemnity")["vendor-ip-indemnity"]
    assert indemnity.status == "missing" and not indemnity.recommendations
    assert "Subscription Agreement" in indemnity.message


_NDA = (
    "oneNDA-style Agreement",
    "This Agreement is between Spruce Ltd and Aspen Ltd. Each of them may be the Discloser or the Receiver.",
    "1. The Receiver must only use the Confidential Information for the Purpose and keep it secure and "
    "confidential, and take reasonable steps to destroy or erase any Confidential Information within thirty days of "
    "the Discloser's request.",
    "2. The Receiver may share Confidential Information with its Representatives who need to know it. This Agreement "
    "lasts two years, and this Agreement is governed by English law.",
    "3. A company that sends you this NDA uses the standard wording.",
)


def test_destroy_or_erase_is_return_or_destruction_and_the_contracts_words_are_kept() -> None:
    model = _doc(*_NDA)
    results = _results(model, "mutual-nda", "return-or-destroy", "no-license")
    destroyed = results["return-or-destroy"]
    assert destroyed.status == "ok" and not destroyed.recommendations
    (licence,) = results["no-license"].recommendations
    # "the Receiver", as the contract writes the role; "this Agreement", as it calls itself (twice
    # as often as "this NDA").
    assert "the Receiver no licen" in licence.after and "this Agreement grants" in licence.after
    assert "recipient" not in licence.after.lower().replace("receiver", "")


def test_the_vendors_indemnity_with_words_between_it_and_defend_is_present() -> None:
    model = _doc(
        "Software License Agreement",
        "This Software License Agreement is made between Birch Labs, Inc. (\u201cBirch\u201d) and Cedar Foods LLC "
        "(\u201cCustomer\u201d).",
        "1. Licence. Birch grants Customer a licence to use the Product. Customer shall pay the fees within thirty "
        "(30) days of the invoice date.",
        "2. Indemnity. Birch, at its sole cost and with counsel of its choosing, will defend and indemnify Customer "
        "against any claim that the Product infringes a third party's patent.",
    )
    parties = Parties(us="Customer", them="Birch", side="customer", corrected=True)
    indemnity = _results(model, "saas-customer", "vendor-ip-indemnity", parties=parties)["vendor-ip-indemnity"]
    assert indemnity.status == "ok" and not indemnity.recommendations


# --- after the third look (docs/decisions/redlines-qa.md, "Third look") ---------------------------


def test_a_vendor_defined_in_capitals_that_acts_is_the_other_party_and_its_warranty_in_other_words_is_found() -> None:
    model = _doc(
        "Juniper Terms Of Service",
        "PLEASE READ THESE TERMS BEFORE USING THE SERVICE OFFERED BY JUNIPER WORKS, INC. (\u201cJUNIPER WORKS\u201d). "
        "BY USING THE SERVICE, YOU (\u201cYOU\u201d OR \u201cCUSTOMER\u201d) AGREE TO THESE TERMS.",
        "1. Service. Juniper Works will provide the Service. Juniper Works will host Customer Data. Customer will pay "
        "the fees. Juniper Works may suspend the Service for misuse. Customer will keep its password secret.",
        "5. Indemnity. Juniper Works will defend, indemnify, and hold Customer harmless from any claim that the Service "
        "infringes a third party's intellectual property rights. Juniper Works will pay any resulting award.",
        "6. Warranty. The Service will conform in material respects with the documentation identified by Juniper "
        "Works as applicable to the Service. Customer will report any breach promptly.",
    )
    from contracts.naming import detect

    assert detect(model, "customer").them == "Juniper Works"
    results = _results(model, "saas-customer", "vendor-ip-indemnity", "provider-warranty")
    for rule_id in ("vendor-ip-indemnity", "provider-warranty"):
        assert results[rule_id].status == "ok" and not results[rule_id].recommendations, rule_id


def test_an_ndas_return_licence_and_use_in_other_words_and_a_monthly_fee_on_overdue_balances() -> None:
    nda = _doc(
        "Mutual Nondisclosure Agreement",
        "This Agreement is between Alder Ltd and Poplar Ltd. The Receiving Party agrees (i) to hold the Disclosing "
        "Party's Proprietary Information in confidence, (ii) not to make any use whatsoever at any time of such "
        "Proprietary Information except to evaluate internally its relationship with the Disclosing Party.",
        "Without granting any right or license, the Disclosing Party agrees that the foregoing does not apply to "
        "public information. No other right or license is granted, and title will remain solely in the Disclosing "
        "Party.",
        "Immediately upon a request by the Disclosing Party, the Receiving Party will turn over to the Disclosing "
        "Party all Proprietary Information and all copies of it.",
    )
    results = _results(nda, "mutual-nda", "use-restriction", "no-license", "return-or-destroy")
    for rule_id, result in results.items():
        assert result.status == "ok" and not result.recommendations, rule_id
    msa = _doc(
        "Master Services Agreement",
        "This Agreement is between Hemlock Analytics LLC (\u201cHemlock\u201d) and Sumac Foods Inc. (\u201cClient\u201d).",
        "Payment. Client will pay each invoice within thirty (30) days. Overdue balances may be charged a monthly "
        "service fee of 1.5% (or the greatest amount allowed by law).",
        "Credits. Service Credits will not accumulate in an amount more than 5% of the monthly service fees.",
    )
    (interest,) = _results(msa, "saas-customer", "late-payment-interest")["late-payment-interest"].recommendations
    assert "monthly service fee of 1%" in interest.after


def test_a_payment_disputes_own_deadline_is_no_payment_term() -> None:
    msa = _doc(
        "Master Services Agreement",
        "This Agreement is between Hemlock Analytics LLC (\u201cHemlock\u201d) and Sumac Foods Inc. (\u201cClient\u201d).",
        "Payment. Client will pay each invoice within thirty (30) days of receipt.",
        "Payment Dispute. (ii) Client shall provide Hemlock with Notice specifying the reason(s) for Payment Dispute "
        "within ten (10) days of receiving the invoice in question.",
    )
    payment = _results(msa, "saas-customer", "payment-terms")["payment-terms"]
    assert not payment.recommendations
