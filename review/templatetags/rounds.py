"""Template helpers for the other side's items: their comments on a clause.

Comments live in version 1's ``word/comments.xml``; they are read once per original (a small
per-process cache keyed by the blob's SHA-256) and looked up by paragraph.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from django import template

from documents.docx.package import PackageError
from documents.docx.tracked import Comment, comments

register = template.Library()

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
