"""The one place a review's or an approval's status changes (docs/architecture.md, "Transitions").

Every change is a compare-and-set ``UPDATE ... WHERE status IN (...) [AND revision = r]`` inside
the caller's transaction, checked against the table of allowed moves below, and bumps the
review's ``revision`` so any concurrent writer that read the old row loses its own
compare-and-set. The review's ``UPDATE`` is the first write of the transaction and takes the
review row lock (review/workflow/locks.py); an approval changes only under a ``ReviewLock``, so
the order is always review, then approval.

Adding a status or a move: add it to ``REVIEW_MOVES`` or ``APPROVAL_MOVES`` and call
``review_transition`` / ``approval_transition``; nothing else writes ``status``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import F, Q
from django.utils import timezone

from review.models import (
    RECOMMENDATION_OPEN,
    Approval,
    ApprovalStatus,
    Recommendation,
    Review,
    ReviewEvent,
    ReviewStatus,
)

from .audit import event_append
from .locks import ReviewLock, require_atomic

# Allowed moves: from a status to the statuses it may become. A move to the same status is a
# guarded write that leaves the status as it is (a decision bumps the revision only).
REVIEW_MOVES: dict[str, frozenset[str]] = {
    ReviewStatus.ANALYZING: frozenset({ReviewStatus.ANALYZING, ReviewStatus.AWAITING_DECISION,
                                       ReviewStatus.COMPLETED, ReviewStatus.FAILED, ReviewStatus.CANCELLED}),
    ReviewStatus.AWAITING_DECISION: frozenset({ReviewStatus.AWAITING_DECISION, ReviewStatus.COMPLETED,
                                               ReviewStatus.CANCELLED}),
    # Terminal statuses: a failed analysis may be re-run (admin, reconciler); a completed review
    # reopens only when the reconciler finds an acceptance recorded without its version; a
    # completed, failed or cancelled review may be redacted (same status, fields only).
    ReviewStatus.FAILED: frozenset({ReviewStatus.FAILED, ReviewStatus.ANALYZING}),
    ReviewStatus.COMPLETED: frozenset({ReviewStatus.COMPLETED, ReviewStatus.AWAITING_DECISION}),
    ReviewStatus.CANCELLED: frozenset({ReviewStatus.CANCELLED}),
}

APPROVAL_MOVES: dict[str, frozenset[str]] = {
    ApprovalStatus.OPEN: frozenset({ApprovalStatus.APPROVED, ApprovalStatus.SENT_BACK, ApprovalStatus.WITHDRAWN,
                                    ApprovalStatus.FAILED_APPLICATION}),
    ApprovalStatus.APPROVED: frozenset(),
    ApprovalStatus.SENT_BACK: frozenset(),
    ApprovalStatus.FAILED_APPLICATION: frozenset(),
    ApprovalStatus.WITHDRAWN: frozenset(),
}
APPROVAL_TERMINAL = frozenset(s for s, moves in APPROVAL_MOVES.items() if not moves)


class TransitionError(ValueError):
    """A move the tables above do not allow: a bug in the caller, never a user's error."""


def _check(moves: dict[str, frozenset[str]], sources: frozenset[str], to: str | None) -> None:
    if not sources:
        raise TransitionError("a transition needs the statuses it starts from")
    for source in sources:
        if source not in moves:
            raise TransitionError(f"unknown status {source!r}")
        if to is not None and to not in moves[source]:
            raise TransitionError(f"{source!r} may not become {to!r}")


def review_transition(
    *,
    review_id: int,
    from_: Iterable[str],
    to: str | None = None,
    revision: int | None = None,
    current_version_id: int | None = None,
    when: Q | None = None,
    known: Review | None = None,
    **fields: Any,
) -> ReviewLock | None:
    """Compare-and-set the review from one of ``from_`` to ``to`` (None: keep the status),
    optionally only at ``revision``, ``current_version_id`` and where ``when`` holds, writing
    ``fields`` too. Returns
    the review lock when it won, None when another writer changed the review first (nothing
    written). Must run inside ``transaction.atomic()``. ``known``: the caller's instance of the
    review, read at ``revision``; when the move wins it is brought up to date and the lock knows
    it (see ``ReviewLock``)."""
    require_atomic()
    sources = frozenset(from_)
    _check(REVIEW_MOVES, sources, to)
    rows = Review.objects.filter(pk=review_id, status__in=list(sources))
    if revision is not None:
        rows = rows.filter(revision=revision)
    if current_version_id is not None:
        rows = rows.filter(current_version_id=current_version_id)
    if when is not None:
        rows = rows.filter(when)
    changes: dict[str, Any] = {**fields, "revision": F("revision") + 1}
    if to is not None:
        changes["status"] = to
    if not rows.update(**changes):
        return None
    if known is None or revision is None:
        return ReviewLock(review_id)
    for name, value in fields.items():
        setattr(known, name, value)
    known.revision = revision + 1
    if to is not None:
        known.status = to
    return ReviewLock(review_id, known=known)


def review_flush(lock: ReviewLock) -> None:
    """Write what a lock that knows its review gathered: the new events in one insert, the
    review row's fields in one update."""
    require_atomic()
    if lock.events:
        ReviewEvent.objects.bulk_create(lock.events)
        lock.events = []
    if lock.fields:
        Review.objects.filter(pk=lock.review_id).update(**lock.fields)
        lock.fields = {}


def approval_transition(*, lock: ReviewLock, approval_id: int, to: str, **fields: Any) -> bool:
    """Compare-and-set an open approval of the locked review to ``to``, writing ``fields``.
    False when it was no longer open (someone decided it first)."""
    require_atomic()
    _check(APPROVAL_MOVES, frozenset({ApprovalStatus.OPEN}), to)
    return bool(Approval.objects.filter(pk=approval_id, review_id=lock.review_id,
                                        status=ApprovalStatus.OPEN).update(status=to, **fields))


def review_complete_if_done(lock: ReviewLock, *, open_left: int | None = None) -> bool:
    """Complete the locked review when nothing is left to decide or to approve (``open_left``:
    the caller counted the open recommendations already)."""
    if open_left is None:
        open_left = int(Recommendation.objects.filter(review_id=lock.review_id,
                                                      status__in=list(RECOMMENDATION_OPEN)).exists())
    if open_left:
        return False
    if lock.known is not None:
        _check(REVIEW_MOVES, frozenset({lock.known.status}), ReviewStatus.COMPLETED)
        if lock.known.status != ReviewStatus.AWAITING_DECISION:
            return False
        now = timezone.now()
        lock.known.status, lock.known.completed_at = ReviewStatus.COMPLETED, now
        lock.fields.update(status=ReviewStatus.COMPLETED, completed_at=now)
        event_append(review_id=lock.review_id, kind="review.completed", lock=lock)
        return True
    won = review_transition(review_id=lock.review_id, from_=[ReviewStatus.AWAITING_DECISION],
                            to=ReviewStatus.COMPLETED, completed_at=timezone.now())
    if won:
        event_append(review_id=lock.review_id, kind="review.completed", locked=True)
    return won is not None
