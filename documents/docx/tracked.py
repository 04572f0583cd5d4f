"""The other side's tracked changes and comments in a .docx: reading them, and keeping them.

Version 1 of a contract may carry revisions by other authors (``w:ins``, ``w:del``,
``w:moveFrom``/``w:moveTo``, ``w:rPrChange``, ``w:pPrChange``, inserted or deleted paragraph
marks) and comments. Redpen never resolves one silently: they stay in the XML, with their
author, date and id, through every replay (clean and redline) until the lawyer decides them.
The text model reads a paragraph as it reads with all of them accepted (inserted text counts,
deleted and moved-away text does not), which is the text the playbook checks.

``foreign_changes`` lists the revisions with their place in that text; ``comments`` lists the
comments with the paragraph they are anchored in. Both are pure functions of the bytes.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any, Literal

from lxml import etree

from . import ns, package
from .model import Edit, EditError, TextModel
from .xmlmap import locate_paragraphs, map_paragraph

Element = Any

ChangeKind = Literal[
    "insert", "delete", "replace", "move_from", "move_to", "format", "paragraph_format",
    "paragraph_insert", "paragraph_delete",
]

COMMENTS_PART = "word/comments.xml"
COMMENT_RANGE_START = ns.w("commentRangeStart")
COMMENT_RANGE_END = ns.w("commentRangeEnd")
COMMENT_REFERENCE = ns.w("commentReference")
COMMENT = ns.w("comment")
COMMENT_ANCHORS = frozenset({COMMENT_RANGE_START, COMMENT_RANGE_END})
_INLINE_REVISIONS = frozenset({ns.INS, ns.DEL, ns.MOVE_FROM, ns.MOVE_TO, ns.RPR_CHANGE})


@dataclass(frozen=True)
class ForeignChange:
    """One tracked change by another author, placed in the paragraph's accepted text.

    ``start``/``end`` span the text it inserted (for a deletion ``start == end`` is where the
    deleted ``old`` text was); ``new`` is the inserted text, ``old`` the deleted text (a
    ``replace`` is a deletion directly followed by an insertion of the same author)."""

    ids: tuple[str, ...]
    kind: ChangeKind
    author: str
    date: str
    locator: str
    start: int
    end: int
    old: str = ""
    new: str = ""

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["ids"] = list(self.ids)
        return data

    @property
    def key(self) -> str:
        """Stable identity of the change in version 1 (its revision ids)."""
        return ",".join(self.ids)

    def describe(self) -> str:
        """What a lawyer reads on the card: "Jane Roe replaced “60” with “90” on 20 Nov 2024"."""
        when = short_date(self.date)
        by = self.author or "Another author"
        suffix = f" on {when}" if when else ""
        if self.kind == "replace":
            what = f"replaced “{_clip(self.old)}” with “{_clip(self.new)}”"
        elif self.kind in ("insert", "paragraph_insert"):
            what = f"inserted “{_clip(self.new)}”"
        elif self.kind == "delete":
            what = f"deleted “{_clip(self.old)}”"
        elif self.kind == "paragraph_delete":
            what = "joined this paragraph with the next one"
        elif self.kind == "move_from":
            what = f"moved “{_clip(self.old)}” away from here"
        elif self.kind == "move_to":
            what = f"moved “{_clip(self.new)}” here"
        elif self.kind == "format":
            what = f"changed the formatting of “{_clip(self.new)}”"
        else:
            what = "changed the paragraph's formatting"
        return f"{by} {what}{suffix}"


@dataclass(frozen=True)
class Comment:
    id: str
    author: str
    date: str
    text: str
    locator: str  # the paragraph holding its anchor ("" when the anchor is not in the body)
    anchored: str  # the commented text ("" for a point comment)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def short_date(date: str) -> str:
    try:
        year, month, day = int(date[0:4]), int(date[5:7]), int(date[8:10])
        return f"{day} {_MONTHS[month - 1]} {year}"
    except (ValueError, IndexError):
        return ""


def _clip(text: str, limit: int = 80) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _deleted_text(element: Element) -> str:
    parts: list[str] = []
    for child in element.iter():
        if child.tag in (ns.DEL_TEXT, ns.T):
            parts.append(child.text or "")
        elif child.tag in (ns.TAB, ns.PTAB):
            parts.append("\t")
        elif child.tag == ns.BR and child.get(ns.TYPE) in (None, "textWrapping"):
            parts.append("\n")
    return "".join(parts)


AUTHOR_LIMIT = 100  # characters of an author's name kept from their file (docs/decisions/negotiation-rounds.md)
_CONTROL = re.compile(r"[\x00-\x1f\x7f]+")


def clean_author(value: str | None) -> str:
    """Their author name as read: control characters out, white space folded, clipped. Case is
    kept ("Jane Roe" stays "Jane Roe")."""
    name = " ".join(_CONTROL.sub(" ", value or "").split())
    return name if len(name) <= AUTHOR_LIMIT else name[: AUTHOR_LIMIT - 1] + "…"


def clean_date(value: str | None) -> str:
    """Their revision date when it is a real ISO 8601 date-time, else "" (unknown). A file that
    says ``2024-99-99T10:00:00Z`` must not fail our review: the date is simply not known."""
    text = (value or "").strip()
    if not text or len(text) > 40:
        return ""
    try:
        datetime.fromisoformat(text.replace("Z", "+00:00").replace("z", "+00:00"))
    except ValueError:
        return ""
    return text


def _revision_attrs(element: Element) -> tuple[str, str, str]:
    return element.get(ns.ID) or "", clean_author(element.get(ns.AUTHOR)), clean_date(element.get(ns.DATE))


def paragraph_changes(p: Element, locator: str, pm: Any) -> list[ForeignChange]:
    """The revisions inside one paragraph, in document order, placed in ``pm.text``."""
    owner: dict[int, tuple[int, int]] = {id(piece.elem): (piece.start, piece.end) for piece in pm.pieces}
    changes: list[ForeignChange] = []
    ppr = p.find(ns.PPR)
    if ppr is not None:
        change = ppr.find(ns.PPR_CHANGE)
        if change is not None:
            rid, author, date = _revision_attrs(change)
            changes.append(ForeignChange((rid,), "paragraph_format", author, date, locator, 0, len(pm.text)))
    position = 0
    # Inline revisions, in document order: insertions and moves here carry their visible text;
    # deletions and moves away carry the deleted text at the place it had.
    for element in p.iter():
        span = owner.get(id(element))
        if span is not None:
            position = span[1]
            continue
        tag = element.tag
        if tag not in _INLINE_REVISIONS or (tag != ns.RPR_CHANGE and element.getparent().tag == ns.RPR):
            continue
        rid, author, date = _revision_attrs(element)
        if tag == ns.RPR_CHANGE:
            run = element.getparent().getparent()
            if run.tag != ns.R:
                continue
            spans = [owner[id(child)] for child in run if id(child) in owner]
            if spans:
                start, end = spans[0][0], spans[-1][1]
                changes.append(
                    ForeignChange((rid,), "format", author, date, locator, start, end, new=pm.text[start:end])
                )
        elif tag in (ns.INS, ns.MOVE_TO):
            spans = [owner[id(child)] for child in element.iter() if id(child) in owner]
            if spans:  # an insertion of zero-width content only (a field mark, a break) is not listed
                start, end = spans[0][0], spans[-1][1]
                kind: ChangeKind = "insert" if tag == ns.INS else "move_to"
                changes.append(ForeignChange((rid,), kind, author, date, locator, start, end, new=pm.text[start:end]))
        elif not _inside(element, (ns.DEL, ns.MOVE_FROM), p):
            kind = "delete" if tag == ns.DEL else "move_from"
            changes.append(
                ForeignChange((rid,), kind, author, date, locator, position, position, old=_deleted_text(element))
            )
    # Paragraph marks.
    mark = ppr.find(ns.RPR) if ppr is not None else None
    if mark is not None:
        for child in mark:
            if child.tag in (ns.INS, ns.DEL):
                rid, author, date = _revision_attrs(child)
                kind = "paragraph_insert" if child.tag == ns.INS else "paragraph_delete"
                changes.append(ForeignChange((rid,), kind, author, date, locator, 0, len(pm.text), new=pm.text))
    return _merge(sorted(changes, key=lambda c: (c.start, c.kind != "delete", c.end)))


def _inside(element: Element, tags: tuple[str, ...], stop: Element) -> bool:
    parent = element.getparent()
    while parent is not None and parent is not stop:
        if parent.tag in tags:
            return True
        parent = parent.getparent()
    return False


def _merge(changes: list[ForeignChange]) -> list[ForeignChange]:
    """A deletion directly followed by an insertion of the same author at the same place is one
    replacement (how Word records typing over text); an inserted paragraph mark with an
    insertion by the same author covering the whole paragraph is one inserted paragraph."""
    whole = {
        (c.locator, c.author): c for c in changes if c.kind == "paragraph_insert"
    }
    out: list[ForeignChange] = []
    for change in changes:
        mark = whole.get((change.locator, change.author))
        if change.kind == "insert" and mark is not None and change.start == 0 and change.end == mark.end:
            whole[(change.locator, change.author)] = ForeignChange(
                change.ids + mark.ids, "paragraph_insert", mark.author, mark.date, mark.locator, 0, mark.end,
                new=mark.new,
            )
            continue
        previous = out[-1] if out else None
        if (
            previous is not None
            and previous.kind == "delete"
            and change.kind == "insert"
            and previous.author == change.author
            and previous.start == change.start
        ):
            out[-1] = ForeignChange(
                previous.ids + change.ids, "replace", change.author, change.date or previous.date,
                change.locator, change.start, change.end, old=previous.old, new=change.new,
            )
            continue
        if (
            previous is not None
            and previous.kind == "insert"
            and change.kind == "delete"
            and previous.author == change.author
            and change.start == previous.end
        ):
            # The same replacement written the other way round (the insertion first, as some
            # editors do): still one change of theirs, decided whole.
            out[-1] = ForeignChange(
                previous.ids + change.ids, "replace", change.author, previous.date or change.date,
                change.locator, previous.start, previous.end, old=change.old, new=previous.new,
            )
            continue
        out.append(change)
    return [whole.get((c.locator, c.author), c) if c.kind == "paragraph_insert" else c for c in out]


_ANY_REVISION = re.compile(rb"<[A-Za-z0-9]+:(?:ins|del|moveFrom|moveTo|rPrChange|pPrChange)[\s>/]")


def has_revisions(document_xml: bytes) -> bool:
    """A cheap test before the walk: most contracts carry no tracked change at all."""
    return _ANY_REVISION.search(document_xml) is not None


def foreign_changes(data: bytes) -> list[ForeignChange]:
    """Every tracked change in the body of ``data`` (version 1), in document order."""
    xml = package.read_part(package.open_package(data), package.DOCUMENT_PART)
    if xml is None or not has_revisions(xml):
        return []
    body = package.parse_xml(xml).find(ns.BODY)
    if body is None:
        return []
    out: list[ForeignChange] = []
    for located in locate_paragraphs(body):
        out.extend(paragraph_changes(located.element, located.locator, located.map))
    return out


def comments(data: bytes) -> list[Comment]:
    """The comments of ``data`` with the paragraph their anchor starts in."""
    zf = package.open_package(data)
    xml = package.read_part(zf, COMMENTS_PART)
    if xml is None:
        return []
    root = package.parse_xml(xml)
    body = package.read_document_root(data).find(ns.BODY)
    anchors: dict[str, tuple[str, str]] = {}
    if body is not None:
        for located in locate_paragraphs(body):
            for element in located.element.iter(COMMENT_RANGE_START, COMMENT_REFERENCE):
                cid = element.get(ns.ID) or ""
                if cid not in anchors:
                    anchors[cid] = (located.locator, _anchored_text(located, cid))
    out: list[Comment] = []
    for comment in root.iterchildren(COMMENT):
        cid = comment.get(ns.ID) or ""
        text = "\n".join(
            "".join(t.text or "" for t in paragraph.iter(ns.T)) for paragraph in comment.iter(ns.P)
        ).strip()
        locator, anchored = anchors.get(cid, ("", ""))
        out.append(Comment(cid, clean_author(comment.get(ns.AUTHOR)), clean_date(comment.get(ns.DATE)), text, locator,
                           anchored))
    return out


def _anchored_text(located: Any, cid: str) -> str:
    """The visible text between a comment's range start and end, when both are in the paragraph."""
    start = end = None
    position = 0
    owner = {id(piece.elem): piece for piece in located.map.pieces}
    for element in located.element.iter():
        piece = owner.get(id(element))
        if piece is not None:
            position = piece.end
            continue
        if element.tag == COMMENT_RANGE_START and element.get(ns.ID) == cid:
            start = position
        elif element.tag == COMMENT_RANGE_END and element.get(ns.ID) == cid:
            end = position
    if start is None or end is None:
        return ""
    return located.map.text[start:end]


