"""One id parser (core/ids.py): ASCII digits, at most 18 of them; anything else names no row."""

from __future__ import annotations

import pytest

from core.ids import MAX_ID_DIGITS, IdField, parse_id


@pytest.mark.parametrize(("text", "expected"), [("1", 1), ("42", 42), ("0", 0), ("9" * MAX_ID_DIGITS, int("9" * 18))])
def test_ascii_digits_are_an_id(text, expected):
    assert parse_id(text) == expected


@pytest.mark.parametrize(
    "text", ["", "9" * (MAX_ID_DIGITS + 1), "9" * 5000, "-1", "+1", " 1", "1.0", "1e3", "٣", "²", "0x1f", "a"]
)
def test_anything_else_is_no_id(text):
    assert parse_id(text) is None


def test_not_text_is_no_id():
    assert parse_id(None) is None and parse_id(12) is None


def test_the_form_field_reads_ids_with_the_same_parser():
    field = IdField()
    assert field.clean("12") == 12 and field.clean(" 12 ") == 12
    for bad in ("0", "-3", "١٢", "9" * 19, "12.0"):
        with pytest.raises(Exception, match="Enter an id"):
            field.clean(bad)
    with pytest.raises(Exception, match="required"):
        field.clean("")
