"""A page's number run into the first line of the next page's text is no clause number, and a
clause inserted where the clauses around it carry no number is written without one (round 30,
bench/README.md "Round 30"). Both on real contracts of ../shared/data; each test fails on 8ba8d42."""

from __future__ import annotations

from contracts.document import structure_of
from documents.docx.textmodel import build_text_model
from tests.conftest import shared_data
from tests.review.engine.test_redlines_on_real_contracts import ENGINE, _cuad_train, _library


def _centrack():  # type: ignore[no-untyped-def]
    # A web site hosting agreement whose clauses are titled in capitals and carry no number; its
    # only numbers are a list of services ("1. connectivity to the Internet ..." to "14. a monthly
    # report ...") and page numbers run into the text ("... notice to the other party of its
    # intention not to renew the" / "4 Agreement, which notice must be given ...").
    return _cuad_train("CENTRACKINTERNATIONALINC_10_29_1999-EX-10.3")


def test_a_page_number_run_into_the_sentence_it_interrupts_is_no_clause_number() -> None:
    model = _centrack()
    structure = structure_of(model)
    index = next(i for i, p in enumerate(model.paragraphs) if p.text.startswith("4 Agreement, which notice"))
    assert not [n for n in structure.numbers if n.index == index]
    # (a clause number after a sentence that ends is still one: the list of services keeps its)
    assert [n.label for n in structure.numbers if n.label.endswith(".")][:3] == ["1.", "2.", "3."]


def test_a_page_number_spaced_before_a_name_that_goes_on_with_the_sentence_is_none_either() -> None:
    # "... no copy of the source code of the Software will be provided to" / "5         Corio. Within
    # thirty (30) days of delivery ..."
    model = build_text_model(shared_data("cuad", "docx", "cuad_hosting_01.docx").read_bytes())
    structure = structure_of(model)
    index = next(i for i, p in enumerate(model.paragraphs) if p.text.lstrip().startswith("5         Corio."))
    assert not [n for n in structure.numbers if n.index == index and n.start < 3]


def test_a_missing_clause_among_clauses_without_numbers_is_inserted_without_one() -> None:
    model = _centrack()
    results = {r.rule_id: r for r in ENGINE.analyze(model, _library("cuad-coverage.yaml"))}
    for rule_id in ("anti-assignment", "insurance"):
        (insert,) = results[rule_id].recommendations
        assert not insert.defects, (rule_id, insert.defects)
        assert insert.after[:1].isupper() and not insert.after[:1].isdigit()
        assert not insert.needs_wording
    # The insurance clause stays beside the indemnity, where the engine places it, only unnumbered.
    (insurance,) = results["insurance"].recommendations
    anchor = model.positions[insurance.edit.locator]
    before = next(p.text for p in reversed(model.paragraphs[: anchor + 1]) if p.text.strip())
    assert before.startswith("The Customer agrees to indemnify")
