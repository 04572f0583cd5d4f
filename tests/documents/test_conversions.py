"""Conversions are jobs (documents/conversions.py): the upload returns at once, a worker converts
within a global cap, the reconciler re-drives a lost one, and the converter's whole process group
and temporary folder are gone when it ends or overruns."""

from __future__ import annotations

import contextlib
import tempfile
import threading
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from core.processes import group_members
from documents import conversions, convert
from documents.convert import MSG_TOO_SLOW, TEMP_PREFIX, ConversionError, ConvertLimits, office_to_docx
from documents.models import Blob, Conversion, ConversionStatus, Document
from review.models import Review
from review.reconcile import reconcile
from tests.documents.pdfs import text_pdf
from tests.factories import UserFactory
from tests.review.factories import PLAYBOOK_YAML, author_user

pytestmark = pytest.mark.django_db

RTF = (b"{\\rtf1\\ansi{\\fonttbl\\f0\\fswiss Helvetica;}\\f0\\pard 1. The Supplier shall deliver the Services."
       b"\\par 2. The Customer shall pay the fees within thirty days.\\par}")
# Long enough that LibreOffice is still converting when a one-second limit kills it, on any machine:
# a two-line RTF converts in under a second on a warm one (60,000 paragraphs take several seconds).
SLOW_RTF = (
    b"{\\rtf1\\ansi{\\fonttbl\\f0\\fswiss Helvetica;}\\f0\\pard "
    + b"".join(b"\\par %d. The Supplier shall deliver the Services on time and in full.\n" % i for i in range(60_000))
    + b"}"
)
PDF = text_pdf(["1. Services. The Supplier shall deliver the Services.",
                "2. Fees. The Customer shall pay the fees within thirty days of each invoice."])


def temp_folders() -> set[str]:
    return {p.name for p in Path(tempfile.gettempdir()).glob(f"{TEMP_PREFIX}*")}


def watch_group(pgid: int, seen: list[bytes], seconds: float = 30) -> None:
    """Record the command lines of the group's processes while it lives (the test's evidence
    that soffice.bin really ran in the group that was killed)."""
    def watch() -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for pid in group_members(pgid):
                with contextlib.suppress(OSError):
                    seen.append(Path(f"/proc/{pid}/cmdline").read_bytes())
            time.sleep(0.02)

    threading.Thread(target=watch, daemon=True).start()


# --- the child process -----------------------------------------------------------------------------


def test_a_timed_out_soffice_leaves_no_soffice_bin_and_no_temp_folder():
    before = temp_folders()
    groups: list[int] = []
    seen: list[bytes] = []

    def started(pgid: int) -> None:
        groups.append(pgid)
        watch_group(pgid, seen)

    with pytest.raises(ConversionError, match="took too long"):
        office_to_docx(SLOW_RTF, ".rtf", ConvertLimits(seconds=1.0), started=started)
    assert any(b"soffice.bin" in line for line in seen)  # LibreOffice itself ran in the group...
    assert group_members(groups[0]) == []  # ...and nothing of the group is left alive (a zombie is dead)
    assert temp_folders() <= before


def test_the_temp_folder_is_removed_when_the_converter_raises(monkeypatch):
    before = temp_folders()
    made: list[str] = []

    def broken(args: list[str], **kwargs: object) -> None:
        made.append(str(kwargs["cwd"]))
        assert Path(str(kwargs["cwd"])).is_dir()
        raise RuntimeError("the converter broke")

    monkeypatch.setattr(convert, "run_bounded", broken)
    with pytest.raises(RuntimeError):
        office_to_docx(RTF, ".rtf", ConvertLimits())
    assert made and not Path(made[0]).exists()
    assert temp_folders() <= before


def test_a_pdf_converter_past_its_time_is_killed_with_its_group():
    from tests.documents.pdfs import grid_pdf

    groups: list[int] = []
    with pytest.raises(ConversionError) as refused:
        convert.convert_upload(grid_pdf(100), "grid.pdf", limits=ConvertLimits(seconds=2), started=groups.append)
    assert str(refused.value) == MSG_TOO_SLOW
    assert group_members(groups[0]) == []


# --- the job -----------------------------------------------------------------------------------------


