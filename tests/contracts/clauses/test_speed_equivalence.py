"""The run-time scoring path returns exactly what the training-time path (scikit-learn's
HashingVectorizer and normalize, as the model was trained) returns: the same passages and the same
confidences, on real CUAD dev contracts."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from contracts.clauses import get_model
from contracts.clauses.categories import SLUGS
from contracts.clauses.features import hash_texts
from contracts.clauses.model import ARTIFACT
from contracts.clauses.passages import allowed, cut
from documents.docx.textmodel import build_text_model

ROOT = Path(__file__).resolve().parents[3]
DOCX = ROOT.parent / "shared" / "data" / "cuad" / "docx"
CONTRACTS = ["cuad_alliance_01.docx", "cuad_consulting_01.docx", "cuad_development_01.docx", "cuad_distributor_01.docx"]
LISTS = "cuad_noncompete_02.docx"  # list items under lead-ins ("... agrees that:"), which join their context
CONTRACTS.append(LISTS)


def artifact_coef():
    """The coefficients read from the artifact as the committed loader read them."""
    import scipy.sparse as sp

    with np.load(ARTIFACT, allow_pickle=False) as data:
        return sp.csc_matrix(
            (data["coef_data"].astype(np.float32), data["coef_indices"], data["coef_indptr"]),
            shape=tuple(data["coef_shape"]),
        ).tocsr()


def reference_confidence(model, paragraphs):
    """Confidences as the committed (training-time) path computes them: scikit-learn hashing,
    scikit-learn normalisation, the sparse coefficient product over all 41 types."""
    passages = cut(paragraphs)
    mask = allowed(passages, SLUGS)
    keep = mask.any(axis=1)
    passages = [p for p, k in zip(passages, keep, strict=True) if k]
    text, head = hash_texts([p.text for p in passages], [p.heading for p in passages])
    features = model.weighting.transform(text, head)
    decision = np.asarray((features @ artifact_coef()).todense(), dtype=np.float32) + model.intercept
    confidence = 1.0 / (1.0 + np.exp(-(decision - model.threshold)))
    confidence[~mask[keep]] = 0.0
    return passages, confidence


@pytest.mark.parametrize("name", CONTRACTS)
def test_run_time_scores_equal_the_training_time_path_on_dev_contracts(name):
    text_model = build_text_model((DOCX / name).read_bytes())
    model = get_model()
    model.clear_caches()  # cold: no scores kept from an earlier test
    scored = model.score(text_model)
    passages, confidence = reference_confidence(model, [(p.locator, p.text) for p in text_model.paragraphs])
    assert len(passages) > 50
    # The sentences, as training cut them; the items of run-on lists are scored besides them
    # (contracts/clauses/passages.py ``list_items``), by the same features.
    rows = [row for row, p in enumerate(scored.passages) if not p.item]
    assert [scored.passages[row] for row in rows] == passages
    assert scored.confidence[rows].shape == confidence.shape == (len(passages), len(SLUGS))
    assert np.max(np.abs(scored.confidence[rows].astype(np.float64) - confidence)) <= 1e-9
    assert (confidence >= 0.5).sum() > 10  # the contract does have clauses: the comparison is not of zeros
    if name == LISTS:  # the lead-in context is compared too
        assert sum(p.heading.endswith(":") for p in passages) >= 5


def test_scoring_a_contract_does_not_import_scikit_learn():
    code = (
        "import sys; from documents.docx.model import Paragraph, TextModel; "
        "from contracts.clauses import detect; "
        "m = TextModel(paragraphs=(Paragraph(locator='p1', text='This Agreement is governed by the laws of "
        "the State of New York.'),)); "
        "print(len(detect(m)), any(k == 'sklearn' or k.startswith('sklearn.') for k in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    found, imported = out.stdout.split()
    assert int(found) >= 1 and imported == "False"


def test_run_time_features_equal_scikit_learn_on_awkward_text():
    """The run-time tokeniser takes a fast bytes path for ASCII text and the str regex otherwise;
    both must give scikit-learn's counts: accents, a Kelvin sign that lower-cases to ASCII, the
    fast path's separator word inside a text, empty and punctuation-only passages, underscores."""
    weighting = get_model().weighting
    texts = [
        "Société Générale shall indemnify the Licensee.",
        "The \u212aelvin sign lower-cases to k; İstanbul courts have jurisdiction.",
        "A text that holds redpen0text0separator0zq, the separator word.",
        "",
        "--- ... ---",
        "Signed: ______________ on ____ day of ______, 2020",
        "This Agreement shall be governed by the laws of the State of New York.",
        "Governing law: the laws of England and Wales; the courts of London.",
    ]
    heads = ["", "GOVERNING LAW", "", "", "Términos", "", "12. GOVERNING LAW", "12. GOVERNING LAW"]
    expected = weighting.transform(*hash_texts(texts, heads))
    got = weighting.features(texts, heads)
    assert got.nnz > 20
    assert (got != expected).nnz == 0
    ascii_only = [t for t in texts if t.isascii() and "separator" not in t]  # the fast path on its own
    expected = weighting.transform(*hash_texts(ascii_only, [""] * len(ascii_only)))
    assert (weighting.features(ascii_only, [""] * len(ascii_only)) != expected).nnz == 0
