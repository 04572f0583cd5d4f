"""The audit trail and the engine history of a review: both are appended under the review lock.

Events are hash-chained (review/audit.py holds the pure hashing) and never hold free text, so
retention can redact a review and its chain still verifies (docs/architecture.md, "Audit").
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils import timezone

from review.audit import event_hash
from review.engine.base import HistoryItem
from review.models import Review, ReviewEvent

from .locks import ReviewLock, lock_review


def event_append(*, review_id: int, kind: str, actor: AbstractBaseUser | None = None, locked: bool = False,
                 **data: Any) -> ReviewEvent:
    """Append an event. The review row is taken first (docs/architecture.md, "Locking"), so
    ``seq`` is computed without a race; ``locked``: the caller's transaction already holds it.
    Outside a review transaction the unique ``(review, seq)`` makes a concurrent writer retry."""
    data = json.loads(json.dumps(data, default=str))  # exactly what the JSON column will give back
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
                Review.objects.filter(pk=review_id).update(audit_head=digest, audit_count=seq)
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
    review = Review.objects.get(pk=review_id)
    snapshot = dict(review.engine_snapshot)
    snapshot.setdefault("engine_version", review.engine_version)
    snapshot["history"] = [*snapshot.get("history", []), {"rule_id": item.rule_id, "action": item.action,
                                                          "text": item.text}]
    Review.objects.filter(pk=review_id).update(engine_snapshot=snapshot)

