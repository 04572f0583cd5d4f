"""The review workflow: a durable suspend/resume state machine (DESIGN §2).

The engine analyses, the review *suspends* with its pending recommendations, each decision
*resumes* it (persist the decision, apply the change, advance the cursor), and it suspends again
or *completes* when nothing is left to decide.

Invariants, each held here and tested in tests/review/:
1. While a review is active, every interaction ends in another suspension: stale, duplicate,
   unknown, inapplicable or failed inputs return a result with a message and change nothing
   else. Only a review with no pending recommendation completes.
2. The cursor (``Review.current_version``) is the newest version; accepting on N makes N+1 and
   moves the cursor in the same transaction; a proposal computed on an older version is
   re-anchored (or re-resolved) before it is shown, never applied blind.
3. Accepting applies the stored proposal, not a fresh computation.
4. At most once: decisions carry the proposal id and an idempotency key; unique constraints make
   a second apply impossible; a duplicate returns the first result.
5. Reject, cancel and fail are their own outcomes.
6. Previews and downloads derive from the cursor (views).
7. Decisions feed the engine: the snapshot's history goes into every revision.

Every state change is a compare-and-set ``UPDATE ... WHERE revision = r`` (works on SQLite,
where SELECT FOR UPDATE does nothing, and on PostgreSQL).
"""

from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import DatabaseError, IntegrityError, transaction
from django.db.models import F, Max
from django.utils import timezone

from documents.docx.model import EditError, TextModel
from documents.models import Document, DocumentVersion
from documents.services import version_create
from playbooks.models import PlaybookVersion
from playbooks.rules import PlaybookSpec
from review.engine import ENGINE_VERSION, UnknownEngineVersion, get_engine
from review.engine.base import HistoryItem, RevisionError, RevisionRequest, RuleResult
from review.engine.base import Proposal as EngineProposal

from .audit import event_hash
from .gates import approval_needed, approval_route
from .models import (
    JOB_TERMINAL,
    RECOMMENDATION_OPEN,
    REVIEW_ACTIVE,
    AnalysisJob,
    Approval,
    Decision,
    DecisionAction,
    DecisionOutcome,
    JobStatus,
    Proposal,
    ProposalSource,
    Recommendation,
    RecommendationStatus,
    Review,
    ReviewEvent,
    ReviewStatus,
    RevisionJob,
    RuleOutcome,
)

log = logging.getLogger(__name__)

STALE_MESSAGE = (
    "This changed since you opened it (another tab or a colleague decided first): here is the current state."
)


class ReviewRefused(Exception):
    """A request the workflow refuses before anything is written (e.g. the active-review cap)."""


@dataclass(frozen=True)
class DecisionResult:
    outcome: str
    message: str
    decision_id: int | None = None
    duplicate: bool = False

    @property
    def level(self) -> str:
        if self.outcome in (DecisionOutcome.APPLIED, DecisionOutcome.REJECTED, DecisionOutcome.REVISED):
            return "success"
        if self.outcome in (QUEUED, DecisionOutcome.AWAITING_APPROVAL):
            return "info"
        if self.outcome == DecisionOutcome.STALE:
            return "warning"
        return "error"


# --------------------------------------------------------------------------------------------
# Audit trail


def _lock_review(review_id: int) -> None:
    """Every transaction that writes a review's rows takes the review row first, in the same
    order as the decisions' compare-and-set, so two of them can never wait for each other
    (PostgreSQL; SQLite's immediate transactions are serial anyway)."""
    list(Review.objects.select_for_update(no_key=True).filter(pk=review_id).values_list("pk"))


def event_append(*, review_id: int, kind: str, actor: AbstractBaseUser | None = None, locked: bool = False,
                 **data: Any) -> ReviewEvent:
    """Append an event. Callers inside a review transaction hold the review row (the CAS update
    came first), so ``seq`` is computed without a race; elsewhere the unique constraint makes a
    concurrent writer retry."""
    data = json.loads(json.dumps(data, default=str))  # exactly what the JSON column will give back
    for _attempt in range(5):
        try:
            with transaction.atomic():
                # The review row first, like every decision (its compare-and-set): locking it only
                # for the audit head, after the event insert, deadlocks with them on PostgreSQL.
                # ``locked``: the caller's compare-and-set already holds it.
                if not locked:
                    _lock_review(review_id)
                last = ReviewEvent.objects.filter(review_id=review_id).order_by("-seq").values("seq", "hash").first()
                seq = (last["seq"] if last else 0) + 1
                prev_hash = last["hash"] if last else ""
                created_at = timezone.now()
                digest = event_hash(prev_hash=prev_hash, review_id=review_id, seq=seq, kind=kind,
                                    actor_id=actor.pk if actor is not None else None, data=data,
                                    created_at=created_at)
                event = ReviewEvent.objects.create(review_id=review_id, seq=seq, kind=kind, actor=actor, data=data,
                                                   created_at=created_at, prev_hash=prev_hash, hash=digest)
                Review.objects.filter(pk=review_id).update(audit_head=digest, audit_count=seq)
                return event
        except IntegrityError:
            continue
    raise RuntimeError("could not append a review event")


