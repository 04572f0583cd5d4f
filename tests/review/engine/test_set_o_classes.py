"""The classes round 9's set O showed (docs/decisions/redlines-qa.md, "Set O"), each on the text
that showed it."""

from __future__ import annotations

from review.engine.playbook import PlaybookEngine
from tests.review.engine.test_insertion_titles import _contract
from tests.review.engine.test_set_c_classes import _cuad_coverage, _inserted_anyway

MIDDLEBROOK = "MIDDLEBROOKPHARMACEUTICALS,INC_03_18_2010"
CONVERGTV = "FulucaiProductionsLtd_20131223"


def test_a_title_after_a_dash_names_its_clause() -> None:
    # "Section 9 — Indemnification" over 9.1 to 9.8: insurance anchored on 9.1's indemnity goes
    # after the whole section ("9.9."), not between DD's indemnity and its warranties ("9.1A.").
    (result,) = PlaybookEngine().analyze(_contract(MIDDLEBROOK), _cuad_coverage("insurance"))
    (proposal,) = result.recommendations
    assert proposal.after.startswith("9.9. Each party shall maintain")


def test_a_clause_titled_for_the_type_is_the_clause_whatever_it_says() -> None:
    # "6. Insurance. The Producer has no insurance requirement.": the contract deals with insurance
    # there; a clause requiring it would contradict it. (A licence of programmes to distribute has
    # nothing general liability insurance covers, and takes none since round 19 whatever it says:
    # the rule runs here without that condition, for the titled clause's sake.)
    (result,) = PlaybookEngine().analyze(_contract(CONVERGTV), _inserted_anyway("insurance"))
    assert result.status == "missing" and not result.recommendations
    assert [e.sentence for e in result.evidence] == ["The Producer has no insurance requirement."]


def test_a_right_to_terminate_for_any_reason_is_a_termination_for_convenience() -> None:
    # "(c) at any time following the second (2nd) anniversary ... for any reason or no reason, upon
    # one hundred eighty (180) days' written notice": the right exists; ninety days for either
    # party would contradict it. Likewise "If MBRK terminates this Agreement in the first year of
    # the Agreement for any reason, then MBRK will pay DD ... an Early Termination Fee".
    for name in ("CytodynInc_20200109", MIDDLEBROOK):
        (result,) = PlaybookEngine().analyze(_contract(name), _cuad_coverage("termination-for-convenience"))
        assert result.status == "ok", name
        assert not result.recommendations


def test_a_number_written_with_a_doubled_stop_is_in_use() -> None:
    # "... contained herein. 14.. Notices. All notices ...": a new clause is not numbered 14.
    (result,) = PlaybookEngine().analyze(_contract(CONVERGTV), _cuad_coverage("anti-assignment"))
    (proposal,) = result.recommendations
    assert not proposal.after.startswith("14.")
    assert not proposal.defects
