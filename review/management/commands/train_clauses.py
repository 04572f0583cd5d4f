"""Train the clause model from CUAD and write it into the project (``make train-clauses``).

    python manage.py train_clauses [--data ../shared/data/cuad-train] [--dev ../shared/data/cuad]
    python manage.py train_clauses --leave-out held-out --out var/clause-model-without-held-out

Fixed seeds throughout: a re-run on the same data writes the same figures (within rounding).
Writes ``contracts/clauses/artifact/clause-model.npz`` (the model) and ``clause-model.json``
(the training data's hash, the method's settings, the cross-validated figures for every category
and the figures on the development contracts). ``docs/clause-model.md`` explains them.

``--leave-out`` trains without the contracts of a rule of ``training/splits.py`` (the held-out
fifth of the key-terms benchmark): a model for measuring on those contracts, written with ``--out``
elsewhere (bench/bench_key_terms.py ``--clean-model`` builds it under var/). The committed model is
always trained on every contract. The record lists the contracts left out and a hash of the names
of those trained on.
"""

from __future__ import annotations

import json
import time
import warnings
from pathlib import Path
from typing import Any

import numpy as np
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    help = "Train the CUAD clause model (5-fold cross-validated figures, then the final model on all contracts)."
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: Any) -> None:
        from training.splits import LEAVE_OUT

        root = Path(settings.BASE_DIR)
        parser.add_argument("--data", default=str(root.parent / "shared" / "data" / "cuad-train"))
        parser.add_argument("--dev", default=str(root.parent / "shared" / "data" / "cuad"))
        # For the suite's smoke test of this command (tests/training/test_clauses.py):
        # a few contracts, written elsewhere. The committed model is always trained on all of them.
        parser.add_argument("--limit", type=int, default=0, help="train on the first N contracts only")
        parser.add_argument("--out", default="", help="write the model and its record into this folder")
        parser.add_argument(
            "--leave-out",
            default="",
            choices=["", *LEAVE_OUT],
            help="train without these contracts (training/splits.py LEAVE_OUT); needs --out",
        )

    def handle(self, *args: Any, data: str, dev: str, limit: int, out: str, leave_out: str, **options: Any) -> None:
        from contracts.clauses.model import ARTIFACT, RECORD
        from training import clauses as t
        from training.splits import LEAVE_OUT

        if leave_out and not out:
            raise CommandError("--leave-out writes a measuring model: give it a folder with --out")
        if out:
            ARTIFACT, RECORD = Path(out) / ARTIFACT.name, Path(out) / RECORD.name

        source = Path(data) / "contracts.jsonl.gz"
        if not source.is_file():
            raise CommandError(f"training data not found: {source}")
        warnings.filterwarnings("ignore", category=UserWarning)
        started = time.monotonic()

        def log(message: str) -> None:
            self.stdout.write(f"[{time.monotonic() - started:6.0f}s] {message}")

        contracts = t.load_contracts(source)
        left_out: list[str] = []
        if leave_out:
            contracts, left_out = t.leave_out(contracts, LEAVE_OUT[leave_out])
            log(f"left out {len(left_out)} contracts ({leave_out})")
        if limit:
            contracts = contracts[:limit]
        corpus = t.build_corpus(contracts)
        log(f"{len(contracts)} contracts, {len(corpus.passages)} passages")
        cv = t.cross_validate(corpus, log=log)
        cv_figures = t.figures(corpus, cv.scores, cv.thresholds[cv.fold])
        log(f"cross-validated macro-F1 (twelve) {cv_figures['macro_f1_twelve']:.3f}")

        log("final model on every contract")
        fitted = t.fit(corpus, np.arange(len(corpus.passages)))
        t.save(fitted, cv.final_thresholds, ARTIFACT)

        dev_figures = None
        dev_dir = Path(dev)
        if (dev_dir / "labels.jsonl").is_file():
            from contracts.clauses.model import ClauseModel

            saved = ClauseModel.load(ARTIFACT)
            dev_corpus = t.build_corpus(t.load_dev(dev_dir))
            scores = saved.decision(dev_corpus.passages)
            thresholds = np.repeat(saved.threshold[None, :], len(dev_corpus.contracts), axis=0)
            dev_figures = t.figures(dev_corpus, scores, thresholds)
            log(f"dev macro-F1 (twelve) {dev_figures['macro_f1_twelve']:.3f}")

        record = {
            "model": "clause-model.npz",
            "data": {
                "path": "../shared/data/cuad-train/contracts.jsonl.gz",
                "sha256": t.data_hash(source),
                "contracts": len(contracts),
                "contracts_sha256": t.names_hash([c.name for c in contracts]),
                "left_out": {"rule": leave_out, "contracts": left_out} if leave_out else None,
                "passages": len(corpus.passages),
                "source": "CUAD v1, The Atticus Project, CC BY 4.0",
            },
            "method": {
                "passages": (
                    "sentences (contracts/sentences.py) with their section heading, inline title and list lead-in"
                ),
                "features": "hashed word 1-2 grams of the passage, and of its heading at weight 0.15, TF-IDF",
                "classifier": "logistic regression per category (scikit-learn SGDClassifier, log loss)",
                "alpha": t.ALPHA,
                "epochs": t.EPOCHS,
                "negative_share": t.NEGATIVE_SHARE,
                "hard_negative_share": t.HARD_SHARE,
                "hard_negative_fit_weights": {
                    "negative_in_a_contract_with_the_category": t.INSIDE_NEGATIVE_WEIGHT,
                    "positive_per_contract_power": t.POSITIVE_POWER,
                },
                "seed": t.SEED,
                "folds": t.FOLDS,
                "thresholds": "per category, maximising contract-level F1 on out-of-fold scores inside each fold",
            },
            "cross_validation": cv_figures,
            "dev": dev_figures,
            "thresholds": {s: round(float(v), 4) for s, v in zip(t.SLUGS, cv.final_thresholds, strict=True)},
            "training_seconds": round(time.monotonic() - started),
            "artifact_bytes": ARTIFACT.stat().st_size,
        }
        RECORD.write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
        log(f"wrote {ARTIFACT} ({ARTIFACT.stat().st_size / 1e6:.1f} MB) and {RECORD.name}")
