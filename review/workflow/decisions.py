"""Deciding a recommendation: the review resumes with one decision and suspends again, or
completes (invariants 1-5, docs/architecture.md). Accept applies the stored proposal on the
cursor's version; reject keeps the text and feeds the engine history; a decision the playbook
gates waits for an approver (review/workflow/approvals.py) and changes nothing until then.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db.models import Q

from documents.docx.model import Edit, EditError
from documents.services import version_create
from review.engine.base import HistoryItem
from review.gates import approval_needed, approval_route
from review.models import (
    Approval,
    Decision,
    DecisionAction,
    DecisionOutcome,
    JobStatus,
    Proposal,
    Recommendation,
    RecommendationStatus,
    Review,
    ReviewStatus,
    RevisionJob,
)
from review.selectors import recommendation_counts

from .audit import event_append, history_append
from .locks import ReviewLock
from .records import decision_existing, decision_guarded, decision_record
from .results import QUEUED, QUEUED_MESSAGE, STALE_MESSAGE, DecisionResult, Lost
from .revisions import recommendation_revise
from .transitions import review_complete_if_done


def review_decide(
    *,
    review: Review,
    recommendation_id: int,
    proposal_id: int,
    action: str,
    actor: User,
    idempotency_key: str,
    reason: str = "",
    instruction: str = "",
    override: bool = False,
) -> DecisionResult:
    """Resume the review with one decision. Always returns; never leaves the review in a state
    other than another suspension or completion (invariant 1).

    An edit the checker found defects in (review/engine/proof.py) is never accepted in one click:
    the engine's is refused (the lawyer words it on the card); the lawyer's own wording is
    accepted only with ``override``, and the override goes into the audit trail."""
    key = (idempotency_key or "").strip()[:64]
    if not key:
        return DecisionResult(outcome=DecisionOutcome.FAILED, message="The request was incomplete: reload the page.")
    # Duplicates need no look first: the decision row's unique key refuses a second one, and the
    # loop below then answers with the first decision (docs/architecture.md, "Idempotency").
    # Only a revise may have been handed to a task (a job row, no decision yet): one look at the
    # jobs tells both that and whether the recommendation is being revised already.
    busy: bool | None = None
    if action == DecisionAction.REVISE:
        keys = list(RevisionJob.objects.filter(
            Q(review=review, idempotency_key=key)
            | Q(recommendation_id=recommendation_id, status__in=[JobStatus.QUEUED, JobStatus.RUNNING])
        ).values_list("idempotency_key", flat=True))
        if key in keys:
            return DecisionResult(outcome=QUEUED, message=QUEUED_MESSAGE, duplicate=True)
        busy = bool(keys)
    if action not in (DecisionAction.ACCEPT, DecisionAction.REJECT, DecisionAction.REVISE):
        # Undo and reopen have their own entry point (review/workflow/undo.py).
        return DecisionResult(outcome=DecisionOutcome.FAILED,
                              message="Unknown action: choose accept, reject or revise.")
    proposal = Proposal.objects.select_related("recommendation").filter(
        pk=proposal_id, recommendation_id=recommendation_id, recommendation__review=review
    ).first()
    recommendation = proposal.recommendation if proposal is not None else None
    if recommendation is None or proposal is None:
        return DecisionResult(outcome=DecisionOutcome.FAILED,
                              message="That recommendation is not part of this review.")
    reason, instruction = reason.strip()[:4000], instruction.strip()[:4000]

    def record(outcome: str, message: str) -> DecisionResult:
        return decision_record(review=review, recommendation=recommendation, proposal=proposal, action=action,
                               actor=actor, key=key, outcome=outcome, message=message, reason=reason,
                               instruction=instruction)

    if action == DecisionAction.ACCEPT and proposal.defects and (proposal.needs_wording or not override):
        # Also what a stale client gets that still shows an Accept button for such an edit.
        return record(DecisionOutcome.FAILED, defects_refusal(proposal))

    # A lost compare-and-set means another request changed the review in between: look again,
    # and go on only if this decision is still about the current state.
    for attempt in range(3):
        if attempt:  # the first look uses the rows just read; a lost compare-and-set looks again
            review.refresh_from_db()
            recommendation.refresh_from_db()
        if review.status != ReviewStatus.AWAITING_DECISION:
            return record(DecisionOutcome.STALE,
                          f"This review is {review.get_status_display().lower()}: nothing more can be decided.")
        if recommendation.status != RecommendationStatus.PENDING or recommendation.current_proposal_id != proposal.pk:
            return record(DecisionOutcome.STALE, STALE_MESSAGE)
        if action != DecisionAction.REJECT and proposal.base_version_id != review.current_version_id:
            # Shown on an older version: the lawyer must see the re-anchored edit first.
            return record(DecisionOutcome.STALE,
                          "The document changed since this edit was shown (another edit was accepted): "
                          "here it is again on the current version.")
        if action == DecisionAction.REVISE:
            result = recommendation_revise(review, recommendation, proposal, actor, key, instruction,
                                           busy=busy if not attempt else None)
        else:
            result = recommendation_resolve(review, recommendation, proposal, actor, key, reason=reason,
                                            accept=action == DecisionAction.ACCEPT)
        if result is not None:
            return result
        duplicate = decision_existing(review, key)
        if duplicate:
            return duplicate
    return record(DecisionOutcome.STALE, STALE_MESSAGE)


def defects_refusal(proposal: Proposal) -> str:
    """Why an edit with defects was not accepted, in the lawyer's words."""
    reasons = " ".join(d.message for d in proposal.defect_items)
    if proposal.needs_wording:
        return (f"Not accepted: this edit needs your wording before it can be sent. {reasons} "
                "Edit the wording on its card, or reject it.")
    return (f"Not accepted yet: the checker warns about your wording. {reasons} "
            "Change it, or accept it anyway on its card.")


