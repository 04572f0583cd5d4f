"""What the workflow answers: results, refusals and the messages a lawyer reads."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from review.models import DecisionOutcome

STALE_MESSAGE = (
    "This changed since you opened it (another tab or a colleague decided first): here is the current state."
)
QUEUED = "queued"  # DecisionResult.outcome of a revision handed to a task (no Decision row yet)
BUSY_MESSAGE = "This recommendation is already being revised; wait for the new edit."
QUEUED_MESSAGE = ("Revising with the language model: the new edit appears here by itself. "
                  "You can decide other recommendations meanwhile.")


class ReviewRefused(Exception):
    """A request the workflow refuses before anything is written (e.g. the active-review cap)."""


class Lost(Exception):
    """Another request moved a row first: the transaction rolls back and the caller looks again."""


@dataclass(frozen=True)
class DecisionResult:
    outcome: str
    message: str
    decision_id: int | None = None
    duplicate: bool = False
    # When the decision took effect: the recommendation as it is now (status, current proposal)
    # and the review's recommendation counts, so the next card needs no second look.
    recommendation: Any = field(default=None, compare=False)
    counts: dict[str, int] | None = field(default=None, compare=False)

    @property
    def level(self) -> str:
        if self.outcome in (DecisionOutcome.APPLIED, DecisionOutcome.REJECTED, DecisionOutcome.REVISED):
            return "success"
        if self.outcome in (QUEUED, DecisionOutcome.AWAITING_APPROVAL):
            return "info"
        if self.outcome == DecisionOutcome.STALE:
            return "warning"
        return "error"


@dataclass(frozen=True)
class ApprovalResult:
    ok: bool
    message: str
