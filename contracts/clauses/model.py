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
from pathlib import Path

import numpy as np
import scipy.sparse as sp

from contracts.clauses.categories import BY_SLUG, SLUGS
from contracts.clauses.features import Weighting
from contracts.clauses.passages import KIND_WORDS, Passage, allowed, cut, list_items, names_its_kind
from documents.docx.model import TextModel

ARTIFACT_DIR = Path(__file__).resolve().parent / "artifact"
ARTIFACT = ARTIFACT_DIR / "clause-model.npz"
RECORD = ARTIFACT_DIR / "clause-model.json"
_CACHE_SIZE = 16


class ModelMissing(RuntimeError):
    """The artifact is not there: run ``make train-clauses``."""


class Scored:
    """Every candidate passage of one text model, and its confidence per category, computed for
    a category when first asked (a playbook asks for a few; the clause map for all 41)."""

    def __init__(self, passages: tuple[Passage, ...], features: sp.csr_matrix, mask: np.ndarray, owner: ClauseModel):
        self.passages = passages
        self._features = features
        self._mask = mask
        self._owner = owner
        self._columns: dict[int, np.ndarray] = {}
        self._lower: list[str] | None = None  # the passages in lower case, for the types' words
        self._lock = threading.Lock()

    def columns(self, columns: list[int]) -> list[np.ndarray]:
        """Confidences of the passages for each of ``columns`` (read-only arrays)."""
        with self._lock:
            missing = sorted({c for c in columns if c not in self._columns})
            if missing:
                confidence = self._owner.confidence(self._features, missing)
                confidence[~self._mask[:, missing]] = 0.0  # a heading alone is never evidence
                for position, column in enumerate(missing):
                    if SLUGS[column] in KIND_WORDS:  # nor a passage without its type's words
                        if self._lower is None:
                            self._lower = [p.text.lower() for p in self.passages]
                        named = np.array([names_its_kind(SLUGS[column], t) for t in self._lower], dtype=bool)
                        confidence[~named, position] = 0.0
                for position, column in enumerate(missing):
                    values = np.ascontiguousarray(confidence[:, position])
                    values.setflags(write=False)
                    self._columns[column] = values
            return [self._columns[c] for c in columns]

    def column(self, column: int) -> np.ndarray:
        return self.columns([column])[0]

    @property
    def confidence(self) -> np.ndarray:
        """(n_passages, n_categories)."""
        every = self.columns(list(range(len(SLUGS))))
        return np.stack(every, axis=1) if every else np.zeros((len(self.passages), 0), dtype=np.float32)


class ClauseModel:
    def __init__(self, weighting: Weighting, coef: np.ndarray, intercept: np.ndarray, threshold: np.ndarray):
        self.weighting = weighting
        self.coef = coef  # dense (width, n_categories), row-major, as the sparse-times-dense product reads it
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
            coef = _dense(data["coef_data"], data["coef_indices"], data["coef_indptr"], tuple(data["coef_shape"]))
            model = cls(weighting, coef, data["intercept"], data["threshold"])
        model.weighting._lookups  # noqa: B018 -- built once here, not on the first request
        return model

    def clear_caches(self) -> None:
        """Forget scored text models (benchmarks measure a cold start)."""
        with self._lock:
            self._cache.clear()

    def decision(self, passages: list[Passage]) -> np.ndarray:
        """Scores (decision-function units) of ``passages`` for every category, by the run-time
        path: what ``train_clauses`` reports on the development contracts."""
        if not passages:
            return np.zeros((0, len(SLUGS)), dtype=np.float32)
        features = self.weighting.features([p.text for p in passages], [p.heading for p in passages])
        return np.asarray(features @ self.coef, dtype=np.float32) + self.intercept

    def confidence(self, features: sp.csr_matrix, columns: list[int]) -> np.ndarray:
        """``1 / (1 + exp(-(score - threshold)))`` for ``columns``. The sparse-times-dense product
        adds each row's terms in the row's order, as the sparse product of the training path does
        (the zeros of the dense matrix add nothing), so the scores are the same floats."""
        if features.shape[0] == 0:
            return np.zeros((0, len(columns)), dtype=np.float32)
        coef = self.coef if columns == list(range(self.coef.shape[1])) else self.coef[:, columns]
        decision = np.asarray(features @ coef, dtype=np.float32) + self.intercept[columns]
        return 1.0 / (1.0 + np.exp(-(decision - self.threshold[columns])))

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
        paragraphs = [(p.locator, p.text) for p in model.paragraphs]
        passages = cut(paragraphs)
        # Then each item of a list run into its paragraph, whole (``list_items``): what the
        # presence checks read (review/engine/draft.py ``existing_clause``, the edit checker's
        # duplicate), never a passage ``detect`` returns or a rule quotes.
        passages += list_items(paragraphs, passages)
        # The types' words are tested when a type is first asked for (``Scored.columns``): a
        # playbook asks for a few types. They never empty a passage's row, so ``keep`` is the same.
        mask = allowed(passages, SLUGS, kinds=False)
        keep = np.flatnonzero(mask.any(axis=1))  # passages that may be evidence of some type
        passages = [passages[i] for i in keep.tolist()]
        features = self.weighting.features([p.text for p in passages], [p.heading for p in passages])
        scored = Scored(tuple(passages), features, mask[keep], self)
        with self._lock:
            self._cache[key] = scored
            while len(self._cache) > _CACHE_SIZE:
                self._cache.popitem(last=False)
        return scored


def _dense(data: np.ndarray, indices: np.ndarray, indptr: np.ndarray, shape: tuple[int, int]) -> np.ndarray:
    """The stored CSC coefficients as a dense float32 matrix (the same values)."""
    coef = np.zeros(shape, dtype=np.float32)
    columns = np.repeat(np.arange(shape[1]), np.diff(indptr))
    coef[indices, columns] = data.astype(np.float32)
    return coef


def record() -> dict:
    """The JSON record next to the artifact (training data hash, figures)."""
    return json.loads(RECORD.read_text(encoding="utf-8"))


def column(slug: str) -> int:
    if slug not in BY_SLUG:
        raise KeyError(slug)
    return SLUGS.index(slug)
