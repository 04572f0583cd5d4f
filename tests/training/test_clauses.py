"""``make train-clauses`` keeps working: the command trains on a few CUAD contracts into a folder
of the test's, and what it writes loads and finds a clause. (The committed model is trained on all
379; CI never trains it, so without this a change to the model's code could leave the command
broken until the next retraining.)"""

from __future__ import annotations

import json

import numpy as np
import pytest
from django.core.management import call_command

from contracts.clauses import SLUGS
from contracts.clauses.model import ClauseModel
from documents.docx.model import Paragraph, TextModel
from tests.conftest import missing_dependency, shared_data


def test_train_clauses_writes_a_model_that_loads_and_scores(tmp_path, capsys):
    try:
        import sklearn  # noqa: F401 -- training only; run time never imports it
    except ImportError:
        missing_dependency("scikit-learn trains the clause model (pyproject.toml)")
    call_command("train_clauses", limit=40, out=str(tmp_path), dev=str(shared_data("cuad")))
    record = json.loads((tmp_path / "clause-model.json").read_text())
    assert record["data"]["contracts"] == 40
    assert set(record["cross_validation"]["categories"]) == set(SLUGS)  # all 41 reported
    assert 0.0 < record["cross_validation"]["macro_f1_twelve"] <= 1.0
    assert record["dev"] is not None  # the development contracts were scored by the run-time path
    model = ClauseModel.load(tmp_path / "clause-model.npz")
    text = TextModel(
        paragraphs=(
            Paragraph(locator="p1", text="The Customer shall pay each invoice within thirty (30) days of receipt."),
            Paragraph(
                locator="p2",
                text="This Agreement shall be governed by and construed in accordance with the "
                "laws of the State of New York, without regard to its conflict of laws rules.",
            ),
        )
    )
    scored = model.score(text)
    column = list(SLUGS).index("governing-law")
    confidence = scored.column(column)
    by_locator = {p.locator: float(c) for p, c in zip(scored.passages, confidence, strict=True)}
    assert by_locator["p2"] > 0.5 > by_locator.get("p1", 0.0)


@pytest.mark.timeout(1800)  # about 4 minutes on a quiet 2-core machine, much more on a loaded one
def test_retraining_reproduces_the_committed_model(tmp_path):
    """``make train-clauses`` on the full training data writes the committed model's figures again
    (every category's cross-validated and dev F1 within 0.005) and the same thresholds: the
    model in the repository is the one its command builds. Several minutes: the full nested
    cross-validation and the final fit."""
    try:
        import sklearn  # noqa: F401
    except ImportError:
        missing_dependency("scikit-learn trains the clause model (pyproject.toml)")
    from contracts.clauses.model import record

    committed = record()
    call_command("train_clauses", out=str(tmp_path), dev=str(shared_data("cuad")))
    rebuilt = json.loads((tmp_path / "clause-model.json").read_text())
    assert rebuilt["data"]["sha256"] == committed["data"]["sha256"]
    assert rebuilt["method"] == committed["method"]
    for part in ("cross_validation", "dev"):
        for key in ("macro_f1_twelve", "evidence_overlap_twelve", "macro_f1_all", "evidence_overlap_all"):
            assert abs(rebuilt[part][key] - committed[part][key]) <= 0.005, (part, key)
        for slug, figures in committed[part]["categories"].items():
            assert abs(rebuilt[part]["categories"][slug]["f1"] - figures["f1"]) <= 0.005, (part, slug)
    for slug, threshold in committed["thresholds"].items():
        assert abs(rebuilt["thresholds"][slug] - threshold) <= 1e-3, slug
    # The model itself scores as the committed one does.
    text = TextModel(
        paragraphs=(
            Paragraph(
                locator="p1",
                text="Neither party's total liability shall exceed the fees paid in the twelve months "
                "before the claim.",
            ),
        )
    )
    ours = ClauseModel.load(tmp_path / "clause-model.npz").score(text).confidence
    theirs = ClauseModel.load().score(text).confidence
    assert np.allclose(ours, theirs, atol=1e-3)


def test_leave_out_trains_without_the_held_out_fifth(tmp_path, monkeypatch):
    """``train_clauses --leave-out held-out`` trains on no contract of the key-terms benchmark's
    held-out fifth (training/splits.py ``held_out``, the rule bench/bench_key_terms.py reports by):
    the record names the contracts trained on by a hash and lists those left out. The model it
    writes is the one the bench then reads with (``use_model``), in this process only."""
    try:
        import sklearn  # noqa: F401
    except ImportError:
        missing_dependency("scikit-learn trains the clause model (pyproject.toml)")
    import contracts.clauses as clauses
    from training.clauses import load_contracts, names_hash
    from training.splits import held_out

    source = shared_data("cuad-train", "contracts.jsonl.gz")
    names = [c.name for c in load_contracts(source)]
    assert any(held_out(n) for n in names[:40])  # the first 40 hold some: leaving them out changes the set
    call_command("train_clauses", limit=40, leave_out="held-out", out=str(tmp_path), dev=str(tmp_path))
    data = json.loads((tmp_path / "clause-model.json").read_text())["data"]
    assert data["contracts"] == 40
    assert data["contracts_sha256"] == names_hash([n for n in names if not held_out(n)][:40])
    assert data["contracts_sha256"] != names_hash(names[:40])
    assert data["left_out"]["rule"] == "held-out"
    assert data["left_out"]["contracts"] == sorted(n for n in names if held_out(n))

    # The bench's override: this process's clause model, the committed one otherwise.
    monkeypatch.setattr(clauses, "_model", None)
    committed = clauses.get_model()
    used = clauses.use_model(tmp_path / "clause-model.npz")
    assert clauses.get_model() is used
    assert not np.allclose(used.threshold, committed.threshold)
