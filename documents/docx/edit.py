"""Edits: the checks an edit must pass and the pure text-model step; the format-preserving XML
step is documents/docx/xmledit.py, validated identically.

Both steps call the same ``check_*`` functions on the same (text, protected spans), so an edit
accepted on the text model (the hot path, no .docx involved) is exactly one the XML replay will
accept later, and vice versa.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from typing import Any

from .diff import word_diff
from .model import (
    DECISION_KINDS,
    Edit,
    EditError,
    Paragraph,
    TextModel,
    inserted_locator,
    inserted_number,
    occurrences,
    title_locator,
)
from .tracked import (
    apply_decision_to_model,
)

Element = Any

_INVALID_CHARS = re.compile("[\x00-\x08\x0b-\x1f\x7f\ud800-\udfff\ufffe\uffff]")
_PIECES = re.compile(r"(\t|\n)")


def _short(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


# --- validation shared by the model and the XML -------------------------------------------


def check_new_text(text: str) -> None:
    if _INVALID_CHARS.search(text):
        raise EditError("The new text contains control characters that a Word document cannot hold.")


def _overlaps(span: tuple[int, int], start: int, end: int) -> bool:
    a, b = span
    if start == end:  # a pure insertion: only strictly inside a field, or at an empty field
        return a < start < b or a == b == start
    return (a < end and start < b) or (a == b and start < a < end)


def check_replace(locator: str, text: str, protected: Iterable[tuple[int, int]], edit: Edit) -> None:
    """Refuse unless ``edit.before`` is exactly at ``edit.start`` and touches no field."""
    if edit.start is None:
        raise EditError(f"The edit of paragraph {locator} does not say where the text is.")
    start, end = edit.start, edit.start + len(edit.before)
    if start < 0 or end > len(text) or text[start:end] != edit.before:
        if edit.before and edit.before in text:
            raise EditError(
                f"Paragraph {locator} no longer reads “{_short(edit.before)}” at that position, so the edit "
                "was not applied."
            )
        raise EditError(
            f"The text “{_short(edit.before)}” is not in paragraph {locator}; the document may have changed "
            "since the edit was proposed."
        )
    if edit.before == edit.after:
        raise EditError("The edit does not change anything.")
    check_new_text(edit.after)
    spans = list(protected)
    # Word by word, as applied: a field inside the span that the new wording keeps word for word
    # is left alone and the edit changes the text beside it.
    for offset, old, _ in word_changes(start, edit.before, edit.after):
        if any(_overlaps(span, offset, offset + len(old)) for span in spans):
            raise EditError(
                f"The edit would change a field (such as a cross-reference or a page number) in paragraph "
                f"{locator}; only the text around it can be edited."
            )
        if not old and not _insertion_anchor_ok(text, spans, offset):
            raise EditError(f"Text cannot be inserted between two fields in paragraph {locator}.")


def char_protected(spans: list[tuple[int, int]], index: int) -> bool:
    return any(a <= index < b for a, b in spans)


def _insertion_anchor_ok(text: str, spans: list[tuple[int, int]], k: int) -> bool:
    """A pure insertion needs unprotected text on one side (left preferred) or an empty paragraph."""
    if not text:
        return True
    if k > 0 and not char_protected(spans, k - 1):
        return True
    return k < len(text) and not char_protected(spans, k)


def check_insert(anchor: Paragraph, edit: Edit) -> None:
    if not edit.after.strip():
        raise EditError("The new paragraph has no text.")
    check_new_text(edit.after)
    if edit.title is not None:
        if not edit.title.strip() or "\n" in edit.title:
            raise EditError("The new clause's title must be one line of text.")
        check_new_text(edit.title)
    if anchor.ends_in_field:
        raise EditError(
            f"Paragraph {anchor.locator} ends inside a field (such as a table of contents), so nothing can be "
            "inserted after it."
        )


def check_delete(
    locator: str,
    text: str,
    protected: Iterable[tuple[int, int]],
    edit: Edit,
    *,
    last_in_cell: bool,
    section_break: bool,
) -> None:
    if text != edit.before:
        raise EditError(
            f"Paragraph {locator} no longer reads “{_short(edit.before)}”, so it was not deleted; the document "
            "may have changed since the edit was proposed."
        )
    if any(True for _ in protected):
        raise EditError(
            f"Paragraph {locator} contains a field (such as a cross-reference), so Redpen does not delete it."
        )
    if last_in_cell:
        raise EditError(
            f"Paragraph {locator} is the only paragraph of its table cell, footnote or text box, so it cannot be "
            "deleted; replace its text instead."
        )
    if section_break:
        raise EditError(
            f"Paragraph {locator} ends a section of the document, so it cannot be deleted; replace its text instead."
        )


# --- the text model -------------------------------------------------------------------------


def resolve_edit(model: TextModel, edit: Edit) -> Edit:
    """The exact edit that will be applied: ``start`` pinned for a replace (when the text occurs
    exactly once), ``new_locator`` assigned for an insert (``n<next_insert>``)."""
    if edit.kind in DECISION_KINDS:
        model.get(edit.locator)
        return edit  # made resolved from version 1's XML (tracked.decision_edit)
    if edit.kind == "comment_reply":
        model.get(edit.locator)
        if not edit.after.strip() or not edit.change:
            raise EditError("The reply has no text.")
        check_new_text(edit.after)
        return edit
    if edit.kind not in ("replace", "insert_after", "delete_paragraph"):
        raise EditError(f"Unknown kind of edit: {edit.kind!r}.")
    paragraph = model.get(edit.locator)
    if edit.kind == "replace" and edit.start is None:
        if not edit.before:
            raise EditError(f"The insertion into paragraph {edit.locator} does not say where it goes.")
        positions = occurrences(paragraph.text, edit.before)
        if not positions:
            check_replace(edit.locator, paragraph.text, paragraph.protected, dataclasses.replace(edit, start=-1))
        if len(positions) > 1:
            raise EditError(
                f"“{_short(edit.before)}” appears {len(positions)} times in paragraph {edit.locator}, so the edit "
                "must say which one."
            )
        return dataclasses.replace(edit, start=positions[0])
    if edit.kind == "insert_after":
        if edit.new_locator is None:
            return dataclasses.replace(edit, new_locator=inserted_locator(model.next_insert))
        number = inserted_number(edit.new_locator)
        if number is None or number < model.next_insert:
            raise EditError(f"{edit.new_locator} cannot be used for a new paragraph (it is or was already taken).")
    return edit


def _shift(spans: tuple[tuple[int, int], ...], old_end: int, delta: int) -> tuple[tuple[int, int], ...]:
    # Spans at or after the end of the changed text move with it; spans before stay (a span
    # touching the start stays before the new text, as the XML places it).
    return tuple((a + delta, b + delta) if a >= old_end else (a, b) for a, b in spans)


def apply_edit_to_model(model: TextModel, edit: Edit) -> TextModel:
    """The text model after ``edit`` (validated exactly as the XML apply validates it)."""
    edit = resolve_edit(model, edit)
    if edit.kind in DECISION_KINDS:
        return apply_decision_to_model(model, edit)
    if edit.kind == "comment_reply":
        return model  # a comment, not text
    index = model.index_of(edit.locator)
    paragraph = model.paragraphs[index]
    paragraphs = list(model.paragraphs)
    next_insert = model.next_insert
    if edit.kind == "replace":
        check_replace(edit.locator, paragraph.text, paragraph.protected, edit)
        assert edit.start is not None
        end = edit.start + len(edit.before)
        text = paragraph.text[: edit.start] + edit.after + paragraph.text[end:]
        protected = paragraph.protected
        if protected:
            # Field spans move with the word-level pieces around them (a field the edit keeps
            # inside its span stays protected where it now is).
            for offset, old, new in reversed(word_changes(edit.start, edit.before, edit.after)):
                protected = _shift(protected, offset + len(old), len(new) - len(old))
        paragraphs[index] = dataclasses.replace(paragraph, text=text, protected=protected)
    elif edit.kind == "insert_after":
        check_insert(paragraph, edit)
        assert edit.new_locator is not None
        new_locators = [edit.new_locator, *([title_locator(edit.new_locator)] if edit.title else [])]
        for locator in new_locators:
            if locator in model.positions:
                raise EditError(f"{locator} is already a paragraph of this document.")
        body = _formatted_like(model, paragraph, edit.like)
        inserted = [_new_paragraph(edit.new_locator, edit.after, paragraph, body)]
        if edit.title:
            title = _formatted_like(model, paragraph, edit.title_like)
            inserted.insert(0, _new_paragraph(title_locator(edit.new_locator), edit.title, paragraph, title))
        paragraphs[index + 1 : index + 1] = inserted
        next_insert = max(next_insert, int(edit.new_locator[1:]) + 1)
    else:
        last_in_cell = bool(paragraph.cell) and not any(
            p.cell == paragraph.cell for p in paragraphs if p.locator != paragraph.locator
        )
        check_delete(
            edit.locator,
            paragraph.text,
            paragraph.protected,
            edit,
            last_in_cell=last_in_cell,
            section_break=paragraph.section_break,
        )
        del paragraphs[index]
        if edit.title is not None:
            # (the undo of a titled insertion: its title paragraph goes with it)
            heading = check_title_before(model, edit)
            paragraphs.remove(heading)
    if edit.kind == "replace":
        # Same locators in the same order: the index carries over (a decision stays O(1) here).
        return model.with_texts(tuple(paragraphs), next_insert=next_insert, numbering=model.numbering)
    return TextModel(paragraphs=tuple(paragraphs), next_insert=next_insert, numbering=model.numbering)


def _formatted_like(model: TextModel, anchor: Paragraph, like: str | None) -> Paragraph:
    """The paragraph whose formatting a new paragraph after ``anchor`` takes: ``like`` when given
    (a paragraph of the same part, outside tables), else the anchor."""
    if like is None:
        return anchor
    source = model.get(like)
    if source.part != anchor.part or source.in_table or source.cell:
        raise EditError(f"A new paragraph after {anchor.locator} cannot be formatted like paragraph {like}.")
    return source


def _new_paragraph(locator: str, text: str, anchor: Paragraph, like: Paragraph) -> Paragraph:
    """A new paragraph after ``anchor`` (in its cell and part) formatted like ``like``: the XML
    copies that paragraph's properties, style and numbering included."""
    return Paragraph(
        locator=locator,
        text=text,
        style=like.style,
        heading_level=like.heading_level,
        in_table=anchor.in_table,
        cell=anchor.cell,
        part=anchor.part,
        num_id=like.num_id,
        num_level=like.num_level,
    )


