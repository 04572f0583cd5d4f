"""The classes round 8's set L left open (docs/decisions/redlines-qa.md, "Set L"), each on the
text that showed it."""

from __future__ import annotations

from contracts.structure import build_structure
from review.engine.playbook import PlaybookEngine
from tests.review.engine.test_insertion_titles import _contract
from tests.review.engine.test_set_c_classes import _cuad_coverage


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
    # share"): "the fees paid or payable under this Agreement" would cap liability at nothing.
    (result,) = PlaybookEngine().analyze(_contract("GIGGLESN_HUGS,INC_06_23_2016"), _cuad_coverage("cap-on-liability"))
    assert result.status == "missing" and not result.recommendations
    assert "insert_when" in result.message
    # Where fees are paid, the cap is still proposed (royalties on sales, set K's Naked / Wade).
    (paid,) = PlaybookEngine().analyze(_contract("NakedBrandGroupInc_20150731"), _cuad_coverage("cap-on-liability"))
    (proposal,) = paid.recommendations
    assert "fees paid or payable" in proposal.after
