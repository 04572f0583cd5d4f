"""Deterministic materialisation of a version from version 1 and the edits that led to it.

A version's bytes are never stored half-made: they are a pure function of the version-1 bytes
and the stored edits. The redline is the same replay in tracked mode, so accepting all of its
changes gives the clean version by construction, and rejecting all gives version 1.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from . import ns, package
from .comments import COMMENTS_PART, Comment, anchor_comment, package_parts, revisions_between
from .model import Edit, EditError, EditRecord, TrackedAuthor
from .tracked import comments_part_with
from .xmledit import DocumentEditor, IdAllocator

_ID = re.compile(rb':id="(-?[0-9]+)"')


def _next_revision_id(data: bytes) -> int:
    """One above every ``w:id`` used in any XML part (document, headers, footers, notes, comments):
    scanned once per export, not per edit."""
    zf = package.open_package(data)
    highest = 0
    for info in zf.infolist():
        if info.filename.lower().endswith(".xml") and info.filename.startswith("word/"):
            for match in _ID.finditer(zf.read(info.filename)):
                highest = max(highest, int(match.group(1)))
    return highest + 1


def _written(
    original: bytes, root: object, notes: dict[str, object], editor: DocumentEditor, extra: dict | None = None
) -> bytes:
    """The package with the document part, and the note parts an edit touched, written back."""
    parts = {package.DOCUMENT_PART: package.serialize(root), **(extra or {})}
    for name, note_root in notes.items():
        if name in editor.touched:
            parts[name] = package.serialize(note_root)
    return package.write_package(original, parts)


def materialise(original: bytes, edits: Iterable[Edit]) -> bytes:
    """The clean .docx after applying ``edits`` (each one resolved, as stored) to version 1."""
    root = package.read_document_root(original)
    notes = package.read_note_roots(original)
    editor = DocumentEditor(root, notes=notes, spare_ids=lambda: IdAllocator(_next_revision_id(original)))
    for edit in edits:
        editor.apply(edit)
    return _written(original, root, notes, editor)


def materialise_redline(original: bytes, records: Iterable[EditRecord], *, comments: bool = False) -> bytes:
    """Version 1 with every edit as a native tracked change (author and UTC date per edit).

    With ``comments``, a record whose ``extra["comment"]`` holds text gets a Word comment by the
    same author anchored on exactly the changes that edit made. A change an edit removed again
    later (e.g. undone) takes its comment with it: a comment never points at nothing."""
    root = package.read_document_root(original)
    ids = IdAllocator(_next_revision_id(original))
    notes_roots = package.read_note_roots(original)
    editor = DocumentEditor(root, ids=ids, notes=notes_roots)
    pending: list[tuple[int, int, int, EditRecord]] = []
    for record in records:
        first = ids.peek()
        editor.apply(record.edit, TrackedAuthor(author=record.author, date=record.date))
        text = str(record.extra.get("comment") or "").strip() if comments else ""
        if text:
            pending.append((ids.take(), first, ids.peek(), record))
    ours: list[Comment] = []
    for comment_id, first, end, record in pending:
        made = revisions_between(root, first, end)
        if not made:
            continue
        anchor_comment(made[0], made[-1], comment_id)
        ours.append(Comment(id=comment_id, author=record.author, date=record.date,
                            text=str(record.extra["comment"]).strip()))
    extra: dict = {}
    if editor.replies:
        extra.update(comments_part_with(original, editor.replies))
    # Ours go into the same comments part as the replies to the other side's comments.
    extra.update(package_parts(original, ours, comments_xml=extra.get(COMMENTS_PART)))
    return _written(original, root, notes_roots, editor, extra)


__all__ = ["materialise", "materialise_redline", "ns", "redline_against_theirs"]


def redline_against_theirs(theirs: bytes, ours: Any, author: TrackedAuthor) -> bytes:
    """The redline of a round against the draft they returned (docs/decisions/negotiation-rounds.md):
    their file is the base; each tracked change of theirs that our version keeps is accepted
    (it reads as plain text); one we did not keep stays as their change, with our deletion of
    their text on top (their name on their insertion, ours on the deletion); every other
    difference between their draft and ``ours`` (a text model of our current version) is our
    tracked change, by ``author``."""
    from .compare import compare
    from .edit import apply_edit_to_model, resolve_edit
    from .textmodel import build_text_model
    from .tracked import decision_edit, foreign_changes

    their_model = build_text_model(theirs)
    differences = compare(their_model, ours)
    touched: dict[str, list[tuple[int, int]]] = {}
    for difference in differences:
        for edit in difference.edits:
            span = (edit.start or 0, (edit.start or 0) + len(edit.before)) if edit.kind == "replace" else (0, 1 << 30)
            touched.setdefault(edit.locator, []).append(span)
    kept: list[Edit] = []
    for change in foreign_changes(theirs):
        spans = touched.get(change.locator, [])
        if any(a <= change.end and change.start <= b for a, b in spans):
            continue  # not kept by us: their markup stays under our change
        try:
            kept.append(decision_edit(change, accept=True))
        except EditError:
            continue
    base = materialise(theirs, kept) if kept else theirs
    # Our edits, each resolved on the text it applies to (as a version chain stores them):
    # replacements right to left inside a paragraph, then insertions, then deletions.
    edits = [e for d in differences for e in d.edits]
    ordered = sorted((e for e in edits if e.kind == "replace"), key=lambda e: (e.locator, -(e.start or 0)))
    ordered += list(reversed([e for e in edits if e.kind == "insert_after"]))
    ordered += [e for e in edits if e.kind == "delete_paragraph"]
    model = their_model
    records: list[EditRecord] = []
    for edit in ordered:
        resolved = resolve_edit(model, edit)
        model = apply_edit_to_model(model, resolved)
        records.append(EditRecord(edit=resolved, author=author.author, date=author.date))
    return materialise_redline(base, records)
