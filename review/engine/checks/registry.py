"""The engine side of the check kinds: what a kind is given to evaluate, and where kinds register.

``register`` puts a kind in both registries: playbooks/checks.py (read by the loader, the
spreadsheet import and the presentation) and the one here, which maps each name to the kind's
``evaluate`` for stage 2, check (review/engine/check.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from playbooks import checks as playbook_checks
from playbooks.rules import Rule
from review.engine.base import RuleResult
from review.engine.find import PreparedDocument, Sentence


@dataclass(frozen=True)
class RuleContext:
    """What a check kind is given besides its rule and the sentences its ``find`` selected."""

    document: PreparedDocument
    base: dict[str, Any]  # rule_id, title, severity: every result of the rule starts with them
    citation: str  # "RULE @ PLAYBOOK", cited in every explanation
    guidance: str  # " Playbook guidance: “...”." or ""
    next_insert: int  # the locator number the next inserted paragraph takes (n<k>)

    def nothing_found(self) -> RuleResult:
        return RuleResult(
            **self.base, status="not_found", message="No sentence of the contract is about this rule."
        )


class EvaluatedCheckKind(playbook_checks.CheckKind, Protocol):
    def evaluate(self, rule: Rule, found: list[Sentence], context: RuleContext) -> RuleResult:
        """The rule's result on ``found`` (its ``find``'s sentences, possibly none)."""
        ...


_EVALUATED: dict[str, EvaluatedCheckKind] = {}


def register(kind: EvaluatedCheckKind) -> None:
    playbook_checks.register(kind)
    _EVALUATED[kind.name] = kind


def evaluator(name: str) -> EvaluatedCheckKind:
    return _EVALUATED[name]
