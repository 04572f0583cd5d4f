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


def test_a_reply_to_their_comment_is_threaded_under_it_in_comments_extended():
    import io
    import zipfile

    from lxml import etree

    from documents import selectors as document_selectors
    from documents.docx.tracked import PARA_ID, W15_NS
    from review.workflow import comment_reply
    from tests.documents.foreign_docs import foreign_docx
    from tests.documents.helpers import q

    review = make_review(contract=foreign_docx())
    assert "in the redline" in comment_reply(review=review, comment_id="0", text="Our standard cap.",
                                             actor=review.owner)
    review.refresh_from_db()
    package = zipfile.ZipFile(io.BytesIO(document_selectors.version_redline(review.current_version)))
    comments = {c.get(q("id")): c for c in etree.fromstring(package.read("word/comments.xml")).iter(q("comment"))}
    ours = next(c for cid, c in comments.items() if "Our standard cap." in "".join(t.text or "" for t in c.iter(q("t"))))
    theirs_para = list(comments["0"].iter(q("p")))[-1].get(PARA_ID)
    ours_para = list(ours.iter(q("p")))[-1].get(PARA_ID)
    extended = etree.fromstring(package.read("word/commentsExtended.xml"))
    links = {e.get(f"{{{W15_NS}}}paraId"): e.get(f"{{{W15_NS}}}paraIdParent") for e in extended}
    assert theirs_para and ours_para and links[ours_para] == theirs_para
    assert b"commentsExtended" in package.read("word/_rels/document.xml.rels")
    assert b"/word/commentsExtended.xml" in package.read("[Content_Types].xml")
