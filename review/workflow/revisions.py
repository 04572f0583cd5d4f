"""Revise: an instruction ("softer", "45 days", "replace with: ...") makes a new proposal. The
playbook engine answers at once; what only the optional LLM understands runs as a task, and its
outcome is recorded as the lawyer's decision exactly as a synchronous revision would be.
Every instruction, understood or not, goes into the engine history the next revision reads
(invariant 7, docs/architecture.md).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone

from contracts.document import structure_of
from contracts.naming import render_rule
from contracts.numbers import QuantityKind, find_quantities
from documents.models import DocumentVersion
from review.engine import UnknownEngineVersion, counterparty, get_engine
from review.engine.base import HistoryItem, RevisionError, RevisionRequest
from review.engine.base import Proposal as EngineProposal
from review.engine.playbook import proven
from review.engine.revise import is_own_wording
from review.models import (
    JOB_TERMINAL,
    Decision,
    DecisionOutcome,
    JobStatus,
    Proposal,
    ProposalSource,
    Recommendation,
    RecommendationOrigin,
    RecommendationStatus,
    Review,
    ReviewStatus,
    RevisionJob,
)

from . import jobs
from .audit import event_append, history, history_append
from .locks import ReviewLock, lock_review
from .proposals import engine_missing_message, keeping_accepted, parties_of, proposal_store
from .records import decision_existing, decision_guarded, decision_record
from .results import BUSY_MESSAGE, QUEUED, QUEUED_MESSAGE, STALE_MESSAGE, DecisionResult, Lost
from .transitions import review_transition

NOTHING_LEFT_MESSAGE = ("Could not revise: every word this revision would change was already changed by an accepted "
                        "edit, and accepted edits are kept. Give your own wording (“replace with: …”) to change them.")


def revision_keeping_accepted(
    revised: EngineProposal, version: DocumentVersion, instruction: str
) -> tuple[EngineProposal | None, bool]:
    """A revision the engine wrote (a fallback, a variant, a number) never undoes words another
    accepted edit wrote; the lawyer's own wording ("replace with: ...") is applied as written."""
    if is_own_wording(instruction):
        return revised, False
    kept, dropped = keeping_accepted(revised, version)
    if kept is not None and dropped and revised.value is not None and not _states(kept.after, revised.value):
        # The figure asked for ("use 45 days") is where an accepted edit wrote its own ("sixty (60)
        # days"): kept as accepted, the revision no longer does what was asked, so there is none
        # (never a card that says 45 and writes 60).
        return None, True
    return kept, dropped


def _states(text: str, value: float) -> bool:
    """Whether ``text`` states a figure of ``value`` (days, an amount or a percentage)."""
    kinds: tuple[QuantityKind, ...] = ("days", "amount", "percent")
    return any(abs(q.value - value) < 1e-6 for kind in kinds for q in find_quantities(text, kind))


def checked(review: Review, recommendation: Recommendation, revised: EngineProposal) -> EngineProposal:
    """The revision (the lawyer's wording, a fallback, a counter-proposal) with what the edit
    checker finds in it on the current version: warnings the lawyer may override
    (docs/decisions/edit-checker.md)."""
    model = review.current_version.text_model
    rule = None
    if not recommendation.is_counterparty:
        try:
            rule = review.playbook_version.playbook_spec.rule(recommendation.rule_id)
        except KeyError:
            rule = None
    parties = parties_of(review, model)
    if rule is not None:
        rule = render_rule(rule, parties, structure_of(model))  # its searches as the analysis ran them
    return proven(revised, model, rule, parties)


def revision_request(review: Review, recommendation: Recommendation, proposal: Proposal, rule: Any,
                     instruction: str) -> RevisionRequest:
    return RevisionRequest(
        rule=rule, current=proposal.to_engine(), instruction=instruction,
        evidence=tuple(recommendation.evidence_items), history=history(review),
        citation=f"{rule.id} @ {review.playbook_version.label}",
        parties=parties_of(review, review.current_version.text_model),
    )