# --------------------------------------------------------------------------------------------
# Start and analysis


def review_start(
    *,
    owner: AbstractBaseUser,
    document: Document,
    playbook_version: PlaybookVersion,
    team: Any = None,
    party: str = "",
    title: str = "",
    enqueue: bool = True,
) -> Review:
    """Create a review in ``analyzing`` and enqueue its analysis once the transaction commits.
    ``enqueue=False`` is for callers that run the analysis in-process (the ``review`` command):
    they call ``analysis_run`` themselves, the same body the task runs."""
    from .tasks import analyze_review

    first = document.versions.order_by("number").first()
    if first is None:
        raise ReviewRefused("This document has no version to review.")
    with transaction.atomic():
        _check_active_cap(owner)
        review = Review.objects.create(
            owner=owner,
            team=team,
            title=title or document.title,
            document=document,
            playbook_version=playbook_version,
            party=party,
            engine_version=ENGINE_VERSION,
            status=ReviewStatus.ANALYZING,
            current_version=first,
            engine_snapshot={"engine_version": ENGINE_VERSION, "history": []},
        )
        job = AnalysisJob.objects.create(review=review)
        event_append(
            review_id=review.pk, kind="review.started", actor=owner,
            playbook=playbook_version.label, engine_version=ENGINE_VERSION, job=str(job.pk),
        )
        job_id = str(job.pk)
        if enqueue:
            # robust: a broker that is down must not fail the request after the commit; the job
            # row stays queued and the reconciler enqueues it again (FIELD-NOTES, Celery).
            transaction.on_commit(lambda: analyze_review.apply_async(args=[job_id], task_id=job_id), robust=True)
    return review


def _check_active_cap(owner: AbstractBaseUser) -> None:
    """Refuse a new review beyond the per-user cap, before anything is enqueued. The owner's row
    is locked first (PostgreSQL) so two concurrent starts at cap-1 admit one; SQLite's immediate
    transactions serialise them anyway. If the count cannot be read, refuse: fail closed."""
    limit = settings.REDPEN_MAX_ACTIVE_REVIEWS
    try:
        list(get_user_model().objects.select_for_update().filter(pk=owner.pk).values_list("pk", flat=True))
        active = Review.objects.filter(owner=owner, status__in=list(REVIEW_ACTIVE)).count()
    except DatabaseError as exc:
        raise ReviewRefused("Redpen could not check how many reviews you have open; try again in a moment.") from exc
    if active >= limit:
        raise ReviewRefused(
            f"You have {active} reviews in progress, the most allowed is {limit}: finish or cancel one first."
        )


def analysis_rerun(*, review: Review, actor: AbstractBaseUser | None) -> AnalysisJob | None:
    """Run the analysis again for a review whose analysis failed or never finished (admin
    action, reconciler). Only a review still analysing, or failed, can be re-run; decisions are
    never thrown away."""
    from .tasks import analyze_review

    with transaction.atomic():
        updated = Review.objects.filter(
            pk=review.pk, revision=review.revision, status__in=[ReviewStatus.ANALYZING, ReviewStatus.FAILED]
        ).update(status=ReviewStatus.ANALYZING, status_message="", revision=F("revision") + 1)
        if not updated:
            return None
        if review.recommendations.exists():
            # Analysis results were already stored: the review is only waiting for decisions.
            raise ReviewRefused("This review already has its recommendations.")
        job = AnalysisJob.objects.create(review=review)
        event_append(review_id=review.pk, kind="analysis.rerun", actor=actor, job=str(job.pk))
        job_id = str(job.pk)
        transaction.on_commit(lambda: analyze_review.apply_async(args=[job_id], task_id=job_id), robust=True)
    return job


def _fault_point(name: str) -> None:
    """Fault injection for the reliability tests, driven only by the environment of a worker
    process the tests start: ``REDPEN_FAULTS="analysis:sleep=5"`` (a slow analysis to kill
    mid-way) or ``"analysis:crash"`` (the process dies, like an out-of-memory kill). Unset in
    every real deployment; reading one environment variable costs nothing."""
    faults = os.environ.get("REDPEN_FAULTS", "")
    for fault in filter(None, faults.split(",")):
        point, _, action = fault.partition(":")
        if point != name:
            continue
        if action.startswith("sleep="):
            time.sleep(float(action.removeprefix("sleep=")))
        elif action == "crash":
            os._exit(70)


