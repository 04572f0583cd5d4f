"""Build a version-1 ``TextModel`` from .docx bytes, from the XML itself (python-docx's
``paragraph.text`` misses text in hyperlinks, smart tags, content controls, simple fields...;
docs/decisions/docx-text-and-edits.md)."""

from __future__ import annotations

import re
from typing import Any

from . import ns, package
from .model import Paragraph, TextModel
from .xmlmap import LocatedParagraph, locate_all

_HEADING_NAME = re.compile(r"^heading\s*([1-9])$", re.IGNORECASE)
NUMBERING_PART = "word/numbering.xml"
_NUM_PR = ns.w("numPr")
_NUM_ID = ns.w("numId")
_ILVL = ns.w("ilvl")


class StyleInfo:
    """Heading levels by paragraph style id, following ``w:basedOn`` chains."""

    def __init__(self, styles_root: Any | None) -> None:
        self._outline: dict[str, int | None] = {}
        self._names: dict[str, str] = {}
        self._based_on: dict[str, str] = {}
        self._resolved: dict[str, int | None] = {}
        self._num: dict[str, tuple[str, int | None]] = {}
        if styles_root is None:
            return
        for style in styles_root.iterchildren(ns.STYLE):
            if style.get(ns.TYPE) not in (None, "paragraph"):
                continue
            style_id = style.get(ns.STYLE_ID) or ""
            name = style.find(ns.NAME)
            self._names[style_id] = (name.get(ns.VAL) if name is not None else "") or ""
            based = style.find(ns.BASED_ON)
            if based is not None and based.get(ns.VAL):
                self._based_on[style_id] = based.get(ns.VAL)
            level = style.find(f"{ns.PPR}/{ns.OUTLINE_LVL}")
            self._outline[style_id] = _outline_level(level)
            num_pr = style.find(f"{ns.PPR}/{_NUM_PR}")
            if num_pr is not None:
                self._num[style_id] = _num_pr(num_pr)

    def numbering(self, style_id: str) -> tuple[str, int | None]:
        """(num_id, level) a paragraph style numbers its paragraphs with, following ``w:basedOn``."""
        seen: set[str] = set()
        current: str | None = style_id
        while current and current not in seen:
            seen.add(current)
            if current in self._num:
                return self._num[current]
            current = self._based_on.get(current)
        return "", None

    def heading_level(self, style_id: str) -> int | None:
        if style_id in self._resolved:
            return self._resolved[style_id]
        level: int | None = None
        seen: set[str] = set()
        current: str | None = style_id
        while current and current not in seen:
            seen.add(current)
            name = self._names.get(current, current)
            match = _HEADING_NAME.match(name.strip()) or _HEADING_NAME.match(current)
            if match:
                level = int(match.group(1))
                break
            if name.strip().lower() == "title" or current == "Title":
                level = 1
                break
            if self._outline.get(current) is not None:
                level = self._outline[current]
                break
            current = self._based_on.get(current)
        self._resolved[style_id] = level
        return level


def _outline_level(element: Any | None) -> int | None:
    if element is None:
        return None
    try:
        value = int(element.get(ns.VAL, ""))
    except ValueError:
        return None
    return value + 1 if 0 <= value <= 8 else None


def _num_pr(num_pr: Any) -> tuple[str, int | None]:
    num_id = num_pr.find(_NUM_ID)
    ilvl = num_pr.find(_ILVL)
    level: int | None = None
    if ilvl is not None:
        try:
            level = int(ilvl.get(ns.VAL, "0"))
        except ValueError:
            level = None
    return ((num_id.get(ns.VAL) or "") if num_id is not None else ""), level


def paragraph_numbering(p: Any, style_id: str, styles: StyleInfo) -> tuple[str, int]:
    """(num_id, level) Word numbers the paragraph with; ("", 0) when it is not numbered. Direct
    numbering wins over the style's; numId 0 switches numbering off."""
    num_id, level = styles.numbering(style_id) if style_id else ("", None)
    ppr = p.find(ns.PPR)
    own = ppr.find(_NUM_PR) if ppr is not None else None
    if own is not None:
        own_id, own_level = _num_pr(own)
        num_id = own_id or num_id
        level = own_level if own_level is not None else level
    if not num_id or num_id == "0":
        return "", 0
    return num_id, level or 0


