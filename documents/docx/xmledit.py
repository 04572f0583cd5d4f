"""The format-preserving XML step of an edit (documents/docx/edit.py checks it and applies it to
the text model): runs split at the edit's boundaries, the new run formatted like the text it
replaces, tracked changes for the redline. One concern, the size it needs: splitting runs,
choosing formatting and writing tracked changes all serve ``DocumentEditor``.

XML rules (docs/decisions/docx-text-and-edits.md):
- runs are split exactly at the edit boundaries (``w:rPr`` copied, ``w:t`` split); zero-width
  run content at a boundary (a field character, a rendered page break) stays outside the span;
- the replacement is one new run carrying the formatting of the first replaced run, placed
  right after the last replaced run that shares the first one's parent (so text replaced inside
  a hyperlink stays inside it); a pure insertion takes the formatting of the text before it
  (or after it, at a paragraph start or after a field);
- every ``w:t`` written has ``xml:space="preserve"``; tabs and line breaks become ``w:tab`` and
  ``w:br`` so the text model reads back exactly what was written;
- in tracked mode (the redline) replaced runs are wrapped in ``w:del`` (``w:t`` becomes
  ``w:delText``) and the new run in ``w:ins``; text that an earlier edit of the same replay
  inserted is simply removed again, so the redline shows net changes against version 1.
"""

from __future__ import annotations

import copy
import dataclasses
import re
from collections.abc import Callable
from typing import Any

from lxml import etree

from . import ns, package
from .edit import char_protected, check_delete, check_insert, check_replace, word_changes
from .model import DECISION_KINDS, Edit, EditError, Paragraph, TrackedAuthor, title_locator
from .tracked import add_reply_anchor, decide_in_xml, is_comment_reference_run, rescue_comment_anchors
from .xmlmap import ParagraphMap, locate_all, map_paragraph

Element = Any

_PIECES = re.compile(r"(\t|\n)")


# --- the XML --------------------------------------------------------------------------------


class IdAllocator:
    """Revision ids (``w:id``), unique across every part: start above the largest id in use."""

    def __init__(self, start: int) -> None:
        self._next = start

    def peek(self) -> int:
        """The id the next ``take`` returns (to know which ids one edit used)."""
        return self._next

    def take(self) -> int:
        value = self._next
        self._next += 1
        return value


def _make(tag: str, attrib: dict[str, str] | None = None) -> Element:
    element = etree.Element(tag)
    for key, value in (attrib or {}).items():
        element.set(key, value)
    return element


def _clean_rpr(rpr: Element | None) -> Element | None:
    if rpr is None:
        return None
    rpr = copy.deepcopy(rpr)
    for child in list(rpr):
        if child.tag in (ns.INS, ns.DEL, ns.MOVE_FROM, ns.MOVE_TO, ns.RPR_CHANGE) or not isinstance(child.tag, str):
            rpr.remove(child)
    return rpr


def new_run(text: str, rpr: Element | None) -> Element:
    """One run holding ``text`` (tabs and line breaks as elements), formatted by a copy of ``rpr``."""
    run = _make(ns.R)
    rpr = _clean_rpr(rpr)
    if rpr is not None:
        rpr.tag = ns.RPR
        run.append(rpr)
    for part in _PIECES.split(text):
        if part == "\t":
            run.append(_make(ns.TAB))
        elif part == "\n":
            run.append(_make(ns.BR))
        elif part:
            t = _make(ns.T)
            t.text = part
            t.set(ns.XML_SPACE, "preserve")
            run.append(t)
    return run


def _split_run_before(run: Element, child: Element) -> Element:
    """Move ``child`` and its following siblings into a new run (same properties) after ``run``."""
    new = _make(ns.R, dict(run.attrib))
    rpr = run.find(ns.RPR)
    if rpr is not None:
        new.append(copy.deepcopy(rpr))
    moving = []
    current = child
    while current is not None:
        moving.append(current)
        current = current.getnext()
    for element in moving:
        new.append(element)
    run.addnext(new)
    return new


