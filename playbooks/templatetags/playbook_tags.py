from __future__ import annotations

from django import template
from django.utils.safestring import SafeString, mark_safe

from documents.docx.diff import word_diff_html
from playbooks import checks
from playbooks.presentation import check_in_plain_words, check_in_words, find_in_words
from playbooks.rules import Check, Find, check_patterns

register = template.Library()


@register.filter
def check_words(check: Check) -> str:
    return check_in_words(check)


@register.filter
def find_words(find: Find | None) -> str:
    return find_in_words(find) if find is not None else ""


@register.filter
def find_plain(find: Find | None) -> str:
    """What the rule looks at in words, without the raw pattern (shown apart, folded)."""
    if find is None:
        return ""
    parts = []
    if find.any:
        parts.append("any of " + ", ".join(f"“{p}”" for p in find.any))
    if find.all:
        parts.append("all of " + ", ".join(f"“{p}”" for p in find.all))
    if find.regex:
        parts.append("a text pattern")
    if find.none:
        parts.append("none of " + ", ".join(f"“{p}”" for p in find.none))
    return "sentences with " + "; and ".join(parts) if parts else ""


@register.filter
def check_plain(check: Check) -> str:
    """The check in words, a pattern named rather than shown (it is shown apart, folded)."""
    return check_in_plain_words(check)


@register.filter
def check_shows_pattern(check: Check) -> bool:
    """Whether the check's value is a text pattern, shown apart (folded)."""
    kind = checks.find(check.kind)
    return kind is not None and kind.shows_pattern


@register.filter
def check_pattern_list(check: Check) -> tuple[str, ...]:
    """The check's text patterns, each shown on its own (a check may list several)."""
    return check_patterns(check.value)


@register.filter
def check_edit_without_positions(check: Check) -> str:
    """What a rule with this check and no positions proposes, in words."""
    kind = checks.find(check.kind)
    return kind.edit_without_positions if kind is not None else "Change only the number."


STATUS_WORDS = {
    "ok": "OK", "issue": "Issue", "missing": "Missing", "not_found": "Not found", "not_expected": "Not expected",
}


@register.filter
def status_words(status: str) -> str:
    return STATUS_WORDS.get(status, status)


@register.simple_tag
def word_diff(before: str, after: str) -> SafeString:
    # word_diff_html escapes all text; only its own <del>/<ins> tags are markup.
    return mark_safe(word_diff_html(before or "", after or ""))
