"""The drafting check ``hygiene-missing-reference``: a cross-reference ("Section 9.4") to a clause the body does not
have.

Pure, no ORM; registered in contracts/drafting_checks/registry.py.
"""

from __future__ import annotations

import re

from contracts.drafting_checks.reading import is_amendment, written_as_clause
from contracts.drafting_checks.registry import Finding, drafting_check
from contracts.structure import Structure
from documents.docx.model import TextModel

# What may follow a reference before "of the Separation Agreement": more references, their
# parentheses, "respectively".
_CHAIN = (
    r"(?:[\s,;]|\([^)]{0,120}\)|\b(?:and|or|through|to|respectively|inclusive)\b|[-\u2013]"
    r"|\b(?:[Ss]ections?|SECTIONS?|[Aa]rticles?|ARTICLES?|[Cc]lauses?|[Pp]aragraphs?)\b"
    r"|\b[\dIVX]{1,4}(?:\.\d{1,3})*[A-Z]?(?:\s?\([a-z0-9]{1,4}\))*)*"
)
# "... of the Separation Agreement", "... of each of the Company's Participation Agreement(s)",
# "... respectively, of the applicable Receivables Transfer Agreement", "... of Article 4 of the
# APA", "... thereof": the references belong to another instrument.
_OF_ANOTHER = re.compile(
    rf"^{_CHAIN}\s*(?:(?:of|in|under)\s+(?!this\b|these\b|the\s+Agreement\b|hereof\b)"
    r"(?:(?:the|each|any|such|its|their|an?|that|applicable|of|relevant)\s+)*"
    r"(?:[\w&'\u2019().-]+\s+){0,6}?[A-Z0-9]|thereof\b|therein\b|of\s+(?:such|that|the\s+applicable)\b)"
)
# "that Section 2.2.1", "such other agreement's Section 4": not this contract's numbering.
_OTHER_BEFORE = re.compile(r"(?:\bthat|\bits|\btheir|'s|\u2019s|\bthe\s+[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*)\s*$")
_ANOTHER_INSTRUMENT = re.compile(
    r"\b(?:of|under|in|to)\s+the\s+(?!Agreement\b)(?:[A-Z][\w-]*\s+){0,4}"
    r"(?:[A-Z]{2,}s|Agreement|Clauses|Plan|Terms|Contract|Addendum|Indenture)\b"
)


def _in_list_about_another(model: TextModel, index: int) -> bool:
    """The reference is an item of a list whose lead-in ("For each module, the following applies:")
    follows text about another instrument ("Module Two of the EEA SCCs ..."): "In Clause 17" is
    then a clause of that instrument."""
    paragraphs = model.paragraphs
    if len(paragraphs[index].text) > 300:
        return False
    for lead in range(index - 1, max(-1, index - 10), -1):
        if paragraphs[lead].text.rstrip().endswith(":"):
            context = " ".join(p.text for p in paragraphs[max(0, lead - 3) : lead + 1])
            return _ANOTHER_INSTRUMENT.search(context) is not None
    return False


def _sequences(structure: Structure) -> dict[tuple[str, ...], list[int]]:
    """For each parent clause path, the values of its read sub-clauses in order ("4" -> [1, 2,
    ..., 7]); () holds the top-level clauses."""
    out: dict[tuple[str, ...], list[int]] = {}
    for number in structure.body_numbers:
        if number.level == 9 or not number.parts or not all(p.isdigit() for p in number.parts):
            continue
        parts = tuple(str(int(p)) for p in number.parts)
        out.setdefault(parts[:-1], []).append(int(parts[-1]))
    return out


def _read_with_confidence(values: list[int]) -> bool:
    """A level is read with confidence when its clauses go 1, 2, 3 ... with no gap and no
    repeat: then a number past its end is missing, not misread."""
    return len(values) >= 2 and values == list(range(1, len(values) + 1))


@drafting_check(
    "hygiene-missing-reference",
    title="Cross-references point at clauses that exist",
    advice="Point the reference at the clause it means (it may have been renumbered).",
    order=30,
)
def missing_references(model: TextModel, structure: Structure) -> list[Finding]:
    labels = {tuple(str(int(p)) if p.isdigit() else p for p in label) for label in structure.labels}
    if len([n for n in structure.body_numbers if n.level != 9]) < 5:
        return []  # too few clause numbers found to say that one is missing
    if is_amendment(model):
        return []  # an amendment's references are to the agreement it amends
    sequences = _sequences(structure)
    first = structure.body_numbers[0].index if structure.body_numbers else 0
    # The word the contract uses for its own parts ("Section"): a "Clause 13" in a contract whose
    # resolved references all say "Section" is a clause of another instrument (the SCCs).
    own_words = {
        ref.text.split(" ", 1)[0].lower().rstrip("s")
        for ref in structure.references
        if tuple(str(int(p)) if p.isdigit() else p for p in ref.target[:1]) in labels
    }
    text = model.text
    findings: list[Finding] = []
    for ref in structure.references:
        if ref.index < first or not structure.in_body(ref.index, ref.start):
            continue
        word, _, item = ref.text.partition(" ")
        head = re.match(r"\d+(?:\.\d+)*", item)
        if head is None:
            continue  # "Article V": roman numbers are too often headings read as references
        decimal = tuple(str(int(p)) for p in head.group(0).split("."))
        if decimal in labels:
            continue
        if own_words and word.lower().rstrip("s") not in own_words:
            continue
        parent = decimal[:-1]
        siblings = sequences.get(parent, [])
        if not _read_with_confidence(siblings) or (parent and parent not in labels):
            continue  # the level was not read cleanly: a number past it may simply be unread
        if not siblings[-1] < int(decimal[-1]) <= siblings[-1] + 2:
            continue  # far past the last clause read: a statute's or another document's section
        paragraph = model.paragraphs[ref.index].text
        word_at = ref.start - len(word) - 1
        while word_at > 0 and not paragraph[word_at:].startswith(word):
            word_at -= 1  # "Sections 4.2 and 4.3": the word is before the first of the list
        before = paragraph[:word_at]
        at_start = not before.strip() or re.search(r"[.;:]\s*$", before) is not None
        if at_start and re.match(r"\.?\s+[A-Z]", paragraph[ref.end :]):
            continue  # "Article V. Payment Method": the clause's own heading, not a reference
        rest = re.split(r"(?<=[a-z)])\.\s", paragraph[ref.end : ref.end + 300], maxsplit=1)[0]
        if _OF_ANOTHER.match(rest) or _OTHER_BEFORE.search(before) or _in_list_about_another(model, ref.index):
            continue  # a clause of another agreement
        if written_as_clause(text, ".".join(decimal)):
            continue  # the clause is there, its number was not recognised where it stands
        findings.append(
            Finding(
                "hygiene-missing-reference", ref.locator, ref.start, ref.end, ref.text,
                f"{ref.text} is referred to, but the contract has no clause {'.'.join(decimal)} "
                f"(the last clause at that level is {'.'.join((*parent, str(siblings[-1])))}).",
            )
        )  # fmt: skip
    return findings
