"""Classes round 26's first look read (docs/decisions/redlines-qa.md, "Round 26 lawyer read"), each
fixed by a mechanism and tested here on text in our own words; each test fails on the tree that look
ran on (af4860f)."""

from __future__ import annotations

from contracts.naming import Parties, detect
from tests.review.factories import YOU_AND_WE, terms_to_you
from tests.review.factories import library_results as _results
from tests.review.factories import text_model as _doc

_PARTIES = Parties(us="Customer", them="Lantern", side="customer", corrected=True)
_OPENING = "This Agreement is between Lantern Cloud AS (\u201cLantern\u201d) and Birchwood LLC (\u201cCustomer\u201d)."


def _rule(rule: str, *clauses: str, parties: Parties = _PARTIES):
    model = _doc("Lantern Cloud Subscription Agreement", _OPENING, *clauses)
    return _results(model, "saas-customer", rule, parties=parties)[rule]


def test_a_late_fee_charged_as_a_monthly_rate_is_late_interest() -> None:
    result = _rule(
        "late-payment-interest",
        "4. Payment. Any amount more than thirty (30) days overdue will bear a late payment fee of one and one-half "
        "percent (1.5%) per month or the maximum rate allowed by law, whichever is lower.",
    )
    (proposal,) = result.recommendations
    assert "a late payment fee of one percent (1%) per month" in proposal.after


def test_a_right_to_terminate_put_otherwise_is_termination_for_convenience() -> None:
    for sentence in (
        "Lantern may also terminate this Agreement for convenience on thirty (30) days' notice.",
        "Lantern reserves the right to suspend or terminate Customer's account for any reason, at its discretion.",
    ):
        result = _rule("vendor-termination-for-convenience", f"9. Termination. {sentence}")
        assert result.status == "issue", sentence


def test_a_wording_that_would_strike_the_other_items_of_the_sentence_is_held_for_the_lawyer() -> None:
    result = _rule(
        "vendor-termination-for-convenience",
        "9. Termination. Lantern may also terminate Customer's account (i) for convenience or (ii) if it determines "
        "that providing the Services is prohibited by law; provided that Lantern will then refund any prepaid fees.",
    )
    (proposal,) = result.recommendations
    assert [d.kind for d in proposal.defects] == ["several-items"]
    assert proposal.needs_wording


def test_a_suspension_after_a_figure_or_more_days_overdue_is_read() -> None:
    result = _rule(
        "suspension-notice",
        "5. Suspension. If any amount is ten (10) or more days overdue, Lantern may suspend Customer\u2019s access to "
        "the Services until it is paid.",
    )
    (proposal,) = result.recommendations
    assert "thirty (30) or more days overdue" in proposal.after


def test_a_cure_period_is_no_payment_term() -> None:
    result = _rule(
        "payment-terms",
        "9.1 If either party materially breaches this Agreement, the other party shall have the right to terminate it "
        "upon thirty (30) days (ten (10) days in the case of non-payment and immediately in the case of a material "
        "breach) written notice of any such breach, unless such breach is cured during such notice period.",
    )
    assert not result.recommendations


def _terms(*clauses: str):
    return terms_to_you(
        "These Terms of Service (the \u201cTerms\u201d) are between you and Lantern Cloud AS (\u201cLantern\u201d, "
        "\u201cwe\u201d, \u201cus\u201d).",
        *clauses,
    )


def test_terms_without_a_term_of_their_own_are_not_given_one() -> None:
    model = _terms(
        "3. Your account. These Terms apply for as long as you use the Services. We may close your account under "
        "clause 9.",
        "11. Changes. We may revise these Terms at any time by posting an updated version on our website.",
        "12. Disclaimer. THE SERVICES ARE PROVIDED AS IS AND WE DISCLAIM ALL WARRANTIES.",
    )
    results = _results(model, "saas-customer", "unilateral-changes", "provider-warranty")
    (change,) = results["unilateral-changes"].recommendations
    assert "unless accepted in writing by you" in change.after
    assert "Term" not in change.after.replace("Terms", "")
    (warranty,) = results["provider-warranty"].recommendations
    assert "during" not in warranty.edit.after


def test_what_leans_on_a_power_to_change_the_terms_goes_with_it() -> None:
    result = _rule(
        "unilateral-changes",
        "16. Updating Terms. Lantern may change this Agreement from time to time. Customer may review the most "
        "current version of this Agreement at any time on Lantern's website. All changes will become effective upon "
        "posting. If Customer uses the Services after that, that use will constitute Customer's acceptance of any "
        "revised terms. Notices under this Agreement are given in writing.",
    )
    (proposal,) = result.recommendations
    for taken in ("most current version", "All changes", "any revised terms"):
        assert taken in proposal.before
    assert "Notices under this Agreement" not in proposal.before


def test_a_closing_mark_typed_where_the_opening_one_belongs_still_names_the_vendor() -> None:
    model = _doc(
        "Terms of Service",
        "These Terms of Service (the \u201cTerms\u201d) are the entire agreement between you and Lantern Cloud AS "
        "(\u201dLantern\u201d or \u201cwe,\u201d \u201cour\u201d or \u201cus\u201d), regarding your use of our "
        "services (the \u201cService\u201d).",
        YOU_AND_WE,
        "The Service is provided by us. The Service runs in our cloud. The Service is updated by us. Lantern may "
        "change the Service.",
    )
    assert detect(model, "customer").them == "Lantern"
