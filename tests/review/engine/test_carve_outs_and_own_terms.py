"""Wording classes read in round 22's second look (docs/decisions/redlines-qa.md, "Round 22 lawyer
read", and round 23's notes there): a new IP indemnity that the contract's own exclusion of
liability cancels, a warranty that overrides a disclaimer the contract does not have, and the
playbook's "Services" and "Documentation" where the contract names them otherwise. The documents
read are not ours to commit, so each class is shown on text in our own words with the same
structure; each fails with round 22's code and library playbook."""

from __future__ import annotations

import dataclasses

from contracts.conditions import CONDITIONS, fit_wording
from documents.docx.model import Paragraph, TextModel
from playbooks.loader import load_playbook
from playbooks.services import LIBRARY_DIR
from review.engine.playbook import PlaybookEngine


def _doc(*lines: str) -> TextModel:
    return TextModel(paragraphs=tuple(Paragraph(locator=f"p{i}", text=t) for i, t in enumerate(lines, 1)))


def _proposal(model: TextModel, rule_id: str) -> str:
    spec = load_playbook((LIBRARY_DIR / "saas-customer.yaml").read_bytes())
    only = dataclasses.replace(spec, rules=tuple(r for r in spec.rules if r.id == rule_id))
    (result,) = PlaybookEngine().analyze(model, only)
    (proposal,) = result.recommendations
    return proposal.edit.after


# A maintenance agreement in the shape of a vendor's support terms: its services defined as
# "Support Services" and named throughout.
_OPENING = ("This Maintenance Agreement (the \u201cAgreement\u201d) is made between Larkspur Systems, Inc. "
            "(\u201cLarkspur\u201d) and Birch Retail LLC (\u201cCustomer\u201d). It governs the maintenance and "
            "support services (the \u201cSupport Services\u201d) that Larkspur provides for the Larkspur software "
            "licensed to Customer (the \u201cCovered Software\u201d).")  # fmt: skip
_BODY = (
    "1. Support Services. Larkspur will provide the Support Services during business hours. Support Services "
    "include answers to questions and corrections. Larkspur may change how it delivers Support Services on notice.",
    "2. Fees. Customer will pay the annual fee for Support Services within thirty (30) days of the invoice date. Support "
    "Services for a new year are invoiced before the year starts, and Support Services lapse if the fee is unpaid.",
    "3. Exclusions. Larkspur need not provide Support Services for altered software, and Support Services do not "
    "cover hardware. A problem is a material difference between the Covered Software and its end-user "
    "documentation; corrections may include documentation changes, and Larkspur will keep the documentation "
    "current. A minor problem is a typing slip or a Documentation error.",
    "4. Other agreements. Training is offered under another Services Agreement with Larkspur. Larkspur may end "
    "Support Services for a release once a newer one is available, and Support Services end with this Agreement.",
    "5. Term. This Agreement lasts twelve (12) months from the first day of Support Services.",
)
_EXCLUSION = ("6. Liability. In no event shall Larkspur be liable for any indirect or consequential damages, lost "
              "profits or third party claims arising out of the Support Services.")  # fmt: skip
_DISCLAIMER = ("7. Disclaimer. EXCEPT AS STATED IN THIS AGREEMENT, THE SUPPORT SERVICES ARE PROVIDED \u201cAS IS\u201d "
               "AND LARKSPUR DISCLAIMS ALL IMPLIED WARRANTIES OF MERCHANTABILITY.")  # fmt: skip
_LAST = "8. Law. This Agreement is governed by the laws of the State of Oregon."


def test_a_new_ip_indemnity_stands_outside_the_contracts_exclusion_of_third_party_claims() -> None:
    # "In no event shall Larkspur be liable for ... third party claims" would cancel the indemnity a
    # customer asks for: the new clause is carved out of it, as a lawyer writes it.
    with_exclusion = _proposal(_doc("Maintenance Terms", _OPENING, *_BODY, _EXCLUSION, _LAST), "vendor-ip-indemnity")
    assert "Notwithstanding any limitation or exclusion of liability in this Agreement, Larkspur shall defend Customer" in (
        with_exclusion
    )
    # Where nothing limits liability, no carve-out refers to nothing; the sentence starts with the vendor.
    without = _proposal(_doc("Maintenance Terms", _OPENING, *_BODY, _LAST), "vendor-ip-indemnity")
    assert "Notwithstanding" not in without
    assert "Larkspur shall defend Customer" in without


def test_a_warranty_overrides_a_disclaimer_only_where_the_contract_has_one() -> None:
    without = _proposal(_doc("Maintenance Terms", _OPENING, *_BODY, _LAST), "provider-warranty")
    assert "Notwithstanding" not in without and "Larkspur warrants that" in without
    with_disclaimer = _proposal(_doc("Maintenance Terms", _OPENING, *_BODY, _DISCLAIMER, _LAST), "provider-warranty")
    assert "Notwithstanding any disclaimer of warranties in this Agreement, Larkspur warrants that" in with_disclaimer


