"""The one walk over WordprocessingML that everything else shares.

``iter_blocks`` gives the paragraphs of a body in locator order (body paragraphs and table-cell
paragraphs, depth first; text-box paragraphs are never reached because drawings are not
entered). ``map_paragraph`` gives a paragraph's visible text and, for every character, the XML
element it comes from, so an edit can find the runs behind a text span.

Visible text (docs/decisions/docx-text-and-edits.md): ``w:t``, ``w:tab``/``w:ptab`` (tab), ``w:br`` (line break; page
and column breaks are zero-width), ``w:cr``, ``w:noBreakHyphen``; text inside ``w:ins``,
``w:hyperlink``, ``w:smartTag``, ``w:sdt``, ``w:fldSimple`` and field results counts; ``w:del``,
``w:moveFrom``, field instructions, drawings and text boxes do not. Complex fields may span
paragraphs, so the field stack is threaded through the walk in document order.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from . import ns

Element = Any  # lxml.etree._Element; Any keeps the hot loops free of stub noise


class Piece:
    """A stretch of visible text coming from one element of one run."""

    __slots__ = ("elem", "end", "protected", "run", "start")

    def __init__(self, start: int, end: int, elem: Element, run: Element, protected: bool) -> None:
        self.start = start
        self.end = end
        self.elem = elem
        self.run = run
        self.protected = protected


class ParagraphMap:
    __slots__ = ("element", "pieces", "protected", "runs", "stack_end", "stack_start", "text")

    def __init__(self, element: Element, stack_start: tuple[bool, ...] = ()) -> None:
        self.element = element
        self.stack_start = stack_start
        self.text = ""
        self.pieces: list[Piece] = []
        self.runs: list[Element] = []
        # (start, end) spans covered by fields (complex or simple), zero-width ones included.
        self.protected: list[tuple[int, int]] = []
        self.stack_end: tuple[bool, ...] = ()


def _text_of(child: Element) -> str:
    tag = child.tag
    if tag == ns.T:
        return child.text or ""
    if tag == ns.TAB or tag == ns.PTAB:
        return "\t"
    if tag == ns.BR:
        kind = child.get(ns.TYPE)
        return "\n" if kind is None or kind == "textWrapping" else ""
    if tag == ns.CR:
        return "\n"
    if tag == ns.NO_BREAK_HYPHEN:
        return "\u2011"
    return ""


class _Walker:
    __slots__ = ("hidden", "parts", "pm", "pos", "prot_start", "simple", "stack")

    def __init__(self, pm: ParagraphMap, stack: tuple[bool, ...]) -> None:
        self.pm = pm
        self.stack = list(stack)  # True = in the field's result (visible), False = in its instruction
        self.hidden = self.stack.count(False)
        self.simple = 0
        self.pos = 0
        self.parts: list[str] = []
        self.prot_start = 0 if self.stack else -1

    def _protected_depth(self) -> int:
        return len(self.stack) + self.simple

    def _enter_protected(self) -> None:
        if self.prot_start < 0:
            self.prot_start = self.pos

    def _leave_protected(self) -> None:
        if self._protected_depth() == 0 and self.prot_start >= 0:
            self.pm.protected.append((self.prot_start, self.pos))
            self.prot_start = -1

    def inline(self, parent: Element) -> None:
        for child in parent:
            tag = child.tag
            if tag == ns.R:
                self.run(child)
            elif not isinstance(tag, str) or tag in ns.SKIP_INLINE:
                continue
            elif tag == ns.FLD_SIMPLE:
                self._enter_protected()
                self.simple += 1
                self.inline(child)
                self.simple -= 1
                self._leave_protected()
            else:
                # hyperlink, smartTag, ins, moveTo, sdt/sdtContent, customXml, dir, bdo ...
                self.inline(child)

    def run(self, r: Element) -> None:
        self.pm.runs.append(r)
        for child in r:
            tag = child.tag
            if tag == ns.FLD_CHAR:
                kind = child.get(ns.FLD_CHAR_TYPE)
                if kind == "begin":
                    self._enter_protected()
                    self.stack.append(False)
                    self.hidden += 1
                elif kind == "separate" and self.stack:
                    if not self.stack[-1]:
                        self.stack[-1] = True
                        self.hidden -= 1
                elif kind == "end" and self.stack:
                    if not self.stack.pop():
                        self.hidden -= 1
                    self._leave_protected()
                continue
            text = _text_of(child)
            if not text or self.hidden:
                continue
            start = self.pos
            self.pos += len(text)
            self.parts.append(text)
            self.pm.pieces.append(Piece(start, self.pos, child, r, self._protected_depth() > 0))

    def finish(self) -> None:
        pm = self.pm
        pm.text = "".join(self.parts)
        if self.prot_start >= 0:
            pm.protected.append((self.prot_start, self.pos))
        pm.stack_end = tuple(self.stack)


def map_paragraph(p: Element, stack: tuple[bool, ...] = ()) -> ParagraphMap:
    """Map one paragraph; ``stack`` is the complex-field state at its start (from the walk)."""
    pm = ParagraphMap(p, stack)
    walker = _Walker(pm, stack)
    walker.inline(p)
    walker.finish()
    return pm


# Block-level events for renderers that need the table structure as well as the paragraphs.
BlockEvent = tuple[str, Element]


def iter_blocks(container: Element) -> Iterator[BlockEvent]:
    """("p", p), ("tbl", tbl), ("tr", tr), ("tc", tc), ("/tc", tc), ("/tr", tr), ("/tbl", tbl)."""
    for child in container:
        tag = child.tag
        if tag == ns.P:
            yield ("p", child)
        elif tag == ns.TBL:
            yield ("tbl", child)
            yield from _iter_table(child)
            yield ("/tbl", child)
        elif tag in (ns.SDT, ns.SDT_CONTENT, ns.CUSTOM_XML):
            yield from iter_blocks(child)


def _iter_table(tbl: Element) -> Iterator[BlockEvent]:
    for child in tbl:
        tag = child.tag
        if tag == ns.TR:
            yield ("tr", child)
            for cell in _cells(child):
                yield ("tc", cell)
                yield from iter_blocks(cell)
                yield ("/tc", cell)
            yield ("/tr", child)
        elif tag in (ns.SDT, ns.SDT_CONTENT, ns.CUSTOM_XML):
            yield from _iter_table(child)


def _cells(tr: Element) -> Iterator[Element]:
    for child in tr:
        tag = child.tag
        if tag == ns.TC:
            yield child
        elif tag in (ns.SDT, ns.SDT_CONTENT, ns.CUSTOM_XML):
            yield from _cells(child)


def iter_paragraphs(body: Element, cell_prefix: str = "") -> Iterator[tuple[Element, str]]:
    """(paragraph, cell id) in locator order; the cell id is "c<k>" for the k-th table cell of
    the body in document order ("<prefix>c<k>" inside a text box or a note), "" outside tables."""
    cells: list[str] = []
    count = 0
    for kind, elem in iter_blocks(body):
        if kind == "p":
            yield elem, cells[-1] if cells else ""
        elif kind == "tc":
            count += 1
            cells.append(f"{cell_prefix}c{count}")
        elif kind == "/tc":
            cells.pop()


class LocatedParagraph:
    __slots__ = ("cell", "element", "in_table", "locator", "map", "part", "stack_start", "twin")

    def __init__(
        self, locator: str, element: Element, cell: str, pm: ParagraphMap, stack_start: tuple[bool, ...],
        part: str = "", twin: Element | None = None, in_table: bool | None = None,
    ) -> None:
        self.locator = locator
        self.element = element
        # The table cell, or for a text box or note outside a table the box or note itself: the
        # container whose last paragraph may not be deleted.
        self.cell = cell
        self.in_table = bool(cell) if in_table is None else in_table
        self.map = pm
        self.stack_start = stack_start
        self.part = part  # "" (body), "textbox", "footnote" or "endnote"
        # A text box's second copy (the VML fallback Word writes for older readers), edited alike.
        self.twin = twin


def locate_paragraphs(body: Element) -> list[LocatedParagraph]:
    """Version-1 locators p1..pN with each paragraph's map (field state threaded through)."""
    out: list[LocatedParagraph] = []
    stack: tuple[bool, ...] = ()
    for index, (p, cell) in enumerate(iter_paragraphs(body), start=1):
        pm = map_paragraph(p, stack)
        out.append(LocatedParagraph(f"p{index}", p, cell, pm, stack))
        stack = pm.stack_end
    return out


