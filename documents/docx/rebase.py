"""Never revert an accepted edit: a proposal is moved onto the current version word by word, and
the words accepted edits wrote are never changed again by another rule's proposal.

An edit is applied as word-level pieces ("hunks": offset, old text, new text; see
``edit._word_changes``), so two edits of one sentence usually touch different words: "three (3)
years" -> "one (1) year" and "one hundred twenty (120)" -> "sixty (60)". Moving a proposal over the
edits accepted since it was computed (``rebase``) shifts each of its hunks with the text and drops
the hunks that overlap a hunk an accepted edit changed: the accepted words stand, the rest of the
proposal still applies. ``keep_accepted`` does the same against every word written by the
accepted edits of the version (``written_spans``), for proposals worked out afresh on the current
text (a rule run again, a revision along the playbook's ladder).

Only edits in force count as accepted. An undone edit and the undo that reverted it
(docs/decisions/undo.md) stay in the chain, so positions are carried through them, but the words
they wrote are not accepted words: the undo put the contract's own words back. Such a pair is
passed as ``Step(edit, in_force=False)``; a plain ``Edit`` is in force.

Pure functions over edits and text models, no ORM and no XML.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from .edit import word_changes as _word_changes
from .model import Edit, TextModel, title_locator

_WORD = re.compile(r"\w")
Hunk = tuple[int, str, str]  # (offset in the paragraph, old text, new text)
Span = tuple[int, int]


@dataclass(frozen=True)
class Step:
    """One edit of the version chain; ``in_force`` is False for an undone edit and for the undo
    that reverted it."""

    edit: Edit
    in_force: bool = True


def _steps(edits: Iterable[Edit | Step]) -> list[Step]:
    return [e if isinstance(e, Step) else Step(e) for e in edits]


@dataclass(frozen=True)
class Rebased:
    """``edit`` is what is left to apply (None: nothing, the accepted edits already decided every
    word it would change, or its paragraph is gone); ``dropped`` says whether some of its words
    were left out because an accepted edit had changed them."""

    edit: Edit | None
    dropped: bool = False


def hunks(edit: Edit) -> list[Hunk]:
    """The edit's word-level pieces, with pieces separated only by spaces and punctuation joined:
    "three (3) years" -> "one (1) year" is one change of one phrase, so it is kept or dropped
    whole (never "two (2) year" from half of it)."""
    if edit.kind != "replace" or edit.start is None:
        return []
    return _phrases(edit.start, edit.before, _word_changes(edit.start, edit.before, edit.after))


def _phrases(start: int, before: str, changes: list[Hunk]) -> list[Hunk]:
    """``changes`` (in ``before``, which starts at ``start``) with those separated only by spaces
    and punctuation joined into one."""
    merged: list[Hunk] = []
    for offset, old, new in changes:
        if merged:
            last_offset, last_old, last_new = merged[-1]
            gap = before[last_offset + len(last_old) - start : offset - start]
            if not _WORD.search(gap):
                merged[-1] = (last_offset, last_old + gap + old, last_new + gap + new)
                continue
        merged.append((offset, old, new))
    return merged


def _clash(h: int, old: str, a: int, b: int) -> bool:
    """Does our hunk at ``h`` replacing ``old`` touch the accepted stretch [a, b)?"""
    end = h + len(old)
    if a == b:  # accepted text was deleted at a: do not write across that point or put text back
        return h < a < end or (not old and h == a)
    if not old:  # a pure insertion: only strictly inside the accepted words
        return a < h < b
    return h < b and a < end


_SENTENCE_END = re.compile(r"[.;!?]\s")


def _same_phrase(text: str, hunk: Hunk, a: int, b: int) -> bool:
    """Is ``hunk`` joined to the accepted stretch [a, b) by punctuation only (no word, not just
    white space between them)?"""
    start, end = hunk[0], hunk[0] + len(hunk[1])
    if end <= a:
        lo, hi = end, a
    elif b <= start:
        lo, hi = b, start
    else:
        return False  # overlapping: ``_clash`` decides
    gap = text[lo:hi]
    # (never across a sentence's end: "... of the intended suspension. All Orders are non-cancellable" are two
    # sentences, and a change to the second is no change to the phrase an accepted edit wrote in the first; nor
    # where a sentence struck whole ends right before the change, "... of CRYENGINE. [struck] Crytek will ...")
    if _SENTENCE_END.search(text[max(0, lo - 2) : hi + 1]) or (gap == "" and (lo == 0 or text[:lo].endswith("\n"))):
        return False
    return not _WORD.search(gap) and (gap == "" or gap.strip() != "")


def _shift_hunk(h: Hunk, s: int, old: str, new: str) -> Hunk:
    offset, ours_old, ours_new = h
    if offset >= s + len(old) and not (offset == s and not old and ours_old):
        return (offset + len(new) - len(old), ours_old, ours_new)
    if offset == s and not old:  # the accepted insertion is at our start: we follow it
        return (offset + len(new), ours_old, ours_new)
    return h


def rebase(edit: Edit, applied: Sequence[Edit | Step], model: TextModel) -> Rebased:
    """``edit`` (a replace computed before ``applied`` were accepted) on ``model``, the version
    ``applied`` lead to. A piece that touches words an edit no longer in force changed cannot be
    carried exactly (those words were changed and put back): the whole edit is then None, not
    dropped, and the caller works it out afresh on the current text."""
    steps = _steps(applied)
    ours = hunks(edit)
    dropped = False
    start = edit.start or 0  # the whole edit's start, moved along for the common case below
    for step in steps:
        accepted = step.edit
        if accepted.locator != edit.locator:
            continue
        if accepted.kind == "delete_paragraph":
            return Rebased(None, step.in_force)
        for s, old, new in reversed(hunks(accepted)):
            if s + len(old) <= start:
                start += len(new) - len(old)
            kept: list[Hunk] = []

            def clashes(hunk: Hunk, s: int = s, old: str = old, new: str = new) -> bool:
                return _clash(hunk[0], hunk[1], s, s + len(old)) or (
                    not old and not hunk[1] and hunk[0] == s and hunk[2] == new
                )

            for hunk in ours:
                if clashes(hunk):
                    if not step.in_force:
                        return Rebased(None)
                    dropped = True
                    # Its finer pieces that leave the accepted words alone still apply (keep_accepted).
                    def text_at(a: int, b: int, o: int = hunk[0], h: str = hunk[1]) -> str:
                        return h[a - o : b - o]

                    pieces = _apart_from_clashes(text_at, _finer(hunk), clashes)
                    kept.extend(_shift_hunk(piece, s, old, new) for piece in pieces)
                    continue
                kept.append(_shift_hunk(hunk, s, old, new))
            ours = kept
    paragraph = model.find(edit.locator)
    if paragraph is not None and ours:
        # A change right next to accepted words, joined to them by punctuation only, is a change
        # of the same phrase ("thirty" beside an accepted "(30)"): the accepted phrase stands.
        written = written_spans(steps).get(edit.locator, [])
        near = [h for h in ours if any(_same_phrase(paragraph.text, h, a, b) for a, b in written)]
        if near:
            dropped = True
            ours = [h for h in ours if h not in near]
    if not dropped and paragraph is not None and paragraph.text.startswith(edit.before, start):
        # Nothing accepted inside it: the same edit, moved (its span and wording as proposed).
        return Rebased(Edit(kind="replace", locator=edit.locator, before=edit.before, after=edit.after, start=start))
    return Rebased(_join(edit.locator, ours, model), dropped)


def written_spans(edits: Iterable[Edit | Step]) -> dict[str, list[Span]]:
    """Per paragraph, the stretches of the latest version's text that ``edits`` (version 2
    onwards, in order) wrote; a deletion is a zero-width stretch where the words were. An edit
    not in force moves and overwrites the stretches of the others but records none of its own."""
    spans: dict[str, list[Span]] = {}
    for step in _steps(edits):
        edit = step.edit
        if edit.kind == "delete_paragraph":
            spans.pop(edit.locator, None)
            continue
        if edit.kind == "insert_after":
            if edit.new_locator and step.in_force:
                spans[edit.new_locator] = [(0, len(edit.after))]
                if edit.title:
                    spans[title_locator(edit.new_locator)] = [(0, len(edit.title))]
            continue
        current = spans.get(edit.locator, [])
        pieces = hunks(edit)
        for s, old, new in reversed(pieces):
            delta = len(new) - len(old)
            moved = []
            for a, b in current:
                if b <= s and not (a == b == s and old):
                    moved.append((a, b))
                elif a >= s + len(old):
                    moved.append((a + delta, b + delta))
                # else: overwritten by this edit, whose own words are recorded below
            current = moved
        delta = 0
        for s, old, new in pieces:
            if step.in_force:
                current.append((s + delta, s + delta + len(new)))
            delta += len(new) - len(old)
        spans[edit.locator] = sorted(current)
    return spans


def keep_accepted(edit: Edit, spans: dict[str, list[Span]], model: TextModel) -> Rebased:
    """``edit`` (resolved on ``model``) without the hunks that would change words accepted edits
    wrote (``written_spans`` of the same version)."""
    if edit.kind != "replace":
        return Rebased(edit)
    mine = spans.get(edit.locator)
    if not mine:
        return Rebased(edit)
    ours = hunks(edit)
    text = model.get(edit.locator).text

    def clashes(h: Hunk) -> bool:
        return any(_clash(h[0], h[1], a, b) or _same_phrase(text, h, a, b) for a, b in mine)

    kept: list[Hunk] = []
    for hunk in ours:
        if not clashes(hunk):
            kept.append(hunk)
            continue
        # A rewrite read as one piece ("The Term shall automatically renew ... for successive 1-year
        # terms unless ... not less than 90 days prior to" -> "This Agreement renews ... of one (1)
        # year unless ... at least thirty (30) days before"): its finer pieces that leave the
        # accepted words alone still apply, so accepting it changes the notice period too.
        kept.extend(_apart_from_clashes(lambda a, b: text[a:b], _finer(hunk), clashes))
    if len(kept) == len(ours) and all(k in ours for k in kept):
        return Rebased(edit)
    return Rebased(_join(edit.locator, kept, model), True)


def _apart_from_clashes(
    text_at: Callable[[int, int], str], pieces: list[Hunk], clashes: Callable[[Hunk], bool]
) -> list[Hunk]:
    """The pieces that neither touch accepted words nor stand within a word of a piece that does:
    "renewal terms of one (1) year" for an accepted "1-year terms" is one phrase, and its " of one
    (1) year" kept alone would read "1-year terms of one (1) year"."""
    dropped = [clashes(piece) for piece in pieces]
    changed = True
    while changed:
        changed = False
        for i, piece in enumerate(pieces):
            if dropped[i]:
                continue
            for j in (i - 1, i + 1):
                if 0 <= j < len(pieces) and dropped[j]:
                    left, right = (pieces[j], piece) if j < i else (piece, pieces[j])
                    gap = text_at(left[0] + len(left[1]), right[0])
                    if len(re.findall(r"\w+", gap)) < 2:
                        dropped[i] = changed = True
                        break
    return [piece for piece, gone in zip(pieces, dropped, strict=True) if not gone]


def _finer(hunk: Hunk) -> list[Hunk]:
    """``hunk`` split at every word its old and new text share (pieces separated only by spaces
    and punctuation still joined, as ``hunks`` joins them); [hunk] when they share none."""
    offset, old, new = hunk
    return _phrases(offset, old, _word_changes(offset, old, new, semantic=False)) or [hunk]


def _join(locator: str, ours: list[Hunk], model: TextModel) -> Edit | None:
    """One replace covering the hunks, on the current text (None if no hunk is left or the text
    no longer reads what a hunk expects)."""
    paragraph = model.find(locator)
    if paragraph is None or not ours:
        return None
    text = paragraph.text
    ours = sorted(ours, key=lambda h: (h[0], len(h[1])))
    start = ours[0][0]
    end = max(h[0] + len(h[1]) for h in ours)
    pieces: list[str] = []
    position = start
    for offset, old, new in ours:
        if offset < position or text[offset : offset + len(old)] != old:
            return None
        pieces.append(text[position:offset])
        pieces.append(new)
        position = offset + len(old)
    pieces.append(text[position:end])
    before, after = text[start:end], "".join(pieces)
    if before == after:
        return None
    return Edit(kind="replace", locator=locator, before=before, after=after, start=start)
