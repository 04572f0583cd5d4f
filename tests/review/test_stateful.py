"""A Hypothesis state machine drives random accept / reject / revise / duplicate / stale / reload
sequences and checks the workflow's invariants after every step."""

from __future__ import annotations

import uuid

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from documents.models import DocumentVersion
from review.models import Decision, DecisionOutcome, RecommendationStatus, Review, ReviewStatus
from review.workflow import recommendation_prepare, review_decide
from tests.review.factories import make_review

INSTRUCTIONS = ["softer", "stricter", "mutual", "45 days", "replace with: Payment is due on receipt.", "gibberish"]


@pytest.mark.django_db
class TestReviewMachine:
    def test_random_sequences_keep_the_invariants(self):
        run_state_machine()


class ReviewMachine(RuleBasedStateMachine):
    @initialize()
    def start(self) -> None:
        self.review = make_review()
        self.last_request: dict | None = None
        self.old_proposals: list[tuple[int, int]] = []

    def _pending(self):
        return list(self.review.recommendations.filter(status=RecommendationStatus.PENDING).order_by("ordinal"))

    def _send(self, rec_id: int, proposal_id: int, action: str, key: str, **extra: str):
        self.review.refresh_from_db()
        self.last_request = {"rec_id": rec_id, "proposal_id": proposal_id, "action": action, "key": key, **extra}
        return review_decide(review=self.review, recommendation_id=rec_id, proposal_id=proposal_id, action=action,
                             actor=self.review.owner, idempotency_key=key, **extra)

    @rule(data=st.data(), action=st.sampled_from(["accept", "reject", "revise"]))
    def decide_shown(self, data, action: str) -> None:
        pending = self._pending()
        if not pending:
            return
        rec = data.draw(st.sampled_from(pending))
        self.review.refresh_from_db()
        rec = recommendation_prepare(review=self.review, recommendation=rec)
        if rec.status != RecommendationStatus.PENDING:
            return
        self.old_proposals.append((rec.pk, rec.current_proposal_id))
        extra = {"instruction": data.draw(st.sampled_from(INSTRUCTIONS))} if action == "revise" else {}
        result = self._send(rec.pk, rec.current_proposal_id, action, uuid.uuid4().hex, **extra)
        assert result.outcome in {o.value for o in DecisionOutcome}

    @rule()
    def duplicate(self) -> None:
        if self.last_request is None:
            return
        before = Decision.objects.filter(review=self.review).count()
        request = dict(self.last_request)
        first = Decision.objects.filter(review=self.review, idempotency_key=request["key"]).first()
        result = self._send(request.pop("rec_id"), request.pop("proposal_id"), request.pop("action"),
                            request.pop("key"), **request)
        assert Decision.objects.filter(review=self.review).count() == before
        if first is not None:
            assert result.duplicate and result.outcome == first.outcome

    @rule(data=st.data(), action=st.sampled_from(["accept", "reject"]))
    def stale_click(self, data, action: str) -> None:
        if not self.old_proposals:
            return
        rec_id, proposal_id = data.draw(st.sampled_from(self.old_proposals))
        versions_before = DocumentVersion.objects.filter(document=self.review.document).count()
        rec = self.review.recommendations.get(pk=rec_id)
        current = rec.status == RecommendationStatus.PENDING and rec.current_proposal_id == proposal_id
        result = self._send(rec_id, proposal_id, action, uuid.uuid4().hex)
        if not current:
            assert result.outcome == DecisionOutcome.STALE
            assert DocumentVersion.objects.filter(document=self.review.document).count() == versions_before

    @rule()
    def reload(self) -> None:
        # A reload (or a second tab) starts from the database alone.
        self.review = Review.objects.get(pk=self.review.pk)

    @invariant()
    def versions_are_one_plus_accepted_edits(self) -> None:
        if not hasattr(self, "review"):
            return
        applied = Decision.objects.filter(review=self.review, outcome=DecisionOutcome.APPLIED).count()
        versions = DocumentVersion.objects.filter(document=self.review.document)
        assert versions.count() == 1 + applied
        assert versions.filter(decision__isnull=False).count() == applied

    @invariant()
    def at_most_one_effective_decision_per_proposal(self) -> None:
        if not hasattr(self, "review"):
            return
        effective = Decision.objects.filter(review=self.review, outcome__in=["applied", "rejected", "revised"])
        proposals = list(effective.values_list("proposal_id", flat=True))
        assert len(proposals) == len(set(proposals))

    @invariant()
    def active_iff_something_is_pending(self) -> None:
        if not hasattr(self, "review"):
            return
        review = Review.objects.get(pk=self.review.pk)
        pending = review.recommendations.filter(status=RecommendationStatus.PENDING).exists()
        assert (review.status == ReviewStatus.AWAITING_DECISION) == pending
        if review.status == ReviewStatus.COMPLETED:
            assert not pending

    @invariant()
    def cursor_is_the_newest_version(self) -> None:
        if not hasattr(self, "review"):
            return
        review = Review.objects.get(pk=self.review.pk)
        newest = DocumentVersion.objects.filter(document=review.document).order_by("-number").first()
        assert review.current_version_id == newest.pk


def run_state_machine() -> None:
    from hypothesis.stateful import run_state_machine_as_test

    run_state_machine_as_test(
        ReviewMachine,
        settings=settings(max_examples=25, stateful_step_count=20, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]),
    )
