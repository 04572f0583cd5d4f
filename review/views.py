"""Review pages (thin: parse, call the workflow, render). Partials of ``review/detail.html`` are
rendered alone for HTMX requests."""

from __future__ import annotations

import uuid
from types import SimpleNamespace
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect, push_url, retarget

from documents import selectors as document_selectors
from documents.docx.diff import word_diff_html
from documents.docx.edit import edit_problem
from documents.docx.validate import UploadRejected
from documents.services import document_create
from playbooks.selectors import versions_for_new_review

from . import selectors
from .forms import DecisionForm, NewReviewForm, NextRoundForm, PartiesForm
from .gates import can_approve, effective_assignee
from .inbox import approval_for_user
from .models import (
    AnalysisJob,
    Approval,
    ApprovalStatus,
    DecisionOutcome,
    JobStatus,
    Proposal,
    Recommendation,
    RecommendationStatus,
    Review,
    ReviewStatus,
)
from .workflow import (
    ReviewRefused,
    approval_decide,
    approval_take,
    comment_reply,
    event_append,
    recommendation_prepare,
    review_cancel,
    review_decide,
    review_next_round,
    review_parties_set,
    review_start,
)

DOCX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


def _partial(request: HttpRequest) -> bool:
    htmx = getattr(request, "htmx", None)
    return bool(htmx) and not htmx.boosted and not htmx.history_restore_request


@require_GET
def review_list(request: HttpRequest) -> HttpResponse:
    return render(request, "review/list.html", {"reviews": selectors.review_list_for_user(request.user)})


@require_http_methods(["GET", "POST"])
def review_new(request: HttpRequest) -> HttpResponse:
    versions = list(versions_for_new_review(request.user))
    form = NewReviewForm(request.POST or None, request.FILES or None, versions=versions)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["contract"]
        team = request.user.teams.first()  # type: ignore[attr-defined]
        try:
            document = document_create(owner=request.user, team=team, filename=upload.name, data=upload.read())
            review = review_start(owner=request.user, team=team, document=document,
                                  playbook_version=form.cleaned_data["version"], party=form.cleaned_data["party"])
        except UploadRejected as exc:
            form.add_error("contract", str(exc))
        except ReviewRefused as exc:
            form.add_error(None, str(exc))
        else:
            return redirect("review:detail", review_id=review.pk)
    return render(request, "review/new.html", {"form": form, "has_playbooks": bool(versions)})


def _show(review: Review, current: Recommendation | None) -> Recommendation | None:
    """The recommendation to show: ``current`` (or the first pending one), prepared on the
    review's current version first (invariant 2: re-anchored or re-resolved before it is shown).
    If preparing it resolved it (superseded), the next pending one is shown instead."""
    return _show_tracked(review, current)[0]


def _show_tracked(review: Review, current: Recommendation | None) -> tuple[Recommendation | None, bool]:
    """``_show``, and whether showing it superseded a recommendation (counts changed)."""
    superseded = False
    for _attempt in range(5):
        if current is None:
            current = selectors.next_pending_of(review)
        if current is None or current.status != RecommendationStatus.PENDING:
            return current, superseded
        prepared = recommendation_prepare(review=review, recommendation=current)
        if prepared.status == RecommendationStatus.PENDING:
            return prepared, superseded
        superseded = True
        review.refresh_from_db()
        current = selectors.next_pending_of(review, after=prepared)
    return current, superseded


def _cannot_apply(review: Review, proposal: Any) -> str:
    """Why the proposal can never be applied as it stands (it would cut through a field, say),
    or "": such a card offers no Accept that would fail every time."""
    if proposal.base_version_id != review.current_version_id:
        return ""  # shown after re-anchoring; an older one is refused as stale anyway
    return edit_problem(review.current_version.text_model, proposal.edit_obj) or ""


