"""Lawyer-facing words: audit events (the database stores codes such as ``decision.stale``) and places
in the contract (locators such as ``p12``)."""

from __future__ import annotations

from typing import Any

from django import template

register = template.Library()

EVENT_WORDS = {
    "review.started": "Review started",
    "analysis.finished": "Analysis finished",
    "analysis.failed": "Analysis failed",
    "analysis.rerun": "Analysis started again",
    "review.completed": "Review completed",
    "review.cancelled": "Review cancelled",
    "review.redacted": "Contract text redacted (retention)",
    "version.created": "New version of the contract",
    "decision.applied": "Edit accepted",
    "decision.rejected": "Recommendation rejected",
    "decision.revised": "Edit revised",
    "decision.stale": "Decision not applied: the page was out of date",
    "decision.failed": "Decision not applied (the edit no longer fits the text, or the edit checker held it back)",
    "decision.undone": "Accepted edit undone",
    "decision.override": "Own wording accepted despite the edit checker's warnings",
    "decision.reopened": "Rejection reopened",
    "revision.queued": "Revision sent to the language model",
    "recommendation.superseded": "Recommendation no longer applies (the text changed)",
    "approval.requested": "Sent for approval",
    "approval.approved": "Approved",
    "approval.sent_back": "Sent back by the approver",
    "comment.edited": "Comment for the other side edited",
    "export": "Downloaded",
    "reconcile.decision_not_applied": "Found a decision that was not applied",
    "reconcile.job_failed": "Background job stopped after repeated failures",
    "reconcile.redrive": "Background job restarted",
    "reconcile.review_completed": "Review completed by the reconciler",
}


@register.simple_tag
def event_words(event: Any, titles: dict[str, str] | None = None) -> str:
    """ "Edit accepted — Payment within 30 days (payment-terms), version 2"."""
    data = event.data or {}
    text = EVENT_WORDS.get(event.kind, event.kind.replace(".", " ").replace("_", " ").capitalize())
    details = []
    rule = data.get("rule")
    if rule:
        title = (titles or {}).get(rule)
        details.append(f"{title} ({rule})" if title else rule)
    if event.kind == "version.created" and data.get("version"):
        details.append(f"version {data['version']}")
    if event.kind == "decision.override" and data.get("defects"):
        from review.engine.proof import DEFECT_KINDS

        details.append("; ".join(DEFECT_KINDS.get(kind, kind).lower() for kind in data["defects"]))
    if event.kind == "export" and data.get("file"):
        details.append(f"{data['file']} .docx of version {data.get('version', '?')}")
    return f"{text} — {', '.join(details)}" if details else text


_PLACE_PARTS = {"p": "paragraph", "x": "text box paragraph", "f": "footnote paragraph", "e": "endnote paragraph"}


@register.filter
def place(locator: str) -> str:
    """Where a paragraph sits, in words: "p12" -> "paragraph 12", "f2" -> "footnote paragraph 2";
    a locator of another shape (a table cell, an inserted paragraph) is shown as it is."""
    kind, number = locator[:1], locator[1:]
    if kind in _PLACE_PARTS and number.isdigit():
        return f"{_PLACE_PARTS[kind]} {number}"
    return f"paragraph {locator}"
