"""Vendors' online terms, written in markdown under ../shared/data/forms, as a .docx the way a word
processor imports their web page: each "#" heading a paragraph in Word's "Heading N" style, each
list item a paragraph of a Word-numbered (or bulleted) list that starts afresh with every list,
every other paragraph body text. Inline marks (emphasis, links) keep their words only.

Only for tests: the forms are read where the repository reaches them (tests/conftest.py
``shared_data``).
"""

from __future__ import annotations

import copy
import io
import re

import docx
from docx.oxml.ns import qn

from documents.docx.model import TextModel
from documents.docx.textmodel import build_text_model
from tests.conftest import shared_data

_FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n", re.DOTALL)
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
_ITEM = re.compile(r"^\s*(?:(?P<bullet>[*+-])|(?P<number>\d{1,3})\.)\s+(?P<text>.*)$")
_LINK_DEFINITION = re.compile(r"^\s*\[[^\]]+\]:\s+\S+\s*$")


def _plain(text: str) -> str:
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)  # [words](url)
    text = re.sub(r"\[([^\]]*)\]\[[^\]]*\]", r"\1", text)  # [words][ref]
    text = re.sub(r"^\s*>\s?(?:\[!\w+\]\s*)?", "", text)  # a quotation's mark, a note's label
    text = re.sub(r"(\*{1,3}|_{1,3})(?=\S)(.+?)(?<=\S)\1", r"\2", text)
    return " ".join(text.split())


def _blocks(markdown: str) -> list[tuple[str, str]]:
    """(kind, text) in order: ("h2", ...), ("ol", ...), ("ul", ...), ("p", ...); a new list starts
    after any other block ("ol-start" marks its first item)."""
    markdown = _COMMENT.sub("", _FRONT_MATTER.sub("", markdown))
    out: list[tuple[str, str]] = []
    lines: list[str] = []

    def flush() -> None:
        text = _plain(" ".join(lines))
        if text:
            out.append(("p", text))
        lines.clear()

    previous = ""
    for raw in markdown.splitlines():
        if _LINK_DEFINITION.match(raw):
            continue
        heading = _HEADING.match(raw)
        item = _ITEM.match(raw)
        if heading is not None:
            flush()
            out.append((f"h{len(heading.group(1))}", _plain(heading.group(2))))
        elif item is not None:
            flush()
            kind = "ul" if item.group("bullet") else "ol"
            start = "-start" if previous != kind else ""
            out.append((kind + start, _plain(item.group("text"))))
        elif not raw.strip():
            flush()
        else:
            lines.append(raw)
            continue
        previous = out[-1][0].removesuffix("-start") if out else ""
        if not raw.strip():
            previous = "" if not (out and out[-1][0].startswith(("ol", "ul"))) else previous
    flush()
    return out


def form_docx(*parts: str) -> bytes:
    """The .docx of the markdown form at ../shared/data/forms/<parts>."""
    markdown = shared_data("forms", *parts).read_text(encoding="utf-8")
    document = docx.Document()
    numbering = document.part.numbering_part.element
    template = {
        kind: document.styles[name].element.find(qn("w:pPr")).find(qn("w:numPr")).find(qn("w:numId")).get(qn("w:val"))
        for kind, name in (("ol", "List Number"), ("ul", "List Bullet"))
    }
    current = {"ol": "", "ul": ""}
    for kind, text in _blocks(markdown):
        if kind.startswith("h"):
            document.add_paragraph(text, style=f"Heading {min(int(kind[1:]), 9)}")
            continue
        if kind == "p":
            document.add_paragraph(text)
            continue
        plain = kind.removesuffix("-start")
        if kind.endswith("-start") or not current[plain]:
            current[plain] = _new_list(numbering, template[plain])
        paragraph = document.add_paragraph(text, style="List Number" if plain == "ol" else "List Bullet")
        properties = paragraph._p.get_or_add_pPr()
        number = properties.makeelement(qn("w:numPr"), {})
        level = number.makeelement(qn("w:ilvl"), {qn("w:val"): "0"})
        instance = number.makeelement(qn("w:numId"), {qn("w:val"): current[plain]})
        number.extend([level, instance])
        properties.append(number)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def _new_list(numbering: object, like: str) -> str:
    """A new list instance of the abstract list that list ``like`` uses, counting from 1 again."""
    nums = numbering.findall(qn("w:num"))  # type: ignore[attr-defined]
    source = next(n for n in nums if n.get(qn("w:numId")) == like)
    new_id = str(max(int(n.get(qn("w:numId"))) for n in nums) + 1)
    instance = copy.deepcopy(source)
    instance.set(qn("w:numId"), new_id)
    for override in instance.findall(qn("w:lvlOverride")):
        instance.remove(override)
    override = instance.makeelement(qn("w:lvlOverride"), {qn("w:ilvl"): "0"})
    override.append(override.makeelement(qn("w:startOverride"), {qn("w:val"): "1"}))
    instance.append(override)
    numbering.append(instance)  # type: ignore[attr-defined]
    return new_id


def form(*parts: str) -> TextModel:
    """The text model of the markdown form at ../shared/data/forms/<parts>, read from its .docx."""
    return build_text_model(form_docx(*parts))
