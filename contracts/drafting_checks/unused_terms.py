"""The drafting check ``hygiene-unused-term``: a term the contract defines and never uses again.

Pure, no ORM; registered in contracts/drafting_checks/registry.py.
"""

from __future__ import annotations

import re

from contracts.drafting_checks.reading import POINTER, is_amendment, plain_text
from contracts.drafting_checks.registry import Finding, drafting_check
from contracts.structure import Structure
from contracts.terms import term_base
from documents.docx.model import TextModel


def _count_uses(text: str, forms: list[str]) -> int:
    """Places where any of ``forms`` stands as whole words (a plural, a possessive or a compound
    such as "TCP/IP-based" counts; two forms found at one place count once). Plain ``str.find``:
    a regex with a look-behind tried at every position of a long contract costs seconds."""
    places: set[int] = set()
    for form in forms:
        start = text.find(form)
        while start >= 0:
            end = start + len(form)
            before = text[start - 1] if start else " "
            rest = text[end : end + 3]
            plural = re.match(r"(?:s|es|'s|\u2019s)?(?!\w)", rest)
            if not (before.isalnum() or before == "_") and plural is not None:
                places.add(start)
            start = text.find(form, end)
    return len(places)


# A company's name just before a definition: 'NETGEAR, INC. ("Vendor")'.
_PARTY_BEFORE = r"\b(?:Inc|LLC|Ltd|Limited|Corporation|Corp|Company|plc|GmbH|L\.?P)\.?,?\s*\(\s*(?:the\s+)?\W?$"


def _alternative_used(model: TextModel, structure: Structure, term: str, text: str) -> bool:
    """``term`` is one of several names given in one definition ('"GLP" or "Good Laboratory
    Practices" means', '"Day" or "Daily"', '("GMPs" or "cGMPs")', '"Divest" and "Divested"'), and
    another of them is used."""
    found = structure.terms[term]
    paragraph = model.get(found.locator).text
    # 'Background IP or "Background Technology" means': the other name written without quotes.
    unquoted = re.search(r"([A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,4})\s+or\s+[\"\u201c]$", paragraph[: found.start])
    if unquoted is not None and _count_uses(text, [unquoted.group(1)]) >= 2:
        return True
    window_start = max(0, found.start - 140)
    for quoted in re.finditer(r"[\"\u201c]([^\"\u201d]{1,60})[\"\u201d]", paragraph[window_start : found.start + 140]):
        other = " ".join(quoted.group(1).split()).strip(" ,.;:")
        start = window_start + quoted.start(1)
        if not other or other == term or start == found.start:
            continue
        first, second = sorted(((found.start, term), (start, other)))
        between = paragraph[first[0] + len(first[1]) : second[0]]
        if (
            len(between) <= 24
            # Joined by "or", "and", "abbreviated" or an opening parenthesis, not by a sentence end.
            and re.fullmatch(
                r"[\"\u201d\u2019'\s,/]*(?:\(|\b(?:or|and|and/or|abbreviated)\b)[\s\"\u201c\u2018',/(]*"
                r"(?:(?:also|each|the|a|an|to|or)\b[\s\"\u201c\u2018',/(]*)*",
                between,
            )
            and _count_uses(text, [plain_text(term_base(other))]) >= 2
        ):
            return True
    return False


