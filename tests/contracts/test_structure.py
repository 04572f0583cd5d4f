"""The structure model on real contracts (../shared/data) and on small built ones."""

from __future__ import annotations

import functools
import re

import pytest

from contracts.document import structure_of
from contracts.insertion import insertion_point
from documents.docx.edit import apply_edit_to_model
from documents.docx.model import Edit, Paragraph, TextModel
from documents.docx.textmodel import build_text_model
from tests.conftest import shared_data


@functools.cache
def _model(*parts: str) -> TextModel:
    return build_text_model(shared_data(*parts).read_bytes())


def cuad(name: str) -> TextModel:
    return _model("cuad", "docx", f"{name}.docx")


def form(name: str) -> TextModel:
    return _model("forms", "commonpaper_docx", f"commonpaper_{name}.docx")


def plain(*texts: str) -> TextModel:
    return TextModel(tuple(Paragraph(locator=f"p{i}", text=t) for i, t in enumerate(texts, 1)))


@pytest.mark.parametrize(
    ("contract", "expected"),
    [
        # A parenthesis that is part of the legal name is kept: "(UK) Ltd.", "(Pty) Limited".
        ("cuad_alliance_01", {"DIALOG": "Dialog Semiconductor (UK) Ltd.", "ENERGOUS": "Energous Corporation"}),
        ("cuad_development_01", {"T&B": "T&B Seminars, Inc.", "LEA": "Legacy Education Alliance Holdings, Inc."}),
        ("cuad_services_02", {"CRO": "CRO Consulting (Pty) Limited", "Client": "Purinix Pharmaceuticals LLC"}),
        # "Tri City National Bank, a Wisconsin corporation (including its Affiliates, "Customer") and
        # Marshall & Ilsley Corporation, ... M&I Data Services ("M&I")": each alias to its party.
        ("cuad_outsourcing_02", {"Customer": "Tri City National Bank", "M&I": "Marshall & Ilsley Corporation"}),
        # "INVASIX LTD., with ... Israel. Hereinafter referred to as "Customer" And FLEXTRONICS
        # ISRAEL LTD. with ... Hereinafter referred to as "Contractor."": no parentheses.
        ("cuad_manufacturing_02", {"Customer": "INVASIX LTD.", "Contractor": "FLEXTRONICS ISRAEL LTD."}),
        ("cuad_license_02", {"Rogers": "Rogers Cable Communications Inc.", "Licensor": "EuroMedia Holdings Corp."}),
        ("cuad_supply_01", {"Vericel": "Vericel Corporation", "MediWound": "MediWound Ltd."}),
        ("cuad_hosting_01", {"CORIO": "Corio Inc.", "COMMERCE ONE": "Commerce One, Inc."}),
        # Names in capitals ("COMPANY, INC.", "LTD."), and a second party after the first one's
        # address ("..., having a mailing address of ... MA 01835-8099 and Nanophase ...").
        ("cuad_distributor_01", {"ALFA AESAR": "JOHNSON MATTHEY CATALOG COMPANY, INC.",
                                 "NTC": "Nanophase Technologies Corporation"}),
        ("cuad_ip_02", {"Honeywell": "HONEYWELL INTERNATIONAL INC.", "SpinCo": "GARRETT MOTION INC."}),
        ("cuad_maintenance_01", {"BE": "BLOOM ENERGY CORPORATION", "Owner": "DIAMOND STATE GENERATION PARTNERS, LLC"}),
        ("cuad_consulting_01", {"CONSULTANT": "Gunston Consulting, LLC", "REIT": "Medalist Diversified REIT, Inc."}),
        # "BETWEEN: GLAMIS GOLD LTD., ... ("Glam is") AND: WESTERN COPPER CORPORATION, ..."
        ("cuad_noncompete_02", {"Glam is": "GLAMIS GOLD LTD.", "Western Copper": "WESTERN COPPER CORPORATION"}),
        # No "between" in the preamble, whose first recital names both by their short names
        # ("WHEREAS HEMISPHERX is a biopharmaceutical company ..."); the quality agreement of its
        # Exhibit 4 names them in full, the first party's short name without quotation marks
        # ("Hemispherx Biopharma, Inc. 783 Jersey Avenue, ... 08901(HEMISPHERX)"), as the experts do.
        ("cuad_supply_03", {"HEMISPHERX": "Hemispherx Biopharma, Inc.",
                            "SCIEN": "Scientific Products Pharmaceutical Co. LTD."}),
    ],
)
def test_parties_of_cuad_contracts(contract: str, expected: dict[str, str]) -> None:
    parties = {p.defined: p.name for p in structure_of(cuad(contract)).parties}
    for defined, name in expected.items():
        assert parties.get(defined) == name, parties


