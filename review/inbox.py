"""The approvals source of the inbox, and the approval selectors."""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import reverse

from inbox.sources import InboxItem

from .gates import can_approve
from .models import Approval, ApprovalStatus, RecommendationStatus, ReviewStatus
from .selectors import reviews_visible_to


def approvals_waiting_for(user: AbstractBaseUser) -> QuerySet[Approval]:
    """Open approvals this user may act on now: addressed to them, or to one of their groups and
    not taken by another member who is still in that group, on a review of their team. Their own
    decisions never count."""
    if not user.is_authenticated:
        return Approval.objects.none()
    memberships = get_user_model().groups.through.objects
    taken_by_member = Exists(
        memberships.filter(user_id=OuterRef("assignee_id"), group_id=OuterRef("approver_group_id"))
    )
    return (
        Approval.objects.filter(status=ApprovalStatus.OPEN)
        .filter(Q(review__in=reviews_visible_to(user)) if not user.is_superuser else Q())  # type: ignore[attr-defined]
        .filter(Q(approver_user=user) | Q(approver_group__in=user.groups.all()))  # type: ignore[attr-defined]
        .exclude(requested_by=user)
        .annotate(taken_by_member=taken_by_member)
        .filter(Q(assignee__isnull=True) | Q(assignee=user) | Q(taken_by_member=False))
        .select_related("review", "recommendation", "requested_by", "approver_group", "approver_user")
        .order_by("created_at", "id")
    )


def approval_for_user(user: AbstractBaseUser, approval_id: int) -> Approval:
    """An approval is visible to those who see its review (its owner and team) and to
    superusers; an approver outside the team gets a 404 like for any object of another team
    (docs/decisions/approvals.md)."""
    approval = get_object_or_404(
        Approval.objects.select_related("review", "recommendation", "proposal", "decision", "requested_by",
                                        "approver_group", "approver_user", "decided_by", "assignee"),
        pk=approval_id,
    )
    if user.is_superuser or reviews_visible_to(user).filter(pk=approval.review_id).exists():  # type: ignore[attr-defined]
        return approval
    raise Http404("No such item.")


def _items(user: AbstractBaseUser) -> Iterable[InboxItem]:
    for approval in approvals_waiting_for(user):
        verb = "accept the edit" if approval.kind == "accept" else "reject"
        yield InboxItem(
            kind="approval",
            kind_label="Approval",
            title=f"Approve: {approval.recommendation.rule_title}",
            subtitle=f"{approval.review.title} — {approval.requested_by} chose to {verb}. {approval.why}",
            url=reverse("review:approval", args=[approval.pk]),
            created_at=approval.created_at,
            severity=approval.recommendation.severity,
            assigned_to_me=approval.assignee_id == user.pk or approval.approver_user_id == user.pk,
        )


def _count(user: AbstractBaseUser) -> int:
    return approvals_waiting_for(user).count()


def failed_applications_for(user: AbstractBaseUser) -> QuerySet[Approval]:
    """Edits this lawyer sent for approval that were approved but could not be applied
    (docs/decisions/approvals.md), while the item is still theirs to decide again: no newer
    approval was asked for it since (an item the current text no longer needs, superseded, is
    still shown: the lawyer must know the approved edit is not in the contract)."""
    if not user.is_authenticated:
        return Approval.objects.none()
    newer = Approval.objects.filter(recommendation_id=OuterRef("recommendation_id"), pk__gt=OuterRef("pk"))
    return (
        Approval.objects.filter(status=ApprovalStatus.FAILED_APPLICATION, requested_by=user,
                                recommendation__status__in=[RecommendationStatus.PENDING,
                                                            RecommendationStatus.SUPERSEDED],
                                review__status__in=[ReviewStatus.AWAITING_DECISION, ReviewStatus.COMPLETED],
                                review__in=reviews_visible_to(user))  # type: ignore[attr-defined]
        .exclude(Exists(newer))
        .select_related("review", "recommendation")
        .order_by("decided_at", "id")
    )


def _failed_items(user: AbstractBaseUser) -> Iterable[InboxItem]:
    for approval in failed_applications_for(user):
        yield InboxItem(
            kind="failed_application",
            kind_label="Not applied",
            title=f"Not applied: {approval.recommendation.rule_title}",
            subtitle=f"{approval.review.title} — {approval.comment}",
            url=reverse("review:detail", args=[approval.review_id]) + f"?rec={approval.recommendation_id}",
            created_at=approval.decided_at or approval.created_at,
            severity=approval.recommendation.severity,
            assigned_to_me=True,
        )


def register() -> None:
    from inbox.sources import register as register_source

    register_source("approval", "Approvals", _items, _count)
    register_source("failed_application", "Approved edits not applied", _failed_items,
                    lambda user: failed_applications_for(user).count())


__all__ = ["approval_for_user", "approvals_waiting_for", "can_approve", "register"]