def _split_text(t: Element, offset: int) -> Element:
    text = t.text or ""
    second = _make(ns.T)
    second.text = text[offset:]
    second.set(ns.XML_SPACE, "preserve")
    t.text = text[:offset]
    t.set(ns.XML_SPACE, "preserve")
    t.addnext(second)
    return second


def _has_content_before(run: Element, child: Element) -> bool:
    previous = child.getprevious()
    while previous is not None:
        if previous.tag != ns.RPR:
            return True
        previous = previous.getprevious()
    return False


def _cut_before(pm: ParagraphMap, k: int) -> None:
    """Make the text starting at ``k`` begin a run (zero-width content before it stays left)."""
    for piece in pm.pieces:
        if piece.start < k < piece.end:
            _split_run_before(piece.run, _split_text(piece.elem, k - piece.start))
            return
        if piece.start == k:
            if _has_content_before(piece.run, piece.elem):
                _split_run_before(piece.run, piece.elem)
            return


def _cut_after(pm: ParagraphMap, k: int) -> None:
    """Make the text ending at ``k`` end a run (zero-width content after it stays right)."""
    for piece in pm.pieces:
        if piece.start < k < piece.end:
            _split_run_before(piece.run, _split_text(piece.elem, k - piece.start))
            return
        if piece.end == k:
            following = piece.elem.getnext()
            if following is not None:
                _split_run_before(piece.run, following)
            return


def _strip_ppr(ppr: Element | None) -> Element | None:
    """A copy of paragraph properties for a new paragraph: no section break, no revision marks."""
    if ppr is None:
        return None
    ppr = copy.deepcopy(ppr)
    for child in list(ppr):
        if child.tag in (ns.SECT_PR, ns.PPR_CHANGE) or not isinstance(child.tag, str):
            ppr.remove(child)
        elif child.tag == ns.RPR:
            for mark in list(child):
                if mark.tag in (ns.INS, ns.DEL, ns.MOVE_FROM, ns.MOVE_TO, ns.RPR_CHANGE):
                    child.remove(mark)
    return ppr


def _dominant_rpr(pm: ParagraphMap) -> Element | None:
    """The run properties of the run holding the most text (first one on a tie)."""
    weights: dict[int, int] = {}
    runs: dict[int, Element] = {}
    for piece in pm.pieces:
        key = id(piece.run)
        runs[key] = piece.run
        weights[key] = weights.get(key, 0) + piece.end - piece.start
    if not weights:
        return pm.runs[0].find(ns.RPR) if pm.runs else None
    best = max(weights, key=lambda key: weights[key])  # max() keeps the first maximum
    return runs[best].find(ns.RPR)


# Run properties that set a word apart from the body text around it: a bold clause number or
# defined term, an underlined heading, a character style ("Strong", a firm's "Defined Term").
_EMPHASIS = (ns.RSTYLE, ns.B, ns.I, ns.U, ns.w("caps"), ns.w("smallCaps"), ns.w("highlight"), ns.w("vertAlign"))
_OFF = frozenset({"0", "false", "off", "none"})


def _emphasis(rpr: Element | None) -> tuple[str, ...]:
    if rpr is None:
        return ()
    marks = []
    for tag in _EMPHASIS:
        child = rpr.find(tag)
        if child is None:
            continue
        value = child.get(ns.VAL)
        if tag in (ns.RSTYLE, ns.U, ns.w("highlight"), ns.w("vertAlign")):
            if value and value.lower() not in _OFF:
                marks.append(f"{tag}={value}")
        elif value is None or value.lower() not in _OFF:
            marks.append(tag)
    return tuple(marks)


