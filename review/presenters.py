"""Page building for the review views (review/views/): plain functions that take model instances
and values and return template context. They read through review/selectors.py and
documents/selectors.py when a page needs more than it was given, and never write: preparing
a recommendation before it is shown is the workflow's (review/workflow/show.py)."""

from __future__ import annotations

import uuid
from types import SimpleNamespace
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from contracts.conditions import fit_wording
from contracts.naming import render
from documents import selectors as document_selectors
from documents.docx.diff import word_diff_html
from documents.docx.edit import edit_problem
from review.engine.revise import FULL_WORDING
from review.engine.wording import LeftOut, left_out

from . import selectors
from .bulk import is_number_only
from .contract_view import Mark
from .exports import recommendation_comment
from .gates import can_approve, effective_assignee
from .models import Approval, ApprovalStatus, Proposal, Recommendation, RecommendationStatus, Review, ReviewStatus
from .workflow.proposals import parties_of

# A card shows a bounded part of a paragraph (docs/decisions/hostile-input.md): a card anchored
# in a paragraph of 9.5 MB was a page of 9.5 MB. Around the evidence and around the edit, this
# much text is shown either side; a marked sentence or a changed stretch, at most this much.
CARD_CONTEXT_CHARS = 600
CARD_SPAN_CHARS = 4_000


