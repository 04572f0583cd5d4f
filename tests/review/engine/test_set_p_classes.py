"""The classes round 9's set P showed (docs/decisions/redlines-qa.md, "Set P"), each on the text
that showed it."""

from __future__ import annotations

from contracts.structure import build_structure
from review.engine.playbook import PlaybookEngine
from tests.review.engine.test_insertion_titles import _contract
from tests.review.engine.test_set_c_classes import _cuad_coverage


def test_a_letterheads_street_number_is_no_clause_number() -> None:
    # "925 West Georgia Street  Suite 1820  Vancouver ...": the letterhead's address, read as
    # clause 925, numbered the insertions "926".
    model = _contract("ON4COMMUNICATIONSINC_07_02_2009")
    assert not [n for n in build_structure(model).numbers if n.parts == ("925",)]
    results = PlaybookEngine().analyze(model, _cuad_coverage("termination-for-convenience", "insurance"))
    proposals = [p for r in results for p in r.recommendations]
    assert proposals
    assert not [p for p in proposals if p.after.startswith("926")]


def test_a_share_subscription_price_is_no_payment_under_the_agreement() -> None:
    # A strategic alliance made beside a share subscription agreement: "ChipMOS covenants that
    # part or all of the Total Subscription Price shall be used: ..." is the price of the shares
    # under that agreement; nothing is paid under this one, so no audit and no cap measured by fees.
    results = PlaybookEngine().analyze(
        _contract("CHIPMOSTECHNOLOGIESBERMUDALTD_04_18_2016"), _cuad_coverage("audit-rights", "cap-on-liability")
    )
    assert len(results) == 2
    for result in results:
        assert result.status == "missing" and not result.recommendations
        assert "insert_when" in result.message