def _job_progress(job_id: Any, progress: int, step: str) -> None:
    # Outside the result transaction on purpose: the UI polls this while the work runs.
    AnalysisJob.objects.filter(pk=job_id, status=JobStatus.RUNNING).update(progress=progress, step=step)


def analysis_run(*, job_id: str, max_attempts: int | None = None) -> str:
    """The body of the analysis task. Idempotent: a redelivered or duplicated task produces the
    recommendations once (the job row's compare-and-set and the unique constraints decide)."""
    job = AnalysisJob.objects.select_related("review").filter(pk=job_id).first()
    if job is None or job.status in JOB_TERMINAL:
        return "nothing to do"
    review = job.review
    if review.status != ReviewStatus.ANALYZING:
        AnalysisJob.objects.filter(pk=job.pk, status__in=[JobStatus.QUEUED, JobStatus.RUNNING]).update(
            status=JobStatus.FAILED, error="The review is no longer analysing.", finished_at=timezone.now()
        )
        return "review not analysing"
    max_attempts = max_attempts or settings.REDPEN_ANALYSIS_MAX_ATTEMPTS
    if job.attempts >= max_attempts:
        analysis_fail(job_id=job.pk, reason=f"The analysis failed {job.attempts} times; it was stopped.")
        return "too many attempts"
    # Count the attempt before working: a worker killed mid-task still used one.
    claimed = AnalysisJob.objects.filter(pk=job.pk, status__in=[JobStatus.QUEUED, JobStatus.RUNNING],
                                         attempts=job.attempts).update(
        status=JobStatus.RUNNING, attempts=F("attempts") + 1, started_at=timezone.now(), progress=5,
        step="Reading the contract",
    )
    if not claimed:
        return "claimed by another delivery"
    started = time.monotonic()
    _fault_point("analysis")
    try:
        version = review.current_version
        model = version.text_model
        spec = review.playbook_version.playbook_spec
        _job_progress(job.pk, 30, f"Checking {len(spec.rules)} rules")
        engine = get_engine(review.engine_version)
        results = engine.analyze(model, spec, citation_label=review.playbook_version.label)
        _job_progress(job.pk, 85, "Preparing recommendations")
    except Exception as exc:  # the reason is kept for the lawyer; the traceback for operators
        log.exception("analysis %s failed", job.pk)
        analysis_fail(job_id=job.pk, reason=f"The analysis could not run: {exc}")
        return "failed"
    duration = time.monotonic() - started
    return _analysis_store(job_id=job.pk, review_id=review.pk, version=version, results=results, duration=duration)


def _analysis_store(
    *, job_id: Any, review_id: int, version: DocumentVersion, results: list[RuleResult], duration: float
) -> str:
    with transaction.atomic():
        won = AnalysisJob.objects.filter(pk=job_id, status=JobStatus.RUNNING).update(
            status=JobStatus.SUCCEEDED, progress=100, step="Done", finished_at=timezone.now(), duration_s=duration
        )
        if not won:
            return "another delivery stored the results"
        review = Review.objects.get(pk=review_id)
        if review.recommendations.exists():  # belt and braces: the unique constraints say the same
            return "already stored"
        ordinal = 0
        recs: list[tuple[Recommendation, EngineProposal]] = []
        for index, result in enumerate(results):
            RuleOutcome.objects.create(
                review=review, ordinal=index, rule_id=result.rule_id, title=result.title,
                severity=result.severity, status=result.status,
                evidence=[e.to_dict() for e in result.evidence], message=result.message,
            )
            for proposal in result.recommendations:
                ordinal += 1
                rec = Recommendation.objects.create(
                    review=review, ordinal=ordinal, rule_id=result.rule_id, rule_title=result.title,
                    severity=result.severity, finding=result.status,
                    evidence=[e.to_dict() for e in result.evidence if e.locator == proposal.edit.locator]
                    or [e.to_dict() for e in result.evidence[:1]],
                )
                recs.append((rec, proposal))
        for rec, proposal in recs:
            stored = _proposal_store(rec, proposal, source=ProposalSource.ANALYSIS, base=version, number=1)
            Recommendation.objects.filter(pk=rec.pk).update(current_proposal=stored)
        status = ReviewStatus.AWAITING_DECISION if recs else ReviewStatus.COMPLETED
        updated = Review.objects.filter(pk=review.pk, revision=review.revision, status=ReviewStatus.ANALYZING).update(
            status=status, revision=F("revision") + 1,
            completed_at=timezone.now() if status == ReviewStatus.COMPLETED else None,
        )
        if not updated:
            transaction.set_rollback(True)
            return "review changed during analysis"
        event_append(review_id=review.pk, kind="analysis.finished", recommendations=len(recs),
                     rules=len(results), duration_s=round(duration, 3))
        paragraphs = len(version.text_model.paragraphs)
        if paragraphs >= settings.REDPEN_LONG_CONTRACT_PARAGRAPHS:
            from .tasks import analysis_finished_mail

            review_pk = review.pk
            transaction.on_commit(lambda: analysis_finished_mail.delay(review_pk, paragraphs), robust=True)
        if status == ReviewStatus.COMPLETED:
            event_append(review_id=review.pk, kind="review.completed", reason="no recommendations")
    return "stored"


