"""Small writes of the review app outside the decision state machine (``review/workflow``)."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from .models import RECOMMENDATION_OPEN, Recommendation

MAX_COMMENT_CHARS = 4000


def recommendation_comment_save(*, recommendation: Recommendation, text: str, actor: AbstractBaseUser) -> bool:
    """Keep the lawyer's comment for the other side on a recommendation still open (pending or
    awaiting approval): once decided for good, the comment is what was accepted with it. An
    empty text is kept as empty (no comment), unlike "never edited" (the rule's comment).
    Returns False when nothing changed or the recommendation is no longer open."""
    from .workflow import event_append

    text = text.replace("\r\n", "\n").strip()[:MAX_COMMENT_CHARS]
    with transaction.atomic():
        updated = (
            Recommendation.objects.filter(pk=recommendation.pk, status__in=list(RECOMMENDATION_OPEN))
            .exclude(comment=text)
            .update(comment=text)
        )
        if updated:
            # No free text in events: they are hash-chained and must survive retention unchanged.
            event_append(review_id=recommendation.review_id, kind="comment.edited", actor=actor,
                         recommendation=recommendation.pk, rule=recommendation.rule_id, empty=not text)
    if updated:
        recommendation.comment = text
    return bool(updated)
