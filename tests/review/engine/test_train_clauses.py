"""``make train-clauses`` keeps working: the command trains on a few CUAD contracts into a folder
of the test's, and what it writes loads and finds a clause. (The committed model is trained on all
379; CI never trains it, so without this a change to the model's code could leave the command
broken until the next retraining.)"""

from __future__ import annotations

import json

from django.core.management import call_command

from documents.docx.model import Paragraph, TextModel
from review.engine.clauses import SLUGS
from review.engine.clauses.model import ClauseModel
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
    text = TextModel(paragraphs=(
        Paragraph(locator="p1", text="The Customer shall pay each invoice within thirty (30) days of receipt."),
        Paragraph(locator="p2", text="This Agreement shall be governed by and construed in accordance with the "
                                     "laws of the State of New York, without regard to its conflict of laws rules."),
    ))
    scored = model.score(text)
    column = list(SLUGS).index("governing-law")
    confidence = scored.column(column)
    by_locator = {p.locator: float(c) for p, c in zip(scored.passages, confidence, strict=True)}
    assert by_locator["p2"] > 0.5 > by_locator.get("p1", 0.0)