# A run-in title at a paragraph's start, after its typed number if any: "7A. Insurance. Each ...",
# "Assignment.  Neither party ...", "14A. LIMITATION OF LIABILITY. Except ..." (words in title case
# or capitals, then the mark that ends the title).
_OPENING_TITLE = re.compile(
    r"^(?P<number>[ \t]*(?:(?:(?:Section|SECTION|Article|ARTICLE)[ \t]+)?"
    r"(?:\d{1,3}(?:\.\d{1,3}){0,3}[A-H]?\.?|\(?[a-zA-Z]{1,3}[.)])[ \t]+)?)"
    r"(?P<title>[A-Z][\w'\u2019&/,-]*"
    r"(?:[ \t]+(?:[A-Z][\w'\u2019&/,-]*|of|and|for|to|the|in|on|or|by|with|a|an|&)){0,11})"
    r"(?P<mark>[ \t]*[.:])(?=[ \t])"
)


def titled_runs(text: str, pm: ParagraphMap) -> list[Element]:
    """The runs of a new paragraph written after ``pm``'s: in the anchor's body formatting, except
    a run-in title at its start, which takes the formatting that sets the anchor's own title apart
    (bold, underlined, a character style), when the anchor's title is set apart so: a clause added
    among "7.13 *Signature*. This Agreement ..." reads "7.14 *Insurance*. Each party ...". The
    number and the mark follow the anchor's too."""
    body = _dominant_rpr(pm)
    new = _OPENING_TITLE.match(text)
    own = _OPENING_TITLE.match(pm.text)
    if new is None or own is None:
        return [new_run(text, body)]

    def rpr_at(offset: int) -> Element | None:
        piece = next((p for p in pm.pieces if p.start <= offset < p.end), None)
        return piece.run.find(ns.RPR) if piece is not None else body

    title_rpr = rpr_at(own.start("title"))
    if not _emphasis(title_rpr) or _emphasis(title_rpr) == _emphasis(body):
        return [new_run(text, body)]
    number = new.group("number")
    number_rpr = rpr_at(len(own.group("number")) - len(own.group("number").lstrip())) if number.strip() else body
    mark_rpr = rpr_at(own.start("mark") + len(own.group("mark")) - 1)
    spans = (
        (number, number_rpr if own.group("number").strip() else body),
        (new.group("title"), title_rpr),
        (new.group("mark"), mark_rpr),
        (text[new.end() :], body),
    )
    return [new_run(part, rpr) for part, rpr in spans if part]


def body_rpr(pm: ParagraphMap, run: Element) -> Element | None:
    """The formatting for new words: the formatting of the run they replace or stand beside,
    unless that run is set apart from the paragraph's body text (a bold clause number, a
    defined term, a run-in heading), in which case the body text's own: new words never become
    bold or underlined because the word they replaced was. Text of a hyperlink keeps the link's
    formatting (the new words stay inside the link)."""
    candidate = run.find(ns.RPR)
    if run.getparent().tag == ns.HYPERLINK:
        return candidate
    body = _dominant_rpr(pm)
    if _emphasis(candidate) == _emphasis(body):
        return candidate
    return body


class _Located:
    __slots__ = ("cell", "element", "part", "stack")

    def __init__(self, element: Element, stack: tuple[bool, ...], cell: str, part: str = "body") -> None:
        self.element = element
        self.stack = stack
        self.cell = cell
        self.part = part  # the package part holding the paragraph (package.DOCUMENT_PART ...)


# The suffix of a text box paragraph's fallback copy in the editor's index (never a locator).
_TWIN = "~"


