"""Their returned draft as a job, and the bound on items of theirs (docs/decisions/hostile-input.md,
"Items, forms and exports").

The *Next round* request only stores their file and a ``RoundJob`` row, then returns; the task
(``round_run``) compares, runs the playbook on their draft and writes the items. The row is also
the form's idempotency record: one key per review, and one job per (sent version, file digest)
while it is queued, running or done, so five submits of one draft make one set of items.

Bounds, checked before the expensive work and again on its result:
- at most ``MAX_THEIR_ITEMS`` items of theirs come from one round or one upload (their tracked
  changes): a draft that differs in more places is refused with a message that says so;
- items are written with bulk inserts of ``ITEM_BATCH`` rows in one short transaction (at most
  ``MAX_THEIR_ITEMS`` items: well under a second), so no write holds SQLite's lock near its
  busy timeout (config/settings.py).
"""

from __future__ import annotations

import hashlib
import logging
import uuid
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import F, Max, Q, QuerySet
from django.utils import timezone

from core.uploads import check_upload
from documents.conversions import conversion_start
from documents.convert import needs_conversion
from documents.docx.compare import compare
from documents.docx.model import TextModel
from documents.docx.tracked import foreign_changes
from documents.models import Blob, Conversion, ConversionStatus, Document
from documents.services import document_create
from review.engine import counterparty
from review.models import (
    JobStatus,
    Proposal,
    ProposalSource,
    Recommendation,
    RecommendationOrigin,
    RecommendationStatus,
    Review,
    ReviewStatus,
    RoundJob,
)

from . import jobs
from .analysis import counterparty_fields
from .audit import event_append
from .item_bounds import ITEM_BATCH, MAX_THEIR_ITEMS, TooManyItems, changed_places, too_many_round
from .locks import lock_review
from .proposals import proposal_new
from .results import ReviewRefused
from .rounds import RoundResult, _expand, _flagged_by_playbook
from .transitions import review_transition

log = logging.getLogger(__name__)

MAX_ROUND_ATTEMPTS = 3
ROUND_ACTIVE = (JobStatus.QUEUED, JobStatus.RUNNING)
BUSY_ROUND = "Another draft of theirs is being compared; wait until it is done, then upload this one."

# --- submitting a round ------------------------------------------------------------------------


@dataclass(frozen=True)
class RoundSubmission:
    """The answer to a *Next round* submit: its job, or (a file that needs converting first) the
    conversion that submits the round when it is done."""

    job: RoundJob | None
    duplicate: bool
    message: str
    conversion: Conversion | None = None


def draft_digest(model: TextModel) -> str:
    """What makes two returned drafts the same: their text, paragraph by paragraph (two saves
    of one draft differ in their bytes, never in the items they make)."""
    text = "\n".join(" ".join(p.text.split()) for p in model.paragraphs)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _queued_message(job: RoundJob) -> str:
    return (f"Their draft is being compared with version {job.sent_version.number}; "
            "its items appear here when the comparison is done.")


def _existing(review: Review, key: str, digest: str, sent_version_id: int) -> RoundJob | None:
    return (RoundJob.objects.select_related("sent_version")
            .filter(Q(idempotency_key=key) | Q(sent_version_id=sent_version_id, digest=digest,
                                               status__in=[*ROUND_ACTIVE, JobStatus.SUCCEEDED]), review=review)
            .order_by("created_at").first())


def _duplicate(job: RoundJob) -> RoundSubmission:
    if job.status in ROUND_ACTIVE:
        message = _queued_message(job)
    elif job.status == JobStatus.SUCCEEDED:
        message = (f"This draft of theirs was already compared with version {job.sent_version.number}: "
                   f"{job.message}")
    else:
        message = job.message
    return RoundSubmission(job=job, duplicate=True, message=message)


def _check_open(review: Review) -> None:
    if review.status not in (ReviewStatus.AWAITING_DECISION, ReviewStatus.COMPLETED):
        raise ReviewRefused("A new round can start only on a review that is waiting for decisions or complete.")


def _clean_key(key: str) -> str:
    return (key or "").strip()[:64] or uuid.uuid4().hex


