"""A change clause is rewritten whole (a rule's ``strikes_with``, review/engine/neighbours.py): every look of
rounds 29 to 31 found a new sentence that keeps a struck power to change the terms alive ("We will provide at least
thirty (30) days' notice of material changes", "It will take effect after the notice period", "ANY CHANGES WILL BE
EFFECTIVE IMMEDIATELY UPON YOUR ACCEPTANCE OF THE SAID REVISED TERMS"), each read into the rule's patterns after it
was seen. Read as the clause it is, the clause goes with the power. Text in our own words; each test fails on round
31's tree (7fd3852)."""

from __future__ import annotations

import pytest

from contracts.naming import Parties
from playbooks.loader import load_playbook
from playbooks.loader.issues import PlaybookInvalid
from playbooks.rules import Rule
from review.engine.find import CompiledFind
from review.engine.neighbours import title_about
from tests.review.factories import library_results as _results
from tests.review.factories import text_model as _doc

_PREAMBLE = (
    "Tallow Cloud Terms of Service",
    "These Terms are between Tallow Cloud, Inc. (\u201cTallow\u201d, \u201cwe\u201d, \u201cus\u201d) and the "
    "entity that accepts them (\u201cyou\u201d).",
    "1. Services. We will provide the Services to you under these Terms. You will pay the fees.",
)
_TALLOW = Parties(us="you", them="Tallow", side="customer", corrected=True)


def _changes(*clauses: str) -> list:
    model = _doc(*_PREAMBLE, *clauses, "20. Governing Law. These Terms are governed by the laws of the State of Ohio.")
    return list(_results(model, "saas-customer", "unilateral-changes", parties=_TALLOW)["unilateral-changes"].recommendations)


def _taken(proposals: list) -> str:
    return " | ".join(p.edit.before for p in proposals)


def test_under_a_title_about_changes_the_notice_and_its_effect_go_with_the_power() -> None:
    proposals = _changes(
        "14. Changes to these Terms",
        "We may update these Terms from time to time.",
        "We will give you at least thirty (30) days' notice of material changes by email.",
        "It will take effect at the end of that notice period.",
        "Our failure to enforce any provision is not a waiver of it.",
        "These Terms were last updated on 1 March 2026.",
    )
    taken = _taken(proposals)
    assert "notice of material changes" in taken
    assert "It will take effect at the end of that notice period" in taken
    # (a waiver and the date of the form are no part of the change power)
    assert "waiver" not in taken and "last updated" not in taken
    (replacement,) = [p for p in proposals if p.action == "replace"]
    assert replacement.edit.before.startswith("We may update these Terms")
    assert "signed by" in replacement.after
    assert not any(p.defects for p in proposals)


def test_a_title_that_names_something_else_takes_only_the_sentences_about_changes_to_the_terms() -> None:
    proposals = _changes(
        "14. Term, Termination and Modification",
        "You may terminate these Terms at any time on notice to us.",
        "We may modify these Terms by posting them on our website. ANY CHANGES WILL BE EFFECTIVE UPON YOUR ACCEPTANCE "
        "OF THE REVISED TERMS.",
        "Termination takes effect when the notice is received.",
    )
    taken = _taken(proposals)
    assert "ANY CHANGES WILL BE EFFECTIVE" in taken
    assert "You may terminate" not in taken and "Termination takes effect" not in taken


def test_in_the_powers_own_paragraph_a_policy_updated_from_time_to_time_stays() -> None:
    proposals = _changes(
        "5. General. By using the Services you accept our Privacy Policy, as updated from time to time. We may amend "
        "these Terms at any time without notice. We will try to warn you about major changes to these Terms.",
    )
    taken = _taken(proposals)
    assert "We will try to warn you about major changes to these Terms" in taken
    assert "Privacy Policy" not in taken


def test_a_sub_clause_left_with_its_title_alone_goes_whole() -> None:
    proposals = _changes(
        "13. Changes to these Terms",
        "13.1 Our Right to Change. We may change these Terms at any time.",
        "13.2 Notice. We will give you thirty (30) days' notice before a change to these Terms takes effect.",
    )
    (gone,) = [p for p in proposals if p.edit.kind == "delete_paragraph"]
    assert gone.edit.before.startswith("13.2 Notice.")
    (replacement,) = [p for p in proposals if p.action == "replace"]
    assert replacement.edit.before.startswith("We may change these Terms")  # its title "13.1 Our Right to Change." stays


@pytest.mark.parametrize(
    ("title", "about"),
    [
        ("Changes to these Terms of Service", True),
        ("Amendments", True),
        ("Variations to these Terms", True),
        ("Right to make amendments", True),
        ("Amendment and Waiver", False),
        ("Changes to the Services", False),
        ("Term, Termination and Modification", False),
        ("General", False),
    ],
)
def test_a_title_is_about_changes_only_when_it_names_nothing_else(title: str, about: bool) -> None:
    rule = _rule()
    assert rule.strikes_with is not None
    assert title_about(CompiledFind.of(rule.strikes_with), title) is about


def _rule() -> Rule:
    from playbooks.services import LIBRARY_DIR

    spec = load_playbook((LIBRARY_DIR / "saas-customer.yaml").read_bytes())
    return next(r for r in spec.rules if r.id == "unilateral-changes")


def test_strikes_with_round_trips_and_belongs_to_must_not_match_rules_only() -> None:
    rule = _rule()
    assert Rule.from_dict(rule.to_dict()).strikes_with == rule.strikes_with
    source = b"""
name: Test
version: 1
rules:
  - id: notice
    title: Notice in writing
    find: {any: [notice]}
    check: {must_match: 'writing'}
    positions: ["Notices must be in writing."]
    strikes_with: {any: [notice]}
"""
    with pytest.raises(PlaybookInvalid) as raised:
        load_playbook(source)
    assert "strikes_with" in str(raised.value) and "only applies to must_not_match" in str(raised.value)


def test_terms_that_bind_as_the_vendor_posts_them_go_with_the_power() -> None:
    proposals = _changes(
        "5. General. Additional terms that may be posted on our website from time to time are incorporated into these "
        "Terms. We may modify these Terms at any time. You agree to visit www.tallow.example periodically to review "
        "the terms that apply to you. These Terms are written in English.",
    )
    taken = _taken(proposals)
    assert "Additional terms that may be posted" in taken
    assert "periodically to review" in taken
    assert "written in English" not in taken


def test_a_section_ends_at_the_next_paragraph_set_as_a_heading() -> None:
    """Discord's developer terms set "c. U.S. Federal Agency Entities" as a Heading 2 that the heading reader does
    not take for one (its full stops): the clause under "b. Modification" ends there."""
    from dataclasses import replace

    from documents.docx.model import TextModel

    model = _doc(
        *_PREAMBLE,
        "b. Modification",
        "We may change these Terms from time to time.",
        "c. U.S. Federal Agency Entities",
        "The Services were developed at private expense; any amendment of the federal regulations applies.",
        "20. Governing Law. These Terms are governed by the laws of the State of Ohio.",
    )
    paragraphs = tuple(
        replace(p, heading_level=2) if p.text in ("b. Modification", "c. U.S. Federal Agency Entities") else p
        for p in model.paragraphs
    )
    model = TextModel(paragraphs=paragraphs)
    results = _results(model, "saas-customer", "unilateral-changes", parties=_TALLOW)["unilateral-changes"]
    taken = _taken(list(results.recommendations))
    assert "We may change these Terms" in taken
    assert "private expense" not in taken
