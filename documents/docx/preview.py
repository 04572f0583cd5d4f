"""HTML preview of a version: version 1's structure and formatting, the version's text, and the
changes since version 1 marked at word level (``<ins>``/``<del>``).

The structure (headings, paragraphs, tables) and the bold/italic/underline of unchanged and
deleted text come from version 1's XML, walked once with the same walker as the text model (so
locators agree); the text comes from the version's stored text model, so nothing is replayed.
Every piece of document text goes through ``html.escape``: the preview is safe to mark safe.
"""

from __future__ import annotations

import html
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from . import ns, package
from .diff import word_diff
from .model import Paragraph, TextModel, is_inserted
from .textmodel import StyleInfo, paragraph_heading_level, paragraph_style
from .tracked import ForeignChange, has_revisions, paragraph_changes, short_date
from .xmlmap import iter_blocks, locate_all, map_paragraph

Format = tuple[bool, bool, bool]  # bold, italic, underline
PLAIN: Format = (False, False, False)
_OFF = {"0", "false", "off", "none"}


def _toggle(rpr: Any, tag: str) -> bool | None:
    element = rpr.find(tag)
    if element is None:
        return None
    value = element.get(ns.VAL)
    if tag == ns.U:
        return value not in _OFF
    return value is None or value.lower() not in _OFF


class _CharStyles:
    """Bold/italic/underline of character styles (``w:rStyle``), one level deep."""

    def __init__(self, styles_root: Any | None) -> None:
        self.formats: dict[str, Format] = {}
        if styles_root is None:
            return
        for style in styles_root.iterchildren(ns.STYLE):
            if style.get(ns.TYPE) != "character":
                continue
            rpr = style.find(ns.RPR)
            if rpr is not None:
                self.formats[style.get(ns.STYLE_ID) or ""] = (
                    bool(_toggle(rpr, ns.B)),
                    bool(_toggle(rpr, ns.I)),
                    bool(_toggle(rpr, ns.U)),
                )


def _flag(element: Any, underline: bool) -> bool:
    value = element.get(ns.VAL)
    if value is None:
        return not underline  # <w:u/> without a value is not an underline; <w:b/> is bold
    return value.lower() not in _OFF


def _run_format(run: Any, char_styles: _CharStyles) -> Format:
    # One pass over the run properties: this runs for every run of the document.
    rpr = None
    for child in run:
        if child.tag == ns.RPR:
            rpr = child
            break
    if rpr is None:
        return PLAIN
    bold = italic = underline = None
    style = ""
    for child in rpr:
        tag = child.tag
        if tag == ns.B:
            bold = _flag(child, False)
        elif tag == ns.I:
            italic = _flag(child, False)
        elif tag == ns.U:
            underline = _flag(child, True)
        elif tag == ns.RSTYLE:
            style = child.get(ns.VAL) or ""
    base = char_styles.formats.get(style, PLAIN) if style else PLAIN
    return (
        base[0] if bold is None else bold,
        base[1] if italic is None else italic,
        base[2] if underline is None else underline,
    )


class _BaseParagraph:
    __slots__ = ("css", "deleted", "deleted_keys", "heading_level", "inserted", "inserted_keys", "locator", "segments",
                 "text")

    def __init__(self, locator: str, text: str, segments: list[tuple[int, int, Format]], heading: int | None,
                 css: str = "") -> None:
        self.locator = locator
        self.text = text
        self.segments = segments
        self.heading_level = heading
        self.css = css  # "textbox", "note footnote" ...: where the paragraph lives
        # The other side's pending changes in version 1: inserted spans and deleted text at
        # its position, each with "author, date" for the title.
        self.inserted: list[tuple[int, int, str]] = []
        self.deleted: list[tuple[int, str, str]] = []
        # The change behind each mark, in the order of the lists above.
        self.inserted_keys: list[str] = []
        self.deleted_keys: list[str] = []

    def add_changes(self, changes: list[ForeignChange]) -> None:
        for change in changes:
            title = ", ".join(part for part in (change.author, short_date(change.date)) if part)
            if change.kind in ("insert", "move_to", "replace", "paragraph_insert") and change.end > change.start:
                self.inserted.append((change.start, change.end, title))
                self.inserted_keys.append(change.key)
            if change.kind in ("delete", "move_from", "replace") and change.old:
                self.deleted.append((change.start, change.old, title))
                self.deleted_keys.append(change.key)

    def without(self, decided: frozenset[str]) -> _BaseParagraph:
        """The same paragraph with the marks of decided changes taken out (a decided change of
        theirs is no longer theirs pending: accepted it is plain text, rejected it is our diff)."""
        copy = _BaseParagraph(self.locator, self.text, self.segments, self.heading_level, self.css)
        copy.inserted = [m for m, k in zip(self.inserted, self.inserted_keys, strict=True) if k not in decided]
        copy.deleted = [m for m, k in zip(self.deleted, self.deleted_keys, strict=True) if k not in decided]
        return copy

    def decided_in(self, decided: frozenset[str]) -> bool:
        return bool(decided) and any(k in decided for k in (*self.inserted_keys, *self.deleted_keys))


