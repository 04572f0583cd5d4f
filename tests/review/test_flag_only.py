"""A ``flag_only`` rule end to end: its finding is stored and shown with its evidence, and it
makes no card to decide (docs/playbook-format.md)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from review.models import ReviewStatus
from tests.review.factories import contract_docx, make_review

pytestmark = pytest.mark.django_db

PLAYBOOK = """name: Suspension
rules:
  - id: suspension-without-notice
    title: No suspension without prior notice
    find: {all: ["suspend"]}
    check: {must_not_match: '\\bwith\\s+or\\s+without\\s+notice\\b'}
    flag_only: true
"""

CONTRACT = [
    (None, "SUBSCRIPTION AGREEMENT"),
    (None, "2.2 Suspension. If Customer has an undisputed balance more than 30 days overdue, or breaches Section 2.1, "
           "then Provider may temporarily suspend Customer's access to the Product with or without notice."),
]


def test_a_flagged_finding_is_shown_with_its_evidence_and_asks_for_no_decision(client):
    review = make_review(contract=contract_docx(CONTRACT), playbook=PLAYBOOK)
    assert review.recommendations.count() == 0
    assert review.status == ReviewStatus.COMPLETED  # nothing to decide
    (outcome,) = review.rule_outcomes.all()
    assert outcome.status == "issue" and "with or without notice" in outcome.evidence[0]["sentence"]
    client.force_login(review.owner)
    html = client.get(reverse("review:detail", args=[review.pk])).content.decode()
    assert "No suspension without prior notice" in html
    assert "The playbook flags this for the lawyer and proposes no edit." in html
    version = review.playbook_version
    page = client.get(reverse("playbooks:version", args=[version.playbook_id, version.number])).content.decode()
    assert "flag only, no edit" in page
    # The issues export keeps the note: the lawyer sees why there is nothing to accept.
    from review.exports import issue_rows

    (row,) = [r for r in issue_rows(review) if "suspension-without-notice" in r.rule]
    assert row.status and "proposes no edit" in row.asked_for and "with or without notice" in row.clause