@pytest.fixture
def no_converter(monkeypatch):  # type: ignore[no-untyped-def]
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a converter ran inside the request")

    monkeypatch.setattr(convert, "run_bounded", refuse)


def test_a_conversion_upload_returns_without_converting(client, no_converter, django_capture_on_commit_callbacks):
    client.force_login(UserFactory())
    with django_capture_on_commit_callbacks() as sent:
        response = client.post(reverse("documents:upload"), {"file": SimpleUploadedFile("contract.rtf", RTF)})
    conversion = Conversion.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("documents:conversion",
                                                                          args=[conversion.pk])
    assert conversion.status == ConversionStatus.QUEUED and bytes(conversion.source.data) == RTF
    assert len(sent) == 1  # the task, sent once the row is committed
    assert Document.objects.count() == 0
    page = client.get(response["Location"]).content.decode()
    assert "Waiting for a free converter" in page and "every 1s" in page


def test_a_new_review_of_a_pdf_starts_when_its_conversion_is_done(client, eager_tasks,
                                                                  django_capture_on_commit_callbacks):
    from playbooks.services import playbook_upload

    owner = author_user()
    version, _ = playbook_upload(author=owner, source=PLAYBOOK_YAML)
    client.force_login(owner)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("review:new"), {
            "contract": SimpleUploadedFile("supply.pdf", PDF), "playbook_version": version.pk,
        })
    conversion = Conversion.objects.get()
    assert response["Location"] == reverse("documents:conversion", args=[conversion.pk])
    assert conversion.status == ConversionStatus.SUCCEEDED, conversion.message
    review = Review.objects.get()
    assert review.document_id == conversion.document_id and review.playbook_version_id == version.pk
    assert conversion.next_url == reverse("review:detail", args=[review.pk])
    assert client.get(response["Location"])["Location"] == conversion.next_url
    progress = client.get(reverse("documents:conversion_progress", args=[conversion.pk]))
    assert progress["HX-Redirect"] == conversion.next_url
    # The uploaded PDF is not kept once the .docx is the document's (as before conversions were jobs).
    assert bytes(conversion.source.data) == b"" and not Blob.objects.filter(sha256=Blob.digest(PDF)).exists()
    # A duplicated or re-driven task finds the conversion done: one document, one review.
    assert conversions.conversion_run(conversion_id=str(conversion.pk)) == "done"
    assert Document.objects.count() == 1 and Review.objects.count() == 1


def test_another_users_conversion_is_404(client):
    conversion = Conversion.objects.create(owner=UserFactory(), filename="c.rtf", source=Blob.objects.create(
        sha256="0" * 64, size=1, data=b"x"))
    client.force_login(UserFactory())
    assert client.get(reverse("documents:conversion", args=[conversion.pk])).status_code == 404
    assert client.get(reverse("documents:conversion_progress", args=[conversion.pk])).status_code == 404


def queued(owner, name: str = "contract.pdf", data: bytes = PDF) -> Conversion:  # type: ignore[no-untyped-def]
    from documents.services import blob_store

    return Conversion.objects.create(owner=owner, filename=name, source=blob_store(data=data))


def test_no_more_than_the_cap_convert_at_once_and_a_finished_one_sends_the_next(settings, eager_tasks):
    settings.REDPEN_MAX_CONVERSIONS = 1
    owner = UserFactory()
    busy = queued(owner)
    Conversion.objects.filter(pk=busy.pk).update(status=ConversionStatus.RUNNING, started_at=timezone.now(),
                                                 attempts=1)
    waiting = queued(owner)
    assert conversions.conversion_run(conversion_id=str(waiting.pk)) == "waiting"
    waiting.refresh_from_db()
    assert waiting.status == ConversionStatus.QUEUED and waiting.attempts == 0
    assert waiting.step == conversions.STEP_WAITING

    # The busy one's converter is free again: the next conversion that ends sends the waiting one.
    Conversion.objects.filter(pk=busy.pk).update(status=ConversionStatus.FAILED)
    first = queued(owner)
    Conversion.objects.filter(pk=first.pk).update(created_at=timezone.now() - timedelta(hours=1))
    assert conversions.conversion_run(conversion_id=str(first.pk)) == "converted"
    waiting.refresh_from_db()
    assert waiting.status == ConversionStatus.SUCCEEDED, waiting.message


