"""The review record: the truth of a review (docs/architecture.md, "The workflow").

Statuses are TextChoices with explicit terminal sets. A review's or an approval's status
changes only in ``review/workflow/transitions.py``, in a transaction, through a compare-and-set
``UPDATE``; unique constraints are the idempotency keys (docs/architecture.md, "Idempotency").
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q

from documents.docx.model import Edit
from review.engine.base import Evidence
from review.engine.base import Proposal as EngineProposal
from review.engine.proof import Defect


class ReviewStatus(models.TextChoices):
    ANALYZING = "analyzing", "Analysing"
    AWAITING_DECISION = "awaiting_decision", "Awaiting decision"
    COMPLETED = "completed", "Completed"
    FAILED = "failed", "Failed"
    CANCELLED = "cancelled", "Cancelled"


REVIEW_ACTIVE = frozenset({ReviewStatus.ANALYZING, ReviewStatus.AWAITING_DECISION})
REVIEW_TERMINAL = frozenset({ReviewStatus.COMPLETED, ReviewStatus.FAILED, ReviewStatus.CANCELLED})


class Review(models.Model):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="reviews")
    team = models.ForeignKey("core.Team", on_delete=models.SET_NULL, null=True, blank=True, related_name="reviews")
    title = models.CharField(max_length=255)
    document = models.ForeignKey("documents.Document", on_delete=models.PROTECT, related_name="reviews")
    playbook_version = models.ForeignKey(
        "playbooks.PlaybookVersion", on_delete=models.PROTECT, related_name="reviews"
    )
    party = models.CharField(max_length=120, blank=True, help_text="Our side, when the playbook is neutral.")
    # How the contract names our party and the other one ({"us", "them", "side", "corrected",
    # "detected": [...]}, contracts/parties.py): detected at analysis, corrected by the lawyer.
    parties = models.JSONField(default=dict, blank=True)
    engine_version = models.CharField(max_length=40)
    status = models.CharField(max_length=20, choices=ReviewStatus.choices, default=ReviewStatus.ANALYZING)
    # The version cursor: always the newest version of the document (invariant 2, docs/architecture.md).
    current_version = models.ForeignKey(
        "documents.DocumentVersion", on_delete=models.PROTECT, related_name="+"
    )
    # Compare-and-set counter: every state change of the review bumps it.
    revision = models.PositiveIntegerField(default=0)
    # Engine continuity (docs/architecture.md, "The workflow"): never trusted over the rows of this review.
    engine_snapshot = models.JSONField(default=dict, blank=True)
    status_message = models.TextField(blank=True)
    # Head of the audit chain: the hash and number of the last event, so that deleting the
    # newest events is detected too (the chain alone only shows gaps before its end).
    audit_head = models.CharField(max_length=64, blank=True)
    audit_count = models.PositiveIntegerField(default=0)
    # Retention: set when the contract text, proposals, reasons and instructions were removed.
    redacted_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    completed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["owner", "status"]), models.Index(fields=["status", "updated_at"])]

    def __str__(self) -> str:
        return f"{self.title} ({self.get_status_display()})"

    @property
    def is_active(self) -> bool:
        return self.status in REVIEW_ACTIVE


class JobStatus(models.TextChoices):
    QUEUED = "queued", "Queued"
    RUNNING = "running", "Running"
    SUCCEEDED = "succeeded", "Succeeded"
    FAILED = "failed", "Failed"


JOB_TERMINAL = frozenset({JobStatus.SUCCEEDED, JobStatus.FAILED})


class AnalysisJob(models.Model):
    """One analysis run. Its primary key is the Celery task id, so a redelivered or duplicated
    task finds its job and does the work once."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    review = models.ForeignKey(Review, on_delete=models.CASCADE, related_name="jobs")
    status = models.CharField(max_length=12, choices=JobStatus.choices, default=JobStatus.QUEUED)
    attempts = models.PositiveIntegerField(default=0)
    progress = models.PositiveSmallIntegerField(default=0)
    step = models.CharField(max_length=120, blank=True)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    duration_s = models.FloatField(null=True, blank=True)
    # When the reconciler last sent this job to the broker again (it never trusts Celery's own
    # result state, only this row).
    redriven_at = models.DateTimeField(null=True, blank=True)
    redrives = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["status", "created_at"])]

    def __str__(self) -> str:
        return f"analysis {self.id} ({self.status})"


