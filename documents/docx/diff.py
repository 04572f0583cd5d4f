"""Word-level diffs on diff-match-patch (docs/decisions/word-diff.md): every word, run of white space and
punctuation mark becomes one character, the characters are diffed, and mapped back. Lawyers
read "sixty (60)" -> "thirty (30)", never "six" -> "thir"."""

from __future__ import annotations

import html
import re

from diff_match_patch import diff_match_patch

_TOKEN = re.compile(r"\w+|\s+|[^\w\s]", re.UNICODE)


def tokenize(text: str) -> list[str]:
    return _TOKEN.findall(text)


def _encode(tokens: list[str], table: dict[str, str]) -> str:
    out = []
    for token in tokens:
        code = table.get(token)
        if code is None:
            index = len(table) + 1
            if index >= 0xD800:  # skip the surrogate block
                index += 0x800
            code = chr(index)
            table[token] = code
        out.append(code)
    return "".join(out)


def word_diff(a: str, b: str, *, semantic: bool = True) -> list[tuple[int, str]]:
    """``[(op, text)]`` with op -1 (deleted), 0 (kept), 1 (inserted); joining the 0/-1 texts
    gives ``a`` and the 0/1 texts gives ``b``. ``semantic``: short runs of kept words between
    changes are folded into the changes (what a reader sees); without it, every kept word stays
    kept (the finest pieces, for keeping part of a rewrite: documents/docx/rebase.py)."""
    if a == b:
        return [(0, a)] if a else []
    table: dict[str, str] = {}
    left = _encode(tokenize(a), table)
    right = _encode(tokenize(b), table)
    decode = {code: token for token, code in table.items()}
    engine = diff_match_patch()
    engine.Diff_Timeout = 0  # deterministic: never a time-dependent, coarser answer
    diffs = engine.diff_main(left, right, False)
    if semantic:
        engine.diff_cleanupSemantic(diffs)
    merged: list[tuple[int, str]] = []
    for op, codes in diffs:
        text = "".join(decode[code] for code in codes)
        if not text:
            continue
        if merged and merged[-1][0] == op:
            merged[-1] = (op, merged[-1][1] + text)
        else:
            merged.append((op, text))
    return merged


def diff_html(diffs: list[tuple[int, str]]) -> str:
    parts = []
    for op, text in diffs:
        escaped = html.escape(text, quote=True)
        if op == 0:
            parts.append(escaped)
        elif op < 0:
            parts.append(f"<del>{escaped}</del>")
        else:
            parts.append(f"<ins>{escaped}</ins>")
    return "".join(parts)


def word_diff_html(a: str, b: str) -> str:
    """Escaped HTML of the word diff: deletions in ``<del>``, insertions in ``<ins>``."""
    return diff_html(word_diff(a, b))
