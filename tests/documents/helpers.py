"""Test helpers: an independent text extraction and a reference accept/reject of tracked changes.

These deliberately do not use the walker under test (``documents.docx.xmlmap``): a plain lxml
walk over every ``w:p`` of the body (text boxes excluded), reading the XML the simplest way.
"""

from __future__ import annotations

import io
import random
import zipfile

from lxml import etree

from documents.docx.model import Edit, TextModel

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


def q(name: str) -> str:
    return f"{{{W}}}{name}"


def document_root(data: bytes):  # type: ignore[no-untyped-def]
    return etree.fromstring(zipfile.ZipFile(io.BytesIO(data)).read("word/document.xml"))


def _inside(element, names: set[str], stop) -> bool:  # type: ignore[no-untyped-def]
    parent = element.getparent()
    while parent is not None and parent is not stop:
        if parent.tag in names:
            return True
        parent = parent.getparent()
    return False


SKIP = {q("txbxContent"), q("drawing"), q("pict"), "{http://schemas.openxmlformats.org/markup-compatibility/2006}AlternateContent"}


def paragraph_texts(data: bytes, mode: str = "current") -> list[str]:
    """Paragraph texts of the body. ``mode``: "current" (as written: ins shown, del hidden),
    "accept" (same, and paragraphs whose mark is deleted join the next one) or "reject"
    (del shown, ins hidden, paragraphs whose mark is inserted join the next one)."""
    root = document_root(data)
    body = root.find(q("body"))
    texts: list[str] = []
    carry = ""
    for p in body.iter(q("p")):
        if _inside(p, SKIP, body):
            continue
        parts: list[str] = []
        fields: list[bool] = []
        for el in p.iter():
            if el is p or _inside(el, SKIP | {q("pPr"), q("rPr")}, p) or el.tag in (q("pPr"),):
                continue
            in_del = _inside(el, {q("del")}, p)
            in_ins = _inside(el, {q("ins")}, p)
            if (mode != "reject" and in_del) or (mode == "reject" and in_ins):
                continue
            tag = el.tag
            if tag == q("fldChar"):
                kind = el.get(q("fldCharType"))
                if kind == "begin":
                    fields.append(False)
                elif kind == "separate" and fields:
                    fields[-1] = True
                elif kind == "end" and fields:
                    fields.pop()
                continue
            if not all(fields):
                continue
            if tag in (q("t"), q("delText")):
                parts.append(el.text or "")
            elif tag in (q("tab"), q("ptab")):
                parts.append("\t")
            elif (tag == q("br") and el.get(q("type")) in (None, "textWrapping")) or tag == q("cr"):
                parts.append("\n")
            elif tag == q("noBreakHyphen"):
                parts.append("\u2011")
        text = carry + "".join(parts)
        mark = p.find(f"{q('pPr')}/{q('rPr')}")
        removed = mark is not None and (
            (mode == "accept" and mark.find(q("del")) is not None)
            or (mode == "reject" and mark.find(q("ins")) is not None)
        )
        if removed:
            carry = text
            continue
        carry = ""
        texts.append(text)
    if carry:
        texts.append(carry)
    return texts


def model_texts(model: TextModel) -> list[str]:
    return [p.text for p in model.paragraphs]


def nonempty(texts: list[str]) -> list[str]:
    """Empty paragraphs carry no text; LibreOffice cannot remove a container's last one."""
    return [" ".join(t.split()) for t in texts if t.strip()]


def sample_edits(model: TextModel, seed: int, count: int = 6) -> list[Edit]:
    """A deterministic mix of replace / insert / delete edits on unprotected text."""
    rng = random.Random(seed)
    candidates = [p for p in model.paragraphs if len(p.text.split()) >= 4 and not p.protected]
    rng.shuffle(candidates)
    edits: list[Edit] = []
    used: set[str] = set()
    cells: dict[str, int] = {}
    for paragraph in model.paragraphs:
        cells[paragraph.cell] = cells.get(paragraph.cell, 0) + 1
    for paragraph in candidates:
        if len(edits) >= count:
            break
        if paragraph.locator in used:
            continue
        used.add(paragraph.locator)
        words = paragraph.text.split(" ")
        kind = len(edits) % 3
        if kind == 0:
            index = rng.randrange(len(words))
            word = words[index]
            if not word:
                continue
            start = sum(len(w) + 1 for w in words[:index])
            edits.append(Edit("replace", paragraph.locator, word, "REDPEN-" + word.upper() + " & <co>", start=start))
        elif kind == 1:
            edits.append(Edit("insert_after", paragraph.locator, after="Inserted clause: the parties agree & confirm."))
        else:
            alone = paragraph.cell and cells.get(paragraph.cell, 0) <= 1
            if alone or paragraph.section_break:
                continue  # refused by design: tested on its own
            cells[paragraph.cell] = cells.get(paragraph.cell, 0) - 1
            edits.append(Edit("delete_paragraph", paragraph.locator, before=paragraph.text))
    return edits


def rezip(data: bytes, *, replace: dict[str, bytes] | None = None, drop: tuple[str, ...] = ()) -> bytes:
    """A copy of a package with members replaced, added or dropped."""
    replace = dict(replace or {})
    source = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            if info.filename in drop:
                continue
            target.writestr(info.filename, replace.pop(info.filename, None) or source.read(info.filename))
        for name, content in replace.items():
            target.writestr(name, content)
    return out.getvalue()
