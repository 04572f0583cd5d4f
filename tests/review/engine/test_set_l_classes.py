"""The classes round 8's set L left open (docs/decisions/redlines-qa.md, "Set L"), each on the
text that showed it."""

from __future__ import annotations

from contracts.structure import build_structure
from review.engine.playbook import PlaybookEngine
from tests.review.engine.test_insertion_titles import _contract
from tests.review.engine.test_set_c_classes import _cuad_coverage, _inserted_whatever_is_paid


def test_a_block_of_names_over_conformed_signatures_closes_the_body() -> None:
    # "DYNAMIC HEARING PTY LTD   INTRICON CORPORATION   /s/ Elaine Saunders   /s/ Mark S. Gorder
    # Printed Name: ...": no "By", no "IN WITNESS WHEREOF"; the clause goes before it, not after it
    # among the exhibits.
    model = _contract("INTRICONCORP_03_10_2009")
    signature = build_structure(model).signature
    assert signature is not None
    block = next(p.text for p in model.paragraphs[signature.index :] if "/s/" in p.text)
    assert block.split()[:3] == ["DYNAMIC", "HEARING", "PTY"]
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("insurance"))
    (proposal,) = result.recommendations
    index = model.positions[proposal.edit.locator]
    assert index < signature.index
    assert "Each party shall maintain" in proposal.after


def test_a_cap_measured_by_fees_is_not_inserted_where_nothing_is_paid() -> None:
    # The consultant is paid in warrants ("The exercise price for the warrants shall be $0.075 per
    # share"): "the amounts paid or payable under this Agreement" would cap liability at nothing.
    (result,) = PlaybookEngine().analyze(_contract("GIGGLESN_HUGS,INC_06_23_2016"), _cuad_coverage("cap-on-liability"))
    assert result.status == "missing" and not result.recommendations
    assert "insert_when" in result.message
    # Where something is paid, the cap is still proposed (royalties on sales, set K's Naked / Wade),
    # measured by what is paid: a licence that pays royalties pays no "fees", and a cap measured by
    # fees would cap at nothing there.
    (paid,) = PlaybookEngine().analyze(_contract("NakedBrandGroupInc_20150731"), _cuad_coverage("cap-on-liability"))
    (proposal,) = paid.recommendations
    assert "amounts paid or payable under this Agreement" in proposal.after
    assert "fees" not in proposal.after


def test_a_clause_anchored_in_a_run_of_items_numbered_afresh_goes_after_the_run() -> None:
    # "5. Consideration." / "A. Cash Payment." / "1. PAPA JOHN'S shall pay ..." ... "8.
    # Sub-Contractors." / "6. Warranties ...": the audit right anchored on item 1's payment is
    # clause 5's ("5A."), after the whole of 5 (its items and "C. Expenses."), not one more item
    # between 1 and 2 ("1A.").
    model = _contract("PapaJohnsInternationalInc_20190617")
    # (its payments are fixed sums, so the library audit is no longer inserted here: the place is
    # read with the same rule inserted whatever is paid)
    (result,) = PlaybookEngine().analyze(model, _inserted_whatever_is_paid("audit-rights"))
    (proposal,) = result.recommendations
    assert proposal.after.startswith("5A. Records and Audit. Each Party shall keep")
    assert not proposal.defects
    index = model.positions[proposal.edit.locator]
    item = next(i for i, p in enumerate(model.paragraphs) if p.text.startswith("8. Sub-Contractors."))
    following = next(p.text for p in model.paragraphs[index + 1 :] if p.text.strip() and "Source:" not in p.text)
    assert index > item and following.startswith("6. Warranties")


def test_forms_attached_after_the_signatures_do_not_make_them_a_front_page() -> None:
    # Eighteen articles, "IN WITNESS WHEREOF ... By: /s/ ...", then exhibits holding whole forms
    # with clauses of their own (a field trial agreement, a material transfer agreement, a model
    # licence): the body ends at the signatures, so the insurance clause goes after article 18,
    # not into the material transfer agreement's clause 7.
    model = _contract("CERES,INC_01_25_2012")
    structure = build_structure(model)
    assert structure.signature is not None and not structure.front_signature
    assert model.paragraphs[structure.body_end.index].text.startswith("IN WITNESS WHEREOF")
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("insurance"))
    (proposal,) = result.recommendations
    assert proposal.after.startswith("18.")
    assert model.positions[proposal.edit.locator] < structure.body_end.index