class RuleOutcome(models.Model):
    """The result of every rule, including what passed and what was not found: lawyers see
    coverage, not only issues."""

    review = models.ForeignKey(Review, on_delete=models.CASCADE, related_name="rule_outcomes")
    ordinal = models.PositiveIntegerField()
    rule_id = models.CharField(max_length=100)
    title = models.CharField(max_length=255)
    severity = models.CharField(max_length=10)
    status = models.CharField(max_length=12)  # ok | issue | missing | not_found | not_expected
    evidence = models.JSONField(default=list, blank=True)
    message = models.TextField(blank=True)

    class Meta:
        ordering = ["ordinal"]
        constraints = [models.UniqueConstraint(fields=["review", "rule_id"], name="one_outcome_per_rule")]

    def __str__(self) -> str:
        return f"{self.rule_id}: {self.status}"

    STATUS_LABELS = {
        "ok": "passed", "issue": "issue", "missing": "missing", "not_found": "not found",
        "not_expected": "not expected",
    }

    @property
    def status_label(self) -> str:
        return self.STATUS_LABELS.get(self.status, self.status)


class RecommendationStatus(models.TextChoices):
    PENDING = "pending", "Pending"
    ACCEPTED = "accepted", "Accepted"
    REJECTED = "rejected", "Rejected"
    # The text it was about changed (another accepted edit) and the rule no longer finds an
    # issue there: nothing left to decide. Never read as accepted.
    SUPERSEDED = "superseded", "No longer applies"
    # The lawyer decided; an approver must sign off before it takes effect (docs/decisions/approvals.md).
    AWAITING_APPROVAL = "awaiting_approval", "Awaiting approval"


# What keeps a review active: a recommendation still to decide, or a decision still to approve.
RECOMMENDATION_OPEN = frozenset({RecommendationStatus.PENDING, RecommendationStatus.AWAITING_APPROVAL})


SEVERITY_RANK = {"critical": 0, "high": 1, "medium": 2, "low": 3}


class RecommendationSource(models.TextChoices):
    PLAYBOOK = "playbook", "Playbook"
    # The other side: one of their tracked changes, a difference in their returned draft, or a
    # playbook finding in text they wrote (``origin`` says which).
    COUNTERPARTY = "counterparty", "Other side"


class RecommendationOrigin(models.TextChoices):
    RULE = "", "Playbook rule"
    TRACKED_CHANGE = "tracked_change", "Their tracked change"
    RETURNED_DRAFT = "returned_draft", "Their returned draft"
    THEIR_TEXT = "their_text", "Playbook rule, on their change"


class Recommendation(models.Model):
    review = models.ForeignKey(Review, on_delete=models.CASCADE, related_name="recommendations")
    ordinal = models.PositiveIntegerField()
    rule_id = models.CharField(max_length=100)
    rule_title = models.CharField(max_length=255)
    severity = models.CharField(max_length=10)
    finding = models.CharField(max_length=12)  # issue | missing
    evidence = models.JSONField(default=list, blank=True)
    status = models.CharField(max_length=20, choices=RecommendationStatus.choices, default=RecommendationStatus.PENDING)
    current_proposal = models.ForeignKey(
        "Proposal", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    message = models.TextField(blank=True)  # the last recoverable problem, shown on the card
    # The comment for the other side, as the lawyer wrote it on the card; null until they do
    # (the rule's ``comment:`` is the default then). Exported as a Word comment on the change.
    comment = models.TextField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)
    # Who the item comes from (docs/decisions/negotiation-rounds.md): the playbook, or the other
    # side with their author name and the date of their change (when their file records one).
    source = models.CharField(
        max_length=12, choices=RecommendationSource.choices, default=RecommendationSource.PLAYBOOK
    )
    origin = models.CharField(max_length=16, choices=RecommendationOrigin.choices, default="", blank=True)
    author = models.CharField(max_length=255, blank=True)
    changed_at = models.DateTimeField(null=True, blank=True)
    # What rejecting applies, for an item of theirs whose rejection changes the document (their
    # tracked change rejected): an Edit.to_dict(); null when rejecting keeps the text as it is.
    reject_edit = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["ordinal"]
        constraints = [models.UniqueConstraint(fields=["review", "ordinal"], name="one_recommendation_per_ordinal")]

    def __str__(self) -> str:
        return f"{self.rule_id} #{self.ordinal} ({self.status})"

    @property
    def is_counterparty(self) -> bool:
        return self.source == RecommendationSource.COUNTERPARTY

    @property
    def evidence_items(self) -> list[Evidence]:
        return [Evidence.from_dict(e) for e in self.evidence]


