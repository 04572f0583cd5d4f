"""Property: over random sequences of accept, reject, counter, undo and
approve on a returned draft with tracked and untracked changes, the contract always reads as our
last version with each of their changes applied whole or not at all, or our counter in its
place; and words and digits always agree."""

from __future__ import annotations

import re
import uuid

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contracts.document import structure_of
from contracts.drafting_checks.words_and_digits import words_and_digits
from review.engine.counterparty import RULE_RETURNED
from review.models import Approval, ApprovalStatus, Decision, DecisionOutcome, RecommendationStatus
from review.workflow import approval_decide, decision_undo, recommendation_prepare, review_next_round
from tests.documents.foreign_docs import _p, _r, _rev, foreign_docx
from tests.review.factories import contract_docx, decide, make_review
from tests.review.test_approvals import legal_team, teammate

pytestmark = pytest.mark.django_db

DATE = "2024-11-20T09:30:00Z"
# (ours, their phrase, theirs, tracked?) per paragraph; a counter puts COUNTER[i] in its place.
CLAUSES = [
    ("1. Price. Prices may rise by no more than five percent (5%) a year.", "five percent (5%)",
     "seven percent (7%)", True),
    ("2. Payment. Invoices are due within thirty (30) days of receipt.", "thirty (30)", "sixty (60)", False),
    ("3. Cap. Liability is capped at two (2) times the annual fees.", "two (2)", "three (3)", True),
    ("4. Notice. Either party may end this Agreement on ten (10) days notice.", "ten (10)", "ninety (90)", False),
]
COUNTER = ["six percent (6%)", "forty-five (45)", "four (4)", "thirty (30)"]
GATED = """\
name: Property playbook
party: customer
approvals:
  approver: "group:Senior counsel"
rules:
  - id: law
    title: English law
    severity: medium
    requires_approval: true
    find: {any: ["governed by"]}
    check: {must_not_exist: true}
"""
LAW = "5. Law. This Agreement is governed by the laws of Mars."


def _sent() -> bytes:
    return contract_docx([(None, ours) for ours, *_ in CLAUSES] + [(None, LAW)])


def _returned() -> bytes:
    body = ""
    for ours, old, new, tracked in CLAUSES:
        head, _, tail = ours.partition(old)
        if tracked:
            body += _p(_r(head) + _rev("del", len(body), "Jane Roe", DATE, _r(old, deleted=True))
                       + _rev("ins", len(body) + 1, "Jane Roe", DATE, _r(new)) + _r(tail))
        else:
            body += _p(_r(head + new + tail))
    return foreign_docx(body + _p(_r(LAW)))


ACTIONS = st.lists(st.tuples(st.sampled_from(["accept", "reject", "counter", "undo", "approve"]),
                             st.integers(min_value=0, max_value=2 * len(CLAUSES))), min_size=1, max_size=12)


@pytest.fixture
def approver():  # type: ignore[no-untyped-def]
    from django.contrib.auth.models import Group

    user = teammate(username=f"senior-{uuid.uuid4().hex[:6]}")
    user.groups.add(Group.objects.get_or_create(name="Senior counsel")[0])
    return user


def _allowed(ours: str, old: str, new: str, counter: str) -> set[str]:
    return {ours, ours.replace(old, new), ours.replace(old, counter)}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(actions=ACTIONS)
def test_their_changes_land_whole_or_not_at_all_or_our_counter_in_their_place(approver, actions):
    from tests.review.factories import author_user

    owner = author_user()
    legal_team().members.add(owner)
    review = make_review(owner, playbook=GATED, contract=_sent(), team=legal_team())
    law = review.recommendations.get(rule_id="law")
    review_next_round(review=review, data=_returned(), filename="theirs.docx", actor=owner)
    theirs = list(review.recommendations.filter(rule_id=RULE_RETURNED).order_by("ordinal"))
    items = [*theirs, law]
    for action, index in actions:
        review.refresh_from_db()
        rec = items[index % len(items)]
        rec.refresh_from_db()
        if action == "undo":
            last = Decision.objects.filter(recommendation=rec, outcome__in=[DecisionOutcome.APPLIED,
                                                                            DecisionOutcome.REJECTED]).last()
            if last is not None:
                decision_undo(review=review, decision_id=last.pk, actor=owner, idempotency_key=uuid.uuid4().hex)
            continue
        if action == "approve":
            for approval in Approval.objects.filter(review=review, status=ApprovalStatus.OPEN):
                approval_decide(approval=approval, actor=approver, approve=True)
            continue
        if rec.status != RecommendationStatus.PENDING:
            continue
        rec = recommendation_prepare(review=review, recommendation=rec)
        if rec.status != RecommendationStatus.PENDING:
            continue
        if action == "counter" and rec.rule_id == RULE_RETURNED:
            clause = next(i for i, (ours, *_) in enumerate(CLAUSES) if rec.current_proposal.before in ours)
            result = decide(review, rec, "revise", instruction=f"replace with: {COUNTER[clause]}")
            if result.outcome == DecisionOutcome.REVISED:
                rec.refresh_from_db()
                decide(review, rec, "accept")
        else:
            decide(review, rec, "reject" if action == "reject" else "accept", reason="no")
    review.refresh_from_db()
    model = review.current_version.text_model
    texts = [p.text for p in model.paragraphs if p.text.strip()]
    clauses = [t for t in texts if not t.startswith("5.")]
    assert len(clauses) == len(CLAUSES) and len(theirs) == len(CLAUSES)  # one item per change of theirs
    for text, (ours, old, new, _), counter in zip(clauses, CLAUSES, COUNTER, strict=True):
        assert text in _allowed(ours, old, new, counter), text
    assert words_and_digits(model, structure_of(model)) == []
    assert not re.search(r"\bseven percent \(5%\)|\bfive percent \(7%\)", " ".join(texts))
