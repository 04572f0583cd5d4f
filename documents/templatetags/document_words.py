"""A version's edit in words, for the version lists."""

from __future__ import annotations

from typing import Any

from django import template

register = template.Library()


def _quote(text: str, limit: int = 80) -> str:
    text = " ".join((text or "").split())
    return f"“{text[:limit]}…”" if len(text) > limit else f"“{text}”"


def _paragraph(locator: str) -> str:
    if locator.startswith("p") and locator[1:].isdigit():
        return f"paragraph {locator[1:]}"
    return "a new paragraph"


@register.filter
def edit_words(edit: dict[str, Any] | None) -> str:
    """A version's edit as a sentence: "Replaced “sixty (60)” with “thirty (30)” in paragraph 7"."""
    if not edit:
        return "Original upload"
    kind = edit.get("kind")
    where = _paragraph(edit.get("locator", ""))
    before, after = edit.get("before", ""), edit.get("after", "")
    if kind == "replace":
        if not after:
            return f"Deleted {_quote(before)} in {where}"
        if not before:
            return f"Inserted {_quote(after)} in {where}"
        return f"Replaced {_quote(before)} with {_quote(after)} in {where}"
    if kind == "insert_after":
        if edit.get("title"):  # (a clause with its title in a paragraph of its own)
            return f"Inserted a clause after {where}: {_quote(edit['title'] + ' ' + after)}"
        return f"Inserted a paragraph after {where}: {_quote(after)}"
    if kind == "delete_paragraph":
        return f"Deleted {where}: {_quote(before)}"
    return "Edited"