def _escape(text: str) -> str:
    return html.escape(text, quote=True).replace("\n", "<br>")


def _formatted(text: str, fmt: Format) -> str:
    out = _escape(text)
    if fmt[2]:
        out = f'<span class="u">{out}</span>'
    if fmt[1]:
        out = f"<em>{out}</em>"
    if fmt[0]:
        out = f"<strong>{out}</strong>"
    return out


def _slice(base: _BaseParagraph, start: int, end: int) -> str:
    if base.inserted or base.deleted:
        return _slice_with_theirs(base, start, end)
    return _plain_slice(base, start, end)


def _plain_slice(base: _BaseParagraph, start: int, end: int) -> str:
    parts = []
    for seg_start, seg_end, fmt in base.segments:
        if seg_end <= start or seg_start >= end:
            continue
        a, b = max(seg_start, start), min(seg_end, end)
        parts.append(_formatted(base.text[a:b], fmt))
    return "".join(parts)


def _theirs(tag: str, title: str, inner: str) -> str:
    return f'<{tag} class="theirs" title="{html.escape(title, quote=True)}">{inner}</{tag}>'


def _slice_with_theirs(base: _BaseParagraph, start: int, end: int) -> str:
    """A slice with the other side's pending changes marked: their insertions as ``ins.theirs``,
    their deleted text (not part of the text) shown as ``del.theirs`` where it was."""
    cuts = {start, end}
    for a, b, _title in base.inserted:
        cuts.update(x for x in (a, b) if start < x < end)
    cuts.update(position for position, _text, _title in base.deleted if start < position < end)
    points = sorted(cuts)
    at_end = end == len(base.text)
    parts: list[str] = []
    for left, right in zip(points, [*points[1:], None], strict=False):
        for position, text, title in base.deleted:
            if position == left and (left < end or at_end):
                parts.append(_theirs("del", title, _escape(text)))
        if right is None:
            break
        inner = _plain_slice(base, left, right)
        inserted_by = next((t for x, y, t in base.inserted if x <= left and right <= y), None)
        parts.append(_theirs("ins", inserted_by, inner) if inserted_by is not None else inner)
    return "".join(parts)


def _open_tag(heading: int | None, locator: str, css: str = "") -> tuple[str, str]:
    tag = f"h{min(heading + 1, 6)}" if heading else "p"
    cls = f' class="{css}"' if css else ""
    return f'<{tag} id="loc-{locator}" data-locator="{locator}"{cls}>', f"</{tag}>"


def _render_base(base: _BaseParagraph, current: Paragraph | None) -> str:
    if current is None:
        open_, close = _open_tag(base.heading_level, base.locator, " ".join(filter(None, [base.css, "deleted"])))
        return f"{open_}<del>{_slice(base, 0, len(base.text))}</del>{close}"
    open_, close = _open_tag(base.heading_level, base.locator, base.css)
    if current.text == base.text:
        return f"{open_}{_slice(base, 0, len(base.text))}{close}"
    parts = []
    position = 0
    for op, text in word_diff(base.text, current.text):
        if op == 0:
            parts.append(_slice(base, position, position + len(text)))
            position += len(text)
        elif op < 0:
            parts.append(f"<del>{_slice(base, position, position + len(text))}</del>")
            position += len(text)
        else:
            parts.append(f"<ins>{_escape(text)}</ins>")
    return f"{open_}{''.join(parts)}{close}"


def _render_new(paragraph: Paragraph) -> str:
    open_, close = _open_tag(paragraph.heading_level, paragraph.locator, "inserted")
    return f"{open_}<ins>{_escape(paragraph.text)}</ins>{close}"


