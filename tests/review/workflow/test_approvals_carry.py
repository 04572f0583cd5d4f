"""Approved edits always land or say why: an approval given after any number
of later accepted edits applies, carried over them (docs/decisions/approvals.md); when it
cannot be carried, it is a failed application, not a send-back: the lawyer's item is open again,
re-proposed on the current text, with the reason on the card and in their inbox."""

from __future__ import annotations

import pytest

from inbox.sources import items_for
from review.models import Approval, ApprovalStatus, Decision, DecisionOutcome, RecommendationStatus, ReviewStatus
from review.workflow import approval_decide
from tests.conftest import shared_data
from tests.review.factories import decide, shown
from tests.review.test_approvals import gated_review, senior  # noqa: F401  (the fixture)

pytestmark = pytest.mark.django_db

GATE = 'approvals:\n  approver: "group:Senior counsel"\n'

# Four clauses cuad_development_01 lacks, in words it uses (it has a liability cap and insurance
# already: inserting those again is a duplicate the edit checker holds back).
MISSING = f"""\
name: Missing clauses, the first approved
party: customer
{GATE}rules:
  - id: publicity
    title: No press release without consent
    severity: critical
    requires_approval: true
    find: {{any: ["zzzz never in a contract"]}}
    check: {{must_exist: true}}
    positions: ["Neither party shall issue any press release about this Agreement without the other party's prior written consent."]
  - id: anti-bribery
    title: Anti-bribery compliance
    severity: high
    find: {{any: ["qqqq never in a contract"]}}
    check: {{must_exist: true}}
    positions: ["Each party shall comply with all applicable anti-bribery laws in performing this Agreement."]
  - id: export-control
    title: Export control compliance
    severity: medium
    find: {{any: ["xxxx never in a contract"]}}
    check: {{must_exist: true}}
    positions: ["Each party shall comply with all applicable export control laws in performing this Agreement."]
  - id: counterparts
    title: Counterparts
    severity: low
    find: {{any: ["wwww never in a contract"]}}
    check: {{must_exist: true}}
    positions: ["This Agreement may be executed in counterparts, each of which is an original."]
"""


@pytest.mark.parametrize("later", [0, 1, 2, 3])
def test_an_approved_insertion_lands_after_any_number_of_later_accepted_insertions(senior, later):  # noqa: F811
    contract = shared_data("cuad", "docx", "cuad_development_01.docx").read_bytes()
    from tests.review.factories import author_user, make_review
    from tests.review.test_approvals import legal_team

    owner = author_user()
    legal_team().members.add(owner)
    review = make_review(owner, playbook=MISSING, contract=contract, team=legal_team())
    assert decide(review, shown(review, "publicity"), "accept").outcome == DecisionOutcome.AWAITING_APPROVAL
    for rule in ["anti-bribery", "export-control", "counterparts"][:later]:
        assert decide(review, shown(review, rule), "accept").outcome == DecisionOutcome.APPLIED
    approval = Approval.objects.get(review=review)
    result = approval_decide(approval=approval, actor=senior, approve=True)
    assert result.ok, result.message
    review.refresh_from_db()
    text = review.current_version.text_model.text
    assert text.count("Neither party shall issue any press release about this Agreement") == 1
    assert review.status == ReviewStatus.COMPLETED or later < 3
    approval.refresh_from_db()
    assert approval.status == ApprovalStatus.APPROVED
    numbers = [p.text.split(" ", 1)[0] for p in review.current_version.text_model.paragraphs
               if p.text.startswith("14.")]
    assert len(numbers) == len(set(numbers))  # no clause number taken twice


CONFLICT = f"""\
name: A cap approved after its place was struck
party: customer
{GATE}rules:
  - id: limitation-of-liability
    title: A limitation of liability clause must exist
    severity: critical
    requires_approval: true
    find: {{any: ["total liability"]}}
    check: {{must_exist: true}}
    insert_after: {{any: ["indemnif"]}}
    positions:
      - "Neither party's total liability shall exceed the fees paid in the twelve (12) months before the claim."
  - id: no-customer-indemnity
    title: The Customer gives no indemnity
    severity: high
    find: {{any: ["Customer shall indemnify"]}}
    check: {{must_not_exist: true}}
"""


def failed_application(senior):  # noqa: F811
    """A review whose approved cap cannot land where it was approved: the clause it was to
    follow was struck by another accepted edit while it waited."""
    review = gated_review(CONFLICT)
    assert decide(review, shown(review, "limitation-of-liability"), "accept").outcome == DecisionOutcome.AWAITING_APPROVAL
    assert decide(review, shown(review, "no-customer-indemnity"), "accept").outcome == DecisionOutcome.APPLIED
    approval = Approval.objects.get(review=review)
    result = approval_decide(approval=approval, actor=senior, approve=True)
    return review, approval, result


def test_an_approval_that_cannot_land_is_a_failed_application_the_lawyer_sees(senior):  # noqa: F811
    review, approval, result = failed_application(senior)
    assert not result.ok and "could not be applied" in result.message
    approval.refresh_from_db()
    assert approval.status == ApprovalStatus.FAILED_APPLICATION  # not "sent back"
    decision = Decision.objects.get(pk=approval.decision_id)
    assert decision.outcome == DecisionOutcome.FAILED_APPLICATION
    rec = approval.recommendation
    rec.refresh_from_db()
    assert rec.status == RecommendationStatus.PENDING
    assert rec.message.startswith("The approved edit could not be applied: the paragraph it was to follow")
    review.refresh_from_db()
    inbox = items_for(review.owner)
    assert [i.kind for i in inbox] == ["failed_application"]
    assert "could not be applied" in inbox[0].subtitle and str(review.pk) in inbox[0].url
    assert items_for(senior) == []



def test_one_accept_re_proposes_it_on_the_current_text_and_it_lands(senior):  # noqa: F811
    review, approval, _ = failed_application(senior)
    again = shown(review, "limitation-of-liability")  # already worked out on the current text
    review.refresh_from_db()
    assert again.current_proposal.base_version_id == review.current_version_id
    assert decide(review, again, "accept").outcome == DecisionOutcome.AWAITING_APPROVAL
    assert items_for(review.owner) == []  # asked again: no longer "not applied"
    second = Approval.objects.filter(review=review).exclude(pk=approval.pk).get()
    assert approval_decide(approval=second, actor=senior, approve=True).ok
    review.refresh_from_db()
    assert "Neither party's total liability shall exceed" in review.current_version.text_model.text
    assert review.status == ReviewStatus.COMPLETED


def test_statistics_count_a_failed_application_apart_from_sent_back(senior):  # noqa: F811
    from review.authoring.stats import playbook_stats

    review, _, _ = failed_application(senior)
    totals = playbook_stats(review.playbook_version.playbook, None).rules
    cap = next(r for r in totals if r.rule_id == "limitation-of-liability").totals
    assert cap.sent_back == 0 and cap.failed_application == 1


def test_the_trail_the_issue_list_and_the_last_look_say_it_was_not_applied(senior, client):  # noqa: F811
    from django.urls import reverse

    from review.exports import issue_rows
    from review.workflow.final_check import review_final_check

    review, _, _ = failed_application(senior)
    rows = issue_rows(review)
    assert any(r.decision == "approved, but could not be applied" for r in rows)
    assert [f.check for f in review_final_check(review)][:1] == ["approval-not-applied"]
    client.force_login(review.owner)
    page = client.get(reverse("review:detail", args=[review.pk])).content.decode()
    assert "The approved edit could not be applied" in page
