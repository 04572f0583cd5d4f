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
    assert anchor.lstrip().startswith("8.2  Termination") and not anchor.lstrip().startswith("2.6")
    assert inserted.startswith("8.") and "for convenience" in inserted


def test_the_words_of_a_pattern() -> None:
    assert pattern_words(r"\bterminat") == ["terminat"]
    assert pattern_words(r"\b(?:notices?|entire agreement|miscellaneous|general provisions)\b") == [
        "notices", "entire", "miscellaneous", "general"]
    assert pattern_words(None) == [] and pattern_words(r"\b\d+\s*%") == []
    # Who does what is no title: "shall" would take "12.4 Limitation of liability ... shall not apply".
    assert pattern_words(r"\b(?:shall|will)\s+indemnif") == ["indemnif"]
