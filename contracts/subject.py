"""Which number a rule is about, when a sentence states several.

"This Agreement renews automatically for successive renewal terms of one (1) year unless
Customer gives notice of non-renewal at least one hundred twenty (120) days before the end of
the then-current term" has two durations. A notice-period rule is about the hundred and twenty
days, a renewal-term rule about the year. The quantity a rule governs is the one its own words
point at:

1. the words the author pinned (``check: {max_days: 60, near: notice}``), else the rule's
   ``find.all`` words, else its ``find.any`` words, longest (most specific) first;
2. for the first of those words that occurs in the sentence, the first quantity of the right
   kind after it in the same clause ("notice of non-renewal at least 120 days"), else the
   nearest one before it in that clause ("thirty (30) days' notice");
3. when none of the words is near a quantity, the quantity closest to any occurrence of any of
   them; a sentence with one quantity has no choice to make.

Pure functions over plain text, so the analysis and a revision ("use 45 days" on a proposed
clause) pick the same quantity the same way.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from contracts import numbers
from contracts.normalize import norm_phrase, normalize
from documents.docx.model import occurrences

# Clause boundaries inside a sentence: a quantity across one of these belongs to another clause.
_CLAUSE_BREAK = re.compile(r";|:\s|\.\s")


def subject_words(near: Sequence[str], find_all: Sequence[str], find_any: Sequence[str]) -> list[str]:
    """The words that name a rule's subject, most telling first (normalised, lower case)."""
    words: list[str] = []
    for group in (near, find_all, sorted(find_any, key=len, reverse=True)):
        for word in group:
            phrase = norm_phrase(word)
            if phrase and phrase not in words:
                words.append(phrase)
    return words


def _same_clause(text: str, a: int, b: int) -> bool:
    lo, hi = (a, b) if a <= b else (b, a)
    return _CLAUSE_BREAK.search(text, lo, hi) is None


def pick(text: str, quantities: Sequence[numbers.Quantity], words: Sequence[str]) -> numbers.Quantity | None:
    """The quantity of ``quantities`` (found in ``text``) that ``words`` point at."""
    if not quantities:
        return None
    if len(quantities) == 1:
        return quantities[0]
    normalized = normalize(text)
    lower = normalized.lower
    spots: list[int] = []
    for word in words:
        starts = [normalized.to_original(i, i + len(word)) for i in occurrences(lower, word)]
        spots.extend(end for _, end in starts)
        for start, end in starts:
            after = [q for q in quantities if q.start >= end and _same_clause(text, end, q.start)]
            if after:
                return min(after, key=lambda q: q.start)
            before = [q for q in quantities if q.end <= start and _same_clause(text, q.end, start)]
            if before:
                return max(before, key=lambda q: q.end)
    if spots:
        return min(quantities, key=lambda q: min(abs(q.start - s) for s in spots))
    return quantities[0]
