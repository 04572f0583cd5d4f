"""Recording decisions: the guarded decision transaction, duplicates, and outcomes that change
nothing. At most once (docs/architecture.md, "Idempotency"): a decision carries the proposal id
and the request's idempotency key, and the unique constraints make a second apply impossible;
a duplicate gets the first answer back.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import F

from review.models import Decision, Proposal, Recommendation, Review, ReviewStatus, RevisionJob

from .audit import event_append
from .locks import ReviewLock, lock_review
from .results import QUEUED, QUEUED_MESSAGE, DecisionResult, Lost
from .transitions import review_flush, review_transition


def decision_existing(review: Review, key: str, *, may_be_queued: bool = True) -> DecisionResult | None:
    """The answer already given to this idempotency key, counted as a duplicate; None if new."""
    decision = Decision.objects.filter(review=review, idempotency_key=key).first()
    if decision is None:
        # Only a revise can have been handed to a task (a revision job, no decision yet).
        if may_be_queued and RevisionJob.objects.filter(review=review, idempotency_key=key).exists():
            return DecisionResult(outcome=QUEUED, message=QUEUED_MESSAGE, duplicate=True)
        return None
    Decision.objects.filter(pk=decision.pk).update(duplicate_count=F("duplicate_count") + 1)
    return DecisionResult(outcome=decision.outcome, message=decision.message, decision_id=decision.pk, duplicate=True)


def decision_record(
    *, review: Review, recommendation: Recommendation, proposal: Proposal, action: str,
    actor: User, key: str, outcome: str, message: str, reason: str = "", instruction: str = "",
) -> DecisionResult:
    """Record a decision that changes nothing (stale, failed) — never fails on a retry."""
    try:
        with transaction.atomic():
            lock_review(review.pk)
            decision = Decision.objects.create(
                review=review, recommendation=recommendation, proposal=proposal, action=action, actor=actor,
                reason=reason, instruction=instruction, idempotency_key=key, outcome=outcome, message=message,
            )
            event_append(review_id=review.pk, kind=f"decision.{outcome}", actor=actor, decision=decision.pk,
                         recommendation=recommendation.pk, rule=recommendation.rule_id, action=action, locked=True)
    except IntegrityError:
        return decision_existing(review, key) or DecisionResult(outcome=outcome, message=message)
    return DecisionResult(outcome=outcome, message=message, decision_id=decision.pk)


def decision_guarded(review: Review, body: Callable[[ReviewLock], DecisionResult]) -> DecisionResult | None:
    """Run ``body`` in a transaction that first wins the review's compare-and-set (same
    revision, still awaiting a decision, same cursor); None when another request changed the
    review first, or ``body`` lost a compare-and-set of its own (nothing written)."""
    try:
        with transaction.atomic():
            lock = review_transition(review_id=review.pk, from_=[ReviewStatus.AWAITING_DECISION],
                                     revision=review.revision, current_version_id=review.current_version_id,
                                     known=review)
            if lock is None:
                return None
            result = body(lock)
            review_flush(lock)
            return result
    except (Lost, IntegrityError):
        review.refresh_from_db()  # the in-memory row followed the rolled-back writes
        return None
    except BaseException:
        review.refresh_from_db()
        raise
