"""Approval gates (docs/decisions/approvals.md): a second human gate with the same guarantees as the first."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from core.models import Team
from documents.models import DocumentVersion
from review.models import (
    Approval,
    ApprovalStatus,
    Decision,
    DecisionOutcome,
    RecommendationStatus,
    ReviewStatus,
)
from review.workflow import approval_decide, approval_take
from tests.factories import UserFactory
from tests.review.factories import PLAYBOOK_YAML, author_user, decide, make_review, shown

pytestmark = pytest.mark.django_db

GATED_PLAYBOOK = PLAYBOOK_YAML.replace(
    "party: customer\n",
    "party: customer\napprovals:\n  approver: \"group:Senior counsel\"\n  critical_deviations: true\n",
).replace(
    "    guidance: Longer terms hurt our cash flow; 45 days is the most we concede.\n",
    "    guidance: Longer terms hurt our cash flow; 45 days is the most we concede.\n    requires_approval: true\n",
)


def legal_team() -> Team:
    return Team.objects.get_or_create(name="Legal")[0]


def teammate(**kwargs):
    """A user of the team the gated reviews belong to: approvers must be."""
    user = UserFactory(**kwargs)
    legal_team().members.add(user)
    return user


@pytest.fixture
def senior():
    group, _ = Group.objects.get_or_create(name="Senior counsel")
    user = teammate(username="sam-senior")
    user.groups.add(group)
    return user


def versions(review) -> int:
    return DocumentVersion.objects.filter(document=review.document).count()


def gated_review(playbook: str = GATED_PLAYBOOK):
    owner = author_user()
    legal_team().members.add(owner)
    return make_review(owner, playbook=playbook, team=legal_team())


def test_the_gated_playbook_parses_its_approval_settings():
    review = gated_review()
    spec = review.playbook_version.playbook_spec
    assert spec.approver == "group:Senior counsel" and spec.approve_critical_deviations
    assert spec.rule("payment-terms").requires_approval


def test_accept_with_approval_leaves_the_document_unchanged_until_approved_then_applies_once(senior):
    review = gated_review()
    result = decide(review, shown(review, "payment-terms"), "accept")
    assert result.outcome == DecisionOutcome.AWAITING_APPROVAL
    assert "Senior counsel" in result.message
    assert versions(review) == 1
    approval = Approval.objects.get(review=review)
    assert approval.kind == "accept" and approval.status == ApprovalStatus.OPEN
    rec = approval.recommendation
    assert rec.status == RecommendationStatus.AWAITING_APPROVAL

    first = approval_decide(approval=approval, actor=senior, approve=True)
    second = approval_decide(approval=approval, actor=senior, approve=True)  # a duplicate approve
    assert first.ok and "version 2" in first.message
    assert not second.ok and "already approved" in second.message
    assert versions(review) == 2
    review.refresh_from_db()
    assert "thirty (30) days" in review.current_version.text_model.text
    rec.refresh_from_db()
    assert rec.status == RecommendationStatus.ACCEPTED
    decision = Decision.objects.get(pk=approval.decision_id)
    assert decision.outcome == DecisionOutcome.APPLIED and decision.version.number == 2
    assert decision.version.created_by == review.owner  # the tracked change is the lawyer's


def test_send_back_returns_it_pending_with_the_comment_and_history(senior):
    review = gated_review()
    rec = shown(review, "payment-terms")
    proposal = rec.current_proposal_id
    decide(review, rec, "accept")
    approval = Approval.objects.get(review=review)
    assert not approval_decide(approval=approval, actor=senior, approve=False).ok  # a comment is required
    result = approval_decide(approval=approval, actor=senior, approve=False, comment="Ask for 45 days instead.")
    assert result.ok
    rec.refresh_from_db()
    assert rec.status == RecommendationStatus.PENDING and "Ask for 45 days instead." in rec.message
    assert rec.current_proposal_id == proposal
    assert Decision.objects.get(pk=approval.decision_id).outcome == DecisionOutcome.SENT_BACK
    review.refresh_from_db()
    assert any("Ask for 45 days" in h["text"] for h in review.engine_snapshot["history"])
    assert review.status == ReviewStatus.AWAITING_DECISION  # a sent-back item never reads as completed
    # The lawyer decides again on the same proposal: a new approval.
    assert decide(review, rec, "revise", instruction="softer").outcome == DecisionOutcome.REVISED
    assert decide(review, shown(review, "payment-terms"), "accept").outcome == DecisionOutcome.AWAITING_APPROVAL
    assert Approval.objects.filter(review=review, status=ApprovalStatus.OPEN).count() == 1


def test_completion_waits_for_every_approval(senior):
    review = gated_review()
    decide(review, shown(review, "payment-terms"), "accept")  # requires_approval
    decide(review, shown(review, "renewal-term"), "accept")  # no gate
    decide(review, shown(review, "limitation-of-liability"), "reject", reason="Cap negotiated elsewhere.")  # critical
    review.refresh_from_db()
    assert review.status == ReviewStatus.AWAITING_DECISION
    assert not review.recommendations.filter(status=RecommendationStatus.PENDING).exists()
    approvals = list(Approval.objects.filter(review=review).order_by("pk"))
    assert [a.kind for a in approvals] == ["accept", "reject"]
    assert "Rejecting a critical" in approvals[1].why
    assert approval_decide(approval=approvals[0], actor=senior, approve=True).ok
    review.refresh_from_db()
    assert review.status == ReviewStatus.AWAITING_DECISION
    assert approval_decide(approval=approvals[1], actor=senior, approve=True).ok
    review.refresh_from_db()
    assert review.status == ReviewStatus.COMPLETED
    assert review.recommendations.get(rule_id="limitation-of-liability").status == RecommendationStatus.REJECTED


def test_critical_rules_need_approval_only_for_deviations(senior):
    review = gated_review()
    # The preferred position on a critical rule goes through directly.
    assert decide(review, shown(review, "limitation-of-liability"), "accept").outcome == DecisionOutcome.APPLIED
    other = gated_review()
    rec = shown(other, "limitation-of-liability")
    decide(other, rec, "revise", instruction="softer")  # the fallback position
    result = decide(other, shown(other, "limitation-of-liability"), "accept")
    assert result.outcome == DecisionOutcome.AWAITING_APPROVAL
    assert "fallback" in Approval.objects.get(review=other).why


def test_an_unknown_approver_falls_back_to_the_admin_group():
    review = gated_review()  # no "Senior counsel" group exists here
    decide(review, shown(review, "payment-terms"), "accept")
    assert Approval.objects.get(review=review).approver_group.name == "Admin"


def test_self_approval_is_refused(senior):
    review = gated_review()
    review.owner.groups.add(Group.objects.get(name="Senior counsel"))  # even a senior cannot approve their own
    decide(review, shown(review, "payment-terms"), "accept")
    approval = Approval.objects.get(review=review)
    result = approval_decide(approval=approval, actor=review.owner, approve=True)
    assert not result.ok and "someone else" in result.message
    assert versions(review) == 1


def test_outsiders_cannot_approve(senior):
    review = gated_review()
    decide(review, shown(review, "payment-terms"), "accept")
    approval = Approval.objects.get(review=review)
    result = approval_decide(approval=approval, actor=teammate(), approve=True)
    assert not result.ok and "Senior counsel" in result.message
    assert versions(review) == 1


def test_an_approver_who_leaves_the_group_loses_the_item_back_to_the_group(senior, client):
    colleague = teammate(username="casey-senior")
    colleague.groups.add(Group.objects.get(name="Senior counsel"))
    review = gated_review()
    decide(review, shown(review, "payment-terms"), "accept")
    approval = Approval.objects.get(review=review)
    assert approval_take(approval=approval, actor=senior).ok
    approval.refresh_from_db()
    assert approval.assignee == senior
    # Taken: it leaves the colleague's inbox, and the colleague cannot approve it.
    client.force_login(colleague)
    assert "Approve: Payment" not in client.get(reverse("inbox:list")).content.decode()
    assert not approval_decide(approval=approval, actor=colleague, approve=True).ok
    senior.groups.remove(Group.objects.get(name="Senior counsel"))
    approval.refresh_from_db()
    assert approval.assignee is None
    assert "Approve: Payment" in client.get(reverse("inbox:list")).content.decode()
    assert approval_decide(approval=approval, actor=colleague, approve=True).ok


def test_an_approved_edit_is_reanchored_after_other_edits_moved_the_cursor(senior):
    review = gated_review()
    decide(review, shown(review, "payment-terms"), "accept")  # waits for approval, shown on v1
    decide(review, shown(review, "renewal-term"), "accept")  # v2
    decide(review, shown(review, "limitation-of-liability"), "accept")  # v3: inserted paragraph
    assert versions(review) == 3
    approval = Approval.objects.get(review=review)
    assert approval.proposal.base_version.number == 1
    assert approval_decide(approval=approval, actor=senior, approve=True).ok
    review.refresh_from_db()
    assert review.current_version.number == 4 and review.status == ReviewStatus.COMPLETED
    text = review.current_version.text_model.text
    assert "thirty (30) days" in text and "one (1) year" in text and "twelve (12) months" in text


def test_inbox_lists_items_oldest_first_with_counts_and_the_item_page(senior, client):
    first, second = gated_review(), gated_review()
    decide(first, shown(first, "payment-terms"), "accept")
    decide(second, shown(second, "payment-terms"), "reject", reason="Sales insisted.")
    client.force_login(senior)
    page = client.get(reverse("inbox:list")).content.decode()
    assert 'id="inbox-count">2<' in page
    items = list(Approval.objects.order_by("created_at"))
    assert page.index(reverse("review:approval", args=[items[0].pk])) < page.index(
        reverse("review:approval", args=[items[1].pk]))
    medium = client.get(reverse("inbox:list") + "?severity=medium").content.decode()
    assert all(reverse("review:approval", args=[a.pk]) in medium for a in items)
    low = client.get(reverse("inbox:list") + "?severity=low").content.decode()
    assert "Nothing is waiting" in low and reverse("review:approval", args=[items[0].pk]) not in low
    item = client.get(reverse("review:approval", args=[items[1].pk])).content.decode()
    assert "Sales insisted." in item  # the lawyer's reason
    assert "Longer terms hurt our cash flow" in item  # the rule's guidance
    assert "<del>" in item or "<ins>" in item  # the edit as a redline
    response = client.post(reverse("review:approval_act", args=[items[0].pk]), {"action": "approve"})
    assert response.status_code == 302
    assert 'id="inbox-count">1<' in client.get(reverse("inbox:list")).content.decode()


def test_the_approval_page_is_a_404_for_outsiders(client):
    review = gated_review()
    decide(review, shown(review, "payment-terms"), "accept")
    approval = Approval.objects.get(review=review)
    client.force_login(UserFactory())
    assert client.get(reverse("review:approval", args=[approval.pk])).status_code == 404
    assert client.post(reverse("review:approval_act", args=[approval.pk]), {"action": "approve"}).status_code == 404
    assert versions(review) == 1


def test_approvers_get_one_digest_per_interval_listing_every_new_item(senior, mailoutbox, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    from django.contrib.auth.models import Group as G

    colleague = teammate(username="casey-senior", email="casey@example.test")
    colleague.groups.add(G.objects.get(name="Senior counsel"))
    from review.notifications import approval_digests_send

    first, second = gated_review(), gated_review()
    decide(first, shown(first, "payment-terms"), "accept")
    decide(second, shown(second, "payment-terms"), "accept")
    report = approval_digests_send()
    assert report.mails == 2 and report.items == 4  # two approvers, two items each, one mail each
    mail = next(m for m in mailoutbox if m.to == ["casey@example.test"])
    assert mail.subject == "[Redpen] 2 items waiting for your approval"
    for approval in Approval.objects.all():
        assert reverse("review:approval", args=[approval.pk]) in mail.body
    # Nothing new: no mail. A new item: a digest with just that one.
    assert approval_digests_send().mails == 0
    third = gated_review()
    decide(third, shown(third, "payment-terms"), "accept")
    report = approval_digests_send()
    assert report.mails == 2 and report.items == 2
    assert mailoutbox[-1].subject == "[Redpen] 1 item waiting for your approval"


def test_the_owner_of_a_long_contract_gets_a_mail_when_analysis_finishes(mailoutbox, settings):
    settings.REDPEN_LONG_CONTRACT_PARAGRAPHS = 5
    from review.notifications import analysis_finished_notify

    review = make_review(author_user(email="lawyer@example.test"))
    assert analysis_finished_notify(review_id=review.pk, paragraphs=8)
    assert mailoutbox[-1].to == ["lawyer@example.test"]
    assert reverse("review:detail", args=[review.pk]) in mailoutbox[-1].body
    assert not analysis_finished_notify(review_id=review.pk, paragraphs=3)


def test_the_reconciler_reports_stuck_approvals(senior, settings):
    from datetime import timedelta

    from django.utils import timezone

    from review.reconcile import reconcile

    review = gated_review()
    decide(review, shown(review, "payment-terms"), "accept")
    approval = Approval.objects.get(review=review)
    assert reconcile().stuck_approvals == []
    Approval.objects.filter(pk=approval.pk).update(created_at=timezone.now() - timedelta(hours=72))
    report = reconcile()
    assert report.stuck_approvals == [approval.pk] and "open longer than 48 h" in report.summary()
    review.refresh_from_db()
    assert review.status == ReviewStatus.AWAITING_DECISION  # reported, never auto-completed


def test_finishing_the_analysis_of_a_long_contract_mails_its_owner(mailoutbox, settings,
                                                                    django_capture_on_commit_callbacks):
    from config.celery import app
    from review.workflow import analysis_run

    settings.REDPEN_LONG_CONTRACT_PARAGRAPHS = 5
    review = make_review(author_user(email="owner@example.test"), analyse=False)
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True  # the mail task runs in-process here
    try:
        with django_capture_on_commit_callbacks(execute=True):
            assert analysis_run(job_id=str(review.jobs.get().pk)) == "stored"
    finally:
        app.conf.task_always_eager = previous
    assert [m.to for m in mailoutbox] == [["owner@example.test"]]
    assert "Analysis finished" in mailoutbox[0].subject


# --- a cancelled review, the lock order, approvers of another team ---------------------------


def test_cancelling_a_review_withdraws_its_open_approvals_and_nothing_can_be_approved_after(senior, client):
    from review.workflow import review_cancel

    review = gated_review()
    decide(review, shown(review, "payment-terms"), "accept")
    approval = Approval.objects.get(review=review)
    assert review_cancel(review=review, actor=review.owner, reason="Deal dropped.")
    approval.refresh_from_db()
    assert approval.status == ApprovalStatus.WITHDRAWN
    result = approval_decide(approval=approval, actor=senior, approve=True)
    assert not result.ok
    assert versions(review) == 1
    review.refresh_from_db()
    assert review.status == ReviewStatus.CANCELLED and review.current_version.number == 1
    client.force_login(senior)
    assert "Approve: Payment" not in client.get(reverse("inbox:list")).content.decode()
    assert review.events.get(kind="review.cancelled").data["withdrawn_approvals"] == [approval.pk]


def test_an_approval_left_open_on_a_finished_review_cannot_be_approved(senior):
    """Every approval decision checks the review's status, whatever left the approval open."""
    review = gated_review()
    decide(review, shown(review, "payment-terms"), "accept")
    approval = Approval.objects.get(review=review)
    from review.models import Review

    Review.objects.filter(pk=review.pk).update(status=ReviewStatus.CANCELLED)  # e.g. a row from before the fix
    for approve, comment in ((True, ""), (False, "No.")):
        result = approval_decide(approval=approval, actor=senior, approve=approve, comment=comment)
        assert not result.ok and "cancelled" in result.message
    approval.refresh_from_db()
    assert approval.status == ApprovalStatus.OPEN and versions(review) == 1


