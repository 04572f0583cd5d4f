"""The lock order of the workflow (docs/architecture.md, "Locking"): the review row first,
always, then the approval, then the recommendation, then the rows they own (decisions,
proposals, versions, jobs, events).

On PostgreSQL the first write of a review transaction is the compare-and-set ``UPDATE`` of its
review row (review/workflow/transitions.py), which takes the row lock; a transaction that writes
a review's rows without changing the review takes the same lock with ``lock_review``. So two
writers of one review always queue on the same row and can never wait for each other in a
circle. SQLite's immediate transactions (config/settings.py) serialise every writer anyway.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db import connection

from review.models import Review, ReviewEvent


class LockOrderError(RuntimeError):
    """A write of the workflow ran outside a transaction, where no lock is held."""


@dataclass
class ReviewLock:
    """Proof that the current transaction holds the review row: the functions that write a
    review's dependent rows (an approval's status, the engine history) take one, so a caller
    cannot reach them without taking the review first.

    ``known``: the review as it is under the lock, when the compare-and-set matched the revision
    it was read at (every write to the review row bumps ``revision``, so nothing in it changed
    since). Then the writes to the review row itself (audit head, engine history, cursor,
    completion) and the new events are gathered here and written once, by
    ``transitions.review_flush``, at the end of the transaction: a decision costs two queries for
    all of them instead of a few per event."""

    review_id: int
    known: Review | None = None
    events: list[ReviewEvent] = field(default_factory=list)
    fields: dict[str, Any] = field(default_factory=dict)


def require_atomic() -> None:
    if not connection.in_atomic_block:
        raise LockOrderError("a workflow write must run inside transaction.atomic()")


def lock_review(review_id: int) -> ReviewLock:
    """Take the review row for the rest of the transaction, without changing it."""
    require_atomic()
    list(Review.objects.select_for_update(no_key=True).filter(pk=review_id).values_list("pk"))
    return ReviewLock(review_id)