def analysis_fail(*, job_id: Any, reason: str) -> None:
    with transaction.atomic():
        job = AnalysisJob.objects.select_related("review").get(pk=job_id)
        AnalysisJob.objects.filter(pk=job_id, status__in=[JobStatus.QUEUED, JobStatus.RUNNING]).update(
            status=JobStatus.FAILED, error=reason, finished_at=timezone.now()
        )
        review = job.review
        updated = Review.objects.filter(pk=review.pk, status=ReviewStatus.ANALYZING).update(
            status=ReviewStatus.FAILED, status_message=reason, revision=F("revision") + 1
        )
        if updated:
            event_append(review_id=review.pk, kind="analysis.failed", reason=reason)


def _proposal_store(
    rec: Recommendation, proposal: EngineProposal, *, source: str, base: DocumentVersion, number: int,
    predecessor: Proposal | None = None, actor: AbstractBaseUser | None = None,
) -> Proposal:
    return Proposal.objects.create(
        recommendation=rec, number=number, predecessor=predecessor, source=source, base_version=base,
        action=proposal.action, edit=proposal.edit.to_dict(), before=proposal.before, after=proposal.after,
        explanation=proposal.explanation, position=proposal.position, variant=proposal.variant or "",
        value=proposal.value, instruction=proposal.instruction, created_by=actor,
    )


# --------------------------------------------------------------------------------------------
# Showing a recommendation: re-anchor before it is shown (invariant 2)


def _engine_missing(exc: UnknownEngineVersion) -> str:
    return (f"This review was started with engine {exc.version!r}, which this installation no longer has, "
            "so its edits cannot be worked out again. You can still reject it; an admin can re-run the review.")


def _history(review: Review) -> tuple[HistoryItem, ...]:
    return tuple(HistoryItem(**item) for item in review.engine_snapshot.get("history", []))


def recommendation_prepare(*, review: Review, recommendation: Recommendation) -> Recommendation:
    """Make sure the recommendation's current proposal is anchored on the review's current
    version before anyone sees it. A proposal made on an older version is re-anchored (same
    text, new place) or, if it no longer applies exactly, re-resolved by running its rule again
    on the current text; if the rule finds nothing there any more, the recommendation is
    superseded. Idempotent and safe under concurrency (compare-and-set on the proposal)."""
    proposal = recommendation.current_proposal
    if (
        recommendation.status != RecommendationStatus.PENDING
        or proposal is None
        or proposal.base_version_id == review.current_version_id
    ):
        return recommendation
    current = review.current_version
    model = current.text_model
    try:
        engine = get_engine(review.engine_version)
    except UnknownEngineVersion as exc:
        # Shown as it is, never applied blind: accepting it is refused as stale (older
        # version); rejecting it still works.
        Recommendation.objects.filter(pk=recommendation.pk).update(message=_engine_missing(exc))
        recommendation.refresh_from_db()
        return recommendation
    anchored = engine.reanchor(proposal.to_engine(), model)
    source = ProposalSource.REANCHOR
    message = ""
    if anchored is None:
        anchored = _reresolve(review, recommendation, proposal, model)
        source = ProposalSource.RERESOLVE
        message = ("The contract changed around this clause since the edit was proposed: the edit was worked "
                   "out again on the current text. Check it before accepting.")
    with transaction.atomic():
        if anchored is None:
            updated = Recommendation.objects.filter(
                pk=recommendation.pk, status=RecommendationStatus.PENDING, current_proposal=proposal
            ).update(status=RecommendationStatus.SUPERSEDED,
                     message="An accepted edit changed this text and the rule no longer finds an issue here.")
            if updated:
                event_append(review_id=review.pk, kind="recommendation.superseded", rule=recommendation.rule_id,
                             recommendation=recommendation.pk)
                _complete_if_done(review.pk)
        else:
            # Every new proposal becomes the current one (or is rolled back): the current one has
            # the highest number; the unique constraint catches a concurrent writer.
            number = proposal.number + 1
            try:
                with transaction.atomic():
                    stored = _proposal_store(recommendation, anchored, source=source, base=current, number=number,
                                             predecessor=proposal)
                    updated = Recommendation.objects.filter(
                        pk=recommendation.pk, status=RecommendationStatus.PENDING, current_proposal=proposal
                    ).update(current_proposal=stored, message=message)
                    if not updated:
                        transaction.set_rollback(True)
            except IntegrityError:
                pass  # a concurrent request anchored it first; re-read below
    return _reloaded(recommendation)


