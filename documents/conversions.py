"""Conversions as jobs: a PDF, .doc, .rtf or .odt upload becomes a .docx document in a worker,
never in the request (docs/decisions/hostile-input.md, "Uploads and conversions").

The request passes the upload gate (core/uploads.py: size, nothing parsed), stores the file as a
blob and a ``Conversion`` row, and returns; the task is sent once the transaction commits. Like
an analysis (review/workflow/jobs.py), the row is the job and the broker only the reminder: a
send that fails leaves the row queued for the reconciler (review/reconcile.py), which also
re-drives a conversion whose worker died.

- At most ``REDPEN_MAX_CONVERSIONS`` conversions run at once, across every worker: a task claims
  its row only while fewer are running (a compare-and-set, serialised by SQLite's write lock or a
  PostgreSQL advisory lock); one that finds no free converter leaves its row queued, and every
  conversion that ends sends the oldest waiting one.
- The converter is a child in its own process group with wall-clock, CPU and memory limits,
  killed whole when it ends or overruns (core/processes.py ``run_bounded``); its group is recorded
  on the row, so a re-run kills what a dead worker left behind.
- The document is made by ``document_create`` (every check of an upload) and the row finished in
  one transaction, with a compare-and-set on the claim: a duplicated task makes one document.
  Then the page that took the upload decides what follows: ``converted`` is sent in the same
  transaction, and a receiver (review/conversions.py starts the review) returns where to go.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any
from uuid import UUID

from django.conf import settings
from django.db import connection, transaction
from django.db.models import F, Q
from django.dispatch import Signal
from django.http import Http404
from django.urls import reverse
from django.utils import timezone

from core import processes
from core.uploads import UploadRejected, check_upload

from .convert import ConversionError, convert_upload
from .models import Conversion, ConversionStatus, Document
from .services import blob_store, convert_limits, document_create

log = logging.getLogger(__name__)

CONVERT = "documents.convert"
BROKER_TIMEOUT_S = 1.0  # as review/workflow/jobs.py: a frozen broker costs a request this, not minutes
# Sent inside the transaction that makes the document, with ``conversion`` and ``document``; a
# receiver returns the URL to go to next (or None), or raises ``ConversionRefused``.
converted = Signal()
# Any number: the advisory lock that serialises claims on PostgreSQL.
_CLAIM_LOCK = 2_914_029

STEP_WAITING = "Waiting for a free converter"
STEP_CONVERTING = "Converting {name} to .docx"
STEP_READING = "Reading the converted document"


class ConversionRefused(Exception):
    """A receiver of ``converted`` refuses the document (one sentence for the user). With
    ``discard`` the document made is deleted too (it was only ever a step to the refused work)."""

    def __init__(self, message: str, *, discard: bool = False) -> None:
        super().__init__(message)
        self.discard = discard


class _Lost(Exception):
    """Another run finished this conversion first: roll back what this one made."""


# --- the request ---------------------------------------------------------------------------------


def conversion_start(*, owner: Any, team: Any | None, filename: str, data: bytes, title: str = "",
                     then: dict[str, Any] | None = None) -> Conversion:
    """Store an upload that needs converting and queue its conversion; returns at once.
    Raises ``UploadRejected`` for a file over the limits (nothing is stored)."""
    check_upload(data)
    if team is not None and not owner.is_superuser and not team.members.filter(pk=owner.pk).exists():
        raise UploadRejected("You can only share a document with a team you belong to.")
    with transaction.atomic():
        conversion = Conversion.objects.create(
            owner=owner, team=team, filename=filename[:255] or "contract", title=title[:255],
            source=blob_store(data=data), then=then or {}, step=STEP_WAITING,
        )
        conversion_id = str(conversion.pk)
        transaction.on_commit(lambda: _send_quietly(conversion_id))
    return conversion


def conversion_for_user(user: Any, pk: UUID | str) -> Conversion:
    """The conversion, or 404 when the user may not see it: as its document will be, its
    uploader's and, when shared, its team's (documents/selectors.py ``documents_visible_to``)."""
    conversion = None
    if getattr(user, "is_authenticated", False):
        conversion = Conversion.objects.filter(Q(owner_id=user.pk) | Q(team__members=user)).filter(pk=pk).first()
    if conversion is None:
        raise Http404("No such conversion.")
    return conversion


def _send(conversion_id: str) -> None:
    from celery import current_app

    if current_app.conf.task_always_eager:
        # By name through Celery's registry, as review/workflow/jobs.py: only Celery imports tasks.
        if CONVERT not in current_app.tasks:
            current_app.loader.import_default_modules()
        current_app.tasks[CONVERT].apply(args=[conversion_id], task_id=conversion_id, throw=True)
        return
    options = {"socket_timeout": BROKER_TIMEOUT_S, "socket_connect_timeout": BROKER_TIMEOUT_S}
    with current_app.connection_for_write(connect_timeout=BROKER_TIMEOUT_S, transport_options=options) as conn:
        producer = current_app.amqp.Producer(conn, auto_declare=False)
        current_app.send_task(CONVERT, args=[conversion_id], task_id=conversion_id, ignore_result=True,
                              producer=producer, retry=False)


def _send_quietly(conversion_id: str) -> None:
    try:
        _send(conversion_id)
    except Exception:  # the row stays queued: the reconciler sends it again
        log.warning("could not enqueue conversion %s", conversion_id, exc_info=True)


# --- the worker -------------------------------------------------------------------------------------


def stale_seconds() -> float:
    """How long a conversion may run before it counts as lost: the job limit, and never less
    than the converter's own wall-clock limit and the time to store the document."""
    return max(float(settings.REDPEN_JOB_STALE_SECONDS), convert_limits().seconds + 30)