def test_the_services_are_the_kind_the_contract_defines_and_names_throughout() -> None:
    # "Services" on its own appears only as the start of "another Services Agreement": not the
    # contract's term. What it supplies is its "Support Services", defined and named throughout.
    wording = _proposal(_doc("Maintenance Terms", _OPENING, *_BODY, _LAST), "provider-warranty")
    assert "the Support Services will perform" in wording
    assert "the Services" not in wording


def test_documentation_written_once_with_a_capital_is_not_the_contracts_term() -> None:
    # "A Documentation error" once, "documentation" in ordinary words three times: the warranty is
    # measured against the documentation the contract names ("its end-user documentation").
    wording = _proposal(_doc("Maintenance Terms", _OPENING, *_BODY, _LAST), "provider-warranty")
    assert "in accordance with the end-user documentation" in wording
    assert "Documentation" not in wording


def test_the_conditions_read_disclaimers_and_limits_in_the_contracts_words() -> None:
    disclaimer, limits = CONDITIONS["warranty-disclaimer"].test, CONDITIONS["liability-limits"].test
    assert disclaimer("THE SOFTWARE IS PROVIDED AS IS, WITHOUT WARRANTY OF ANY KIND.")
    assert disclaimer("The Owner does not make any representations or warranties regarding the site.")
    assert disclaimer("Vendor disclaims all implied warranties of merchantability and fitness for a purpose.")
    assert not disclaimer("Prices are as is customary in the trade; Vendor disclaims any liability for delays.")
    assert limits("NEITHER PARTY NOR ITS SUPPLIERS SHALL BE LIABLE FOR ANY INDIRECT DAMAGES.")
    assert limits("Each party's total liability under this Agreement shall not exceed the fees paid.")
    assert not limits("Customer shall pay each invoice within thirty (30) days.")


def test_a_part_left_out_at_the_start_leaves_a_sentence_with_a_capital() -> None:
    model = _doc("Customer shall pay each invoice within thirty (30) days.")
    fitted, notes = fit_wording("{if liability-limits}Notwithstanding any cap, {end}each party shall act.", model)
    assert fitted == "Each party shall act."
    assert notes and "this contract neither limits nor excludes liability" in notes[0]


def _payment(*lines: str):  # type: ignore[no-untyped-def]
    spec = load_playbook((LIBRARY_DIR / "saas-customer.yaml").read_bytes())
    only = dataclasses.replace(spec, rules=tuple(r for r in spec.rules if r.id == "payment-terms"))
    (result,) = PlaybookEngine().analyze(_doc("Maintenance Terms", _OPENING, *lines), only)
    return result


def test_a_period_in_which_the_vendor_pays_us_is_never_lengthened() -> None:
    # The customer's payment rule lengthens the customer's time to pay; a refund or a credit the
    # vendor owes within ten days is ours to receive, and thirty days would be against us.
    refund = _payment("9. Refunds. If Customer ends this Agreement for breach, Larkspur shall refund the prepaid fees "
                      "for the rest of the year within ten (10) days after the payment request is received.")  # fmt: skip
    assert not refund.recommendations
    ours = _payment("9. Payment. Customer shall pay each invoice and any payment due within ten (10) days after receipt.")
    (proposal,) = ours.recommendations
    assert "thirty (30)" in proposal.edit.after


def test_services_without_documentation_are_measured_against_the_statement_of_work() -> None:
    # A development agreement that defines no documentation but a statement of work: the warranty
    # is measured against what the parties agreed the work is, not against "this Agreement".
    model = _doc(
        "Development Agreement",
        "This Development Agreement is made between Birch Labs, Inc. (\u201cBirch\u201d) and Cedar Foods LLC "
        "(\u201cCedar\u201d).",
        "1. Projects. Birch shall perform the services for each project described in a separate Statement of Work "
        "(\u201cSOW\u201d) agreed by the parties. Each SOW states its deliverables and fees.",
        "2. Fees. Cedar shall pay Birch the fees stated in the SOW within thirty (30) days after receipt of an invoice.",
        "3. Ownership. Cedar owns the deliverables once paid for.",
        "4. Law. This Agreement is governed by the laws of the State of Ohio.",
    )
    wording = _proposal(model, "provider-warranty")
    assert "will perform materially in accordance with the SOW." in wording


def _changes(sentence: str):  # type: ignore[no-untyped-def]
    spec = load_playbook((LIBRARY_DIR / "saas-customer.yaml").read_bytes())
    only = dataclasses.replace(spec, rules=tuple(r for r in spec.rules if r.id == "unilateral-changes"))
    (result,) = PlaybookEngine().analyze(_doc("Maintenance Terms", _OPENING, "9. Changes. " + sentence), only)
    return result


def test_a_vendors_right_to_rewrite_the_terms_in_other_words_is_found() -> None:
    for sentence in ("Larkspur may, from time to time, update this Agreement by posting it on its website.",
                     "Larkspur reserves the right to modify this Agreement at any time.",
                     "Larkspur may at any time amend the terms of this Agreement."):  # fmt: skip
        assert _changes(sentence).status == "issue", sentence
    # Never a promise not to, nor a change to the services.
    assert _changes("Larkspur may not change this Agreement without Customer's written consent.").status == "ok"
    assert _changes("Larkspur may change the Support Services from time to time.").status == "ok"