def test_the_reconciler_redrives_a_conversion_whose_worker_died(settings, eager_tasks):
    owner = UserFactory()
    lost = queued(owner)
    # Claimed an hour ago by a worker that died: running, never finished.
    Conversion.objects.filter(pk=lost.pk).update(status=ConversionStatus.RUNNING, attempts=1,
                                                 started_at=timezone.now() - timedelta(hours=1))
    fresh = queued(owner)  # queued a moment ago: not lost, not re-driven
    report = reconcile()
    assert report.redriven_conversions == [str(lost.pk)], report.summary()
    lost.refresh_from_db()
    assert lost.status == ConversionStatus.SUCCEEDED and lost.attempts == 2 and lost.redrives == 1
    fresh.refresh_from_db()
    assert fresh.redrives == 0
    assert "1 conversion(s)" in report.summary()


def test_a_conversion_that_keeps_dying_ends_failed_with_a_message(settings, eager_tasks):
    settings.REDPEN_ANALYSIS_MAX_ATTEMPTS = 2
    poison = queued(UserFactory())
    Conversion.objects.filter(pk=poison.pk).update(status=ConversionStatus.RUNNING, attempts=2,
                                                   started_at=timezone.now() - timedelta(hours=1))
    reconcile()
    poison.refresh_from_db()
    assert poison.status == ConversionStatus.FAILED
    assert poison.message.startswith("The conversion did not finish after 2 attempts")
    assert Document.objects.count() == 0
    assert bytes(poison.source.data) == b""  # the refused file is not kept


def test_a_rerun_kills_the_converter_a_dead_worker_left_and_nothing_else():
    import subprocess

    groups: list[int] = []
    seen: list[bytes] = []

    def started(pgid: int) -> None:
        groups.append(pgid)
        watch_group(pgid, seen)

    def convert_in_thread() -> None:
        with contextlib.suppress(ConversionError):
            office_to_docx(RTF, ".rtf", ConvertLimits(seconds=60), started=started)

    thread = threading.Thread(target=convert_in_thread, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not any(b"soffice.bin" in line for line in seen) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert any(b"soffice.bin" in line for line in seen)
    conversions._kill_leftovers(groups[0])  # what a re-run does with the group its row recorded
    assert group_members(groups[0]) == []
    thread.join(30)

    # A recorded group that is no converter of ours (the number was reused) is left alone.
    other = subprocess.Popen(["sleep", "30"], start_new_session=True)
    try:
        conversions._kill_leftovers(other.pid)
        assert other.poll() is None
    finally:
        other.kill()
        other.wait()


def _claim_at_once(count: int) -> list[str]:
    """``count`` queued conversions, each claimed from its own thread at the same moment."""
    from django.db import connection

    owner = UserFactory()
    ids = [str(queued(owner, data=PDF + str(n).encode()).pk) for n in range(count)]
    barrier = threading.Barrier(count)
    results: list[str] = []

    def claim(pk: str) -> None:
        try:
            barrier.wait()
            for _ in range(50):  # SQLite may answer "database is locked" past its busy timeout
                try:
                    results.append(conversions._claim(pk)[0])
                    return
                except Exception as exc:
                    if "locked" not in str(exc):
                        raise
                    time.sleep(0.05)
        finally:
            connection.close()

    threads = [threading.Thread(target=claim, args=(pk,)) for pk in ids]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


@pytest.mark.django_db(transaction=True)
def test_claims_at_the_same_moment_respect_the_cap_on_sqlite(settings):
    settings.REDPEN_MAX_CONVERSIONS = 2
    results = _claim_at_once(6)
    assert sorted(results) == ["claimed"] * 2 + ["waiting"] * 4
    assert Conversion.objects.filter(status=ConversionStatus.RUNNING).count() == 2


@pytest.mark.postgres
def test_claims_at_the_same_moment_respect_the_cap_on_postgresql(settings):
    settings.REDPEN_MAX_CONVERSIONS = 2
    results = _claim_at_once(6)
    assert sorted(results) == ["claimed"] * 2 + ["waiting"] * 4
    assert Conversion.objects.filter(status=ConversionStatus.RUNNING).count() == 2
