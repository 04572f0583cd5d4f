"""Text normalisation for matching, with a map back to the original text.

Contracts mix curly and straight quotes, en/em dashes and hyphens, non-breaking and repeated
spaces, and PDF line breaks. Playbook phrases must match regardless, but evidence and edits must
point into the *original* text exactly (the edit is applied to the document's own characters).
So ``normalize`` returns the normalised text together with, for every normalised character, the
offset of the original character it came from.

Normalisation (the same for text and for playbook phrases):
- curly/angle quotes and primes -> ``'`` or ``"``; every dash and minus -> ``-``;
- every run of white space (space, tab, line breaks, NBSP, thin spaces...) -> one space;
- zero-width characters and soft hyphens are dropped;
- ``lower`` is the case-folded twin (same length, same offsets): one character in, one out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

_QUOTES = {
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'", "\u00b4": "'", "`": "'",
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"', "\u00ab": '"', "\u00bb": '"',
}  # fmt: skip
_DASHES = dict.fromkeys("\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d", "-")
_DROP = frozenset("\u200b\u200c\u200d\u2060\ufeff\u00ad")
_CHAR_MAP: dict[str, str] = {**_QUOTES, **_DASHES}


def _is_space(char: str) -> bool:
    return char.isspace() or char in "\u00a0\u2007\u202f"


@dataclass(frozen=True)
class Normalized:
    """A normalised text: ``text`` (case kept), ``lower`` (same length) and ``offsets``.

    ``offsets[i]`` is the index in the original of normalised character ``i``; ``offsets`` has
    one extra entry, the original length, so an end offset always maps.
    """

    original: str
    text: str
    lower: str
    offsets: Sequence[int]

    def to_original(self, start: int, end: int) -> tuple[int, int]:
        """Map a normalised span [start, end) to the original span covering the same characters."""
        if end <= start:
            position = self.offsets[start]
            return position, position
        return self.offsets[start], self.offsets[end - 1] + 1

    def from_original(self, position: int) -> int:
        """The first normalised index whose original offset is >= ``position``."""
        # Offsets are non-decreasing: binary search.
        low, high = 0, len(self.offsets) - 1
        while low < high:
            middle = (low + high) // 2
            if self.offsets[middle] < position:
                low = middle + 1
            else:
                high = middle
        return low


def _lower_char(char: str) -> str:
    lowered = char.lower()
    # A few characters lower-case to two ("İ"): keep one-to-one so offsets stay shared.
    return lowered if len(lowered) == 1 else char


_NEEDS_WORK = re.compile(r"[^\x21-\x7e ]|  |`|^ | $")


def normalize(text: str) -> Normalized:
    if _NEEDS_WORK.search(text) is None:
        # Fast path (most paragraphs): printable ASCII with single spaces maps onto itself.
        return Normalized(original=text, text=text, lower=text.lower(), offsets=range(len(text) + 1))
    out: list[str] = []
    offsets: list[int] = []
    pending_space = -1  # original index of the first white-space character of a run
    for index, char in enumerate(text):
        if char in _DROP:
            continue
        if _is_space(char):
            if pending_space < 0:
                pending_space = index
            continue
        if pending_space >= 0:
            if out:  # no leading space
                out.append(" ")
                offsets.append(pending_space)
            pending_space = -1
        out.append(_CHAR_MAP.get(char, char))
        offsets.append(index)
    offsets.append(len(text))
    normalized = "".join(out)
    lower = "".join(_lower_char(c) for c in normalized)
    return Normalized(original=text, text=normalized, lower=lower, offsets=tuple(offsets))


def norm_phrase(phrase: str) -> str:
    """A playbook phrase as it is compared: normalised, lower-case, stripped."""
    return normalize(phrase).lower.strip()


# A clause number at the start of quoted text: "7.2", "1.1.1.", "(a)", "a)", "(iv)", "Section 5.1(b)".
_LEADING_NUMBER = re.compile(
    r"^\s*(?:(?:section|sec\.|article|clause|§)\s*)?"
    r"(?:\d+(?:\.\d+)*\.?(?:\s*\([a-z0-9]{1,4}\))*|\([a-z0-9]{1,4}\)|[a-z]\)|[ivxlc]{1,5}\))\s+",
    re.IGNORECASE,
)


def strip_clause_number(text: str) -> str:
    """Drop a leading clause number. Numbers from Word numbering definitions are not in the
    paragraph text (FIELD-NOTES), so text quoted from a rendered document may carry one that the
    text model lacks."""
    previous = None
    while previous != text:
        previous = text
        text = _LEADING_NUMBER.sub("", text, count=1)
    return text


def find_all(needle: str, haystack: str) -> list[tuple[int, int]]:
    """Every occurrence of ``needle`` in ``haystack`` under normalisation, as original spans."""
    target = norm_phrase(needle)
    if not target:
        return []
    normalized = normalize(haystack)
    spans = []
    position = normalized.lower.find(target)
    while position >= 0:
        spans.append(normalized.to_original(position, position + len(target)))
        position = normalized.lower.find(target, position + 1)
    return spans


def locate_quote(quote: str, text: str) -> list[tuple[int, int]]:
    """Where quoted text sits in ``text``: normalised matching, then without a leading clause
    number that the text model does not carry."""
    spans = find_all(quote, text)
    if spans:
        return spans
    stripped = strip_clause_number(quote)
    if stripped and stripped != quote:
        return find_all(stripped, text)
    return []