def _stale_cutoff() -> Any:
    return timezone.now() - timedelta(seconds=stale_seconds())


def conversions_in_flight() -> int:
    """Conversions running now (a running row older than the stale limit lost its worker)."""
    return Conversion.objects.filter(status=ConversionStatus.RUNNING, started_at__gte=_stale_cutoff()).count()


def _claim(conversion_id: str) -> tuple[str, int]:
    """("claimed", attempts) | ("waiting", 0) when every converter is busy | ("done", 0)."""
    cap = int(getattr(settings, "REDPEN_MAX_CONVERSIONS", 2))
    max_attempts = int(settings.REDPEN_ANALYSIS_MAX_ATTEMPTS)
    cutoff = _stale_cutoff()
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_xact_lock(%s)", [_CLAIM_LOCK])
        row = Conversion.objects.filter(pk=conversion_id).values("status", "attempts", "started_at").first()
        if row is None or row["status"] in (ConversionStatus.SUCCEEDED, ConversionStatus.FAILED):
            return "done", 0
        if row["status"] == ConversionStatus.RUNNING and row["started_at"] and row["started_at"] >= cutoff:
            return "done", 0  # another worker is on it
        if row["attempts"] >= max_attempts:
            _finish_failed(conversion_id, f"The conversion did not finish after {row['attempts']} attempts, so "
                                          "Redpen stopped; upload the contract as .docx.")
            return "done", 0
        running = Conversion.objects.filter(status=ConversionStatus.RUNNING, started_at__gte=cutoff).count()
        if running >= cap:
            Conversion.objects.filter(pk=conversion_id, status=ConversionStatus.QUEUED).update(step=STEP_WAITING)
            return "waiting", 0
        won = Conversion.objects.filter(pk=conversion_id, status=row["status"], attempts=row["attempts"]).update(
            status=ConversionStatus.RUNNING, attempts=F("attempts") + 1, started_at=timezone.now(), progress=10,
        )
        if not won:
            return "done", 0
        return "claimed", row["attempts"] + 1


def _kill_leftovers(pgid: int | None) -> None:
    """Kill the converter a dead worker left running, if that group is still one of ours."""
    if not pgid:
        return
    for pid in processes.group_members(pgid):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as handle:
                cmdline = handle.read()
        except OSError:
            continue
        if b"soffice" in cmdline or b"documents.convert" in cmdline:
            processes.kill_group(pgid)
            return


def conversion_run(*, conversion_id: str) -> str:
    """The task's body: claim, convert in a bounded child, make the document, finish; then send
    the oldest waiting conversion. Idempotent: a duplicate finds the row done or claimed."""
    state, attempts = _claim(conversion_id)
    if state != "claimed":
        _release_source(conversion_id)  # a conversion that just ran out of attempts
        return state
    conversion = Conversion.objects.select_related("source", "owner", "team", "document").get(pk=conversion_id)
    _kill_leftovers(conversion.child_pgid)
    try:
        if conversion.document is None:  # else a dead worker made it already: only the finish is left
            document = _convert(conversion, attempts)
            if document is None:
                return "failed"
            conversion.document = document
        return _finish(conversion, attempts)
    finally:
        Conversion.objects.filter(pk=conversion_id).update(child_pgid=None)
        _release_source(conversion_id)
        _send_next()


def _convert(conversion: Conversion, attempts: int) -> Any:
    """The document made from the converted file, linked to the row (None: failed, and said why).
    The work is outside any transaction: a long conversion never holds the database's write lock."""
    conversion_id = str(conversion.pk)
    Conversion.objects.filter(pk=conversion_id).update(step=STEP_CONVERTING.format(name=conversion.filename[:80]))

    def started(pgid: int) -> None:
        Conversion.objects.filter(pk=conversion_id).update(child_pgid=pgid)

    try:
        docx, docx_name = convert_upload(bytes(conversion.source.data), conversion.filename,
                                         limits=convert_limits(), started=started)
        Conversion.objects.filter(pk=conversion_id).update(step=STEP_READING, progress=80)
        document = document_create(owner=conversion.owner, team=conversion.team, filename=docx_name,
                                   data=docx, title=conversion.title)
    except (ConversionError, UploadRejected) as exc:
        _finish_failed(conversion_id, str(exc), attempts=attempts)
        return None
    won = Conversion.objects.filter(
        pk=conversion_id, status=ConversionStatus.RUNNING, attempts=attempts, document__isnull=True,
    ).update(document=document, progress=90)
    if not won:  # another run owns the row now: this document is nobody's
        document.delete()
        return None
    return document