# --- keeping comments through our own edits --------------------------------------------------


def is_comment_reference_run(run: Element) -> bool:
    return run.find(COMMENT_REFERENCE) is not None


def rescue_comment_anchors(p: Element) -> None:
    """Before a paragraph is removed (clean mode), move its comment anchors to a neighbour so
    the comment keeps a place in the document: the start of the next paragraph, else the end
    of the previous one. Comments are decided by the lawyer, never dropped by an edit."""
    markers = [e for e in p.iter(COMMENT_RANGE_START, COMMENT_RANGE_END)]
    markers += [e.getparent() for e in p.iter(COMMENT_REFERENCE) if e.getparent().tag == ns.R]
    if not markers:
        return
    following = p.getnext()
    while following is not None and following.tag != ns.P:
        following = following.getnext()
    if following is not None:
        ppr = following.find(ns.PPR)
        index = 1 if ppr is not None and following.index(ppr) == 0 else 0
        for offset, marker in enumerate(markers):
            following.insert(index + offset, marker)
        return
    previous = p.getprevious()
    while previous is not None and previous.tag != ns.P:
        previous = previous.getprevious()
    if previous is not None:
        for marker in markers:
            previous.append(marker)


# --- deciding one of their changes -----------------------------------------------------------


def decision_edit(change: ForeignChange, *, accept: bool) -> Edit:
    """The edit that accepts or rejects ``change`` (placed in version 1's text), as Word does."""
    kind = "accept_change" if accept else "reject_change"
    base = {"kind": kind, "locator": change.locator, "change": change.key}
    if change.kind == "paragraph_delete" and accept:
        raise EditError(
            "Joining two paragraphs as they proposed cannot be done in Redpen; accept it in Word, or reject it here."
        )
    if change.kind == "paragraph_insert" and not accept:
        if change.new and len(change.ids) > 1:
            return Edit(**base, before=change.new, start=None)  # type: ignore[arg-type]
        raise EditError(
            "Rejecting their paragraph break would join two paragraphs, which Redpen cannot do; reject it in Word."
        )
    shown = change.new if change.kind in ("insert", "replace", "move_to", "format", "paragraph_insert") else ""
    if accept or change.kind in ("format", "paragraph_format", "paragraph_delete"):
        return Edit(**base, before=shown, after=shown, start=change.start)  # type: ignore[arg-type]
    return Edit(**base, before=shown, after=change.old, start=change.start)  # type: ignore[arg-type]


