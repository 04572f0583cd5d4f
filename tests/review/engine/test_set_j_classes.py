"""The classes round 8's set J showed (docs/decisions/redlines-qa.md), each on the text that showed
it: an item's heading ("c) Effect of Termination or Expiration" inside "6. USER DATA OWNERSHIP")
ranked as high as a section's, so a termination right went there and not under "16. TERMINATION";
a short list item ("(iii) Personalization; and") taken for a heading that ends a clause; a
redaction legend after its page numbers ("18 *****Confidential Treatment has been requested ...")
read as clause 18; clauses inserted into the intellectual property agreement of a sale."""

from __future__ import annotations

from contracts.document import structure_of
from contracts.furniture import is_furniture
from review.engine.draft import takes_no_commercial_terms
from review.engine.playbook import PlaybookEngine
from tests.review.engine.test_insertion_titles import _contract
from tests.review.engine.test_set_c_classes import _cuad_coverage
from tests.review.engine.test_set_d_classes import cuad_train_read_by

INVENDA = "InvendaCorp_20000828"  # At Home / Invenda co-branding agreement
ARMSTRONG = "ARMSTRONGFLOORING,INC_01_07_2019"  # IP agreement made under a stock purchase agreement
LEGEND = "18 *****Confidential Treatment has been requested for portions of this agreement. The copy file"


def test_a_termination_right_goes_under_the_termination_section_not_an_item_titled_for_it() -> None:
    model = _contract(INVENDA)
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("termination-for-convenience"))
    (proposal,) = result.recommendations
    assert proposal.after.startswith("16A. TERMINATION FOR CONVENIENCE. Either party may terminate")
    anchor = model.paragraphs[model.positions[proposal.edit.locator]].text
    assert anchor.lstrip().startswith("v)   The provisions of this Section (Termination)")  # 16(b)'s last item
    following = next(p.text for p in model.paragraphs[model.positions[proposal.edit.locator] + 1 :] if p.text.strip())
    assert following.startswith("17.  POST-TERMINATION COMMUNICATIONS")


def test_a_redaction_legend_after_page_numbers_is_page_furniture_not_a_clause() -> None:
    assert is_furniture(LEGEND) and is_furniture("                       16 17 *****Confidential Treatment has been")
    assert not is_furniture("18. Confidential Information. Each party shall keep it confidential.")
    model = _contract(INVENDA)
    structure = structure_of(model)
    legend = next(i for i, p in enumerate(model.paragraphs) if p.text.startswith(LEGEND[:20]))
    assert not structure.numbers_at.get(legend)


def test_a_short_list_item_is_no_heading_that_ends_the_clause() -> None:
    from contracts.insertion import insertion_point

    model = _contract(INVENDA)
    index = next(i for i, p in enumerate(model.paragraphs) if "(ii) Tools and functionality;" in p.text)
    point = insertion_point(structure_of(model), after=(index, len(model.paragraphs[index].text)))
    assert point is not None
    placed = model.positions[point.locator]
    assert placed > index and "(iii) Personalization; and" not in model.paragraphs[placed + 1].text


def test_the_intellectual_property_agreement_of_a_sale_takes_no_commercial_clauses() -> None:
    read = cuad_train_read_by(takes_no_commercial_terms)
    sales = sorted(name for name, what in read.items() if "paid up" in what)
    # Eight in cuad-train: seven intellectual property agreements (one under a spin-off's
    # "Distribution Agreement", round 10) and a trademark licence of a separation or a sale, and
    # nothing else (a support agreement after an asset purchase is not one).
    assert len(sales) == 8
    assert all("INTELLECTUAL PROPERTY" in n.upper() or "TRADEMARK LICEN" in n.upper() for n in sales)
    results = PlaybookEngine().analyze(_contract(ARMSTRONG), _cuad_coverage(
        "insurance", "cap-on-liability", "termination-for-convenience", "audit-rights"))
    assert len(results) == 4 and all(r.recommendations == () for r in results)
    assert "made under the Stock Purchase Agreement, whose licences are paid up" in results[0].message
