"""The approval gate: take, approve, send back (docs/decisions/approvals.md).

Same guarantees as the lawyer's decisions: the review row is taken first (its compare-and-set
also checks that the review is still awaiting decisions, so nothing can be approved on a
cancelled or finished review), then the approval's own compare-and-set decides between an
approve and a send-back racing, and a duplicate approve applies once. The approver acts on the
stored snapshot, and the edit is applied on the review's current version only if it still
applies exactly (re-anchored, never applied blind).
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from documents.docx.model import Edit, EditError
from documents.docx.rebase import rebase
from documents.models import DocumentVersion
from documents.services import version_create
from review.engine import UnknownEngineVersion, get_engine
from review.engine.base import HistoryItem
from review.gates import can_approve, effective_assignee
from review.models import (
    Approval,
    ApprovalStatus,
    Decision,
    DecisionOutcome,
    Proposal,
    Recommendation,
    RecommendationStatus,
    Review,
    ReviewStatus,
)

from .audit import event_append, history_append
from .locks import ReviewLock
from .proposals import edits_between, recommendation_prepare
from .results import ApprovalResult, Lost
from .transitions import approval_transition, review_complete_if_done, review_transition


class NoLongerApplies(Exception):
    """The approved edit does not apply exactly to the review's current version."""


class ReviewClosed(Exception):
    """The review is no longer awaiting decisions: nothing can be approved or sent back."""


def approval_take(*, approval: Approval, actor: User) -> ApprovalResult:
    """A group member takes a group item, so colleagues see it is being handled."""
    allowed, why = can_approve(actor, approval)
    if not allowed:
        return ApprovalResult(False, why)
    if approval.approver_group_id is None:
        return ApprovalResult(True, "This item is addressed to you.")
    current = effective_assignee(approval)
    updated = Approval.objects.filter(pk=approval.pk, status=ApprovalStatus.OPEN).filter(
        Q(assignee__isnull=True) | Q(assignee=current) | Q(assignee_id=approval.assignee_id)
    ).update(assignee=actor)
    if not updated:
        return ApprovalResult(False, "This item is no longer open.")
    return ApprovalResult(True, "You took this item.")


def _already(approval: Approval) -> ApprovalResult:
    approval.refresh_from_db()
    return ApprovalResult(False, f"This item was already {approval.get_status_display().lower()}: nothing changed.")


def _review_closed(approval: Approval) -> ApprovalResult:
    review = Review.objects.get(pk=approval.review_id)
    return ApprovalResult(False, f"This review is {review.get_status_display().lower()}: nothing can be approved.")


def approval_decide(*, approval: Approval, actor: User, approve: bool, comment: str = "") -> ApprovalResult:
    comment = comment.strip()[:4000]
    approval.refresh_from_db()
    if approval.status != ApprovalStatus.OPEN:
        return _already(approval)
    allowed, why = can_approve(actor, approval)
    if not allowed:
        return ApprovalResult(False, why)
    if not approve and not comment:
        return ApprovalResult(False, "Say why you send it back: the lawyer sees your comment.")
    try:
        with transaction.atomic():
            # The review first (docs/architecture.md, "Locking"), and only while it still waits
            # for decisions; then the approval.
            lock = review_transition(review_id=approval.review_id, from_=[ReviewStatus.AWAITING_DECISION])
            if lock is None:
                raise ReviewClosed
            won = approval_transition(
                lock=lock, approval_id=approval.pk,
                to=ApprovalStatus.APPROVED if approve else ApprovalStatus.SENT_BACK,
                decided_by=actor, decided_at=timezone.now(), comment=comment,
            )
            if not won:
                raise Lost
            review = Review.objects.select_related("current_version", "document").get(pk=approval.review_id)
            message = (_apply(lock, approval, review, actor) if approve
                       else _send_back(lock, approval, actor, comment))
    except Lost:
        return _already(approval)
    except ReviewClosed:
        return _review_closed(approval)
    except NoLongerApplies as exc:
        return _fail_application(approval, actor, str(exc))
    return ApprovalResult(True, message)


