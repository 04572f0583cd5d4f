"""Stage 2, check (docs/architecture.md "The engine"): a rule's sentences judged by its check kind.

Each kind is a module of review/engine/checks/, found by name in its registry: this stage knows
no kind of its own.
"""

from __future__ import annotations

from typing import Any

from playbooks.rules import Rule
from review.engine.base import RuleResult
from review.engine.checks import RuleContext, evaluator
from review.engine.draft import quote
from review.engine.find import CompiledFind, PreparedDocument, body_sentences


def run_rule(rule: Rule, document: PreparedDocument, label: str, next_insert: int) -> RuleResult:
    """The result of ``rule`` (written for this contract's parties) on ``document``; ``label`` is
    the playbook's citation label, ``next_insert`` the number of the next inserted paragraph."""
    found = list(CompiledFind.of(rule.find).sentences(document))
    if not found and rule.present_when is not None:
        # The clause in words the ``find`` does not read: the author's own other wordings of it.
        found = body_sentences(rule.present_when, document)
    base: dict[str, Any] = {"rule_id": rule.id, "title": rule.title, "severity": rule.severity}
    guidance = f" Playbook guidance: {quote(rule.guidance)}." if rule.guidance else ""
    context = RuleContext(
        document=document, base=base, citation=f"{rule.id} @ {label}", guidance=guidance, next_insert=next_insert
    )
    return evaluator(rule.check.kind).evaluate(rule, found, context)


def unchecked(rule: Rule, why: str) -> RuleResult:
    """The result of a rule that could not be checked, saying ``why``."""
    return RuleResult(
        rule_id=rule.id,
        title=rule.title,
        severity=rule.severity,
        status="not_found",
        message=f"Rule {rule.id} could not be checked: {why}",
    )