class ProposalSource(models.TextChoices):
    ANALYSIS = "analysis", "Analysis"
    REVISION = "revision", "Revision"
    REANCHOR = "reanchor", "Re-anchored on a newer version"
    RERESOLVE = "reresolve", "Re-resolved on a newer version"


class Proposal(models.Model):
    """Exactly what will change (invariant 3, docs/architecture.md): accepting applies this stored edit, not a fresh
    computation. Immutable once written; a revision or re-anchoring makes a new row whose
    predecessor is this one, so the history is kept."""

    recommendation = models.ForeignKey(Recommendation, on_delete=models.CASCADE, related_name="proposals")
    number = models.PositiveIntegerField()
    predecessor = models.ForeignKey("self", on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    source = models.CharField(max_length=12, choices=ProposalSource.choices)
    base_version = models.ForeignKey("documents.DocumentVersion", on_delete=models.PROTECT, related_name="+")
    action = models.CharField(max_length=10)  # replace | insert | delete
    edit = models.JSONField()
    before = models.TextField(blank=True)
    after = models.TextField(blank=True)
    explanation = models.TextField(blank=True)
    position = models.IntegerField(null=True, blank=True)
    variant = models.CharField(max_length=100, blank=True)
    value = models.FloatField(null=True, blank=True)
    instruction = models.TextField(blank=True)
    # Capitalised, defined-looking terms of the new wording that the contract does not define.
    warnings = models.JSONField(default=list, blank=True)
    # What the edit checker found wrong with the edit ([{"kind", "message"}], review/engine/proof.py):
    # such an edit is never accepted in one click (docs/decisions/edit-checker.md).
    defects = models.JSONField(default=list, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["recommendation", "number"]
        constraints = [models.UniqueConstraint(fields=["recommendation", "number"], name="proposal_number_unique")]

    def __str__(self) -> str:
        return f"proposal {self.number} of {self.recommendation_id}"

    @property
    def edit_obj(self) -> Edit:
        return Edit.from_dict(self.edit)

    def to_engine(self) -> EngineProposal:
        return EngineProposal(
            action=self.action,  # type: ignore[arg-type]
            edit=self.edit_obj,
            before=self.before,
            after=self.after,
            explanation=self.explanation,
            position=self.position,
            variant=self.variant or None,
            value=self.value,
            instruction=self.instruction,
            warnings=tuple(self.warnings or ()),
            defects=self.defect_items,
        )

    @property
    def defect_items(self) -> tuple[Defect, ...]:
        return tuple(Defect.from_dict(d) for d in self.defects or ())

    @property
    def is_own_wording(self) -> bool:
        """The lawyer's own proposal (a revision, a counter-proposal, or one moved from them):
        its defects are warnings the lawyer may override; the engine's need the lawyer's wording."""
        return self.source == ProposalSource.REVISION or bool(self.instruction)

    @property
    def needs_wording(self) -> bool:
        """The engine's edit has defects: not offered as one click (docs/decisions/edit-checker.md)."""
        return bool(self.defects) and not self.is_own_wording

    @property
    def has_warnings(self) -> bool:
        """The lawyer's own wording has defects: accepted only when the lawyer overrides them."""
        return bool(self.defects) and self.is_own_wording


class DecisionAction(models.TextChoices):
    ACCEPT = "accept", "Accept"
    REJECT = "reject", "Reject"
    REVISE = "revise", "Revise"
    # Taking a decision back: an accepted edit undone by a new version, a rejection reopened.
    UNDO = "undo", "Undo"
    REOPEN = "reopen", "Reopen"


class DecisionOutcome(models.TextChoices):
    APPLIED = "applied", "Applied"
    REJECTED = "rejected", "Rejected"
    REVISED = "revised", "Revised"
    STALE = "stale", "Stale (the review had changed)"
    FAILED = "failed", "Failed (nothing changed)"
    AWAITING_APPROVAL = "awaiting_approval", "Awaiting approval"
    SENT_BACK = "sent_back", "Sent back by the approver"
    # Approved, but the edit could not be carried onto the current text (docs/decisions/approvals.md):
    # not the approver's "no", and never counted as sent back.
    FAILED_APPLICATION = "failed_application", "Approved, but could not be applied"
    UNDONE = "undone", "Undone (a new version reverted the edit)"
    REOPENED = "reopened", "Reopened"


EFFECTIVE_OUTCOMES = (
    DecisionOutcome.APPLIED, DecisionOutcome.REJECTED, DecisionOutcome.REVISED, DecisionOutcome.AWAITING_APPROVAL,
)


class Decision(models.Model):
    review = models.ForeignKey(Review, on_delete=models.CASCADE, related_name="decisions")
    recommendation = models.ForeignKey(Recommendation, on_delete=models.CASCADE, related_name="decisions")
    # The proposal the lawyer was looking at: the decision is about exactly that edit.
    proposal = models.ForeignKey(Proposal, on_delete=models.PROTECT, related_name="decisions")
    action = models.CharField(max_length=10, choices=DecisionAction.choices)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    reason = models.TextField(blank=True)
    instruction = models.TextField(blank=True)
    idempotency_key = models.CharField(max_length=64)
    outcome = models.CharField(max_length=20, choices=DecisionOutcome.choices)
    message = models.TextField(blank=True)
    # An undo or reopen names the decision it takes back (that decision's version stays in the
    # history; the undo's own version reverts its edit).
    undoes = models.ForeignKey("self", on_delete=models.PROTECT, null=True, blank=True, related_name="undone_by")
    # How many retries of this same request were answered with this decision (metrics).
    duplicate_count = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            # A retried request (same key) can never record a second decision.
            models.UniqueConstraint(fields=["review", "idempotency_key"], name="decision_idempotency_key"),
            # At most one effective decision per proposal (docs/architecture.md, "Idempotency"): a second accept of the
            # same proposal cannot be written, whatever the browser or the network does.
            models.UniqueConstraint(
                fields=["proposal"], condition=Q(outcome__in=["applied", "rejected", "revised", "awaiting_approval"]),
                name="one_effective_decision_per_proposal",
            ),
            # A decision is taken back at most once, whatever the clicks and retries.
            models.UniqueConstraint(fields=["undoes"], condition=Q(undoes__isnull=False), name="undo_at_most_once"),
        ]

    def __str__(self) -> str:
        return f"{self.action} → {self.outcome}"


class RevisionJob(models.Model):
    """A revision that takes more than a moment (the LLM engine) runs as a task. The lawyer's
    request is this row; its Decision is written when the task finishes, with the same
    idempotency key, so a retried click never starts a second revision."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    review = models.ForeignKey(Review, on_delete=models.CASCADE, related_name="revision_jobs")
    recommendation = models.ForeignKey(Recommendation, on_delete=models.CASCADE, related_name="revision_jobs")
    proposal = models.ForeignKey(Proposal, on_delete=models.PROTECT, related_name="+")
    instruction = models.TextField()
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    idempotency_key = models.CharField(max_length=64)
    status = models.CharField(max_length=12, choices=JobStatus.choices, default=JobStatus.QUEUED)
    attempts = models.PositiveIntegerField(default=0)
    message = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    redriven_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["review", "idempotency_key"], name="revision_job_idempotency_key"),
            # One revision in flight per recommendation.
            models.UniqueConstraint(fields=["recommendation"], condition=Q(status__in=["queued", "running"]),
                                    name="one_active_revision_per_recommendation"),
        ]

    def __str__(self) -> str:
        return f"revision {self.id} ({self.status})"


class ApprovalStatus(models.TextChoices):
    OPEN = "open", "Waiting for approval"
    APPROVED = "approved", "Approved"
    SENT_BACK = "sent_back", "Sent back"
    FAILED_APPLICATION = "failed_application", "Approved, but could not be applied"
    WITHDRAWN = "withdrawn", "Withdrawn (the review was cancelled)"


class Approval(models.Model):
    """A second human gate (docs/decisions/approvals.md): the lawyer's decision, exactly as stored (the proposal
    snapshot, or the rejection and its reason), waiting for a named approver or a group."""

    review = models.ForeignKey(Review, on_delete=models.CASCADE, related_name="approvals")
    recommendation = models.ForeignKey(Recommendation, on_delete=models.CASCADE, related_name="approvals")
    decision = models.OneToOneField(Decision, on_delete=models.PROTECT, related_name="approval")
    proposal = models.ForeignKey(Proposal, on_delete=models.PROTECT, related_name="+")
    kind = models.CharField(max_length=10, choices=[("accept", "Accept the edit"), ("reject", "Reject")])
    why = models.CharField(max_length=200, help_text="Why the decision needs approval.")
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    # Routed to a named user, or to a group whose members may take it (assignee).
    approver_user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
                                      related_name="+")
    approver_group = models.ForeignKey("auth.Group", on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    assignee = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                 related_name="+")
    status = models.CharField(max_length=20, choices=ApprovalStatus.choices, default=ApprovalStatus.OPEN)
    comment = models.TextField(blank=True)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
                                   related_name="+")
    decided_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["recommendation"], condition=Q(status="open"),
                                    name="one_open_approval_per_recommendation"),
        ]

    def __str__(self) -> str:
        return f"approval {self.pk} ({self.status})"

    @property
    def routed_to(self) -> str:
        if self.approver_user_id:
            return str(self.approver_user)
        return f"{self.approver_group} group" if self.approver_group_id else "nobody"


class ApprovalNotification(models.Model):
    """One row per (approver, approval) once a digest mentioning it was sent: the digest lists
    only what is new to each approver, and never mails the same item twice."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    approval = models.ForeignKey(Approval, on_delete=models.CASCADE, related_name="notifications")
    sent_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "approval"], name="notify_once_per_user")]

    def __str__(self) -> str:
        return f"{self.user} · {self.approval_id}"


