"""Which recommendation a page shows: the one asked for (or the first pending one), prepared on
the review's current version first (invariant 2: re-anchored or re-resolved before it is shown).
If preparing it resolved it (superseded), the next pending one is shown instead."""

from __future__ import annotations

from review import selectors
from review.models import Recommendation, RecommendationStatus, Review

from .proposals import recommendation_prepare


def recommendation_show(review: Review, current: Recommendation | None) -> tuple[Recommendation | None, bool]:
    """The recommendation to show, and whether showing it superseded one (the counts changed)."""
    superseded = False
    for _attempt in range(5):
        if current is None:
            current = selectors.next_pending_of(review)
        if current is None or current.status != RecommendationStatus.PENDING:
            return current, superseded
        prepared = recommendation_prepare(review=review, recommendation=current)
        if prepared.status == RecommendationStatus.PENDING:
            return prepared, superseded
        superseded = True
        review.refresh_from_db()
        current = selectors.next_pending_of(review, after=prepared)
    return current, superseded
