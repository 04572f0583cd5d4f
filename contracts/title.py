"""The contract's own title ("CO-BRANDING AND ADVERTISING AGREEMENT"), which names the review
rather than the file it came in. Pure, no ORM.

The title is the first short line of the first page that names a kind of agreement, in capitals or
title case; an exhibit number or a filing's footer before it is not part of it ("Exhibit 10.1
JOINT VENTURE AGREEMENT THIS JOINT VENTURE AGREEMENT (the "Agreement") made ..." is titled "JOINT
VENTURE AGREEMENT"). None when the first page names none.
"""

from __future__ import annotations

import re

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


def document_title(model: TextModel) -> str:
    """The contract's title, or "" when its first page states none."""
    seen = 0
    for paragraph in model.paragraphs:
        text = " ".join(paragraph.text.split())
        if not text:
            continue
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
            if len(words) < 2:
                continue  # "Agreement" alone ("This Agreement is made ..."): a kind, not a title
            if not title or not (title.isupper() or all(w[0].isupper() or re.fullmatch(_SMALL, w) for w in words)):
                continue
            if match.start() > 0 and not title.isupper() and len(text) > 160:
                continue  # "... under the Supply Agreement" in a sentence: a reference, not the title
            return title
    return ""