# --- text boxes, footnotes and endnotes ---------------------------------------------------------
#
# Their paragraphs are part of the contract's text too. Locators follow each part's own
# document order, so they are as stable as the body's: "x<k>" for the k-th paragraph of the
# body's text boxes (the primary copy: a text box inside ``mc:AlternateContent`` is written
# twice, and the ``mc:Fallback`` copy is its twin), "f<k>" / "e<k>" for the k-th paragraph of
# the footnotes / endnotes (separators excluded). In the text model each of them follows the
# body paragraph that holds the text box or the note reference; notes referenced nowhere come
# last.


def _has_ancestor(element: Element, tag: str, stop: Element) -> bool:
    parent = element.getparent()
    while parent is not None and parent is not stop:
        if parent.tag == tag:
            return True
        parent = parent.getparent()
    return False


def _twin_content(content: Element) -> Element | None:
    """The fallback copy of a text box in ``mc:Choice`` (same position among the text boxes)."""
    parent = content.getparent()
    while parent is not None and parent.tag != ns.MC_CHOICE:
        parent = parent.getparent()
    if parent is None:
        return None
    fallback = parent.getnext()
    while fallback is not None and fallback.tag != ns.MC_FALLBACK:
        fallback = fallback.getnext()
    if fallback is None:
        return None
    primary = list(parent.iter(ns.TXBX_CONTENT))
    copies = list(fallback.iter(ns.TXBX_CONTENT))
    index = primary.index(content)
    return copies[index] if index < len(copies) and len(copies) == len(primary) else None