def test_parties_of_common_paper_forms_are_their_role_names() -> None:
    parties = structure_of(form("data_processing_agreement")).parties
    assert {(p.defined, p.side) for p in parties} == {("Controller", "customer"), ("Processor", "provider")}
    partnership = structure_of(form("partnership_agreement")).parties
    assert {p.defined for p in partnership} == {"Licensor", "Licensee"}


def test_parties_and_roles_of_a_preamble() -> None:
    model = plain(
        'This Agreement is made between Fjord Systems AS, a Norwegian company ("Fjord"), and Northwind '
        'Traders Ltd. (the "Company").',
        "1. Services. Fjord shall provide the Services.",
    )
    parties = structure_of(model).parties
    assert [(p.name, p.defined) for p in parties] == [
        ("Fjord Systems AS", "Fjord"),
        ("Northwind Traders Ltd.", "Company"),
    ]
    licensor = plain('Agreement between Acme Inc. ("Licensor") and Beta LLC ("Licensee").')
    assert [(p.defined, p.side) for p in structure_of(licensor).parties] == [
        ("Licensor", "provider"),
        ("Licensee", "customer"),
    ]


def _witness_contracts() -> list[str]:
    names = []
    for path in sorted(shared_data("cuad", "docx").glob("*.docx")):
        text = build_text_model(path.read_bytes()).text
        if re.search(r"IN\s+WITNESS\s+(?:WHERE|THERE)OF", text, re.IGNORECASE):
            names.append(path.stem)
    return names


def test_signature_block_found_on_every_cuad_contract_that_has_one() -> None:
    names = _witness_contracts()
    assert len(names) >= 15
    for name in names:
        model = cuad(name)
        signature = structure_of(model).signature
        assert signature is not None, name
        text = model.paragraphs[signature.index].text[signature.offset :]
        # The block starts at IN WITNESS WHEREOF, or before it where the body says the signature
        # page follows ("[SIGNATURE PAGES FOLLOW]": cuad_ip_02).
        assert re.match(r"IN\s+WITNESS|\[?SIGNATURE\s+PAGES?\s+(?:TO\s+)?FOLLOW", text, re.IGNORECASE), (name, text[:60])


def test_signature_lines_without_in_witness() -> None:
    model = plain(
        "1. Term. This Agreement lasts one year.",
        "2. Law. English law governs this Agreement.",
        "ACME LIMITED",
        "By: ______________",
        "Name: ____________",
        "Title: ___________",
    )
    signature = structure_of(model).signature
    assert signature is not None and signature.index == 2


def test_signature_block_of_bare_labels_in_two_columns() -> None:
    # nda_cnli_dev_01 ends "Agreed by the Parties through their authorised signatories / For and
    # on behalf of For and on behalf of / <Party> <Party> / Signed Signed / Name Name / Date Date":
    # no colons, no IN WITNESS WHEREOF. The block starts at its lead-in, after clause 16.
    model = _model("ndas", "nda_cnli_dev_01.docx")
    structure = structure_of(model)
    assert structure.signature is not None
    assert model.paragraphs[structure.signature.index].text.startswith("Agreed by the Parties")
    assert model.paragraphs[structure.signature.index - 1].text.startswith("The existence of this Agreement")
    assert structure.body_end == structure.signature


