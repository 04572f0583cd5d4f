"""The drafting check ``hygiene-numbering``: typed clause numbers that skip ("3.1, 3.3") or repeat ("3.2, 3.2").

Pure, no ORM; registered in contracts/drafting_checks/registry.py.
"""

from __future__ import annotations

import re

from contracts.drafting_checks.reading import written_as_clause
from contracts.drafting_checks.registry import Finding, drafting_check
from contracts.numbering import ClauseNumber, to_roman
from contracts.structure import Structure
from documents.docx.model import TextModel


def _shape(text: str) -> str:
    """ "heading" when the words after a clause number are a title ("TERMINATION", "Good Faith."),
    else "sentence"."""
    title = re.split(r"[.:;]\s|[.:;]$|\s{2,}", text.strip(), maxsplit=1)[0]
    words = [w for w in re.findall(r"[A-Za-z][\w'\u2019-]*", title) if len(w) > 3]
    if title and len(title.split()) <= 8 and all(w[0].isupper() for w in words):
        return "heading"
    return "sentence"


def _contents_line(text: str) -> bool:
    """ "SECTION 1.0 DEFINITIONS ........ Page 4", "14.1 Indemnification of Supplier   33": a line
    of a table of contents (its numbers still start a sequence again, never a finding)."""
    return (
        re.search(r"\.{4,}|\s(?:Page|PAGE)\s+\d+(?:\s+of\s+\d+)?\s*$|\S\s{2,}\d{1,3}(?:\s|$)", text) is not None
        # "1. Power of Attorney 17 2. Incentive Plans 18": titles, page numbers and the next number.
        or re.search(r"[A-Za-z]\s+\d{1,3}\s+\d{1,2}\.\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)*\s+\d{1,3}\b", text) is not None
    )


def _written_with_word(text: str, family: str, value: int) -> bool:
    """ "ARTICLE XIII - NOTICE" inside a paragraph: the article is there, unread as a number."""
    if not family:
        return False
    return re.search(rf"\b{re.escape(family)}\s+(?:{to_roman(value)}|{value})\b", text, re.IGNORECASE) is not None


@drafting_check(
    "hygiene-numbering",
    title="Clause numbering does not skip or repeat",
    advice="Renumber the clauses, and the references to them.",
    order=40,
)
def numbering(model: TextModel, structure: Structure) -> list[Finding]:
    findings: list[Finding] = []
    # A number the contract refers to ("Section 5.4") is a clause whose number was lost in the
    # text (Word's numbering dropped), not a skip.
    referenced = {
        tuple(str(int(p)) for p in m.group(0).split("."))
        for ref in structure.references
        if (m := re.match(r"\d+(?:\.\d+)*", ref.text.partition(" ")[2])) is not None
    }
    last: dict[tuple[str, ...], tuple[int, ClauseNumber]] = {}
    for number in structure.body_numbers:
        if number.kind != "typed" or number.level == 9 or not all(p.isdigit() for p in number.parts):
            continue
        # "ARTICLE III" and "3." are two sequences (articles over sections, say).
        family = number.template.split(" ")[0].lower() if " " in number.template else ""
        parent, value = (family, *number.parts[:-1]), int(number.parts[-1])
        paragraph = model.paragraphs[number.index]
        where = (paragraph.locator, number.start, number.end, number.label)
        after_number = paragraph.text[number.end : number.end + 6]
        if number.start == 0 and re.search(r"(?:;|;\s*(?:and|or)|,)\s*$", paragraph.text):
            continue  # "7. Use and retention of standard forms;": an item of a list, not a clause
        if re.match(r"\s*\([a-z0-9]{1,3}\)", after_number):
            continue  # "3.5 (b)": a sub-item of 3.5, not a second 3.5
        letters = [c for c in paragraph.text[:300] if c.isalpha()]
        # "10 LIABILITY RELATES. EXCEPT ...": a page number run into a disclaimer in capitals.
        disclaimer = len(paragraph.text) > 100 and sum(c.isupper() for c in letters) > 0.8 * len(letters)
        previous = last.get(parent)
        if previous is not None:
            before, other = previous
            other_text = model.paragraphs[other.index].text
            mine, theirs = paragraph.text[number.end :], other_text[other.end :]
            # Only between two numbers written alike, starting their paragraphs, and of one
            # kind (two clause titles, or two sub-clauses' sentences): a number that differs
            # in any of these is more often a list inside a clause or a misread number.
            alike = (
                not disclaimer
                and not _contents_line(paragraph.text)
                and not _contents_line(other_text)
                and number.template == other.template
                and number.start <= 3
                and other.start <= 3
                and len(number.parts[-1]) == len(other.parts[-1])
                and _shape(mine) == _shape(theirs)
                and (_shape(mine) == "heading" or number.level >= 1)
            )
            if value == before and alike and " ".join(mine.split()[:4]).lower() != " ".join(theirs.split()[:4]).lower():
                findings.append(
                    Finding("hygiene-numbering", *where, f"Clause {number.label} repeats the number before it.")
                )
            elif (
                alike
                and before + 1 < value <= before + 3
                and not written_as_clause(model.text, ".".join((*number.parts[:-1], str(before + 1))))
                and not _written_with_word(model.text, family, before + 1)
                and (*number.parts[:-1], str(before + 1)) not in referenced
            ):
                width = len(number.parts[-1])
                missing = ".".join((*number.parts[:-1], str(before + 1).zfill(width)))
                findings.append(
                    Finding(
                        "hygiene-numbering", *where,
                        f"The numbering skips from {other.label.rstrip('.')} to {number.label.rstrip('.')}: "
                        f"there is no {missing}.",
                    )
                )  # fmt: skip
            elif value < before:
                # A new list (an exhibit, a table of contents before the body): start again.
                for key in [k for k in last if k[: len(parent)] == parent]:
                    del last[key]
        last[parent] = (value, number)
        own = (family, *number.parts)
        for key in [k for k in last if len(k) > len(own) - 1 and k[: len(own)] == own and k != parent]:
            del last[key]
    return findings