def _clip_middle(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    half = limit // 2
    return f"{text[:half]} … {text[-half:]}"


def _edit_window(before: str, after: str) -> tuple[str, str]:
    """The changed stretch of an edit with ``CARD_CONTEXT_CHARS`` either side (the common start
    and end of a long paragraph are left out, with an ellipsis)."""
    if len(before) + len(after) <= 2 * (CARD_SPAN_CHARS + 2 * CARD_CONTEXT_CHARS):
        return before, after
    limit = min(len(before), len(after))
    prefix = 0
    while prefix < limit and before[prefix] == after[prefix]:
        prefix += 1
    suffix = 0
    while suffix < limit - prefix and before[-1 - suffix] == after[-1 - suffix]:
        suffix += 1
    start = max(prefix - CARD_CONTEXT_CHARS, 0)
    lead = "… " if start else ""

    def window(text: str) -> str:
        end = len(text) - suffix
        middle = _clip_middle(text[prefix:end], CARD_SPAN_CHARS)
        tail_end = min(end + CARD_CONTEXT_CHARS, len(text))
        return lead + text[start:prefix] + middle + text[end:tail_end] + (" …" if tail_end < len(text) else "")

    return window(before), window(after)


def redline_html(before: str, after: str) -> SafeString:
    # word_diff_html escapes both texts itself and adds only <ins>/<del>.
    return mark_safe(word_diff_html(*_edit_window(before, after)))


def cannot_apply(review: Review, proposal: Proposal) -> str:
    """Why the proposal can never be applied as it stands (it would cut through a field, say),
    or "": such a card offers no Accept that would fail every time."""
    if proposal.base_version_id != review.current_version_id:
        return ""  # shown after re-anchoring; an older one is refused as stale anyway
    return edit_problem(review.current_version.text_model, proposal.edit_obj) or ""


def card_context(review: Review, current: Recommendation | None,
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
        context["undoable"] = selectors.undoable_decisions(review).get(current.pk)
        context["idempotency_key"] = uuid.uuid4().hex
    if hasattr(current, "revising_instruction"):  # annotated by selectors.next_pending_of
        context["revising"] = (SimpleNamespace(instruction=current.revising_instruction)
                               if current.revising_instruction is not None else None)
    else:
        context["revising"] = selectors.active_revision_of(current)
    proposal = current.current_proposal
    if proposal is not None:
        context["proposal"] = proposal
        context["redline"] = redline_html(proposal.before, proposal.after)
        context["cannot_apply"] = cannot_apply(review, proposal)
        try:
            rule = review.playbook_version.playbook_spec.rule(current.rule_id)
        except KeyError:
            rule = None
        # Offer only what this rule can do: its own variants, its ladder, numbers for number checks.
        context["variants"] = [name for name, _ in rule.variants] if rule else []
        context["has_ladder"] = bool(rule and len(rule.positions) > 1)
        context["takes_number"] = bool(rule and rule.check.kind.startswith(("max_", "min_")))
        context["left_out"] = number_only_left_out(review, rule, proposal) if context["takes_number"] else None
        context["full_wording"] = FULL_WORDING
        context["history"] = history_items(known_history(proposal) or selectors.proposal_history(current))
        context["idempotency_key"] = uuid.uuid4().hex
        context["clause"] = clause_context(review, current)
        context["comment"] = recommendation_comment(review, current)
        context["locator"] = proposal.edit.get("locator", "") if isinstance(proposal.edit, dict) else ""
    return context


def number_only_left_out(review: Review, rule: Any, proposal: Proposal) -> LeftOut | None:
    """What a number-only edit leaves out of the playbook's wording of its position ("undisputed",
    "on sixty (60) days' written notice"), or None: the card names it and offers the full wording
    (docs/decisions/number-only-edits.md)."""
    if rule is None or not rule.positions or not is_number_only(proposal.before, proposal.after):
        return None
    index = min(proposal.position or 0, len(rule.positions) - 1)
    model = review.current_version.text_model
    # (its conditional parts resolved for this contract first: contracts/conditions.py)
    wording = render(fit_wording(rule.positions[index], model)[0], parties_of(review, model), None)
    found = left_out(wording, proposal.after)
    return found if found.spans else None


def taken_back_marked(decisions: list[Any]) -> list[Any]:
    """The decisions, each with ``taken_back`` set when a later undo or reopen took it back: a
    reopened rejection's reason is not the recommendation's reason any more."""
    undone = {d.undoes_id for d in decisions if d.undoes_id}
    for decision in decisions:
        decision.taken_back = decision.pk in undone
    return decisions


def history_items(proposals: list[Any]) -> list[dict[str, Any]]:
    """The revision history as a lawyer reads it: each proposal of the analysis or a revision is
    one entry; a re-anchoring (the same edit moved to a newer version) is a note on the entry
    before it, not a proposal of its own."""
    items: list[dict[str, Any]] = []
    for proposal in proposals:
        if (proposal.source == "reanchor" and items
                and proposal.base_version_id == items[-1]["proposal"].base_version_id and not items[-1]["moved_to"]):
            continue  # the same edit again after its rejection was reopened (review/workflow/undo.py)
        if proposal.source == "reanchor" and items:
            items[-1]["moved_to"] = proposal.base_version.number
            continue
        items.append({"proposal": proposal, "moved_to": None})
    return items


def known_history(proposal: Proposal) -> list[Proposal] | None:
    """The proposal's history when the workflow left the whole chain in memory (a first
    proposal, or one it just made from a first one), oldest first; None otherwise."""
    chain = [proposal]
    while chain[-1].predecessor_id is not None:
        if not Proposal.predecessor.field.is_cached(chain[-1]):
            return None
        chain.append(chain[-1].predecessor)  # type: ignore[arg-type]
    return chain[::-1] if chain[-1].number == 1 else None


def workspace_context(review: Review, current: Recommendation | None) -> dict[str, Any]:
    """The workspace of a review awaiting decisions: the card of ``current`` (already prepared
    by the workflow), the sidebar, the rule outcomes and the number-only batch."""
    context = card_context(review, current)
    shown = selectors.recommendations_for_sidebar(review, around=context.get("current"))
    context["recommendations"] = shown
    context["sidebar_earlier"] = context["sidebar_later"] = 0
    if shown:
        context["sidebar_earlier"] = shown[0].ordinal - 1  # ordinals run from 1 without gaps
        context["sidebar_later"] = max(context.get("n_total", 0) - shown[-1].ordinal, 0)
    context["rule_outcomes"] = selectors.rule_outcomes_of(review)
    context["bulk_count"] = sum(1 for rec in selectors.number_only_pending(review)
                                if not rec.current_proposal.defects)  # type: ignore[union-attr]
    return context


def finished_context(review: Review, page: object = None) -> dict[str, Any]:
    """The page of a review no longer awaiting decisions: what was recommended and decided (one
    page of ``selectors.REVIEW_PAGE_SIZE`` rows, ``page``), the latest of the trail, and
    (completed) the undo buttons and the first page of the result."""
    rows = selectors.recommendations_page(review, page)
    shown = list(rows.object_list)
    ids = [rec.pk for rec in shown]
    context: dict[str, Any] = {
        "review": review,
        "recommendations": shown,
        "rows": rows,
        "decisions": taken_back_marked(selectors.decisions_of(review, ids)),
        "events": selectors.events_of(review, latest=selectors.EVENTS_SHOWN),
        "n_events": review.events.count(),
        "rule_outcomes": selectors.rule_outcomes_of(review),
    }
    context["rule_titles"] = {o.rule_id: o.title for o in context["rule_outcomes"]}
    if review.status == ReviewStatus.COMPLETED:
        context["undoable"] = selectors.undoable_decisions(review, ids)
        context["idempotency_key"] = uuid.uuid4().hex
    if review.status == ReviewStatus.COMPLETED:
        try:
            first_page = document_selectors.version_preview_page(review.current_version)
            context["preview_html"], context["preview_page"] = first_page.html, first_page
        except document_selectors.DocumentRedacted as exc:
            context["redacted"] = str(exc)
    return context


_PART_LABELS = {"footnote": "In a footnote", "endnote": "In an endnote", "textbox": "In a text box"}


def clause_context(review: Review, rec: Recommendation) -> list[dict[str, Any]]:
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
        parts.append({"locator": locator, "pieces": _clipped([p for p in pieces if p["text"]]),
                      "where": _PART_LABELS.get(paragraph.part, "")})
    return parts


def _clipped(pieces: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The pieces of a paragraph as the card shows them: ``CARD_CONTEXT_CHARS`` of context
    either side of a marked sentence, a marked sentence of at most ``CARD_SPAN_CHARS``."""
    out = []
    for index, piece in enumerate(pieces):
        text = piece["text"]
        if piece["mark"]:
            text = _clip_middle(text, CARD_SPAN_CHARS)
        elif len(text) > CARD_CONTEXT_CHARS:
            first, last = index == 0, index == len(pieces) - 1
            if first and not last:
                text = "… " + text[-CARD_CONTEXT_CHARS:]
            elif last and not first:
                text = text[:CARD_CONTEXT_CHARS] + " …"
            else:
                text = _clip_middle(text, 2 * CARD_CONTEXT_CHARS)
        out.append({**piece, "text": text})
    return out


def contract_marks(review: Review) -> list[Mark]:
    """Every recommendation marked where it sits in the current version (review/contract_view.py)."""
    marks = []
    base = reverse("review:detail", args=[review.pk])
    for rec in selectors.recommendations_of(review):
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


def bulk_items(recommendations: list[Recommendation]) -> list[dict[str, Any]]:
    """The confirmation list of the number-only batch: each recommendation (as shown, prepared)
    still pending with a number-only edit, and its redline."""
    return [item for item in _number_only(recommendations) if not item["proposal"].defects]


def bulk_held(recommendations: list[Recommendation]) -> list[dict[str, Any]]:
    """The number-only edits the batch leaves for their cards: the edit checker found defects in
    them (docs/decisions/edit-checker.md)."""
    return [item for item in _number_only(recommendations) if item["proposal"].defects]


def _number_only(recommendations: list[Recommendation]) -> list[dict[str, Any]]:
    items = []
    for rec in recommendations:
        p = rec.current_proposal
        if rec.status == RecommendationStatus.PENDING and p is not None and is_number_only(p.before, p.after):
            items.append({"rec": rec, "proposal": p, "redline": redline_html(p.before, p.after)})
    return items


def approval_context(user: AbstractBaseUser, approval: Approval) -> dict[str, Any]:
    """The item page an inbox entry opens (docs/decisions/approvals.md)."""
    review = approval.review
    proposal = approval.proposal
    try:
        rule = review.playbook_version.playbook_spec.rule(approval.recommendation.rule_id)
    except KeyError:
        rule = None
    allowed, why_not = can_approve(user, approval)
    return {
        "approval": approval,
        "review": review,
        "rec": approval.recommendation,
        "proposal": proposal,
        "rule": rule,
        # The stored snapshot the lawyer chose, exactly: its text before and after.
        "redline": redline_html(proposal.before, proposal.after),
        "clause": clause_context(review, approval.recommendation),
        "can_act": allowed and approval.status == ApprovalStatus.OPEN,
        "why_not": why_not,
        "can_take": allowed and approval.approver_group_id is not None and effective_assignee(approval) is None,
    }
