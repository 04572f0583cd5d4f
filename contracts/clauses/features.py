"""Passage features: hashed word 1-2 grams of the passage and of its heading, TF-IDF weighted over
the columns kept at training time.

Hashing needs no vocabulary at run time (the artifact stores only the kept column numbers, their
IDF and the coefficients), so the model file stays small and loads without unpickling anything.

Two paths compute the same numbers. Training uses scikit-learn (``hash_texts``, then
``Weighting.transform``), imported only when called. Run time uses ``Weighting.features``: the same
tokens, the same MurmurHash3 (``mmh3``, seed 0, the column rule of scikit-learn's FeatureHasher),
the same float32 arithmetic in the same order, without importing scikit-learn (slow to import) and
hashing each distinct n-gram once per process. ``tests/contracts/clauses/test_speed_equivalence.py``
checks that both paths give the same confidences on real contracts.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from itertools import compress

import mmh3
import numpy as np
import scipy.sparse as sp

TEXT_FEATURES = 2**20
HEAD_FEATURES = 2**16
TOKEN_PATTERN = r"(?u)\b\w+\b"
HEAD_WEIGHT = 0.15  # a heading is context, never enough on its own: 0.5 let "LIMITATION OF LIABILITY" turn
# a damages sentence with no cap into a cap; 0.15 is also better cross-validated (two folds, oracle F1)

_TOKEN = re.compile(TOKEN_PATTERN)
_TOKEN_BYTES = re.compile(rb"\b\w+\b")
_SEPARATOR_WORD = b"redpen0text0separator0zq"
_SEPARATOR = b"\n" + _SEPARATOR_WORD + b"\n"


@cache
def _vectorizers():  # scikit-learn types: imported only for training
    from sklearn.feature_extraction.text import HashingVectorizer

    def make(n: int) -> HashingVectorizer:
        return HashingVectorizer(
            n_features=n, ngram_range=(1, 2), alternate_sign=False, norm=None, token_pattern=TOKEN_PATTERN
        )

    return make(TEXT_FEATURES), make(HEAD_FEATURES)


def hash_texts(texts: Sequence[str], heads: Sequence[str]) -> tuple[sp.csr_matrix, sp.csr_matrix]:
    """Raw hashed counts (stateless: the same at training and at run time). Headings repeat over a
    section's passages: each distinct one is hashed once."""
    if not texts:
        return sp.csr_matrix((0, TEXT_FEATURES), dtype=np.float64), sp.csr_matrix((0, HEAD_FEATURES), dtype=np.float64)
    distinct: dict[str, int] = {}
    rows = np.fromiter((distinct.setdefault(h, len(distinct)) for h in heads), dtype=np.int64, count=len(heads))
    text_vectorizer, head_vectorizer = _vectorizers()
    head = head_vectorizer.transform(list(distinct)).tocsr()[rows]
    return text_vectorizer.transform(texts).tocsr(), head


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
        """The training-time path, from ``hash_texts``'s counts."""
        text_lookup, head_lookup = self._lookups
        blocks = [_apply(text, text_lookup, self.text_idf)]
        blocks.append(_apply(head, head_lookup, self.head_idf) * HEAD_WEIGHT)
        return sp.hstack(blocks, format="csr")

    @cached_property
    def _hashers(self) -> tuple[_Hasher, _Hasher]:
        text_lookup, head_lookup = self._lookups
        return _Hasher(TEXT_FEATURES, text_lookup), _Hasher(HEAD_FEATURES, head_lookup)

    def features(self, texts: Sequence[str], heads: Sequence[str]) -> sp.csr_matrix:
        """The run-time path: equal to ``transform(*hash_texts(texts, heads))``."""
        text_hasher, head_hasher = self._hashers
        text = _weigh(*text_hasher.counts(texts), self.text_idf)
        distinct: dict[str, int] = {}
        rows = np.fromiter((distinct.setdefault(h, len(distinct)) for h in heads), dtype=np.int64, count=len(heads))
        head = _weigh(*head_hasher.counts(list(distinct)), self.head_idf)
        head.data *= HEAD_WEIGHT  # float32 times a Python float stays float32, as in ``transform``
        return sp.hstack([text, head[rows]], format="csr")


