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


class StyleInfo:
    """Heading levels by paragraph style id, following ``w:basedOn`` chains."""

    def __init__(self, styles_root: Any | None) -> None:
        self._outline: dict[str, int | None] = {}
        self._names: dict[str, str] = {}
        self._based_on: dict[str, str] = {}
        self._resolved: dict[str, int | None] = {}
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
    return TextModel(paragraphs=paragraphs, next_insert=1)
