"""Classes round 31's fourth look read (docs/decisions/redlines-qa.md, "Round 31 lawyer read"), each fixed
by a mechanism and tested here on text in our own words; each test fails on the tree that look ran on
(a78a120)."""

from __future__ import annotations

from contracts.conditions import holds
from contracts.naming import Parties, detect
from tests.review.factories import library_results as _results
from tests.review.factories import terms_to_you
from tests.review.factories import text_model as _doc

_YOU = Parties(us="you", them="Lantern", side="customer", corrected=True)
_CUSTOMER = Parties(us="Customer", them="Lantern Cloud Corp", side="customer", corrected=True)
_OPENING = "These Terms are between you and Lantern Inc. (\u201cLantern\u201d, \u201cwe\u201d or \u201cus\u201d)."


def test_the_one_party_an_opening_names_is_the_other_side_before_a_role_word_written_now_and_then() -> None:
    model = _doc(
        "MASTER SUBSCRIPTION AGREEMENT",
        "This Lantern Cloud Corp Master Subscription Agreement (\u201cMSA\u201d) is effective as of the date of a signed "
        "order form (such form an \u201cOrder Form\u201d and such date the \u201cEffective Date\u201d) and is by and "
        "between Lantern Cloud Corp Inc., a Delaware corporation with a place of business at 1 Main St. Springfield, "
        "(\u201cLantern Cloud Corp\u201d), and the customer set forth on the Order Form (\u201cCustomer\u201d) (each a "
        "\u201cParty\u201d and together the \u201cParties\u201d).",
        *["Lantern Cloud Corp shall provide the Services to Customer. Customer shall pay Lantern Cloud Corp."] * 6,
        *["If the Client cancels this Agreement, the Provider shall be entitled to payment for the services."] * 2,
        *["The services provided by the Provider shall not infringe any third-party rights."] * 4,
    )
    parties = detect(model, "customer")
    assert (parties.us, parties.them) == ("Customer", "Lantern Cloud Corp")


def test_a_power_to_amend_this_msa_and_use_relied_upon_as_consent_are_changes_without_our_signature() -> None:
    model = _doc(
        "MASTER SUBSCRIPTION AGREEMENT",
        "12.10 Amendments. Lantern Cloud Corp may amend this MSA from time to time, in which case the new MSA will "
        "supersede prior versions.",
        "Customer's continued use of the Services following the effective date of any such amendment may be relied "
        "upon by Lantern Cloud Corp as consent to any such amendment.",
    )
    result = _results(model, "saas-customer", "unilateral-changes", parties=_CUSTOMER)["unilateral-changes"]
    assert {p.edit.locator for p in result.recommendations} == {"p2", "p3"}


def test_terms_published_on_the_website_that_govern_any_difference_are_struck() -> None:
    model = terms_to_you(
        _OPENING + " The controlling Terms of Service published on the Lantern website govern if there is any "
        "difference.",
        "20. Changes. We may update these Terms from time to time.",
    )
    result = _results(model, "saas-customer", "unilateral-changes", parties=_YOU)["unilateral-changes"]
    assert any("published on the Lantern website govern" in p.edit.before for p in result.recommendations)


def test_data_kept_as_a_privacy_policy_describes_is_no_use_of_our_data() -> None:
    model = terms_to_you(
        _OPENING,
        "11. Data. The hosted Service retains Customer Content and operational data as described in the Privacy Policy "
        "and is not a zero data retention service.",
    )
    result = _results(model, "saas-customer", "customer-data-use", parties=_YOU)["customer-data-use"]
    assert result.status != "issue"


def test_an_order_forms_monthly_service_term_is_a_periodic_payment() -> None:
    assert holds("recurring-payments", _doc("ORDER FORM", "Initial Service Term: 1 month"))


def test_a_liability_cap_that_names_confidentiality_is_no_mutual_duty_of_confidence() -> None:
    # (round 31's last check: a cap's "each party's total liability ..." beside a one-way duty had passed the rule)
    model = _doc(
        "Services Agreement",
        "6.1 CRO shall keep the Client's confidential information confidential and shall not disclose it.",
        "5.4 Each party's total liability under this Agreement shall be limited to the amounts received, provided "
        "that this limitation shall not apply to a breach of confidentiality.",
    )
    parties = Parties(us="Client", them="CRO", side="customer", corrected=True)
    result = _results(model, "saas-customer", "mutual-confidentiality", parties=parties)["mutual-confidentiality"]
    assert result.status == "issue"


def test_a_right_both_parties_have_by_their_names_is_not_struck_for_the_vendors_alone() -> None:
    # (the round's corpus run, first proposals against round 30's: a new finder had opened this wrong edit)
    model = _doc(
        "Consulting Agreement",
        "3.2 Each of the Recipient and the Provider may, in their sole discretion, terminate this Agreement at any time "
        "without cause.",
    )
    parties = Parties(us="", them="", side="customer", corrected=False)
    result = _results(model, "saas-customer", "vendor-termination-for-convenience", parties=parties)
    for proposal in result["vendor-termination-for-convenience"].recommendations:
        assert "our-right" in [d.kind for d in proposal.defects] and proposal.needs_wording


def test_an_assignment_on_notice_to_a_merger_successor_is_the_playbooks_own_carve_out() -> None:
    model = _doc(
        "Pilot Agreement",
        "Neither party may assign any rights or obligations under this Agreement without the prior written consent of "
        "the other party. However, Provider may assign this Agreement upon notice if Provider undergoes a merger or "
        "change of control.",
    )
    parties = Parties(us="Customer", them="Provider", side="customer", corrected=True)
    result = _results(model, "saas-customer", "assignment", parties=parties)["assignment"]
    assert result.status == "ok"