def _changed(locator: str) -> str:
    return f"Paragraph {locator} has changed since their change was listed, so it was not decided."


def apply_decision_to_model(model: TextModel, edit: Edit) -> TextModel:
    """The text model after deciding one of their changes (validated as the XML step is)."""
    index = model.index_of(edit.locator)
    paragraph = model.paragraphs[index]
    paragraphs = list(model.paragraphs)
    if edit.start is None:
        if paragraph.text != edit.before:
            raise EditError(_changed(edit.locator))
        if paragraph.cell and not any(p.cell == paragraph.cell for p in paragraphs if p.locator != paragraph.locator):
            raise EditError(
                f"Paragraph {edit.locator} is the only paragraph of its table cell, so it cannot be removed."
            )
        del paragraphs[index]
        return TextModel(paragraphs=tuple(paragraphs), next_insert=model.next_insert)
    start, end = edit.start, edit.start + len(edit.before)
    if paragraph.text[start:end] != edit.before:
        raise EditError(
            f"Paragraph {edit.locator} no longer reads “{_clip(edit.before, 60)}” where their change was, so it was "
            "not decided; it may have been edited since."
        )
    if edit.before == edit.after:
        return model
    text = paragraph.text[:start] + edit.after + paragraph.text[end:]
    delta = len(edit.after) - len(edit.before)
    protected = tuple((a + delta, b + delta) if a >= end else (a, b) for a, b in paragraph.protected)
    paragraphs[index] = dataclasses.replace(paragraph, text=text, protected=protected)
    return model.with_texts(tuple(paragraphs), next_insert=model.next_insert)


