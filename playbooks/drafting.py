"""Drafting helpers shared by the spreadsheet import and the draft from precedents.

``clause_find`` maps a clause type written by a person ("Limitation of Liability") to a
``find: {clause: SLUG}`` when the clause model knows that type, else None (the import then
falls back to a phrase find)."""

from __future__ import annotations

import re
from typing import Any


def _key(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).strip()


def clause_categories() -> dict[str, str]:
    """Normalised title or slug -> slug, for the clause types the clause model detects."""
    try:
        from review.engine.clauses import CATEGORIES  # type: ignore[import-not-found]
    except ImportError:
        return {}
    found: dict[str, str] = {}
    for category in CATEGORIES:
        slug = getattr(category, "slug", None) or (category if isinstance(category, str) else None)
        if slug is None and isinstance(category, dict):
            slug = category.get("slug")
        if not slug:
            continue
        found[_key(slug)] = slug
        title = getattr(category, "title", None) or (category.get("title") if isinstance(category, dict) else None)
        if title:
            found[_key(title)] = slug
    return found


def clause_find(clause_type: str) -> dict[str, Any] | None:
    slug = clause_categories().get(_key(clause_type))
    return {"clause": slug} if slug else None
