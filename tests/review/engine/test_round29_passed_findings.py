"""What round 28's readers left open (docs/decisions/redlines-qa.md, "Round 29 lawyer read"): a passed
finding quotes the clause that decides it, first; a title of two subjects joined by a semicolon is a title;
a vendor speaking as "we" that "has the right" in the first person ("We have the right to ..."); a
suspension "for any reason at any time"; our duty to retrieve our data before the end. Each test fails on
776acbb, but for the guards that say so."""

from __future__ import annotations

from contracts.naming import Parties
from contracts.sentences import is_heading_only
from tests.review.factories import library_results as _results
from tests.review.factories import text_model as _doc

_OPENING = (
    "This Harbourline Services Agreement (\u201cAgreement\u201d) is made between Harbourline Systems Inc. "
    "(\u201cHarbourline\u201d) and Wexford Foods Ltd. (\u201cCustomer\u201d)."
)
_PARTIES = Parties(us="Customer", them="Harbourline", side="customer", corrected=True)


def test_a_passed_finding_quotes_the_clause_titled_for_it_before_another_clauses_mention() -> None:
    model = _doc(
        "Harbourline Services Agreement", _OPENING,
        "1. Definitions",
        "\u201cConfidential Information\u201d means information a party discloses to the other party that is marked "
        "confidential.",
        "7. Term and Termination",
        "7.3 On termination, each party shall return or destroy the other party's Confidential Information.",
        "9. Confidentiality",
        "9.1 Each party shall keep the other party's Confidential Information confidential and use it only "
        "under this Agreement.",
    )  # fmt: skip
    result = _results(model, "saas-customer", "mutual-confidentiality", parties=_PARTIES)["mutual-confidentiality"]
    assert result.status == "ok"
    assert result.evidence[0].sentence.startswith("9.1 Each party shall keep")
    # (every sentence read is still quoted: only the order moves)
    assert any("return or destroy" in e.sentence for e in result.evidence[1:])


def test_a_definition_is_quoted_after_the_clauses_that_use_it() -> None:
    model = _doc(
        "Harbourline Services Agreement", _OPENING,
        "\u201cConfidential Information\u201d means information each party shall mark as confidential.",
        "Each party shall keep the other party's Confidential Information confidential.",
    )  # fmt: skip
    result = _results(model, "saas-customer", "mutual-confidentiality", parties=_PARTIES)["mutual-confidentiality"]
    assert result.status == "ok"
    assert result.evidence[0].sentence.startswith("Each party shall keep")


def test_a_title_of_two_subjects_joined_by_a_semicolon_is_a_title() -> None:
    assert is_heading_only("2. Termination for Convenience; Account Cancellation")
    # (guards: a sentence and a name are not titles)
    assert not is_heading_only("Fees; the Customer pays them monthly")
    assert not is_heading_only("Harbourline Systems, Inc.")


def test_a_title_with_a_semicolon_is_never_quoted_as_the_clause() -> None:
    model = _doc(
        "Harbourline Services Agreement", _OPENING,
        "2. Termination for Convenience; Account Cancellation",
        "Either party may terminate this Agreement for convenience on thirty (30) days' written notice.",
    )  # fmt: skip
    result = _results(model, "saas-customer", "vendor-termination-for-convenience", parties=_PARTIES)[
        "vendor-termination-for-convenience"
    ]
    assert result.evidence
    assert all("Account Cancellation" not in e.sentence for e in result.evidence)


_WE_TERMS = (
    "Terms of Service",
    "When we say \u201cHarbourline\u201d, \u201cwe\u201d, \u201cour\u201d, or \u201cus\u201d in this document, we "
    "are referring to Harbourline Systems Inc. When we say \u201cyou\u201d or \u201cyour\u201d, we are referring to "
    "the people or organizations that own an account with our Services.",
)
_YOU = Parties(us="you", them="Harbourline", side="customer", corrected=True)


def test_a_vendor_that_has_the_right_in_the_first_person_to_terminate_at_will_is_read() -> None:
    model = _doc(
        *_WE_TERMS,
        "Cancellation and Termination",
        "We have the right to suspend or terminate your account and refuse any and all current or future use of "
        "our Services for any reason at any time.",
    )  # fmt: skip
    results = _results(model, "saas-customer", "vendor-termination-for-convenience", parties=_YOU)
    assert results["vendor-termination-for-convenience"].status == "issue"


def test_a_suspension_for_any_reason_at_any_time_is_a_suspension_without_notice() -> None:
    model = _doc(
        *_WE_TERMS,
        "We may suspend your account for any reason at any time.",
    )  # fmt: skip
    results = _results(model, "saas-customer", "suspension-without-notice", parties=_YOU)
    assert results["suspension-without-notice"].status == "issue"


def test_a_suspension_for_any_reason_on_notice_is_not() -> None:
    # (a guard: notice after the reason leaves the sentence open, and the rule passes)
    model = _doc(
        *_WE_TERMS,
        "We may suspend your account for any reason at any time on thirty (30) days' notice to you.",
    )  # fmt: skip
    results = _results(model, "saas-customer", "suspension-without-notice", parties=_YOU)
    assert results["suspension-without-notice"].status == "ok"


def test_our_duty_to_retrieve_our_data_before_termination_leaves_no_export_window() -> None:
    model = _doc(
        "Harbourline Services Agreement", _OPENING,
        "8. Customer Data",
        "Customer is solely responsible for deleting or retrieving Customer Data from the Services prior to "
        "termination of this Agreement.",
    )  # fmt: skip
    result = _results(model, "saas-customer", "data-return", parties=_PARTIES)["data-return"]
    assert result.status == "issue"
    (proposal,) = result.recommendations
    assert "For thirty (30) days after termination, Harbourline shall make Customer Data available" in proposal.after


def test_an_export_window_after_termination_passes() -> None:
    # (a guard: the export before and after the end is the window the rule asks for)
    model = _doc(
        "Harbourline Services Agreement", _OPENING,
        "8. Customer Data",
        "Customer may export Customer Data before termination and for thirty (30) days after it, after which "
        "Harbourline shall delete it.",
    )  # fmt: skip
    result = _results(model, "saas-customer", "data-return", parties=_PARTIES)["data-return"]
    assert result.status == "ok"


def test_a_passed_finding_quotes_first_the_sentence_nearest_the_playbooks_own_wording() -> None:
    model = _doc(
        "Harbourline Services Agreement", _OPENING,
        "12. General",
        "12.1 Customer shall assign to Harbourline any rights it acquires in the Harbourline Platform.",
        "12.2 Neither party may assign this Agreement without the other party's prior written consent.",
    )  # fmt: skip
    result = _results(model, "saas-customer", "assignment", parties=_PARTIES)["assignment"]
    assert result.status == "ok"
    assert result.evidence[0].sentence.startswith("12.2 Neither party may assign")


def test_a_sub_clause_titled_for_another_subject_is_not_read_by_its_articles_title() -> None:
    model = _doc(
        "Harbourline Services Agreement", _OPENING,
        "20. Term and Termination",
        "20.1 Non-solicitation. Neither party shall solicit the other's employees for one year after termination "
        "of this Agreement, except on written notice to the other party.",
        "20.2 Either party may terminate this Agreement if the other party fails to cure a material breach within "
        "thirty (30) days after written notice of it.",
    )  # fmt: skip
    result = _results(model, "saas-customer", "vendor-termination-for-convenience", parties=_PARTIES)[
        "vendor-termination-for-convenience"
    ]
    assert result.status == "ok"
    assert result.evidence[0].sentence.startswith("20.2 Either party may terminate")