@drafting_check(
    "hygiene-unused-term",
    title="Defined terms are used",
    advice="Delete the definition, or use the term where the clause meant it.",
    order=20,
)
def unused_terms(model: TextModel, structure: Structure) -> list[Finding]:
    text = plain_text(model.text)
    # "One- Month" (a hyphen at a PDF line break) reads as "One-Month".
    joined = re.sub(r"(?<=\w)- (?=\w)", "-", text)
    lowered = joined.lower()
    findings: list[Finding] = []
    # An amendment restates the parties' names from the agreement it amends, which uses them.
    restated: set[str] = set()
    if is_amendment(model):
        restated = {party.defined for party in structure.parties}
        for name, where in structure.terms.items():
            before = model.get(where.locator).text[max(0, where.start - 40) : where.start]
            if re.search(_PARTY_BEFORE, before, re.IGNORECASE):
                restated.add(name)  # 'NETGEAR, INC. ("Vendor")'

    for term, found in structure.terms.items():
        base = plain_text(term_base(term))
        if len(base) < 2 or base.isdigit() or not re.search(r"\w$", base) or term in restated:
            continue  # "OOS /": quotes read wrong, not a term
        if text.count(base) >= 3:
            continue  # used (a cheap count first: the exact one below only where it matters)
        paragraph = model.get(found.locator).text
        definition = paragraph[found.start + len(term) : found.start + len(term) + 120]
        if re.search(
            r"\b(?:(?:Exhibit|Schedule|Annex|Appendix|Attachment)\s+[\dA-Z.]{1,6}|(?:Section|Article)\s+\d+\.0)\s*\(\W{0,2}$",
            paragraph[: found.start],
        ):
            continue  # 'Exhibit 3 ("Main Elements ...")', 'Section 6.0 ("Payment")': a part's title
        if POINTER.match(definition) or re.match(
            r"^[\"\u201d]?\s*(?:shall\s+)?(?:ha(?:s|ve)\s+the\s+meaning|(?:is|are)\s+defined\s+in)", definition
        ):
            continue  # a pointer to a definition elsewhere, kept for the documents that use it
        # "Tournament Bonus or Bonuses" is used as "Tournament Bonuses": any one form is a use.
        alternatives = [base, *(re.sub(r"\S+\s+or\s+", "", base, count=1),)] if " or " in base else [base]
        hyphen = re.sub(r"(?<=\w)- (?=\w)", "-", base)
        # "Accuray Regions" is used as "the Accuray Region".
        singular = re.sub(r"ies$", "y", base) if base.endswith("ies") else base[:-1] if base.endswith("s") else base
        if _alternative_used(model, structure, term, joined):
            continue  # '"Develop" or "Development" or "Developing" means ...': one definition, used
        # "Client Intellectual Property" is used as "Client's Intellectual Property".
        possessive = re.sub(r"^(\S+) ", r"\1's ", base)
        count = max(
            _count_uses(joined, list(dict.fromkeys([*alternatives, hyphen, singular, possessive]))),
            # A term defined in capitals is used in any case ("EMPLOYEE NDA" as "Employee NDA"),
            # a phrase in any capitals ("Net sales" as "Net Sales").
            _count_uses(lowered, [base.lower()]) if base.isupper() or " " in base else 0,
            # "Parent Name and Parent Marks" is used as "Parent Marks": either half is a use.
            min(_count_uses(joined, [half.strip()]) for half in re.split(r"\s+(?:and|or)\s+", base)) + 1
            if re.search(r"\s(?:and|or)\s", base)
            else 0,
            # "Glam is" read from "Glamis": a space the extraction put inside a word.
            _count_uses(joined, [base.replace(" ", "")]) + 1 if " " in base else 0,
        )
        if count <= 1:
            findings.append(
                Finding(
                    "hygiene-unused-term", found.locator, found.start, found.start + len(term), term,
                    f"“{term}” is defined but never used again.",
                )
            )  # fmt: skip
    imported = len(
        re.findall(
            r"ha(?:s|ve) the meanings?\s+(?:stated|set\s+forth|given|assigned)\s+(?:to\s+it\s+)?in\s+"
            r"(?:Section\s+\S+\s+of\s+)?the\s+[A-Z]",
            text,
        )
    )
    if imported >= 10 or (len(findings) > 15 and len(findings) > 0.3 * len(structure.terms)):
        # A glossary shared by several transaction documents: most of its terms are used in
        # the others, so "unused here" says nothing about this one.
        return []
    return findings
