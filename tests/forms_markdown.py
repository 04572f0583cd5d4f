"""A vendor's online terms, published as markdown (../shared/data/forms), read into the text model a
.docx of them gives: what a lawyer uploads after saving the web page as a Word document.

As a word processor imports the page: a "#" heading is a heading paragraph of its level
("Heading1" ...), a list item a numbered or bulleted list paragraph, a table row one paragraph per
cell, a quotation one paragraph; the front matter, comments and link definitions are not text, and
links and emphasis keep only their words.
"""

from __future__ import annotations

import re

from documents.docx.model import Paragraph, TextModel
from tests.conftest import shared_data

_FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n", re.DOTALL)
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_LINK_DEFINITION = re.compile(r"^\s*\[[^\]]+\]:\s+\S+\s*$")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_ITEM = re.compile(r"^(?P<indent>\s*)(?P<mark>[*+-]|\d{1,3}[.)])\s+(?P<text>.*)$")
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}")


def _inline(text: str) -> str:
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)  # [words](address)
    text = re.sub(r"\[([^\]]*)\]\[[^\]]*\]", r"\1", text)  # [words][reference]
    text = re.sub(r"(\*\*|__)(.+?)\1", r"\2", text)
    text = re.sub(r"(?<![\w*])[*_](?!\s)(.+?)(?<!\s)[*_](?![\w*])", r"\1", text)
    text = text.replace("`", "")
    return " ".join(text.split())


def read_markdown(markdown: str) -> TextModel:
    """The text model of one page of markdown."""
    text = _COMMENT.sub("", _FRONT_MATTER.sub("", markdown.replace("\r\n", "\n")))
    paragraphs: list[Paragraph] = []
    pending: list[str] = []
    pending_style = ""
    lists = 0
    in_list = False

    def add(words: str, **kwargs: object) -> None:
        words = _inline(words)
        if words:
            paragraphs.append(Paragraph(locator=f"p{len(paragraphs) + 1}", text=words, **kwargs))  # type: ignore[arg-type]

    def flush() -> None:
        nonlocal pending, pending_style
        if pending:
            add(" ".join(pending), style=pending_style or "TextBody")
        pending, pending_style = [], ""

    for line in text.split("\n"):
        if not line.strip() or _LINK_DEFINITION.match(line):
            flush()
            continue
        heading = _HEADING.match(line)
        item = _ITEM.match(line)
        if heading is not None:
            flush()
            in_list = False
            level = len(heading.group(1))
            add(heading.group(2), style=f"Heading{level}", heading_level=level)
        elif line.lstrip().startswith("|"):
            flush()
            in_list = False
            if not _TABLE_RULE.match(line):
                for cell in line.strip().strip("|").split("|"):
                    add(cell, style="TableContents", in_table=True)
        elif item is not None:
            flush()
            if not in_list:
                lists += 1
                in_list = True
            add(item.group("text"), style="ListParagraph", num_id=str(lists), num_level=len(item.group("indent")) // 2)
        elif line.lstrip().startswith(">"):
            if pending_style != "Quotations":
                flush()
            pending_style = "Quotations"
            pending.append(line.lstrip()[1:].strip())
        else:
            if pending_style == "Quotations":
                flush()
            in_list = in_list and line.startswith(" ")
            pending.append(line.strip())
    flush()
    numbering = tuple(
        (str(n), str(n), level, "bullet", "\u2022", 1, -1) for n in range(1, lists + 1) for level in range(4)
    )
    return TextModel(paragraphs=tuple(paragraphs), numbering=numbering)


def form(*parts: str) -> TextModel:
    """The text model of a form under ../shared/data/forms ("basecamp", "basecamp_sla.md")."""
    return read_markdown(shared_data("forms", *parts).read_text(encoding="utf-8"))
