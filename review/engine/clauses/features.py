"""Passage features, shared by training and run time: hashed word 1-2 grams of the passage and of
its heading, TF-IDF weighted over the columns kept at training time.

Hashing needs no vocabulary at run time (the artifact stores only the kept column numbers, their
IDF and the coefficients), so the model file stays small and loads without unpickling anything.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import scipy.sparse as sp
from sklearn.feature_extraction.text import HashingVectorizer
from sklearn.preprocessing import normalize

TEXT_FEATURES = 2**20
HEAD_FEATURES = 2**16
TOKEN_PATTERN = r"(?u)\b\w+\b"
HEAD_WEIGHT = 0.15  # a heading is context, never enough on its own: 0.5 let "LIMITATION OF LIABILITY" turn
# a damages sentence with no cap into a cap; 0.15 is also better cross-validated (two folds, oracle F1)

_TEXT = HashingVectorizer(
    n_features=TEXT_FEATURES, ngram_range=(1, 2), alternate_sign=False, norm=None, token_pattern=TOKEN_PATTERN
)
_HEAD = HashingVectorizer(
    n_features=HEAD_FEATURES, ngram_range=(1, 2), alternate_sign=False, norm=None, token_pattern=TOKEN_PATTERN
)


def hash_texts(texts: Sequence[str], heads: Sequence[str]) -> tuple[sp.csr_matrix, sp.csr_matrix]:
    """Raw hashed counts (stateless: the same at training and at run time). Headings repeat over a
    section's passages: each distinct one is hashed once."""
    if not texts:
        return sp.csr_matrix((0, TEXT_FEATURES), dtype=np.float64), sp.csr_matrix((0, HEAD_FEATURES), dtype=np.float64)
    distinct: dict[str, int] = {}
    rows = np.fromiter((distinct.setdefault(h, len(distinct)) for h in heads), dtype=np.int64, count=len(heads))
    head = _HEAD.transform(list(distinct)).tocsr()[rows]
    return _TEXT.transform(texts).tocsr(), head


@dataclass(frozen=True)
class Weighting:
    """The kept columns and their IDF, for the text and the heading block."""

    text_cols: np.ndarray
    text_idf: np.ndarray
    head_cols: np.ndarray
    head_idf: np.ndarray

    @property
    def width(self) -> int:
        return len(self.text_cols) + len(self.head_cols)

    @classmethod
    def fit(cls, text: sp.csr_matrix, head: sp.csr_matrix, *, min_df: int = 3) -> Weighting:
        text_cols, text_idf = _fit_block(text, min_df)
        head_cols, head_idf = _fit_block(head, min_df)
        return cls(text_cols, text_idf, head_cols, head_idf)

    @cached_property
    def _lookups(self) -> tuple[np.ndarray, np.ndarray]:
        return _lookup(self.text_cols, TEXT_FEATURES), _lookup(self.head_cols, HEAD_FEATURES)

    def transform(self, text: sp.csr_matrix, head: sp.csr_matrix) -> sp.csr_matrix:
        text_lookup, head_lookup = self._lookups
        blocks = [_apply(text, text_lookup, self.text_idf)]
        blocks.append(_apply(head, head_lookup, self.head_idf) * HEAD_WEIGHT)
        return sp.hstack(blocks, format="csr")


def _fit_block(counts: sp.csr_matrix, min_df: int) -> tuple[np.ndarray, np.ndarray]:
    df = np.bincount(counts.indices, minlength=counts.shape[1])
    cols = np.flatnonzero(df >= min_df).astype(np.int32)
    n = counts.shape[0]
    idf = (np.log((1 + n) / (1 + df[cols])) + 1).astype(np.float32)
    return cols, idf


def _lookup(cols: np.ndarray, size: int) -> np.ndarray:
    lookup = np.full(size, -1, dtype=np.int32)
    lookup[cols] = np.arange(len(cols), dtype=np.int32)
    return lookup


def _apply(counts: sp.csr_matrix, lookup: np.ndarray, idf: np.ndarray) -> sp.csr_matrix:
    """Keep the fitted columns (renumbered), sublinear TF times IDF, rows L2-normalised."""
    mapped = lookup[counts.indices]
    keep = mapped >= 0
    row_of = np.repeat(np.arange(counts.shape[0]), np.diff(counts.indptr))[keep]
    columns = mapped[keep]
    data = np.log1p(counts.data[keep].astype(np.float32)) * idf[columns]
    block = sp.csr_matrix((data, (row_of, columns)), shape=(counts.shape[0], len(idf)), dtype=np.float32)
    return normalize(block, norm="l2", copy=False)
