"""Classes round 30's fifth look read (docs/decisions/redlines-qa.md, "Round 30 lawyer read"), each fixed
by a mechanism and tested here on text in our own words; each test fails on the tree that look ran on
(b83b530), but for the last, from the sixth look, which fails on 3fd821b)."""

from __future__ import annotations

from contracts.conditions import holds
from contracts.naming import Parties, detect
from tests.review.factories import library_results as _results
from tests.review.factories import terms_to_you
from tests.review.factories import text_model as _doc

_YOU = Parties(us="you", them="Lantern", side="customer", corrected=True)
_OPENING = (
    "These Terms of Service (the \u201cTerms\u201d) constitute a legally binding agreement made between you "
    "(\u201cyou\u201d) and Lantern Ltd (\u201cLantern\u201d, \"Company\", \u201cwe\u201d, \u201cus\u201d, or "
    "\u201cour\u201d), concerning your use of the Services."
)


def test_we_are_the_name_in_the_brackets_that_define_we_never_what_the_terms_call_themselves() -> None:
    model = terms_to_you(_OPENING, *["Lantern provides the Services. These Terms bind you. Lantern may assist you."] * 4)
    assert detect(model, "customer").them == "Lantern"


def test_fees_charged_by_use_or_by_a_monthly_contract_are_paid_periodically() -> None:
    assert holds("recurring-payments", _doc("We will charge you for how you configure and consume your services."))
    assert holds("recurring-payments", _doc("User agrees to either a one (1) month or twelve (12) month contract agreement."))
    assert not holds("recurring-payments", _doc("The Licensee pays the licence fee once, on delivery."))


def test_termination_by_either_party_without_cause_and_at_any_time_in_our_sole_discretion_are_at_will() -> None:
    for sentence in (
        "This Service may be terminated by either party, without cause, by giving the other party 10 days written notice.",
        "We may terminate your use of the Services or delete your account at any time, without warning, in our sole "
        "discretion.",
    ):
        model = terms_to_you("These Terms are between you and Lantern Inc. (\u201cLantern\u201d, \u201cwe\u201d or \u201cus\u201d).", sentence)
        result = _results(model, "saas-customer", "vendor-termination-for-convenience", parties=_YOU)
        assert result["vendor-termination-for-convenience"].status == "issue", sentence


def test_our_duty_to_keep_our_password_secret_is_no_duty_of_confidence() -> None:
    model = terms_to_you(
        "These Terms are between you and Lantern Inc. (\u201cLantern\u201d, \u201cwe\u201d or \u201cus\u201d).",
        "You agree to keep your password confidential and will be responsible for all use of your account.",
        'You agree that any feedback regarding the Services ("Submissions") provided by you to us is non-confidential '
        "and that Submissions become our property.",
        "12. General. These Terms are governed by the laws of England.",
    )
    result = _results(model, "saas-customer", "mutual-confidentiality", parties=_YOU)["mutual-confidentiality"]
    (insert,) = result.recommendations
    assert insert.edit.kind == "insert_after" and "password" not in insert.before


def test_a_right_to_make_changes_or_modifications_to_these_terms_is_a_power_to_change_them() -> None:
    model = terms_to_you(
        "These Terms are between you and Lantern Inc. (\u201cLantern\u201d, \u201cwe\u201d or \u201cus\u201d).",
        "We reserve the right, in our sole discretion, to make changes or modifications to these Terms at any time and "
        "for any reason.",
    )
    result = _results(model, "saas-customer", "unilateral-changes", parties=_YOU)["unilateral-changes"]
    assert result.status == "issue"


def test_a_definition_is_no_party_and_the_party_agreeing_to_the_terms_is_the_customer() -> None:
    # (round 30's sixth look: the review asked whether "Affiliate" or the vendor was ours, and refused "customer")
    model = _doc(
        "Terms of Service",
        'These Lantern terms of service ("agreement") are between Lantern Ltd ("Lantern"), a London based company, '
        'and the party agreeing to the terms of this agreement ("customer").',
        "1. Definitions",
        '"Affiliate" means, with respect to a party, any entity which directly or indirectly Controls such party.',
        *["Lantern shall provide the Lantern Service to Customer. Customer shall pay the Fees to Lantern."] * 4,
    )
    parties = detect(model, "customer")
    assert (parties.us, parties.them) == ("Customer", "Lantern")


def test_a_right_both_parties_have_is_not_struck_for_the_vendors_alone() -> None:
    # (the final read of the round: "may be terminated by either party, without cause" had become "We may not
    # terminate this Agreement for convenience", taking our own right with the vendor's)
    model = terms_to_you(
        "These Terms are between you and Lantern Inc. (\u201cLantern\u201d, \u201cwe\u201d or \u201cus\u201d).",
        "This Service may be terminated by either party, without cause, by giving the other party 10 days written "
        "notice.",
    )
    result = _results(model, "saas-customer", "vendor-termination-for-convenience", parties=_YOU)
    (proposal,) = result["vendor-termination-for-convenience"].recommendations
    assert [d.kind for d in proposal.defects] == ["our-right"] and proposal.needs_wording