class DocumentEditor:
    """Applies edits to one parsed ``word/document.xml``, finding paragraphs by locator.

    ``ids`` switches on tracked mode (the redline): every change is a native tracked change.
    """

    def __init__(
        self, root: Element, *, ids: IdAllocator | None = None, spare_ids: Callable[[], IdAllocator] | None = None,
        notes: dict[str, Element] | None = None,
    ) -> None:
        self.root = root
        # Clean mode still splits the other side's w:ins around our text and the copy needs a
        # fresh w:id; the scan for the highest id runs only when that happens.
        self._spare_ids_factory = spare_ids
        self._spare_ids: IdAllocator | None = None
        body = root.find(ns.BODY)
        if body is None:
            raise EditError("The document has no body.")
        self.ids = ids
        notes = notes or {}
        self.paragraphs: dict[str, _Located] = {}
        for located in locate_all(body, notes.get(package.FOOTNOTES_PART), notes.get(package.ENDNOTES_PART)):
            part = {"footnote": package.FOOTNOTES_PART, "endnote": package.ENDNOTES_PART}.get(
                located.part, package.DOCUMENT_PART
            )
            self.paragraphs[located.locator] = _Located(located.element, located.stack_start, located.cell, part)
            if located.twin is not None:
                self.paragraphs[located.locator + _TWIN] = _Located(located.twin, (), located.cell + _TWIN, part)
        # The parts an edit changed (the replay writes only those back).
        self.touched: set[str] = set()
        # Elements this replay created in tracked mode: their text is "ours", not version 1's.
        self._our_ins: set[Element] = set()
        self._our_paragraphs: set[Element] = set()
        # An inserted paragraph formatted unlike its anchor (or under a title of its own) -> the
        # anchor's properties before the insertion, which its undo gives back.
        self._anchor_pprs: dict[Element, Element | None] = {}
        # Revision id of a split piece of their revision -> the id it had in version 1.
        self._aliases: dict[str, str] = {}
        # Our replies to their comments, for the comments part (tracked mode).
        self.replies: list[Any] = []

    # -- public

    def map(self, locator: str) -> ParagraphMap:
        located = self._located(locator)
        return map_paragraph(located.element, located.stack)

    def apply(self, edit: Edit, author: TrackedAuthor | None = None) -> None:
        if self.ids is not None and author is None:
            raise ValueError("tracked mode needs an author for every edit")
        twin = self.paragraphs.get(edit.locator + _TWIN)
        same = twin is not None and self.map(edit.locator).text == map_paragraph(twin.element, twin.stack).text
        self.touched.add(self._located(edit.locator).part)
        self._apply_one(edit, author)
        if same:
            # A text box's fallback copy says the same as the text box, before and after.
            new_locator = edit.new_locator + _TWIN if edit.new_locator else None
            twin_edit = dataclasses.replace(
                edit, locator=edit.locator + _TWIN, new_locator=new_locator,
                like=edit.like + _TWIN if edit.like else None,
                title_like=edit.title_like + _TWIN if edit.title_like else None,
            )  # fmt: skip
            self._apply_one(twin_edit, author)

    def _apply_one(self, edit: Edit, author: TrackedAuthor | None) -> None:
        if edit.kind == "replace":
            self._replace(edit, author)
        elif edit.kind == "insert_after":
            self._insert_after(edit, author)
        elif edit.kind == "delete_paragraph":
            self._delete_paragraph(edit, author)
        elif edit.kind == "comment_reply":
            if author is not None:  # a comment of ours: in the redline only
                located = self._located(edit.locator)
                self.replies.append(add_reply_anchor(located.element, edit, self.ids or self._spare(), author))
        elif edit.kind in DECISION_KINDS:
            located = self._located(edit.locator)
            if decide_in_xml(located.element, located.stack, edit, self._aliases):
                del self.paragraphs[edit.locator]
        else:
            raise EditError(f"Unknown kind of edit: {edit.kind!r}.")

    # -- helpers

    def _located(self, locator: str) -> _Located:
        try:
            return self.paragraphs[locator]
        except KeyError:
            raise EditError(f"Paragraph {locator} is not in this version of the document.") from None

    def _revision(self, tag: str, author: TrackedAuthor) -> Element:
        assert self.ids is not None
        return _make(tag, {ns.ID: str(self.ids.take()), ns.AUTHOR: author.author, ns.DATE: author.date})

    def _place(self, new: Element, anchor: Element, *, after: bool, author: TrackedAuthor | None) -> None:
        """Put ``new`` (a run) next to ``anchor``; in tracked mode wrapped in our own ``w:ins``.

        Never inside another tracked container (the other side's ``w:ins``/``w:moveTo``): that
        one is split around it instead, in both modes, so our text is never credited to their
        author, tracked or not."""
        if author is None:
            wrapper = new
        else:
            wrapper = self._revision(ns.INS, author)
            wrapper.append(new)
            self._our_ins.add(wrapper)
        parent = anchor.getparent()
        if parent.tag in ns.TRACKED_CONTAINERS:
            pivot = anchor.getnext() if after else anchor
            if pivot is not None and pivot.getprevious() is not None:
                second = self._split_container(parent, pivot)
                second.addprevious(wrapper)
                return
            (parent.addnext if pivot is None else parent.addprevious)(wrapper)
            return
        (anchor.addnext if after else anchor.addprevious)(wrapper)

    def _spare(self) -> IdAllocator | None:
        if self._spare_ids is None and self._spare_ids_factory is not None:
            self._spare_ids = self._spare_ids_factory()
        return self._spare_ids

    def _split_container(self, container: Element, pivot: Element) -> Element:
        """Move ``pivot`` and what follows it into a copy of ``container`` placed after it."""
        second = _make(container.tag, dict(container.attrib))
        if container.get(ns.ID) is not None:
            ids = self.ids or self._spare()
            if ids is not None:
                second.set(ns.ID, str(ids.take()))
        moving = []
        current = pivot
        while current is not None:
            moving.append(current)
            current = current.getnext()
        for element in moving:
            second.append(element)
        container.addnext(second)
        if container in self._our_ins:
            self._our_ins.add(second)
        elif container.get(ns.ID) is not None and second.get(ns.ID) != container.get(ns.ID):
            # Their revision, now in two pieces: a decision on it takes both.
            original = self._aliases.get(container.get(ns.ID), container.get(ns.ID))
            self._aliases[second.get(ns.ID)] = original
        return second

    def _remove_runs(self, runs: list[Element], author: TrackedAuthor | None) -> None:
        touched: list[Element] = []
        if author is None:
            for run in runs:
                parent = run.getparent()
                parent.remove(run)
                touched.append(parent)
        else:
            group: list[Element] = []
            for run in runs:
                parent = run.getparent()
                if parent in self._our_ins:
                    # Inserted by an earlier edit of this replay: gone again, nothing to track.
                    parent.remove(run)
                    touched.append(parent)
                    continue
                if group and group[-1].getnext() is run:
                    group.append(run)
                else:
                    self._wrap_deleted(group, author)
                    group = [run]
            self._wrap_deleted(group, author)
        for parent in touched:
            self._drop_if_empty(parent)

    def _wrap_deleted(self, group: list[Element], author: TrackedAuthor) -> None:
        if not group:
            return
        wrapper = self._revision(ns.DEL, author)
        group[0].addprevious(wrapper)
        for run in group:
            for child in run.iter(ns.T, ns.INSTR_TEXT):
                child.tag = ns.DEL_TEXT if child.tag == ns.T else ns.DEL_INSTR_TEXT
            wrapper.append(run)

    def _drop_if_empty(self, element: Element) -> None:
        # An emptied inline container (hyperlink, smart tag, insertion) is noise; paragraphs stay.
        while (
            element is not None
            and element.tag in (ns.HYPERLINK, ns.SMART_TAG, ns.INS, ns.MOVE_TO)
            and len(element) == 0
            and not (element.text or "").strip()
        ):
            parent = element.getparent()
            self._our_ins.discard(element)
            parent.remove(element)
            element = parent

    # -- the three operations

    def _replace(self, edit: Edit, author: TrackedAuthor | None) -> None:
        located = self._located(edit.locator)
        pm = map_paragraph(located.element, located.stack)
        check_replace(edit.locator, pm.text, pm.protected, edit)
        assert edit.start is not None
        # Word-level pieces, right to left so earlier offsets stay valid: words that the edit
        # keeps keep their own runs (and formatting), and the redline shows only what changed.
        for offset, before, after in reversed(word_changes(edit.start, edit.before, edit.after)):
            self._replace_span(located, offset, offset + len(before), after, author)

    def _replace_span(self, located: _Located, start: int, end: int, after: str, author: TrackedAuthor | None) -> None:
        pm = map_paragraph(located.element, located.stack)
        if start == end:
            self._insert_text(pm, start, after, author)
            return
        _cut_after(pm, end)
        _cut_before(pm, start)
        pm = map_paragraph(located.element, located.stack)
        targets: list[Element] = []
        for piece in pm.pieces:
            if start <= piece.start and piece.end <= end and (not targets or targets[-1] is not piece.run):
                targets.append(piece.run)
        first_parent = targets[0].getparent()
        anchor = [run for run in targets if run.getparent() is first_parent][-1]
        if after:
            rpr = body_rpr(pm, targets[0])
            self._place(new_run(after, rpr), anchor, after=True, author=author)
        self._remove_runs(targets, author)

    def _insert_text(self, pm: ParagraphMap, k: int, text: str, author: TrackedAuthor | None) -> None:
        if any(piece.start < k < piece.end for piece in pm.pieces):
            _cut_after(pm, k)  # k is inside a w:t: split it so that text ends exactly at k
            pm = map_paragraph(pm.element, pm.stack_start)
        spans = pm.protected
        left = next((p for p in pm.pieces if p.end == k and not char_protected(spans, k - 1)), None)
        if left is not None:
            rpr = body_rpr(pm, left.run)
            _cut_after(pm, k)
            self._place(new_run(text, rpr), left.run, after=True, author=author)
            return
        right = next((p for p in pm.pieces if p.start == k and not char_protected(spans, k)), None)
        if right is not None:
            rpr = body_rpr(pm, right.run)
            _cut_before(pm, k)
            run = right.elem.getparent()  # the cut may have moved the text into a new run
            self._place(new_run(text, rpr), run, after=False, author=author)
            return
        if pm.pieces:
            raise EditError("Text cannot be inserted between two fields.")
        # An empty paragraph: the paragraph mark's run properties format the new text.
        p = pm.element
        ppr = p.find(ns.PPR)
        mark = ppr.find(ns.RPR) if ppr is not None else None
        run = new_run(text, mark)
        if author is None:
            p.append(run)
        else:
            wrapper = self._revision(ns.INS, author)
            wrapper.append(run)
            self._our_ins.add(wrapper)
            p.append(wrapper)

    def _insert_after(self, edit: Edit, author: TrackedAuthor | None) -> None:
        located = self._located(edit.locator)
        if edit.new_locator is None:
            raise EditError("The new paragraph has no locator.")
        new_locators = [edit.new_locator, *([title_locator(edit.new_locator)] if edit.title else [])]
        for locator in new_locators:
            if locator in self.paragraphs:
                raise EditError(f"{locator} is already a paragraph of this document.")
        anchor_p = located.element
        pm = map_paragraph(anchor_p, located.stack)
        check_insert(Paragraph(locator=edit.locator, text=pm.text, ends_in_field=bool(pm.stack_end)), edit)
        # The formatting of the new paragraph: the anchor's, or (``like``) that of the body text
        # beside it when the anchor is a heading or a list item.
        body_p, body_pm = anchor_p, pm
        if edit.like is not None:
            body = self._formatting_source(edit.like, located)
            body_p, body_pm = body.element, map_paragraph(body.element, body.stack)
        saved = copy.deepcopy(anchor_p.find(ns.PPR)) if edit.like is not None or edit.title else None
        paragraph = _make(ns.P)
        ppr = _strip_ppr(body_p.find(ns.PPR))
        if ppr is not None:
            paragraph.append(ppr)
        self._fill(paragraph, titled_runs(edit.after, body_pm), author)
        heading = None
        if edit.title:
            source = self._formatting_source(edit.title_like, located) if edit.title_like else None
            heading = _make(ns.P)
            heading_ppr = _strip_ppr(source.element.find(ns.PPR)) if source is not None else None
            if heading_ppr is not None:
                heading.append(heading_ppr)
            title_pm = map_paragraph(source.element, source.stack) if source is not None else body_pm
            self._fill(heading, [new_run(edit.title, _dominant_rpr(title_pm))], author)
        if author is not None:
            self._track_new_break(anchor_p, paragraph, author)
            if heading is not None:
                # Word's Enter pressed twice at the anchor's end: the title's own break is ours too.
                _paragraph_mark(heading).insert(0, self._revision(ns.INS, author))
        anchor_p.addnext(paragraph)
        self.paragraphs[edit.new_locator] = _Located(paragraph, (), located.cell, located.part)
        if heading is not None:
            anchor_p.addnext(heading)
            self.paragraphs[title_locator(edit.new_locator)] = _Located(heading, (), located.cell, located.part)
        if saved is not None:
            # What the anchor's properties were before: taking the insertion back restores them
            # (the new paragraph's are not a copy of the anchor's).
            self._anchor_pprs[paragraph] = saved

    def _title_before(self, edit: Edit, p: Element) -> Element:
        """The title paragraph a titled insertion put right before ``p`` (the paragraph
        ``edit`` deletes), which must still read ``edit.title``."""
        located = self.paragraphs.get(title_locator(edit.locator))
        if located is None or _preceding_paragraph(p) is not located.element:
            raise EditError(f"The title of paragraph {edit.locator} is no longer right before it.")
        if map_paragraph(located.element, located.stack).text != edit.title:
            raise EditError(f"The title of paragraph {edit.locator} no longer reads as it was inserted.")
        return located.element

    def _formatting_source(self, locator: str, anchor: _Located) -> _Located:
        """The paragraph a new one copies its properties from: of the anchor's part, outside tables."""
        source = self._located(locator)
        if source.part != anchor.part or source.cell:
            raise EditError(f"A new paragraph after this one cannot be formatted like paragraph {locator}.")
        return source

    def _fill(self, paragraph: Element, runs: list[Element], author: TrackedAuthor | None) -> None:
        """Put a new paragraph's runs in it; in tracked mode inside our own ``w:ins``."""
        if author is None:
            paragraph.extend(runs)
            return
        wrapper = self._revision(ns.INS, author)
        wrapper.extend(runs)
        self._our_ins.add(wrapper)
        paragraph.append(wrapper)
        self._our_paragraphs.add(paragraph)

    def _track_new_break(self, anchor_p: Element, paragraph: Element, author: TrackedAuthor) -> None:
        """Mark the paragraph break that the insertion adds.

        Word's convention (pressing Enter at the end of the anchor): the break now ending the
        anchor's text is the inserted one, and the new paragraph ends with the anchor's former
        break, whatever its revision state. LibreOffice reads an inserted paragraph mark as the
        break *before* the next paragraph's text, so this is also what makes "reject all" give
        back the anchor exactly. A section break stays on the anchor, so there the new
        paragraph's own break is marked instead.
        """
        anchor_ppr = anchor_p.find(ns.PPR)
        if anchor_ppr is not None and anchor_ppr.find(ns.SECT_PR) is not None:
            _paragraph_mark(paragraph).insert(0, self._revision(ns.INS, author))
            return
        former = [m for m in _mark_revisions(anchor_p)]
        if former:
            mark = _paragraph_mark(paragraph)
            for index, revision in enumerate(former):
                clone = copy.deepcopy(revision)
                clone.set(ns.ID, str(self.ids.take()))  # type: ignore[union-attr]
                mark.insert(index, clone)
        if not any(m.tag == ns.INS for m in former):
            _paragraph_mark(anchor_p).insert(0, self._revision(ns.INS, author))

    def _delete_paragraph(self, edit: Edit, author: TrackedAuthor | None) -> None:
        located = self._located(edit.locator)
        p = located.element
        pm = map_paragraph(p, located.stack)
        last_in_cell = bool(located.cell) and not any(
            other.cell == located.cell for locator, other in self.paragraphs.items() if locator != edit.locator
        )
        ppr = p.find(ns.PPR)
        section_break = ppr is not None and ppr.find(ns.SECT_PR) is not None
        check_delete(
            edit.locator, pm.text, pm.protected, edit, last_in_cell=last_in_cell, section_break=section_break
        )
        # (the undo of a titled insertion: its title paragraph goes with it)
        heading = self._title_before(edit, p) if edit.title is not None else None
        del self.paragraphs[edit.locator]
        if heading is not None:
            del self.paragraphs[title_locator(edit.locator)]
        if author is None:
            for gone in (p, heading):
                if gone is not None:
                    rescue_comment_anchors(gone)
                    gone.getparent().remove(gone)
            return
        # A comment's reference stays outside our deletion: accepting it must not drop their comment.
        self._remove_runs([run for run in pm.runs if not is_comment_reference_run(run)], author)
        if heading is not None and heading in self._our_paragraphs:
            self._our_paragraphs.discard(heading)
            heading.getparent().remove(heading)  # (its own break was ours: nothing of theirs to give back)
        elif heading is not None:
            heading_pm = map_paragraph(heading, ())
            self._remove_runs([run for run in heading_pm.runs if not is_comment_reference_run(run)], author)
            mark = _paragraph_mark(heading)
            mark.insert(1 if len(mark) and mark[0].tag == ns.INS else 0, self._revision(ns.DEL, author))
        if p in self._our_paragraphs and p in self._anchor_pprs:
            # Inserted by this replay unlike its anchor: out again, and the anchor's properties (and
            # its break) as they were before.
            self._our_paragraphs.discard(p)
            saved = self._anchor_pprs.pop(p)
            previous = _preceding_paragraph(p)
            if previous is not None and not any(m.tag == ns.INS for m in _mark_revisions(p)):
                _set_ppr(previous, saved)
            p.getparent().remove(p)
            return
        if p in self._our_paragraphs:
            # Inserted by this replay: take it out again together with the one inserted break
            # (its own, or the one that its insertion added to the paragraph before it).
            self._our_paragraphs.discard(p)
            previous = _preceding_paragraph(p)
            if previous is not None and not any(m.tag == ns.INS for m in _mark_revisions(p)):
                _set_ppr(previous, p.find(ns.PPR))
            p.getparent().remove(p)
            return
        mark = _paragraph_mark(p)
        position = 1 if len(mark) and mark[0].tag == ns.INS else 0
        mark.insert(position, self._revision(ns.DEL, author))


