"""Real concurrency on PostgreSQL: threads with their own connections deciding at once."""

from __future__ import annotations

import threading
import uuid

import pytest
from django.db import connections

from documents.models import DocumentVersion
from review.models import Decision, DecisionOutcome, Review
from review.workflow import review_decide
from tests.review.factories import make_review, shown

pytestmark = pytest.mark.postgres


def run_at_once(functions) -> list:
    barrier = threading.Barrier(len(functions))
    results: list = [None] * len(functions)

    def runner(index: int, function) -> None:
        try:
            barrier.wait()
            results[index] = function()
        except Exception as exc:  # surfaced by the assertions below
            results[index] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=runner, args=(i, f)) for i, f in enumerate(functions)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def decide_in_thread(review_id: int, rec_id: int, proposal_id: int, action: str, key: str | None = None):
    def call():
        review = Review.objects.get(pk=review_id)
        return review_decide(review=review, recommendation_id=rec_id, proposal_id=proposal_id, action=action,
                             actor=review.owner, idempotency_key=key or uuid.uuid4().hex)
    return call


def test_two_decisions_for_one_recommendation_at_once_give_one_decision_and_at_most_one_version():
    review = make_review()
    rec = shown(review, "payment-terms")
    calls = [decide_in_thread(review.pk, rec.pk, rec.current_proposal_id, action)
             for action in ("accept", "accept", "reject", "accept", "revise")]
    results = run_at_once(calls)
    assert not [r for r in results if isinstance(r, Exception)], results
    effective = Decision.objects.filter(recommendation=rec, outcome__in=["applied", "rejected", "revised"])
    assert effective.count() == 1
    assert sum(1 for r in results if r.outcome in ("applied", "rejected", "revised")) == 1
    versions = DocumentVersion.objects.filter(document=review.document).count()
    assert versions == (2 if effective.get().outcome == DecisionOutcome.APPLIED else 1)


def test_the_same_request_retried_concurrently_records_one_decision():
    review = make_review()
    rec = shown(review, "payment-terms")
    calls = [decide_in_thread(review.pk, rec.pk, rec.current_proposal_id, "accept", key="one-key") for _ in range(4)]
    results = run_at_once(calls)
    assert not [r for r in results if isinstance(r, Exception)], results
    assert {r.outcome for r in results} == {"applied"}
    assert Decision.objects.filter(review=review).count() == 1
    assert DocumentVersion.objects.filter(document=review.document).count() == 2


def test_accepting_two_different_recommendations_at_once_never_forks_the_version_chain():
    review = make_review()
    recs = [shown(review, "payment-terms"), shown(review, "renewal-term")]
    calls = [decide_in_thread(review.pk, r.pk, r.current_proposal_id, "accept") for r in recs]
    results = run_at_once(calls)
    assert not [r for r in results if isinstance(r, Exception)], results
    applied = [r for r in results if r.outcome == "applied"]
    assert len(applied) >= 1
    numbers = list(DocumentVersion.objects.filter(document=review.document).order_by("number")
                   .values_list("number", flat=True))
    assert numbers == list(range(1, len(applied) + 2))
    review.refresh_from_db()
    assert review.current_version.number == numbers[-1]
    # The loser (if any) was told the document changed; its recommendation is still pending.
    for result in results:
        if result.outcome != "applied":
            assert result.outcome == "stale"


def test_concurrent_approve_and_send_back_give_one_outcome():
    from django.contrib.auth.models import Group

    from review.models import Approval, ApprovalStatus
    from review.workflow import approval_decide
    from tests.factories import UserFactory
    from tests.review.test_approvals import gated_review, legal_team

    group, _ = Group.objects.get_or_create(name="Senior counsel")
    seniors = [UserFactory(username=f"senior{i}") for i in range(4)]
    for senior in seniors:
        senior.groups.add(group)
        legal_team().members.add(senior)
    review = gated_review()
    rec = shown(review, "payment-terms")
    review_decide(review=review, recommendation_id=rec.pk, proposal_id=rec.current_proposal_id, action="accept",
                  actor=review.owner, idempotency_key="gate")
    approval_id = Approval.objects.get(review=review).pk

    def act(senior, approve: bool):
        def call():
            approval = Approval.objects.get(pk=approval_id)
            return approval_decide(approval=approval, actor=senior, approve=approve, comment="no")
        return call

    results = run_at_once([act(seniors[0], True), act(seniors[1], False), act(seniors[2], True),
                           act(seniors[3], False)])
    assert not [r for r in results if isinstance(r, Exception)], results
    assert sum(1 for r in results if r.ok) == 1
    approval = Approval.objects.get(pk=approval_id)
    versions = DocumentVersion.objects.filter(document=review.document).count()
    if approval.status == ApprovalStatus.APPROVED:
        assert versions == 2 and rec.__class__.objects.get(pk=rec.pk).status == "accepted"
    else:
        assert approval.status == ApprovalStatus.SENT_BACK
        assert versions == 1 and rec.__class__.objects.get(pk=rec.pk).status == "pending"


