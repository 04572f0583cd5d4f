"""Reads of the review app. Every lookup is scoped to what the user may see: the owner, or a
member of the review's team. Anything else is a 404 in the views."""

from __future__ import annotations

from collections.abc import Collection
from types import SimpleNamespace

from django.contrib.auth.models import AbstractBaseUser
from django.core.paginator import Page, Paginator
from django.db.models import Count, OuterRef, Q, QuerySet, Subquery
from django.shortcuts import get_object_or_404

from core.ids import parse_id
from core.models import Team

from .bulk import is_number_only
from .models import (
    AnalysisJob,
    Approval,
    ApprovalStatus,
    Decision,
    DecisionOutcome,
    JobStatus,
    Proposal,
    Recommendation,
    RecommendationStatus,
    Review,
    ReviewEvent,
    RevisionJob,
    RuleOutcome,
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


def review_reloaded(review: Review) -> Review:
    """``review`` read again in place (its status, cursor and revision may have moved)."""
    review.refresh_from_db()
    return review


def team_for_new_review(user: AbstractBaseUser) -> Team | None:
    return user.teams.first()  # type: ignore[attr-defined]


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


# The review page shows its rows a page at a time (docs/decisions/hostile-input.md): a review
# with tens of thousands of items made a page of 32 MB.
REVIEW_PAGE_SIZE = 200  # rows of the decisions table per page
SIDEBAR_WINDOW = 100  # sidebar items shown either side of the current one
EVENTS_SHOWN = 500  # the latest audit events on the page (the full trail is in the audit export)


def recommendations_of(review: Review) -> list[Recommendation]:
    return list(review.recommendations.select_related("current_proposal").order_by("ordinal"))


def recommendations_page(review: Review, page: object) -> Page:
    """One page of the review's recommendations, by ordinal; a page that is not a number is the
    first, one past the end the last (core/ids.py reads it)."""
    queryset = review.recommendations.select_related("current_proposal").order_by("ordinal")
    return Paginator(queryset, REVIEW_PAGE_SIZE).get_page(parse_id(page) or 1)


def proposal_history(recommendation: Recommendation) -> list[Proposal]:
    return list(recommendation.proposals.select_related("base_version").order_by("number"))


def decisions_of(review: Review, recommendation_ids: Collection[int] | None = None) -> list[Decision]:
    decisions = review.decisions.select_related("recommendation", "actor", "proposal")
    if recommendation_ids is not None:
        decisions = decisions.filter(recommendation_id__in=list(recommendation_ids))
    return list(decisions.order_by("created_at", "id"))


def events_of(review: Review, latest: int | None = None) -> list[ReviewEvent]:
    """The review's audit events in order: all, or the ``latest`` ones."""
    events = review.events.select_related("actor")
    if latest is None:
        return list(events.order_by("seq"))
    return list(events.order_by("-seq")[:latest])[::-1]


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


def recommendations_for_sidebar(review: Review, around: Recommendation | None = None) -> list[Recommendation]:
    """The sidebar's items: all of them, or (``around``) the ``SIDEBAR_WINDOW`` either side of
    that one; the card links to the rest one by one."""
    items = review.recommendations.only("pk", "ordinal", "rule_title", "severity", "status", "review_id")
    if around is not None:
        items = items.filter(ordinal__gte=around.ordinal - SIDEBAR_WINDOW, ordinal__lte=around.ordinal + SIDEBAR_WINDOW)
    return list(items.order_by("ordinal"))


def recommendation_in(review: Review, recommendation_id: int, *, with_base: bool = False) -> Recommendation | None:
    """One recommendation of ``review`` with its current proposal (and that proposal's base
    version, ``with_base``), or None."""
    related = ("current_proposal", "current_proposal__base_version") if with_base else ("current_proposal",)
    return review.recommendations.select_related(*related).filter(pk=recommendation_id).first()


def recommendation_exists(review: Review, recommendation_id: int) -> bool:
    return review.recommendations.filter(pk=recommendation_id).exists()


def active_revision_of(recommendation: Recommendation) -> RevisionJob | None:
    return recommendation.revision_jobs.filter(status__in=[JobStatus.QUEUED, JobStatus.RUNNING]).first()


def undoable_decisions(review: Review, recommendation_ids: Collection[int] | None = None) -> dict[int, Decision]:
    """Per recommendation, the decision in force that can be taken back (an applied acceptance
    or a rejection not yet undone)."""
    found: dict[int, Decision] = {}
    decisions = review.decisions.filter(outcome__in=[DecisionOutcome.APPLIED, DecisionOutcome.REJECTED],
                                        undone_by__isnull=True)
    if recommendation_ids is not None:
        decisions = decisions.filter(recommendation_id__in=list(recommendation_ids))
    for decision in decisions.order_by("created_at", "id"):
        found[decision.recommendation_id] = decision
    return found


def decision_in(review: Review, decision_id: int) -> Decision | None:
    return review.decisions.filter(pk=decision_id).first()


def rule_outcomes_of(review: Review) -> list[RuleOutcome]:
    return list(review.rule_outcomes.all())


def latest_job_of(review: Review) -> AnalysisJob | None:
    return review.jobs.order_by("-created_at").first()


def open_approvals_of(review: Review) -> list[Approval]:
    return list(review.approvals.filter(status=ApprovalStatus.OPEN)
                .select_related("recommendation", "approver_user", "approver_group"))


def number_only_pending(review: Review) -> list[Recommendation]:
    """Pending low-severity recommendations whose edit changes numbers only (review/bulk.py)."""
    found = []
    for rec in review.recommendations.filter(status=RecommendationStatus.PENDING, severity="low").select_related(
        "current_proposal"
    ).order_by("ordinal"):
        proposal = rec.current_proposal
        if proposal is not None and proposal.action == "replace" and is_number_only(proposal.before, proposal.after):
            found.append(rec)
    return found


def proposal_shown(review: Review, recommendation_id: int, proposal_id: int) -> Proposal | None:
    """A proposal of one recommendation of ``review`` (as a page listed it), or None."""
    return Proposal.objects.filter(pk=proposal_id, recommendation_id=recommendation_id,
                                   recommendation__review=review).first()