def recommendation_revise(
    review: Review, recommendation: Recommendation, proposal: Proposal, actor: User, key: str,
    instruction: str, *, busy: bool | None = None,
) -> DecisionResult | None:
    """The revise branch of ``review_decide``; None when another request changed the review
    first (the caller looks again)."""
    def failed(message: str) -> DecisionResult:
        return decision_record(review=review, recommendation=recommendation, proposal=proposal, action="revise",
                               actor=actor, key=key, outcome=DecisionOutcome.FAILED, message=message,
                               instruction=instruction)

    if not instruction:
        return failed("Say how to revise it, e.g. “softer”, “45 days”, “mutual” or “replace with: …”.")
    if recommendation.is_counterparty and recommendation.origin != RecommendationOrigin.THEIR_TEXT:
        # Their change, countered with our own wording (no playbook rule behind it).
        try:
            revised = counterparty.counter_proposal(proposal.to_engine(), instruction,
                                                    review.current_version.text_model)
        except RevisionError as exc:
            return failed(f"Could not revise: {exc}")
    else:
        spec = review.playbook_version.playbook_spec
        try:
            rule = spec.rule(recommendation.rule_id)
        except KeyError:
            return failed("The playbook rule of this recommendation is missing; it cannot be revised.")
        try:
            engine = get_engine(review.engine_version)
        except UnknownEngineVersion as exc:
            return failed(engine_missing_message(exc))
        if busy is None:
            busy = RevisionJob.objects.filter(recommendation=recommendation,
                                              status__in=[JobStatus.QUEUED, JobStatus.RUNNING]).exists()
        if busy:
            return failed(BUSY_MESSAGE)
        request = revision_request(review, recommendation, proposal, rule, instruction)
        # The deterministic engine answers at once; only what it does not understand goes to the
        # LLM, and that runs as a task so the lawyer can go on with other recommendations.
        immediate = getattr(engine, "fallback", engine)
        try:
            revised = immediate.revise(request, review.current_version.text_model)
        except RevisionError as exc:
            if immediate is not engine:
                return revision_enqueue(review, recommendation, proposal, actor, key, instruction)
            # A failed instruction is context for the next one (invariant 7); the proposal and its
            # history stay as they were, and the lawyer can try again.
            with transaction.atomic():
                history_append(lock_review(review.pk), HistoryItem(rule_id=rule.id, action="revise",
                                                                   text=f"(not understood) {instruction}"))
            return failed(f"Could not revise: {exc}")
    kept, _ = revision_keeping_accepted(revised, review.current_version, instruction)
    if kept is None:
        return failed(NOTHING_LEFT_MESSAGE)
    revised = checked(review, recommendation, kept)

    def body(lock: ReviewLock) -> DecisionResult:
        decision = Decision.objects.create(
            review=review, recommendation=recommendation, proposal=proposal, action="revise", actor=actor,
            instruction=instruction, idempotency_key=key, outcome=DecisionOutcome.REVISED,
            message="Revised: here is the new proposed edit.",
        )
        # The current proposal has the highest number (review/workflow/proposals.py); the unique
        # (recommendation, number) refuses a concurrent writer.
        stored = proposal_store(recommendation, revised, source=ProposalSource.REVISION,
                                base=review.current_version, number=proposal.number + 1, predecessor=proposal,
                                actor=actor)
        moved = Recommendation.objects.filter(
            pk=recommendation.pk, status=RecommendationStatus.PENDING, current_proposal=proposal
        ).update(current_proposal=stored, message="")
        if not moved:
            raise Lost
        stored.base_version, stored.predecessor = review.current_version, proposal
        recommendation.current_proposal, recommendation.message = stored, ""
        history_append(lock, HistoryItem(rule_id=recommendation.rule_id, action="revise", text=instruction))
        event_append(review_id=review.pk, kind="decision.revised", actor=actor, decision=decision.pk,
                     recommendation=recommendation.pk, rule=recommendation.rule_id,
                     proposal=stored.pk, lock=lock)
        return DecisionResult(outcome=DecisionOutcome.REVISED, message=decision.message, decision_id=decision.pk,
                              recommendation=recommendation)

    return decision_guarded(review, body)


def revision_enqueue(review: Review, recommendation: Recommendation, proposal: Proposal,
                     actor: User, key: str, instruction: str) -> DecisionResult:
    """Hand an instruction to the LLM task: a job row now, the task after the commit."""
    try:
        with transaction.atomic():
            lock_review(review.pk)
            job = RevisionJob.objects.create(review=review, recommendation=recommendation, proposal=proposal,
                                             instruction=instruction, actor=actor, idempotency_key=key)
            event_append(review_id=review.pk, kind="revision.queued", actor=actor, recommendation=recommendation.pk,
                         rule=recommendation.rule_id, job=str(job.pk), locked=True)
            jobs.enqueue_on_commit(jobs.REVISE, [str(job.pk)], task_id=str(job.pk))
    except IntegrityError:
        return decision_existing(review, key) or DecisionResult(outcome=DecisionOutcome.FAILED, message=BUSY_MESSAGE)
    return DecisionResult(outcome=QUEUED, message=QUEUED_MESSAGE)


