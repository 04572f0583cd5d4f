"""Template helpers for the other side's items: their comments on a clause.

Comments live in version 1's ``word/comments.xml``; they are read once per original (a small
per-process cache keyed by the blob's SHA-256) and looked up by paragraph.
"""

from __future__ import annotations

import threading
import uuid
from collections import OrderedDict
from typing import Any

from django import template

from documents.docx.package import PackageError
from documents.docx.tracked import Comment, comments

register = template.Library()

# The most of a name of theirs a page shows: their file may record any author (a name of 100,000
# characters was seen); the record keeps what was read, the page a line.
AUTHOR_SHOWN = 80

_CACHE: OrderedDict[str, list[Comment]] = OrderedDict()
_LOCK = threading.Lock()
_SIZE = 16


def _comments_of(document: Any) -> list[Comment]:
    key = document.original.sha256  # content-addressed: a key never means other bytes
    with _LOCK:
        if key in _CACHE:
            _CACHE.move_to_end(key)
            return _CACHE[key]
    try:
        found = comments(bytes(document.original.data))
    except PackageError:
        found = []
    with _LOCK:
        _CACHE[key] = found
        while len(_CACHE) > _SIZE:
            _CACHE.popitem(last=False)
    return found


@register.simple_tag
def their_comments(review: Any, recommendation: Any) -> list[Comment]:
    """The comments anchored in the paragraphs this recommendation is about."""
    if review is None or recommendation is None:
        return []
    locators = {e.get("locator") for e in (recommendation.evidence or [])}
    if not locators:
        return []
    return [c for c in _comments_of(review.document) if c.locator in locators]


@register.filter
def who(name: object) -> str:
    """An author of theirs as a page shows it: one line, at most ``AUTHOR_SHOWN`` characters."""
    text = " ".join(str(name or "").split())
    return text if len(text) <= AUTHOR_SHOWN else text[: AUTHOR_SHOWN - 1].rstrip() + "…"


@register.simple_tag
def form_key() -> str:
    """A fresh idempotency key for a form that creates something (docs/decisions/hostile-input.md)."""
    return uuid.uuid4().hex


@register.simple_tag
def latest_round(review: Any) -> Any:
    """The review's latest round job (its progress, or why it was refused), or None."""
    from review.workflow.round_intake import latest_round_of

    return latest_round_of(review) if review is not None and review.pk else None


@register.simple_tag
def latest_round_conversion(review: Any) -> Any:
    """The conversion of their latest draft (a PDF, .doc, .rtf or .odt) while it runs or after
    it failed, or None (review/workflow/round_intake.py ``latest_round_conversion_of``)."""
    from review.workflow.round_intake import latest_round_conversion_of

    return latest_round_conversion_of(review) if review is not None and review.pk else None