class ReviewEvent(models.Model):
    """Append-only audit trail of a review, hash-chained per review: each event's hash covers
    its content and the previous event's hash, so an edited or deleted event is detected
    (``manage.py audit_verify``)."""

    review = models.ForeignKey(Review, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=40)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    data = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField()
    prev_hash = models.CharField(max_length=64, blank=True)
    hash = models.CharField(max_length=64)

    class Meta:
        ordering = ["review", "seq"]
        constraints = [models.UniqueConstraint(fields=["review", "seq"], name="event_seq_unique")]

    def __str__(self) -> str:
        return f"#{self.seq} {self.kind}"


class RoundJob(models.Model):
    """Their returned draft, compared with the version we sent, as a job (review/workflow/round_intake.py).

    The request writes this row and returns; the task compares, runs the playbook on their draft
    and writes the items. The row is also the idempotency record of the *Next round* form: the
    form's key is unique per review, and the same draft (its text) against the same sent
    version is taken once while a job for it is queued, running or succeeded."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    review = models.ForeignKey(Review, on_delete=models.CASCADE, related_name="round_jobs")
    returned = models.ForeignKey("documents.Document", on_delete=models.CASCADE, related_name="+")
    sent_version = models.ForeignKey("documents.DocumentVersion", on_delete=models.PROTECT, related_name="+")
    digest = models.CharField(max_length=64)  # SHA-256 of their draft's text (round_intake.draft_digest)
    author = models.CharField(max_length=255, blank=True)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    idempotency_key = models.CharField(max_length=64)
    status = models.CharField(max_length=12, choices=JobStatus.choices, default=JobStatus.QUEUED)
    attempts = models.PositiveIntegerField(default=0)
    progress = models.PositiveSmallIntegerField(default=0)
    step = models.CharField(max_length=120, blank=True)
    message = models.TextField(blank=True)
    items = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    redriven_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["review", "idempotency_key"], name="round_job_idempotency_key"),
            models.UniqueConstraint(fields=["review", "sent_version", "digest"],
                                    condition=Q(status__in=["queued", "running", "succeeded"]),
                                    name="round_job_same_draft_once"),
            models.UniqueConstraint(fields=["review"], condition=Q(status__in=["queued", "running"]),
                                    name="one_active_round_per_review"),
        ]

    def __str__(self) -> str:
        return f"round {self.id} ({self.status})"


class FormSubmission(models.Model):
    """The idempotency key of a form that creates something and has no row of its own to carry
    it: a reply to their comment (it makes a document version), a new review (its row comes after
    the upload is read). The first request with a key writes this row (a reply: in the same
    transaction as its work; a new review: as a claim before the work, then its review); a second
    gets ``message`` or the review back."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=32)
    idempotency_key = models.CharField(max_length=64)
    review = models.ForeignKey(Review, on_delete=models.CASCADE, related_name="+", null=True, blank=True)
    message = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["owner", "kind", "idempotency_key"], name="form_submission_key"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.idempotency_key}"
