"""A term clause that lets the agreement end early only under the sections it names.

"This Agreement shall continue for five (5) years unless terminated earlier pursuant to Section
6.2 or Section 2.8": a right to end it under any other section contradicts that sentence unless
the new right says it prevails. Round 18's fourth look read a walk-away right inserted as "6.2A"
beside such a term clause, which names no 6.2A (docs/decisions/redlines-qa.md, "Round 18").

Pure, no ORM.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from contracts.structure import Structure

_EARLY_ONLY_UNDER = re.compile(
    r"\bunless\s+(?:(?:sooner|earlier|otherwise|previously)\s+)?terminated\s+(?:(?:earlier|sooner)\s+)?"
    r"(?:pursuant\s+to|in\s+accordance\s+with|under|as\s+provided\s+in|as\s+set\s+forth\s+in)\s+"
    r"(?:the\s+(?:terms\s+and\s+)?provisions\s+of\s+)?(?P<word>Section|Article|Clause|Paragraph)s?\s+"
    r"(?P<refs>\d[\w.()]*(?:\s*(?:,|or|and)\s*(?:(?:Section|Article|Clause|Paragraph)s?\s+)?\d[\w.()]*){0,4})",
    re.IGNORECASE,
)
_ITEM = re.compile(r"\d{1,3}(?:\.\d{1,3})*[A-Z]?(?:\([a-z0-9]{1,4}\))*")
_NEW_NUMBER = re.compile(r"\d{1,3}(?:\.\d{1,3})*[A-Z]?(?:\([a-z0-9]{1,4}\))*")


@dataclass(frozen=True)
class EarlyEnding:
    """The term clause (``reference``, "Section 6.1", as the contract's word writes it) and the
    sections under which alone it lets the agreement end early (``named``: "6.2", "2.8")."""

    reference: str
    named: tuple[str, ...]
    word: str = "Section"

    @property
    def listed(self) -> str:
        """The named sections as a reference lists them ("Sections 6.2 and 2.8")."""
        if len(self.named) == 1:
            return f"{self.word} {self.named[0]}"
        return f"{self.word}s {', '.join(self.named[:-1])} and {self.named[-1]}"

    def allows(self, number: str) -> bool:
        """Whether a clause numbered ``number`` ("8.2A", "Section 11.4") is one of the named
        sections or inside one ("11.4" inside "Section 11"; "6.2A" is not inside "6.2")."""
        found = _NEW_NUMBER.search(number)
        if found is None:
            return True  # a number the reference cannot name: nothing to say about it
        new = found.group(0)
        return any(new == n or new.startswith((f"{n}.", f"{n}(")) for n in self.named)


def early_ending_under(structure: Structure) -> EarlyEnding | None:
    """The first sentence of the body limiting early termination to named sections, with the
    number of the clause it is in; None where there is none or that clause has no number a
    reference can name. Read once per text model (every place a walk-away right is tried at asks)."""
    key = ("early_ending", "under")
    derived = structure.model.derived
    if key not in derived:
        derived[key] = _read(structure)  # type: ignore[index]
    return derived[key]  # type: ignore[index]


def _read(structure: Structure) -> EarlyEnding | None:
    model = structure.model
    for index, paragraph in enumerate(model.paragraphs):
        match = _EARLY_ONLY_UNDER.search(paragraph.text)
        if match is None:
            continue
        named = tuple(_ITEM.findall(match.group("refs")))
        inside = [n for n in structure.numbers if n.index == index and n.start <= match.start() and n.level != 9]
        number = inside[-1] if inside else structure.section_of(index)
        word = match.group("word").title()
        reference = _reference(number.parts, number.label, word) if number else ""
        if not named or not reference:
            return None
        own = _NEW_NUMBER.search(reference)
        if own is None or any(n.startswith((f"{own.group(0)}.", f"{own.group(0)}(")) for n in named):
            # The term is stated in the clause that holds the sections it names ("7(a) ... unless
            # sooner terminated as provided in Section 7(b)"): "Notwithstanding Section 7" would
            # override the grounds too, and the clause it is in has no number of its own to name.
            return None
        return EarlyEnding(reference=reference, named=named, word=word)
    return None


def _reference(parts: tuple[str, ...], label: str, word: str) -> str:
    """How a cross-reference names the clause numbered ``parts`` ("Section 6.1", "Section 7(a)",
    "Article IV"), or "" where its number is none a reference writes."""
    label = label.strip().rstrip(".")
    if re.match(r"(?i)(?:section|article|clause|paragraph)\s", label):
        head, rest = label.split(None, 1)
        return f"{head.title()} {rest}"
    if parts and all(p.isdigit() for p in parts):
        return f"{word} {'.'.join(parts)}"
    if len(parts) >= 2 and all(p.isdigit() for p in parts[:-1]) and re.fullmatch(r"[a-z]{1,3}|\d{1,2}", parts[-1]):
        return f"{word} {'.'.join(parts[:-1])}({parts[-1]})"
    return ""
