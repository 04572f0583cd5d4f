"""Clause detection: which passages of a contract are which of CUAD's 41 clause types.

Pure code, no ORM. The model is trained on CUAD v1 (The Atticus Project, CC BY 4.0) by
``python manage.py train_clauses``; ``docs/clause-model.md`` is its model card.

    from contracts.clauses import detect, detect_type, CATEGORIES, slug_for

    detect(model)                         # every passage at or above its category's threshold
    detect_type(model, "cap-on-liability", min_confidence=0.7)

The model is loaded once per process, on first use (``get_model``), and shared by every thread;
a text model is scored once for all 41 categories and the scores are cached by its text, so asking
for one category after another costs one scoring.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from contracts.clauses.categories import BY_SLUG, CATEGORIES, SLUGS, Category, slug_for, suggest
from contracts.clauses.model import ClauseModel, ModelMissing, Scored
from documents.docx.model import TextModel

__all__ = [
    "BY_SLUG",
    "CATEGORIES",
    "SLUGS",
    "Category",
    "ClausePassage",
    "ModelMissing",
    "detect",
    "detect_type",
    "get_model",
    "slug_for",
    "suggest",
    "use_model",
]

DEFAULT_MIN_CONFIDENCE = 0.5  # the category's cross-validated threshold


@dataclass(frozen=True)
class ClausePassage:
    type: str  # the category's slug
    title: str  # the category's title, e.g. "Cap on Liability"
    text: str
    confidence: float  # in [0, 1]; 0.5 is the category's threshold
    locator: str  # the paragraph
    start: int  # offsets in the paragraph's text
    end: int


_model: ClauseModel | None = None
_lock = threading.Lock()


def get_model() -> ClauseModel:
    global _model
    if _model is None:
        with _lock:
            if _model is None:
                _model = ClauseModel.load()
    return _model


def use_model(path: Path) -> ClauseModel:
    """Load the clause model at ``path`` for the rest of this process, in place of the committed
    one. For measuring only: bench/bench_key_terms.py ``--clean-model`` reads the held-out fifth
    with a model trained without it (``train_clauses --leave-out``). The app never calls it, so
    what it loads stays the committed artifact."""
    global _model
    loaded = ClauseModel.load(path)
    with _lock:
        _model = loaded
    return loaded


def _passages(scored: Scored, column: int, min_confidence: float) -> list[tuple[int, ClausePassage]]:
    category = CATEGORIES[column]
    values = scored.column(column) if len(scored.passages) else np.zeros(0)
    found = []
    for index in np.flatnonzero(values >= min_confidence):
        passage = scored.passages[int(index)]
        if passage.item:
            continue  # read by the presence checks only (passages.list_items)
        found.append(
            (
                int(index),
                ClausePassage(
                    type=category.slug,
                    title=category.title,
                    text=passage.text,
                    confidence=round(float(values[index]), 3),
                    locator=passage.locator,
                    start=passage.start,
                    end=passage.end,
                ),
            )
        )
    return found


def detect(
    model: TextModel, *, types: Iterable[str] | None = None, min_confidence: float = DEFAULT_MIN_CONFIDENCE
) -> list[ClausePassage]:
    """Passages of ``model`` at or above ``min_confidence``, in document order (then by
    category order), for every category or only ``types``."""
    scored = get_model().score(model)
    columns = list(range(len(SLUGS))) if types is None else [SLUGS.index(_known(t)) for t in types]
    scored.columns(columns)  # one product for all of them
    found: list[tuple[int, int, ClausePassage]] = []
    for column in columns:
        for index, item in _passages(scored, column, min_confidence):
            found.append((index, column, item))
    found.sort(key=lambda x: (x[0], x[1]))
    return [item for _, _, item in found]


def detect_type(model: TextModel, slug: str, *, min_confidence: float = DEFAULT_MIN_CONFIDENCE) -> list[ClausePassage]:
    """Passages of one category, in document order (the scoring is shared with ``detect``)."""
    scored = get_model().score(model)
    return [item for _, item in _passages(scored, SLUGS.index(_known(slug)), min_confidence)]


def _known(slug: str) -> str:
    if slug not in BY_SLUG:
        hint = suggest(slug)
        raise KeyError(f"unknown clause type {slug!r}" + (f" (did you mean {hint!r}?)" if hint else ""))
    return slug