class _Base:
    """Version 1 laid out once: block HTML, and each paragraph with its unchanged rendering."""

    __slots__ = ("items", "xml_bytes")

    def __init__(self, items: list[tuple[str, _BaseParagraph | None, str]], xml_bytes: int = 0) -> None:
        self.items = items  # ("html", None, markup) or ("p", paragraph, unchanged html)
        self.xml_bytes = xml_bytes  # size of version 1's document.xml: what the layout costs to keep


_BASE_CACHE: OrderedDict[tuple[int, int], tuple[bytes, _Base]] = OrderedDict()
_BASE_CACHE_SIZE = 4
# The layouts kept hold about twice their document.xml in memory: keep at most this much XML's
# worth per process, so four large contracts previewed in turn do not stay resident together.
_BASE_CACHE_XML_BYTES = 16 * 1024 * 1024
_BASE_LOCK = threading.Lock()


def _base_of(original: bytes) -> _Base:
    """Version 1 never changes, so its layout is computed once per process for each original
    (a small LRU, keyed by the bytes themselves: a hash hit is confirmed by comparing them)."""
    key = (hash(original), len(original))
    with _BASE_LOCK:
        hit = _BASE_CACHE.get(key)
        if hit is not None and hit[0] == original:
            _BASE_CACHE.move_to_end(key)
            return hit[1]
    base = _layout(original)
    with _BASE_LOCK:
        _BASE_CACHE[key] = (original, base)
        while len(_BASE_CACHE) > _BASE_CACHE_SIZE or (
            len(_BASE_CACHE) > 1 and sum(hit[1].xml_bytes for hit in _BASE_CACHE.values()) > _BASE_CACHE_XML_BYTES
        ):
            _BASE_CACHE.popitem(last=False)
    return base


def _layout(original: bytes) -> _Base:
    zf = package.open_package(original)
    document_xml = package.read_part(zf, package.DOCUMENT_PART)
    if document_xml is None:
        raise package.PackageError("The file is a zip archive but not a Word document (it has no word/document.xml).")
    body = package.parse_xml(document_xml).find(ns.BODY)
    revisions = has_revisions(document_xml)
    styles_xml = package.read_part(zf, package.STYLES_PART)
    styles_root = package.parse_xml(styles_xml) if styles_xml is not None else None
    styles = StyleInfo(styles_root)
    char_styles = _CharStyles(styles_root)
    items: list[tuple[str, _BaseParagraph | None, str]] = []
    stack: tuple[bool, ...] = ()
    index = 0
    extras = _extras(original, body)

    def add(locator: str, element: Any, pm: Any, css: str = "") -> None:
        segments: list[tuple[int, int, Format]] = []
        last_run, fmt = None, PLAIN
        for piece in pm.pieces:
            if piece.run is not last_run:
                last_run, fmt = piece.run, _run_format(piece.run, char_styles)
            if segments and segments[-1][2] == fmt and segments[-1][1] == piece.start:
                segments[-1] = (segments[-1][0], piece.end, fmt)
            else:
                segments.append((piece.start, piece.end, fmt))
        style = paragraph_style(element)
        heading = paragraph_heading_level(element, style, styles) if not css else None
        base = _BaseParagraph(locator, pm.text, segments, heading, css)
        if revisions:
            base.add_changes(paragraph_changes(element, base.locator, pm))
        open_, close = _open_tag(base.heading_level, base.locator, css)
        items.append(("p", base, f"{open_}{_slice(base, 0, len(base.text))}{close}"))

    for located in extras.get("", ()):
        add(located.locator, located.element, located.map, _PART_CSS[located.part])
    for kind, element in iter_blocks(body):
        if kind != "p":
            items.append(("html", None, _BLOCK_TAGS[kind]))
            continue
        index += 1
        pm = map_paragraph(element, stack)
        stack = pm.stack_end
        add(f"p{index}", element, pm)
        # Text boxes and the notes this paragraph references, right after it.
        for located in extras.get(f"p{index}", ()):
            add(located.locator, located.element, located.map, _PART_CSS[located.part])
    return _Base(items, len(document_xml))


_PART_CSS = {"textbox": "textbox", "footnote": "note footnote", "endnote": "note endnote"}


def _extras(original: bytes, body: Any) -> dict[str, list[Any]]:
    """Body locator -> the text-box and note paragraphs that follow it in the text model."""
    notes = package.read_note_roots(original)
    out: dict[str, list[Any]] = {}
    host = ""
    for located in locate_all(body, notes.get(package.FOOTNOTES_PART), notes.get(package.ENDNOTES_PART)):
        if not located.part:
            host = located.locator
        else:
            out.setdefault(host, []).append(located)
    return out


