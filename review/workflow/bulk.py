"""Accepting number-only edits in a batch (review/bulk.py says which edits are number-only): only
the edits the confirmation page listed (recommendation and exact text), each re-anchored first and
accepted through ``review_decide`` with its own key (at most once); one that changed meanwhile is
left for its card, and so is one the edit checker found defects in (it needs the lawyer's wording)."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User

from review import selectors
from review.models import RecommendationStatus, Review

from .decisions import review_decide
from .proposals import recommendation_prepare

MAX_BULK_ITEMS = 200


@dataclass(frozen=True)
class BulkResult:
    accepted: int
    skipped: int  # changed or decided meanwhile: left for their cards
    held: int = 0  # the edit checker found defects: never accepted in a batch (docs/decisions/edit-checker.md)


def bulk_accept(*, review: Review, actor: User, items: list[tuple[int, int]], batch: str) -> BulkResult:
    """Accept each ``(recommendation id, proposal id)`` the page listed, if its edit still reads
    as it did there."""
    accepted, skipped, held = 0, 0, 0
    for rec_id, proposal_id in items[:MAX_BULK_ITEMS]:
        shown = selectors.proposal_shown(review, rec_id, proposal_id)
        review.refresh_from_db()
        rec = selectors.recommendation_in(review, rec_id)
        if shown is None or rec is None:
            skipped += 1
            continue
        rec = recommendation_prepare(review=review, recommendation=rec)
        now = rec.current_proposal
        if rec.status != RecommendationStatus.PENDING or now is None or (now.before, now.after) != (
            shown.before, shown.after
        ):
            skipped += 1
            continue
        if now.defects:
            held += 1
            continue
        review.refresh_from_db()
        result = review_decide(review=review, recommendation_id=rec.pk, proposal_id=now.pk, action="accept",
                               actor=actor, idempotency_key=f"bulk:{batch}:{rec.pk}")
        if result.outcome in ("applied", "awaiting_approval"):
            accepted += 1
        else:
            skipped += 1
    return BulkResult(accepted=accepted, skipped=skipped, held=held)
