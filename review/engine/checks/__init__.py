"""The check kinds (docs/playbook-format.md, "The checks"), one module each, registered in this order.

Adding a check kind: a module here that defines it (its name, how its value is read, how it reads
in words, how a spreadsheet cell writes it, how it is evaluated), its entry in ``KINDS`` below, a
row in docs/playbook-format.md's table of checks (tests/playbooks/test_check_kinds.py holds the
table to the registry), and its tests.
"""

from __future__ import annotations

from review.engine.checks import limits, must_exist, must_match, must_not_exist, must_not_match
from review.engine.checks.registry import EvaluatedCheckKind, RuleContext, evaluator, register

__all__ = ["KINDS", "EvaluatedCheckKind", "RuleContext", "evaluator"]

# The order is the one error messages and the docs list them in.
KINDS: tuple[EvaluatedCheckKind, ...] = (
    *must_exist.KINDS, *must_not_exist.KINDS, *must_match.KINDS, *must_not_match.KINDS, *limits.KINDS,
)
for _kind in KINDS:
    register(_kind)
