"""The classes round 9's set R showed (docs/decisions/redlines-qa.md, "Set R"), each on the text
that showed it."""

from __future__ import annotations

from contracts.insertion import _heading_before
from review.engine.playbook import PlaybookEngine
from tests.review.engine.test_insertion_titles import _contract
from tests.review.engine.test_set_c_classes import _cuad_coverage

PALMER = "PalmerSquareCapitalBdcInc_20200116"


def test_a_right_terminable_on_notice_is_a_termination_for_convenience() -> None:
    # "This Agreement shall be terminable by Licensor at any time ... in the event that ...; by
    # Licensor or Licensee upon sixty (60) days' written notice to the other party; ...": the right
    # exists, and ninety days for either party would contradict it.
    (result,) = PlaybookEngine().analyze(_contract(PALMER), _cuad_coverage("termination-for-convenience"))
    assert result.status == "ok" and not result.recommendations


def test_an_articles_label_is_part_of_the_heading_a_clause_goes_before() -> None:
    # "... Third Party Claim. ARTICLE 5. MISCELLANEOUS 5.1. Third Party Beneficiaries ...": a clause
    # inserted before 5.1 goes before "ARTICLE 5.", not between the label and its title.
    model = _contract(PALMER)
    text = next(p.text for p in model.paragraphs if "ARTICLE 5." in p.text and "MISCELLANEOUS" in p.text)
    at = _heading_before(text, text.index("5.1."))
    assert text[at:].startswith("ARTICLE 5.")
