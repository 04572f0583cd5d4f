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
from bisect import bisect_right
from collections.abc import Sequence

_QUOTES = {
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'", "\u00b4": "'", "`": "'",
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"', "\u00ab": '"', "\u00bb": '"',
}  # fmt: skip
_DASHES = dict.fromkeys("\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d", "-")
_DROP = frozenset("\u200b\u200c\u200d\u2060\ufeff\u00ad")
_CHAR_MAP: dict[str, str] = {**_QUOTES, **_DASHES}


def _is_space(char: str) -> bool:
    return char.isspace() or char in "\u00a0\u2007\u202f"


# One translation for the common case: quotes and dashes 1:1, every white-space character to " ".
_TRANSLATE = {ord(k): v for k, v in _CHAR_MAP.items()}
_TRANSLATE.update({c: " " for c in range(0x3001) if _is_space(chr(c))})
_DROP_RE = re.compile("[" + "".join(sorted(_DROP)) + "]")
_SPACE_RUN = re.compile(r" {2,}")


class Normalized:
    """A normalised text: ``text`` (case kept), ``lower`` (same length) and the offset map.

    The map is stored as segments (normalised start, original start) in which offsets advance
    together; ``offset(i)`` is the index in the original of normalised character ``i`` (the
    original length for ``i == len(text)``), so an end offset always maps.
    """

    __slots__ = ("_offsets", "lower", "original", "seg_norm", "seg_orig", "text")

    def __init__(self, original: str, text: str, lower: str, seg_norm: list[int], seg_orig: list[int]) -> None:
        self.original = original
        self.text = text
        self.lower = lower
        self.seg_norm = seg_norm
        self.seg_orig = seg_orig
        self._offsets: Sequence[int] | None = None

    def offset(self, index: int) -> int:
        if index >= len(self.text):
            return len(self.original)
        segment = bisect_right(self.seg_norm, index) - 1
        return self.seg_orig[segment] + index - self.seg_norm[segment]

    @property
    def offsets(self) -> Sequence[int]:
        """Every character's original offset, plus the original length (built on demand)."""
        if self._offsets is None:
            self._offsets = [self.offset(i) for i in range(len(self.text))] + [len(self.original)]
        return self._offsets

    def to_original(self, start: int, end: int) -> tuple[int, int]:
        """Map a normalised span [start, end) to the original span covering the same characters."""
        if end <= start:
            position = self.offset(start)
            return position, position
        return self.offset(start), self.offset(end - 1) + 1

    def from_original(self, position: int) -> int:
        """The first normalised index whose original offset is >= ``position``."""
        if position <= self.seg_orig[0]:
            return 0
        segment = bisect_right(self.seg_orig, position) - 1
        index = self.seg_norm[segment] + position - self.seg_orig[segment]
        segment_end = self.seg_norm[segment + 1] if segment + 1 < len(self.seg_norm) else len(self.text)
        return min(index, segment_end, len(self.text))


def _lower_char(char: str) -> str:
    lowered = char.lower()
    # A few characters lower-case to two ("İ"): keep one-to-one so offsets stay shared.
    return lowered if len(lowered) == 1 else char


_NEEDS_WORK = re.compile(r"[^\x21-\x7e ]|  |`|^ | $")


def _normalize_slow(text: str) -> Normalized:
    """Character by character: for text with characters to drop (zero-width, soft hyphens)."""
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
    normalized = "".join(out)
    lower = "".join(_lower_char(c) for c in normalized)
    seg_norm: list[int] = [0]
    seg_orig: list[int] = [offsets[0] if offsets else len(text)]
    for index in range(1, len(offsets)):
        if offsets[index] != offsets[index - 1] + 1:
            seg_norm.append(index)
            seg_orig.append(offsets[index])
    return Normalized(text, normalized, lower, seg_norm, seg_orig)


def normalize(text: str) -> Normalized:
    if _NEEDS_WORK.search(text) is None:
        # Fast path (most Word paragraphs): printable ASCII with single spaces maps onto itself.
        return Normalized(text, text, text.lower(), [0], [0])
    if _DROP_RE.search(text):
        return _normalize_slow(text)
    # Whole-string operations (this runs on every paragraph of a PDF-extracted contract):
    # translate 1:1, then collapse runs of spaces, recording where the offsets jump.
    translated = text.translate(_TRANSLATE)
    position = len(translated) - len(translated.lstrip(" "))
    pieces: list[str] = []
    seg_norm, seg_orig = [0], [position]
    produced = 0
    for run in _SPACE_RUN.finditer(translated, position):
        pieces.append(translated[position : run.start() + 1])  # the chunk and one space
        produced += run.start() + 1 - position
        position = run.end()
        seg_norm.append(produced)
        seg_orig.append(position)
    pieces.append(translated[position:])
    normalized = "".join(pieces).rstrip(" ")
    lower = normalized.lower()
    if len(lower) != len(normalized):
        lower = "".join(_lower_char(c) for c in normalized)
    return Normalized(text, normalized, lower, seg_norm, seg_orig)


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
    paragraph text (docs/decisions/docx-text-and-edits.md), so text quoted from a rendered
    document may carry one that the text model lacks."""
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


def term_starts(term: str, text: str) -> list[int]:
    """Where ``term`` stands in ``text`` as a whole term: not inside a longer word or hyphenated
    compound (the same as ``(?<![\\w-])term(?![\\w-])``, found with ``str.find``, which is far
    cheaper than a look-behind regex over a whole contract)."""
    found = []
    start = text.find(term)
    while start != -1:
        end = start + len(term)
        before = text[start - 1] if start else " "
        after = text[end] if end < len(text) else " "
        if not (before.isalnum() or before in "_-") and not (after.isalnum() or after in "_-"):
            found.append(start)
        start = text.find(term, start + 1)
    return found
