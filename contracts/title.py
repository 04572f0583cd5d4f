"""The contract's own title ("CO-BRANDING AND ADVERTISING AGREEMENT"), which names the review
rather than the file it came in. Pure, no ORM.

The title is the first short line of the first page that names a kind of agreement, in capitals or
title case; an exhibit number or a filing's footer before it is not part of it ("Exhibit 10.1
JOINT VENTURE AGREEMENT THIS JOINT VENTURE AGREEMENT (the "Agreement") made ..." is titled "JOINT
VENTURE AGREEMENT"). None when the first page names none.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from documents.docx.model import TextModel

_KIND = (
    r"(?:AGREEMENT|CONTRACT|LICEN[CS]E|AMENDMENT|ADDENDUM|MEMORANDUM\s+OF\s+UNDERSTANDING|TERMS\s+AND\s+CONDITIONS|"
    r"DEED|LEASE)"
)
_SMALL = r"(?:and|of|for|the|to|on|in|&|-)"
# A run of capitalised words ending in the kind of document: "MASTER FRANCHISE AGREEMENT",
# "Sponsorship Agreement", "AMENDMENT NO. 1 TO THE DISTRIBUTION AGREEMENT".
_TITLE = re.compile(
    rf"(?:[A-Z][\w.'/&-]*\.?|\d+|{_SMALL})(?:[ \t]+(?:[A-Z][\w.'/&-]*|\d+\.?|{_SMALL}|No\.)){{0,10}}[ \t]+{_KIND}\b"
    rf"(?:[ \t]+(?:No\.|NO\.)[ \t]*\d+)?|\b{_KIND}\b",
    re.IGNORECASE,
)
_EXHIBIT = re.compile(r"^\s*(?:EXHIBIT|Exhibit|Ex\.)\s*[\w.()-]*\s*", re.IGNORECASE)
_NOT_TITLE = re.compile(r"^(?:this|the|such|said|that|an?|each|any|of|and|to|in|for|on)\b", re.IGNORECASE)
FIRST_PARAGRAPHS = 25


# A filing's text often sets a cover page's lines apart by runs of spaces alone ("400,000 Shares
# BLUEROCK RESIDENTIAL GROWTH REIT, INC.   ...   AGENCY AGREEMENT   May 25, 2016").
_LINE_GAP = re.compile(r"[ \t]{3,}")
# What stands before a title on its line but is no part of it: a confidentiality legend's last
# words ("... HARM TO THE REGISTRANT IF PUBLICLY DISCLOSED."), "EXECUTION VERSION".
_BEFORE_TITLE = (
    re.compile(r"^.*?\b[A-Za-z]{4,}\.\s+(?=\S)"),
    re.compile(r"^(?:EXECUTION\s+(?:VERSION|COPY)|Execution\s+(?:Version|Copy))\s+"),
)
# A clause's heading with its list mark ("A. Entire Agreement"): no title.
_LIST_MARK = re.compile(r"^(?:[A-Z]|\d{1,2}|[IVX]{1,4})[.)]\s")
# A legend's sentence that names the agreement ("CONFIDENTIAL TREATMENT HAS BEEN REQUESTED FOR
# CERTAIN REDACTED PROVISIONS OF THIS AGREEMENT"): no title.
_OF_THIS = re.compile(r"\b(?:of|in|to)\s+this\b", re.IGNORECASE)


def _lines(model: TextModel) -> Iterator[str]:
    """The model's lines: its paragraphs, each cut at runs of spaces."""
    for paragraph in model.paragraphs:
        for piece in _LINE_GAP.split(paragraph.text):
            text = " ".join(piece.split())
            if text:
                yield text


def document_title(model: TextModel) -> str:
    """The contract's title, or "" when its first page states none."""
    seen = 0
    for text in _lines(model):
        seen += 1
        if seen > FIRST_PARAGRAPHS:
            break
        if text.lower().startswith("source:"):
            continue
        text = _EXHIBIT.sub("", text)
        for match in _TITLE.finditer(text[:300]):
            words = match.group(0).split()
            # Drop leading small words ("THIS", "the") and keep a run written as a title.
            while words and _NOT_TITLE.match(words[0]):
                words = words[1:]
            # "JOINT VENTURE AGREEMENT THIS JOINT VENTURE AGREEMENT": the title ends before the
            # sentence that begins with it.
            inner = next((i for i, w in enumerate(words) if i and w.lower() == "this"), None)
            if inner is not None and re.fullmatch(_KIND, words[inner - 1], re.IGNORECASE):
                words = words[:inner]
            title = " ".join(words)
            for before in _BEFORE_TITLE:
                title = before.sub("", title)
            words = title.split()
            if len(words) < 2 or _OF_THIS.search(title) or _LIST_MARK.match(title):
                continue  # "Agreement" alone ("This Agreement is made ..."): a kind, not a title
            if not title or not (title.isupper() or all(w[0].isupper() or re.fullmatch(_SMALL, w) for w in words)):
                continue
            if match.start() > 0 and not title.isupper() and len(text) > 160:
                continue  # "... under the Supply Agreement" in a sentence: a reference, not the title
            return title
    return ""
