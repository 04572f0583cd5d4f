"""Classes round 31's third look read (docs/decisions/redlines-qa.md, "Round 31 lawyer read"), each fixed
by a mechanism and tested here on text in our own words; each test fails on the tree that look ran on
(9b9e866)."""

from __future__ import annotations

from contracts.naming import Parties
from documents.docx.model import Paragraph, TextModel
from tests.review.factories import library_results as _results
from tests.review.factories import terms_to_you
from tests.review.factories import text_model as _doc

_YOU = Parties(us="you", them="Lantern", side="customer", corrected=True)
_CUSTOMER = Parties(us="Customer", them="Lantern", side="customer", corrected=True)
_OPENING = "These Terms are between you and Lantern Inc. (\u201cLantern\u201d, \u201cwe\u201d or \u201cus\u201d)."


def test_a_survival_clause_that_names_confidentiality_obligations_is_not_replaced_by_the_duty() -> None:
    model = _doc(
        "Platform as a Service Agreement",
        "4. CONFIDENTIALITY",
        "4.1 Each party (the \u201cReceiving Party\u201d) understands that the other party (the \u201cDisclosing "
        "Party\u201d) may disclose business information (\u201cProprietary Information\u201d). The Receiving Party "
        "agrees not to divulge to any third person any such Proprietary Information.",
        "6.2 Either party may terminate this Agreement for material breach. All sections of this Agreement which by "
        "their nature should survive termination will survive termination, including confidentiality obligations and "
        "limitations of liability.",
    )
    result = _results(model, "saas-customer", "mutual-confidentiality", parties=_CUSTOMER)["mutual-confidentiality"]
    assert all(p.edit.locator != "p4" for p in result.recommendations)
    survival = _doc(
        "Platform as a Service Agreement",
        "6.2 All sections of this Agreement which by their nature should survive termination will survive "
        "termination, including confidentiality obligations and warranty disclaimers.",
    )
    result = _results(survival, "saas-customer", "mutual-confidentiality", parties=_CUSTOMER)["mutual-confidentiality"]
    assert result.recommendations and all(p.edit.kind == "insert_after" for p in result.recommendations)


def test_continued_use_after_the_effective_date_and_amendments_binding_on_publication_bind_us_to_a_change() -> None:
    for sentence in (
        "Continued use after the effective date constitutes acceptance, except where law requires another process.",
        "Amendments to the Terms may be posted by Lantern at any time and will be binding on the date of publication.",
    ):
        model = terms_to_you(_OPENING, "We may update these Terms from time to time.", sentence)
        result = _results(model, "saas-customer", "unilateral-changes", parties=_YOU)["unilateral-changes"]
        assert any(sentence[:30] in p.edit.before for p in result.recommendations), sentence


def test_policies_that_take_in_their_updates_or_may_be_updated_from_time_to_time_are_flagged() -> None:
    for sentence in (
        "All URL terms expressly referenced herein include any updates made thereto, as posted by Lantern.",
        "Customer shall comply with the Acceptable Use Policy, which may be updated from time to time.",
    ):
        model = _doc("Terms of Service", sentence)
        result = _results(model, "saas-customer", "policy-changes", parties=_CUSTOMER)["policy-changes"]
        assert result.status == "issue", sentence


def test_terms_and_conditions_are_called_as_they_call_themselves() -> None:
    model = terms_to_you(
        _OPENING,
        *["You agree to the Terms and Conditions. Lantern may refuse service under the Terms and Conditions."] * 4,
        "By using the site you accept these Terms and Conditions.",
        "15. Lantern may amend these Terms at any time by posting them on the website.",
    )
    result = _results(model, "saas-customer", "unilateral-changes", parties=_YOU)["unilateral-changes"]
    (proposal,) = result.recommendations
    assert proposal.edit.after.startswith("Any change to these Terms and Conditions must be in writing")


def test_a_clause_inserted_after_a_list_under_its_lead_in_is_formatted_as_the_lead_in() -> None:
    texts = [
        ("Terms and Conditions", "", None),
        ("10. INDEMNITY", "", 3),
        ("You agree to fully indemnify and hold Lantern harmless from any claim arising out of your:", "", None),
        ("use of the Website;", "9", None),
        ("violation of the Terms and Conditions;", "9", None),
        ("violation of any rights of another.", "9", None),
        ("11. OFFSITE LINKS", "", 3),
        ("Lantern has no control over other sites.", "", None),
    ]
    model = TextModel(
        paragraphs=tuple(
            Paragraph(locator=f"p{i}", text=t, num_id=n, heading_level=h) for i, (t, n, h) in enumerate(texts, 1)
        )
    )
    result = _results(model, "saas-customer", "vendor-ip-indemnity", parties=_YOU)["vendor-ip-indemnity"]
    (insert,) = result.recommendations
    assert insert.edit.locator == "p6" and insert.edit.like == "p3"


def test_a_sentence_under_a_heading_that_names_the_rules_subject_is_no_clause_of_another_type() -> None:
    texts = [
        ("Master Services Agreement", None),
        ('This Agreement is between Lantern LLC ("Lantern") and the customer ("CUSTOMER").', None),
        ("15. General Provisions", 2),
        ("M. Governing Law", 3),
        ("This Agreement is governed by the laws of the State of Wyoming, without regard to conflict of laws rules. "
         "The courts of Sheridan County, Wyoming have exclusive jurisdiction over any dispute.", None),
        ("N. Amendments", 3),
        ("Lantern may update this Agreement from time to time. Where required, Lantern will provide notice using "
         "Account contact information.", None),
        ("O. Venue", 3),
        ("Each party submits to the exclusive jurisdiction and venue of the state and federal courts of Wyoming.", None),
    ]
    model = TextModel(
        paragraphs=tuple(Paragraph(locator=f"p{i}", text=t, heading_level=h) for i, (t, h) in enumerate(texts, 1))
    )
    result = _results(model, "saas-customer", "unilateral-changes", parties=_CUSTOMER)["unilateral-changes"]
    assert [p.edit.locator for p in result.recommendations] == ["p7"]
