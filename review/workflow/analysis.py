"""Starting a review and its analysis: the job row, the task body, storing the results.

The analysis runs as a Celery task (by name, review/workflow/jobs.py) or in-process for the
headless commands; both run ``analysis_run``. It is idempotent: the job row's compare-and-set and
the unique constraints make a redelivered or duplicated task store the recommendations once.
"""

from __future__ import annotations

import datetime
import logging
import os
import time
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import DatabaseError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from contracts.document import structure_of
from contracts.title import document_title
from documents.models import Document, DocumentVersion
from playbooks.models import PlaybookVersion
from review.engine import ENGINE_VERSION, counterparty, get_engine
from review.engine.base import Proposal as EngineProposal
from review.engine.base import RuleResult
from review.models import (
    JOB_TERMINAL,
    REVIEW_ACTIVE,
    AnalysisJob,
    JobStatus,
    ProposalSource,
    Recommendation,
    RecommendationOrigin,
    RecommendationSource,
    Review,
    ReviewStatus,
    RuleOutcome,
)

from . import item_bounds, jobs
from .audit import event_append
from .locks import lock_review
from .proposals import parties_of, proposal_store
from .results import ReviewRefused
from .transitions import review_transition

log = logging.getLogger(__name__)


def review_start(
    *,
    owner: User,
    document: Document,
    playbook_version: PlaybookVersion,
    team: Any = None,
    party: str = "",
    title: str = "",
    parties: dict[str, Any] | None = None,
    enqueue: bool = True,
) -> Review:
    """Create a review in ``analyzing`` and enqueue its analysis once the transaction commits.
    ``enqueue=False`` is for callers that run the analysis in-process (the ``review`` command):
    they call ``analysis_run`` themselves, the same body the task runs."""
    first = document.versions.order_by("number").first()
    if first is None:
        raise ReviewRefused("This document has no version to review.")
    with transaction.atomic():
        check_active_cap(owner)
        review = Review.objects.create(
            owner=owner,
            team=team,
            # Named after the contract's own title ("MASTER FRANCHISE AGREEMENT"), not its file.
            title=title or document_title(first.text_model) or document.title,
            document=document,
            playbook_version=playbook_version,
            party=party,
            parties=parties or {},  # which party is ours, when the lawyer said so on upload
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
        if enqueue:
            # After the commit, so the worker finds the row; a broker that is down does not fail
            # the request: the row stays queued for the reconciler (docs/architecture.md, "Jobs").
            jobs.enqueue_on_commit(jobs.ANALYZE, [str(job.pk)], task_id=str(job.pk))
    return review


def check_active_cap(owner: User) -> None:
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


def analysis_rerun(*, review: Review, actor: User | None) -> AnalysisJob | None:
    """Run the analysis again for a review whose analysis failed or never finished (admin
    action, reconciler). Only a review still analysing, or failed, can be re-run; decisions are
    never thrown away."""
    with transaction.atomic():
        won = review_transition(review_id=review.pk, revision=review.revision,
                                from_=[ReviewStatus.ANALYZING, ReviewStatus.FAILED], to=ReviewStatus.ANALYZING,
                                status_message="")
        if won is None:
            return None
        if review.recommendations.exists():
            # Analysis results were already stored: the review is only waiting for decisions.
            raise ReviewRefused("This review already has its recommendations.")
        job = AnalysisJob.objects.create(review=review)
        event_append(review_id=review.pk, kind="analysis.rerun", actor=actor, job=str(job.pk), locked=True)
        jobs.enqueue_on_commit(jobs.ANALYZE, [str(job.pk)], task_id=str(job.pk))
    return job


def fault_point(name: str) -> None:
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


def job_progress(job_id: Any, progress: int, step: str) -> None:
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
    fault_point("analysis")
    try:
        version = review.current_version
        if version.number == 1:  # before any work: raises TooManyItems, the review fails saying why
            item_bounds.tracked_changes_bounded(bytes(review.document.original.data))
        model = version.text_model
        spec = review.playbook_version.playbook_spec
        job_progress(job.pk, 30, f"Checking {len(spec.rules)} rules")
        engine = get_engine(review.engine_version)
        parties = parties_of(review, model)
        results = engine.analyze(model, spec, citation_label=review.playbook_version.label, parties=parties)
        # Shown at the top of the review, for the lawyer to check (and correct) who is who.
        detected = [
            {"name": p.name, "defined": p.defined, "also": list(p.also), "role": p.role}
            for p in structure_of(model).parties
        ]
        Review.objects.filter(pk=review.pk).update(parties={**parties.to_dict(), "detected": detected})
        # The other side's tracked changes in the uploaded file: items of their own, and the
        # rule findings that lie in text they wrote say so (docs/decisions/negotiation-rounds.md).
        original = bytes(review.document.original.data)
        theirs = counterparty.tracked_change_items(original, model) if version.number == 1 else []
        changes = counterparty.changes_of(original) if theirs else []
        job_progress(job.pk, 85, "Preparing recommendations")
    except item_bounds.TooManyItems as exc:
        analysis_fail(job_id=job.pk, reason=str(exc))
        return "refused"
    except Exception as exc:  # the reason is kept for the lawyer; the traceback for operators
        log.exception("analysis %s failed", job.pk)
        analysis_fail(job_id=job.pk, reason=f"The analysis could not run: {exc}")
        return "failed"
    duration = time.monotonic() - started
    return analysis_store(job_id=job.pk, review_id=review.pk, version=version, results=results, duration=duration,
                          theirs=theirs, changes=changes)


def analysis_store(
    *, job_id: Any, review_id: int, version: DocumentVersion, results: list[RuleResult], duration: float,
    theirs: list[counterparty.CounterpartyItem] | None = None, changes: list[Any] | None = None,
) -> str:
    with transaction.atomic():
        lock_review(review_id)  # the review first, then its job (docs/architecture.md, "Locking")
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
            change = counterparty.finding_in_their_text(result, changes) if changes else None
            for proposal in result.recommendations:
                ordinal += 1
                rec = Recommendation.objects.create(
                    review=review, ordinal=ordinal, rule_id=result.rule_id, rule_title=result.title,
                    severity=result.severity, finding=result.status,
                    evidence=[e.to_dict() for e in result.evidence if e.locator == proposal.edit.locator]
                    or [e.to_dict() for e in result.evidence[:1]],
                    **(counterparty_fields(change.author, change.date, RecommendationOrigin.THEIR_TEXT)
                       if change is not None else {}),
                )
                recs.append((rec, proposal))
        for item in theirs or ():
            ordinal += 1
            rec = Recommendation.objects.create(
                review=review, ordinal=ordinal, rule_id=item.rule_id, rule_title=item.title, severity="medium",
                finding="issue", evidence=[e.to_dict() for e in item.evidence],
                reject_edit=item.reject_edit.to_dict() if item.reject_edit is not None else None,
                **counterparty_fields(item.author, item.date, item.origin),
            )
            recs.append((rec, item.proposal))
        for rec, proposal in recs:
            stored = proposal_store(rec, proposal, source=ProposalSource.ANALYSIS, base=version, number=1)
            Recommendation.objects.filter(pk=rec.pk).update(current_proposal=stored)
        status = ReviewStatus.AWAITING_DECISION if recs else ReviewStatus.COMPLETED
        won_review = review_transition(review_id=review.pk, revision=review.revision,
                                       from_=[ReviewStatus.ANALYZING], to=status,
                                       completed_at=timezone.now() if status == ReviewStatus.COMPLETED else None)
        if won_review is None:
            transaction.set_rollback(True)
            return "review changed during analysis"
        event_append(review_id=review.pk, kind="analysis.finished", recommendations=len(recs),
                     rules=len(results), duration_s=round(duration, 3), locked=True)
        paragraphs = len(version.text_model.paragraphs)
        if paragraphs >= settings.REDPEN_LONG_CONTRACT_PARAGRAPHS:
            jobs.enqueue_on_commit(jobs.ANALYSIS_FINISHED_MAIL, [review.pk, paragraphs])
        if status == ReviewStatus.COMPLETED:
            event_append(review_id=review.pk, kind="review.completed", reason="no recommendations", locked=True)
    return "stored"


def counterparty_fields(author: str, date: str, origin: str) -> dict[str, Any]:
    """The fields that say an item comes from the other side (author, and the date their file
    records, parsed; an unreadable date is left out rather than guessed)."""
    changed_at = parse_datetime(date) if date else None
    if changed_at is not None and timezone.is_naive(changed_at):
        changed_at = timezone.make_aware(changed_at, datetime.UTC)
    return {"source": RecommendationSource.COUNTERPARTY, "origin": origin, "author": author[:255],
            "changed_at": changed_at}


def analysis_fail(*, job_id: Any, reason: str) -> None:
    # Pages end the reason with their own full stop ("…: <reason>. It did not complete.").
    reason = reason.strip().rstrip(".")
    review_id = AnalysisJob.objects.values_list("review_id", flat=True).get(pk=job_id)
    with transaction.atomic():
        lock_review(review_id)
        AnalysisJob.objects.filter(pk=job_id, status__in=[JobStatus.QUEUED, JobStatus.RUNNING]).update(
            status=JobStatus.FAILED, error=reason, finished_at=timezone.now()
        )
        won = review_transition(review_id=review_id, from_=[ReviewStatus.ANALYZING], to=ReviewStatus.FAILED,
                                status_message=reason)
        if won is not None:
            event_append(review_id=review_id, kind="analysis.failed", reason=reason, locked=True)


