"""The classes round 8's set K showed (docs/decisions/redlines-qa.md), each on the text that showed
it: an item's title with a number in parentheses ("(3) Exercise Upon Termination of the Agreement."
inside "8. Royalties") ranked with a clause's, so a termination right went there and not under "12.
Termination."; "Signatures on the next page" at the end of the last clause not read as the page's
legend, so a clause went after it."""

from __future__ import annotations

from review.engine.playbook import PlaybookEngine
from tests.review.engine.test_insertion_titles import _contract
from tests.review.engine.test_set_c_classes import _cuad_coverage


def test_a_termination_right_goes_under_termination_not_an_item_titled_for_it() -> None:
    model = _contract("NakedBrandGroupInc_20150731")
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("termination-for-convenience"))
    (proposal,) = result.recommendations
    assert proposal.after.startswith("12A. Termination for Convenience. Either Party may terminate")
    index = model.positions[proposal.edit.locator]
    following = next(p.text for p in model.paragraphs[index + 1 :] if p.text.strip() and "Source:" not in p.text)
    assert following.startswith("13. Notices.") or "13. Notices." in following[:200]


def test_a_clause_goes_before_signatures_on_the_next_page() -> None:
    model = _contract("LUCIDINC_04_15_2011")
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("insurance"))
    (proposal,) = result.recommendations
    assert proposal.edit.kind == "replace" and proposal.edit.before.startswith("Signatures on the next")
    # (titled as its siblings are, "21. NOTICE     A) All notices ...": set off by spaces)
    assert proposal.edit.after.startswith("23. INSURANCE   Each party shall maintain")


def test_a_title_run_in_before_its_first_sub_clause_is_read() -> None:
    # Set L (Todos Medical): "... of this Agreement. 11. Term and Termination 11.1 This Agreement
    # shall be effective ...": the termination right goes into 11, not into "2. Exclusivity".
    model = _contract("TodosMedicalLtd_20190328")
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("termination-for-convenience"))
    (proposal,) = result.recommendations
    assert proposal.after.startswith("11.")


def test_a_balance_of_page_legend_closes_the_body() -> None:
    # Set L (Oxbow / Global Energy): "... [BALANCE OF PAGE LEFT BLANK. SIGNATURES ON NEXT PAGE] 19":
    # the clause goes before the bracket, not inside it.
    model = _contract("USASYNTHETICFUELCORP_10_21_2010")
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("insurance"))
    (proposal,) = result.recommendations
    assert proposal.edit.before.startswith("[BALANCE OF PAGE LEFT")
