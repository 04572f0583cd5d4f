"""Deciding: a card's decision (accept, reject, revise, edit), undo, the number-only batch, the
parties, cancelling. Each is one workflow call; the next card comes from what it returned."""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect, push_url, retarget, trigger_client_event

from core.ids import parse_id
from review import presenters, selectors
from review.forms import DecisionForm, PartiesForm
from review.models import DecisionOutcome, RecommendationStatus, ReviewStatus
from review.services import recommendation_comment_save
from review.workflow import (
    MAX_BULK_ITEMS,
    ReviewRefused,
    bulk_accept,
    card_decide,
    decision_undo,
    recommendation_show,
    review_cancel,
    review_parties_set,
)

from .workspace import is_partial, render_review


@require_POST
def review_decide_view(request: HttpRequest, review_id: int) -> HttpResponse:
    review = selectors.review_for_user(request.user, review_id)
    form = DecisionForm(request.POST)
    if not form.is_valid():
        messages.error(request, "That decision was incomplete; here is the current state.")
        return render_review(request, review)
    data = form.cleaned_data
    if data["action"] in ("accept", "edit") and data.get("comment_sent"):
        # The comment for the other side goes with the acceptance: saved first (review/services.py).
        commented = selectors.recommendation_in(review, data["recommendation"])
        untouched = (data["action"] == "edit" and commented is not None and commented.comment is None
                     and " ".join(data.get("comment", "").split()) == " ".join(data.get("comment_shown", "").split()))
        if commented is not None and not untouched:
            recommendation_comment_save(recommendation=commented, text=data.get("comment", ""), actor=request.user)
    result = card_decide(review=review, actor=request.user, recommendation_id=data["recommendation"],
                         proposal_id=data["proposal"], action=data["action"], idempotency_key=data["key"],
                         reason=data["reason"], instruction=data["instruction"], wording=data.get("wording", ""),
                         override=bool(data.get("override")))
    getattr(messages, result.level)(request, result.message)
    if result.recommendation is not None:
        # The decision took effect: the workflow brought ``review`` (its status, cursor and
        # revision) and the recommendation up to date under the lock; nothing to read again.
        decided = result.recommendation
        if result.outcome == DecisionOutcome.REVISED:
            decided.revising_instruction = None  # revised at once: no revision job runs for it
    else:
        # Stale, duplicate or failed: read again, the cursor may have moved.
        review = selectors.review_for_user(request.user, review_id)
        decided = selectors.recommendation_in(review, data["recommendation"], with_base=True)
    current = None
    if decided is not None and decided.status == RecommendationStatus.PENDING:
        current = decided  # revised, stale or failed: show it again, as it is now
    elif decided is not None:
        current = selectors.next_pending_of(review, after=decided)
    if is_partial(request) and review.status != ReviewStatus.AWAITING_DECISION:
        # Completed (or cancelled meanwhile): the whole page changes, messages ride the session.
        return HttpResponseClientRedirect(reverse("review:detail", args=[review.pk]))
    if not is_partial(request):
        if current is not None and review.status == ReviewStatus.AWAITING_DECISION:
            return redirect("review:recommendation", review_id=review.pk, recommendation_id=current.pk)
        return redirect("review:detail", review_id=review.pk)
    current, superseded = recommendation_show(review, current)
    if current is None:
        # Nothing left to decide here, but approvals are open: the whole workspace changes.
        response = retarget(push_url(render_review(request, review), reverse("review:detail", args=[review.pk])),
                            "#workspace")
        return trigger_client_event(response, "contract-changed")
    # The hot path: only the next card, and out of band what changed around it (the decided
    # recommendation's and the new card's sidebar entries, the counts, the header). The contract
    # pane reloads itself on the event (it is not part of this response).
    context = presenters.card_context(review, current, None if superseded else result.counts)
    context["changed"] = [r for r in (decided, current) if r is not None]
    if decided is not None and decided.pk == current.pk:
        context["changed"] = [current]
    response = render(request, "review/detail.html#decided", context)
    trigger_client_event(response, "contract-changed")
    # A reload resumes on the card now shown.
    return push_url(response, reverse("review:recommendation", args=[review.pk, current.pk]))


