"""The drafting checks' registry: each check registers once, with its name, its title and what the
lawyer does about a finding, by decorating the function that detects it.

Pure, no ORM. The checks are the package's other modules (contracts/drafting_checks/__init__.py
imports them in the order their results are listed); review/engine/hygiene.py turns their findings
into rule results.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from documents.docx.model import Edit, TextModel

if TYPE_CHECKING:
    from contracts.structure import Structure


@dataclass(frozen=True)
class Finding:
    check: str
    locator: str
    start: int
    end: int
    text: str  # the words the finding is about, as in the contract
    message: str
    # (what the fix does, the edit) — only where the fix is unambiguous.
    fixes: tuple[tuple[str, Edit], ...] = field(default_factory=tuple)
    # How sure the check is, 0..1: findings below REPORT_AT are not reported (bench/README.md,
    # "Drafting checks", gives the precision measured at each level).
    confidence: float = 1.0


# A lawyer turns off a check that is wrong more often than one time in five: only findings of
# the kinds measured at 80% or better on contracts they were not tuned on are reported.
REPORT_AT = 0.8


Detect = Callable[[TextModel, "Structure"], list[Finding]]


@dataclass(frozen=True)
class DraftingCheck:
    name: str  # "hygiene-unused-term": the rule id its result carries
    title: str  # "Defined terms are used"
    advice: str  # what the lawyer does about a finding, said once per result
    order: int  # where its result is listed among the checks' results
    detect: Detect


# Name -> check, in the order of their results (each check's ``order``, whatever the order in
# which the modules were imported).
CHECKS: dict[str, DraftingCheck] = {}


def drafting_check(name: str, *, title: str, advice: str, order: int) -> Callable[[Detect], Detect]:
    """Registers the decorated function as the drafting check ``name``, listed at ``order``."""

    def register(detect: Detect) -> Detect:
        if name in CHECKS:
            raise ValueError(f"drafting check {name} is registered twice")
        checks = [*CHECKS.values(), DraftingCheck(name=name, title=title, advice=advice, order=order, detect=detect)]
        CHECKS.clear()
        CHECKS.update((check.name, check) for check in sorted(checks, key=lambda check: check.order))
        return detect

    return register