def _reloaded(recommendation: Recommendation) -> Recommendation:
    # With the proposal and its version: the card shows both right after.
    return Recommendation.objects.select_related("current_proposal", "current_proposal__base_version").get(
        pk=recommendation.pk
    )


def _reresolve(
    review: Review, recommendation: Recommendation, proposal: Proposal, model: TextModel
) -> EngineProposal | None:
    spec = review.playbook_version.playbook_spec
    try:
        rule = spec.rule(recommendation.rule_id)
    except KeyError:
        return None
    engine = get_engine(review.engine_version)
    results = engine.analyze(model, PlaybookSpec(name=spec.name, rules=(rule,), party=spec.party),
                             citation_label=review.playbook_version.label)
    candidates = [p for r in results for p in r.recommendations]
    if not candidates:
        return None
    old_locator = proposal.edit_obj.locator
    same_place = [p for p in candidates if p.edit.locator == old_locator]
    return (same_place or candidates)[0]


# --------------------------------------------------------------------------------------------
# Decisions


def _complete_if_done(review_id: int) -> bool:
    """Complete the review when nothing is left to decide or to approve. Call inside the
    decision's transaction."""
    if Recommendation.objects.filter(review_id=review_id, status__in=list(RECOMMENDATION_OPEN)).exists():
        return False
    updated = Review.objects.filter(pk=review_id, status=ReviewStatus.AWAITING_DECISION).update(
        status=ReviewStatus.COMPLETED, completed_at=timezone.now(), revision=F("revision") + 1
    )
    if updated:
        event_append(review_id=review_id, kind="review.completed")
    return bool(updated)


QUEUED = "queued"  # DecisionResult.outcome of a revision handed to a task (no Decision row yet)
BUSY_MESSAGE = "This recommendation is already being revised; wait for the new edit."
QUEUED_MESSAGE = ("Revising with the language model: the new edit appears here by itself. "
                  "You can decide other recommendations meanwhile.")


def _existing(review: Review, key: str, *, may_be_queued: bool = True) -> DecisionResult | None:
    decision = Decision.objects.filter(review=review, idempotency_key=key).first()
    if decision is None:
        # Only a revise can have been handed to a task (a revision job, no decision yet).
        if may_be_queued and RevisionJob.objects.filter(review=review, idempotency_key=key).exists():
            return DecisionResult(outcome=QUEUED, message=QUEUED_MESSAGE, duplicate=True)
        return None
    Decision.objects.filter(pk=decision.pk).update(duplicate_count=F("duplicate_count") + 1)
    return DecisionResult(outcome=decision.outcome, message=decision.message, decision_id=decision.pk, duplicate=True)


def _record(
    *, review: Review, recommendation: Recommendation, proposal: Proposal, action: str,
    actor: AbstractBaseUser, key: str, outcome: str, message: str, reason: str = "", instruction: str = "",
) -> DecisionResult:
    """Record a decision that changes nothing (stale, failed) — never fails on a retry."""
    try:
        with transaction.atomic():
            _lock_review(review.pk)
            decision = Decision.objects.create(
                review=review, recommendation=recommendation, proposal=proposal, action=action, actor=actor,
                reason=reason, instruction=instruction, idempotency_key=key, outcome=outcome, message=message,
            )
            event_append(review_id=review.pk, kind=f"decision.{outcome}", actor=actor, decision=decision.pk,
                         recommendation=recommendation.pk, rule=recommendation.rule_id, action=action)
    except IntegrityError:
        return _existing(review, key) or DecisionResult(outcome=outcome, message=message)
    return DecisionResult(outcome=outcome, message=message, decision_id=decision.pk)


