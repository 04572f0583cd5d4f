"""Taking a decision back (docs/decisions/undo.md): an accepted edit is undone by a new version
that reverts exactly that edit on the current text (documents/docx/inverse.py), keeping every
later edit and the whole history; a rejection is reopened. Either way the recommendation is
pending again and the review awaits decisions (a completed review reopens).

The guarantees are the decisions' own: the review's compare-and-set (same revision, same
cursor) makes a stale page's undo lose and look again, the request's idempotency key answers a
retry with the first result, and the unique ``Decision.undoes`` makes a second undo of the same
decision impossible, whatever the clicks. Every version is accounted for by one decision: the
undo decision makes its version as an acceptance does.
"""

from __future__ import annotations

from dataclasses import replace

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction

from documents.docx.inverse import UndoRefused, inverse_edit
from documents.docx.model import Edit, EditError
from documents.models import DocumentVersion
from documents.services import version_create
from review.engine import minimal
from review.models import (
    Decision,
    DecisionAction,
    DecisionOutcome,
    Proposal,
    ProposalSource,
    Recommendation,
    RecommendationStatus,
    Review,
    ReviewStatus,
)

from .audit import event_append
from .locks import ReviewLock
from .proposals import proposal_store
from .records import decision_existing, decision_record
from .results import STALE_MESSAGE, DecisionResult, Lost
from .transitions import review_transition

UNDO_FROM = (ReviewStatus.AWAITING_DECISION, ReviewStatus.COMPLETED)


def decision_undo(*, review: Review, decision_id: int, actor: User, idempotency_key: str) -> DecisionResult:
    """Undo an applied acceptance or reopen a rejection. Always returns; changes nothing unless
    the decision is still the one in force on the current state of the review."""
    key = (idempotency_key or "").strip()[:64]
    if not key:
        return DecisionResult(outcome=DecisionOutcome.FAILED, message="The request was incomplete: reload the page.")
    duplicate = decision_existing(review, key, may_be_queued=False)
    if duplicate:
        return duplicate
    target = Decision.objects.select_related("recommendation", "proposal").filter(
        pk=decision_id, review=review, outcome__in=[DecisionOutcome.APPLIED, DecisionOutcome.REJECTED]
    ).first()
    if target is None:
        return DecisionResult(outcome=DecisionOutcome.FAILED, message="There is no such decision to take back.")
    rec = target.recommendation
    undo = target.outcome == DecisionOutcome.APPLIED
    action = DecisionAction.UNDO if undo else DecisionAction.REOPEN

    def record(outcome: str, message: str) -> DecisionResult:
        return decision_record(review=review, recommendation=rec, proposal=target.proposal, action=action,
                               actor=actor, key=key, outcome=outcome, message=message)

    for attempt in range(3):
        if attempt:
            review.refresh_from_db()
            rec.refresh_from_db()
        if review.status not in UNDO_FROM:
            return record(DecisionOutcome.STALE,
                          f"This review is {review.get_status_display().lower()}: nothing can be taken back.")
        if Decision.objects.filter(undoes=target).exists():
            return record(DecisionOutcome.STALE, "This decision was already taken back.")
        expected = RecommendationStatus.ACCEPTED if undo else RecommendationStatus.REJECTED
        if rec.status != expected or rec.current_proposal_id != target.proposal_id:
            return record(DecisionOutcome.STALE, STALE_MESSAGE)
        try:
            inverse = _inverse_for(review, target) if undo else None
        except EditError as exc:
            return record(DecisionOutcome.FAILED, f"This edit cannot be undone on the current text: {exc}")
        try:
            with transaction.atomic():
                lock = review_transition(review_id=review.pk, from_=UNDO_FROM, to=ReviewStatus.AWAITING_DECISION,
                                         revision=review.revision, current_version_id=review.current_version_id,
                                         completed_at=None)
                if lock is None:
                    continue  # another request changed the review: look again
                return _apply(lock, review, target, rec, inverse, actor, key, action)
        except (Lost, IntegrityError):
            duplicate = decision_existing(review, key, may_be_queued=False)
            if duplicate:
                return duplicate
            continue
        except EditError as exc:
            return record(DecisionOutcome.FAILED, f"This edit cannot be undone on the current text: {exc}")
    return record(DecisionOutcome.STALE, STALE_MESSAGE)