def _finish(conversion: Conversion, attempts: int) -> str:
    """Tell the page that took the upload (``converted``) and mark the row done, in one short
    transaction: a receiver that starts a review does so once."""
    conversion_id = str(conversion.pk)
    document = conversion.document
    try:
        with transaction.atomic():
            next_url = ""
            for _receiver, response in converted.send(sender=Conversion, conversion=conversion, document=document):
                next_url = next_url or (response or "")
            mine = Conversion.objects.filter(pk=conversion_id, status=ConversionStatus.RUNNING, attempts=attempts)
            won = mine.update(
                status=ConversionStatus.SUCCEEDED, progress=100, step="Converted",
                next_url=next_url or reverse("documents:detail", args=[document.pk]), finished_at=timezone.now(),
            )
            if not won:
                raise _Lost
    except ConversionRefused as exc:
        _finish_failed(conversion_id, str(exc), attempts=attempts)
        if exc.discard and conversion.document_id is not None:
            # The row keeps its message; the document is nobody's. By id: a receiver may have
            # deleted the instance in the rolled-back transaction (its pk is None then).
            Document.objects.filter(pk=conversion.document_id).delete()
        return "failed"
    except _Lost:
        return "done"
    return "converted"


def _finish_failed(conversion_id: str, message: str, *, attempts: int | None = None) -> None:
    rows = Conversion.objects.filter(pk=conversion_id, status__in=[ConversionStatus.QUEUED, ConversionStatus.RUNNING])
    if attempts is not None:
        rows = rows.filter(attempts=attempts)
    rows.update(status=ConversionStatus.FAILED, message=message[:2000], step="Not converted",
                finished_at=timezone.now())


def _release_source(conversion_id: str) -> None:
    """A finished conversion keeps no copy of the uploaded file: the document holds the .docx
    made from it (as when conversions ran in the request), and a refused file was never a
    document. The bytes go unless another row still needs the same blob."""
    row = Conversion.objects.filter(
        pk=conversion_id, status__in=[ConversionStatus.SUCCEEDED, ConversionStatus.FAILED]
    ).values("source_id").first()
    if row is None:
        return
    empty = blob_store(data=b"")
    if row["source_id"] == empty.pk:
        return
    Conversion.objects.filter(pk=conversion_id).update(source=empty)
    from .models import Blob, DocumentVersion

    blob_id = row["source_id"]
    still_used = (
        Conversion.objects.filter(source_id=blob_id).exists()
        or Document.objects.filter(original_id=blob_id).exists()
        or DocumentVersion.objects.filter(clean_blob_id=blob_id).exists()
        or DocumentVersion.objects.filter(redline_blob_id=blob_id).exists()
    )
    if not still_used:
        Blob.objects.filter(pk=blob_id).delete()


def _send_next() -> None:
    """A converter is free: send the oldest conversion waiting for one."""
    waiting = (Conversion.objects.filter(status=ConversionStatus.QUEUED).order_by("created_at")
               .values_list("pk", flat=True).first())
    if waiting is not None:
        _send_quietly(str(waiting))


# --- the reconciler -----------------------------------------------------------------------------------


def conversions_redrive(*, stale_after: float | None = None) -> tuple[list[str], list[str]]:
    """Send again conversions queued or running longer than the stale limit (a send lost, a
    worker dead); their claim counts attempts, so a poison file ends failed. Returns
    (re-driven ids, ids that could not be sent)."""
    now = timezone.now()
    cutoff = now - timedelta(seconds=stale_seconds() if stale_after is None else stale_after)
    candidates = Conversion.objects.filter(
        Q(status=ConversionStatus.QUEUED, created_at__lt=cutoff)
        | Q(status=ConversionStatus.RUNNING, started_at__lt=cutoff),
        Q(redriven_at__isnull=True) | Q(redriven_at__lt=cutoff),
    ).values_list("pk", "redrives")
    redriven: list[str] = []
    errors: list[str] = []
    for pk, redrives in list(candidates[:200]):
        won = Conversion.objects.filter(pk=pk, redrives=redrives).update(redriven_at=now, redrives=F("redrives") + 1)
        if not won:
            continue
        try:
            _send(str(pk))
        except Exception as exc:  # broker down: the next round tries again
            Conversion.objects.filter(pk=pk).update(redriven_at=None)
            errors.append(f"{pk}: {exc}")
            continue
        redriven.append(str(pk))
    return redriven, errors
