"""A term clause that lets the agreement end early only under named sections (contracts/early_ending.py),
and the walk-away right inserted beside one (review/engine/draft.py), on seen contracts' own text."""

from __future__ import annotations

from contracts.document import structure_of
from contracts.early_ending import EarlyEnding, early_ending_under
from review.engine.playbook import PlaybookEngine
from tests.review.engine.test_insertion_titles import _contract
from tests.review.engine.test_set_c_classes import _cuad_coverage, _inserted_anyway

CO_BRANDING = "TomOnlineInc_20060501_20-F_EX-4.46_749700_EX-4.46_Co-Branding Agreement"
DEVELOPMENT = "ConformisInc_20191101_10-Q_EX-10.6_11861402_EX-10.6_Development Agreement"
CONTENT_LICENCE = "IdeanomicsInc_20151124_8-K_EX-10.2_9354744_EX-10.2_Content License Agreement"


def _walk_away(name: str, unconditional: bool = False) -> tuple[str, str]:
    # ``unconditional``: the rule without its conditions, where the contract takes no walk-away right
    # since round 20 (a development programme bought with an asset purchase, a licence paid for in
    # shares) and the test is about its words.
    rules = (_inserted_anyway if unconditional else _cuad_coverage)("termination-for-convenience")
    (result,) = PlaybookEngine().analyze(_contract(name), rules)
    (proposal,) = result.recommendations
    assert not proposal.defects
    return proposal.after, proposal.explanation


def test_a_clause_inside_a_named_section_is_allowed_a_new_one_beside_it_is_not() -> None:
    ending = EarlyEnding(reference="Section 6.1", named=("6.2", "2.8"))
    assert not ending.allows("6.2A")  # a clause of its own, which the term clause does not name
    assert ending.allows("6.2") and ending.allows("6.2.3") and ending.allows("2.8(b)")
    assert EarlyEnding(reference="Section 2", named=("11",)).allows("Section 11.4")
    assert ending.listed == "Sections 6.2 and 2.8"


def test_the_term_clause_that_names_the_grounds_of_early_termination_is_read() -> None:
    ending = early_ending_under(structure_of(_contract(CO_BRANDING)))
    assert ending == EarlyEnding(reference="Section 6.1", named=("6.2", "2.8"), word="Section")


def test_a_walk_away_right_beside_such_a_term_says_it_prevails() -> None:
    # "6.1 ... five (5) years unless terminated earlier pursuant to Section 6.2 or Section 2.8":
    # the new 6.2A would contradict it without saying so.
    after, explanation = _walk_away(CO_BRANDING)
    assert after.startswith("6.2A Termination for Convenience. Notwithstanding Section 6.1, any Party may terminate")
    assert "only under Sections 6.2 and 2.8" in explanation
    after, _ = _walk_away(DEVELOPMENT, unconditional=True)
    assert after.startswith("8.2A Termination for Convenience. Notwithstanding Section 8.1, either Party may")


def test_a_term_stated_in_the_clause_that_holds_its_grounds_is_not_overridden_whole() -> None:
    # "7. (a) ... unless sooner terminated as provided in Section 7(b)": "Notwithstanding Section 7"
    # would override the grounds as well; the walk-away right is written as the playbook has it.
    assert early_ending_under(structure_of(_contract(CONTENT_LICENCE))) is None
    after, _ = _walk_away(CONTENT_LICENCE, unconditional=True)
    assert after.startswith("7A. Termination for Convenience. Either party may terminate")