def round_submit(*, review: Review, data: bytes, filename: str, actor: User, author: str = "",
                 key: str = "", enqueue: bool = True, convert_in_job: bool = True) -> RoundSubmission:
    """Store their file and a queued ``RoundJob``; the comparison runs in the task. A second
    submit with the same key, or of the same draft (its text) against the same version, gets
    the first one's answer. A PDF, .doc, .rtf or .odt is converted by a job first
    (``convert_in_job``; documents/conversions.py) and the round submitted when it is done
    (review/conversions.py ``round_after_conversion``): nothing is converted in the request.
    Raises ``UploadRejected`` for a file no upload may be, ``ReviewRefused`` when the review
    cannot take a round now."""
    _check_open(review)
    key = _clean_key(key)
    found = RoundJob.objects.select_related("sent_version").filter(review=review, idempotency_key=key).first()
    if found is not None:
        return _duplicate(found)
    if convert_in_job and needs_conversion(filename, data):
        return _round_conversion_start(review=review, data=data, filename=filename, actor=actor, author=author,
                                       key=key)
    # Parsed outside any transaction (SQLite's write lock is not held while their file is read).
    returned = document_create(owner=review.owner, team=review.team, filename=filename, data=data,
                               title=f"{review.document.title} (returned)")
    return round_submit_document(review=review, returned=returned, actor=actor, author=author, key=key,
                                 enqueue=enqueue)


def round_submit_document(*, review: Review, returned: Document, actor: User, author: str = "", key: str = "",
                          enqueue: bool = True, sent_version_id: int | None = None) -> RoundSubmission:
    """The round for their draft already stored as ``returned`` (made by ``round_submit``, or by a
    conversion job): a queued ``RoundJob``, or the earlier answer for the same key or the same
    draft against the same version (``returned`` is then deleted: nothing of it is needed).
    ``sent_version_id``: the version the draft was uploaded against (a conversion remembers it),
    else the current one. Raises ``ReviewRefused`` (``returned`` deleted) when the review cannot
    take a round now."""
    key = _clean_key(key)
    sent_version_id = sent_version_id or review.current_version_id
    try:
        _check_open(review)
        if sent_version_id != review.current_version_id:
            raise ReviewRefused("The contract changed while their draft was converted; upload it again.")
    except ReviewRefused:
        returned.delete()
        raise
    digest = draft_digest(returned.versions.get(number=1).text_model)
    found = _existing(review, key, digest, sent_version_id)
    if found is not None:
        returned.delete()
        return _duplicate(found)
    if RoundJob.objects.filter(review=review, status__in=ROUND_ACTIVE).exists():
        returned.delete()
        raise ReviewRefused(BUSY_ROUND)
    try:
        with transaction.atomic():
            lock_review(review.pk)
            job = RoundJob.objects.create(review=review, returned=returned, sent_version_id=sent_version_id,
                                          digest=digest, author=author.strip()[:255], actor=actor,
                                          idempotency_key=key, step="Waiting for a worker")
            event_append(review_id=review.pk, kind="round.submitted", actor=actor, document=returned.pk,
                         job=str(job.pk), locked=True)
            if enqueue:
                jobs.enqueue_on_commit(jobs.ROUND, [str(job.pk)], task_id=str(job.pk))
    except IntegrityError:
        # Another submit of the same key or file won the race: theirs is the answer.
        returned.delete()
        found = _existing(review, key, digest, sent_version_id)
        if found is not None:
            return _duplicate(found)
        raise ReviewRefused(BUSY_ROUND) from None
    job = RoundJob.objects.select_related("sent_version").get(pk=job.pk)
    return RoundSubmission(job=job, duplicate=False, message=_queued_message(job))


# --- their draft converted first ---------------------------------------------------------------

CONVERSION_ACTIVE = (ConversionStatus.QUEUED, ConversionStatus.RUNNING)


def _converting_message(review: Review) -> str:
    return (f"Their draft is being converted to .docx, then compared with version "
            f"{review.current_version.number}; its items appear here when that is done.")


def _round_conversions(review: Review) -> QuerySet[Conversion]:
    # By owner first (an indexed column; a round's conversion is the review owner's), then the JSON.
    return Conversion.objects.filter(owner_id=review.owner_id, then__round__review=review.pk)


