"""The trained clause model at run time: load the committed artifact once, score a text model.

The artifact (``artifact/clause-model.npz``, written by ``python manage.py train_clauses``) holds
plain arrays only: the kept hashed columns and their IDF, a sparse coefficient matrix, the
intercepts and one threshold per category (decision-function units). Nothing is unpickled.

Confidence: ``1 / (1 + exp(-(score - threshold)))``, so 0.5 is exactly the category's threshold
(chosen by cross-validation to maximise contract-level F1), and every passage returned by default
has a confidence of at least 0.5. It ranks passages; it is not a calibrated probability.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import scipy.sparse as sp

from documents.docx.model import TextModel
from review.engine.clauses.categories import BY_SLUG, SLUGS
from review.engine.clauses.features import Weighting
from review.engine.clauses.passages import Passage, allowed, cut

ARTIFACT_DIR = Path(__file__).resolve().parent / "artifact"
ARTIFACT = ARTIFACT_DIR / "clause-model.npz"
RECORD = ARTIFACT_DIR / "clause-model.json"
_CACHE_SIZE = 16


class ModelMissing(RuntimeError):
    """The artifact is not there: run ``make train-clauses``."""


@dataclass(frozen=True)
class Scored:
    """Every candidate passage of one text model with its confidence for every category."""

    passages: tuple[Passage, ...]
    confidence: np.ndarray  # (n_passages, n_categories), read-only


class ClauseModel:
    def __init__(self, weighting: Weighting, coef: sp.csc_matrix, intercept: np.ndarray, threshold: np.ndarray):
        self.weighting = weighting
        self.coef = coef
        self.intercept = intercept
        self.threshold = threshold
        self._cache: OrderedDict[str, Scored] = OrderedDict()
        self._lock = threading.Lock()

    @classmethod
    def load(cls, path: Path = ARTIFACT) -> ClauseModel:
        if not path.exists():
            raise ModelMissing(f"The clause model {path} is missing; run `make train-clauses`.")
        with np.load(path, allow_pickle=False) as data:
            slugs = [str(s) for s in data["slugs"]]
            if slugs != list(SLUGS):
                raise ModelMissing("The clause model was trained for other categories; run `make train-clauses`.")
            weighting = Weighting(data["text_cols"], data["text_idf"], data["head_cols"], data["head_idf"])
            coef = sp.csc_matrix(
                (data["coef_data"].astype(np.float32), data["coef_indices"], data["coef_indptr"]),
                shape=tuple(data["coef_shape"]),
            ).tocsr()
            model = cls(weighting, coef, data["intercept"], data["threshold"])
        model.weighting._lookups  # noqa: B018 -- built once here, not on the first request
        return model

    def decision(self, passages: list[Passage]) -> np.ndarray:
        if not passages:
            return np.zeros((0, len(SLUGS)), dtype=np.float32)
        features = self.weighting.features([p.text for p in passages], [p.heading for p in passages])
        return np.asarray((features @ self.coef).todense(), dtype=np.float32) + self.intercept

    def score(self, model: TextModel) -> Scored:
        """Scores of a text model's candidate passages (cached by text: the same contract read by
        several rules of a playbook is scored once)."""
        key = hashlib.blake2b(
            "\u0000".join(f"{p.locator}\u0001{p.text}" for p in model.paragraphs).encode("utf-8"), digest_size=16
        ).hexdigest()
        with self._lock:
            hit = self._cache.get(key)
            if hit is not None:
                self._cache.move_to_end(key)
                return hit
        passages = cut((p.locator, p.text) for p in model.paragraphs)
        mask = allowed(passages, SLUGS)
        keep = mask.any(axis=1)
        passages = [p for p, k in zip(passages, keep, strict=True) if k]
        confidence = 1.0 / (1.0 + np.exp(-(self.decision(passages) - self.threshold)))
        confidence[~mask[keep]] = 0.0  # a heading alone is never evidence
        confidence.setflags(write=False)
        scored = Scored(tuple(passages), confidence)
        with self._lock:
            self._cache[key] = scored
            while len(self._cache) > _CACHE_SIZE:
                self._cache.popitem(last=False)
        return scored


def record() -> dict:
    """The JSON record next to the artifact (training data hash, figures)."""
    return json.loads(RECORD.read_text(encoding="utf-8"))


def column(slug: str) -> int:
    if slug not in BY_SLUG:
        raise KeyError(slug)
    return SLUGS.index(slug)