def _card_context(review: Review, current: Recommendation | None,
                  counts: dict[str, int] | None = None) -> dict[str, Any]:
    """What the card needs, and no more: this renders after every decision (the hot path, at
    most 15 queries in all: tests/review/test_queries.py)."""
    counts = counts if counts is not None else selectors.recommendation_counts(review)
    context: dict[str, Any] = {
        "review": review,
        "review_url": reverse("review:detail", args=[review.pk]),
        "current": current,
        "n_total": counts["total"],
        "n_pending": counts["pending"],
        "n_decided": counts["decided"],
        "n_awaiting": counts["awaiting"],
    }
    if current is None:
        return context
    context["previous"], context["following"] = selectors.neighbours(review, current)
    if hasattr(current, "revising_instruction"):  # annotated by selectors.next_pending_of
        context["revising"] = (SimpleNamespace(instruction=current.revising_instruction)
                               if current.revising_instruction is not None else None)
    else:
        context["revising"] = current.revision_jobs.filter(status__in=[JobStatus.QUEUED, JobStatus.RUNNING]).first()
    proposal = current.current_proposal
    if proposal is not None:
        context["proposal"] = proposal
        # word_diff_html escapes both texts itself and adds only <ins>/<del>.
        context["redline"] = mark_safe(word_diff_html(proposal.before, proposal.after))
        context["cannot_apply"] = _cannot_apply(review, proposal)
        try:
            rule = review.playbook_version.playbook_spec.rule(current.rule_id)
            context["variants"] = [name for name, _ in rule.variants]
        except KeyError:
            context["variants"] = []
        context["history"] = _known_history(proposal) or selectors.proposal_history(current)
        context["idempotency_key"] = uuid.uuid4().hex
        context["clause"] = _clause_context(review, current)
    return context


def _known_history(proposal: Proposal) -> list[Proposal] | None:
    """The proposal's history when the workflow left the whole chain in memory (a first
    proposal, or one it just made from a first one), oldest first; None otherwise."""
    chain = [proposal]
    while chain[-1].predecessor_id is not None:
        if not Proposal.predecessor.field.is_cached(chain[-1]):
            return None
        chain.append(chain[-1].predecessor)  # type: ignore[arg-type]
    return chain[::-1] if chain[-1].number == 1 else None


def _workspace_context(request: HttpRequest, review: Review, current: Recommendation | None) -> dict[str, Any]:
    current = _show(review, current)
    context = _card_context(review, current)
    context["recommendations"] = selectors.recommendations_for_sidebar(review)
    context["rule_outcomes"] = list(review.rule_outcomes.all())
    return context


def _clause_context(review: Review, rec: Recommendation) -> list[dict[str, str]]:
    """The paragraph(s) the evidence sits in, from the current version, with the evidence
    sentence marked (split into before / sentence / after so the template escapes all three)."""
    model = review.current_version.text_model
    parts = []
    for evidence in rec.evidence_items[:3]:
        paragraph = model.find(evidence.locator)
        if paragraph is None:
            continue
        text = paragraph.text
        where = _PART_LABELS.get(paragraph.part, "")
        start = text.find(evidence.sentence)
        if start < 0:
            parts.append({"before": text, "mark": "", "after": "", "where": where})
        else:
            end = start + len(evidence.sentence)
            parts.append({"before": text[:start], "mark": text[start:end], "after": text[end:], "where": where})
    return parts


_PART_LABELS = {"footnote": "In a footnote", "endnote": "In an endnote", "textbox": "In a text box"}


def _render_review(request: HttpRequest, review: Review, current: Recommendation | None = None) -> HttpResponse:
    if review.status == ReviewStatus.ANALYZING:
        job = review.jobs.order_by("-created_at").first()
        return render(request, "review/detail.html", {"review": review, "job": job})
    if review.status == ReviewStatus.AWAITING_DECISION:
        context = _workspace_context(request, review, current)
        if context["current"] is None:
            review.refresh_from_db()
            if review.status != ReviewStatus.AWAITING_DECISION:  # completed meanwhile (last one superseded)
                return _render_review(request, review)
            # Nothing left to decide, but decisions wait for their approvers.
            context["approvals"] = list(review.approvals.filter(status=ApprovalStatus.OPEN)
                                        .select_related("recommendation", "approver_user", "approver_group"))
        if _partial(request):
            # The header (document version, status) changes with decisions: swap it out of band.
            context["oob_header"] = True
            return render(request, "review/detail.html#workspace", context)
        return render(request, "review/detail.html", context)
    context = {
        "review": review,
        "recommendations": selectors.recommendations_of(review),
        "decisions": selectors.decisions_of(review),
        "events": selectors.events_of(review),
        "rule_outcomes": list(review.rule_outcomes.all()),
    }
    if review.status == ReviewStatus.COMPLETED:
        try:
            first_page = document_selectors.version_preview_page(review.current_version)
            context["preview_html"], context["preview_page"] = first_page.html, first_page
        except document_selectors.DocumentRedacted as exc:
            context["redacted"] = str(exc)
    template = "review/detail.html#finished" if _partial(request) else "review/detail.html"
    return render(request, template, context)


@require_GET
def review_detail(request: HttpRequest, review_id: int) -> HttpResponse:
    review = selectors.review_for_user(request.user, review_id)
    return _render_review(request, review)


