"""Page furniture of PDF-extracted contracts: page numbers, running headers and footers ("Source:
...", "Confidential Page 3 of 7"), whole paragraphs of it or spans inside a paragraph's text.

Pure, no ORM, no XML.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

_FURNITURE = re.compile(
    r"^[ \t\u00a0]*(?:(?:Page|PAGE)[ \t\u00a0]+\d+(?:[ \t\u00a0]+of[ \t\u00a0]+\d+)?"
    r"|-?[ \t\u00a0]*\d{1,3}[ \t\u00a0]*-?|\d{1,3}[ \t\u00a0]+[\d/.\-]{5,}"
    # (the redaction legend, also after the page numbers a conversion put before it: "18 *****Confidential
    # Treatment has been requested for portions of this agreement ...")
    r"|Source:.*|\[\*+\].*|(?:\d{1,3}[ \t\u00a0]+){0,2}\*+.*Confidential.*)[ \t\u00a0]*$"
)


# A line of nothing but a page's numbers, its date and the words of its header or footer: "Page 15
# Dated 05/05/98", "7    8    CONFIDENTIAL" (two pages to a sheet), "Page -5-", "5 │ Page".
# It must hold a number and one of the running words; the pattern fails at a paragraph's first word
# that is none of these, so a page of text costs one step.
_PAGE_LINE = re.compile(
    r"[ \t\u00a0]*(?:(?:Page|PAGE|of|OF|Dated|CONFIDENTIAL|Confidential|\d{1,3}|-[ \t\u00a0]?\d{1,3}[ \t\u00a0]?-"
    r"|\d{1,2}/\d{1,2}/\d{2,4}|[\u2502|])(?:[ \t\u00a0]+|$)){2,}$"
)
_PAGE_WORD = re.compile(r"Page|PAGE|CONFIDENTIAL|Confidential")


def _page_line(text: str) -> bool:
    return (
        _PAGE_LINE.match(text) is not None and any(c.isdigit() for c in text) and _PAGE_WORD.search(text) is not None
    )


# A running footer of a few capitalised words and the page's "Page N of M": "TruckThat LLC
# Consulting Agreement Page 1 of 7", "EXCLUSIVE DISTRIBUTOR AGREEMENT Page 2 of 18", "... iBio
# CC-Pharming Page 1 of 12". Words in lower case other than a title's small words are text ("ERS
# SOW to be added later Page 37 of 38"). The pattern fails within a paragraph's first seven words,
# so a page of text costs a few steps.
_TITLED_PAGE_LINE = re.compile(
    r"[ \t\u00a0]*(?:(?:[A-Z]|[a-z]{1,3}[A-Z])[\w&.,'\u2019()-]*[ \t\u00a0]+(?:(?:of|and|the|for|&)[ \t\u00a0]+)?){1,6}"
    r"(?:Page|PAGE)[ \t\u00a0]+\d{1,3}[ \t\u00a0]+(?:of|OF)[ \t\u00a0]+\d{1,3}[ \t\u00a0]*$"
)


def is_furniture(text: str) -> bool:
    """Page numbers, "Source: ..." lines and other page furniture of PDF-extracted contracts."""
    return (
        not text.strip() or _FURNITURE.match(text) is not None or _page_line(text)
        or _TITLED_PAGE_LINE.match(text) is not None
    )


_RUNNING_WORDS = 5  # a running header is a line of a few words ("CONFIDENTIAL", "Execution Version")
_RUNNING_TIMES = 3  # ... that the pages repeat
# ... or the document's name and date as a footer ("McDATA Corporation Standard Terms of Reseller
# Agreement June 2004" at the foot of every page), which ends in no sentence's stop
_RUNNING_TITLE_WORDS = 12
_ENDS_A_SENTENCE = re.compile(r"[.;:!?,)\]\"\u201d]\s*$")
_NUMBERED = re.compile(r"\s*(?:[A-Z0-9]{1,3}[.)]|\(\w{1,4}\))\s")


def running_headers(texts: Iterable[str]) -> frozenset[str]:
    """Whole paragraphs that are a page's running header or footer: a line of a few words repeated
    on three pages or more ("CONFIDENTIAL" on every page of a PDF-extracted contract), or of a few
    more that is no sentence (a document's name and date), which a heading reader may take for a
    heading; compared stripped."""
    counts = Counter(
        t.strip() for t in texts
        if t.strip() and re.search(r"[A-Za-z]{3}", t)
        and (len(t.split()) <= _RUNNING_WORDS
             or (len(t.split()) <= _RUNNING_TITLE_WORDS and not _ENDS_A_SENTENCE.search(t)))
        and not t.rstrip().endswith(":") and not _NUMBERED.match(t)  # a lead-in, a numbered heading
    )  # fmt: skip
    return frozenset(t for t, n in counts.items() if n >= _RUNNING_TIMES)


# Page furniture inside a paragraph: a PDF-extracted contract holds a page per paragraph, with the
# page's running header and footer in the middle of its text ("... materials of Client; Confidential
# Page 3 of 7 Initials: CL MD Version Jan16_v1"). Each pattern is furniture wherever it stands.
_S = r"[ \t\u00a0]"
_INLINE_FURNITURE = re.compile(
    # "Source: LEGACY EDUCATION ALLIANCE, INC., 10-K, 3/30/2020" (EDGAR's running header)
    rf"Source:{_S}+[A-Z0-9][^:\n]{{0,120}}?,{_S}*[0-9A-Z][0-9A-Za-z-]{{0,12}}(?:/A)?,{_S}*\d{{1,2}}/\d{{1,2}}/\d{{2,4}}"
    # "* Confidential Treatment Requested", "[***] CONFIDENTIAL TREATMENT REQUESTED"
    rf"|(?:(?:\[\*+\]|\*+){_S}*)?(?:Confidential|CONFIDENTIAL){_S}+(?:Treatment|TREATMENT){_S}+"
    rf"(?:Requested|REQUESTED|Has{_S}+Been{_S}+Requested)"
    # The redaction legend that heads every page of some exhibits
    rf"|Certain{_S}+(?:identified{_S}+|confidential{_S}+)?(?:information|portions)\b[^.]{{0,200}}?"
    rf"\b(?:has|have){_S}+been{_S}+(?:excluded|omitted|redacted)\b[^.]{{0,250}}\."
    rf"|(?:This{_S}+|A{_S}+)?(?:confidential|Confidential){_S}+portions?{_S}+(?:has|have){_S}+been{_S}+omitted\b[^.]{{0,200}}\."
    # "{***} Confidential portions of this exhibit have been redacted and filed separately with the
    # Commission pursuant to a confidential treatment request in accordance with Rule 24b-2 ..."
    rf"|(?:\{{\*+\}}{_S}*)?(?:confidential|Confidential){_S}+portions?{_S}+of{_S}+this{_S}+\w+{_S}+(?:has|have){_S}+"
    rf"been{_S}+(?:redacted|omitted)\b[^.]{{0,250}}\."
    # "Confidential Page 3 of 7", "Page 3 of 7"
    rf"|(?:(?:Confidential|CONFIDENTIAL){_S}+)?(?:Page|PAGE){_S}+\d{{1,3}}{_S}+(?:of|OF){_S}+\d{{1,3}}\b"
)
_INLINE_WORDS = ("Source:", "onfidential", "ONFIDENTIAL", "Certain", "Page", "PAGE")
# At a page's end, a footer's tail after "Page 3 of 7" ("Initials: CL MD Version Jan16_v1"), and a
# bare page number after a gap ("... or any other tangible or   3", "... this Section.   -3-").
_FOOTER_TAIL = re.compile(rf"{_S}+[^.;\n]{{0,60}}?{_S}*\Z")
_TRAILING_PAGE = re.compile(rf"(?:(?<=\S){_S}{{2,}}|(?<=\S){_S}(?=-))(?:-{_S}?\d{{1,3}}{_S}?-|\d{{1,3}}){_S}*\Z")
# At a page's start, its number before the first words of the page ("2         entire corporate").
_LEADING_PAGE = re.compile(rf"{_S}*\d{{1,3}}{_S}{{3,}}(?=[a-z])")


def furniture_spans(text: str) -> tuple[tuple[int, int], ...]:
    """The [start, end) spans of page furniture inside ``text`` (a paragraph): running headers and
    footers, redaction legends, page numbers. They stay in the document untouched; the engine
    does not read them (docs/decisions/contract-structure.md, "Page furniture")."""
    if is_furniture(text):
        return ((0, len(text)),) if text.strip() else ()
    spans: list[tuple[int, int]] = []
    # Every inline pattern holds one of these words: most paragraphs hold none, and a substring
    # test is far cheaper than the alternation's scan of the whole paragraph.
    has_inline = any(word in text for word in _INLINE_WORDS)
    for match in _INLINE_FURNITURE.finditer(text) if has_inline else ():
        start, end = match.span()
        if re.search(r"\b(?:Page|PAGE)\b", match.group(0)):
            tail = _FOOTER_TAIL.match(text, end)
            if tail is not None and tail.end() == len(text):
                end = len(text)
        spans.append((start, end))
    if len(text) > 300:  # a page's worth of text, not a table row ending in a figure
        # Searched from near the end (its look-behind still sees the text before): the number is
        # the paragraph's last characters, after at most a run of spaces.
        begin = max(0, len(text) - 200)
        while begin > 0 and text[begin - 1] in " \t\u00a0":
            begin -= 1  # a run of spaces before the number: the match starts where the run starts
        trailing = _TRAILING_PAGE.search(text, begin)
        if trailing is not None and not any(s <= trailing.start() < e for s, e in spans):
            spans.append(trailing.span())
        leading = _LEADING_PAGE.match(text)
        if leading is not None:
            spans.append(leading.span())
    spans.sort()
    merged: list[tuple[int, int]] = []
    for start, end in spans:
        # Trim the white space around each span: it belongs to the text beside it.
        while start < end and text[start] in " \t\u00a0":
            start += 1
        while end > start and text[end - 1] in " \t\u00a0":
            end -= 1
        if start >= end:
            continue
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return tuple(merged)


def mask_furniture(text: str) -> str:
    """``text`` with its page furniture blanked out (same length, so offsets stay those of the
    paragraph): what the engine reads for matching, numbers and clause types of its own."""
    spans = furniture_spans(text)
    if not spans:
        return text
    out = []
    previous = 0
    for start, end in spans:
        out.append(text[previous:start])
        out.append(" " * (end - start))
        previous = end
    out.append(text[previous:])
    return "".join(out)

