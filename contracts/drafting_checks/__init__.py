"""Drafting checks: what a careful lawyer checks before a contract goes out, with no LLM.

Pure, no ORM, over the text model and its structure (contracts/structure.py), one module per check:

- ``hygiene-undefined-term``: a capitalised term used as a defined term ("the Licensed
  Products", "such Confidential Information") that the contract never defines;
- ``hygiene-unused-term``: a term the contract defines and never uses again;
- ``hygiene-missing-reference``: a cross-reference ("Section 9.4") to a clause the body does not
  have;
- ``hygiene-numbering``: typed clause numbers that skip ("3.1, 3.3") or repeat ("3.2, 3.2");
- ``hygiene-words-digits``: words and digits that disagree ("thirty (60) days").

A check reports only what it read with confidence (a finding below ``REPORT_AT`` is kept for the
bench, not reported): a reference past the end of a cleanly numbered level, two numbers written
alike, a promised definition never given. Only the last check has an unambiguous edit, and
even there the words or the figure may be the one that is wrong, so both fixes are offered as
two recommendations (accepting one supersedes the other: the mismatch is gone). The others are
reported as rule results with their evidence: fixing them needs the lawyer (define the term,
drop the definition, point the reference at the right clause). Decisions and measured
precision: docs/decisions/drafting-checks.md and bench/README.md.

Adding a drafting check is one module here, whose function ``(model, structure) -> list[Finding]``
is decorated with ``@drafting_check(name, title=..., advice=..., order=...)``
(contracts/drafting_checks/registry.py; ``order`` places its result among the others), plus its
import below and its tests in tests/contracts/drafting_checks/. The engine
(review/engine/hygiene.py), the playbook switch (``hygiene: true``) and the review pages read the
registry: nothing else changes.
"""

from __future__ import annotations

from contracts.document import structure_of

# Each import registers its check.
from contracts.drafting_checks import (  # noqa: F401
    clause_numbering,
    missing_references,
    undefined_terms,
    unused_terms,
    words_and_digits,
)
from contracts.drafting_checks.registry import CHECKS, REPORT_AT, DraftingCheck, Finding, drafting_check
from documents.docx.model import TextModel

__all__ = ["CHECKS", "REPORT_AT", "DraftingCheck", "Finding", "drafting_check", "findings"]


def findings(model: TextModel, *, at: float = REPORT_AT) -> list[Finding]:
    """The findings of every check with a confidence of ``at`` or more (``at=0`` gives all, for
    the bench)."""
    structure = structure_of(model)
    out: list[Finding] = []
    for check in CHECKS.values():
        out.extend(f for f in check.detect(model, structure) if f.confidence >= at)
    return out