def recommendation_resolve(
    review: Review, recommendation: Recommendation, proposal: Proposal, actor: User, key: str,
    *, reason: str, accept: bool,
) -> DecisionResult | None:
    """Accept or reject, or send the decision for approval when the playbook gates it; None
    when another request changed the review first (the caller looks again)."""
    action = DecisionAction.ACCEPT if accept else DecisionAction.REJECT
    outcome = DecisionOutcome.APPLIED if accept else DecisionOutcome.REJECTED

    spec = review.playbook_version.playbook_spec
    try:
        rule = spec.rule(recommendation.rule_id)
    except KeyError:
        rule = None
    why = approval_needed(spec, rule, proposal, accept=accept)

    def overridden(lock: ReviewLock, decision: Decision) -> None:
        # The lawyer sent their wording despite the checker's warnings: the classes go into the
        # trail (events hold no contract text), the sentences stay on the proposal.
        event_append(review_id=review.pk, kind="decision.override", actor=actor, decision=decision.pk,
                     recommendation=recommendation.pk, rule=recommendation.rule_id, proposal=proposal.pk,
                     defects=sorted({d["kind"] for d in proposal.defects}), lock=lock)

    def gated(lock: ReviewLock) -> DecisionResult:
        """The second gate (docs/decisions/approvals.md): the decision is stored exactly as
        made and waits; nothing is applied until an approver approves it."""
        decision = Decision.objects.create(
            review=review, recommendation=recommendation, proposal=proposal, action=action, actor=actor,
            reason=reason, idempotency_key=key, outcome=DecisionOutcome.AWAITING_APPROVAL, message="",
        )
        moved = Recommendation.objects.filter(
            pk=recommendation.pk, status=RecommendationStatus.PENDING, current_proposal=proposal
        ).update(status=RecommendationStatus.AWAITING_APPROVAL, message="")
        if not moved:
            raise Lost
        user, group = approval_route(spec, rule)
        approval = Approval.objects.create(
            review=review, recommendation=recommendation, decision=decision, proposal=proposal,
            kind="accept" if accept else "reject", why=why, requested_by=actor,
            approver_user=user, approver_group=group,
        )
        message = (f"{'Accepted' if accept else 'Rejected'} — sent for approval to {approval.routed_to}. "
                   "Nothing changes until it is approved; you can go on with the rest.")
        Decision.objects.filter(pk=decision.pk).update(message=message)
        event_append(review_id=review.pk, kind="approval.requested", actor=actor, decision=decision.pk,
                     approval=approval.pk, recommendation=recommendation.pk, rule=recommendation.rule_id,
                     lock=lock)
        if accept and proposal.defects:
            overridden(lock, decision)
        return DecisionResult(outcome=DecisionOutcome.AWAITING_APPROVAL, message=message, decision_id=decision.pk)

    def body(lock: ReviewLock) -> DecisionResult:
        if why:
            return gated(lock)
        new_status = RecommendationStatus.ACCEPTED if accept else RecommendationStatus.REJECTED
        moved = Recommendation.objects.filter(
            pk=recommendation.pk, status=RecommendationStatus.PENDING, current_proposal=proposal
        ).update(status=new_status, message="")
        if not moved:
            raise Lost
        recommendation.status, recommendation.message = new_status, ""
        # Counted once, under the lock: for completion here and for the card the view renders.
        counts = recommendation_counts(review)
        completes = counts["pending"] + counts["awaiting"] == 0
        parent = review.current_version
        if accept:
            message = f"Accepted: version {parent.number + 1} of the contract was made."
        elif recommendation.reject_edit:
            message = ("Rejected their change" + (f" ({reason})" if reason else "")
                       + f": version {parent.number + 1} of the contract was made.")
        else:
            message = "Rejected" + (f" ({reason})." if reason else ".")
        if completes:
            message += " Every recommendation is decided: the review is complete."
        decision = Decision.objects.create(
            review=review, recommendation=recommendation, proposal=proposal, action=action, actor=actor,
            reason=reason, idempotency_key=key, outcome=outcome, message=message,
        )
        if accept:
            # Apply exactly the stored proposal on the cursor's version (invariant 3); the cursor
            # is the latest version under this lock.
            version = version_create(document=review.document, parent=parent, edit=proposal.edit_obj, author=actor,
                                     decision=decision, parent_is_latest=True)
            review.current_version = version
            lock.fields["current_version"] = version
            event_append(review_id=review.pk, kind="version.created", actor=actor, version=version.number,
                         decision=decision.pk, lock=lock)
        elif recommendation.reject_edit:
            # Their tracked change, rejected: the rejection is itself an edit of the document
            # (docs/decisions/negotiation-rounds.md), a version like any accepted edit.
            version = version_create(document=review.document, parent=parent,
                                     edit=Edit.from_dict(recommendation.reject_edit), author=actor,
                                     decision=decision, parent_is_latest=True)
            review.current_version = version
            lock.fields["current_version"] = version
            event_append(review_id=review.pk, kind="version.created", actor=actor, version=version.number,
                         decision=decision.pk, lock=lock)
        else:
            history_append(lock, HistoryItem(rule_id=recommendation.rule_id, action="reject", text=reason))
        event_append(review_id=review.pk, kind=f"decision.{outcome}", actor=actor, decision=decision.pk,
                     recommendation=recommendation.pk, rule=recommendation.rule_id, action=action, lock=lock)
        if accept and proposal.defects:
            overridden(lock, decision)
        review_complete_if_done(lock, open_left=0 if completes else 1)
        return DecisionResult(outcome=outcome, message=message, decision_id=decision.pk,
                              recommendation=recommendation, counts=counts)

    try:
        return decision_guarded(review, body)
    except EditError as exc:
        # Rolled back whole: the recommendation stays pending, with the reason on its card.
        message = f"This edit no longer applies to the current version ({exc}). Nothing was changed."
        Recommendation.objects.filter(pk=recommendation.pk).update(message=message)
        return decision_record(review=review, recommendation=recommendation, proposal=proposal, action=action,
                               actor=actor, key=key, outcome=DecisionOutcome.FAILED, message=message, reason=reason)