def review_decide(
    *,
    review: Review,
    recommendation_id: int,
    proposal_id: int,
    action: str,
    actor: AbstractBaseUser,
    idempotency_key: str,
    reason: str = "",
    instruction: str = "",
) -> DecisionResult:
    """Resume the review with one decision. Always returns; never leaves the review in a state
    other than another suspension or completion (invariant 1)."""
    key = (idempotency_key or "").strip()[:64]
    if not key:
        return DecisionResult(outcome=DecisionOutcome.FAILED, message="The request was incomplete: reload the page.")
    duplicate = _existing(review, key, may_be_queued=action == DecisionAction.REVISE)
    if duplicate:
        return duplicate
    if action not in DecisionAction.values:
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
        return _record(review=review, recommendation=recommendation, proposal=proposal, action=action, actor=actor,
                       key=key, outcome=outcome, message=message, reason=reason, instruction=instruction)

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
            result = _revise(review, recommendation, proposal, actor, key, instruction)
        else:
            result = _resolve(review, recommendation, proposal, actor, key, reason=reason,
                              accept=action == DecisionAction.ACCEPT)
        if result is not None:
            return result
        duplicate = _existing(review, key)
        if duplicate:
            return duplicate
    return record(DecisionOutcome.STALE, STALE_MESSAGE)


def _revision_request(review: Review, recommendation: Recommendation, proposal: Proposal, rule: Any,
                      instruction: str) -> RevisionRequest:
    return RevisionRequest(
        rule=rule, current=proposal.to_engine(), instruction=instruction,
        evidence=tuple(recommendation.evidence_items), history=_history(review),
        citation=f"{rule.id} @ {review.playbook_version.label}",
    )


def _revision_enqueue(review: Review, recommendation: Recommendation, proposal: Proposal,
                      actor: AbstractBaseUser, key: str, instruction: str) -> DecisionResult:
    from .tasks import revise_recommendation

    try:
        with transaction.atomic():
            _lock_review(review.pk)
            job = RevisionJob.objects.create(review=review, recommendation=recommendation, proposal=proposal,
                                             instruction=instruction, actor=actor, idempotency_key=key)
            event_append(review_id=review.pk, kind="revision.queued", actor=actor, recommendation=recommendation.pk,
                         rule=recommendation.rule_id, job=str(job.pk))
            job_id = str(job.pk)
            transaction.on_commit(lambda: revise_recommendation.apply_async(args=[job_id], task_id=job_id),
                                  robust=True)
    except IntegrityError:
        return _existing(review, key) or DecisionResult(outcome=DecisionOutcome.FAILED, message=BUSY_MESSAGE)
    return DecisionResult(outcome=QUEUED, message=QUEUED_MESSAGE)


def revision_run(*, job_id: str) -> str:
    """The body of the revision task: ask the engine (with its LLM), then record the outcome as
    the lawyer's decision, exactly as a synchronous revision would have."""
    job = RevisionJob.objects.select_related("review", "recommendation", "proposal", "actor").filter(pk=job_id).first()
    if job is None or job.status in JOB_TERMINAL:
        return "nothing to do"
    claimed = RevisionJob.objects.filter(pk=job.pk, status__in=[JobStatus.QUEUED, JobStatus.RUNNING],
                                         attempts=job.attempts).update(status=JobStatus.RUNNING,
                                                                       attempts=F("attempts") + 1)
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
        revised = engine.revise(_revision_request(review, rec, proposal, rule, job.instruction), base.text_model)
    except (RevisionError, UnknownEngineVersion, KeyError) as exc:
        message = f"Could not revise: {exc}"
        with transaction.atomic():
            _record(review=review, recommendation=rec, proposal=proposal, action="revise", actor=job.actor,
                    key=job.idempotency_key, outcome=DecisionOutcome.FAILED, message=message,
                    instruction=job.instruction)
            Recommendation.objects.filter(pk=rec.pk, current_proposal=proposal).update(message=message)
            _history_append(review.pk, HistoryItem(rule_id=rec.rule_id, action="revise",
                                                   text=f"(not understood) {job.instruction}"))
        finish(JobStatus.FAILED, message)
        return "failed"
    try:
        with transaction.atomic():
            moved_review = Review.objects.filter(pk=review.pk, status=ReviewStatus.AWAITING_DECISION).update(
                revision=F("revision") + 1
            )
            if not moved_review:
                raise _Lost
            decision = Decision.objects.create(
                review=review, recommendation=rec, proposal=proposal, action="revise", actor=job.actor,
                instruction=job.instruction, idempotency_key=job.idempotency_key, outcome=DecisionOutcome.REVISED,
                message="Revised: here is the new proposed edit.",
            )
            number = (rec.proposals.aggregate(m=Max("number"))["m"] or 0) + 1
            stored = _proposal_store(rec, revised, source=ProposalSource.REVISION, base=base, number=number,
                                     predecessor=proposal, actor=job.actor)
            moved = Recommendation.objects.filter(
                pk=rec.pk, status=RecommendationStatus.PENDING, current_proposal=proposal
            ).update(current_proposal=stored, message="")
            if not moved:
                raise _Lost
            _history_append(review.pk, HistoryItem(rule_id=rec.rule_id, action="revise", text=job.instruction))
            event_append(review_id=review.pk, kind="decision.revised", actor=job.actor, decision=decision.pk,
                         recommendation=rec.pk, rule=rec.rule_id, proposal=stored.pk)
    except (_Lost, IntegrityError):
        finish(JobStatus.FAILED, STALE_MESSAGE)
        return "stale"
    finish(JobStatus.SUCCEEDED, "")
    return "revised"


