"""The contract's own title ("CO-BRANDING AND ADVERTISING AGREEMENT"), which names the review
rather than the file it came in. Pure, no ORM.

A document that sets its title as a heading (a Title or heading paragraph at its top: a vendor's
terms saved from the web, "GitHub Terms of Service", "Basecamp Big SLA") is titled by that heading,
read whole; a question, a clause's heading ("General.", "1. Definitions") or a line of the text is
no title. Otherwise the title is the first short line of the first page that names a kind of
agreement, in capitals or title case; an exhibit number or a filing's footer before it is not part
of it ("Exhibit 10.1 JOINT VENTURE AGREEMENT THIS JOINT VENTURE AGREEMENT (the "Agreement") made
..." is titled "JOINT VENTURE AGREEMENT"). None when the first page names none.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from documents.docx.model import TextModel

# (a kind of two words first: "GitHub Pre-release License Terms" is not cut at "License")
_KIND = (
    r"(?:TERMS\s+OF\s+(?:SERVICE|USE)|(?:LICEN[CS]E|SERVICES?|SUBSCRIPTION|PRODUCT|CUSTOMER)\s+TERMS|"
    r"AGREEMENT|CONTRACT|LICEN[CS]E|AMENDMENT|ADDENDUM|MEMORANDUM\s+OF\s+UNDERSTANDING|TERMS\s+AND\s+CONDITIONS|"
    r"DEED|LEASE|SLA)"
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


# What a heading names when it is the document's title: a kind of agreement or of terms ("Terms of
# Service", "Basecamp Big SLA", "Data Processing Addendum", "Acceptable Use Policy").
_HEADING_KIND = re.compile(
    r"\b(?:agreement|contract|terms|conditions|licen[cs]e|amendment|addendum|supplement|memorandum|deed|lease|"
    r"polic(?:y|ies)|service\s+levels?|statement\s+of\s+work|order\s+form)\b|\b(?:SLA|DPA|EULA|SOW)\b",
    re.IGNORECASE,
)
# A clause's heading with its mark ("1. Pre-Release Software.", "A. Definitions", "(a)"), or one
# word and a full stop ("General."): the clauses have begun.
_CLAUSE_HEADING = re.compile(r"^\(?(?:[A-Z]|\d{1,3}(?:\.\d{1,3})*|[IVXivx]{1,5}|[a-z])[.)]\s|^\w+\.$")
_CLAUSE_MARK = re.compile(r"\(?(?:[A-Z]|\d{1,3}(?:\.\d{1,3})*|[IVXivx]{1,5}|[a-z])[.)]\s+")
_ARTICLE = re.compile(r"^(?:the|a|an)\s+", re.IGNORECASE)
HEADING_PARAGRAPHS = 80  # paragraphs: the opening, and a summary table before the terms' own heading
_HEADING_WORDS = 12


def heading_title(model: TextModel) -> str:
    """The title a document sets as a heading at its top, read whole without a leading article ("The
    GitHub Terms of Service" is "GitHub Terms of Service"); "" when its opening has no heading that
    names a kind of agreement or terms before its clauses begin. A question ("What happens if it's
    below 99.99%?") is no title; nor is a heading below one the document has already set higher."""
    top: int | None = None
    for paragraph in model.paragraphs[:HEADING_PARAGRAPHS]:
        level = paragraph.heading_level
        text = " ".join(paragraph.text.split())
        if level is None or paragraph.in_table or not text:
            continue
        if _CLAUSE_HEADING.match(text):
            return ""
        if top is not None and level > top:
            continue
        top = level
        words = text.split()
        if text.endswith(("?", ".", ":")) or len(words) > _HEADING_WORDS or not _HEADING_KIND.search(text):
            continue
        return _ARTICLE.sub("", text)
    return ""


def document_title(model: TextModel) -> str:
    """The contract's title, or "" when its first page states none."""
    heading = heading_title(model)
    if heading:
        return heading
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
            if _CLAUSE_MARK.fullmatch(text[: match.start()]):
                continue  # "3. Scope of License.": a clause's heading
            return title
    return ""
