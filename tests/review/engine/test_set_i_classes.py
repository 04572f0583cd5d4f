"""The classes round 8's set I showed (docs/decisions/redlines-qa.md), each on the text that showed
it: an article's title on the line after its number ("ARTICLE VIII" / "INDEMNIFICATION") not read,
so two clauses went between its two indemnities; a clause added after a numbered heading's text
left without a number, reading as part of "23. ENTIRE AGREEMENT"; a clause made the next item of a
party's list of representations; an audit anchored on "invoices" in a representation while the
contract's prices and payment have a clause of their own."""

from __future__ import annotations

from contracts.document import structure_of
from contracts.insertion import insertion_point
from review.engine.playbook import PlaybookEngine
from tests.review.engine.test_insertion_titles import _contract
from tests.review.engine.test_set_c_classes import _cuad_coverage, _inserted_anyway, _inserted_whatever_is_paid

ON2 = "ON2TECHNOLOGIES,INC_11_17_2006"  # On2 / Wildform support and maintenance, "ARTICLE VIII" / "INDEMNIFICATION"
NEOMEDIA = "NEOMEDIATECHNOLOGIESINC_12_15_2005"  # PPG Paints Trading (Shanghai) distributor agreement


def _proposal(prefix: str, rule_id: str):  # type: ignore[no-untyped-def]
    model = _contract(prefix)
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage(rule_id))
    (proposal,) = result.recommendations
    assert not proposal.defects
    return model, proposal


def test_an_article_titled_on_the_line_after_its_number_is_not_split() -> None:
    for rule_id in ("cap-on-liability", "insurance"):
        model, proposal = _proposal(ON2, rule_id)
        anchor = model.paragraphs[model.positions[proposal.edit.locator]].text
        assert anchor.lstrip().startswith("8.2 Wildform's Indemnification of On2.")
        assert proposal.after.startswith("8.3 ")


def test_a_clause_after_a_numbered_heading_s_text_takes_the_next_number() -> None:
    for rule_id in ("anti-assignment", "insurance"):
        model, proposal = _proposal(NEOMEDIA, rule_id)
        anchor = model.paragraphs[model.positions[proposal.edit.locator]].text
        assert anchor.startswith("This writing, including all documents")  # the text of "23. ENTIRE AGREEMENT"
        assert proposal.after.startswith("24. ")


def test_a_new_clause_is_no_item_of_a_list_a_lead_in_introduces() -> None:
    model = _contract(NEOMEDIA)
    index = next(i for i, p in enumerate(model.paragraphs) if p.text.startswith("(e)      it has the qualification"))
    point = insertion_point(structure_of(model), after=(index, len(model.paragraphs[index].text)))
    assert point is not None and point.number == "3A."  # not "(g)" of the distributor's representations


def test_an_audit_goes_with_the_prices_and_the_compensation() -> None:
    model, proposal = _proposal(NEOMEDIA, "audit-rights")
    assert model.paragraphs[model.positions[proposal.edit.locator]].text.startswith("5.3")
    assert proposal.after.startswith("5.4 Each party shall keep complete and accurate records")
    # (On2 pays fixed monthly sums, so the library audit is no longer inserted there: the place is
    # read with the same rule inserted whatever is paid)
    model = _contract(ON2)
    (result,) = PlaybookEngine().analyze(model, _inserted_whatever_is_paid("audit-rights"))
    (proposal,) = result.recommendations
    anchor = model.paragraphs[model.positions[proposal.edit.locator]].text
    assert "As consideration for the services to be provided by Wildform hereunder" in anchor  # ARTICLE IV


def test_a_clause_numbered_into_a_gap_another_insertion_filled_takes_a_letter() -> None:
    # "5 PROPRIETARY INFORMATION" ... "7 CONSIDERATION TO PROVIDER" (a VISP hosting agreement skips
    # 6): an accepted insertion took "6"; the next one proposed as "6" is "6A", not "14" after the
    # contract's last clause.
    from contracts.insertion import renumber_clause
    from documents.docx.model import Paragraph, TextModel

    texts = ["5    PROPRIETARY  INFORMATION", "The parties understand ...", "6 Either party may terminate ...",
             "7    CONSIDERATION  TO  PROVIDER", "Shares ...", "13   KCI AUTHORIZATION"]  # fmt: skip
    model = TextModel(paragraphs=tuple(Paragraph(locator=f"p{i + 1}", text=t) for i, t in enumerate(texts)))
    structure = structure_of(model)
    clause = "6 Each party shall keep complete and accurate records."
    assert renumber_clause(clause, structure, at=(2, len(texts[2]))).startswith("6A Each party")
    # At the end, after the contract's last clause, the next free number as before.
    assert renumber_clause("13 Each party shall keep records.", structure, at=(5, len(texts[5]))).startswith("14 ")


def test_insertions_accepted_one_after_another_at_the_end_take_the_next_numbers(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # Found by the corpus run (a remarketing agreement ending "Section 26. Nonpetition Covenant."):
    # accepted one after another, three clauses are "Section 27.", "Section 28.", "Section 29.",
    # whatever numbers a schedule after the signatures holds; not "Section 27A". (Since round 13 an
    # agreement for an offering of securities through an agent takes no commercial clause,
    # test_set_z_classes.py; the numbering is still read here as any other contract's.)
    from contracts.numbering import leading_number
    from documents.docx.edit import apply_edit_to_model

    for where in ("review.engine.checks.must_exist", "review.engine.draft"):
        monkeypatch.setattr(f"{where}.takes_no_commercial_terms", lambda model: "")

    model = _contract("NUVEEN - REMARKETING")
    engine = PlaybookEngine()
    # (Nor, since round 19, insurance: a remarketing agent of a fund's shares does nothing general
    # liability insurance covers. The rules run without their conditions for the numbers' sake.)
    results = engine.analyze(model, _inserted_anyway("termination-for-convenience", "cap-on-liability", "insurance"))
    proposals = [p for r in results for p in r.recommendations]
    assert len(proposals) == 3
    written = []
    for proposal in proposals:
        moved = engine.reanchor(proposal, model)
        assert moved is not None
        written.append(leading_number(moved.after))
        model = apply_edit_to_model(model, moved.edit)
    assert written == ["Section 27.", "Section 28.", "Section 29."]


def test_a_clause_added_after_an_article_is_not_numbered_as_an_article() -> None:
    # "ARTICLE XIII" over its text, the body's last: a new clause is no "ARTICLE XIV" without a title.
    # (read where a clause added at the end goes: the library playbook inserts none in this
    # split-dollar agreement between an employer and its employee, round 11)
    model = _contract("PrudentialBancorpInc_20170606")
    point = insertion_point(structure_of(model))
    assert point is not None and point.number == ""
    assert model.paragraphs[model.positions[point.locator]].text.startswith("Where appropriate in this Agreement")
