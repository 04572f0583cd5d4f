"""The other side's file never fails our review: an attribute of theirs that
does not parse (a date such as 2024-99-99, an endless author name) is read as unknown or
clipped, and the analysis completes with their change as an item."""

from __future__ import annotations

import pytest

from documents.docx.tracked import AUTHOR_LIMIT, foreign_changes
from review.engine.counterparty import RULE_TRACKED
from review.models import ReviewStatus
from tests.documents.foreign_docs import _p, _r, _rev, foreign_docx
from tests.review.factories import make_review

pytestmark = pytest.mark.django_db

LONG = "Mallory " * 2_000


def _hostile() -> bytes:
    return foreign_docx(
        _p(_r("1. Fees. The Customer shall pay each invoice within ")
           + _rev("del", 201, "Jane Roe", "2024-99-99T10:00:00Z", _r("60", deleted=True))
           + _rev("ins", 202, "Jane Roe", "2024-99-99T10:00:00Z", _r("90"))
           + _r(" days of receipt."))
        + _p(_r("2. Law. This Agreement is governed by ")
             + _rev("ins", 203, LONG, "not a date", _r("English "))
             + _r("law."))
    )


def test_bad_dates_and_endless_authors_are_unknown_or_clipped_on_read():
    changes = foreign_changes(_hostile())
    assert [c.date for c in changes] == ["", ""]
    assert changes[0].author == "Jane Roe"  # the case of their name is kept
    assert len(changes[1].author) == AUTHOR_LIMIT and changes[1].author.startswith("Mallory Mallory")


def test_a_review_of_their_file_with_a_bad_date_completes_its_analysis():
    review = make_review(contract=_hostile())
    assert review.status == ReviewStatus.AWAITING_DECISION, review.status_message
    theirs = list(review.recommendations.filter(rule_id=RULE_TRACKED).order_by("ordinal"))
    assert len(theirs) == 2
    assert theirs[0].changed_at is None and theirs[0].author == "Jane Roe"
    assert len(theirs[1].author) <= AUTHOR_LIMIT
    assert "on " not in theirs[0].rule_title.split("”")[-1]  # no date made up


def test_a_failed_analysis_reads_with_one_full_stop(client):
    from django.urls import reverse

    from review.workflow.analysis import analysis_fail

    review = make_review(analyse=False)
    analysis_fail(job_id=review.jobs.get().pk, reason="The analysis did not finish after 3 attempts; it was "
                                                      "stopped. An admin can re-run it.")
    client.force_login(review.owner)
    page = client.get(reverse("review:detail", args=[review.pk])).content.decode()
    assert "An admin can re-run it. It did not complete." in page and "re-run it.." not in page