def _located_in(container: Element, prefix: str, counter: list[int], part: str,
                twin: Element | None = None) -> list[LocatedParagraph]:
    out = []
    twins = [p for p, _ in iter_paragraphs(twin)] if twin is not None else []
    stack: tuple[bool, ...] = ()
    name = f"{prefix}{counter[0] + 1}:"
    paragraphs = list(iter_paragraphs(container, cell_prefix=name))
    if len(twins) != len(paragraphs):
        twins = []
    for index, (p, cell) in enumerate(paragraphs):
        counter[0] += 1
        pm = map_paragraph(p, stack)
        out.append(LocatedParagraph(f"{prefix}{counter[0]}", p, cell or name, pm, stack, part,
                                    twins[index] if twins else None, in_table=bool(cell)))
        stack = pm.stack_end
    return out


def _notes(root: Element | None, tag: str, prefix: str, part: str) -> dict[str, list[LocatedParagraph]]:
    """Note id -> its located paragraphs, for the notes of one part (separators skipped)."""
    found: dict[str, list[LocatedParagraph]] = {}
    if root is None:
        return found
    counter = [0]
    for note in root.iterchildren(tag):
        if note.get(ns.TYPE) not in (None, "normal"):
            continue
        found[note.get(ns.ID) or ""] = _located_in(note, prefix, counter, part)
    return found


def locate_all(body: Element, footnotes: Element | None = None,
               endnotes: Element | None = None) -> list[LocatedParagraph]:
    """Every paragraph of the contract's text in model order: the body's (``locate_paragraphs``),
    each followed by its text boxes' paragraphs and the paragraphs of the notes it references."""
    notes = {"f": _notes(footnotes, ns.FOOTNOTE, "f", "footnote"), "e": _notes(endnotes, ns.ENDNOTE, "e", "endnote")}
    boxes = [0]
    placed: set[tuple[str, str]] = set()
    out: list[LocatedParagraph] = []
    # Most contracts have neither: one C-level scan each instead of one per paragraph.
    any_boxes = next(body.iter(ns.TXBX_CONTENT), None) is not None
    any_refs = bool(notes["f"] or notes["e"])
    for located in locate_paragraphs(body):
        out.append(located)
        if not (any_boxes or any_refs):
            continue
        p = located.element
        for content in p.iter(ns.TXBX_CONTENT) if any_boxes else ():
            if _has_ancestor(content, ns.MC_FALLBACK, p) or _has_ancestor(content, ns.TXBX_CONTENT, p):
                continue
            out.extend(_located_in(content, "x", boxes, "textbox", _twin_content(content)))
        for reference in p.iter(ns.FOOTNOTE_REFERENCE, ns.ENDNOTE_REFERENCE) if any_refs else ():
            kind = "f" if reference.tag == ns.FOOTNOTE_REFERENCE else "e"
            key = (kind, reference.get(ns.ID) or "")
            if key in placed or key[1] not in notes[kind]:
                continue
            placed.add(key)
            out.extend(notes[kind][key[1]])
    for kind in ("f", "e"):
        for note_id, paragraphs in notes[kind].items():
            if (kind, note_id) not in placed:
                out.extend(paragraphs)
    return out