def check_title_before(model: TextModel, edit: Edit) -> Paragraph:
    """The title paragraph a titled insertion put before paragraph ``edit.locator``, which a
    deletion with ``edit.title`` takes with it: it must still stand there and read ``edit.title``."""
    heading = model.find(title_locator(edit.locator))
    index = model.positions.get(edit.locator)
    if heading is None or index is None or index == 0 or model.paragraphs[index - 1].locator != heading.locator:
        raise EditError(f"The title of paragraph {edit.locator} is no longer right before it.")
    if heading.text != edit.title:
        raise EditError(f"The title of paragraph {edit.locator} no longer reads “{_short(edit.title or '')}”.")
    return heading


def edit_problem(model: TextModel, edit: Edit) -> str | None:
    """Why ``edit`` cannot be applied to ``model`` (the sentence a lawyer reads), or None."""
    try:
        apply_edit_to_model(model, edit)
    except EditError as exc:
        return str(exc)
    return None


def word_changes(start: int, before: str, after: str, *, semantic: bool = True) -> list[tuple[int, str, str]]:
    """The replace as minimal word-level (offset, old, new) changes, left to right (``semantic``:
    as ``word_diff`` reads them; without it, split at every shared word)."""
    if not before or not after:
        return [(start, before, after)]
    changes: list[tuple[int, str, str]] = []
    position = start
    pending: list[str] = ["", ""]
    pending_at: int | None = None
    for op, text in word_diff(before, after, semantic=semantic):
        if op == 0:
            if pending_at is not None:
                changes.append((pending_at, pending[0], pending[1]))
                pending, pending_at = ["", ""], None
            position += len(text)
            continue
        if pending_at is None:
            pending_at = position
        if op < 0:
            pending[0] += text
            position += len(text)
        else:
            pending[1] += text
    if pending_at is not None:
        changes.append((pending_at, pending[0], pending[1]))
    return changes
