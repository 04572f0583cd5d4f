"""The classes round 9's set N showed (docs/decisions/redlines-qa.md, "Set N"), each on the text
that showed it."""

from __future__ import annotations

from review.engine.playbook import PlaybookEngine
from tests.review.engine.test_insertion_titles import _contract
from tests.review.engine.test_set_c_classes import _cuad_coverage


def test_a_trade_confirmation_under_a_master_agreement_takes_no_clauses() -> None:
    # "This Confirmation ... will supplement, form a part of, and be subject to that Master
    # Agreement": an interest rate cap under ISDA's form. A termination right, an audit and
    # insurance are the master agreement's business, not the confirmation's.
    model = _contract("WELLSFARGOMORTGAGEBACKEDSECURITIES2006-6TRUST")
    results = PlaybookEngine().analyze(
        model, _cuad_coverage("termination-for-convenience", "audit-rights", "insurance")
    )
    assert len(results) == 3
    for result in results:
        assert result.status == "missing" and not result.recommendations
        assert "confirmation under the Master Agreement" in result.message


def test_a_sentence_opening_with_its_clause_title_stands_under_that_clause() -> None:
    # "5. Indemnification 5.1 WCC shall indemnify ... 5.2 XLI shall indemnify ...": the cap
    # anchored on 5.1's duty goes after the whole of clause 5, not between the two indemnities.
    model = _contract("XLITECHNOLOGIES,INC_12_11_2015")
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("cap-on-liability"))
    (proposal,) = result.recommendations
    assert proposal.after.startswith("5.3 Except for a party's indemnification obligations")
    assert proposal.edit.before.startswith("6. Insurance") or proposal.edit.after.endswith("6. Insurance")