def _unwrap(element: Element) -> None:
    parent = element.getparent()
    index = parent.index(element)
    for offset, child in enumerate(list(element)):
        parent.insert(index + offset, child)
    parent.remove(element)


def _remove_keeping_comments(element: Element) -> None:
    for marker in list(element.iter(COMMENT_RANGE_START, COMMENT_RANGE_END)):
        element.addprevious(marker)
    for reference in list(element.iter(COMMENT_REFERENCE)):
        run = reference.getparent()
        if run.tag == ns.R:
            element.addprevious(run)
    element.getparent().remove(element)


def _restore_deleted(element: Element) -> None:
    for child in element.iter(ns.DEL_TEXT, ns.DEL_INSTR_TEXT):
        child.tag = ns.T if child.tag == ns.DEL_TEXT else ns.INSTR_TEXT
    _unwrap(element)


def decide_in_xml(p: Element, stack: tuple[bool, ...], edit: Edit, aliases: dict[str, str]) -> bool:
    """Accept or reject their revision ``edit.change`` inside paragraph ``p``; True when the
    paragraph itself was removed. The text the XML reads afterwards is checked to be exactly
    what the text model step computed, so the two can never drift apart."""
    wanted = set((edit.change or "").split(","))
    found = [e for e in p.iter() if isinstance(e.tag, str) and aliases.get(e.get(ns.ID) or "", e.get(ns.ID)) in wanted
             and e.tag in _DECIDABLE]
    if not found:
        raise EditError(f"Their change is no longer in paragraph {edit.locator}; it may have been decided already.")
    before = map_paragraph(p, stack).text
    accept = edit.kind == "accept_change"
    if edit.start is None:
        if before != edit.before:
            raise EditError(_changed(edit.locator))
        rescue_comment_anchors(p)
        p.getparent().remove(p)
        return True
    start, end = edit.start, edit.start + len(edit.before)
    if before[start:end] != edit.before:
        raise EditError(
            f"Paragraph {edit.locator} no longer reads “{_clip(edit.before, 60)}” where their change was, so it was "
            "not decided; it may have been edited since."
        )
    for element in found:
        tag = element.tag
        parent = element.getparent()
        if tag == ns.RPR_CHANGE:
            if not accept:
                rpr = parent
                old = element.find(ns.RPR)
                for child in list(rpr):
                    rpr.remove(child)
                for child in list(old) if old is not None else []:
                    rpr.append(child)
            else:
                parent.remove(element)
        elif tag == ns.PPR_CHANGE:
            if not accept:
                ppr = parent
                old = element.find(ns.PPR)
                keep = [c for c in ppr if c.tag in (ns.RPR, ns.SECT_PR)]
                for child in list(ppr):
                    ppr.remove(child)
                for child in list(old) if old is not None else []:
                    ppr.append(child)
                for child in keep:
                    ppr.append(child)
            else:
                parent.remove(element)
        elif parent.tag == ns.RPR and tag in (ns.INS, ns.DEL):  # a paragraph mark (or a run's)
            parent.remove(element)
        elif tag in (ns.INS, ns.MOVE_TO):
            (_unwrap if accept else _remove_keeping_comments)(element)
        elif tag in (ns.DEL, ns.MOVE_FROM):
            (_remove_keeping_comments if accept else _restore_deleted)(element)
    after = map_paragraph(p, stack).text
    expected = before[:start] + edit.after + before[end:]
    if after != expected:
        raise EditError(
            f"Their change in paragraph {edit.locator} could not be decided exactly, so it was not applied."
        )
    return False


