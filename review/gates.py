"""When a decision needs a second human (docs/decisions/approvals.md), and who that human is.

- A rule with ``requires_approval: true``: every final decision on it (accept or reject).
- With ``approvals: {critical_deviations: true}`` on the playbook: a critical rule whose final
  outcome is a fallback position, a revised edit or a rejection.
Approvers come from the rule (``approver:``), else the playbook (``approvals.approver``), else
the ``REDPEN_DEFAULT_APPROVER`` setting (the *Admin* group). A name that does not resolve falls
back to that default, so an item is never routed to nobody.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, Group, User

from playbooks.rules import PlaybookSpec, Rule

from .models import Approval, Proposal, ProposalSource, Review


def approval_needed(spec: PlaybookSpec, rule: Rule | None, proposal: Proposal, *, accept: bool) -> str:
    """Why this decision needs approval, or "" when it does not."""
    if rule is None:
        return ""
    if rule.requires_approval:
        return "The playbook requires approval for every decision on this rule."
    if spec.approve_critical_deviations and rule.severity == "critical":
        if not accept:
            return "Rejecting a critical recommendation needs approval."
        if proposal.position not in (None, 0):
            return "Accepting a fallback position on a critical rule needs approval."
        if proposal.source == ProposalSource.REVISION or proposal.instruction:
            return "Accepting a revised edit on a critical rule needs approval."
    return ""


def _resolve_ref(ref: str) -> tuple[User | None, Group | None]:
    kind, _, name = ref.partition(":")
    name = name.strip()
    if kind == "user":
        user = get_user_model().objects.filter(username=name, is_active=True).first()
        if user is not None:
            return user, None
    elif kind == "group":
        group = Group.objects.filter(name=name).first()
        if group is not None:
            return None, group
    return None, None


def approval_route(spec: PlaybookSpec, rule: Rule | None) -> tuple[User | None, Group | None]:
    for ref in (rule.approver if rule else "", spec.approver, settings.REDPEN_DEFAULT_APPROVER):
        if ref:
            user, group = _resolve_ref(ref)
            if user is not None or group is not None:
                return user, group
    group, _ = Group.objects.get_or_create(name="Admin")
    return None, group


def effective_assignee(approval: Approval) -> int | None:
    """The member who took a group item, as long as they are still in the group: an approver
    who leaves the group loses the item back to the group."""
    if approval.assignee_id is None:
        return None
    if approval.approver_group_id and not approval.approver_group.user_set.filter(pk=approval.assignee_id).exists():
        return None
    return approval.assignee_id


def in_review_team(user: AbstractBaseUser, review: Review) -> bool:
    """Approvers belong to the review's team (docs/decisions/approvals.md): its owner, a member
    of its team, or a superuser."""
    if user.is_superuser or user.pk == review.owner_id:  # type: ignore[attr-defined]
        return True
    return review.team_id is not None and review.team.members.filter(pk=user.pk).exists()  # type: ignore[union-attr]


def can_approve(user: AbstractBaseUser, approval: Approval) -> tuple[bool, str]:
    if not in_review_team(user, approval.review):
        return False, "Only members of this review's team can approve it."
    if user.pk == approval.requested_by_id:
        return False, "You made this decision: someone else must approve it."
    if approval.approver_user_id:
        return (user.pk == approval.approver_user_id,
                f"This item waits for {approval.approver_user}.")
    if approval.approver_group_id and approval.approver_group.user_set.filter(pk=user.pk).exists():
        taken = effective_assignee(approval)
        if taken is not None and taken != user.pk:
            return False, "Another member of the group has taken this item."
        return True, ""
    return False, f"This item waits for the {approval.approver_group} group."
