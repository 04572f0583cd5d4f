"""Idempotent forms (docs/decisions/hostile-input.md, "Items, forms and exports"): five parallel
*Next round* submits of one draft make one set of items (SQLite and PostgreSQL), a second
identical draft against the same version is recognised, five parallel comment replies with one
key make one reply, and a form without its key creates nothing."""

from __future__ import annotations

import threading
import uuid

import pytest
from django.db import connections
from django.urls import reverse

from documents.models import Document
from review.engine.counterparty import RULE_RETURNED
from review.models import FormSubmission, JobStatus, Review, RoundJob
from review.workflow import comment_reply, review_next_round, round_intake
from tests.documents.foreign_docs import foreign_docx
from tests.review.factories import contract_docx, make_review

OURS = [("Heading 1", "1. Fees"), (None, "Customer shall pay all invoices within thirty (30) days of receipt."),
        ("Heading 1", "2. General"), (None, "This Agreement is governed by the laws of the State of Delaware.")]
THEIRS = [OURS[0], (None, "Customer shall pay all invoices within ninety (90) days of receipt."), OURS[2],
          (None, "This Agreement is governed by the laws of the State of New York.")]


def run_at_once(functions) -> list:  # type: ignore[no-untyped-def]
    barrier = threading.Barrier(len(functions))
    results: list = [None] * len(functions)

    def runner(index: int, function) -> None:  # type: ignore[no-untyped-def]
        try:
            barrier.wait()
            results[index] = function()
        except Exception as exc:  # surfaced by the assertions
            results[index] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=runner, args=(i, f)) for i, f in enumerate(functions)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    return results


def _five_parallel_next_rounds_make_one_set_of_items(same_key: bool) -> None:
    review = make_review(contract=contract_docx(OURS))
    before = review.recommendations.count()
    data = contract_docx(THEIRS)

    def submit(key: str):  # type: ignore[no-untyped-def]
        def call():  # type: ignore[no-untyped-def]
            fresh = Review.objects.get(pk=review.pk)
            return review_next_round(review=fresh, data=data, filename="back.docx", actor=fresh.owner, key=key)
        return call

    keys = ["one-key"] * 5 if same_key else [uuid.uuid4().hex for _ in range(5)]
    results = run_at_once([submit(key) for key in keys])
    unexpected = [r for r in results if isinstance(r, Exception) and "compared" not in str(r)]
    assert not unexpected, unexpected
    assert RoundJob.objects.filter(review=review).count() == 1
    assert review.recommendations.filter(rule_id=RULE_RETURNED).count() == 2
    assert review.recommendations.count() == before + 2
    assert Document.objects.filter(title__endswith="(returned)").count() == 1  # the losers' files are gone


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("same_key", [True, False])
def test_five_parallel_next_round_submits_of_one_draft_make_one_set_of_items(same_key):
    _five_parallel_next_rounds_make_one_set_of_items(same_key)


@pytest.mark.postgres
@pytest.mark.parametrize("same_key", [True, False])
def test_five_parallel_next_round_submits_of_one_draft_make_one_set_of_items_on_postgres(same_key):
    _five_parallel_next_rounds_make_one_set_of_items(same_key)


@pytest.mark.django_db
def test_a_second_identical_draft_against_the_same_version_is_recognised():
    review = make_review(contract=contract_docx(OURS))
    first = review_next_round(review=review, data=contract_docx(THEIRS), filename="back.docx", actor=review.owner)
    again = round_intake.round_submit(review=review, data=contract_docx(THEIRS), filename="back (1).docx",
                                      actor=review.owner, key="another-tab")
    assert again.duplicate and again.job.status == JobStatus.SUCCEEDED
    assert again.message == f"This draft of theirs was already compared with version 1: {first.message}"
    assert review.recommendations.filter(rule_id=RULE_RETURNED).count() == 2
    assert RoundJob.objects.count() == 1


@pytest.mark.django_db
def test_a_refused_draft_may_be_sent_again():
    review = make_review(contract=contract_docx(OURS))
    submission = round_intake.round_submit(review=review, data=contract_docx(THEIRS), filename="b.docx",
                                           actor=review.owner, enqueue=False)
    round_intake.round_fail(job_id=submission.job.pk, message="The worker was lost.")
    again = round_intake.round_submit(review=review, data=contract_docx(THEIRS), filename="b.docx",
                                      actor=review.owner, enqueue=False)
    assert not again.duplicate
    assert round_intake.round_run(job_id=str(again.job.pk)) == "stored"


@pytest.mark.django_db
def test_the_next_round_form_returns_at_once_and_refuses_without_its_key(client):
    review = make_review(contract=contract_docx(OURS))
    client.force_login(review.owner)
    url = reverse("review:next_round", args=[review.pk])
    from django.core.files.uploadedfile import SimpleUploadedFile

    response = client.post(url, {"returned": SimpleUploadedFile("b.docx", contract_docx(THEIRS))}, follow=True)
    assert "That request was incomplete" in response.content.decode()
    assert not RoundJob.objects.exists()
    response = client.post(url, {"returned": SimpleUploadedFile("b.docx", contract_docx(THEIRS)), "key": "k"},
                           follow=True)
    # The request queued the job (the broker is not running here: the reconciler re-drives it).
    assert "Their draft is being compared with version 1" in response.content.decode()
    assert RoundJob.objects.get().status == JobStatus.QUEUED
    assert not review.recommendations.filter(rule_id=RULE_RETURNED).exists()
    assert 'id="round-progress"' in response.content.decode()