def read_numbering(root: Any | None) -> tuple[tuple[str, str, int, str, str, int, int], ...]:
    """The numbering definitions as ``TextModel.numbering`` rows (see documents/docx/model.py)."""
    if root is None:
        return ()
    abstract: dict[str, dict[int, tuple[str, str, int]]] = {}
    for node in root.iterchildren(ns.w("abstractNum")):
        levels: dict[int, tuple[str, str, int]] = {}
        for lvl in node.iterchildren(ns.w("lvl")):
            levels[_int(lvl.get(_ILVL), 0)] = _level(lvl)
        abstract[node.get(ns.w("abstractNumId")) or ""] = levels
    rows: list[tuple[str, str, int, str, str, int, int]] = []
    for num in root.iterchildren(ns.w("num")):
        num_id = num.get(ns.w("numId")) or ""
        ref = num.find(ns.w("abstractNumId"))
        abstract_id = (ref.get(ns.VAL) or "") if ref is not None else ""
        levels = dict(abstract.get(abstract_id, {}))
        overrides: dict[int, int] = {}
        for override in num.iterchildren(ns.w("lvlOverride")):
            ilvl = _int(override.get(_ILVL), 0)
            start = override.find(ns.w("startOverride"))
            if start is not None:
                overrides[ilvl] = _int(start.get(ns.VAL), 1)
            lvl = override.find(ns.w("lvl"))
            if lvl is not None:
                levels[ilvl] = _level(lvl)
        for ilvl, (fmt, text, start) in sorted(levels.items()):
            rows.append((num_id, abstract_id, ilvl, fmt, text, start, overrides.get(ilvl, -1)))
    return tuple(rows)


def _int(value: str | None, default: int) -> int:
    try:
        return int(value) if value is not None else default
    except ValueError:
        return default


def _level(lvl: Any) -> tuple[str, str, int]:
    fmt = lvl.find(ns.w("numFmt"))
    text = lvl.find(ns.w("lvlText"))
    start = lvl.find(ns.w("start"))
    return (
        (fmt.get(ns.VAL) or "decimal") if fmt is not None else "decimal",
        (text.get(ns.VAL) or "") if text is not None else "",
        _int(start.get(ns.VAL), 1) if start is not None else 1,
    )


def paragraph_style(p: Any) -> str:
    ppr = p.find(ns.PPR)
    if ppr is None:
        return ""
    style = ppr.find(ns.PSTYLE)
    return (style.get(ns.VAL) or "") if style is not None else ""


def paragraph_heading_level(p: Any, style_id: str, styles: StyleInfo) -> int | None:
    ppr = p.find(ns.PPR)
    if ppr is not None:
        own = _outline_level(ppr.find(ns.OUTLINE_LVL))
        if own is not None:
            return own
    return styles.heading_level(style_id) if style_id else None


def to_model_paragraph(located: LocatedParagraph, styles: StyleInfo) -> Paragraph:
    pm = located.map
    style = paragraph_style(located.element)
    num_id, num_level = paragraph_numbering(located.element, style, styles)
    return Paragraph(
        locator=located.locator,
        text=pm.text,
        style=style,
        heading_level=paragraph_heading_level(located.element, style, styles),
        in_table=located.in_table,
        protected=tuple(pm.protected),
        ends_in_field=bool(pm.stack_end),
        cell=located.cell,
        section_break=has_section_break(located.element),
        part=located.part,
        num_id=num_id,
        num_level=num_level,
    )


def has_section_break(p: Any) -> bool:
    ppr = p.find(ns.PPR)
    return ppr is not None and ppr.find(ns.SECT_PR) is not None


def load_styles(data: bytes) -> StyleInfo:
    zf = package.open_package(data)
    xml = package.read_part(zf, package.STYLES_PART)
    return StyleInfo(package.parse_xml(xml) if xml is not None else None)


def build_text_model(data: bytes) -> TextModel:
    """The text model of a .docx (version 1: locators p1..pN)."""
    zf = package.open_package(data)
    document_xml = package.read_part(zf, package.DOCUMENT_PART)
    if document_xml is None:
        raise package.PackageError("The file is a zip archive but not a Word document (it has no word/document.xml).")
    body = package.parse_xml(document_xml).find(ns.BODY)
    if body is None:
        raise package.PackageError("The file is a zip archive but not a Word document (it has no document body).")
    styles_xml = package.read_part(zf, package.STYLES_PART)
    styles = StyleInfo(package.parse_xml(styles_xml) if styles_xml is not None else None)
    notes = package.read_note_roots(data)
    located = locate_all(body, notes.get(package.FOOTNOTES_PART), notes.get(package.ENDNOTES_PART))
    paragraphs = tuple(to_model_paragraph(paragraph, styles) for paragraph in located)
    numbering: tuple[tuple[str, str, int, str, str, int, int], ...] = ()
    if any(p.num_id for p in paragraphs):
        numbering_xml = package.read_part(zf, NUMBERING_PART)
        used = {p.num_id for p in paragraphs}
        numbering = tuple(
            row
            for row in read_numbering(package.parse_xml(numbering_xml) if numbering_xml is not None else None)
            if row[0] in used
        )
    return TextModel(paragraphs=paragraphs, next_insert=1, numbering=numbering)
