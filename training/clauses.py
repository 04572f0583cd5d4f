"""Training and honest evaluation of the clause model (scikit-learn). Pure, no ORM.

Data: CUAD contracts, one JSON object a line (``../shared/data/cuad-train/contracts.jsonl.gz``,
see its README). A passage is labelled with a category when it overlaps one of the experts' spans
for that category; a contract has the category when the experts say ``present``.

Model: per category, a logistic regression (SGD) over the passage features of ``features.py``; a
contract has the category when its best passage scores at or above the category's threshold.

Evaluation: 5 folds grouped by contract. Everything learnt (column selection, IDF, weights,
thresholds) is learnt on the training folds only. A threshold needs out-of-fold scores of the
training contracts, so for outer fold k the scores of the contracts of fold j (j != k) come from a
model trained without folds j and k (10 such pair models, each serving two outer folds); the
outer model of fold k, trained on the four other folds, then scores fold k with those thresholds.
The final model is trained on every contract, with thresholds from the plain 5-fold
out-of-fold scores.
"""

from __future__ import annotations

import bisect
import gzip
import hashlib
import itertools
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import scipy.sparse as sp
from sklearn.linear_model import SGDClassifier

from contracts.clauses.categories import CATEGORIES, slug_for
from contracts.clauses.features import Weighting, hash_texts
from contracts.clauses.passages import Passage, allowed, cut_text

SLUGS = [c.slug for c in CATEGORIES]
SEED = 20260101
FOLDS = 5
ALPHA = 1e-6  # L2 penalty of the logistic regression (SGD); docs/clause-model.md says how it was chosen
EPOCHS = 30
NEGATIVE_SHARE = 0.25  # negatives kept per training fit (all positives are kept)
INSIDE_NEGATIVE_WEIGHT = 0.3  # first fit: a negative in a contract that has the category may be an unlabelled positive
POSITIVE_POWER = 0.5  # first fit: a contract's positives weigh 1/count**0.5 each, so contracts count, not passages
HARD_SHARE = 0.05  # second fit adds the highest-scoring 5% of the negatives the sample left out


@dataclass
class Contract:
    name: str
    text: str
    present: np.ndarray  # bool, one per category
    spans: dict[str, list[tuple[int, int]]]


@dataclass
class Corpus:
    contracts: list[Contract]
    passages: list[Passage]
    starts: np.ndarray  # passage offsets in the contract text
    ends: np.ndarray
    group: np.ndarray  # contract index of each passage
    labels: np.ndarray  # bool (n_passages, n_categories)
    candidate: np.ndarray  # bool (n_passages, n_categories): pairs a category is trained on
    # ... and the pairs that can be evidence: the candidates with their type's words
    # (passages.KIND_WORDS). That test runs after scoring, as at run time: the classifiers still
    # learn from the passages it leaves out (fitted on the candidates, the figures were better).
    evidence: np.ndarray
    text: sp.csr_matrix = field(repr=False)
    head: sp.csr_matrix = field(repr=False)

    @property
    def present(self) -> np.ndarray:
        return np.array([c.present for c in self.contracts])