class _Hasher:
    """Kept columns of the n-grams of many texts at once. A column is scikit-learn's
    FeatureHasher's: ``abs(murmurhash3_32(utf-8, seed 0)) % n``. Each distinct token and each
    distinct bigram of a call is hashed once; nothing is kept between calls (thread-safe)."""

    def __init__(self, n_features: int, lookup: np.ndarray):
        self.n_features = n_features
        self.lookup = lookup

    def _columns_of(self, grams: Sequence[bytes]) -> np.ndarray:
        hashes = np.fromiter(map(mmh3.hash, grams), dtype=np.int64, count=len(grams))  # signed, seed 0
        n = self.n_features
        index = np.where(hashes == -2147483648, (2147483647 - (n - 1)) % n, np.abs(hashes) % n)
        return self.lookup[index]

    def counts(self, texts: Sequence[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
        """(counts, columns, indptr, rows): the kept columns' raw counts, canonical CSR order
        (columns ascending in a row, each once). Tokens are numbered once (distinct tokens), a
        bigram is a pair of numbers (only distinct pairs are joined into "a b" and hashed, as
        scikit-learn's " ".join of two tokens); bigrams across two texts are dropped."""
        n_rows = len(texts)
        tokens, token_rows = _tokens([text.lower() for text in texts])
        distinct = list(dict.fromkeys(tokens))
        number = dict(zip(distinct, range(len(distinct)), strict=True))
        ids = np.fromiter(map(number.__getitem__, tokens), dtype=np.int64, count=len(tokens))
        token_cols = self._columns_of(distinct)[ids] if distinct else np.zeros(0, dtype=np.int32)
        same = token_rows[:-1] == token_rows[1:]
        pairs = ids[:-1][same] * len(distinct) + ids[1:][same]
        pair_keys, pair_of = np.unique(pairs, return_inverse=True)
        firsts = (pair_keys // max(len(distinct), 1)).tolist()
        seconds = (pair_keys % max(len(distinct), 1)).tolist()
        pairs_of_tokens = zip(map(distinct.__getitem__, firsts), map(distinct.__getitem__, seconds), strict=True)
        bigrams = list(map(b" ".join, pairs_of_tokens))
        bigram_cols = self._columns_of(bigrams)[pair_of.reshape(-1)] if bigrams else np.zeros(0, dtype=np.int32)
        rows = np.concatenate([token_rows, token_rows[:-1][same]])
        cols = np.concatenate([token_cols, bigram_cols]).astype(np.int64)
        keep = cols >= 0
        width = len(self.lookup)
        keys, counts = np.unique(rows[keep] * width + cols[keep], return_counts=True)
        indptr = np.searchsorted(keys // width, np.arange(n_rows + 1), side="left")
        return counts, (keys % width).astype(np.int32), indptr, n_rows


def _tokens(lowered: list[str]) -> tuple[list[bytes], np.ndarray]:
    """The UTF-8 tokens of every text (``TOKEN_PATTERN``) and the row of each, rows' tokens
    consecutive and in order. ASCII texts, nearly all of a contract, go through one bytes regex
    over their join (a bytes ``\\w`` is the str one on ASCII, and several times faster): a
    separator word that no text contains marks where each text ends. Other texts: the str
    regex, then each token encoded (what MurmurHash3 of a str hashes)."""
    ascii_rows = [i for i, text in enumerate(lowered) if text.isascii()]
    tokens: list[bytes] = []
    rows: list[np.ndarray] = []
    if ascii_rows:
        joined = _SEPARATOR.join(lowered[i].encode("ascii") for i in ascii_rows)
        if joined.count(_SEPARATOR_WORD) == len(ascii_rows) - 1:
            found = _TOKEN_BYTES.findall(joined)
            is_separator = np.fromiter(map(_SEPARATOR_WORD.__eq__, found), dtype=bool, count=len(found))
            rank = np.cumsum(is_separator)
            tokens = list(compress(found, (~is_separator).tolist()))
            rows.append(np.asarray(ascii_rows, dtype=np.int64)[rank[~is_separator]])
        else:  # a text holds the separator word: every text the slow way
            ascii_rows = []
    ascii_set = set(ascii_rows)
    for i, text in enumerate(lowered):
        if i not in ascii_set:
            found_str = _TOKEN.findall(text)
            tokens.extend(token.encode("utf-8") for token in found_str)
            rows.append(np.full(len(found_str), i, dtype=np.int64))
    return tokens, np.concatenate(rows) if rows else np.zeros(0, dtype=np.int64)


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
    from sklearn.preprocessing import normalize

    return normalize(block, norm="l2", copy=False)


def _weigh(counts: np.ndarray, columns: np.ndarray, indptr: np.ndarray, n_rows: int, idf: np.ndarray) -> sp.csr_matrix:
    """``_apply`` on canonical kept-column counts, with scikit-learn's row L2 normalisation done
    the way it does it: squares in float32, summed in a double in row order, each value divided in
    double and stored as float32."""
    data = np.log1p(counts.astype(np.float32)) * idf[columns]
    squares = (data * data).astype(np.float64)
    lengths = np.diff(indptr)
    order = np.argsort(-lengths, kind="stable")  # the longest rows first: active rows are a prefix
    starts = indptr[:-1][order]
    sorted_lengths = lengths[order]
    sums = np.zeros(n_rows, dtype=np.float64)
    active = n_rows
    for k in range(int(sorted_lengths[0]) if n_rows else 0):
        while active and sorted_lengths[active - 1] <= k:
            active -= 1
        sums[:active] += squares[starts[:active] + k]  # one addition per row, in row order
    norms = np.ones(n_rows, dtype=np.float64)
    norms[order] = np.where(sums > 0.0, np.sqrt(sums), 1.0)
    data = (data.astype(np.float64) / np.repeat(norms, lengths)).astype(np.float32)
    return sp.csr_matrix((data, columns, indptr), shape=(n_rows, len(idf)))
