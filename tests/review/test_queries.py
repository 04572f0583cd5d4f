"""The decision path's SQL budget: one accept, reject or revise over HTTP (the HTMX request that
answers with the next card) costs at most 15 queries, whatever the version (bench/README.md,
"Throughput under concurrency")."""

from __future__ import annotations

import uuid

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from review.models import Decision, DecisionOutcome, RecommendationStatus
from tests.review.factories import make_review, shown

# Outside a test transaction, as in production: no savepoint of the test's own in the count.
pytestmark = pytest.mark.django_db(transaction=True)

BUDGET = 15


def post_decision(client, review, rec, action: str, **extra: str):
    with CaptureQueriesContext(connection) as capture:
        response = client.post(reverse("review:decide", args=[review.pk]), {
            "recommendation": rec.pk, "proposal": rec.current_proposal_id, "action": action,
            "key": uuid.uuid4().hex, **extra,
        }, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    # Transaction control (BEGIN, and SQLite's COMMIT) is logged differently by each backend:
    # left out, so the count is the same on SQLite and PostgreSQL.
    return response, [q["sql"] for q in capture.captured_queries
                      if q["sql"] not in ("BEGIN", "BEGIN IMMEDIATE", "COMMIT")]


@pytest.mark.parametrize(("action", "extra", "outcome"), [
    ("accept", {}, DecisionOutcome.APPLIED),
    ("reject", {"reason": "We live with 60 days."}, DecisionOutcome.REJECTED),
    ("revise", {"instruction": "45 days"}, DecisionOutcome.REVISED),
])
def test_a_decision_costs_at_most_the_budget_of_queries(client, action, extra, outcome):
    review = make_review()
    client.force_login(review.owner)
    client.get(reverse("review:detail", args=[review.pk]))  # the session exists, as in real use
    # A decision first: the budget holds on a later version, and the next card (the one after
    # the measured decision) is on an older version, so it is re-anchored in the count.
    post_decision(client, review, shown(review, "renewal-term"), "accept")
    rec = shown(review, "payment-terms")
    response, queries = post_decision(client, review, rec, action, **extra)
    assert Decision.objects.get(recommendation=rec, outcome=outcome)
    assert len(queries) <= BUDGET, f"{len(queries)} queries:\n" + "\n".join(q[:200] for q in queries)
    rec.refresh_from_db()
    assert rec.status == (RecommendationStatus.PENDING if action == "revise" else
                          RecommendationStatus.ACCEPTED if action == "accept" else RecommendationStatus.REJECTED)
    assert "rec-card" in response.content.decode() or "card" in response.content.decode()
