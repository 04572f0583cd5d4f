"""Where a missing clause goes when its rule's anchor is a pattern ("insert_after: {regex:
"\\bterminat"}"): with the clause whose title says the pattern's words ("8. TERM AND TERMINATION"),
not after the first sentence that happens to use them ("2.6 Boxlot Content. ... shall permit
theglobe to terminate immediately"); a clause title opening a paragraph of several sentences is the
title of each of them. Real text: a co-branding agreement of cuad-train, one paragraph a line."""

from __future__ import annotations

import dataclasses
import functools
import gzip
import json

from documents.docx.model import Paragraph, TextModel
from playbooks.loader import load_playbook
from playbooks.services import LIBRARY_DIR
from review.engine.draft import pattern_words
from review.engine.playbook import PlaybookEngine
from tests.conftest import shared_data

CO_BRANDING = "TheglobeComInc_19990503"


@functools.cache
def _contract(prefix: str) -> TextModel:
    with gzip.open(shared_data("cuad-train", "contracts.jsonl.gz"), "rt", encoding="utf-8") as handle:
        (text,) = [row["text"] for row in map(json.loads, handle) if row["cuad_filename"].startswith(prefix)]
    return TextModel(paragraphs=tuple(Paragraph(locator=f"p{i + 1}", text=t) for i, t in enumerate(text.split("\n"))))


def _inserted_after(rule_id: str) -> tuple[str, str]:
    model = _contract(CO_BRANDING)
    playbook = load_playbook((LIBRARY_DIR / "cuad-coverage.yaml").read_bytes())
    only = dataclasses.replace(playbook, rules=tuple(r for r in playbook.rules if r.id == rule_id))
    (result,) = PlaybookEngine().analyze(model, only)
    (proposal,) = result.recommendations
    assert not proposal.defects
    return model.paragraphs[model.positions[proposal.edit.locator]].text, proposal.after


def test_a_pattern_anchor_puts_the_clause_with_the_clause_its_words_title() -> None:
    anchor, inserted = _inserted_after("termination-for-convenience")
    # Under "8.   TERM AND TERMINATION.", after its last ground of termination, "8.5 Termination for
    # Failure to Grow", as 8.5A: before "8.6 Effects of Termination" (after it, as 8.7, the new right
    # would read as one more effect of termination); never among 2.6's words, nor between 8.2 and 8.3.
    assert anchor.lstrip().startswith("8.5  Termination for Failure to Grow.")
    assert inserted.startswith("8.5A ") and "for convenience" in inserted


def test_the_words_of_a_pattern() -> None:
    assert pattern_words(r"\bterminat") == ["terminat"]
    assert pattern_words(r"\b(?:notices?|entire agreement|miscellaneous|general provisions)\b") == [
        "notices", "entire", "miscellaneous", "general"]
    assert pattern_words(None) == [] and pattern_words(r"\b\d+\s*%") == []
    # Who does what is no title: "shall" would take "12.4 Limitation of liability ... shall not apply".
    assert pattern_words(r"\b(?:shall|will)\s+indemnif") == ["indemnif"]


def test_an_amendment_gets_none_of_the_amended_agreements_clauses() -> None:
    # Set C of round 6 (docs/decisions/redlines-qa.md): "AMENDMENT NO. 2 TO MANUFACTURING AND SUPPLY
    # AGREEMENT THIS AMENDMENT NO. 2 (this "Amendment") to the Manufacturing and Supply Agreement ..."
    # got a termination right, a cap and a warranty of its own; "AMENDMENT NO. 1 ... The parties agree
    # to modify the Agreement as follows" got seven clauses. They are the amended agreement's.
    playbook = load_playbook((LIBRARY_DIR / "cuad-coverage.yaml").read_bytes())
    for prefix, amended in (("Columbia Laboratories", "Manufacturing and Supply Agreement"),
                            ("GluMobileInc_20070319_S-1A_EX-10.09_436630_EX-10.09_Content License Agreement2",
                             "Wireless Content License Agreement")):
        model = _contract(prefix)
        results = PlaybookEngine().analyze(model, playbook)
        assert not [p for r in results for p in r.recommendations if p.action == "insert"]
        missing = [r for r in results if r.status == "missing" and r.rule_id == "termination-for-convenience"]
        assert missing and f"an amendment of the {amended}" in missing[0].message


def test_an_agreement_is_no_amendment_because_it_speaks_of_amendments() -> None:
    from review.engine.draft import part_of_another_agreement

    # The agreement itself: its contents list "AMENDMENT" and it may be amended "by a writing".
    assert part_of_another_agreement(_contract("TheglobeComInc_19990503")) == ""
    assert part_of_another_agreement(_contract("VAXCYTE,INC_05_22_2020")) == ""  # "amended and restated" inside


def test_an_addendum_is_read_as_an_amendment_is() -> None:
    from review.engine.draft import part_of_another_agreement

    # "ZEBRA® PARTNERCONNECT PROGRAM ADDENDUM TO ZEBRA® PARTNERCONNECT DISTRIBUTOR AGREEMENT THIS
    # ADDENDUM ("Addendum") is made ...": what it lacks is the distributor agreement's to have.
    assert part_of_another_agreement(_contract("ScansourceInc_20190509_10-Q_EX-10.2")) == (
        "an addendum to the agreement it adds to")
