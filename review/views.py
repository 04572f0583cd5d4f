"""Review pages (thin: parse, call the workflow, render). Partials of ``review/detail.html`` are
rendered alone for HTMX requests."""

from __future__ import annotations

import dataclasses
import uuid
from types import SimpleNamespace
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect, push_url, retarget, trigger_client_event

from core.downloads import attachment
from documents import selectors as document_selectors
from documents.docx.diff import word_diff_html
from documents.docx.edit import edit_problem
from documents.docx.validate import UploadRejected
from documents.services import document_create
from playbooks.selectors import versions_for_new_review

from . import selectors
from .bulk import is_number_only
from .contract_view import Mark, render_contract
from .exports import issue_rows, issues_table, recommendation_comment, review_redline
from .forms import MAX_ID, DecisionForm, NewReviewForm, NextRoundForm, PartiesForm
from .gates import can_approve, effective_assignee
from .inbox import approval_for_user
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
    ReviewStatus,
)
from .services import recommendation_comment_save
from .tabular import TABLE_FORMATS, Table
from .workflow import (
    ReviewRefused,
    approval_decide,
    approval_take,
    comment_reply,
    decision_undo,
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
    if current.status in (RecommendationStatus.ACCEPTED, RecommendationStatus.REJECTED):
        context["undoable"] = _undoable(review).get(current.pk)
        context["idempotency_key"] = uuid.uuid4().hex
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
        except KeyError:
            rule = None
        # Offer only what this rule can do: its own variants, its ladder, numbers for number checks.
        context["variants"] = [name for name, _ in rule.variants] if rule else []
        context["has_ladder"] = bool(rule and len(rule.positions) > 1)
        context["takes_number"] = bool(rule and rule.check.kind.startswith(("max_", "min_")))
        context["history"] = _history_items(_known_history(proposal) or selectors.proposal_history(current))
        context["idempotency_key"] = uuid.uuid4().hex
        context["clause"] = _clause_context(review, current)
        context["comment"] = recommendation_comment(review, current)
        context["locator"] = proposal.edit.get("locator", "") if isinstance(proposal.edit, dict) else ""
    return context


def _undoable(review: Review) -> dict[int, Decision]:
    """Per recommendation, the decision in force that can be taken back (an applied acceptance
    or a rejection not yet undone)."""
    found: dict[int, Decision] = {}
    for decision in review.decisions.filter(
        outcome__in=[DecisionOutcome.APPLIED, DecisionOutcome.REJECTED], undone_by__isnull=True
    ).order_by("created_at", "id"):
        found[decision.recommendation_id] = decision
    return found


def _history_items(proposals: list[Any]) -> list[dict[str, Any]]:
    """The revision history as a lawyer reads it: each proposal of the analysis or a revision is
    one entry; a re-anchoring (the same edit moved to a newer version) is a note on the entry
    before it, not a proposal of its own."""
    items: list[dict[str, Any]] = []
    for proposal in proposals:
        if proposal.source == "reanchor" and items:
            items[-1]["moved_to"] = proposal.base_version.number
            continue
        items.append({"proposal": proposal, "moved_to": None})
    return items


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
    context["bulk_count"] = len(_bulk_candidates(review))
    return context


def _clause_context(review: Review, rec: Recommendation) -> list[dict[str, Any]]:
    """The paragraph(s) the evidence sits in, from the current version, each shown once with every
    evidence sentence in it marked: a list of pieces ``{"text", "mark"}`` per paragraph, which the
    template escapes."""
    model = review.current_version.text_model
    paragraphs: dict[str, list[str]] = {}
    for evidence in rec.evidence_items[:6]:
        paragraphs.setdefault(evidence.locator, []).append(evidence.sentence)
    parts = []
    for locator, sentences in list(paragraphs.items())[:3]:
        paragraph = model.find(locator)
        if paragraph is None:
            continue
        text = paragraph.text
        spans = sorted({(i, i + len(s)) for s in sentences if s and (i := text.find(s)) >= 0})
        pieces, position = [], 0
        for start, end in spans:
            if start < position:
                continue
            pieces.append({"text": text[position:start], "mark": False})
            pieces.append({"text": text[start:end], "mark": True})
            position = end
        pieces.append({"text": text[position:], "mark": False})
        parts.append({"locator": locator, "pieces": [p for p in pieces if p["text"]],
                      "where": _PART_LABELS.get(paragraph.part, "")})
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
    context["rule_titles"] = {o.rule_id: o.title for o in context["rule_outcomes"]}
    if review.status == ReviewStatus.COMPLETED:
        context["undoable"] = _undoable(review)
        context["idempotency_key"] = uuid.uuid4().hex
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


VARIANT_WORDS = frozenset({"mutual", "reciprocal", "bilateral", "one-way", "unilateral", "one way"})


def _variant_refusal(review: Review, rec_id: int, instruction: str) -> str:
    """A variant the rule does not have is answered in words ("this rule has no mutual version")
    before anything is asked of the engine."""
    word = " ".join(instruction.lower().split()).strip(" .!")
    if word not in VARIANT_WORDS:
        return ""
    rec = review.recommendations.filter(pk=rec_id).only("rule_id").first()
    if rec is None:
        return ""
    try:
        rule = review.playbook_version.playbook_spec.rule(rec.rule_id)
    except KeyError:
        return ""
    names = [name for name, _ in rule.variants]
    if word in names:
        return ""
    if names:
        return f"This rule has no “{word}” version. Its variants: {', '.join(names)}."
    return f"This rule has no “{word}” version. Try “softer”, a number, or your own wording."


def _decide(request: HttpRequest, review: Review, data: dict[str, Any]) -> Any:
    """One decision through the workflow. "edit" is the lawyer's own wording accepted in one
    step: a revision "replace with: ..." (kept in the history) and the acceptance of exactly the
    proposal it made. Both carry keys derived from the form's key, so a retry repeats neither."""
    action, key = data["action"], data["key"]
    common = {"review": review, "recommendation_id": data["recommendation"], "actor": request.user}
    if action in ("accept", "edit") and data.get("comment_sent"):
        rec = review.recommendations.filter(pk=data["recommendation"]).first()
        if rec is not None:
            recommendation_comment_save(recommendation=rec, text=data.get("comment", ""), actor=request.user)
    if action == "revise":
        refusal = _variant_refusal(review, data["recommendation"], data["instruction"])
        if refusal:
            # Still decided through the workflow, so the attempt is recorded (trail, idempotency key);
            # the lawyer reads what this rule offers instead of the engine's general words.
            tried = review_decide(**common, proposal_id=data["proposal"], action=action, idempotency_key=key,
                                  reason=data["reason"], instruction=data["instruction"])
            if tried.outcome == DecisionOutcome.FAILED:
                return dataclasses.replace(tried, message=refusal)
            return tried
    if action != "edit":
        return review_decide(**common, proposal_id=data["proposal"], action=action, idempotency_key=key,
                             reason=data["reason"], instruction=data["instruction"])
    wording = data.get("wording", "").strip()
    if not wording:
        return SimpleResult(level="warning", message="Type the wording you want, or accept the proposed edit.")
    revised = review_decide(**common, proposal_id=data["proposal"], action="revise", idempotency_key=f"{key[:60]}:r",
                            instruction=f"replace with: {wording}")
    if revised.outcome != "revised":
        return revised
    review.refresh_from_db()
    rec = review.recommendations.select_related("current_proposal").get(pk=data["recommendation"])
    if rec.current_proposal is None or rec.current_proposal.after.strip() != wording:
        return SimpleResult(level="warning", message="Your wording was recorded as a revision; check it and accept.")
    return review_decide(**common, proposal_id=rec.current_proposal_id, action="accept",
                         idempotency_key=f"{key[:60]}:a")


class SimpleResult:
    """A refusal decided in the view before the workflow was asked (nothing recorded)."""

    recommendation = None
    counts = None

    def __init__(self, *, level: str, message: str) -> None:
        self.level, self.message, self.outcome = level, message, "refused"


@require_POST
def review_decide_view(request: HttpRequest, review_id: int) -> HttpResponse:
    review = selectors.review_for_user(request.user, review_id)
    form = DecisionForm(request.POST)
    if not form.is_valid():
        messages.error(request, "That decision was incomplete; here is the current state.")
        return _render_review(request, review)
    data = form.cleaned_data
    result = _decide(request, review, data)
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
        response = retarget(push_url(_render_review(request, review), reverse("review:detail", args=[review.pk])),
                            "#workspace")
        return trigger_client_event(response, "contract-changed")
    # The hot path: only the next card, and out of band what changed around it (the decided
    # recommendation's and the new card's sidebar entries, the counts, the header). The contract
    # pane reloads itself on the event (it is not part of this response).
    context = _card_context(review, current, None if superseded else result.counts)
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
    decision_id = request.POST.get("decision", "")
    key = request.POST.get("key", "")
    # An id no row can have (beyond the database's integer) is an incomplete request, not a 500.
    if not decision_id.isdigit() or len(decision_id) > 19 or int(decision_id) > MAX_ID or not key:
        messages.error(request, "That request was incomplete; here is the current state.")
        return redirect("review:detail", review_id=review.pk)
    result = decision_undo(review=review, decision_id=int(decision_id), actor=request.user, idempotency_key=key)
    getattr(messages, result.level)(request, result.message)
    decision = review.decisions.filter(pk=int(decision_id)).first()
    review.refresh_from_db()
    if decision is not None and review.status == ReviewStatus.AWAITING_DECISION:
        return redirect("review:recommendation", review_id=review.pk, recommendation_id=decision.recommendation_id)
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
        # Comments for the other side ride along unless the lawyer leaves them out.
        with_comments = request.GET.get("comments", "1") != "0"
        data = review_redline(review, comments=with_comments)
        suffix = "redline" if with_comments else "redline-no-comments"
    else:
        raise Http404("Unknown download.")
    event_append(review_id=review.pk, kind="export", actor=request.user, file=kind, version=version.number)
    stem = (review.document.original_filename or "contract.docx").rsplit(".", 1)[0]
    return attachment(data, filename=f"{stem}-v{version.number}-{suffix}.docx", content_type=DOCX_CONTENT_TYPE)


@require_GET
def review_issues(request: HttpRequest, review_id: int) -> HttpResponse:
    """The issue list: a printable page, or ``?format=csv|xlsx``."""
    review = selectors.review_for_user(request.user, review_id)
    rows = issue_rows(review)
    fmt = request.GET.get("format", "")
    stem = (review.document.original_filename or "contract.docx").rsplit(".", 1)[0]
    if fmt:
        return _table_download(issues_table(rows, title=review.title), fmt, f"{stem}-issues")
    return render(request, "review/issues.html", {"review": review, "rows": rows})


def _marks(review: Review) -> list[Mark]:
    marks = []
    base = reverse("review:detail", args=[review.pk])
    for rec in review.recommendations.select_related("current_proposal").order_by("ordinal"):
        proposal = rec.current_proposal
        edit = proposal.edit if proposal is not None and isinstance(proposal.edit, dict) else {}
        evidence = rec.evidence_items
        locator = evidence[0].locator if evidence else edit.get("locator", "")
        sentence = evidence[0].sentence if evidence else ""
        missing = edit.get("kind") == "insert_after" and not evidence
        if rec.status == RecommendationStatus.ACCEPTED and proposal is not None and edit.get("kind") == "replace":
            locator, sentence = edit.get("locator", locator), proposal.after  # the text as it reads now
        if missing:
            locator = edit.get("locator", "")
        if not locator:
            continue
        marks.append(Mark(rec_id=rec.pk, locator=locator, sentence=sentence, severity=rec.severity,
                          status=rec.status, title=rec.rule_title, url=f"{base}recommendations/{rec.pk}/",
                          missing=missing and rec.status != RecommendationStatus.ACCEPTED))
    return marks


@require_GET
def review_contract(request: HttpRequest, review_id: int) -> HttpResponse:
    """The contract pane: the current version whole, every recommendation marked where it sits."""
    review = selectors.review_for_user(request.user, review_id)
    try:
        model = review.current_version.text_model
    except document_selectors.DocumentRedacted as exc:  # pragma: no cover - redacted reviews are finished
        return HttpResponse(str(exc))
    html = render_contract(model, _marks(review))
    return render(request, "review/_contract.html", {"review": review, "contract_html": mark_safe(html)})


def _bulk_candidates(review: Review) -> list[Recommendation]:
    """Pending low-severity recommendations whose edit changes numbers only."""
    found = []
    for rec in review.recommendations.filter(status=RecommendationStatus.PENDING, severity="low").select_related(
        "current_proposal"
    ).order_by("ordinal"):
        proposal = rec.current_proposal
        if proposal is not None and proposal.action == "replace" and is_number_only(proposal.before, proposal.after):
            found.append(rec)
    return found


@require_http_methods(["GET", "POST"])
def review_bulk_accept(request: HttpRequest, review_id: int) -> HttpResponse:
    """Accept every low-severity number-only edit after one confirmation that lists them. The
    POST accepts only the edits that page listed (recommendation and exact text), each through the
    workflow with its own key (at most once), re-anchored first; one that changed meanwhile is
    left for its card."""
    review = selectors.review_for_user(request.user, review_id)
    if review.status != ReviewStatus.AWAITING_DECISION:
        return redirect("review:detail", review_id=review.pk)
    if request.method == "GET":
        candidates = []
        for rec in _bulk_candidates(review):
            rec = _show(review, rec) or rec
            if rec.status == RecommendationStatus.PENDING and rec.current_proposal is not None:
                p = rec.current_proposal
                if is_number_only(p.before, p.after):
                    redline = mark_safe(word_diff_html(p.before, p.after))  # escapes both texts itself
                    candidates.append({"rec": rec, "proposal": p, "redline": redline})
        return render(request, "review/bulk.html", {"review": review, "candidates": candidates,
                                                     "batch": uuid.uuid4().hex})
    batch = request.POST.get("batch", "")[:32]
    accepted, skipped = 0, 0
    for value in request.POST.getlist("item")[:200]:
        rec_id, _, proposal_id = value.partition(":")
        if not (rec_id.isdigit() and proposal_id.isdigit()):
            continue
        shown = Proposal.objects.filter(pk=int(proposal_id), recommendation_id=int(rec_id),
                                        recommendation__review=review).first()
        review.refresh_from_db()
        rec = review.recommendations.select_related("current_proposal").filter(pk=int(rec_id)).first()
        if shown is None or rec is None:
            skipped += 1
            continue
        rec = recommendation_prepare(review=review, recommendation=rec)
        now = rec.current_proposal
        if rec.status != RecommendationStatus.PENDING or now is None or (now.before, now.after) != (
            shown.before, shown.after
        ):
            skipped += 1
            continue
        review.refresh_from_db()
        result = review_decide(review=review, recommendation_id=rec.pk, proposal_id=now.pk, action="accept",
                               actor=request.user, idempotency_key=f"bulk:{batch}:{rec.pk}")
        if result.outcome in ("applied", "awaiting_approval"):
            accepted += 1
        else:
            skipped += 1
    text = f"Accepted {accepted} number-only edit{'s' if accepted != 1 else ''}."
    if skipped:
        text += f" {skipped} had changed or were decided meanwhile: decide them on their cards."
    (messages.success if not skipped else messages.warning)(request, text)
    return redirect("review:detail", review_id=review.pk)


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


@require_GET
def review_clauses_export(request: HttpRequest, review_id: int, fmt: str) -> HttpResponse:
    from .clause_map import clause_map_of, clause_map_table

    review = selectors.review_for_user(request.user, review_id)
    if fmt not in TABLE_FORMATS:
        raise Http404("Unknown export.")
    table = clause_map_table(clause_map_of(review.current_version.text_model))
    stem = (review.document.original_filename or "contract.docx").rsplit(".", 1)[0]
    return _table_download(table, fmt, f"{stem}-v{review.current_version.number}-clauses")


def _table_download(table: Table, fmt: str, name: str) -> HttpResponse:
    """``table`` as a file of format ``fmt`` (a key of ``TABLE_FORMATS``; any other is a 404)."""
    kind = TABLE_FORMATS.get(fmt)
    if kind is None:
        raise Http404("Unknown format.")
    return attachment(kind.write(table), filename=f"{name}.{kind.extension}", content_type=kind.content_type)


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
    elif (action == "approve" and approval.recommendation.severity == "critical"
          and request.POST.get("confirm_critical") != "yes"):
        # One key must never approve a critical item: the page asks for an explicit confirmation.
        messages.warning(request, "This is a critical item: tick the confirmation before approving it.")
        return redirect("review:approval", approval_id=approval.pk)
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
