# ruff: noqa: E501
"""The key terms a lawyer reads first, from the clause model's passages. Pure, no ORM.

Parties, agreement / effective / expiration dates, governing law, renewal term and the notice
period to terminate renewal are CUAD categories; for each, the best passage the model finds is the
source, and a short value is picked out of it when a plain pattern can (a date, "the State of New
York", "60 days"); otherwise the value is the passage itself. Every term keeps its passage and
paragraph so the page can link to where it sits.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from documents.docx.model import TextModel
from review.engine.clauses import BY_SLUG, ClausePassage, detect

KEY_TERMS: tuple[tuple[str, str], ...] = (
    ("parties", "Parties"),
    ("agreement-date", "Agreement date"),
    ("effective-date", "Effective date"),
    ("expiration-date", "Expiration date"),
    ("governing-law", "Governing law"),
    ("renewal-term", "Renewal term"),
    ("notice-period-to-terminate-renewal", "Notice period to terminate renewal"),
)

_MONTHS = r"(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.?"
_DATE = re.compile(
    rf"\b{_MONTHS}\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}\b|\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:day\s+of\s+)?{_MONTHS},?\s+\d{{4}}\b"
    r"|\b\d{1,2}/\d{1,2}/\d{2,4}\b|\b\d{4}-\d{2}-\d{2}\b",
    re.IGNORECASE,
)
_LAW = re.compile(
    r"\blaws?\s+of\s+((?:the\s+)?(?:State|Commonwealth|Province|Republic|Kingdom)\s+of\s+[A-Z][\w.]*(?:\s+[A-Z][\w.]*){0,3}"
    r"|(?:the\s+)?[A-Z][\w.]*(?:\s+[A-Z][\w.]*){0,3})"
)
_PERIOD = re.compile(
    r"\b(?:\w+[\s-]+)?\(?\d{1,4}\)?[\s-]+(?:calendar\s+|business\s+)?(?:days?|months?|years?)\b"
    r"|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|thirty|sixty|ninety)[\s-]+(?:\(\d+\)\s+)?"
    r"(?:calendar\s+|business\s+)?(?:days?|months?|years?)\b",
    re.IGNORECASE,
)
_PARTY = re.compile(
    r"\b([A-Z][\w&.,'-]*(?:\s+[A-Z][\w&.,'-]*){0,6}\s*,?\s+(?:Inc|LLC|L\.L\.C|Ltd|Limited|Corp|Corporation|Company|Co|plc|GmbH|AG|S\.A|B\.V|N\.V|LP|L\.P|LLP)\b\.?)"
)
_EXTRACT: dict[str, re.Pattern[str]] = {
    "agreement-date": _DATE,
    "effective-date": _DATE,
    "expiration-date": _DATE,
    "renewal-term": _PERIOD,
    "notice-period-to-terminate-renewal": _PERIOD,
}


@dataclass(frozen=True)
class KeyTerm:
    slug: str
    label: str
    value: str  # "" when the contract has no passage of this kind
    passage: ClausePassage | None

    @property
    def found(self) -> bool:
        return self.passage is not None


def _value(slug: str, passage: ClausePassage) -> str:
    text = passage.text
    if slug == "governing-law":
        match = _LAW.search(text)
        return match.group(1).strip(" .,;") if match else text
    if slug == "parties":
        names = []
        for match in _PARTY.finditer(text):
            name = match.group(1).strip(" ,")
            if name not in names:
                names.append(name)
        return "; ".join(names[:4]) if names else text
    pattern = _EXTRACT.get(slug)
    if pattern is not None:
        match = pattern.search(text)
        if match:
            return match.group(0).strip()
    return text


def key_terms(model: TextModel, passages: list[ClausePassage] | None = None) -> list[KeyTerm]:
    """One entry per key term, in ``KEY_TERMS`` order; the best (most confident) passage of each.
    ``passages``: the clause map already detected, to score the contract only once."""
    if passages is None:
        passages = detect(model, types=[slug for slug, _ in KEY_TERMS])
    best: dict[str, ClausePassage] = {}
    for passage in passages:
        current = best.get(passage.type)
        if current is None or passage.confidence > current.confidence:
            best[passage.type] = passage
    terms = []
    for slug, label in KEY_TERMS:
        assert slug in BY_SLUG
        found = best.get(slug)
        terms.append(KeyTerm(slug, label, _value(slug, found) if found else "", found))
    return terms
