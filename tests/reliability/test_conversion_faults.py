"""A conversion survives a dead worker: real Redis, real ``celery worker`` processes on the test
database. The worker dies mid-conversion; its converter goes with it; the reconciler re-drives the
conversion on a new worker, which runs it again (attempts counted) to its end."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from core.processes import group_members
from documents.conversions import conversion_start
from documents.convert import MSG_TOO_SLOW
from documents.models import Conversion, ConversionStatus
from review.reconcile import reconcile
from tests.documents.pdfs import grid_pdf
from tests.factories import UserFactory

from .conftest import wait_for

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def row(pk) -> Conversion:  # type: ignore[no-untyped-def]
    return Conversion.objects.get(pk=pk)


def test_a_conversion_whose_worker_died_is_redriven_and_its_converter_is_gone(start_worker, broker):
    dying = start_worker(env={"REDPEN_CONVERT_SECONDS": "300", "REDPEN_CONVERT_CPU_SECONDS": "300"})
    # The grid: its table finder runs for minutes, so the worker dies mid-conversion.
    conversion = conversion_start(owner=UserFactory(), team=None, filename="grid.pdf", data=grid_pdf(100))
    wait_for(lambda: row(conversion.pk).child_pgid, timeout=30, message=dying.log)
    pgid = row(conversion.pk).child_pgid
    assert group_members(pgid)  # the converter runs
    dying.kill_all()
    wait_for(lambda: not group_members(pgid), timeout=10,
             message=lambda: f"the converter outlived its worker: {group_members(pgid)}")
    assert row(conversion.pk).status == ConversionStatus.RUNNING  # nobody finished or failed it

    # An hour later (the stale limit is past) a new worker is up and the reconciler runs.
    Conversion.objects.filter(pk=conversion.pk).update(started_at=timezone.now() - timedelta(hours=1))
    worker = start_worker(env={"REDPEN_CONVERT_SECONDS": "3"})
    report = reconcile()
    assert report.redriven_conversions == [str(conversion.pk)], report.summary()
    wait_for(lambda: row(conversion.pk).status in (ConversionStatus.SUCCEEDED, ConversionStatus.FAILED),
             timeout=60, message=worker.log)
    done = row(conversion.pk)
    # The second attempt ran to its end: the grid is past this worker's 3 s limit, and says so.
    assert done.attempts == 2 and done.redrives == 1
    assert done.status == ConversionStatus.FAILED and done.message == MSG_TOO_SLOW
    assert done.child_pgid is None
    assert reconcile().redriven_conversions == []  # finished: never sent again
