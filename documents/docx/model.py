"""The document data model shared by the docx engine, the review engine and the workflow.

Pure data: no ORM, no XML. Everything here serialises to plain JSON (``to_dict``/``from_dict``)
so a version's text model and an edit can be stored on a row and read back without re-parsing
the .docx on the hot path.

Locators are stable across versions: the paragraphs of version 1 are ``p1 .. pN`` in document
order (body paragraphs and table-cell paragraphs), ``x1 ..`` for text-box paragraphs and
``f1 ..`` / ``e1 ..`` for footnote / endnote paragraphs (xmlmap.py ``locate_all``), and a
paragraph inserted by an edit gets the locator recorded in that edit (``n<k>``). A deleted
locator is never reused. The docx engine assigns the same locators when it walks version 1's
XML, so a replay of the edits finds each target element by locator.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from functools import cached_property
from typing import Any, Literal

EditKind = Literal[
    "replace", "insert_after", "delete_paragraph", "accept_change", "reject_change", "comment_reply"
]

# Decisions on the other side's tracked changes (documents/docx/tracked.py).
DECISION_KINDS = frozenset({"accept_change", "reject_change"})


class EditError(ValueError):
    """An edit that cannot be applied exactly (not found, ambiguous, overlaps a field...).

    The message is one sentence a lawyer can read.
    """


@dataclass(frozen=True)
class Paragraph:
    locator: str
    text: str
    style: str = ""
    heading_level: int | None = None
    in_table: bool = False
    # Spans (start, end) of the visible text that an edit must not touch (field results such
    # as REF/PAGE fields): overlapping one is refused.
    protected: tuple[tuple[int, int], ...] = ()
    # True when a complex field that started in this paragraph (or before) is still open at its
    # end (e.g. a table of contents): a paragraph inserted after it would land inside the field.
    ends_in_field: bool = False
    # The table cell holding the paragraph ("c<k>", k-th cell of version 1 in document order;
    # a paragraph inserted after it is in the same cell), "" outside tables.
    cell: str = ""
    # True when the paragraph's properties carry a section break (w:sectPr).
    section_break: bool = False
    # Where the paragraph lives: "" the body (and its tables), "textbox", "footnote" or "endnote"
    # (documents/docx/xmlmap.py ``locate_all``). Analysed, shown and edited like the body's.
    part: str = ""
    # Word numbering (w:numPr, direct or from the paragraph style): the list instance id and the
    # level; "" when Word does not number the paragraph. The rendered number is worked out by
    # contracts/structure.py from ``TextModel.numbering``.
    num_id: str = ""
    num_level: int = 0

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"locator": self.locator, "text": self.text}
        if self.style:
            data["style"] = self.style
        if self.heading_level is not None:
            data["heading_level"] = self.heading_level
        if self.in_table:
            data["in_table"] = True
        if self.protected:
            data["protected"] = [list(span) for span in self.protected]
        if self.ends_in_field:
            data["ends_in_field"] = True
        if self.cell:
            data["cell"] = self.cell
        if self.section_break:
            data["section_break"] = True
        if self.part:
            data["part"] = self.part
        if self.num_id:
            data["num_id"] = self.num_id
            data["num_level"] = self.num_level
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Paragraph:
        return cls(
            locator=data["locator"],
            text=data["text"],
            style=data.get("style", ""),
            heading_level=data.get("heading_level"),
            in_table=data.get("in_table", False),
            protected=tuple(tuple(span) for span in data.get("protected", ())),
            ends_in_field=data.get("ends_in_field", False),
            cell=data.get("cell", ""),
            section_break=data.get("section_break", False),
            part=data.get("part", ""),
            num_id=data.get("num_id", ""),
            num_level=data.get("num_level", 0),
        )


@dataclass(frozen=True)
class TextModel:
    paragraphs: tuple[Paragraph, ...]
    # The next free number for inserted-paragraph locators ("n<k>").
    next_insert: int = 1
    # Word's numbering definitions, one row per (list instance, level) that paragraphs use:
    # (num_id, abstract_id, level, format, level text, start, start override or -1).
    numbering: tuple[tuple[str, str, int, str, str, int, int], ...] = ()
    # The locator index of a model with the same locators in the same order, handed on by an edit
    # that only changes a paragraph's text (``with_texts``): a decision stays O(1) there.
    known_positions: dict[str, int] | None = field(default=None, compare=False, repr=False)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"paragraphs": [p.to_dict() for p in self.paragraphs], "next_insert": self.next_insert}
        if self.numbering:
            data["numbering"] = [list(row) for row in self.numbering]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TextModel:
        return cls(
            paragraphs=tuple(Paragraph.from_dict(p) for p in data["paragraphs"]),
            next_insert=data.get("next_insert", 1),
            numbering=tuple(tuple(row) for row in data.get("numbering", ())),
        )

    @cached_property
    def positions(self) -> dict[str, int]:
        """Locator -> index, built once per model (an edit that keeps the locators passes it on)."""
        if self.known_positions is not None:
            return self.known_positions
        return {paragraph.locator: index for index, paragraph in enumerate(self.paragraphs)}

    def with_texts(
        self,
        paragraphs: tuple[Paragraph, ...],
        *,
        next_insert: int,
        numbering: tuple[tuple[str, str, int, str, str, int, int], ...] = (),
    ) -> TextModel:
        """A model of ``paragraphs``, which have this model's locators in the same order (a
        paragraph's text replaced): it shares this model's locator index once that is built."""
        built = self.__dict__.get("positions")  # a cached_property's value, read, never written here
        return TextModel(paragraphs=paragraphs, next_insert=next_insert, numbering=numbering, known_positions=built)

    @cached_property
    def derived(self) -> dict[type, Any]:
        """What the layers above derive from this model, one object per kind (contracts/document.py's
        ``ContractText``): built once per model, dropped with it. A model never changes (a
        decision makes a new one), so what is derived from it never goes stale."""
        return {}

    def index_of(self, locator: str) -> int:
        index = self.positions.get(locator)
        if index is None:
            raise EditError(f"Paragraph {locator} is not in this version of the document.")
        return index

    def get(self, locator: str) -> Paragraph:
        return self.paragraphs[self.index_of(locator)]

    def find(self, locator: str) -> Paragraph | None:
        index = self.positions.get(locator)
        return None if index is None else self.paragraphs[index]

    @property
    def text(self) -> str:
        return "\n".join(p.text for p in self.paragraphs)


_INSERTED_LOCATOR = re.compile(r"^n([1-9][0-9]*)$")


def inserted_locator(number: int) -> str:
    """The locator of the ``number``-th paragraph inserted by an edit ("n3"): ``n<k>``, never reused."""
    return f"n{number}"


def inserted_number(locator: str) -> int | None:
    """``k`` of an inserted paragraph's locator ``n<k>``, or None for any other locator."""
    match = _INSERTED_LOCATOR.match(locator)
    return int(match.group(1)) if match else None


