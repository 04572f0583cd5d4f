"""Reject, reopen, reject again: the second rejection is decided (not stale) and only its reason
is the recommendation's reason; the reopened one stays in the trail, never run together with it."""

from __future__ import annotations

import uuid

import pytest
from django.urls import reverse

from review.models import Decision, DecisionOutcome, RecommendationStatus, ReviewStatus
from review.workflow import decision_undo
from tests.review.factories import decide, make_review, shown

pytestmark = pytest.mark.django_db


def reopen(review, decision):  # type: ignore[no-untyped-def]
    review.refresh_from_db()
    return decision_undo(review=review, decision_id=decision.pk, actor=review.owner, idempotency_key=uuid.uuid4().hex)


def test_reject_reopen_reject_keeps_only_the_latest_reason_on_the_page(client) -> None:
    review = make_review()
    decide(review, shown(review, "renewal-term"), "accept")
    decide(review, shown(review, "limitation-of-liability"), "accept")
    first = decide(review, shown(review, "payment-terms"), "reject", reason="Sixty days is our standard.")
    assert first.outcome == DecisionOutcome.REJECTED
    assert reopen(review, Decision.objects.get(pk=first.decision_id)).outcome == DecisionOutcome.REOPENED
    second = decide(review, shown(review, "payment-terms"), "reject", reason="The client agreed to sixty.")
    assert second.outcome == DecisionOutcome.REJECTED, second.message
    review.refresh_from_db()
    assert review.status == ReviewStatus.COMPLETED
    assert review.recommendations.get(rule_id="payment-terms").status == RecommendationStatus.REJECTED
    client.force_login(review.owner)
    page = client.get(reverse("review:detail", args=[review.pk])).content.decode()
    assert "The client agreed to sixty." in page
    # The reopened rejection is in the trail (its decision row), not the recommendation's reason.
    assert "Sixty days is our standard." not in page
    assert Decision.objects.filter(review=review, reason="Sixty days is our standard.").exists()


def test_a_reopened_rejection_is_the_same_edit_again_on_its_card(client) -> None:
    review = make_review()
    rec = shown(review, "payment-terms")
    first = decide(review, rec, "reject", reason="Not now.")
    reopen(review, Decision.objects.get(pk=first.decision_id))
    again = shown(review, "payment-terms")
    assert again.current_proposal_id != rec.current_proposal_id  # a new row: a decision can be written on it
    assert (again.current_proposal.edit, again.current_proposal.after) == (
        rec.current_proposal.edit, rec.current_proposal.after)
    client.force_login(review.owner)
    card = client.get(reverse("review:recommendation", args=[review.pk, again.pk])).content.decode()
    assert "moved to version" not in card  # not shown as a move: the text did not change
    assert decide(review, again, "accept").outcome == DecisionOutcome.APPLIED