def revision_run(*, job_id: str) -> str:
    """The body of the revision task: ask the engine (with its LLM), then record the outcome as
    the lawyer's decision, exactly as a synchronous revision would have."""
    job = RevisionJob.objects.select_related("review", "recommendation", "proposal", "actor").filter(pk=job_id).first()
    if job is None or job.status in JOB_TERMINAL:
        return "nothing to do"
    claimed = RevisionJob.objects.filter(pk=job.pk, status__in=[JobStatus.QUEUED, JobStatus.RUNNING],
                                         attempts=job.attempts).update(status=JobStatus.RUNNING,
                                                                       attempts=job.attempts + 1)
    if not claimed:
        return "claimed by another delivery"
    review, rec, proposal = job.review, job.recommendation, job.proposal

    def finish(status: str, message: str) -> None:
        RevisionJob.objects.filter(pk=job.pk).update(status=status, message=message, finished_at=timezone.now())

    rec.refresh_from_db()
    review.refresh_from_db()
    if (review.status != ReviewStatus.AWAITING_DECISION or rec.status != RecommendationStatus.PENDING
            or rec.current_proposal_id != proposal.pk):
        finish(JobStatus.FAILED, STALE_MESSAGE)
        return "stale"
    try:
        rule = review.playbook_version.playbook_spec.rule(rec.rule_id)
        engine = get_engine(review.engine_version)
        base = review.current_version
        revised = engine.revise(revision_request(review, rec, proposal, rule, job.instruction), base.text_model)
        kept, _ = revision_keeping_accepted(revised, base, job.instruction)
        if kept is None:
            raise RevisionError(NOTHING_LEFT_MESSAGE.removeprefix("Could not revise: "))
        revised = checked(review, rec, kept)
    except (RevisionError, UnknownEngineVersion, KeyError) as exc:
        message = f"Could not revise: {exc}"
        with transaction.atomic():
            lock = lock_review(review.pk)
            decision_record(review=review, recommendation=rec, proposal=proposal, action="revise", actor=job.actor,
                            key=job.idempotency_key, outcome=DecisionOutcome.FAILED, message=message,
                            instruction=job.instruction)
            Recommendation.objects.filter(pk=rec.pk, current_proposal=proposal).update(message=message)
            history_append(lock, HistoryItem(rule_id=rec.rule_id, action="revise",
                                             text=f"(not understood) {job.instruction}"))
        finish(JobStatus.FAILED, message)
        return "failed"
    try:
        with transaction.atomic():
            won = review_transition(review_id=review.pk, from_=[ReviewStatus.AWAITING_DECISION])
            if won is None:
                raise Lost
            decision = Decision.objects.create(
                review=review, recommendation=rec, proposal=proposal, action="revise", actor=job.actor,
                instruction=job.instruction, idempotency_key=job.idempotency_key, outcome=DecisionOutcome.REVISED,
                message="Revised: here is the new proposed edit.",
            )
            number = (rec.proposals.aggregate(m=Max("number"))["m"] or 0) + 1
            stored = proposal_store(rec, revised, source=ProposalSource.REVISION, base=base, number=number,
                                    predecessor=proposal, actor=job.actor)
            moved = Recommendation.objects.filter(
                pk=rec.pk, status=RecommendationStatus.PENDING, current_proposal=proposal
            ).update(current_proposal=stored, message="")
            if not moved:
                raise Lost
            history_append(won, HistoryItem(rule_id=rec.rule_id, action="revise", text=job.instruction))
            event_append(review_id=review.pk, kind="decision.revised", actor=job.actor, decision=decision.pk,
                         recommendation=rec.pk, rule=rec.rule_id, proposal=stored.pk, locked=True)
    except (Lost, IntegrityError):
        finish(JobStatus.FAILED, STALE_MESSAGE)
        return "stale"
    finish(JobStatus.SUCCEEDED, "")
    return "revised"