def _apply(lock: ReviewLock, approval: Approval, review: Review, approver: User) -> str:
    decision = approval.decision
    rec = approval.recommendation
    if approval.kind == "reject" and rec.reject_edit:
        # Rejecting their tracked change changes the document: apply it now, once.
        try:
            version = version_create(document=review.document, parent=review.current_version,
                                     edit=Edit.from_dict(rec.reject_edit), author=decision.actor)
        except EditError as exc:
            raise NoLongerApplies(str(exc)) from exc
        DocumentVersion.objects.filter(pk=version.pk).update(decision=decision)
        Review.objects.filter(pk=review.pk).update(current_version=version)
    if approval.kind == "reject":
        Decision.objects.filter(pk=decision.pk, outcome=DecisionOutcome.AWAITING_APPROVAL).update(
            outcome=DecisionOutcome.REJECTED, message=f"Rejected; approved by {approver}."
        )
        Recommendation.objects.filter(pk=rec.pk, status=RecommendationStatus.AWAITING_APPROVAL).update(
            status=RecommendationStatus.REJECTED, message=""
        )
        history_append(lock, HistoryItem(rule_id=rec.rule_id, action="reject", text=decision.reason))
        event_append(review_id=review.pk, kind="approval.approved", actor=approver, approval=approval.pk,
                     decision=decision.pk, locked=True)
        review_complete_if_done(lock)
        return "Approved: the rejection stands."
    edit, note = carried_edit(approval.proposal, review)
    try:
        version = version_create(document=review.document, parent=review.current_version, edit=edit,
                                 author=decision.actor)
    except EditError as exc:
        raise NoLongerApplies(str(exc)) from exc
    DocumentVersion.objects.filter(pk=version.pk).update(decision=decision)
    Review.objects.filter(pk=review.pk).update(current_version=version)
    Decision.objects.filter(pk=decision.pk, outcome=DecisionOutcome.AWAITING_APPROVAL).update(
        outcome=DecisionOutcome.APPLIED, message=f"Accepted; approved by {approver}: version {version.number}."
    )
    Recommendation.objects.filter(pk=rec.pk, status=RecommendationStatus.AWAITING_APPROVAL).update(
        status=RecommendationStatus.ACCEPTED, message=""
    )
    event_append(review_id=review.pk, kind="approval.approved", actor=approver, approval=approval.pk,
                 decision=decision.pk, locked=True)
    event_append(review_id=review.pk, kind="version.created", actor=approver, version=version.number,
                 decision=decision.pk, locked=True)
    completed = review_complete_if_done(lock)
    return f"Approved: version {version.number} of the contract was made." + (f" {note}" if note else "") + (
        " The review is complete." if completed else ""
    )


def carried_edit(proposal: Proposal, review: Review) -> tuple[Edit, str]:
    """The approved edit carried onto the review's current version over every edit accepted while
    it waited (the never-revert mechanism: word by word for a replacement,
    documents/docx/rebase.py; re-anchored for an insertion or a deletion, which takes the next
    free clause number when an insertion accepted meanwhile took its own,
    review/engine/reanchor.py), and what the lawyer should know about how it was carried.
    Raises ``NoLongerApplies`` with the reason when it cannot be carried."""
    edit = proposal.edit_obj
    if proposal.base_version_id == review.current_version_id:
        return edit, ""
    model = review.current_version.text_model
    if edit.kind == "replace" and proposal.action != "insert":
        moved = rebase(edit, edits_between(proposal.base_version, review.current_version), model)
        if moved.edit is None:
            raise NoLongerApplies("every word it changes was changed by an edit accepted while it waited")
        note = ("Words that an edit accepted while it waited had already changed were kept as accepted."
                if moved.dropped else "")
        return moved.edit, note
    try:
        engine = get_engine(review.engine_version)
    except UnknownEngineVersion as exc:
        raise NoLongerApplies("the engine that proposed it is no longer installed") from exc
    anchored = engine.reanchor(proposal.to_engine(), model)
    if anchored is None:
        if edit.kind == "insert_after":
            raise NoLongerApplies("the paragraph it was to follow is no longer in the contract")
        raise NoLongerApplies("the text it changes is no longer in the contract as it was")
    note = "" if anchored.after == proposal.after else (
        "Its clause number changed, as an insertion accepted while it waited took the old one.")
    return anchored.edit, note