@require_GET
def recommendation_detail(request: HttpRequest, review_id: int, recommendation_id: int) -> HttpResponse:
    review = selectors.review_for_user(request.user, review_id)
    rec = review.recommendations.select_related("current_proposal").filter(pk=recommendation_id).first()
    if rec is None:
        raise Http404("No such recommendation in this review.")
    return _render_review(request, review, rec)


@require_GET
def review_progress(request: HttpRequest, review_id: int) -> HttpResponse:
    review = selectors.review_for_user(request.user, review_id)
    if review.status != ReviewStatus.ANALYZING:
        # Done: straight into the review (this also ends the polling).
        return HttpResponseClientRedirect(reverse("review:detail", args=[review.pk]))
    job: AnalysisJob | None = review.jobs.order_by("-created_at").first()
    return render(request, "review/detail.html#progress", {"review": review, "job": job})


@require_POST
def review_decide_view(request: HttpRequest, review_id: int) -> HttpResponse:
    review = selectors.review_for_user(request.user, review_id)
    form = DecisionForm(request.POST)
    if not form.is_valid():
        messages.error(request, "That decision was incomplete; here is the current state.")
        return _render_review(request, review)
    data = form.cleaned_data
    result = review_decide(
        review=review, recommendation_id=data["recommendation"], proposal_id=data["proposal"],
        action=data["action"], actor=request.user, idempotency_key=data["key"],
        reason=data["reason"], instruction=data["instruction"],
    )
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
        decided = review.recommendations.select_related("current_proposal", "current_proposal__base_version").filter(
            pk=data["recommendation"]
        ).first()
    current = None
    if decided is not None and decided.status == RecommendationStatus.PENDING:
        current = decided  # revised, stale or failed: show it again, as it is now
    elif decided is not None:
        current = selectors.next_pending_of(review, after=decided)
    if _partial(request) and review.status != ReviewStatus.AWAITING_DECISION:
        # Completed (or cancelled meanwhile): the whole page changes, messages ride the session.
        return HttpResponseClientRedirect(reverse("review:detail", args=[review.pk]))
    if not _partial(request):
        if current is not None and review.status == ReviewStatus.AWAITING_DECISION:
            return redirect("review:recommendation", review_id=review.pk, recommendation_id=current.pk)
        return redirect("review:detail", review_id=review.pk)
    current, superseded = _show_tracked(review, current)
    if current is None:
        # Nothing left to decide here, but approvals are open: the whole workspace changes.
        return retarget(push_url(_render_review(request, review), reverse("review:detail", args=[review.pk])),
                        "#workspace")
    # The hot path: only the next card, and out of band what changed around it (the decided
    # recommendation's and the new card's sidebar entries, the counts, the header).
    context = _card_context(review, current, None if superseded else result.counts)
    context["changed"] = [r for r in (decided, current) if r is not None]
    if decided is not None and decided.pk == current.pk:
        context["changed"] = [current]
    response = render(request, "review/detail.html#decided", context)
    # A reload resumes on the card now shown.
    return push_url(response, reverse("review:recommendation", args=[review.pk, current.pk]))


@require_POST
def review_cancel_view(request: HttpRequest, review_id: int) -> HttpResponse:
    review = selectors.review_for_user(request.user, review_id)
    if review_cancel(review=review, actor=request.user, reason=request.POST.get("reason", "").strip()[:500]):
        messages.warning(request, "The review was cancelled. Nothing more can be decided in it.")
    else:
        messages.info(request, "This review had already finished.")
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


@require_GET
def review_download(request: HttpRequest, review_id: int, kind: str) -> HttpResponse:
    """Downloads always come from the review's current version (invariant 6)."""
    review = selectors.review_for_user(request.user, review_id)
    version = review.current_version
    if kind == "clean":
        data = document_selectors.version_docx(version)
        suffix = "clean"
    elif kind == "redline":
        data = document_selectors.version_redline(version)
        suffix = "redline"
    else:
        raise Http404("Unknown download.")
    event_append(review_id=review.pk, kind="export", actor=request.user, file=kind, version=version.number)
    stem = (review.document.original_filename or "contract.docx").rsplit(".", 1)[0]
    response = HttpResponse(data, content_type=DOCX_CONTENT_TYPE)
    filename = f"{stem}-v{version.number}-{suffix}.docx".replace('"', "")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_GET
def review_preview(request: HttpRequest, review_id: int) -> HttpResponse:
    review = selectors.review_for_user(request.user, review_id)
    page = document_selectors.version_preview_page(
        review.current_version, document_selectors.preview_page_number(request.GET.get("page"))
    )
    return render(request, "review/preview.html",
                  {"review": review, "preview_html": page.html, "page": page, "pager_url": request.path})


