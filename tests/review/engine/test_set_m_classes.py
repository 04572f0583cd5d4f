"""The classes round 9's set M showed (docs/decisions/redlines-qa.md, "Set M"), each on the text
that showed it, and one the corpus run showed after set L's signature fix."""

from __future__ import annotations

from contracts.structure import build_structure
from review.engine.playbook import PlaybookEngine
from tests.review.engine.test_insertion_titles import _contract
from tests.review.engine.test_set_c_classes import _cuad_coverage, _inserted_anyway


def test_clauses_added_to_a_letter_of_captions_go_under_its_terms_caption() -> None:
    # A two-page hosting letter with captions and no numbers, whose last caption is "Server
    # Software" over a list of packages: the terms go after "Terms of Agreement"'s paragraph on
    # the fees, not under the software.
    model = _contract("BANGIINC_05_25_2005")
    results = PlaybookEngine().analyze(model, _cuad_coverage("governing-law", "anti-assignment", "insurance"))
    proposals = [p for r in results for p in r.recommendations]
    assert len(proposals) == 3
    for proposal in proposals:
        anchor = model.paragraphs[model.positions[proposal.edit.locator]].text
        assert anchor.startswith("Managed hosting fees are $175 per month")


def test_a_signing_lead_in_ending_in_a_colon_opens_the_signatures() -> None:
    # "And in witness, the parties sign on the day and date first above written:" over the names
    # and conformed signatures: the block starts at the lead-in, and no clause goes between them.
    model = _contract("TURNKEYCAPITAL,INC_07_20_2017")
    signature = build_structure(model).signature
    assert signature is not None
    assert model.paragraphs[signature.index].text.startswith("And in witness, the parties sign")
    # (an alliance to raise capital takes no insurance since round 19: without that condition here)
    (result,) = PlaybookEngine().analyze(model, _inserted_anyway("insurance"))
    (proposal,) = result.recommendations
    assert not proposal.defects
    assert model.positions[proposal.edit.locator] < signature.index