def _round_conversion_start(*, review: Review, data: bytes, filename: str, actor: User, author: str,
                            key: str) -> RoundSubmission:
    """Queue the conversion of their file, with the round to submit when it is done (``then``).
    One conversion per key, and one at a time per review for the same bytes, taken under the
    review's lock: the same form sent twice converts once."""
    check_upload(data)  # refused now, before anything is stored
    with transaction.atomic():
        lock_review(review.pk)
        earlier = (_round_conversions(review).filter(
            Q(then__round__key=key) | Q(source__sha256=Blob.digest(data), status__in=CONVERSION_ACTIVE))
            .order_by("created_at").first())
        if earlier is not None:
            if earlier.status in CONVERSION_ACTIVE:
                message = _converting_message(review)
            else:
                message = earlier.message or "This draft of theirs was already converted and compared."
            return RoundSubmission(job=None, duplicate=True, message=message, conversion=earlier)
        conversion = conversion_start(
            owner=review.owner, team=review.team, filename=filename, data=data,
            title=f"{review.document.title} (returned)",
            then={"round": {"review": review.pk, "author": author.strip()[:255], "key": key, "actor": actor.pk,
                            "sent_version": review.current_version_id}},
        )
        event_append(review_id=review.pk, kind="round.converting", actor=actor, conversion=str(conversion.pk),
                     locked=True)
    return RoundSubmission(job=None, duplicate=False, message=_converting_message(review), conversion=conversion)


def latest_round_conversion_of(review: Review) -> Conversion | None:
    """The review's latest conversion of a draft of theirs while it runs, or for a day after it
    failed (why nothing was added); None once it made its round, or when a round job came after
    it (the round job speaks then: ``latest_round_of``)."""
    conversion = _round_conversions(review).order_by("-created_at").first()
    if conversion is None or conversion.status == ConversionStatus.SUCCEEDED:
        return None
    if RoundJob.objects.filter(review=review, created_at__gt=conversion.created_at).exists():
        return None
    if conversion.status == ConversionStatus.FAILED and (
            conversion.finished_at is None or conversion.finished_at < timezone.now() - timedelta(days=1)):
        return None
    return conversion


def review_next_round(*, review: Review, data: bytes, filename: str, actor: User, author: str = "",
                      key: str = "") -> RoundResult:
    """Submit and run a round here and now (the headless command, the tests): the answer is the
    job's. Raises ``ReviewRefused`` when the round was refused (its message says why)."""
    submission = round_submit(review=review, data=data, filename=filename, actor=actor, author=author, key=key,
                              enqueue=False, convert_in_job=False)
    assert submission.job is not None  # converted here (the headless command has no request to keep short)
    if not submission.duplicate:
        round_run(job_id=str(submission.job.pk))
    job = RoundJob.objects.select_related("returned").get(pk=submission.job.pk)
    if job.status != JobStatus.SUCCEEDED:
        raise ReviewRefused(job.message or "Their draft could not be compared.")
    review.refresh_from_db()
    return RoundResult(items=job.items, returned=job.returned, message=job.message)


# --- the task's body ---------------------------------------------------------------------------


def _progress(job_id: uuid.UUID | str, progress: int, step: str) -> None:
    RoundJob.objects.filter(pk=job_id, status=JobStatus.RUNNING).update(progress=progress, step=step)


def round_fail(*, job_id: uuid.UUID | str, message: str) -> None:
    job = RoundJob.objects.filter(pk=job_id).first()
    if job is None:
        return
    with transaction.atomic():
        lock_review(job.review_id)
        won = RoundJob.objects.filter(pk=job_id, status__in=ROUND_ACTIVE).update(
            status=JobStatus.FAILED, message=message, finished_at=timezone.now(), step="Refused")
        if won:
            event_append(review_id=job.review_id, kind="round.refused", job=str(job_id), reason=message,
                         locked=True)


