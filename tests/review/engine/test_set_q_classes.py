"""The classes round 9's set Q showed (docs/decisions/redlines-qa.md, "Set Q"), each on the text
that showed it."""

from __future__ import annotations

from contracts.structure import build_structure
from review.engine.playbook import PlaybookEngine
from tests.review.engine.test_insertion_titles import _contract
from tests.review.engine.test_set_c_classes import _cuad_coverage

WATCHIT = "WatchitMediaInc_20061201"


def test_a_line_of_acceptance_opens_a_letters_signatures() -> None:
    # "Accepted by:" / "Oceanic Time Warner Cable/Date" / "Watchit Media/Date": the clauses go
    # before it, not after the signatories.
    model = _contract(WATCHIT)
    signature = build_structure(model).signature
    assert signature is not None and model.paragraphs[signature.index].text.strip() == "Accepted by:"
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("governing-law"))
    (proposal,) = result.recommendations
    assert model.positions[proposal.edit.locator] < signature.index


def test_a_termination_priced_by_a_fee_is_a_termination_for_convenience() -> None:
    # "In the event that Oceanic Time Warner Cable removes the above content and or terminates this
    # agreement prior to December 31, 2006, [it] agrees to pay a cancellation fee ...", and "if this
    # Agreement is terminated by Client for any reason other than ... then Client shall pay a
    # termination fee": the right exists at its price; a free one beside it would undo the price.
    for name in (WATCHIT, "BLACKSTONEGSOLONG-SHORTCREDITINCOMEFUND_05_11_2020"):
        (result,) = PlaybookEngine().analyze(_contract(name), _cuad_coverage("termination-for-convenience"))
        assert result.status == "ok", name


def test_a_rule_between_pdf_pages_does_not_end_a_clause() -> None:
    # "17. INTELLECTUAL PROPERTY RIGHTS INDEMNITY." / "17.1 ..." / "- -------" / "Page 20" / "17.2
    # ...": insurance goes after 17.5, not between 17.1 and 17.2.
    (result,) = PlaybookEngine().analyze(_contract("AIRSPANNETWORKSINC_04_11_2000"), _cuad_coverage("insurance"))
    (proposal,) = result.recommendations
    assert proposal.after.startswith("17.6 Each party shall maintain")