_DECIDABLE = frozenset({ns.INS, ns.DEL, ns.MOVE_FROM, ns.MOVE_TO, ns.RPR_CHANGE, ns.PPR_CHANGE})


# --- our replies to their comments ----------------------------------------------------------


@dataclass(frozen=True)
class Reply:
    id: str
    parent: str
    author: str
    date: str
    text: str


def add_reply_anchor(p: Element, edit: Edit, ids: Any, author: Any) -> Reply:
    """Anchor a reply to comment ``edit.change`` on the same text: a range start right after
    theirs, a range end right after theirs, and a reference run after their reference."""
    parent = edit.change or ""
    starts = [e for e in p.iter(COMMENT_RANGE_START) if e.get(ns.ID) == parent]
    ends = [e for e in p.iter(COMMENT_RANGE_END) if e.get(ns.ID) == parent]
    references = [e.getparent() for e in p.iter(COMMENT_REFERENCE) if e.get(ns.ID) == parent]
    if not (starts or references):
        raise EditError(f"Their comment is no longer in paragraph {edit.locator}, so the reply has no place.")
    if ids is None:
        raise EditError("A reply needs a comment id.")
    rid = str(ids.take())
    if starts:
        starts[0].addnext(etree.Element(COMMENT_RANGE_START, {ns.ID: rid}))
    if ends:
        ends[-1].addnext(etree.Element(COMMENT_RANGE_END, {ns.ID: rid}))
    run = etree.Element(ns.R)
    rpr = etree.SubElement(run, ns.RPR)
    etree.SubElement(rpr, ns.RSTYLE, {ns.VAL: "CommentReference"})
    etree.SubElement(run, COMMENT_REFERENCE, {ns.ID: rid})
    if references:
        references[-1].addnext(run)
    elif ends:
        ends[-1].addnext(run)
    else:
        p.append(run)
    return Reply(rid, parent, author.author, author.date, edit.after)