def _set_ppr(paragraph: Element, ppr: Element | None) -> None:
    """``paragraph``'s properties (and so its break) replaced by ``ppr`` (none: removed)."""
    old = paragraph.find(ns.PPR)
    if old is not None:
        paragraph.remove(old)
    if ppr is not None:
        paragraph.insert(0, ppr)


def _preceding_paragraph(p: Element) -> Element | None:
    previous = p.getprevious()
    while previous is not None and previous.tag != ns.P:
        previous = previous.getprevious()
    return previous


def _paragraph_mark(p: Element) -> Element:
    """The paragraph mark's run properties (``w:pPr/w:rPr``), created in schema order if absent."""
    ppr = p.find(ns.PPR)
    if ppr is None:
        ppr = _make(ns.PPR)
        p.insert(0, ppr)
    mark = ppr.find(ns.RPR)
    if mark is None:
        mark = _make(ns.RPR)
        # CT_PPr order: ... rPr, sectPr, pPrChange.
        following = ppr.find(ns.SECT_PR)
        if following is None:
            following = ppr.find(ns.PPR_CHANGE)
        if following is not None:
            following.addprevious(mark)
        else:
            ppr.append(mark)
    return mark


def _mark_revisions(p: Element) -> list[Element]:
    ppr = p.find(ns.PPR)
    mark = ppr.find(ns.RPR) if ppr is not None else None
    if mark is None:
        return []
    return [child for child in mark if child.tag in (ns.INS, ns.DEL)]


def apply_edit_to_xml(root: Element, edit: Edit) -> None:
    """Apply one edit to a parsed version-1 ``word/document.xml`` (clean mode)."""
    DocumentEditor(root).apply(edit)
