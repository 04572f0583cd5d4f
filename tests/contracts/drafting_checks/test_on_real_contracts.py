"""Drafting checks on real contracts of ../shared/data: the real drafting errors found by hand
(bench/README.md, "Drafting checks") are still found, and the kinds of false alarm measured
there are not raised."""

from __future__ import annotations

import gzip
import json
from functools import cache

from contracts import drafting_checks
from documents.docx.model import Paragraph, TextModel
from documents.docx.textmodel import build_text_model
from tests.conftest import shared_data


@cache
def _cuad_train() -> dict[str, str]:
    with gzip.open(shared_data("cuad-train", "contracts.jsonl.gz"), "rt", encoding="utf-8") as handle:
        return {row["cuad_filename"]: row["text"] for row in map(json.loads, handle)}


def contract(prefix: str) -> TextModel:
    """The cuad-train contract whose file name starts with ``prefix``, one paragraph a line, as
    bench/bench_hygiene.py reads it."""
    (name,) = [n for n in _cuad_train() if n.startswith(prefix)]
    lines = _cuad_train()[name].split("\n")
    return TextModel(paragraphs=tuple(Paragraph(locator=f"p{i + 1}", text=t) for i, t in enumerate(lines)))


def found(model: TextModel, check: str) -> list[str]:
    return [f"{f.text} | {f.message}" for f in drafting_checks.findings(model) if f.check == f"hygiene-{check}"]


def test_a_section_referring_to_itself_by_the_wrong_number() -> None:
    refs = found(contract("BABCOCK_WILCOXENTERPRISES"), "missing-reference")
    assert refs and all(r.startswith("Section 8.4(b)") for r in refs)
    franchise = found(contract("GOOSEHEADINSURANCE"), "missing-reference")
    assert {r.split(" | ")[0] for r in franchise} == {"Sections 2.2.10", "Section 4.8", "Section 16.11"}


def test_a_term_said_to_be_defined_later_and_never_defined() -> None:
    (licensed,) = found(contract("ArconicRolledProductsCorp"), "undefined-term")
    assert licensed.startswith("Licensed Products |") and "later defined" in licensed


def test_a_party_name_left_from_another_template() -> None:
    assert [f.split(" | ")[0] for f in found(contract("AgapeAtpCorp"), "undefined-term")] == ["Principal"]


def test_words_and_digits_that_disagree() -> None:
    (notice,) = found(contract("TomOnlineInc"), "words-digits")
    assert notice.startswith("three (7) |")
    (payment,) = found(contract("FuseMedicalInc"), "words-digits")
    assert payment.startswith("thirty (45) |")


def test_numbering_that_skips() -> None:
    assert [f.split(" | ")[1] for f in found(contract("MARSHALLHOLDINGS"), "numbering")] == [
        "The numbering skips from 4 to 6: there is no 5."
    ]
    assert any("there is no 12.7" in f for f in found(contract("2ThemartComInc"), "numbering"))


def test_references_to_another_agreement_and_a_shared_glossary_are_not_reported() -> None:
    securitisation = contract("VerizonAbsLlc")
    assert found(securitisation, "missing-reference") == []  # "Section 4.6 or 4.7, respectively, of the ..."
    assert found(securitisation, "unused-term") == []  # its glossary serves the other transaction documents
    service = contract("NYLIACVARIABLEANNUITY")
    assert found(service, "missing-reference") == []  # "Section 4.2 of each of the Company's Participation ..."
    assert not any(f.startswith("Average Daily Assets") for f in found(service, "undefined-term"))


def test_names_of_events_places_and_teams_are_not_undefined_terms() -> None:
    for prefix in ("HYDRONTECHNOLOGIESINC", "TEARDROPGOLFCO", "VIOLINMEMORYINC", "EcoScienceSolutionsInc_20180406"):
        assert found(contract(prefix), "undefined-term") == [], prefix


def test_numbers_run_into_their_headings_and_tables_of_contents_are_not_skips() -> None:
    assert found(contract("Apollo Endosurgery"), "numbering") == []  # "7.11Technical Assistance"
    assert found(contract("MANUFACTURERSSERVICESLTD"), "numbering") == []  # "SECTION 1.0 ... Page 4"


def test_clauses_of_the_standard_contractual_clauses_in_a_dpa_are_not_missing() -> None:
    dpa = build_text_model(
        shared_data("forms", "commonpaper_docx", "commonpaper_data_processing_agreement.docx").read_bytes()
    )
    assert found(dpa, "missing-reference") == []  # "In Clause 17 (Option 1), the EEA SCCs ..."