def _history_append(review_id: int, item: HistoryItem) -> None:
    review = Review.objects.get(pk=review_id)
    snapshot = dict(review.engine_snapshot)
    snapshot.setdefault("engine_version", review.engine_version)
    snapshot["history"] = [*snapshot.get("history", []), {"rule_id": item.rule_id, "action": item.action,
                                                          "text": item.text}]
    Review.objects.filter(pk=review_id).update(engine_snapshot=snapshot)


class _Lost(Exception):
    """Another request moved the recommendation first: roll back and look again."""


def _guarded(review: Review, body: Callable[[], DecisionResult]) -> DecisionResult | None:
    """Run ``body`` in a transaction that first wins the review's compare-and-set; None when
    another request changed the review first (nothing written)."""
    try:
        with transaction.atomic():
            won = Review.objects.filter(
                pk=review.pk, revision=review.revision, status=ReviewStatus.AWAITING_DECISION,
                current_version_id=review.current_version_id,
            ).update(revision=F("revision") + 1)
            if not won:
                return None
            return body()
    except (_Lost, IntegrityError):
        return None


def _resolve(
    review: Review, recommendation: Recommendation, proposal: Proposal, actor: AbstractBaseUser, key: str,
    *, reason: str, accept: bool,
) -> DecisionResult | None:
    action = DecisionAction.ACCEPT if accept else DecisionAction.REJECT
    outcome = DecisionOutcome.APPLIED if accept else DecisionOutcome.REJECTED

    spec = review.playbook_version.playbook_spec
    try:
        rule = spec.rule(recommendation.rule_id)
    except KeyError:
        rule = None
    why = approval_needed(spec, rule, proposal, accept=accept)

    def gated() -> DecisionResult:
        """The second gate (issue 9): the decision is stored exactly as made and waits; nothing
        is applied until an approver approves it."""
        decision = Decision.objects.create(
            review=review, recommendation=recommendation, proposal=proposal, action=action, actor=actor,
            reason=reason, idempotency_key=key, outcome=DecisionOutcome.AWAITING_APPROVAL, message="",
        )
        moved = Recommendation.objects.filter(
            pk=recommendation.pk, status=RecommendationStatus.PENDING, current_proposal=proposal
        ).update(status=RecommendationStatus.AWAITING_APPROVAL, message="")
        if not moved:
            raise _Lost
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
                     approval=approval.pk, recommendation=recommendation.pk, rule=recommendation.rule_id)
        return DecisionResult(outcome=DecisionOutcome.AWAITING_APPROVAL, message=message, decision_id=decision.pk)

    def body() -> DecisionResult:
        if why:
            return gated()
        decision = Decision.objects.create(
            review=review, recommendation=recommendation, proposal=proposal, action=action, actor=actor,
            reason=reason, idempotency_key=key, outcome=outcome, message="",
        )
        new_status = RecommendationStatus.ACCEPTED if accept else RecommendationStatus.REJECTED
        moved = Recommendation.objects.filter(
            pk=recommendation.pk, status=RecommendationStatus.PENDING, current_proposal=proposal
        ).update(status=new_status, message="")
        if not moved:
            raise _Lost
        if accept:
            # Apply exactly the stored proposal on the cursor's version (invariant 3).
            version = version_create(document=review.document, parent=review.current_version,
                                     edit=proposal.edit_obj, author=actor, decision=decision)
            Review.objects.filter(pk=review.pk).update(current_version=version)
            message = f"Accepted: version {version.number} of the contract was made."
            event_append(review_id=review.pk, kind="version.created", actor=actor, version=version.number,
                         decision=decision.pk, locked=True)
        else:
            message = "Rejected" + (f" ({reason})." if reason else ".")
            _history_append(review.pk, HistoryItem(rule_id=recommendation.rule_id, action="reject", text=reason))
        event_append(review_id=review.pk, kind=f"decision.{outcome}", actor=actor, decision=decision.pk,
                     recommendation=recommendation.pk, rule=recommendation.rule_id, action=action, locked=True)
        if _complete_if_done(review.pk):
            message += " Every recommendation is decided: the review is complete."
        Decision.objects.filter(pk=decision.pk).update(message=message)
        return DecisionResult(outcome=outcome, message=message, decision_id=decision.pk)

    try:
        return _guarded(review, body)
    except EditError as exc:
        # Rolled back whole: the recommendation stays pending, with the reason on its card.
        message = f"This edit no longer applies to the current version ({exc}). Nothing was changed."
        Recommendation.objects.filter(pk=recommendation.pk).update(message=message)
        return _record(review=review, recommendation=recommendation, proposal=proposal, action=action, actor=actor,
                       key=key, outcome=DecisionOutcome.FAILED, message=message, reason=reason)


