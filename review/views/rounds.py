"""Negotiation rounds (docs/decisions/negotiation-rounds.md): their returned draft as the next
round, and our replies to their comments."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from core.ids import parse_id
from documents.docx.validate import UploadRejected
from review import selectors
from review.forms import NextRoundForm
from review.workflow import ReviewRefused, comment_reply, round_submit


@require_POST
def review_next_round_view(request: HttpRequest, review_id: int) -> HttpResponse:
    """The next round: their returned draft becomes items of theirs in this review."""
    review = selectors.review_for_user(request.user, review_id)
    form = NextRoundForm(request.POST, request.FILES)
    if not form.is_valid():
        messages.error(request, "Choose the file the other side sent back.")
        return redirect("review:detail", review_id=review.pk)
    key = request.POST.get("key", "")
    if not key:
        messages.error(request, "That request was incomplete; reload the page and upload their draft again.")
        return redirect("review:detail", review_id=review.pk)
    upload = form.cleaned_data["returned"]
    try:
        # Their file is stored and a job queued (a PDF, .doc, .rtf or .odt: its conversion, which
        # submits the round when it is done); the conversion and the comparison run in a worker.
        result = round_submit(review=review, data=upload.read(), filename=upload.name, actor=request.user,
                              author=form.cleaned_data["counterparty"], key=key)
    except (UploadRejected, ReviewRefused) as exc:
        messages.error(request, str(exc))
    else:
        (messages.info if result.duplicate else messages.success)(request, result.message)
    return redirect("review:detail", review_id=review.pk)


@require_POST
def comment_reply_view(request: HttpRequest, review_id: int) -> HttpResponse:
    """Answer one of their comments (a reply comment of ours in the redline)."""
    review = selectors.review_for_user(request.user, review_id)
    key = request.POST.get("key", "")
    if not key:
        message = "That request was incomplete; reload the page and reply again."
    else:
        # The comment's id is the one their Word file gave it (w:id, text), not a row of ours.
        message = comment_reply(review=review, comment_id=request.POST.get("comment", "")[:20],
                                text=request.POST.get("text", ""), actor=request.user, key=key)
    messages.info(request, message)
    back = parse_id(request.POST.get("recommendation", ""))
    if back is not None and selectors.recommendation_exists(review, back):
        return redirect("review:recommendation", review_id=review.pk, recommendation_id=back)
    return redirect("review:detail", review_id=review.pk)
