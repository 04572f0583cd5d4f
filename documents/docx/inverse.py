"""The edit that takes one applied edit back, re-anchored on the current text (pure, no ORM).

Undo never replays history: it makes a new version whose edit reverts exactly what the undone
edit changed, on the text as it reads now, so every later edit stays. It is exact or refused:

- a replace is reverted where its new text still stands untouched. The span it wrote is mapped
  from the text right after it was applied (``made``) to the current text through the parts of
  the paragraph that did not change since; a later edit that touched that span makes the undo
  refuse (undo the later one first) instead of guessing;
- an inserted paragraph is deleted, if its text is still what was inserted;
- a deleted paragraph comes back after the nearest paragraph that preceded it and still exists,
  formatted like that paragraph (a new locator; the text is exactly what was deleted).
"""

from __future__ import annotations

from difflib import SequenceMatcher

from .model import Edit, EditError, TextModel


class UndoRefused(EditError):
    """The edit cannot be taken back exactly on the current text (one sentence for the lawyer)."""


def _map(offset: int, made: str, now: str, *, side: str) -> int | None:
    """Where ``offset`` of ``made`` is in ``now``, if it sits in or at the edge of a stretch of
    text that did not change since (``side``: which neighbour must be unchanged)."""
    if made == now:
        return offset
    for tag, i1, i2, j1, _j2 in SequenceMatcher(None, made, now, autojunk=False).get_opcodes():
        if tag != "equal":
            continue
        if i1 < offset < i2 or (side == "right" and offset == i1 and i1 < i2) or (
            side == "left" and offset == i2 and i1 < i2
        ):
            return j1 + (offset - i1)
    return None


def inverse_edit(*, applied: Edit, made: TextModel, current: TextModel, parent: TextModel) -> Edit:
    """The edit that reverts ``applied`` on ``current``. ``parent`` is the text ``applied`` was
    made on, ``made`` the text right after it. Raises ``UndoRefused``."""
    if applied.kind == "replace":
        return _inverse_replace(applied, made, current)
    if applied.kind == "insert_after":
        locator = applied.new_locator or ""
        paragraph = current.find(locator)
        if paragraph is None:
            raise UndoRefused("The paragraph this edit inserted is no longer in the contract.")
        if paragraph.text != applied.after:
            raise UndoRefused("A later edit changed the inserted paragraph: undo that edit first.")
        return Edit(kind="delete_paragraph", locator=locator, before=paragraph.text)
    if applied.kind == "delete_paragraph":
        order = [p.locator for p in parent.paragraphs]
        index = order.index(applied.locator) if applied.locator in order else -1
        for locator in reversed(order[:max(index, 0)]):
            if current.find(locator) is not None:
                return Edit(kind="insert_after", locator=locator, after=applied.before)
        raise UndoRefused("The deleted paragraph was the first of the contract; it cannot be put back by undo.")
    raise UndoRefused(f"Unknown kind of edit: {applied.kind!r}.")


def _inverse_replace(applied: Edit, made: TextModel, current: TextModel) -> Edit:
    locator = applied.locator
    after_para, now_para = made.find(locator), current.find(locator)
    if after_para is None or now_para is None:
        raise UndoRefused("The paragraph of this edit is no longer in the contract.")
    start = applied.start
    if start is None:
        raise UndoRefused("This edit has no recorded position, so it cannot be taken back exactly.")
    end = start + len(applied.after)
    if applied.after:
        new_start = _map(start, after_para.text, now_para.text, side="right")
        new_end = _map(end, after_para.text, now_para.text, side="left")
    else:
        # A pure deletion: the gap must still be there, between unchanged neighbours.
        new_start = _map(start, after_para.text, now_para.text, side="left")
        if new_start is None:
            new_start = _map(start, after_para.text, now_para.text, side="right")
        new_end = new_start
    if new_start is None or new_end is None or now_para.text[new_start:new_end] != applied.after:
        raise UndoRefused("A later edit changed the text of this edit: undo that edit first.")
    return Edit(kind="replace", locator=locator, before=applied.after, after=applied.before, start=new_start)
