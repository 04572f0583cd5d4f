"""Ids that arrive in a query string or a form: one parser, one limit.

An id is ASCII digits only (no sign, no spaces, no "١٢" or "12.0" that ``int()`` would read)
and at most ``MAX_ID_DIGITS`` of them: every id of the project's BigAutoField rows
(config/settings.py) fits, and a longer one could name no row (``int()`` refuses numbers
past 4,300 digits, and the database refuses integers past 64 bits with an error instead of
finding nothing). Ids in URL paths are ``<int:...>`` routes, and the rows they name are
looked up with a 404 for any value (tests/security/test_hostile_input.py).
"""

from __future__ import annotations

from typing import Any

from django import forms

MAX_ID_DIGITS = 18


def parse_id(value: object) -> int | None:
    """The id ``value`` names, or None when it cannot be one."""
    if not isinstance(value, str) or not 0 < len(value) <= MAX_ID_DIGITS:
        return None
    if not (value.isascii() and value.isdigit()):
        return None
    return int(value)


class IdField(forms.Field):
    """A form field for an id, read by ``parse_id`` (an id of 0 names no row: it is refused)."""

    default_error_messages = {"invalid": "Enter an id."}

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values:
            return None
        number = parse_id(value.strip() if isinstance(value, str) else str(value))
        if not number:
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return number
