"""Classes read in round 16's first look (docs/decisions/redlines-qa.md, "Round 16"): five seen
contracts that no test or document had named, read before any change and fixed after the count,
each here on a seen contract's own text.

- An investment agreement titled otherwise ("STRATEGIC ALLIANCE AGREEMENT": one party buys the
  other's shares, and its chapters are the investor's pre-emptive right, board nominees, a
  standstill, registration rights) took a walk-away right, a cap and an audit.
- A cap measured by "the fees paid or payable" went into a royalty agreement and a water-rights
  agreement that pay no fees (``tests/review/engine/test_set_l_classes.py`` holds that one).
"""

from __future__ import annotations

from review.engine.draft import takes_no_commercial_terms
from review.engine.playbook import PlaybookEngine
from tests.review.engine.test_insertion_titles import _contract
from tests.review.engine.test_set_c_classes import _cuad_coverage

INVESTMENT = "an agreement under which one party invests in the other's shares, and the investor's rights"


def test_an_investment_agreement_titled_a_strategic_alliance_takes_none_of_a_playbooks_clauses() -> None:
    # "in furtherance of the investment in Shares ... contemplated in the Subscription Agreement",
    # then "ADDITIONAL INVESTMENTS BY HOC", "PRE-EMPTIVE RIGHT", "BOARD REPRESENTATION",
    # "STANDSTILL"; and "the Company desires to issue and sell, and Farids desires to purchase,
    # 126,839 shares", then "BOARD NOMINATION RIGHTS" and "RESTRICTIONS ON TRANSFER".
    for name in ("GOLDRESOURCECORP_12_11_2008", "ROCKYMOUNTAINCHOCOLATEFACTORY,INC_12_23_2019"):
        model = _contract(name)
        assert takes_no_commercial_terms(model) == INVESTMENT
        rules = _cuad_coverage("termination-for-convenience", "cap-on-liability", "audit-rights")
        results = PlaybookEngine().analyze(model, rules)
        assert not any(r.recommendations for r in results)
        assert all(INVESTMENT in r.message for r in results if r.status == "missing")


def test_one_chapter_about_shares_leaves_an_agreement_its_commercial_clauses() -> None:
    # A joint venture agreement whose opening has a party purchase shares and which has one
    # "TRANSFER RESTRICTIONS" chapter among twenty about running the venture.
    assert takes_no_commercial_terms(_contract("TRANSPHORM,INC_02_14_2020")) == ""