def test_the_engine_history_loses_no_entry_when_decisions_and_failed_revisions_race():
    """Failed revisions ("not understood") and rejections append to the same JSON history at
    once: each append takes the review lock, so none overwrites another."""
    lost = []
    for _round in range(4):
        review = make_review()
        recs = list(review.recommendations.order_by("ordinal"))
        target, others = recs[0], recs[1:]
        calls = []
        for i in range(3):
            def revise(i=i, review_id=review.pk, target=target):
                r = Review.objects.get(pk=review_id)
                return review_decide(review=r, recommendation_id=target.pk, proposal_id=target.current_proposal_id,
                                     action="revise", actor=r.owner, idempotency_key=uuid.uuid4().hex,
                                     instruction=f"make it {('sparkle', 'glitter', 'shine')[i]} like gold")
            calls.append(revise)
        for rec in others:
            calls.append(decide_in_thread(review.pk, rec.pk, rec.current_proposal_id, "reject"))
        results = run_at_once(calls)
        assert not [r for r in results if isinstance(r, Exception)], results
        review.refresh_from_db()
        history = review.engine_snapshot["history"]
        not_understood = [h for h in history if h["text"].startswith("(not understood)")]
        rejected = [h for h in history if h["action"] == "reject"]
        n_rejected = Decision.objects.filter(review=review, outcome=DecisionOutcome.REJECTED).count()
        if len(not_understood) != 3 or len(rejected) != n_rejected:
            lost.append((len(not_understood), len(rejected), n_rejected, [getattr(r, "message", r)[:60] for r in results]))
    assert lost == []


def test_approving_and_cancelling_at_once_take_the_review_first_and_agree():
    """The approver's decision and the lawyer's cancel both take the review row first, then the
    approval: no deadlock, and one coherent outcome (approved before the cancel, or withdrawn)."""
    from django.contrib.auth.models import Group

    from review.models import Approval, ApprovalStatus
    from review.workflow import approval_decide, review_cancel
    from tests.factories import UserFactory
    from tests.review.test_approvals import gated_review, legal_team

    group, _ = Group.objects.get_or_create(name="Senior counsel")
    senior = UserFactory(username="senior-racer")
    senior.groups.add(group)
    legal_team().members.add(senior)
    for _round in range(4):
        review = gated_review()
        rec = shown(review, "payment-terms")
        review_decide(review=review, recommendation_id=rec.pk, proposal_id=rec.current_proposal_id,
                      action="accept", actor=review.owner, idempotency_key=uuid.uuid4().hex)
        approval_id = Approval.objects.get(review=review).pk

        def approve(approval_id=approval_id):
            return approval_decide(approval=Approval.objects.get(pk=approval_id), actor=senior, approve=True)

        def cancel(review_id=review.pk):
            r = Review.objects.get(pk=review_id)
            return review_cancel(review=r, actor=r.owner)

        results = run_at_once([approve, cancel])
        assert not [r for r in results if isinstance(r, Exception)], results
        approval = Approval.objects.get(pk=approval_id)
        review.refresh_from_db()
        versions = DocumentVersion.objects.filter(document=review.document).count()
        assert review.status == "cancelled" and results[1] is True
        if results[0].ok:
            assert approval.status == ApprovalStatus.APPROVED and versions == 2
        else:
            assert approval.status == ApprovalStatus.WITHDRAWN and versions == 1