def title_locator(locator: str) -> str:
    """The locator of the title paragraph an insertion puts before its new paragraph ``locator``
    ("n3t" before "n3"): derived, so a renumbered insertion moves its title with it."""
    return f"{locator}t"


def is_inserted(locator: str) -> bool:
    """Whether ``locator`` names a paragraph an edit inserted (``n<k>``), not one of version 1."""
    return locator.startswith("n")


def occurrences(text: str, needle: str) -> list[int]:
    """Every offset where ``needle`` starts in ``text``, overlapping ones included."""
    found: list[int] = []
    index = text.find(needle)
    while index >= 0:
        found.append(index)
        index = text.find(needle, index + 1)
    return found


@dataclass(frozen=True)
class Edit:
    """One paragraph-level operation, stored exactly as it will be applied.

    - ``replace``: the text ``before`` at character offset ``start`` of paragraph ``locator``
      becomes ``after`` (``after == ""`` deletes the span). ``start`` pins the occurrence, so
      an edit is never ambiguous once resolved; the apply step still checks that the text at
      ``start`` is exactly ``before``.
    - ``insert_after``: a new paragraph with text ``after`` and locator ``new_locator`` goes
      right after ``locator``, formatted like it, or like ``like`` when that is given (body text
      after a heading or a list item). With ``title``, the new clause's title goes before it as a
      paragraph of its own (locator ``title_locator(new_locator)``), formatted like
      ``title_like`` (a sibling clause's title, a Heading 3): the title a heading, its text body
      text, as the clauses beside it are set.
    - ``delete_paragraph``: paragraph ``locator``, whose whole text must equal ``before``, is
      removed; with ``title``, so is the title paragraph an insertion put before it (the undo of
      a titled insertion).
    - ``accept_change`` / ``reject_change``: the other side's tracked change ``change`` (its
      revision ids in version 1, comma-separated) in paragraph ``locator`` is accepted or
      rejected as Word does. Its effect on the text is a replace of ``before`` by ``after`` at
      ``start`` (equal when the text does not change); ``start`` None removes the whole
      paragraph (rejecting a paragraph they inserted).
    - ``comment_reply``: our answer ``after`` to their comment ``change`` (its id in version 1)
      anchored in paragraph ``locator``; the text does not change. It is a comment of ours in
      the redline, by the version's author, on the same text as theirs.
    """

    kind: EditKind
    locator: str
    before: str = ""
    after: str = ""
    start: int | None = None
    new_locator: str | None = None
    change: str | None = None
    title: str | None = None
    title_like: str | None = None
    like: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {k: v for k, v in asdict(self).items() if v is not None}

    @property
    def clause(self) -> str:
        """What an insertion writes, read as one clause: its title run into its text ("4. Records
        and Audit. Each party ..."), as a clause titled in its own paragraph reads; ``after``
        without a title."""
        if not self.title:
            return self.after
        title = self.title.rstrip()
        mark = "" if title.endswith((".", ":", "?")) else "."
        return f"{title}{mark} {self.after}"

    @property
    def shown(self) -> str:
        """What an insertion writes as a lawyer reads it: its title on a line of its own over its
        text; ``after`` without a title."""
        return f"{self.title}\n{self.after}" if self.title else self.after

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Edit:
        return cls(
            kind=data["kind"],
            locator=data["locator"],
            before=data.get("before", ""),
            after=data.get("after", ""),
            start=data.get("start"),
            new_locator=data.get("new_locator"),
            change=data.get("change"),
            title=data.get("title"),
            title_like=data.get("title_like"),
            like=data.get("like"),
        )


@dataclass(frozen=True)
class TrackedAuthor:
    """Who made an edit, for the w:author/w:date of a tracked change (date: UTC ISO, no fraction)."""

    author: str
    date: str


@dataclass
class EditRecord:
    """An edit with its provenance, as the redline export needs it."""

    edit: Edit
    author: str
    date: str
    extra: dict[str, Any] = field(default_factory=dict)
