"""Deterministic materialisation of a version from version 1 and the edits that led to it.

A version's bytes are never stored half-made: they are a pure function of the version-1 bytes
and the stored edits. The redline is the same replay in tracked mode, so accepting all of its
changes gives the clean version by construction, and rejecting all gives version 1.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from . import ns, package
from .edit import DocumentEditor, IdAllocator
from .model import Edit, EditRecord, TrackedAuthor
from .tracked import comments_part_with

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


def materialise_redline(original: bytes, records: Iterable[EditRecord]) -> bytes:
    """Version 1 with every edit as a native tracked change (author and UTC date per edit)."""
    root = package.read_document_root(original)
    notes = package.read_note_roots(original)
    editor = DocumentEditor(root, ids=IdAllocator(_next_revision_id(original)), notes=notes)
    for record in records:
        editor.apply(record.edit, TrackedAuthor(author=record.author, date=record.date))
    extra = comments_part_with(original, editor.replies) if editor.replies else {}
    return _written(original, root, notes, editor, extra)


__all__ = ["materialise", "materialise_redline", "ns"]
