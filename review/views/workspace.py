"""A review's page: the analysis in progress, the workspace (the card of the recommendation shown,
the sidebar) while it awaits decisions, or the finished review; and the progress poll."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET
from django_htmx.http import HttpResponseClientRedirect

from review import presenters, selectors
from review.models import Recommendation, Review, ReviewStatus
from review.workflow import recommendation_show


def is_partial(request: HttpRequest) -> bool:
    """An HTMX request that swaps a part of the page (not a boosted link, not a history restore)."""
    htmx = getattr(request, "htmx", None)
    return bool(htmx) and not htmx.boosted and not htmx.history_restore_request


def render_review(request: HttpRequest, review: Review, current: Recommendation | None = None) -> HttpResponse:
    """The review's page as its status shows it, on ``current`` (or the first pending one)."""
    if review.status == ReviewStatus.ANALYZING:
        return render(request, "review/detail.html", {"review": review, "job": selectors.latest_job_of(review)})
    if review.status == ReviewStatus.AWAITING_DECISION:
        current, _ = recommendation_show(review, current)
        context = presenters.workspace_context(review, current)
        if context["current"] is None:
            review = selectors.review_reloaded(review)
            if review.status != ReviewStatus.AWAITING_DECISION:  # completed meanwhile (last one superseded)
                return render_review(request, review)
            # Nothing left to decide, but decisions wait for their approvers.
            context["approvals"] = selectors.open_approvals_of(review)
        if is_partial(request):
            # The header (document version, status) changes with decisions: swap it out of band.
            context["oob_header"] = True
            return render(request, "review/detail.html#workspace", context)
        return render(request, "review/detail.html", context)
    context = presenters.finished_context(review, page=request.GET.get("page"))
    template = "review/detail.html#finished" if is_partial(request) else "review/detail.html"
    return render(request, template, context)


@require_GET
def review_detail(request: HttpRequest, review_id: int) -> HttpResponse:
    review = selectors.review_for_user(request.user, review_id)
    return render_review(request, review)


@require_GET
def recommendation_detail(request: HttpRequest, review_id: int, recommendation_id: int) -> HttpResponse:
    review = selectors.review_for_user(request.user, review_id)
    rec = selectors.recommendation_in(review, recommendation_id)
    if rec is None:
        raise Http404("No such recommendation in this review.")
    return render_review(request, review, rec)


@require_GET
def review_progress(request: HttpRequest, review_id: int) -> HttpResponse:
    review = selectors.review_for_user(request.user, review_id)
    if review.status != ReviewStatus.ANALYZING:
        # Done: straight into the review (this also ends the polling).
        return HttpResponseClientRedirect(reverse("review:detail", args=[review.pk]))
    return render(request, "review/detail.html#progress", {"review": review, "job": selectors.latest_job_of(review)})