def _revise(
    review: Review, recommendation: Recommendation, proposal: Proposal, actor: AbstractBaseUser, key: str,
    instruction: str,
) -> DecisionResult | None:
    def failed(message: str) -> DecisionResult:
        return _record(review=review, recommendation=recommendation, proposal=proposal, action="revise", actor=actor,
                       key=key, outcome=DecisionOutcome.FAILED, message=message, instruction=instruction)

    spec = review.playbook_version.playbook_spec
    try:
        rule = spec.rule(recommendation.rule_id)
    except KeyError:
        return failed("The playbook rule of this recommendation is missing; it cannot be revised.")
    if not instruction:
        return failed("Say how to revise it, e.g. “softer”, “45 days”, “mutual” or “replace with: …”.")
    try:
        engine = get_engine(review.engine_version)
    except UnknownEngineVersion as exc:
        return failed(_engine_missing(exc))
    if RevisionJob.objects.filter(recommendation=recommendation,
                                  status__in=[JobStatus.QUEUED, JobStatus.RUNNING]).exists():
        return failed(BUSY_MESSAGE)
    request = _revision_request(review, recommendation, proposal, rule, instruction)
    # The deterministic engine answers at once; only what it does not understand goes to the
    # LLM, and that runs as a task so the lawyer can go on with other recommendations.
    immediate = getattr(engine, "fallback", engine)
    try:
        revised = immediate.revise(request, review.current_version.text_model)
    except RevisionError as exc:
        if immediate is not engine:
            return _revision_enqueue(review, recommendation, proposal, actor, key, instruction)
        # A failed instruction is context for the next one (invariant 7); the proposal and its
        # history stay as they were, and the lawyer can try again.
        with transaction.atomic():
            _history_append(review.pk, HistoryItem(rule_id=rule.id, action="revise",
                                                   text=f"(not understood) {instruction}"))
        return failed(f"Could not revise: {exc}")

    def body() -> DecisionResult:
        decision = Decision.objects.create(
            review=review, recommendation=recommendation, proposal=proposal, action="revise", actor=actor,
            instruction=instruction, idempotency_key=key, outcome=DecisionOutcome.REVISED,
            message="Revised: here is the new proposed edit.",
        )
        number = (recommendation.proposals.aggregate(m=Max("number"))["m"] or 0) + 1
        stored = _proposal_store(recommendation, revised, source=ProposalSource.REVISION,
                                 base=review.current_version, number=number, predecessor=proposal, actor=actor)
        moved = Recommendation.objects.filter(
            pk=recommendation.pk, status=RecommendationStatus.PENDING, current_proposal=proposal
        ).update(current_proposal=stored, message="")
        if not moved:
            raise _Lost
        _history_append(review.pk, HistoryItem(rule_id=recommendation.rule_id, action="revise", text=instruction))
        event_append(review_id=review.pk, kind="decision.revised", actor=actor, decision=decision.pk,
                     recommendation=recommendation.pk, rule=recommendation.rule_id,
                     proposal=stored.pk)
        return DecisionResult(outcome=DecisionOutcome.REVISED, message=decision.message, decision_id=decision.pk)

    return _guarded(review, body)


# --------------------------------------------------------------------------------------------
# Cancel


def review_cancel(*, review: Review, actor: AbstractBaseUser, reason: str = "") -> bool:
    with transaction.atomic():
        updated = Review.objects.filter(pk=review.pk, status__in=[ReviewStatus.ANALYZING,
                                                                  ReviewStatus.AWAITING_DECISION]).update(
            status=ReviewStatus.CANCELLED, status_message=reason or "Cancelled.", revision=F("revision") + 1
        )
        if updated:
            AnalysisJob.objects.filter(review=review, status__in=[JobStatus.QUEUED, JobStatus.RUNNING]).update(
                status=JobStatus.FAILED, error="The review was cancelled.", finished_at=timezone.now()
            )
            # No free text in events: they are hash-chained and must survive retention unchanged.
            event_append(review_id=review.pk, kind="review.cancelled", actor=actor, with_reason=bool(reason))
    return bool(updated)
