"""Which edits are "number-only": every word the edit changes is a number (digits, a number
word, a currency amount, a percentage), so accepting them in a batch changes no wording."""

from __future__ import annotations

import re

from documents.docx.diff import word_diff

_WORDS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand "
    "million billion and"
)
NUMBER_WORDS = frozenset(_WORDS.split())
_NUMBER_TOKEN = re.compile(r"^[\s(\[]*[$€£¥]?\d[\d.,]*%?[)\].,;:]*\s*$")


def _is_number_piece(text: str) -> bool:
    for token in re.split(r"\s+", text.strip()):
        if not token:
            continue
        bare = token.strip("()[].,;:-").lower()
        if _NUMBER_TOKEN.match(token) or bare in NUMBER_WORDS:
            continue
        if "-" in bare and all(part in NUMBER_WORDS for part in bare.split("-")):
            continue  # twenty-four
        return False
    return True


def is_number_only(before: str, after: str) -> bool:
    if not before or not after or before == after:
        return False
    changed = [text for op, text in word_diff(before, after) if op != 0]
    return bool(changed) and all(_is_number_piece(text) for text in changed)
