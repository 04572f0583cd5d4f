"""The next round: their returned draft of a real contract (ten untracked edits) compared with
the draft we sent; every difference is an item of theirs in the same review, headless and
through the service; accepting all of them gives their draft, rejecting all keeps ours."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command

from documents.docx.textmodel import build_text_model
from review.engine.counterparty import RULE_RETURNED
from review.models import RecommendationOrigin, ReviewStatus
from review.workflow import review_next_round
from tests.conftest import ROOT, shared_data
from tests.documents.helpers import nonempty
from tests.documents.returned_draft import CONTRACT, returned_draft
from tests.review.factories import contract_docx, make_review

pytestmark = pytest.mark.django_db

PLAYBOOK = ROOT / "playbooks" / "library" / "saas-customer.yaml"


def _texts(data: bytes) -> list[str]:
    return nonempty([p.text for p in build_text_model(data).paragraphs])


@pytest.fixture(scope="module")
def pair(tmp_path_factory) -> tuple[Path, Path]:  # type: ignore[no-untyped-def]
    folder = tmp_path_factory.mktemp("round")
    sent = Path(shared_data(*CONTRACT)).read_bytes()
    theirs, _ = returned_draft(sent)
    (folder / "sent.docx").write_bytes(sent)
    (folder / "returned.docx").write_bytes(theirs)
    return folder / "sent.docx", folder / "returned.docx"


def _run(tmp_path: Path, pair: tuple[Path, Path], decide: str) -> tuple[dict, Path]:
    sent, returned = pair
    out = tmp_path / decide
    call_command("review", str(returned), previous=str(sent), playbook=str(PLAYBOOK), decide=decide,
                 author="Ada Lovelace", counterparty="Jane Roe", out=str(out), stdout=io.StringIO())
    return json.loads((out / "report.json").read_text()), out


def test_headless_next_round_accept_all_gives_their_draft(tmp_path, pair):
    report, out = _run(tmp_path, pair, "accept-all")
    items = report["items"]
    assert items and all(i["source"] == "counterparty" and i["author"] == "Jane Roe" for i in items)
    assert all(i["origin"] == RecommendationOrigin.RETURNED_DRAFT for i in items)
    assert len(items) == 13  # ten differences; the move, the split and the merge are two edits each
    assert report["status"] == ReviewStatus.COMPLETED and not report["pending"]
    assert _texts((out / "clean.docx").read_bytes()) == _texts(pair[1].read_bytes())


def test_headless_next_round_reject_all_keeps_our_draft(tmp_path, pair):
    report, out = _run(tmp_path, pair, "reject-all")
    assert report["versions"] == 1 and report["status"] == ReviewStatus.COMPLETED
    assert _texts((out / "clean.docx").read_bytes()) == _texts(pair[0].read_bytes())


def test_a_round_on_a_review_adds_their_items_and_reopens_it(pair):
    review = make_review(contract=pair[0].read_bytes())
    before = review.recommendations.count()
    result = review_next_round(review=review, data=pair[1].read_bytes(), filename="from them.docx",
                               actor=review.owner)
    review.refresh_from_db()
    theirs = review.recommendations.filter(rule_id=RULE_RETURNED)
    assert result.items == theirs.count() == 13 and review.recommendations.count() == before + 13
    assert review.status == ReviewStatus.AWAITING_DECISION
    assert result.returned.title.endswith("(returned)")
    titles = [r.rule_title for r in theirs]
    assert "The other side changed “limited” to “broad”" in titles
    assert all(r.author == "The other side" for r in theirs)


def test_the_playbook_runs_again_on_their_changed_clauses():
    ours = [("Heading 1", "1. Fees"), (None, "Customer shall pay all invoices within thirty (30) days of receipt."),
            ("Heading 1", "2. General"), (None, "This Agreement is governed by the laws of the State of Delaware.")]
    theirs = [ours[0], (None, "Customer shall pay all invoices within ninety (90) days of receipt."), ours[2],
              (None, "This Agreement is governed by the laws of the State of New York.")]
    review = make_review(contract=contract_docx(ours))
    assert not review.recommendations.filter(rule_id="payment-terms").exists()  # our draft passed
    review_next_round(review=review, data=contract_docx(theirs), filename="back.docx", actor=review.owner,
                      author="Jane Roe")
    items = {r.evidence[0]["locator"]: r for r in review.recommendations.filter(rule_id=RULE_RETURNED)}
    assert set(items) == {"p2", "p4"}
    fees, law = items["p2"], items["p4"]
    assert fees.rule_title == "Jane Roe changed “thirty (30)” to “ninety (90)”"
    assert "The playbook flags their wording: Payment within 30 days at most." in fees.current_proposal.explanation
    assert fees.severity == "high" and law.severity == "medium"
    assert "flags" not in law.current_proposal.explanation


def test_next_round_upload_on_the_review_page(client, pair, django_capture_on_commit_callbacks):
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse

    from review.workflow import jobs
    from tests.factories import UserFactory

    review = make_review(contract=pair[0].read_bytes())
    url = reverse("review:next_round", args=[review.pk])
    upload = SimpleUploadedFile("back.docx", pair[1].read_bytes())
    client.force_login(UserFactory())  # someone else: the review is not theirs
    assert client.post(url, {"returned": upload}).status_code == 404
    client.force_login(review.owner)
    upload.seek(0)
    # The request stores their file and queues the comparison (a job, run here in-process).
    with jobs.in_process(), django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, {"returned": upload, "counterparty": "Jane Roe", "key": "k1"}, follow=True)
    assert response.status_code == 200
    assert "Their draft is being compared with version 1" in response.content.decode()
    assert review.recommendations.filter(rule_id=RULE_RETURNED).count() == 13
    html = client.get(reverse("review:detail", args=[review.pk])).content.decode()
    assert "round-refused" not in html and "round-progress" not in html
    rec = review.recommendations.filter(rule_id=RULE_RETURNED).first()
    page = client.get(reverse("review:recommendation", args=[review.pk, rec.pk])).content.decode()
    assert "From the other side: <strong>Jane Roe</strong>" in page
    assert "Their returned draft" in page


def test_their_comments_show_on_the_clause(client):
    from django.urls import reverse

    from tests.documents.foreign_docs import foreign_docx

    review = make_review(contract=foreign_docx())
    rec = review.recommendations.filter(evidence__0__locator="p2").first()
    client.force_login(review.owner)
    page = client.get(reverse("review:recommendation", args=[review.pk, rec.pk])).content.decode()
    assert "Their comments" in page and "We cannot accept a cap at fees paid." in page
    assert "Jane Roe on “Each party&#x27;s liability is capped at the fees paid”" in page