_COMMENTS_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.comments+xml"
_COMMENTS_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments"


def comments_part_with(original: bytes, replies: list[Reply]) -> dict[str, bytes]:
    """The parts to replace so the package holds ``replies`` as comments (each a comment of its
    author, placed right after the comment it answers)."""
    zf = package.open_package(original)
    xml = package.read_part(zf, COMMENTS_PART)
    out: dict[str, bytes] = {}
    if xml is None:  # cannot happen for a reply (it answers a comment), but never write half a package
        raise EditError("The document has no comments to reply to.")
    root = package.parse_xml(xml)
    by_id = {c.get(ns.ID): c for c in root.iterchildren(COMMENT)}
    for reply in replies:
        comment = etree.Element(COMMENT, {ns.ID: reply.id, ns.AUTHOR: reply.author, ns.DATE: reply.date,
                                          ns.w("initials"): "".join(w[0] for w in reply.author.split()[:3])})
        paragraph = etree.SubElement(comment, ns.P)
        ppr = etree.SubElement(paragraph, ns.PPR)
        etree.SubElement(ppr, ns.PSTYLE, {ns.VAL: "CommentText"})
        mark = etree.SubElement(paragraph, ns.R)
        etree.SubElement(etree.SubElement(mark, ns.RPR), ns.RSTYLE, {ns.VAL: "CommentReference"})
        etree.SubElement(mark, ns.w("annotationRef"))
        run = etree.SubElement(paragraph, ns.R)
        text = etree.SubElement(run, ns.T)
        text.text = reply.text
        text.set(ns.XML_SPACE, "preserve")
        after = by_id.get(reply.parent)
        if after is not None:
            after.addnext(comment)
        else:
            root.append(comment)
        by_id[reply.parent] = comment  # a second reply goes after the first
    out[COMMENTS_PART] = package.serialize(root)
    out.update(_threaded(zf, root, replies))
    return out


