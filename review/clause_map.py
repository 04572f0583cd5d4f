"""The clause map of a review's current version: the clause types found, their passages and the
key terms, as page context and as a table for the exports (review/tabular.py). Reads only (no writes, no ORM queries of
its own: the view passes the text model)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from contracts.clauses import CATEGORIES, ClausePassage, detect
from contracts.keyterms import KeyTerm, key_terms
from documents.docx.model import TextModel

from .tabular import Table

# A type with more passages than this shows its most confident ones on the page, in document
# order; the exports list them all. CUAD's Parties type alone finds dozens in most contracts
# (every sentence that names a party), which buried the clauses a lawyer opens the map for.
SHOWN_PER_TYPE = 8


@dataclass(frozen=True)
class ClauseGroup:
    slug: str
    title: str
    description: str
    passages: list[ClausePassage]

    @cached_property
    def shown(self) -> list[ClausePassage]:
        """The passages the page lists: all, or the ``SHOWN_PER_TYPE`` most confident (ties: the
        earlier), in document order."""
        if len(self.passages) <= SHOWN_PER_TYPE:
            return self.passages
        ranked = sorted(range(len(self.passages)), key=lambda i: (-self.passages[i].confidence, i))
        return [self.passages[i] for i in sorted(ranked[:SHOWN_PER_TYPE])]

    @property
    def more(self) -> int:
        """How many passages the page leaves to the exports."""
        return len(self.passages) - len(self.shown)


@dataclass(frozen=True)
class ClauseMap:
    groups: list[ClauseGroup]  # the types found, in CUAD's order
    missing: list[str]  # titles of the types not found
    terms: list[KeyTerm]


def clause_map_of(model: TextModel) -> ClauseMap:
    passages = detect(model)
    by_type: dict[str, list[ClausePassage]] = {}
    for passage in passages:
        by_type.setdefault(passage.type, []).append(passage)
    groups = [ClauseGroup(c.slug, c.title, c.description, by_type[c.slug]) for c in CATEGORIES if c.slug in by_type]
    missing = [c.title for c in CATEGORIES if c.slug not in by_type]
    return ClauseMap(groups=groups, missing=missing, terms=key_terms(model, passages))


_HEADER = ["section", "clause type", "slug", "value", "confidence", "paragraph", "text"]


def _rows(clause_map: ClauseMap) -> list[list[object]]:
    rows: list[list[object]] = []
    for term in clause_map.terms:
        p = term.passage
        rows.append(
            ["key term", term.label, term.slug, term.value, p.confidence if p else "", p.locator if p else "",
             p.text if p else ""]
        )  # fmt: skip
    for group in clause_map.groups:
        for p in group.passages:
            rows.append(["clause", group.title, group.slug, "", p.confidence, p.locator, p.text])
    return rows


def clause_map_table(clause_map: ClauseMap) -> Table:
    return Table(sheet="Clause map", header=_HEADER, rows=_rows(clause_map), widths=(10, 32, 28, 30, 11, 10, 100))
