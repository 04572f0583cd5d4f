"""The regex CUAD rules (bench/cuad-coverage-regex.yaml) that used lookaround were rewritten for RE2 (no lookaround): on every
sentence of the real contracts in ../shared/data, each rewritten pattern matches exactly where the
original matched under Python's backtracking engine."""

from __future__ import annotations

import re

import pytest

from documents.docx.model import Paragraph, TextModel
from playbooks.loader import load_playbook
from playbooks.rules import compile_pattern
from review.engine.find import PreparedDocument
from tests.conftest import ROOT, missing_dependency

DATA = ROOT.parent / "shared" / "data"
# The regex-only CUAD rules live on as the baseline of the CUAD bench (the library file now finds
# clauses with the clause model).
LIBRARY = ROOT / "bench" / "cuad-coverage-regex.yaml"

# The patterns as they were, with their lookarounds, run with Python's ``re`` (which backtracks:
# fine on one sentence at a time, which is all this test does).
ORIGINAL = {
    'termination-for-convenience': (
        '\\bterminat\\w*\\b.{0,200}?\\b(?:for\\s+(?:its\\s+|their\\s+)?convenience|without\\s+cause|with\\s+or\\s+witho'
        'ut\\s+cause|for\\s+any\\s+or\\s+no\\s+reason|for\\s+no\\s+reason)\\b|\\bfor\\s+convenience\\b.{0,60}?\\bterminat'
        '|\\bmay\\b(?:\\s+\\w+){0,6}?\\s+terminat\\w*\\b(?:\\s+(?:this|the)\\s+\\w+)?[\\s,]+(?:at\\s+any\\s+time|in\\s+its\\'
        's+sole\\s+discretion|at\\s+its\\s+(?:sole\\s+)?(?:option|discretion)|without\\s+(?:any\\s+)?(?:penalty|lia'
        'bility|cause))\\b|\\bmay\\s+be\\s+terminated\\s+by\\s+\\w+(?:\\s+\\w+)?\\s+(?:at\\s+any\\s+time|in\\s+its\\s+sole\\'
        's+discretion|for\\s+any\\s+reason)|\\bmay\\b(?:\\s+\\w+){0,6}?\\s+terminate\\b[^.;]{0,80}?\\b(?:upon|by\\s+giv'
        "ing|on|with|after)\\s+(?:at\\s+least\\s+|not\\s+less\\s+than\\s+)?[^.;]{0,40}?\\b(?:days?|months?|years?)'?"
        "s?'?\\s+(?:prior\\s+|advance\\s+)?(?:written\\s+)?notice\\b(?![^.;]{0,80}\\b(?:breach|default|fail))|\\bnot"
        'ice\\s*,\\s*\\w+(?:\\s+\\w+)?\\s+may\\s+terminate\\b'
    ),
    'non-compete': (
        '\\bnon-?\\s?compet\\w*|\\bcovenant\\s+not\\s+to\\s+compete\\b|\\bnot\\s+(?:to\\s+)?compete\\b|\\b(?:not|neither|n'
        'or)\\b(?!\\s+limited)(?!\\s+be\\s+limited).{0,150}?\\b(?:directly\\s+or\\s+indirectly|engage|develop|manufa'
        'cture|sell|offer|market|distribute|participate|invest|own|operate)\\w*\\b.{0,200}?\\b(?:compet\\w*|simil'
        'ar\\s+to|same\\s+as|same\\s+or\\s+similar|substantially\\s+similar)\\b|\\bcompetitor\\b.{0,150}?\\b(?:shall\\s'
        '+not|will\\s+not|may\\s+not|terminate)\\b|\\b(?:shall|will|may)\\s+not\\b.{0,150}?\\bcompetitor|\\bcompetiti'
        've\\s+(?:business|activit|products?)\\b.{0,100}?\\b(?:not|prohibit|restrict)|\\b(?:not|prohibit\\w*|restr'
        'ict\\w*)\\b.{0,100}?\\bcompetitive\\s+(?:business|activit|products?)\\b'
    ),
    'exclusivity': (
        '(?<!non-)(?<!non- )(?<!non )\\bexclusive\\b(?!\\s+(?:of|owners?|ownership|property|jurisdiction|remed\\w'
        '*)\\b)[\\s,]+(?:[\\w()-]+[\\s,]+){0,4}?(?:rights?|licen[cs]es?|licensee|distribut\\w*|resellers?|suppl\\w*'
        '|providers?|agen\\w*|basis|territor\\w*|dealing|arrangement|relationship|partner|sales|marketing|repre'
        'sentatives?|purchas\\w*|manufactur\\w*|field|customers?|vendors?)\\b|\\b(?:purchas(?:e|es|ing)|buy|order'
        '|supply|sell|distribute|procure|obtain|source|manufacture)\\b.{0,80}?\\bexclusively\\b|\\bexclusively\\s+'
        '(?:supply|purchase|sell|distribute|buy|manufacture|market|license)\\b|(?<!no\\s)\\bexclusivity\\b|\\b(?:a'
        'll|one\\s+hundred\\s+percent|100%)\\s+(?:of\\s+)?(?:its|their|his)\\s+(?:\\w+\\s+)?requirements\\b|\\bsole\\s+'
        '(?:source|supplier|distributor|provider)\\b'
    ),
}


def sentences() -> list[str]:
    files = sorted((DATA / "cuad" / "txt").glob("*.txt")) + sorted((DATA / "ndas").glob("*.txt"))
    if not files:
        missing_dependency(f"{DATA} has no contracts: tests need ../shared beside the checkout")
    found: list[str] = []
    for path in files:
        lines = path.read_text(encoding="utf-8", errors="replace").split("\n")
        model = TextModel(tuple(Paragraph(locator=f"p{i}", text=line) for i, line in enumerate(lines, 1)))
        for para in PreparedDocument.build(model).paragraphs:
            found.extend(sentence.norm for sentence in para.sentences)
    return found


@pytest.mark.parametrize("rule_id", sorted(ORIGINAL))
def test_the_rewritten_pattern_matches_exactly_where_the_lookaround_did(rule_id: str) -> None:
    spec = load_playbook(LIBRARY.read_bytes())
    rewritten = compile_pattern(spec.rule(rule_id).find.regex or "")
    original = re.compile(ORIGINAL[rule_id], re.IGNORECASE)
    texts = sentences()
    assert len(texts) > 5_000
    differ = [t for t in texts if (rewritten.search(t) is not None) != (original.search(t) is not None)]
    assert differ == []
    assert sum(original.search(t) is not None for t in texts) >= 5  # the rule does find sentences
