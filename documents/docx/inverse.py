"""The edit that takes one applied edit back, re-anchored on the current text (pure, no ORM).

Undo never replays history: it makes a new version whose edit reverts exactly what the undone
edit changed, on the text as it reads now, so every later edit stays. It is exact or refused:

- a replace is reverted where its new text still stands untouched. The span it wrote is carried
  through every later edit of the paragraph (each one is stored exactly, with its position): an
  edit before it shifts it, one after it leaves it, and one that touched it makes the undo refuse
  (undo the later one first) instead of guessing. Never by diffing texts: two equal words in
  different places would be taken for each other;
- an inserted paragraph is deleted, if its text is still what was inserted (with the title
  paragraph an insertion put before it, if that still reads as inserted);
- a deleted paragraph comes back after the nearest paragraph that preceded it and still exists,
  formatted like that paragraph (a new locator; the text is exactly what was deleted).
"""

from __future__ import annotations

from .model import Edit, EditError, TextModel, title_locator


class UndoRefused(EditError):
    """The edit cannot be taken back exactly on the current text (one sentence for the lawyer)."""


def _through(span: tuple[int, int], locator: str, later: list[Edit]) -> tuple[int, int]:
    """Carry a span of paragraph ``locator`` through the edits made after it, exactly: an edit
    before the span shifts it, one after it leaves it, one that touches it refuses."""
    start, end = span
    for edit in later:
        if edit.locator != locator:
            continue
        if edit.kind == "delete_paragraph":
            raise UndoRefused("A later edit deleted the paragraph of this edit: undo that edit first.")
        if edit.kind != "replace" or edit.start is None:
            continue
        e_start, e_end = edit.start, edit.start + len(edit.before)
        delta = len(edit.after) - len(edit.before)
        if e_end <= start and not (e_start == e_end == start and start != end):
            start, end = start + delta, end + delta  # wholly before the span
        elif e_start >= end and not (e_start == e_end == end and start == end):
            continue  # wholly after it
        elif e_start == e_end == start:
            start, end = start + delta, end + delta  # text inserted right before the span
        else:
            raise UndoRefused("A later edit rewrote the words of this edit, so it cannot be taken back exactly.")
    return start, end


def inverse_edit(*, applied: Edit, later: list[Edit], current: TextModel, parent: TextModel) -> Edit:
    """The edit that reverts ``applied`` on ``current``. ``parent`` is the text ``applied`` was
    made on, ``later`` the edits made after it, in order, up to ``current``. Raises
    ``UndoRefused``."""
    if applied.kind == "replace":
        return _inverse_replace(applied, later, current)
    if applied.kind == "insert_after":
        locator = applied.new_locator or ""
        paragraph = current.find(locator)
        if paragraph is None:
            raise UndoRefused("The paragraph this edit inserted is no longer in the contract.")
        if paragraph.text != applied.after:
            raise UndoRefused("A later edit changed the inserted paragraph: undo that edit first.")
        if applied.title:
            # A clause inserted with its title in a paragraph of its own: both go.
            title = current.find(title_locator(locator))
            if title is None or title.text != applied.title:
                raise UndoRefused("A later edit changed the inserted clause's title: undo that edit first.")
            return Edit(kind="delete_paragraph", locator=locator, before=paragraph.text, title=applied.title)
        return Edit(kind="delete_paragraph", locator=locator, before=paragraph.text)
    if applied.kind == "delete_paragraph":
        order = [p.locator for p in parent.paragraphs]
        index = order.index(applied.locator) if applied.locator in order else -1
        for locator in reversed(order[:max(index, 0)]):
            if current.find(locator) is not None:
                return Edit(kind="insert_after", locator=locator, after=applied.before)
        raise UndoRefused("The deleted paragraph was the first of the contract; it cannot be put back by undo.")
    raise UndoRefused(f"Unknown kind of edit: {applied.kind!r}.")


def _inverse_replace(applied: Edit, later: list[Edit], current: TextModel) -> Edit:
    locator = applied.locator
    paragraph = current.find(locator)
    if paragraph is None:
        raise UndoRefused("The paragraph of this edit is no longer in the contract.")
    if applied.start is None:
        raise UndoRefused("This edit has no recorded position, so it cannot be taken back exactly.")
    start, end = _through((applied.start, applied.start + len(applied.after)), locator, later)
    if paragraph.text[start:end] != applied.after:  # belt and braces: the carried span must hold it
        raise UndoRefused("A later edit changed the text of this edit: undo that edit first.")
    return Edit(kind="replace", locator=locator, before=applied.after, after=applied.before, start=start)
