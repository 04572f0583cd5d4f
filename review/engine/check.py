"""Stage 2, check (docs/architecture.md "The engine"): a rule's sentences judged by its check kind.

Each kind is a module of review/engine/checks/, found by name in its registry: this stage knows
no kind of its own.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from contracts.document import structure_of
from playbooks.rules import Find, Rule
from review.engine.base import Evidence, RuleResult
from review.engine.checks import RuleContext, evaluator
from review.engine.draft import _WORD, _enclosing_numbers, _number_title, quote, wording_words
from review.engine.find import CompiledFind, PreparedDocument, body_sentences, lead_in_sentences


def run_rule(rule: Rule, document: PreparedDocument, label: str, next_insert: int) -> RuleResult:
    """The result of ``rule`` (written for this contract's parties) on ``document``; ``label`` is
    the playbook's citation label, ``next_insert`` the number of the next inserted paragraph."""
    found = list(CompiledFind.of(rule.find).sentences(document))
    if not found and rule.present_when is not None:
        # The clause in words the ``find`` does not read: the author's own other wordings of it.
        found = body_sentences(rule.present_when, document) or lead_in_sentences(rule.present_when, document)
    base: dict[str, Any] = {"rule_id": rule.id, "title": rule.title, "severity": rule.severity}
    guidance = f" Playbook guidance: {quote(rule.guidance)}." if rule.guidance else ""
    context = RuleContext(
        document=document, base=base, citation=f"{rule.id} @ {label}", guidance=guidance, next_insert=next_insert
    )
    return deciding_first(rule, evaluator(rule.check.kind).evaluate(rule, found, context), document)


# A definition ('"Customer Data" means ...'): what a passed rule reads is the clause that uses the term.
_DEFINITION = re.compile(
    r"^\W{0,3}[\"\u201c][^\"\u201d]{1,80}[\"\u201d]\s+(?:means|shall\s+mean|has\s+the\s+meaning|refers\s+to|includes)\b",
    re.IGNORECASE,
)


def deciding_first(rule: Rule, result: RuleResult, document: PreparedDocument) -> RuleResult:
    """A passed rule's sentences in the order a lawyer checks them: first those in a clause whose title
    names what the rule is about ("Confidentiality" for a rule on confidential information, "Term and
    Termination" for one on terminating), then the others, definitions last; within each, those sharing
    most words with the playbook's own wording first ("Neither party may assign this Agreement without the
    other party's prior written consent" before a licensee's duty to assign its improvements), else in
    the document's order. The finding quotes its first sentences, and a pass quoting a termination clause's
    "return the other party's Confidential Information" for "Confidentiality binds both parties" reads
    as a pass on the wrong clause."""
    if result.status != "ok" or len(result.evidence) < 2:
        return result
    topics = _topics(rule.find)
    structure = structure_of(document.model)
    titles: dict[tuple[int, int], str] = {}
    words = _wording_words(rule)

    def rank(item: tuple[int, Evidence]) -> tuple[int, int, int, int]:
        order, evidence = item
        index = document.model.positions.get(evidence.locator)
        if index is None:
            return (2, 0, 0, order)
        at = (index, evidence.start)
        if at not in titles:
            titles[at] = _title_over(document, structure, index, evidence.start)
        titled = bool(topics) and any(topic in titles[at] for topic in topics)
        shared = len(words & set(_WORD.findall(evidence.sentence.lower())))
        return (0 if titled else 1, 1 if _DEFINITION.match(evidence.sentence) else 0, -shared, order)

    ordered = tuple(evidence for _, evidence in sorted(enumerate(result.evidence), key=rank))
    return result if ordered == result.evidence else replace(result, evidence=ordered)


def _topics(find: Find) -> tuple[str, ...]:
    """What a clause about ``find`` is titled by: its ``all`` phrases, else its ``any`` phrases (a word's
    stem, "confidential" -> "confide"; a phrase of several words whole), else its clause type's words."""
    phrases = find.all or find.any
    if not phrases and find.clause:
        phrases = tuple(w for w in find.clause.split("-") if len(w) >= 5)
    topics = []
    for phrase in phrases:
        words = phrase.lower().split()
        topics.append(" ".join(words) if len(words) > 1 else words[0][:7] if words else "")
    return tuple(t for t in topics if len(t) >= 4)


def _title_over(document: PreparedDocument, structure: Any, index: int, offset: int) -> str:
    """The nearest title over the text at (``index``, ``offset``), lower case: its own clause's, else the
    clause's above it, else the nearest heading above; "" when none. The nearest only: "20.5
    Non-solicitation" under "20. Term and Termination" is no clause on terminating."""
    for number in _enclosing_numbers(structure, index, offset):
        title = _number_title(document, number)
        if title:
            return title
    for i in range(index - 1, max(-1, index - 60), -1):
        if i in structure.headings:
            return document.paragraphs[i].paragraph.text.lower()
    return ""


def _wording_words(rule: Rule) -> set[str]:
    """The words of what the playbook would write for ``rule`` (its first position, as ``closest_to_wording``
    reads it, else its title): the passed sentence sharing most of them is the one about the same thing."""
    wording = re.sub(r"\{[^}]*\}", " ", rule.positions[0] if rule.positions else rule.title)
    return wording_words(wording) - {"them"}


def unchecked(rule: Rule, why: str) -> RuleResult:
    """The result of a rule that could not be checked, saying ``why``."""
    return RuleResult(
        rule_id=rule.id,
        title=rule.title,
        severity=rule.severity,
        status="not_found",
        message=f"Rule {rule.id} could not be checked: {why}",
    )
