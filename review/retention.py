"""Retention (docs/architecture.md, "Retention"): after a configured window, finished reviews lose their
contract text, proposals, reasons, instructions, comments for the other side and approvers'
comments; the skeleton stays (ids, statuses, timestamps, rule ids, counts, who decided what and
when) and so does the audit trail, whose events never hold free text, so its hash chain still
verifies after a redaction.

Finished means completed, cancelled or failed; an active review is never touched, and neither
is a document that an active review still uses. Idempotent.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.db.models.functions import Coalesce
from django.utils import timezone

from documents.services import document_redact

from .models import (
    REVIEW_ACTIVE,
    REVIEW_TERMINAL,
    Approval,
    Decision,
    Proposal,
    Recommendation,
    Review,
    RevisionJob,
    RuleOutcome,
)
from .workflow.audit import event_append
from .workflow.transitions import review_transition


@dataclass
class RetentionReport:
    redacted: list[int] = field(default_factory=list)

    def summary(self) -> str:
        return f"redacted {len(self.redacted)} finished review(s)"


def review_redact(*, review: Review) -> bool:
    with transaction.atomic():
        won = review_transition(
            review_id=review.pk, from_=REVIEW_TERMINAL, when=Q(redacted_at__isnull=True),
            redacted_at=timezone.now(), title=f"Review #{review.pk} (redacted)", status_message="",
            engine_snapshot={"engine_version": review.engine_version, "redacted": True},
            parties={},  # the parties' names are contract text
        )
        if won is None:
            return False
        for proposal in Proposal.objects.filter(recommendation__review=review).only("pk", "edit", "defects"):
            skeleton = {k: v for k, v in (proposal.edit or {}).items() if k in {"kind", "locator", "new_locator"}}
            # The edit checker's sentences quote the contract: only their classes are kept.
            defects = [{"kind": d.get("kind", ""), "message": ""} for d in proposal.defects or ()]
            Proposal.objects.filter(pk=proposal.pk).update(edit=skeleton, before="", after="", explanation="",
                                                             instruction="", warnings=[], defects=defects)
        Decision.objects.filter(review=review).update(reason="", instruction="", message="")
        Recommendation.objects.filter(review=review).update(evidence=[], message="", comment=None, author="")
        # The undo of the other side's change holds their words: keep only where it pointed.
        for rec in Recommendation.objects.filter(review=review, reject_edit__isnull=False).only("pk", "reject_edit"):
            kept = {k: v for k, v in (rec.reject_edit or {}).items() if k in {"kind", "locator", "new_locator"}}
            Recommendation.objects.filter(pk=rec.pk).update(reject_edit=kept)
        Approval.objects.filter(review=review).update(comment="")
        RuleOutcome.objects.filter(review=review).update(evidence=[], message="")
        RevisionJob.objects.filter(review=review).update(instruction="", message="")
        document = review.document
        shared_with_active = Review.objects.filter(document=document, status__in=list(REVIEW_ACTIVE)).exists()
        if not shared_with_active:
            document_redact(document=document)
        event_append(review_id=review.pk, kind="review.redacted", document=not shared_with_active, locked=True)
    return True


def redact_expired(*, older_than_days: int | None = None) -> RetentionReport:
    days = settings.REDPEN_RETENTION_DAYS if older_than_days is None else older_than_days
    report = RetentionReport()
    if days <= 0 and older_than_days is None:
        return report  # retention switched off
    cutoff = timezone.now() - timedelta(days=days)
    due = (
        Review.objects.filter(status__in=list(REVIEW_TERMINAL), redacted_at__isnull=True)
        .annotate(finished=Coalesce("completed_at", "updated_at"))
        .filter(finished__lt=cutoff)
        .order_by("pk")
    )
    for review in due.select_related("document")[:500]:
        if review_redact(review=review):
            report.redacted.append(review.pk)
    return report
