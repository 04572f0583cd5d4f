"""Cross-references: "Section 9.4", "Clauses 3(b) and 4", "Article IV" pointing at the contract's
own clauses (not "Section 409A of the Code").

Pure, no ORM, no XML.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from contracts.numbering import ROMAN_NUMERAL, roman_value
from documents.docx.model import Paragraph

_XREF = re.compile(
    r"\b(?P<word>[Ss]ections?|SECTIONS?|[Cc]lauses?|[Aa]rticles?|ARTICLES?|[Pp]aragraphs?)\s+(?P<list>(?:\d{1,4}(?:\.\d{1,3})*[A-Z]?(?:\s?\([a-z0-9]{1,4}\))*"
    r"|[IVX]{1,6}\b)(?:\s*(?:,|and|or|through|to|-|\u2013)\s*(?:\d{1,4}(?:\.\d{1,3})*[A-Z]?(?:\s?\([a-z0-9]{1,4}\))*))*)"
)
_XREF_ITEM = re.compile(r"\d{1,4}(?:\.\d{1,3})*[A-Z]?(?:\s?\([a-z0-9]{1,4}\))*|[IVX]{1,6}")
# "Section 409A of the Code", "Section 2(a) of the Securities Act": another instrument.
_EXTERNAL = re.compile(
    r"^[\s,]*(?i:of|under|in)\s+(?i:the\s+)?(?!(?i:this|these|such|the\s+agreement|the\s+terms)\b)"
    r"(?:[A-Z]|[a-z]+\s+[A-Z]|U\.S\.)"
)
# The rest of a sentence naming another instrument the references belong to.
_OTHER_INSTRUMENT = re.compile(
    r"^(?:[\s,;]|\([^)]{0,80}\)|(?:and|or|through|to)\s|(?:[Ss]ections?|[Cc]lauses?|[Aa]rticles?)\s+[\dIVX.()a-z]+)*"
    r"\s*(?:of|in|under)\s+(?:the|that|such)\s+(?:(?:[A-Z][\w&-]*|and|of)\s+){0,6}"
    r"(?:Agreement|Plan|Act|Code|Deed|Contract|Terms|Policy|APA|[A-Z]{2,6})\b"
)
_EXTERNAL_BEFORE = re.compile(
    r"(?:Code|Act|Regulation|Rule|Title|U\.S\.C\.?|CFR|Directive|GDPR|FAR|DFARS?|Chap\.?|Chapter)[\s,]*$"
)


@dataclass(frozen=True)
class CrossReference:
    locator: str
    index: int
    start: int
    end: int
    text: str  # "Section 9.4"
    target: tuple[str, ...]  # ("9", "4"); "3(b)" -> ("3", "b")


def reference_parts(item: str) -> tuple[str, ...]:
    item = item.replace(" ", "")
    head, _, tail = item.partition("(")
    if ROMAN_NUMERAL.match(head) and not head.isdigit():
        parts = [str(roman_value(head))]
    else:
        parts = [p for p in head.split(".") if p]
    parts.extend(re.findall(r"\(([a-z0-9]{1,4})\)", "(" + tail if tail else ""))
    return tuple(parts)



def find_references(paragraphs: tuple[Paragraph, ...]) -> tuple[CrossReference, ...]:
    out: list[CrossReference] = []
    for index, paragraph in enumerate(paragraphs):
        text = paragraph.text
        if (
            "ection" not in text
            and "lause" not in text
            and "rticle" not in text
            and "aragraph" not in text
            and "ECTION" not in text
            and "RTICLE" not in text
        ):
            continue
        for match in _XREF.finditer(text):
            tail = text[match.end() : match.end() + 40]
            if _EXTERNAL.match(tail) or _EXTERNAL_BEFORE.search(text[max(0, match.start() - 30) : match.start()]):
                continue
            if re.match(r"[-\u2013]\d", tail) or re.match(r"\d{3,}", match.group("list")):
                continue  # "Section 5-1401", "section 351": a statute's numbering, not a clause
            sentence_rest = re.split(r"(?<=[a-z)])\.\s", text[match.end() : match.end() + 400], maxsplit=1)[0]
            if _OTHER_INSTRUMENT.search(sentence_rest) and not re.search(r"\bof\s+this\b", sentence_rest[:40]):
                continue  # "Section 6.4 (...), Section 6.5 (...) ... of the Separation Agreement"
            for item in _XREF_ITEM.finditer(match.group("list")):
                start = match.start("list") + item.start()
                end = match.start("list") + item.end()
                target = reference_parts(item.group(0))
                if target:
                    out.append(
                        CrossReference(
                            paragraph.locator, index, start, end, f"{match.group('word')} {item.group(0)}", target
                        )
                    )
    return tuple(out)