OUTSIDER_PLAYBOOK = GATED_PLAYBOOK.replace('approver: "group:Senior counsel"', 'approver: "user:olga-outsider"')


def test_a_playbook_naming_an_approver_outside_its_team_is_refused_at_upload():
    from playbooks.loader.issues import PlaybookInvalid
    from playbooks.services import playbook_upload

    UserFactory(username="olga-outsider")
    owner = author_user()
    legal_team().members.add(owner)
    with pytest.raises(PlaybookInvalid) as info:
        playbook_upload(author=owner, source=OUTSIDER_PLAYBOOK, team=legal_team())
    assert "olga-outsider is not a member of the team Legal" in str(info.value)
    group_playbook = GATED_PLAYBOOK.replace("Senior counsel", "Outside counsel")
    Group.objects.create(name="Outside counsel").user_set.add(UserFactory())
    with pytest.raises(PlaybookInvalid) as info:
        playbook_upload(author=owner, source=group_playbook, team=legal_team())
    assert "no member of the group Outside counsel is in the team Legal" in str(info.value)


def test_an_approver_outside_the_reviews_team_gets_a_404_and_cannot_approve(client):
    outsider = teammate(username="olga-outsider")  # in the team when the playbook is uploaded...
    review = gated_review(OUTSIDER_PLAYBOOK)
    legal_team().members.remove(outsider)  # ...and no longer when the item reaches her
    decide(review, shown(review, "payment-terms"), "accept")
    approval = Approval.objects.get(review=review)
    assert approval.approver_user == outsider
    client.force_login(outsider)
    assert client.get(reverse("review:approval", args=[approval.pk])).status_code == 404
    for action in ("take", "approve", "send_back"):
        response = client.post(reverse("review:approval_act", args=[approval.pk]),
                               {"action": action, "comment": "x"})
        assert response.status_code == 404
    assert "Approve: Payment" not in client.get(reverse("inbox:list")).content.decode()
    result = approval_decide(approval=approval, actor=outsider, approve=True)  # headless, --approve-as
    assert not result.ok and "team" in result.message
    approval.refresh_from_db()
    assert approval.status == ApprovalStatus.OPEN and versions(review) == 1