def _send_back(lock: ReviewLock, approval: Approval, approver: User, comment: str) -> str:
    decision = approval.decision
    Decision.objects.filter(pk=decision.pk, outcome=DecisionOutcome.AWAITING_APPROVAL).update(
        outcome=DecisionOutcome.SENT_BACK, message=f"Sent back by {approver}: {comment}"
    )
    Recommendation.objects.filter(pk=approval.recommendation_id, status=RecommendationStatus.AWAITING_APPROVAL).update(
        status=RecommendationStatus.PENDING, message=f"Sent back by {approver}: {comment}"
    )
    history_append(lock, HistoryItem(rule_id=approval.recommendation.rule_id, action="reject",
                                               text=f"approver: {comment}"))
    event_append(review_id=lock.review_id, kind="approval.sent_back", actor=approver, approval=approval.pk,
                 decision=decision.pk, locked=True)
    return "Sent back to the lawyer with your comment."


def _fail_application(approval: Approval, approver: User, why: str) -> ApprovalResult:
    """Approved, but the edit cannot be carried onto the current text: a failed application (not
    a send-back). The approval says so; the lawyer's item is open again with the reason on its
    card and in their inbox, re-proposed on the current text, so one accept sends it again."""
    reason = (f"The approved edit could not be applied: {why}. It was worked out again on the current text; "
              "accept it to send it for approval again.")
    with transaction.atomic():
        lock = review_transition(review_id=approval.review_id, from_=[ReviewStatus.AWAITING_DECISION])
        if lock is None or not approval_transition(lock=lock, approval_id=approval.pk,
                                                   to=ApprovalStatus.FAILED_APPLICATION, decided_by=approver,
                                                   decided_at=timezone.now(), comment=reason):
            transaction.set_rollback(True)
            return _already(approval)
        decision = approval.decision
        Decision.objects.filter(pk=decision.pk, outcome=DecisionOutcome.AWAITING_APPROVAL).update(
            outcome=DecisionOutcome.FAILED_APPLICATION, message=reason
        )
        Recommendation.objects.filter(pk=approval.recommendation_id,
                                      status=RecommendationStatus.AWAITING_APPROVAL).update(
            status=RecommendationStatus.PENDING, message=reason
        )
        event_append(review_id=lock.review_id, kind="approval.failed_application", actor=approver,
                     approval=approval.pk, decision=decision.pk, reason=why, locked=True)
    review = Review.objects.select_related("current_version").get(pk=approval.review_id)
    rec = Recommendation.objects.select_related("current_proposal").get(pk=approval.recommendation_id)
    prepared = recommendation_prepare(review=review, recommendation=rec)
    if prepared.status == RecommendationStatus.PENDING:
        # The re-anchoring above wrote its own note; the reason says it all.
        Recommendation.objects.filter(pk=rec.pk, status=RecommendationStatus.PENDING).update(message=reason)
    elif prepared.status == RecommendationStatus.SUPERSEDED:
        # Nothing is left to change on the current text, so the item closes; the lawyer is still
        # told (the inbox, the completion page's last look: review/workflow/final_check.py).
        Recommendation.objects.filter(pk=rec.pk, status=RecommendationStatus.SUPERSEDED).update(
            message=f"The approved edit could not be applied: {why}; the rule finds nothing left to change on "
                    "the current text.")
    return ApprovalResult(False, f"Approved, but the edit could not be applied: {why}. The lawyer is told, "
                                 "on the item and in their inbox.")


def approvals_release_departed(*, user_ids: list[int], group_id: int) -> int:
    """Members who left a group give its taken items back to the group."""
    return Approval.objects.filter(
        approver_group_id=group_id, assignee_id__in=user_ids, status=ApprovalStatus.OPEN
    ).update(assignee=None)
