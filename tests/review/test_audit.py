from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

from review.models import ReviewEvent
from tests.review.factories import decide, make_review, shown

pytestmark = pytest.mark.django_db


def reviewed():
    review = make_review()
    decide(review, shown(review, "payment-terms"), "accept")
    decide(review, shown(review, "renewal-term"), "reject", reason="ok")
    return review


def test_an_intact_trail_verifies():
    reviewed()
    call_command("audit_verify")


def test_an_edited_event_is_detected():
    review = reviewed()
    event = review.events.get(kind="decision.rejected")
    ReviewEvent.objects.filter(pk=event.pk).update(data={**event.data, "action": "accept"})
    with pytest.raises(CommandError, match="damaged"):
        call_command("audit_verify")


def test_a_deleted_event_in_the_middle_is_detected():
    review = reviewed()
    review.events.filter(kind="version.created").delete()
    with pytest.raises(CommandError, match="damaged"):
        call_command("audit_verify", review=review.pk)


def test_a_deleted_newest_event_is_detected():
    review = reviewed()
    review.events.order_by("-seq").first().delete()
    with pytest.raises(CommandError, match="damaged"):
        call_command("audit_verify", review=review.pk)


def test_a_rewritten_chain_without_the_head_is_detected():
    review = reviewed()
    # Someone edits an event and recomputes every hash after it: the head on the review differs.
    from review.audit import event_hash

    prev = ""
    for event in review.events.order_by("seq"):
        data = {**event.data, "tampered": True} if event.kind == "decision.applied" else event.data
        digest = event_hash(prev_hash=prev, review_id=review.pk, seq=event.seq, kind=event.kind,
                            actor_id=event.actor_id, data=data, created_at=event.created_at)
        ReviewEvent.objects.filter(pk=event.pk).update(data=data, prev_hash=prev, hash=digest)
        prev = digest
    with pytest.raises(CommandError, match="damaged"):
        call_command("audit_verify", review=review.pk)