def test_word_numbering_renders_the_numbers_the_cross_references_use() -> None:
    model = form("cloud_service_agreement")
    structure = structure_of(model)
    by_text = {model.paragraphs[n.index].text.split(".")[0]: n.label for n in structure.numbers}
    # "Section 6.3 (Representations & Warranties from Provider)", "Section 1.4 (Feedback and Usage Data)".
    assert by_text["From Provider"] == "6.3"
    assert by_text["Feedback and Usage Data"] == "1.4"
    assert ("8", "1", "a") in structure.labels  # "Section 8.1(a)"


def test_typed_numbers_inside_pdf_extracted_pages() -> None:
    structure = structure_of(cuad("cuad_consulting_01"))
    labels = [n.label for n in structure.numbers if n.level != 9]
    assert "5.1" in labels and "9.7" in labels
    assert "8" not in [n.label for n in structure.numbers if n.start == 0 and len(n.label) == 1], "page numbers"


def test_defined_terms_and_cross_references() -> None:
    structure = structure_of(form("cloud_service_agreement"))
    for term in ("Affiliate", "Cloud Service", "Confidential Information", "Usage Data"):
        assert term in structure.terms
    targets = {r.target for r in structure.references}
    assert ("6", "3") in targets and ("1", "4") in targets
    model = plain(
        '"Term" means the first year (the "Initial Term") and each renewal, as Section 9.4 and clause 3(b) say.'
    )
    small = structure_of(model)
    assert {"Term", "Initial Term"} <= set(small.terms)
    assert [r.target for r in small.references] == [("9", "4"), ("3", "b")]


def test_external_references_are_not_cross_references() -> None:
    model = plain("Payments under Section 409A of the Code and Section 2(a) of the Securities Act are excluded.")
    assert structure_of(model).references == ()


def test_structure_is_cached_per_model_and_recomputed_after_an_edit() -> None:
    model = plain("1. Term. One year.", "2. Law. English law.")
    assert structure_of(model) is structure_of(model)
    edited = apply_edit_to_model(model, Edit(kind="insert_after", locator="p2", after="3. Notices. In writing."))
    assert [n.label for n in structure_of(edited).numbers] == ["1.", "2.", "3."]


def test_insertion_point_is_before_the_signature_block_with_the_next_number() -> None:
    model = plain(
        "1. Term. This Agreement lasts one year.",
        "1.1 Renewal. It renews.",
        "2. Law. English law governs this Agreement.",
        "2.1 Courts. London courts.",
        "IN WITNESS WHEREOF the parties have signed this Agreement.",
        "EXHIBIT A",
        "1. Price list.",
    )
    point = insertion_point(structure_of(model))
    assert point is not None
    assert (point.locator, point.offset, point.number) == ("p4", None, "2.2")


def test_insertion_point_inside_a_pdf_page_is_before_in_witness() -> None:
    model = cuad("cuad_development_01")
    structure = structure_of(model)
    point = insertion_point(structure)
    assert point is not None and point.offset is not None
    paragraph = model.get(point.locator)
    assert paragraph.text[point.offset :].startswith("IN WITNESS WHEREOF")
    assert point.number == "14.12."  # the sibling of the last clause, 14.11.


def test_a_clause_after_a_list_of_items_in_another_paragraph_is_not_the_lists_next_item() -> None:
    # cuad_supply_03 numbers its articles "VI." and its sections "A.", "B." inside page-long
    # paragraphs; the only numbers read are the items of "B. SCIEN will:   1. ... 11. ...". A
    # clause inserted pages later is no item 12: it gets no number, and the lawyer numbers it.
    model = cuad("cuad_supply_03")
    index = next(i for i, p in enumerate(model.paragraphs) if p.text.startswith("  C. Upon the occurrence of a breach"))
    point = insertion_point(structure_of(model), after=(index, 10))
    assert point is not None and point.number == ""
    # A clause whose own paragraph opens with its number, lead-in or not, still has a sibling.
    items = plain("1. Duties. Supplier will:   (a) deliver the goods; and   (b) install them.", "2. Fees.")
    point = insertion_point(structure_of(items), after=(0, 45))
    assert point is not None and point.number == "1A."