def round_run(*, job_id: str) -> str:
    """The body of the round task. Idempotent: the claim is a compare-and-set on the job row and
    the items are written in the transaction that marks it done."""
    job = RoundJob.objects.select_related("review", "sent_version", "returned").filter(pk=job_id).first()
    if job is None or job.status not in ROUND_ACTIVE:
        return "nothing to do"
    if job.attempts >= MAX_ROUND_ATTEMPTS:
        round_fail(job_id=job.pk, message=f"Their draft could not be compared after {job.attempts} attempts. "
                                          "Upload it again.")
        return "too many attempts"
    claimed = RoundJob.objects.filter(pk=job.pk, status__in=ROUND_ACTIVE, attempts=job.attempts).update(
        status=JobStatus.RUNNING, attempts=F("attempts") + 1, started_at=timezone.now(), progress=5,
        step="Reading their draft")
    if not claimed:
        return "claimed by another delivery"
    try:
        sent = job.sent_version.text_model
        theirs = job.returned.versions.get(number=1).text_model
        places = changed_places(sent, theirs)
        if places > MAX_THEIR_ITEMS:
            raise TooManyItems(too_many_round(places, job.sent_version.number))
        _progress(job.pk, 30, "Comparing with the version we sent")
        # Their tracked changes in the returned file, by returned paragraph: a tracked replacement
        # is one item, whole, with their name and date (docs/decisions/negotiation-rounds.md).
        their_changes = foreign_changes(bytes(job.returned.original.data))
        positions = theirs.positions
        tracked: dict[int, list] = {}
        for change in their_changes:
            index = positions.get(change.locator)
            if index is not None:
                tracked.setdefault(index, []).append(change)
        spans = {index: tuple((c.start, c.end) for c in changes) for index, changes in tracked.items()}
        differences = compare(sent, theirs, spans)
        tracked_authors = sorted({c.author for c in their_changes if c.author})
        who = job.author or ", ".join(tracked_authors)
        items = counterparty.returned_draft_items(differences, sent, who, tracked)
        if len(items) > MAX_THEIR_ITEMS:
            raise TooManyItems(too_many_round(len(items), job.sent_version.number))
        _progress(job.pk, 60, "Running the playbook on their draft")
        flagged = _flagged_by_playbook(job.review, theirs, {d.returned_index for d in differences})
        _progress(job.pk, 90, "Writing the items")
    except ReviewRefused as exc:
        round_fail(job_id=job.pk, message=str(exc))
        return "refused"
    except Exception as exc:  # the reason is kept for the lawyer; the traceback for operators
        log.exception("round %s failed", job.pk)
        round_fail(job_id=job.pk, message=f"Their draft could not be compared: {exc}")
        return "failed"
    return _round_store(job, items, _expand(differences), flagged, len(differences))


def _round_store(job: RoundJob, items: list, expanded: list, flagged: dict[int, str], differences: int) -> str:
    sent_version = job.sent_version
    with transaction.atomic():
        lock_review(job.review_id)
        review = Review.objects.get(pk=job.review_id)
        if not RoundJob.objects.filter(pk=job.pk, status=JobStatus.RUNNING).exists():
            return "another delivery stored the items"
        if review.current_version_id != sent_version.pk or review.status not in (ReviewStatus.AWAITING_DECISION,
                                                                                   ReviewStatus.COMPLETED):
            RoundJob.objects.filter(pk=job.pk).update(
                status=JobStatus.FAILED, finished_at=timezone.now(), step="Refused",
                message="The contract changed while their draft was compared; upload it again.")
            return "review changed"
        ordinal = review.recommendations.aggregate(m=Max("ordinal"))["m"] or 0
        recs: list[Recommendation] = []
        proposals = []
        for item, difference in zip(items, expanded, strict=True):
            ordinal += 1
            note = flagged.get(difference.returned_index) if difference.returned_index is not None else None
            proposal = item.proposal
            if note:
                proposal = replace(proposal, explanation=f"{proposal.explanation} {note}")
            recs.append(Recommendation(
                review=review, ordinal=ordinal, rule_id=item.rule_id, rule_title=item.title[:255],
                severity="high" if note else "medium", finding="issue",
                evidence=[e.to_dict() for e in item.evidence],
                **counterparty_fields(item.author or counterparty.OTHER_SIDE, item.date,
                                  RecommendationOrigin.RETURNED_DRAFT),
            ))
            proposals.append(proposal)
        Recommendation.objects.bulk_create(recs, batch_size=ITEM_BATCH)
        stored = [proposal_new(rec, proposal, source=ProposalSource.ANALYSIS, base=sent_version, number=1)
                  for rec, proposal in zip(recs, proposals, strict=True)]
        Proposal.objects.bulk_create(stored, batch_size=ITEM_BATCH)
        for rec, proposal_row in zip(recs, stored, strict=True):
            rec.current_proposal = proposal_row
        Recommendation.objects.bulk_update(recs, ["current_proposal"], batch_size=ITEM_BATCH)
        if recs:
            won = review_transition(review_id=review.pk, from_=[review.status], to=ReviewStatus.AWAITING_DECISION,
                                    completed_at=None)
            if won is None:
                transaction.set_rollback(True)
                return "review changed"
        message = (f"Their draft differs from version {sent_version.number} in {differences} places: "
                   f"{len(recs)} items to decide." if recs else
                   f"Their draft reads exactly as version {sent_version.number}: nothing to decide.")
        RoundJob.objects.filter(pk=job.pk).update(status=JobStatus.SUCCEEDED, progress=100, step="Done",
                                                  items=len(recs), message=message, finished_at=timezone.now())
        event_append(review_id=review.pk, kind="round.returned", actor=job.actor, document=job.returned_id,
                     sent_version=sent_version.pk, differences=differences, items=len(recs), locked=True)
    return "stored"