def _inverse_for(review: Review, target: Decision) -> Edit:
    made = DocumentVersion.objects.filter(decision=target).select_related("parent").first()
    applied = made.edit_object if made is not None else None
    if made is None or made.parent is None or applied is None:
        raise UndoRefused("The version this acceptance made is missing.")
    later = [Edit.from_dict(edit) for edit in DocumentVersion.objects.filter(
        document_id=made.document_id, number__gt=made.number, number__lte=review.current_version.number
    ).order_by("number").values_list("edit", flat=True) if edit]
    return inverse_edit(applied=applied, later=later, current=review.current_version.text_model,
                        parent=made.parent.text_model)


def _apply(lock: ReviewLock, review: Review, target: Decision, rec: Recommendation, inverse: Edit | None,
           actor: User, key: str, action: str) -> DecisionResult:
    undo = action == DecisionAction.UNDO
    decision = Decision.objects.create(
        review=review, recommendation=rec, proposal=target.proposal, action=action, actor=actor,
        idempotency_key=key, undoes=target,
        outcome=DecisionOutcome.UNDONE if undo else DecisionOutcome.REOPENED, message="",
    )
    was = RecommendationStatus.ACCEPTED if undo else RecommendationStatus.REJECTED
    note = "Undone: the edit was reverted in a new version. Decide it again." if undo else "Reopened: decide it again."
    current = target.proposal
    version = None
    if undo:
        assert inverse is not None  # worked out before the transaction for an undo
        version = version_create(document=review.document, parent=review.current_version, edit=inverse,
                                 author=actor, decision=decision)
        Review.objects.filter(pk=review.pk).update(current_version=version)
        current = _proposal_back(rec, target.proposal, version) or current
    elif current is not None:
        # A proposal has at most one decision in force (``one_effective_decision_per_proposal``,
        # review/models.py), and the reopened rejection stays in the trail: the next decision is
        # taken on the same edit as a new row. Without it, rejecting again could never be written
        # and was answered "stale".
        current = proposal_store(rec, current.to_engine(), source=ProposalSource.REANCHOR, base=current.base_version,
                                 number=current.number + 1, predecessor=current)
    moved = Recommendation.objects.filter(pk=rec.pk, status=was, current_proposal=target.proposal).update(
        status=RecommendationStatus.PENDING, message=note, current_proposal=current
    )
    if not moved:
        raise Lost
    if version is not None:
        message = (f"Undone: version {version.number} of the contract reverts that edit; "
                   "the recommendation is open again.")
        event_append(review_id=review.pk, kind="version.created", actor=actor, version=version.number,
                     decision=decision.pk, locked=True)
    else:
        message = "Reopened: the recommendation is open again."
    event_append(review_id=review.pk, kind=f"decision.{decision.outcome}", actor=actor, decision=decision.pk,
                 undoes=target.pk, recommendation=rec.pk, rule=rec.rule_id, action=action, locked=True)
    Decision.objects.filter(pk=decision.pk).update(message=message)
    return DecisionResult(outcome=decision.outcome, message=message, decision_id=decision.pk)


def _proposal_back(rec: Recommendation, accepted: Proposal | None, version: DocumentVersion) -> Proposal | None:
    """The accepted proposal again, on the version the undo made: the undo reverted a replace at
    a known place, so the same edit goes exactly there again (the wording the lawyer accepted,
    revised or not). Without it the proposal would be moved over its own undone edit, which it
    cannot be exactly, and the rule would be run again instead. Other kinds are re-anchored when
    shown, as before (review/workflow/proposals.py)."""
    inverse = version.edit_object
    if accepted is None or inverse is None or inverse.kind != "replace" or accepted.edit_obj.kind != "replace":
        return None
    edit = Edit(kind="replace", locator=inverse.locator, before=inverse.after, after=inverse.before,
                start=inverse.start)
    old = accepted.to_engine()
    again = old if old.action == "insert" else minimal.shown(old, edit, version.text_model)
    return proposal_store(rec, replace(again, edit=edit), source=ProposalSource.REANCHOR, base=version,
                          number=accepted.number + 1, predecessor=accepted)