def _reply_page_key(client, review) -> str:  # type: ignore[no-untyped-def]
    import re

    rec = review.recommendations.filter(evidence__0__locator="p2").first()
    page = client.get(reverse("review:recommendation", args=[review.pk, rec.pk])).content.decode()
    form = page[page.index(reverse("review:comment_reply", args=[review.pk])):]
    return re.search(r'name="key" value="([0-9a-f]{32})"', form).group(1)


@pytest.mark.django_db(transaction=True)
def test_five_parallel_comment_replies_with_one_key_make_one_reply(client):
    review = make_review(contract=foreign_docx())
    client.force_login(review.owner)
    key = _reply_page_key(client, review)

    def reply():  # type: ignore[no-untyped-def]
        fresh = Review.objects.get(pk=review.pk)
        return comment_reply(review=fresh, comment_id="0", text="A cap at fees paid is our standard.",
                             actor=fresh.owner, key=key)

    results = run_at_once([reply] * 5)
    assert not [r for r in results if isinstance(r, Exception)], results
    assert set(results) == {"Your reply to Jane Roe comment is in the redline (version 2)."}
    assert review.document.versions.count() == 2
    assert FormSubmission.objects.count() == 1


@pytest.mark.django_db
def test_a_comment_reply_without_its_key_adds_nothing(client):
    review = make_review(contract=foreign_docx())
    client.force_login(review.owner)
    response = client.post(reverse("review:comment_reply", args=[review.pk]),
                           {"comment": "0", "text": "No.", "recommendation": "²"}, follow=True)
    assert response.status_code == 200
    assert "That request was incomplete" in response.content.decode()
    assert review.document.versions.count() == 1


@pytest.mark.django_db
def test_an_accepted_item_supersedes_its_identical_twins():
    """Two drafts of theirs with the same new paragraph, compared against one version (the second
    also changes the governing law): accepting the paragraph once supersedes its twin, so their
    paragraph is in our contract once."""
    from review.models import RecommendationStatus
    from tests.review.factories import decide

    review = make_review(contract=contract_docx(OURS))
    added = (None, "The Supplier shall keep the Customer's data in the European Union.")
    first = [*OURS[:2], added, *OURS[2:]]
    second = [*first[:-1], THEIRS[-1]]
    review_next_round(review=review, data=contract_docx(first), filename="a.docx", actor=review.owner)
    review_next_round(review=review, data=contract_docx(second), filename="b.docx", actor=review.owner)
    twins = list(review.recommendations.filter(rule_id=RULE_RETURNED, current_proposal__after=added[1]))
    assert len(twins) == 2
    result = decide(review, twins[0], "accept")
    assert result.outcome == "applied"
    twins[1].refresh_from_db()
    assert twins[1].status == RecommendationStatus.SUPERSEDED
    assert f"accepted as item {twins[0].ordinal}" in twins[1].message
    review.refresh_from_db()
    assert review.current_version.text_model.text.count(added[1]) == 1


def _five_parallel_new_reviews_with_one_key_make_one_review() -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.test import Client

    from playbooks.services import playbook_upload
    from tests.review.factories import PLAYBOOK_YAML, author_user

    owner = author_user()
    version, _ = playbook_upload(author=owner, source=PLAYBOOK_YAML)
    page = Client()
    page.force_login(owner)
    import re

    key = re.search(r'name="key" value="([0-9a-f]{32})"', page.get(reverse("review:new")).content.decode()).group(1)
    data = contract_docx(OURS)

    def post():  # type: ignore[no-untyped-def]
        client = Client()
        client.force_login(owner)
        return client.post(reverse("review:new"), {"contract": SimpleUploadedFile("c.docx", data),
                                                   "playbook_version": version.pk, "key": key}).status_code

    results = run_at_once([post] * 5)
    assert all(status in (200, 302) for status in results), results
    assert Review.objects.filter(owner=owner).count() == 1
    assert FormSubmission.objects.get().review == Review.objects.get()


@pytest.mark.django_db(transaction=True)
def test_five_parallel_new_review_posts_with_one_key_make_one_review():
    _five_parallel_new_reviews_with_one_key_make_one_review()


@pytest.mark.postgres
def test_five_parallel_new_review_posts_with_one_key_make_one_review_on_postgres():
    _five_parallel_new_reviews_with_one_key_make_one_review()


@pytest.mark.django_db
def test_a_refused_new_review_releases_its_key(client):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from playbooks.services import playbook_upload
    from tests.review.factories import PLAYBOOK_YAML, author_user

    owner = author_user()
    version, _ = playbook_upload(author=owner, source=PLAYBOOK_YAML)
    client.force_login(owner)
    bad = client.post(reverse("review:new"), {"contract": SimpleUploadedFile("c.docx", b"not a docx"),
                                              "playbook_version": version.pk, "key": "k"})
    assert bad.status_code == 200 and not FormSubmission.objects.exists()
    good = client.post(reverse("review:new"), {"contract": SimpleUploadedFile("c.docx", contract_docx(OURS)),
                                               "playbook_version": version.pk, "key": "k"})
    assert good.status_code == 302 and Review.objects.count() == 1
    again = client.post(reverse("review:new"), {"contract": SimpleUploadedFile("c.docx", contract_docx(OURS)),
                                                "playbook_version": version.pk, "key": "k"})
    assert again["Location"] == good["Location"] and Review.objects.count() == 1
