from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from documents.models import Blob, DocumentVersion
from review.models import Approval, Decision, Proposal, Recommendation, Review, ReviewStatus, RuleOutcome
from review.retention import redact_expired
from tests.review.factories import CONTRACT_PARAGRAPHS, contract_docx, decide, make_review, shown

pytestmark = pytest.mark.django_db

SECRET = "Customer shall pay all invoices within sixty (60) days"


def finished_review(days_ago: int, *, unique: bool = False, contract: bytes | None = None) -> Review:
    paragraphs = [*CONTRACT_PARAGRAPHS, (None, f"Reference {days_ago}.")] if unique else None
    review = make_review(contract=contract or contract_docx(paragraphs))
    decide(review, shown(review, "payment-terms"), "accept")
    decide(review, shown(review, "renewal-term"), "reject", reason="Sales agreed three years.")
    decide(review, shown(review, "limitation-of-liability"), "revise", instruction="softer")
    decide(review, shown(review, "limitation-of-liability"), "accept")
    review.refresh_from_db()
    assert review.status == ReviewStatus.COMPLETED
    Review.objects.filter(pk=review.pk).update(completed_at=timezone.now() - timedelta(days=days_ago))
    return review


def skeleton(review: Review) -> dict:
    return {
        "status": Review.objects.get(pk=review.pk).status,
        "recommendations": list(Recommendation.objects.filter(review=review).order_by("ordinal")
                                .values_list("rule_id", "status", "severity")),
        "decisions": list(Decision.objects.filter(review=review).order_by("id")
                          .values_list("action", "outcome", "actor_id", "created_at")),
        "outcomes": list(RuleOutcome.objects.filter(review=review).values_list("rule_id", "status")),
        "versions": list(DocumentVersion.objects.filter(document=review.document).order_by("number")
                         .values_list("number", "created_by_id", "created_at")),
        "events": list(review.events.order_by("seq").values_list("seq", "kind", "hash")),
    }


def test_retention_redacts_text_keeps_the_skeleton_and_never_touches_active_reviews(client):
    old = finished_review(days_ago=400, unique=True)  # its own bytes: its blob can go
    recent = finished_review(days_ago=10)
    active = make_review()
    before_old, before_recent = skeleton(old), skeleton(recent)
    active_proposals = list(Proposal.objects.filter(recommendation__review=active).values_list("after", flat=True))
    original_blob = old.document.original_id

    report = redact_expired(older_than_days=365)
    assert report.redacted == [old.pk]

    old.refresh_from_db()
    assert old.redacted_at is not None and SECRET not in old.title
    after = skeleton(old)
    assert after["status"] == before_old["status"] == ReviewStatus.COMPLETED
    assert after["recommendations"] == before_old["recommendations"]
    assert after["decisions"] == before_old["decisions"]
    assert after["outcomes"] == before_old["outcomes"]
    assert after["versions"] == before_old["versions"]
    assert after["events"][: len(before_old["events"])] == before_old["events"]  # the trail is only appended to
    assert after["events"][-1][1] == "review.redacted"
    # The text is gone everywhere.
    assert not Proposal.objects.filter(recommendation__review=old).exclude(before="", after="", explanation="").exists()
    assert not Decision.objects.filter(review=old).exclude(reason="", instruction="").exists()
    assert all(r.evidence == [] for r in Recommendation.objects.filter(review=old))
    for version in DocumentVersion.objects.filter(document=old.document):
        assert version.text_model.paragraphs == ()
        assert "before" not in (version.edit or {}) and "after" not in (version.edit or {})
    assert not Blob.objects.filter(pk=original_blob).exists()
    # Others untouched.
    assert skeleton(recent) == before_recent and Review.objects.get(pk=recent.pk).redacted_at is None
    assert list(Proposal.objects.filter(recommendation__review=active).values_list("after", flat=True)) == active_proposals
    # The audit chain still verifies; a second run is a no-op.
    call_command("audit_verify")
    assert redact_expired(older_than_days=365).redacted == []
    # Pages say what happened instead of failing.
    client.force_login(old.owner)
    page = client.get(reverse("review:detail", args=[old.pk]))
    assert page.status_code == 200 and "redacted" in page.content.decode()
    assert client.get(reverse("review:download", args=[old.pk, "clean"])).status_code == 410
    assert client.get(reverse("review:preview", args=[old.pk])).status_code == 410


def test_retention_is_off_with_zero_days(settings):
    finished_review(days_ago=4000)
    settings.REDPEN_RETENTION_DAYS = 0
    assert redact_expired().redacted == []


def test_a_blob_shared_with_another_document_survives_the_redaction():
    data = contract_docx()
    old = finished_review(days_ago=400, contract=data)
    twin = make_review(contract=data)  # same bytes: the same content-addressed original blob
    assert twin.document.original_id == old.document.original_id
    redact_expired(older_than_days=365)
    assert Blob.objects.filter(pk=twin.document.original_id).exists()
    from documents.selectors import version_docx

    assert version_docx(twin.document.versions.get(number=1))[:2] == b"PK"


def test_retention_clears_the_comments_for_the_other_side_and_the_approvers_words():
    old = finished_review(days_ago=400, unique=True)
    accepted = Recommendation.objects.filter(review=old, status="accepted").first()
    assert accepted is not None
    decision = Decision.objects.filter(review=old, recommendation=accepted).first()
    Recommendation.objects.filter(pk=accepted.pk).update(
        comment=f"Please confirm: {SECRET}", author="Opposing Counsel LLP",
        reject_edit={"kind": "replace", "locator": "p1", "before": SECRET, "after": "x"},
    )
    Approval.objects.create(
        review=old, recommendation=accepted, decision=decision, proposal=accepted.proposals.first(),
        kind="accept", why="critical rule", requested_by=old.owner, approver_user=old.owner,
        status="approved", comment=f"Fine, since {SECRET}",
    )

    assert redact_expired(older_than_days=365).redacted == [old.pk]

    accepted.refresh_from_db()
    assert accepted.comment in (None, "") and accepted.author == ""
    assert SECRET not in str(accepted.reject_edit or {})
    approval = Approval.objects.get(review=old)
    assert approval.comment == "" and approval.status == "approved"  # the skeleton stays
    call_command("audit_verify")
