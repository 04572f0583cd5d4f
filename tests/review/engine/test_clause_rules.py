"""Playbook rules on clause types: validation, must_exist, combining with phrases, limits inside the clause."""

from __future__ import annotations

from pathlib import Path

import pytest

from documents.docx.model import Paragraph, TextModel
from playbooks.loader import load_playbook
from playbooks.loader.issues import PlaybookInvalid
from review.engine.playbook import PlaybookEngine

DEV = Path(__file__).resolve().parents[3].parent / "shared" / "data" / "cuad" / "txt"


def text_model(*texts: str) -> TextModel:
    return TextModel(paragraphs=tuple(Paragraph(locator=f"p{i + 1}", text=t) for i, t in enumerate(texts)))


def playbook(find: str, check: str = "{must_exist: true}", positions: bool = True) -> str:
    return (
        "name: Clause rules\nrules:\n  - id: cap\n    title: Liability is capped\n    severity: critical\n"
        f"    find: {find}\n    check: {check}\n"
        + ('    positions: ["Neither party\'s total liability shall exceed the fees paid."]\n' if positions else "")
    )


CAP = (
    "Notwithstanding any provision in this Agreement, the Supplier's total liability under this Agreement "
    "shall not exceed the payments made to the Supplier by the Customer under this Agreement during the three (3) months "
    "before the claim."
)


def test_a_clause_type_validates_and_round_trips():
    spec = load_playbook(playbook("{clause: cap-on-liability, min_confidence: 0.6}"))
    find = spec.rules[0].find
    assert find.clause == "cap-on-liability" and find.min_confidence == 0.6
    assert type(find).from_dict(find.to_dict()) == find


def test_an_unknown_clause_type_is_refused_with_its_line_and_a_did_you_mean():
    with pytest.raises(PlaybookInvalid) as caught:
        load_playbook(playbook("{clause: cap-on-liabilty}"))
    (issue,) = caught.value.errors
    assert issue.line == 6 and issue.field == "find.clause"
    assert "unknown clause type 'cap-on-liabilty'" in str(issue) and "did you mean 'cap-on-liability'?" in str(issue)


@pytest.mark.parametrize("value", ["1.5", "high", "-0.1"])
def test_min_confidence_must_be_a_number_from_0_to_1(value):
    with pytest.raises(PlaybookInvalid, match="min_confidence: must be a number from 0 to 1"):
        load_playbook(playbook(f"{{clause: cap-on-liability, min_confidence: {value}}}"))


def test_must_exist_on_a_clause_type_is_ok_only_when_a_passage_of_that_type_exists():
    spec = load_playbook(playbook("{clause: cap-on-liability}"))
    engine = PlaybookEngine()
    (ok,) = engine.analyze(text_model("1. Definitions", CAP), spec)
    assert ok.status == "ok"
    assert ok.evidence[0].clause_type == "cap-on-liability" and ok.evidence[0].confidence >= 0.5
    assert ok.evidence[0].clause_title == "Cap on Liability"
    # The heading alone does not satisfy the rule (it did with the old patterns).
    (missing,) = engine.analyze(text_model("7. Limitation of Liability.", "The Customer shall pay each invoice."), spec)
    assert missing.status == "missing" and missing.recommendations[0].action == "insert"


def test_clause_and_phrases_must_hold_on_the_same_sentence():
    engine = PlaybookEngine()
    model = text_model(CAP, "The fees are payable monthly.")
    (found,) = engine.analyze(model, load_playbook(playbook('{clause: cap-on-liability, any: ["months"]}')))
    assert found.status == "ok"
    (absent,) = engine.analyze(model, load_playbook(playbook('{clause: cap-on-liability, any: ["monthly"]}')))
    assert absent.status == "missing"  # "monthly" is in another sentence, not in the cap


def test_a_limit_check_reads_numbers_only_inside_the_clause_found():
    notice = dev_line_renewal()
    model = text_model("Invoices are payable within ninety (90) days of receipt.", notice)
    spec = load_playbook(playbook("{clause: notice-period-to-terminate-renewal}", "{max_days: 30}", positions=False))
    (result,) = PlaybookEngine().analyze(model, spec)
    assert result.evidence and all(e.locator == "p2" for e in result.evidence)
    assert result.status == "issue"  # sixty days' notice > 30; the 90 days of the payment term are not read


def dev_line_renewal() -> str:
    return (
        "This Agreement shall renew automatically for successive one (1) year terms unless either party gives the other "
        "written notice of non-renewal at least sixty (60) days prior to the end of the then-current term."
    )