@require_POST
def review_undo_view(request: HttpRequest, review_id: int) -> HttpResponse:
    """Undo an accepted edit or reopen a rejection, then show that recommendation's card."""
    review = selectors.review_for_user(request.user, review_id)
    decision_id = parse_id(request.POST.get("decision", ""))
    key = request.POST.get("key", "")
    # An id no row can have (beyond the database's integer) is an incomplete request, not a 500.
    if decision_id is None or not key:
        messages.error(request, "That request was incomplete; here is the current state.")
        return redirect("review:detail", review_id=review.pk)
    result = decision_undo(review=review, decision_id=decision_id, actor=request.user, idempotency_key=key)
    getattr(messages, result.level)(request, result.message)
    decision = selectors.decision_in(review, decision_id)
    review = selectors.review_reloaded(review)
    if decision is not None and review.status == ReviewStatus.AWAITING_DECISION:
        return redirect("review:recommendation", review_id=review.pk, recommendation_id=decision.recommendation_id)
    return redirect("review:detail", review_id=review.pk)


@require_http_methods(["GET", "POST"])
def review_bulk_accept(request: HttpRequest, review_id: int) -> HttpResponse:
    """Accept every low-severity number-only edit after one confirmation that lists them; the POST
    accepts only the edits that page listed (review/workflow/bulk.py)."""
    review = selectors.review_for_user(request.user, review_id)
    if review.status != ReviewStatus.AWAITING_DECISION:
        return redirect("review:detail", review_id=review.pk)
    if request.method == "GET":
        shown = [recommendation_show(review, rec)[0] or rec for rec in selectors.number_only_pending(review)]
        return render(request, "review/bulk.html", {"review": review, "candidates": presenters.bulk_items(shown),
                                                     "held": presenters.bulk_held(shown), "batch": uuid.uuid4().hex})
    items = []
    for value in request.POST.getlist("item")[:MAX_BULK_ITEMS]:
        rec_text, _, proposal_text = value.partition(":")
        rec_id, proposal_id = parse_id(rec_text), parse_id(proposal_text)
        if rec_id is not None and proposal_id is not None:
            items.append((rec_id, proposal_id))
    result = bulk_accept(review=review, actor=request.user, items=items, batch=request.POST.get("batch", "")[:32])
    text = f"Accepted {result.accepted} number-only edit{'s' if result.accepted != 1 else ''}."
    if result.skipped:
        text += f" {result.skipped} had changed or were decided meanwhile: decide them on their cards."
    if result.held:
        text += (f" {result.held} need{'s' if result.held == 1 else ''} your wording (the edit checker found "
                 "a problem): decide them on their cards.")
    (messages.success if not (result.skipped or result.held) else messages.warning)(request, text)
    return redirect("review:detail", review_id=review.pk)


@require_POST
def review_parties_view(request: HttpRequest, review_id: int) -> HttpResponse:
    """The lawyer corrects who the parties are; pending proposals are written again."""
    review = selectors.review_for_user(request.user, review_id)
    form = PartiesForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Give the names of both parties as the contract writes them (120 characters at most).")
    elif not review.is_active:
        messages.info(request, "This review has finished: nothing is left to write again.")
    else:
        try:
            count = review_parties_set(review=review, actor=request.user, us=form.cleaned_data["us"],
                                       them=form.cleaned_data["them"])
        except ReviewRefused as exc:
            messages.error(request, str(exc))
        else:
            messages.success(request, f"Parties saved; {count} pending proposal{'s' if count != 1 else ''} "
                                      "written again with these names.")
    return redirect("review:detail", review_id=review.pk)


@require_http_methods(["GET", "POST"])
def review_cancel_view(request: HttpRequest, review_id: int) -> HttpResponse:
    """Cancelling is final: a page asks first (what is lost, a reason), and only its POST with
    ``confirm`` cancels."""
    review = selectors.review_for_user(request.user, review_id)
    if request.method == "GET" or request.POST.get("confirm") != "yes":
        if not review.is_active:
            return redirect("review:detail", review_id=review.pk)
        counts = selectors.recommendation_counts(review)
        return render(request, "review/cancel.html", {"review": review, "counts": counts})
    if review_cancel(review=review, actor=request.user, reason=request.POST.get("reason", "").strip()[:500]):
        messages.warning(request, "The review was cancelled. Nothing more can be decided in it.")
    else:
        messages.info(request, "This review had already finished.")
    return redirect("review:detail", review_id=review.pk)
