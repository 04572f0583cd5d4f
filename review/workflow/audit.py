"""The audit trail and the engine history of a review: both are appended under the review lock.

Events are hash-chained (review/audit.py holds the pure hashing) and never hold free text, so
retention can redact a review and its chain still verifies (docs/architecture.md, "Audit").
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from review.audit import event_hash
from review.engine.base import HistoryItem
from review.models import Review, ReviewEvent

from .locks import ReviewLock, lock_review


def event_append(*, review_id: int, kind: str, actor: User | None = None, locked: bool = False,
                 lock: ReviewLock | None = None, **data: Any) -> ReviewEvent:
    """Append an event. The review row is taken first (docs/architecture.md, "Locking"), so
    ``seq`` is computed without a race; ``locked``: the caller's transaction already holds it.
    With a ``lock`` that knows the review row, the event is gathered on it and written by
    ``transitions.review_flush``. Outside a review transaction the unique ``(review, seq)``
    makes a concurrent writer retry."""
    data = json.loads(json.dumps(data, default=str))  # exactly what the JSON column will give back
    if lock is not None and lock.known is not None:
        review = lock.known
        seq, prev_hash, created_at = review.audit_count + 1, review.audit_head, timezone.now()
        digest = event_hash(prev_hash=prev_hash, review_id=review_id, seq=seq, kind=kind,
                            actor_id=actor.pk if actor is not None else None, data=data, created_at=created_at)
        event = ReviewEvent(review_id=review_id, seq=seq, kind=kind, actor=actor, data=data, created_at=created_at,
                            prev_hash=prev_hash, hash=digest)
        review.audit_count, review.audit_head = seq, digest
        lock.events.append(event)
        lock.fields.update(audit_head=digest, audit_count=seq)
        return event
    for _attempt in range(5):
        try:
            with transaction.atomic():
                if not locked:
                    lock_review(review_id)
                last = ReviewEvent.objects.filter(review_id=review_id).order_by("-seq").values("seq", "hash").first()
                seq = (last["seq"] if last else 0) + 1
                prev_hash = last["hash"] if last else ""
                created_at = timezone.now()
                digest = event_hash(prev_hash=prev_hash, review_id=review_id, seq=seq, kind=kind,
                                    actor_id=actor.pk if actor is not None else None, data=data,
                                    created_at=created_at)
                event = ReviewEvent.objects.create(review_id=review_id, seq=seq, kind=kind, actor=actor, data=data,
                                                   created_at=created_at, prev_hash=prev_hash, hash=digest)
                # Every write to the review row bumps its revision (see ReviewLock.known).
                Review.objects.filter(pk=review_id).update(audit_head=digest, audit_count=seq,
                                                           revision=F("revision") + 1)
                return event
        except IntegrityError:
            continue
    raise RuntimeError("could not append a review event")


def history(review: Review) -> tuple[HistoryItem, ...]:
    """The decisions the engine has seen on this review, oldest first."""
    return tuple(HistoryItem(**item) for item in review.engine_snapshot.get("history", []))


def history_append(lock: ReviewLock, item: HistoryItem) -> None:
    """Add a decision to the engine history that every later revision reads. A read, modify
    and write of one JSON column: only safe under the review lock, which ``lock`` proves."""
    review_id = lock.review_id
    review = lock.known if lock.known is not None else Review.objects.get(pk=review_id)
    snapshot = dict(review.engine_snapshot)
    snapshot.setdefault("engine_version", review.engine_version)
    snapshot["history"] = [*snapshot.get("history", []), {"rule_id": item.rule_id, "action": item.action,
                                                          "text": item.text}]
    if lock.known is not None:
        lock.known.engine_snapshot = snapshot
        lock.fields["engine_snapshot"] = snapshot
        return
    Review.objects.filter(pk=review_id).update(engine_snapshot=snapshot, revision=F("revision") + 1)