@require_GET
def review_clauses(request: HttpRequest, review_id: int) -> HttpResponse:
    """The clause map of the current version: clause types found, their passages, key terms."""
    from .clause_map import clause_map_of

    review = selectors.review_for_user(request.user, review_id)
    clause_map = clause_map_of(review.current_version.text_model)
    return render(request, "review/clauses.html", {"review": review, "map": clause_map})


XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


@require_GET
def review_clauses_export(request: HttpRequest, review_id: int, fmt: str) -> HttpResponse:
    from .clause_map import clause_map_csv, clause_map_of, clause_map_xlsx

    review = selectors.review_for_user(request.user, review_id)
    if fmt not in ("csv", "xlsx"):
        raise Http404("Unknown export.")
    clause_map = clause_map_of(review.current_version.text_model)
    if fmt == "csv":
        response = HttpResponse(clause_map_csv(clause_map), content_type="text/csv; charset=utf-8")
    else:
        response = HttpResponse(clause_map_xlsx(clause_map), content_type=XLSX_CONTENT_TYPE)
    stem = (review.document.original_filename or "contract.docx").rsplit(".", 1)[0]
    filename = f"{stem}-v{review.current_version.number}-clauses.{fmt}".replace('"', "")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


# --------------------------------------------------------------------------------------------
# Approvals (docs/decisions/approvals.md): the item page an inbox entry opens, and the approver's actions.


def _approval_context(request: HttpRequest, approval: Approval) -> dict[str, Any]:
    review = approval.review
    proposal = approval.proposal
    try:
        rule = review.playbook_version.playbook_spec.rule(approval.recommendation.rule_id)
    except KeyError:
        rule = None
    allowed, why_not = can_approve(request.user, approval)
    return {
        "approval": approval,
        "review": review,
        "rec": approval.recommendation,
        "proposal": proposal,
        "rule": rule,
        # The stored snapshot the lawyer chose, exactly: its text before and after.
        "redline": mark_safe(word_diff_html(proposal.before, proposal.after)),
        "clause": _clause_context(review, approval.recommendation),
        "can_act": allowed and approval.status == ApprovalStatus.OPEN,
        "why_not": why_not,
        "can_take": allowed and approval.approver_group_id is not None and effective_assignee(approval) is None,
    }


@require_GET
def approval_detail(request: HttpRequest, approval_id: int) -> HttpResponse:
    approval = approval_for_user(request.user, approval_id)
    return render(request, "review/approval.html", _approval_context(request, approval))


@require_POST
def approval_act(request: HttpRequest, approval_id: int) -> HttpResponse:
    approval = approval_for_user(request.user, approval_id)
    action = request.POST.get("action", "")
    if action == "take":
        result = approval_take(approval=approval, actor=request.user)
    elif action in ("approve", "send_back"):
        result = approval_decide(approval=approval, actor=request.user, approve=action == "approve",
                                 comment=request.POST.get("comment", ""))
    else:
        messages.error(request, "Unknown action.")
        return redirect("review:approval", approval_id=approval.pk)
    (messages.success if result.ok else messages.warning)(request, result.message)
    if result.ok and action != "take":
        return redirect("inbox:list")
    return redirect("review:approval", approval_id=approval.pk)


@require_POST
def review_next_round_view(request: HttpRequest, review_id: int) -> HttpResponse:
    """The next round: their returned draft becomes items of theirs in this review."""
    review = selectors.review_for_user(request.user, review_id)
    form = NextRoundForm(request.POST, request.FILES)
    if not form.is_valid():
        messages.error(request, "Choose the file the other side sent back.")
        return redirect("review:detail", review_id=review.pk)
    upload = form.cleaned_data["returned"]
    try:
        result = review_next_round(review=review, data=upload.read(), filename=upload.name, actor=request.user,
                                   author=form.cleaned_data["counterparty"])
    except (UploadRejected, ReviewRefused) as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, result.message)
    return redirect("review:detail", review_id=review.pk)


@require_POST
def comment_reply_view(request: HttpRequest, review_id: int) -> HttpResponse:
    """Answer one of their comments (a reply comment of ours in the redline)."""
    review = selectors.review_for_user(request.user, review_id)
    message = comment_reply(review=review, comment_id=request.POST.get("comment", "")[:20],
                            text=request.POST.get("text", ""), actor=request.user)
    messages.info(request, message)
    back = request.POST.get("recommendation", "")
    # At most 18 digits: an id, not a number Python refuses to read (over 4,300 digits) or SQL cannot hold.
    if back.isdigit() and len(back) <= 18 and review.recommendations.filter(pk=int(back)).exists():
        return redirect("review:recommendation", review_id=review.pk, recommendation_id=int(back))
    return redirect("review:detail", review_id=review.pk)
