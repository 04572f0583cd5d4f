"""A last look before completion: the final version is read once more; words
and digits that disagree, a clause number taken twice, an approved edit not applied are shown on
the completion page and in ``review --out``, before anyone downloads."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.urls import reverse

from documents.docx.textmodel import build_text_model
from review.engine.counterparty import RULE_RETURNED
from review.models import RecommendationStatus, ReviewStatus
from review.workflow import review_next_round
from review.workflow.final_check import final_findings, review_final_check
from tests.conftest import ROOT
from tests.review.factories import contract_docx, decide, make_review

pytestmark = pytest.mark.django_db

OURS = [
    "1. Fees. The Customer pays the fees in the Order Form.",
    "2. Price. Prices may rise once a year by no more than five percent (5%) of the fees.",
    "3. Law. This Agreement is governed by the laws of England.",
    "4. Notices. Notices are given in writing.",
]
# Their draft changed the words only, and numbered their new clause 2 again.
THEIRS = [OURS[0], OURS[1].replace("five percent", "seven percent"), "2. Audit. The Provider may audit once a year.",
          *OURS[2:]]


def _completed_round():  # type: ignore[no-untyped-def]
    review = make_review(contract=contract_docx([(None, t) for t in OURS]))
    for rec in review.recommendations.filter(status=RecommendationStatus.PENDING):
        decide(review, rec, "reject", reason="not in this test")
    review_next_round(review=review, data=contract_docx([(None, t) for t in THEIRS]), filename="theirs.docx",
                      actor=review.owner)
    for rec in review.recommendations.filter(rule_id=RULE_RETURNED).order_by("ordinal"):
        review.refresh_from_db()
        from review.workflow import recommendation_prepare

        decide(review, recommendation_prepare(review=review, recommendation=rec), "accept")
    review.refresh_from_db()
    assert review.status == ReviewStatus.COMPLETED
    return review


def test_the_last_look_finds_what_the_review_brought_in_only():
    start = build_text_model(contract_docx([(None, t) for t in OURS]))
    final = build_text_model(contract_docx([(None, t) for t in THEIRS]))
    checks = {f.check for f in final_findings(final, start)}
    assert {"hygiene-words-digits", "hygiene-numbering"} <= checks
    assert final_findings(start, start) == []


def test_the_completion_page_shows_the_last_look_before_the_downloads(client):
    review = _completed_round()
    assert "hygiene-words-digits" in {f.check for f in review_final_check(review)}
    client.force_login(review.owner)
    page = client.get(reverse("review:detail", args=[review.pk])).content.decode()
    assert 'id="final-check"' in page and page.index('id="final-check"') < page.index("Download clean .docx")
    assert "seven percent (5%)" in page


def test_review_out_reports_the_last_look(tmp_path):
    sent, returned = tmp_path / "sent.docx", tmp_path / "returned.docx"
    sent.write_bytes(contract_docx([(None, t) for t in OURS]))
    returned.write_bytes(contract_docx([(None, t) for t in THEIRS]))
    out, stdout = tmp_path / "out", io.StringIO()
    call_command("review", str(returned), previous=str(sent),
                 playbook=str(ROOT / "playbooks" / "library" / "saas-customer.yaml"), decide="accept-all",
                 author="Ada Lovelace", out=str(out), stdout=stdout)
    report = json.loads((out / "report.json").read_text())
    assert "hygiene-words-digits" in {f["check"] for f in report["final_check"]}
    assert "Last look: " in stdout.getvalue()