W14_NS = "http://schemas.microsoft.com/office/word/2010/wordml"
W15_NS = "http://schemas.microsoft.com/office/word/2012/wordml"
PARA_ID = f"{{{W14_NS}}}paraId"
EXTENDED_PART = "word/commentsExtended.xml"
_EXTENDED_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.commentsExtended+xml"
_EXTENDED_REL = "http://schemas.microsoft.com/office/2011/relationships/commentsExtended"
_REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships"
_TYPES_NS = "http://schemas.openxmlformats.org/package/2006/content-types"


def _threaded(zf: Any, root: Element, replies: list[Reply]) -> dict[str, bytes]:
    """Word threads a reply under the comment it answers through ``commentsExtended.xml``: the
    reply's last paragraph (its ``w14:paraId``) names the parent's (``w15:paraIdParent``).
    Paragraph ids are given where the comments lack them; the part, its relationship and its
    content type are added when the package has none."""
    taken = {e.get(PARA_ID) for e in root.iter(ns.P) if e.get(PARA_ID)}
    by_id = {c.get(ns.ID): c for c in root.iterchildren(COMMENT)}

    def para_id(comment: Element) -> str:
        paragraphs = list(comment.iter(ns.P))
        if not paragraphs:
            return ""
        last = paragraphs[-1]
        if not last.get(PARA_ID):
            number = 0x1000_0000 + len(taken)
            while f"{number:08X}" in taken:
                number += 1
            taken.add(f"{number:08X}")
            last.set(PARA_ID, f"{number:08X}")
        return str(last.get(PARA_ID))

    pairs = []
    for reply in replies:
        mine, theirs = by_id.get(reply.id), by_id.get(reply.parent)
        if mine is not None and theirs is not None:
            pairs.append((para_id(mine), para_id(theirs)))
    if not pairs:
        return {}
    out: dict[str, bytes] = {}
    existing = package.read_part(zf, EXTENDED_PART)
    extended = (package.parse_xml(existing) if existing is not None
                else etree.Element(f"{{{W15_NS}}}commentsEx", nsmap={"w15": W15_NS}))
    listed = {e.get(f"{{{W15_NS}}}paraId") for e in extended}
    for parent in {theirs for _, theirs in pairs} - listed:
        etree.SubElement(extended, f"{{{W15_NS}}}commentEx", {f"{{{W15_NS}}}paraId": parent,
                                                            f"{{{W15_NS}}}done": "0"})
    for mine, theirs in pairs:
        etree.SubElement(extended, f"{{{W15_NS}}}commentEx", {f"{{{W15_NS}}}paraId": mine,
                                                            f"{{{W15_NS}}}paraIdParent": theirs,
                                                            f"{{{W15_NS}}}done": "0"})
    out[EXTENDED_PART] = package.serialize(extended)
    out[COMMENTS_PART] = package.serialize(root)  # with the paragraph ids
    if existing is None:
        rels_xml = package.read_part(zf, "word/_rels/document.xml.rels")
        types_xml = package.read_part(zf, "[Content_Types].xml")
        if rels_xml is None or types_xml is None:
            return {COMMENTS_PART: out[COMMENTS_PART]}
        rels = package.parse_xml(rels_xml)
        if not any(rel.get("Type") == _EXTENDED_REL for rel in rels):
            taken_ids = {rel.get("Id") for rel in rels}
            number = 1
            while f"rIdRedpenCommentsEx{number}" in taken_ids:
                number += 1
            etree.SubElement(rels, f"{{{_REL_NS}}}Relationship", {"Id": f"rIdRedpenCommentsEx{number}",
                                                                  "Type": _EXTENDED_REL,
                                                                  "Target": "commentsExtended.xml"})
            out["word/_rels/document.xml.rels"] = package.serialize(rels)
        types = package.parse_xml(types_xml)
        if not any(o.get("PartName") == f"/{EXTENDED_PART}" for o in types):
            etree.SubElement(types, f"{{{_TYPES_NS}}}Override", {"PartName": f"/{EXTENDED_PART}",
                                                                 "ContentType": _EXTENDED_TYPE})
            out["[Content_Types].xml"] = package.serialize(types)
    return out
