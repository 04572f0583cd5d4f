"""Reads of the review app. Every lookup is scoped to what the user may see: the owner, or a
member of the review's team. Anything else is a 404 in the views."""

from __future__ import annotations

from types import SimpleNamespace

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Count, OuterRef, Q, QuerySet, Subquery
from django.shortcuts import get_object_or_404

from .models import (
    Decision,
    JobStatus,
    Proposal,
    Recommendation,
    RecommendationStatus,
    Review,
    ReviewEvent,
    RevisionJob,
)


def reviews_visible_to(user: AbstractBaseUser) -> QuerySet[Review]:
    return Review.objects.filter(Q(owner=user) | Q(team__members=user)).distinct()


def review_for_user(user: AbstractBaseUser, review_id: int) -> Review:
    return get_object_or_404(
        reviews_visible_to(user).select_related(
            "current_version", "playbook_version", "playbook_version__playbook", "document", "owner"
        ),
        pk=review_id,
    )


def review_list_for_user(user: AbstractBaseUser) -> QuerySet[Review]:
    return (
        reviews_visible_to(user)
        .select_related("playbook_version", "playbook_version__playbook", "current_version")
        .annotate(
            n_total=Count("recommendations", distinct=True),
            n_pending=Count("recommendations", filter=Q(recommendations__status=RecommendationStatus.PENDING),
                            distinct=True),
        )
        .order_by("-created_at")
    )


def recommendations_of(review: Review) -> list[Recommendation]:
    return list(review.recommendations.select_related("current_proposal").order_by("ordinal"))


def proposal_history(recommendation: Recommendation) -> list[Proposal]:
    return list(recommendation.proposals.select_related("base_version").order_by("number"))


def decisions_of(review: Review) -> list[Decision]:
    return list(review.decisions.select_related("recommendation", "actor", "proposal").order_by("created_at", "id"))


def events_of(review: Review) -> list[ReviewEvent]:
    return list(review.events.select_related("actor").order_by("seq"))


# Light reads for the card (rendered after every decision): no full list of recommendations.


def next_pending_of(review: Review, after: Recommendation | None = None) -> Recommendation | None:
    active_job = RevisionJob.objects.filter(recommendation=OuterRef("pk"),
                                            status__in=[JobStatus.QUEUED, JobStatus.RUNNING])
    # With the proposal's predecessor: re-anchoring it on show makes a third link, and the card's
    # history then needs no query of its own.
    pending = review.recommendations.filter(status=RecommendationStatus.PENDING).select_related(
        "current_proposal", "current_proposal__base_version", "current_proposal__predecessor",
        "current_proposal__predecessor__base_version",
    ).annotate(revising_instruction=Subquery(active_job.values("instruction")[:1])).order_by("ordinal")
    if after is not None:
        later = pending.filter(ordinal__gt=after.ordinal).first()
        if later is not None:
            return later
    return pending.first()


def recommendation_counts(review: Review) -> dict[str, int]:
    from .models import RECOMMENDATION_OPEN

    return review.recommendations.aggregate(
        total=Count("pk"),
        pending=Count("pk", filter=Q(status=RecommendationStatus.PENDING)),
        awaiting=Count("pk", filter=Q(status=RecommendationStatus.AWAITING_APPROVAL)),
        decided=Count("pk", filter=~Q(status__in=list(RECOMMENDATION_OPEN))),
    )


def neighbours(review: Review, rec: Recommendation) -> tuple[SimpleNamespace | None, SimpleNamespace | None]:
    """The recommendations before and after ``rec`` (ids only: the card links to them). Their
    ordinals are consecutive from 1 (review/workflow/analysis.py): one query for both."""
    rows = dict(review.recommendations.filter(ordinal__in=[rec.ordinal - 1, rec.ordinal + 1])
                .values_list("ordinal", "pk"))
    before, after = rows.get(rec.ordinal - 1), rows.get(rec.ordinal + 1)
    return (SimpleNamespace(pk=before) if before else None, SimpleNamespace(pk=after) if after else None)


def recommendations_for_sidebar(review: Review) -> list[Recommendation]:
    return list(review.recommendations.only("pk", "ordinal", "rule_title", "severity", "status", "review_id")
                .order_by("ordinal"))
