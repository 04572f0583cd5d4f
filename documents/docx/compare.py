"""Compare the draft we sent with the draft the other side sent back (pure, no ORM, no XML).

Both drafts are text models (the returned one read with its own tracked changes accepted, so it
does not matter whether they tracked their edits). The comparison:

1. aligns paragraphs on their whitespace-normalised text (diff-match-patch over paragraphs,
   each paragraph one symbol, as the word diff does with words);
2. finds paragraphs that moved (the same text deleted in one place and inserted in another);
3. inside each remaining block of changed paragraphs, pairs a sent paragraph with a returned one
   when their words are mostly the same, and recognises a paragraph split in two or two merged
   into one;
4. word-diffs each paired paragraph; every separate run of changed words is one difference.

Every ``Difference`` carries the edits that turn our draft into theirs for that difference
alone, against our draft's text model (locators and offsets of the sent version), so accepting
their change is applying those edits, and rejecting it is keeping ours. Differences in white
space only, and empty paragraphs added or removed, are layout, not wording: not reported.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from typing import Any, Literal

from diff_match_patch import diff_match_patch

from .diff import tokenize, word_diff
from .model import Edit, Paragraph, TextModel

DifferenceKind = Literal[
    "changed", "inserted_text", "deleted_text", "paragraph_inserted", "paragraph_deleted", "moved", "split", "merged"
]

PAIR_THRESHOLD = 0.5  # share of words two paragraphs must have in common to be "the same, edited"
JOIN_THRESHOLD = 0.9  # a split/merge: the pieces joined must read (almost) as the whole
MAX_PAIRING = 40_000  # sent x returned paragraphs in one changed block before pairing is positional

_SPACE = re.compile(r"\s+")
_WORD = re.compile(r"\w")
_NUMBER = re.compile(r"^[\s$€£]*[0-9][0-9.,]*%?\s*$")


def _norm(text: str) -> str:
    return _SPACE.sub(" ", text).strip()


@dataclass(frozen=True)
class Difference:
    kind: DifferenceKind
    locator: str  # the sent paragraph it concerns ("" for a paragraph inserted before the first)
    before: str  # our wording (the changed words, or the paragraph)
    after: str  # their wording
    edits: tuple[Edit, ...]
    returned_index: int | None = None  # index of the returned paragraph holding their wording
    context: str = ""  # the whole sent paragraph, for display
    number: bool = False  # a number changed (a day count, an amount, a percentage)
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "locator": self.locator,
            "before": self.before,
            "after": self.after,
            "edits": [e.to_dict() for e in self.edits],
            "returned_index": self.returned_index,
            "number": self.number,
        }

    def describe(self) -> str:
        if self.kind == "changed":
            return f"changed “{_clip(self.before)}” to “{_clip(self.after)}”"
        if self.kind == "inserted_text":
            return f"added “{_clip(self.after)}”"
        if self.kind == "deleted_text":
            return f"deleted “{_clip(self.before)}”"
        if self.kind == "paragraph_inserted":
            return f"added the paragraph “{_clip(self.after)}”"
        if self.kind == "paragraph_deleted":
            return f"deleted the paragraph “{_clip(self.before)}”"
        if self.kind == "moved":
            return f"moved the paragraph “{_clip(self.before)}”"
        if self.kind == "split":
            return f"split the paragraph “{_clip(self.before)}” in two"
        return f"merged two paragraphs into “{_clip(self.after)}”"


def _clip(text: str, limit: int = 80) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _encode(texts: list[str], table: dict[str, str]) -> str:
    out = []
    for text in texts:
        code = table.get(text)
        if code is None:
            index = len(table) + 1
            if index >= 0xD800:
                index += 0x800
            code = chr(index)
            table[text] = code
        out.append(code)
    return "".join(out)


def _align(a: list[str], b: list[str]) -> list[tuple[int, list[int], list[int]]]:
    """Paragraph-level diff: (op, indexes in a, indexes in b) with op 0 = same, 1 = changed block."""
    table: dict[str, str] = {}
    left, right = _encode(a, table), _encode(b, table)
    engine = diff_match_patch()
    engine.Diff_Timeout = 0
    diffs = engine.diff_main(left, right, False)
    blocks: list[tuple[int, list[int], list[int]]] = []
    i = j = 0
    for op, codes in diffs:
        n = len(codes)
        if op == 0:
            blocks.append((0, list(range(i, i + n)), list(range(j, j + n))))
            i += n
            j += n
            continue
        if not blocks or blocks[-1][0] == 0:
            blocks.append((1, [], []))
        if op < 0:
            blocks[-1][1].extend(range(i, i + n))
            i += n
        else:
            blocks[-1][2].extend(range(j, j + n))
            j += n
    return blocks


def _words(text: str) -> list[str]:
    return [token for token in tokenize(text) if not token.isspace()]


def _similarity(a: str, b: str) -> float:
    wa, wb = _words(a), _words(b)
    if not wa or not wb:
        return 0.0
    matcher = SequenceMatcher(None, wa, wb, autojunk=False)
    if matcher.real_quick_ratio() < PAIR_THRESHOLD or matcher.quick_ratio() < PAIR_THRESHOLD:
        return 0.0
    return matcher.ratio()


PHRASE_GAP_WORDS = 2  # kept words between two changed runs of one phrase ("five percent (5%)")
_CLOSING = re.compile(r"[^\w()\s]{0,3}\)")  # "%)" closing "(5" of "five percent (5%)"
_BOUNDARY = re.compile(r"[.;:!?\n]")


def _phrase_gap(text: str) -> bool:
    """Kept text short enough, inside one sentence, to sit inside one changed phrase: "five
    percent (5%)" -> "seven percent (7%)" is one change of theirs, never "five"->"seven" and
    "5"->"7" (deciding those apart could give "seven percent (5%)")."""
    return len(_words(text)) <= PHRASE_GAP_WORDS and not _BOUNDARY.search(text)


def _regions(locator: str, sent: str, theirs: str, returned_index: int,
             spans: tuple[tuple[int, int], ...] = ()) -> list[Difference]:
    """Each changed phrase of one paragraph is one difference: the runs of changed words, joined
    when only a short gap of kept words inside one sentence separates them, or when both lie in
    one tracked change of theirs (``spans``: offsets in ``theirs`` of their tracked changes)."""
    # [sent start, sent end, their start, their end] of each run of changed words.
    runs: list[list[int]] = []
    position = their = 0
    for op, text in word_diff(sent, theirs):
        if op == 0:
            position += len(text)
            their += len(text)
            continue
        if not runs or runs[-1][1] != position or runs[-1][3] != their:
            runs.append([position, position, their, their])
        if op < 0:
            position += len(text)
            runs[-1][1] = position
        else:
            their += len(text)
            runs[-1][3] = their

    def span_of(run: list[int]) -> int | None:
        for index, (a, b) in enumerate(spans):
            if run[2] <= b and run[3] >= a:
                return index
        return None

    phrases: list[list[int]] = []
    for run in runs:
        if phrases:
            last = phrases[-1]
            same_change = span_of(last) is not None and span_of(last) == span_of(run)
            if same_change or _phrase_gap(sent[last[1]:run[0]]):
                last[1], last[3] = run[1], run[3]
                continue
        phrases.append(list(run))

    out: list[Difference] = []
    for start, end, their_start, their_end in phrases:
        before, after = sent[start:end], theirs[their_start:their_end]
        if _norm(before) == _norm(after):
            continue  # white space only
        # Keep the edit tight: white space at its ends that both sides share stays out.
        while before and after and before[0].isspace() and after[0].isspace():
            before, after, start = before[1:], after[1:], start + 1
        while before and after and before[-1].isspace() and after[-1].isspace():
            before, after = before[:-1], after[:-1]
        # A bracket opened inside the change and closed right after it belongs to it: a lawyer
        # reads "thirty (30)" -> "ninety (90)", not "thirty (30" -> "ninety (90".
        stop = start + len(before)
        closing = _CLOSING.match(sent, stop)
        if before.count("(") > before.count(")") and after.count("(") > after.count(")") and closing:
            before, after = before + closing.group(), after + closing.group()
        kind: DifferenceKind = "changed" if before.strip() and after.strip() else (
            "inserted_text" if after.strip() else "deleted_text"
        )
        out.append(
            Difference(
                kind=kind,
                locator=locator,
                before=before,
                after=after,
                edits=(Edit("replace", locator, before, after, start=start),),
                returned_index=returned_index,
                context=sent,
                number=bool(_NUMBER.match(before) and _NUMBER.match(after)),
            )
        )
    return out


def compare(sent: TextModel, returned: TextModel,
            tracked: dict[int, tuple[tuple[int, int], ...]] | None = None) -> list[Difference]:
    """Every difference between our draft (``sent``) and theirs (``returned``), in document order.
    ``tracked``: for a returned paragraph (by index), the spans of their tracked changes in it,
    so that one tracked change is never split into several differences."""
    ours = list(sent.paragraphs)
    theirs = list(returned.paragraphs)
    a = [_norm(p.text) for p in ours]
    b = [_norm(p.text) for p in theirs]
    blocks = _align(a, b)

    # The sent paragraph after which a returned paragraph would be inserted: the last sent
    # paragraph aligned at or before it.
    anchor_of: dict[int, int | None] = {}
    last: int | None = None
    for op, left, right in blocks:
        if op == 0:
            for i, j in zip(left, right, strict=True):
                anchor_of[j] = i
                last = i
        else:
            for j in right:
                anchor_of[j] = left[-1] if left else last
            if left:
                last = left[-1]

    deleted = [i for op, left, _ in blocks if op for i in left if a[i]]
    inserted = [j for op, _, right in blocks if op for j in right if b[j]]

    # Moves: the same (non-trivial) paragraph text deleted here and inserted elsewhere.
    moved: dict[int, int] = {}
    free: dict[str, list[int]] = {}
    for j in inserted:
        free.setdefault(b[j], []).append(j)
    for i in deleted:
        if len(_words(a[i])) < 3:
            continue
        candidates = free.get(a[i])
        if candidates:
            moved[i] = candidates.pop(0)
    moved_targets = set(moved.values())

    out: list[tuple[tuple[int, int], Difference]] = []
    for i, j in moved.items():
        p = ours[i]
        anchor = anchor_of.get(j)
        edits: list[Edit] = [Edit("delete_paragraph", p.locator, before=p.text)]
        if anchor is not None and anchor != i:
            edits.append(Edit("insert_after", ours[anchor].locator, after=theirs[j].text))
        out.append(
            ((i, 0), Difference("moved", p.locator, p.text, theirs[j].text, tuple(edits), j, p.text,
                                extra={"to_after": ours[anchor].locator if anchor is not None else ""}))
        )

    for op, left, right in blocks:
        if not op:
            continue
        left = [i for i in left if a[i] and i not in moved]
        right = [j for j in right if b[j] and j not in moved_targets]
        out.extend(_block(ours, theirs, a, b, left, right, anchor_of, tracked or {}))

    out.sort(key=lambda item: item[0])
    return [difference for _, difference in out]


def _block(
    ours: list[Paragraph],
    theirs: list[Paragraph],
    a: list[str],
    b: list[str],
    left: list[int],
    right: list[int],
    anchor_of: dict[int, int | None],
    tracked: dict[int, tuple[tuple[int, int], ...]],
) -> list[tuple[tuple[int, int], Difference]]:
    out: list[tuple[tuple[int, int], Difference]] = []
    used_right: set[int] = set()
    used_left: set[int] = set()
    positional = len(left) * len(right) > MAX_PAIRING
    cursor = 0  # pairs keep document order: a sent paragraph pairs only after the last pair
    for i in left:
        best, best_score = None, PAIR_THRESHOLD
        for k in range(cursor, len(right)):
            j = right[k]
            if j in used_right:
                continue
            score = _similarity(a[i], b[j]) if not positional else (1.0 if k == cursor else 0.0)
            if score > best_score:
                best, best_score = k, score
        if best is None:
            continue
        j = right[best]
        # A split: this paragraph reads as the paired one and its returned neighbour joined.
        split = None
        for k in (best, best - 1):
            if cursor <= k and k + 1 < len(right) and not {right[k], right[k + 1]} & used_right:
                joined = _similarity(a[i], b[right[k]] + " " + b[right[k + 1]])
                if joined >= JOIN_THRESHOLD and joined > best_score:
                    split = k
                    break
        if split is not None:
            first, second = right[split], right[split + 1]
            out.append(((i, 0), _split(ours[i], theirs[first], theirs[second], first)))
            used_left.add(i)
            used_right.update((first, second))
            cursor = split + 2
            continue
        # A merge: the returned paragraph reads as this one and the next sent one joined.
        position = left.index(i)
        if position + 1 < len(left):
            nxt_i = left[position + 1]
            joined = _similarity(a[i] + " " + a[nxt_i], b[j])
            if joined >= JOIN_THRESHOLD and joined > best_score:
                out.append(((i, 0), _merge(ours[i], ours[nxt_i], theirs[j], j)))
                used_left.update((i, nxt_i))
                used_right.add(j)
                cursor = best + 1
                continue
        if i in used_left:
            continue
        used_left.add(i)
        used_right.add(j)
        cursor = best + 1
        for n, difference in enumerate(_regions(ours[i].locator, ours[i].text, theirs[j].text, j,
                                                         tracked.get(j, ()))):
            out.append(((i, n), difference))
    for i in left:
        if i not in used_left:
            p = ours[i]
            out.append(((i, 0), Difference("paragraph_deleted", p.locator, p.text, "",
                                           (Edit("delete_paragraph", p.locator, before=p.text),), None, p.text)))
    for j in right:
        if j in used_right:
            continue
        anchor = anchor_of.get(j)
        if anchor is None:
            edits: tuple[Edit, ...] = ()  # before the first paragraph: no anchor to insert after
            locator = ""
        else:
            edits = (Edit("insert_after", ours[anchor].locator, after=theirs[j].text),)
            locator = ours[anchor].locator
        out.append((((anchor if anchor is not None else -1), 1 + j), Difference(
            "paragraph_inserted", locator, "", theirs[j].text, edits, j)))
    return out


def _split(p: Paragraph, first: Paragraph, second: Paragraph, j: int) -> Difference:
    if p.text.startswith(first.text):
        rest = p.text[len(first.text):]
        head = Edit("replace", p.locator, rest, "", start=len(first.text)) if rest else None
    else:
        head = Edit("replace", p.locator, p.text, first.text, start=0)
    edits = tuple(e for e in (head, Edit("insert_after", p.locator, after=second.text)) if e is not None)
    return Difference("split", p.locator, p.text, first.text + "\n" + second.text, edits, j, p.text)


def _merge(p: Paragraph, nxt: Paragraph, merged: Paragraph, j: int) -> Difference:
    if merged.text.startswith(p.text):
        tail = merged.text[len(p.text):]
        head = Edit("replace", p.locator, "", tail, start=len(p.text))
    else:
        head = Edit("replace", p.locator, p.text, merged.text, start=0)
    edits = (head, Edit("delete_paragraph", nxt.locator, before=nxt.text))
    return Difference("merged", p.locator, p.text + "\n" + nxt.text, merged.text, edits, j, p.text)


def apply_differences(sent: TextModel, differences: list[Difference]) -> TextModel:
    """Our draft with every difference accepted (their draft, up to layout): edits within one
    paragraph go right to left so each one's offsets stay those of the sent text."""
    from .edit import apply_edit_to_model, resolve_edit

    model = sent
    edits = [e for d in differences for e in d.edits]
    replaces = sorted((e for e in edits if e.kind == "replace"), key=lambda e: (e.locator, -(e.start or 0)))
    for edit in replaces:
        model = apply_edit_to_model(model, resolve_edit(model, edit))
    # Several insertions after one anchor: the last first, so they end up in their order.
    for edit in reversed([e for e in edits if e.kind == "insert_after"]):
        model = apply_edit_to_model(model, resolve_edit(model, edit))
    for edit in (e for e in edits if e.kind == "delete_paragraph"):
        paragraph = model.get(edit.locator)
        model = apply_edit_to_model(model, Edit("delete_paragraph", edit.locator, before=paragraph.text))
    return model