_BLOCK_TAGS = {"tbl": "<table>", "/tbl": "</table>", "tr": "<tr>", "/tr": "</tr>", "tc": "<td>", "/tc": "</td>"}


@dataclass(frozen=True)
class PreviewPage:
    """One page of a preview: ``html`` (safe) and where it sits among the pages."""

    html: str
    number: int  # 1-based, clamped to the pages that exist
    pages: int
    first: int  # 1-based ordinal of the first version-1 paragraph shown (0 when there is none)
    last: int
    paragraphs: int  # version-1 paragraphs in the whole document

    @property
    def has_previous(self) -> bool:
        return self.number > 1

    @property
    def has_next(self) -> bool:
        return self.number < self.pages

    @property
    def previous_number(self) -> int:
        return self.number - 1

    @property
    def next_number(self) -> int:
        return self.number + 1


def render_preview(original: bytes, current: TextModel, decided: frozenset[str] = frozenset()) -> str:
    """Safe HTML of ``current`` (any version's text model) against version 1 (``original``), whole;
    ``decided``: the keys of the other side's changes decided up to this version (their marks
    go away)."""
    return render_preview_page(original, current, decided).html


def render_preview_page(
    original: bytes, current: TextModel, decided: frozenset[str] = frozenset(), *, page: int = 1, per_page: int = 0
) -> PreviewPage:
    """One page of the preview: ``per_page`` version-1 paragraphs (0: all of them), with the
    paragraphs inserted after them. A page that starts or ends inside a table opens or closes its
    table, row and cell, so every page is balanced HTML. Cost and size grow with the page, not
    with the document (the layout of version 1 is computed once per process)."""
    by_locator = {p.locator: p for p in current.paragraphs}
    # New paragraphs go after the nearest version-1 paragraph before them in the current order.
    inserted_after: dict[str | None, list[Paragraph]] = {}
    previous: str | None = None
    for paragraph in current.paragraphs:
        if not is_inserted(paragraph.locator):  # a version-1 paragraph (body, text box or note)
            previous = paragraph.locator
        else:
            inserted_after.setdefault(previous, []).append(paragraph)

    items = _base_of(original).items
    total = sum(1 for _kind, base, _markup in items if base is not None)
    pages = max(1, -(-total // per_page)) if per_page > 0 else 1
    number = min(max(page, 1), pages)
    first = (number - 1) * per_page if per_page > 0 else 0
    last = min(first + per_page, total) if per_page > 0 else total

    out: list[str] = ['<div class="doc-preview">']
    if number == 1:
        out.extend(_render_new(p) for p in inserted_after.get(None, ()))
    stack: list[str] = []  # open table/row/cell tags at this point of version 1
    shown: list[str] = []  # the stack as of the last paragraph emitted
    pending: list[str] = []  # block markup since the last paragraph (emitted with the next one)
    ordinal = 0
    for _kind, base, markup in items:
        if base is None:
            if markup.startswith("</"):
                if stack:
                    stack.pop()
            else:
                stack.append(markup)
            pending.append(markup)
            continue
        if ordinal >= last:
            break
        if ordinal == first:
            # The page opens inside whatever tables version 1 is in here.
            out.extend(stack)
            pending = []
        elif ordinal > first:
            out.extend(pending)
            pending = []
        if ordinal >= first:
            now = by_locator.get(base.locator)
            if base.decided_in(decided):
                base = base.without(decided)
                if now is None or now.text != base.text:
                    out.append(_render_base(base, now))
                else:
                    open_, close = _open_tag(base.heading_level, base.locator)
                    out.append(f"{open_}{_slice(base, 0, len(base.text))}{close}")
            else:
                out.append(markup if now is not None and now.text == base.text else _render_base(base, now))
            if base.locator in inserted_after:
                out.extend(_render_new(p) for p in inserted_after[base.locator])
            shown = list(stack)
        else:
            pending = []
        ordinal += 1
    if last >= total:
        out.extend(pending)  # the closing tags after the last paragraph
    else:
        out.extend("</" + tag[1:] for tag in reversed(shown))
    out.append("</div>")
    return PreviewPage(
        html="".join(out), number=number, pages=pages, first=first + 1 if total else 0, last=last, paragraphs=total
    )
