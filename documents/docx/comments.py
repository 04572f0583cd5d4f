"""Word comments anchored on tracked changes (the explanation meant for the other side).

A comment is three things in WordprocessingML: a ``w:comment`` in ``word/comments.xml`` (its
text, author, date), a ``w:commentRangeStart``/``w:commentRangeEnd`` pair around the text it is
about, and a run holding ``w:commentReference`` right after the range end. The part needs a
relationship from ``document.xml`` and a content-type override. A package that already has
comments (the other side's) keeps them: ours are appended to the same part.

Comment ids share the allocator of the tracked changes, so every ``w:id`` in the package stays
unique (Word and LibreOffice tolerate separate spaces, but one space never collides).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from lxml import etree

from . import ns, package

COMMENTS_PART = "word/comments.xml"
RELS_PART = "word/_rels/document.xml.rels"
TYPES_PART = "[Content_Types].xml"
COMMENTS_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.comments+xml"
COMMENTS_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments"
REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships"
TYPES_NS = "http://schemas.openxmlformats.org/package/2006/content-types"

COMMENT = ns.w("comment")
COMMENTS = ns.w("comments")
RANGE_START = ns.w("commentRangeStart")
RANGE_END = ns.w("commentRangeEnd")
REFERENCE = ns.w("commentReference")
ANNOTATION_REF = ns.w("annotationRef")
INITIALS = ns.w("initials")
_INLINE_REVISIONS = (ns.INS, ns.DEL)


@dataclass(frozen=True)
class Comment:
    id: int
    author: str
    date: str
    text: str


def _initials(author: str) -> str:
    letters = [part[0] for part in author.split() if part[:1].isalnum()]
    return "".join(letters[:3]).upper() or "R"


def revisions_between(root: Any, first_id: int, end_id: int) -> list[Any]:
    """The inline ``w:ins``/``w:del`` elements whose id is in ``[first_id, end_id)``, in document
    order: what one edit of a tracked replay made. Paragraph-mark revisions (inside ``w:rPr`` of
    ``w:pPr``) are not text and cannot hold a comment range."""
    found = []
    for element in root.iter(*_INLINE_REVISIONS):
        raw = element.get(ns.ID)
        if raw is None or not raw.lstrip("-").isdigit():
            continue
        if first_id <= int(raw) < end_id and element.getparent().tag != ns.RPR:
            found.append(element)
    return found


def anchor_comment(first: Any, last: Any, comment_id: int) -> None:
    """Put the range around ``first`` .. ``last`` (inline elements, ``first`` not after ``last``)
    and the reference run right after the range end."""
    start = etree.Element(RANGE_START, {ns.ID: str(comment_id)})
    end = etree.Element(RANGE_END, {ns.ID: str(comment_id)})
    first.addprevious(start)
    last.addnext(end)
    run = etree.Element(ns.R)
    rpr = etree.SubElement(run, ns.RPR)
    etree.SubElement(rpr, ns.RSTYLE, {ns.VAL: "CommentReference"})
    etree.SubElement(run, REFERENCE, {ns.ID: str(comment_id)})
    end.addnext(run)


def _comment_element(comment: Comment) -> Any:
    element = etree.Element(COMMENT, {ns.ID: str(comment.id), ns.AUTHOR: comment.author, ns.DATE: comment.date,
                                      INITIALS: _initials(comment.author)})
    for index, line in enumerate(comment.text.split("\n")):
        p = etree.SubElement(element, ns.P)
        if index == 0:
            ref = etree.SubElement(p, ns.R)
            rpr = etree.SubElement(ref, ns.RPR)
            etree.SubElement(rpr, ns.RSTYLE, {ns.VAL: "CommentReference"})
            etree.SubElement(ref, ANNOTATION_REF)
        run = etree.SubElement(p, ns.R)
        t = etree.SubElement(run, ns.T)
        t.text = line
        t.set(ns.XML_SPACE, "preserve")
    return element


def package_parts(
    original: bytes, comments: Iterable[Comment], *, comments_xml: bytes | None = None
) -> dict[str, bytes]:
    """The parts to write so that ``comments`` exist: comments.xml (new, or the original's with
    ours appended; ``comments_xml``: a comments part already rewritten, e.g. with replies), and
    the relationship and content type when the original lacks them."""
    comments = list(comments)
    if not comments:
        return {}
    zf = package.open_package(original)
    parts: dict[str, bytes] = {}
    existing = comments_xml if comments_xml is not None else package.read_part(zf, COMMENTS_PART)
    root = package.parse_xml(existing) if existing is not None else etree.Element(COMMENTS, nsmap={"w": ns.W_NS})
    for comment in comments:
        root.append(_comment_element(comment))
    parts[COMMENTS_PART] = package.serialize(root)

    rels_xml = package.read_part(zf, RELS_PART)
    rels = (package.parse_xml(rels_xml) if rels_xml is not None
            else etree.Element(f"{{{REL_NS}}}Relationships", nsmap={None: REL_NS}))
    if not any(rel.get("Type") == COMMENTS_REL for rel in rels):
        taken = {rel.get("Id") for rel in rels}
        number = 1
        while f"rIdRedpenComments{number}" in taken:
            number += 1
        etree.SubElement(rels, f"{{{REL_NS}}}Relationship",
                         {"Id": f"rIdRedpenComments{number}", "Type": COMMENTS_REL, "Target": "comments.xml"})
        parts[RELS_PART] = package.serialize(rels)

    types_xml = package.read_part(zf, TYPES_PART)
    if types_xml is None:
        raise package.PackageError("The document has no content types, so comments cannot be added.")
    types = package.parse_xml(types_xml)
    if not any(o.get("PartName") == f"/{COMMENTS_PART}" for o in types):
        etree.SubElement(types, f"{{{TYPES_NS}}}Override",
                         {"PartName": f"/{COMMENTS_PART}", "ContentType": COMMENTS_TYPE})
        parts[TYPES_PART] = package.serialize(types)
    return parts