def data_hash(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return "sha256:" + digest.hexdigest()


def load_contracts(path: Path) -> list[Contract]:
    contracts = []
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            labels = {slug_for(name): value for name, value in row["labels"].items()}
            contracts.append(
                Contract(
                    name=row["cuad_filename"],
                    text=row["text"],
                    present=np.array([bool(labels[s]["present"]) for s in SLUGS]),
                    spans={s: [(x["start"], x["end"]) for x in labels[s]["spans"]] for s in SLUGS},
                )
            )
    return contracts


def leave_out(contracts: list[Contract], rule: Callable[[str], bool]) -> tuple[list[Contract], list[str]]:
    """The contracts to train on, and the names of those left out: every contract whose file name
    ``rule`` accepts (a rule of training/splits.py ``LEAVE_OUT``: a benchmark's held-out contracts,
    whose labelled spans a model measured on them must not have seen)."""
    kept = [c for c in contracts if not rule(c.name)]
    return kept, sorted(c.name for c in contracts if rule(c.name))


def names_hash(names: list[str]) -> str:
    """A fingerprint of which contracts a model was trained on (the record keeps it)."""
    return "sha256:" + hashlib.sha256("\n".join(sorted(names)).encode("utf-8")).hexdigest()


def build_corpus(contracts: list[Contract]) -> Corpus:
    passages: list[Passage] = []
    starts: list[int] = []
    ends: list[int] = []
    group: list[int] = []
    rows: list[int] = []
    cols: list[int] = []
    for index, contract in enumerate(contracts):
        cut, offsets = cut_text(contract.text)
        base = len(passages)
        local_starts = [offsets[p.paragraph_index] + p.start for p in cut]
        local_ends = [offsets[p.paragraph_index] + p.end for p in cut]
        for column, slug in enumerate(SLUGS):
            hit: set[int] = set()
            for start, end in contract.spans[slug]:
                need = min(10, end - start)
                # passages are in order: the first that ends after the span starts, onwards
                first = bisect.bisect_right(local_ends, start)
                for i in range(first, len(cut)):
                    if local_starts[i] >= end:
                        break
                    if min(end, local_ends[i]) - max(start, local_starts[i]) >= need:
                        hit.add(i)
            rows.extend(base + i for i in hit)
            cols.extend([column] * len(hit))
        passages.extend(cut)
        starts.extend(local_starts)
        ends.extend(local_ends)
        group.extend([index] * len(cut))
    labels = np.zeros((len(passages), len(SLUGS)), dtype=bool)
    labels[rows, cols] = True
    text, head = hash_texts([p.text for p in passages], [p.heading for p in passages])
    return Corpus(
        contracts=contracts,
        passages=passages,
        starts=np.array(starts),
        ends=np.array(ends),
        group=np.array(group),
        labels=labels,
        candidate=allowed(passages, SLUGS, kinds=False),
        evidence=allowed(passages, SLUGS),
        text=text,
        head=head,
    )


def fold_of(n_contracts: int, folds: int = FOLDS, seed: int = SEED) -> np.ndarray:
    """Fold number of each contract (grouped by contract, fixed seed)."""
    order = np.random.default_rng(seed).permutation(n_contracts)
    fold = np.empty(n_contracts, dtype=int)
    fold[order] = np.arange(n_contracts) % folds
    return fold


@dataclass
class Fitted:
    weighting: Weighting
    coef: np.ndarray  # (width, n_categories) float32
    intercept: np.ndarray  # (n_categories,)

    def decision(self, text: sp.csr_matrix, head: sp.csr_matrix) -> np.ndarray:
        features = self.weighting.transform(text, head)
        return np.asarray(features @ self.coef) + self.intercept


def fit(corpus: Corpus, rows: np.ndarray, *, seed: int = SEED, log: Callable[[str], None] | None = None) -> Fitted:
    """Fit every category's classifier on the passages ``rows`` (its candidates only): a
    logistic regression by stochastic gradient descent (fixed seed, fixed epochs), the same
    model as scikit-learn's LogisticRegression at a fraction of its time on 100k passages.

    Two fits per category. The first, on the positives and a sample of the negatives, weighted
    (``INSIDE_NEGATIVE_WEIGHT``, ``POSITIVE_POWER``), only finds the hard negatives: the left-out
    negatives it scores highest (``HARD_SHARE``). The second, unweighted, on the same passages
    plus those, is the model. docs/clause-model.md gives the cross-validated figures of each part."""
    rows = rows[corpus.candidate[rows].any(axis=1)]
    text, head = corpus.text[rows], corpus.head[rows]
    weighting = Weighting.fit(text, head)
    features = weighting.transform(text, head)
    labels = corpus.labels[rows]
    rng = np.random.default_rng(seed)
    keep_negative = rng.random(len(rows)) < NEGATIVE_SHARE
    present = corpus.present
    groups = corpus.group[rows]
    coef = np.zeros((weighting.width, len(SLUGS)), dtype=np.float32)
    intercept = np.full(len(SLUGS), -10.0, dtype=np.float32)
    for column, slug in enumerate(SLUGS):
        y = labels[:, column]
        if y.sum() < 2:
            continue
        use = (y | keep_negative) & corpus.candidate[rows, column]
        inside = present[groups, column] & ~y
        weight = np.where(inside[use], INSIDE_NEGATIVE_WEIGHT, 1.0)
        used_groups, used_y = groups[use], y[use]
        per_contract = np.bincount(used_groups[used_y], minlength=len(corpus.contracts))
        positive = np.where(used_y, 1.0 / np.maximum(per_contract[used_groups], 1) ** POSITIVE_POWER, 1.0)
        positive[used_y] *= used_y.sum() / positive[used_y].sum()  # the positives keep their total weight
        first = SGDClassifier(loss="log_loss", alpha=ALPHA, max_iter=EPOCHS, tol=None, random_state=seed)
        first.fit(features[use], used_y, sample_weight=weight * positive)
        left_out = corpus.candidate[rows, column] & ~y & ~use
        if left_out.any():
            scores = features[left_out] @ first.coef_[0]
            hard = np.flatnonzero(left_out)[scores >= np.quantile(scores, 1 - HARD_SHARE)]
            use = use.copy()
            use[hard] = True
        model = SGDClassifier(loss="log_loss", alpha=ALPHA, max_iter=EPOCHS, tol=None, random_state=seed)
        model.fit(features[use], y[use])
        coef[:, column] = model.coef_[0]
        # Negatives were subsampled: shift the intercept back to the full prior.
        intercept[column] = model.intercept_[0] + np.log(NEGATIVE_SHARE)
        if log is not None:
            log(f"  {slug}: {int(y.sum())} positive passages")
    return Fitted(weighting, coef, intercept)


def contract_best(corpus: Corpus, rows: np.ndarray, scores: np.ndarray) -> dict[int, np.ndarray]:
    """Best candidate score per contract and category, for the passages ``rows``."""
    best: dict[int, np.ndarray] = {}
    for contract in np.unique(corpus.group[rows]):
        mask = corpus.group[rows] == contract
        block = np.where(corpus.evidence[rows][mask], scores[mask], -np.inf)
        best[int(contract)] = block.max(axis=0) if len(block) else np.full(scores.shape[1], -np.inf)
    return best


def choose_thresholds(best: np.ndarray, present: np.ndarray) -> np.ndarray:
    """Per category, the contract-level threshold that maximises F1 (ties: the higher one)."""
    thresholds = np.zeros(best.shape[1], dtype=np.float32)
    for column in range(best.shape[1]):
        thresholds[column] = _best_threshold(best[:, column], present[:, column])
    return thresholds


def _best_threshold(scores: np.ndarray, truth: np.ndarray) -> float:
    if not truth.any():
        return float(np.max(scores) + 1.0)
    candidates = np.unique(scores)
    best_f1, best_t = -1.0, float(candidates[-1])
    total = truth.sum()
    for t in candidates:
        predicted = scores >= t
        tp = (predicted & truth).sum()
        fp = (predicted & ~truth).sum()
        f1 = 2 * tp / (2 * tp + fp + (total - tp)) if tp else 0.0
        if f1 >= best_f1:
            best_f1, best_t = f1, float(t)
    # Half-way to the next lower score: a margin rather than the exact training score.
    lower = candidates[candidates < best_t]
    return (best_t + float(lower[-1])) / 2 if len(lower) else best_t - 0.5


def passage_rows(corpus: Corpus, contracts: np.ndarray) -> np.ndarray:
    return np.flatnonzero(np.isin(corpus.group, contracts))


@dataclass
class CrossValidation:
    scores: np.ndarray  # out-of-fold passage scores (n_passages, n_categories)
    thresholds: np.ndarray  # (folds, n_categories): the threshold used on each outer fold
    fold: np.ndarray  # fold of each contract
    final_thresholds: np.ndarray  # from plain 5-fold out-of-fold scores, for the model trained on all


def cross_validate(corpus: Corpus, *, log: Callable[[str], None] | None = None) -> CrossValidation:
    n = len(corpus.contracts)
    fold = fold_of(n)
    present = corpus.present
    contracts = np.arange(n)
    # Pair models: trained without folds j and k; they score fold j for outer fold k and fold k for outer j.
    pair_scores: dict[tuple[int, int], dict[int, np.ndarray]] = {}
    for j, k in itertools.combinations(range(FOLDS), 2):
        if log is not None:
            log(f"pair model without folds {j} and {k}")
        train = passage_rows(corpus, contracts[(fold != j) & (fold != k)])
        fitted = fit(corpus, train)
        for held in (j, k):
            rows = passage_rows(corpus, contracts[fold == held])
            best = contract_best(corpus, rows, fitted.decision(corpus.text[rows], corpus.head[rows]))
            pair_scores[(held, k if held == j else j)] = best
    oof = np.zeros(corpus.labels.shape, dtype=np.float32)
    thresholds = np.zeros((FOLDS, len(SLUGS)), dtype=np.float32)
    for k in range(FOLDS):
        if log is not None:
            log(f"outer fold {k}")
        inner: dict[int, np.ndarray] = {}
        for j in range(FOLDS):
            if j != k:
                inner.update(pair_scores[(j, k)])
        ids = sorted(inner)
        thresholds[k] = choose_thresholds(np.array([inner[i] for i in ids]), present[ids])
        train = passage_rows(corpus, contracts[fold != k])
        fitted = fit(corpus, train)
        rows = passage_rows(corpus, contracts[fold == k])
        oof[rows] = fitted.decision(corpus.text[rows], corpus.head[rows])
    best_all = contract_best(corpus, np.arange(len(corpus.passages)), oof)
    final = choose_thresholds(np.array([best_all[i] for i in range(n)]), present)
    return CrossValidation(scores=oof, thresholds=thresholds, fold=fold, final_thresholds=final)


# --- figures -----------------------------------------------------------------------------------

TWELVE = (
    "governing-law",
    "cap-on-liability",
    "termination-for-convenience",
    "renewal-term",
    "anti-assignment",
    "audit-rights",
    "insurance",
    "non-compete",
    "exclusivity",
    "ip-ownership-assignment",
    "warranty-duration",
    "change-of-control",
)  # fmt: skip  -- the categories of playbooks/library/cuad-coverage.yaml before it used clause types


def figures(corpus: Corpus, scores: np.ndarray, thresholds: np.ndarray) -> dict:
    """Contract-level P/R/F1 and evidence overlap per category. ``thresholds`` is one row per
    contract (the threshold of the fold it was tested in).

    Evidence overlap: of the true positives whose experts' spans were located in the text, the
    share where a returned passage (at or above the threshold) overlaps a span.
    """
    per: dict[str, dict] = {}
    n = len(corpus.contracts)
    masked = np.where(corpus.evidence, scores, -np.inf)
    above = masked >= thresholds[corpus.group]
    for column, slug in enumerate(SLUGS):
        tp = fp = fn = tn = 0
        overlap = located = top_overlap = 0
        for contract in range(n):
            rows = np.flatnonzero(corpus.group == contract)
            hits = rows[above[rows, column]]
            predicted = len(hits) > 0
            truth = bool(corpus.contracts[contract].present[column])
            if predicted and truth:
                tp += 1
                if corpus.labels[rows, column].any():
                    located += 1
                    overlap += bool(corpus.labels[hits, column].any())
                    top = rows[np.argmax(masked[rows, column])]
                    top_overlap += bool(corpus.labels[top, column])
            elif predicted:
                fp += 1
            elif truth:
                fn += 1
            else:
                tn += 1
        precision = tp / (tp + fp) if tp + fp else 1.0
        recall = tp / (tp + fn) if tp + fn else 1.0
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        per[slug] = {
            "labelled": tp + fn, "tp": tp, "fp": fp, "fn": fn, "tn": tn,
            "precision": round(precision, 4), "recall": round(recall, 4), "f1": round(f1, 4),
            "evidence_overlap": round(overlap / located, 4) if located else None,
            "top_passage_overlap": round(top_overlap / located, 4) if located else None,
        }  # fmt: skip
    return {"categories": per, **macro(per)}


def macro(per: dict[str, dict]) -> dict:
    def mean(keys: tuple[str, ...] | list[str], field: str) -> float:
        values = [per[k][field] for k in keys if per[k][field] is not None]
        return round(sum(values) / len(values), 4) if values else 0.0

    def pooled_overlap(keys: tuple[str, ...] | list[str]) -> float:
        # pooled over true positives, as bench/bench_cuad.py reports the regex rules
        known = [k for k in keys if per[k]["evidence_overlap"] is not None]
        num = sum(per[k]["evidence_overlap"] * per[k]["tp"] for k in known)
        den = sum(per[k]["tp"] for k in known)
        return round(num / den, 4) if den else 0.0

    return {
        "macro_f1_twelve": mean(TWELVE, "f1"),
        "evidence_overlap_twelve": pooled_overlap(TWELVE),
        "macro_f1_all": mean(SLUGS, "f1"),
        "evidence_overlap_all": pooled_overlap(SLUGS),
    }


def load_dev(directory: Path) -> list[Contract]:
    """The CUAD development contracts of ``../shared/data/cuad`` (labels.jsonl and txt/)."""
    rows: dict[str, dict[str, dict]] = {}
    for line in (directory / "labels.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        rows.setdefault(row["file"], {})[slug_for(row["category"])] = row
    contracts = []
    for name in sorted(rows):
        labels = rows[name]
        contracts.append(
            Contract(
                name=name,
                text=(directory / "txt" / name).read_text(encoding="utf-8"),
                present=np.array([bool(labels[s]["has_clause"]) if s in labels else False for s in SLUGS]),
                spans={
                    s: [tuple(r) for span in labels.get(s, {}).get("spans", []) for r in span["char_ranges"]]
                    for s in SLUGS
                },
            )
        )
    return contracts


# --- the artifact --------------------------------------------------------------------------------


def save(fitted: Fitted, thresholds: np.ndarray, path: Path, *, prune: float = 2e-3) -> None:
    """Write the run-time artifact: plain arrays, coefficients as a pruned float16 sparse matrix
    (pruning changes scores by far less than the threshold margins; the record's figures are
    those of the saved model)."""
    coef = fitted.coef.copy()
    coef[np.abs(coef) < prune] = 0.0
    sparse = sp.csc_matrix(coef.astype(np.float16).astype(np.float32))
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        np.savez_compressed(
            handle,
            slugs=np.array(SLUGS),
            text_cols=fitted.weighting.text_cols,
            text_idf=fitted.weighting.text_idf,
            head_cols=fitted.weighting.head_cols,
            head_idf=fitted.weighting.head_idf,
            coef_data=sparse.data.astype(np.float16),
            coef_indices=sparse.indices.astype(np.int32),
            coef_indptr=sparse.indptr.astype(np.int64),
            coef_shape=np.array(sparse.shape),
            intercept=fitted.intercept.astype(np.float32),
            threshold=thresholds.astype(np.float32),
        )