def rounds_redrive(*, cutoff: datetime, now: datetime) -> tuple[list[str], list[str]]:
    """The reconciler's share (review/reconcile.py): round jobs queued or running since before
    ``cutoff`` are sent again (or failed after ``MAX_ROUND_ATTEMPTS``). Returns (re-driven, enqueue errors)."""
    redriven: list[str] = []
    errors: list[str] = []
    stuck = RoundJob.objects.filter(
        Q(redriven_at__isnull=True) | Q(redriven_at__lt=cutoff), status__in=ROUND_ACTIVE, created_at__lt=cutoff,
    ).values_list("pk", "attempts")
    for job_id, attempts in list(stuck[:200]):
        won = RoundJob.objects.filter(pk=job_id, status__in=ROUND_ACTIVE).filter(
            Q(redriven_at__isnull=True) | Q(redriven_at__lt=cutoff)).update(redriven_at=now)
        if not won:
            continue
        if attempts >= MAX_ROUND_ATTEMPTS:
            round_fail(job_id=job_id, message="Their draft could not be compared; upload it again.")
            continue
        try:
            jobs.enqueue(jobs.ROUND, [str(job_id)], task_id=str(job_id))
        except Exception as exc:  # broker down: the row stays for the next pass
            RoundJob.objects.filter(pk=job_id).update(redriven_at=None)
            errors.append(f"{job_id}: {exc}")
            continue
        redriven.append(str(job_id))
    return redriven, errors


def latest_round_of(review: Review) -> RoundJob | None:
    """The review's latest round job while it runs, or for a day after it was refused: what the
    page says about their draft (its progress, or why nothing was added)."""
    job = RoundJob.objects.filter(review=review).select_related("sent_version").order_by("-created_at").first()
    if job is None or job.status == JobStatus.SUCCEEDED:
        return None
    if job.status == JobStatus.FAILED and (job.finished_at is None
                                           or job.finished_at < timezone.now() - timedelta(days=1)):
        return None
    return job


def twins_supersede(*, review: Review, accepted: Recommendation, proposal: Proposal) -> int:
    """An accepted item supersedes its identical twins: the pending items of the review whose
    current proposal makes the same edit on the same version (two drafts of theirs with the same
    change, compared in two rounds). Accepting the second would apply the change twice. Runs in
    the accepting transaction, under the review lock; returns how many were superseded. Only
    items of a returned draft can have twins: any other accept costs no query here."""
    if accepted.origin != RecommendationOrigin.RETURNED_DRAFT:
        return 0
    twins = [
        rec.pk for rec in Recommendation.objects.filter(
            review=review, status=RecommendationStatus.PENDING, current_proposal__base_version=proposal.base_version_id,
            current_proposal__before=proposal.before, current_proposal__after=proposal.after,
        ).exclude(pk=accepted.pk).select_related("current_proposal")
        if rec.current_proposal is not None and rec.current_proposal.edit == proposal.edit
    ]
    if not twins:
        return 0
    return Recommendation.objects.filter(pk__in=twins, status=RecommendationStatus.PENDING).update(
        status=RecommendationStatus.SUPERSEDED,
        message=f"The same change was accepted as item {accepted.ordinal}: it is in the contract once.")
