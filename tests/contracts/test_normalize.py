"""Normalised matching with an exact map back to the original text."""

from __future__ import annotations

import random

import pytest

from contracts.normalize import find_all, locate_quote, norm_phrase, normalize, strip_clause_number


def test_quotes_dashes_spaces_and_case() -> None:
    result = normalize("  The \u201cFee\u201d \u2013 is\u00a0 due\n now. ")
    assert result.text == 'The "Fee" - is due now.'
    assert result.lower == 'the "fee" - is due now.'


def test_span_maps_back_to_the_original_characters() -> None:
    original = "The \u201cFee\u201d \u2013 is\u00a0 due"
    result = normalize(original)
    start = result.lower.index('"fee"')
    s, e = result.to_original(start, start + 5)
    assert original[s:e] == "\u201cFee\u201d"


def test_find_all_across_normalisation() -> None:
    text = 'The \u201cFee\u201d \u2013 is\u00a0 due\n now. The "fee" - is due now.'
    spans = find_all('"FEE" - is due now', text)
    assert [text[s:e] for s, e in spans] == ["\u201cFee\u201d \u2013 is\u00a0 due\n now", '"fee" - is due now']


def test_zero_width_and_soft_hyphen_are_ignored() -> None:
    text = "indem\u00adnifi\u200bcation applies"
    (span,) = find_all("indemnification", text)
    assert text[span[0] : span[1]] == "indem\u00adnifi\u200bcation"


def test_norm_phrase() -> None:
    assert norm_phrase("  Limitation\u00a0of \u2018Liability\u2019 ") == "limitation of 'liability'"


@pytest.mark.parametrize(
    ("quoted", "stripped"),
    [("7.2 The Fee is due", "The Fee is due"), ("(a) the Customer", "the Customer"), ("1.1.1. Scope", "Scope"),
     ("Section 5.1(b) Fees", "Fees"), ("iv) Rights", "Rights"), ("The Fee", "The Fee")],
)  # fmt: skip
def test_strip_clause_number(quoted: str, stripped: str) -> None:
    assert strip_clause_number(quoted) == stripped


def test_locate_quote_with_a_numbering_definition_clause_number() -> None:
    # The text model has no "7.2": Word's numbering definitions render it.
    text = "The Customer shall pay within thirty (30) days."
    assert locate_quote("7.2 The Customer shall pay", text) == [(0, len("The Customer shall pay"))]
    assert locate_quote("8.1 Something else", text) == []


def test_fast_and_slow_paths_agree_on_offsets() -> None:
    from contracts.normalize import _normalize_slow

    rng = random.Random(7)
    alphabet = ["a", "B", " ", "  ", "\n", "\t", "\u00a0", "\u201c", "\u2013", ".", "\u0130", "\u00df"]
    for _ in range(2000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 25)))
        fast, slow = normalize(text), _normalize_slow(text)
        assert (fast.text, fast.lower) == (slow.text, slow.lower)
        assert list(fast.offsets) == list(slow.offsets)
        for position in range(len(text) + 1):
            expected = next((i for i, o in enumerate(slow.offsets) if o >= position), len(slow.text))
            assert fast.from_original(position) == expected
