"""Key terms on real contracts (review/engine/keyterms.py): the parties are the preamble's, with
the names the contract gives them, and a description such as "a Delaware corporation" is never a
party."""

from __future__ import annotations

import pytest

from documents.docx.textmodel import build_text_model
from review.engine.keyterms import key_terms
from tests.conftest import shared_data


def parties_of(*path: str) -> str:
    model = build_text_model(shared_data(*path).read_bytes())
    (term,) = [t for t in key_terms(model) if t.slug == "parties"]
    assert term.found
    return term.value


def test_both_parties_of_the_preamble_with_their_defined_names():
    # "CRO Consulting (Pty) Limited ... (hereinafter referred to as "CRO") and Purinix
    # Pharmaceuticals LLC": the model's passage alone gave only the second.
    value = parties_of("cuad", "docx", "cuad_services_02.docx")
    assert "CRO Consulting" in value and "(\u201cCRO\u201d)" in value
    assert "Purinix Pharmaceuticals LLC" in value


@pytest.mark.parametrize(
    ("name", "expected", "never"),
    [
        ("cuad_alliance_01.docx", ["Dialog Semiconductor", "Energous Corporation"], "Delaware corporation"),
        ("cuad_ip_02.docx", ["HONEYWELL INTERNATIONAL INC.", "GARRETT MOTION INC."], "Delaware corporation"),
        ("cuad_hosting_03.docx", ["NETWORKS ASSOCIATES, INC"], "This Co"),
    ],
)
def test_company_names_not_descriptions_or_references_back(name, expected, never):
    value = parties_of("cuad", "docx", name)
    for party in expected:
        assert party in value
    assert never not in value


def test_a_capitalised_description_is_not_a_party():
    value = parties_of("ndas", "nda_cnli_dev_05.docx")
    assert "BROOKS" in value and "New York Limited Liability Company" not in value
