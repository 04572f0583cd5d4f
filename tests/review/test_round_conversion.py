"""Their returned draft that needs converting (a PDF, .doc, .rtf or .odt uploaded to *Next round*)
is converted by a job, never in the request (documents/conversions.py); the round is submitted
when the conversion is done (review/conversions.py ``round_after_conversion``). The form's key
still makes one conversion and one round; a failed conversion says why on the review's page."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from documents import convert
from documents.models import Conversion, ConversionStatus, Document
from review.engine.counterparty import RULE_RETURNED
from review.models import JobStatus, RoundJob
from tests.documents.pdfs import text_pdf
from tests.review.factories import contract_docx, make_review

pytestmark = pytest.mark.django_db

OURS = [("Heading 1", "1. Fees"), (None, "Customer shall pay all invoices within thirty (30) days of receipt."),
        ("Heading 1", "2. General"), (None, "This Agreement is governed by the laws of the State of Delaware.")]
# Their draft as a PDF: the same clauses, two of them changed.
THEIRS_PDF = text_pdf(["1. Fees", "Customer shall pay all invoices within ninety (90) days of receipt.",
                       "2. General", "This Agreement is governed by the laws of the State of New York."])
RTF = (b"{\\rtf1\\ansi{\\fonttbl\\f0\\fswiss Helvetica;}\\f0\\pard 1. Fees\\par Customer shall pay all invoices "
       b"within ninety (90) days of receipt.\\par}")


@pytest.fixture
def no_converter(monkeypatch):  # type: ignore[no-untyped-def]
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a converter ran inside the request")

    monkeypatch.setattr(convert, "run_bounded", refuse)


def _post(client, review, data: bytes, name: str, key: str):  # type: ignore[no-untyped-def]
    return client.post(reverse("review:next_round", args=[review.pk]),
                       {"returned": SimpleUploadedFile(name, data), "key": key, "counterparty": "Acme Legal"})


@pytest.mark.parametrize(("name", "data"), [("theirs.pdf", THEIRS_PDF), ("theirs.rtf", RTF)])
def test_a_convertible_next_round_upload_returns_without_converting(client, no_converter, name, data,
                                                                     django_capture_on_commit_callbacks):
    review = make_review(contract=contract_docx(OURS))
    documents = Document.objects.count()
    client.force_login(review.owner)
    with django_capture_on_commit_callbacks() as sent:
        response = _post(client, review, data, name, "k1")
    assert response.status_code == 302 and response["Location"] == reverse("review:detail", args=[review.pk])
    conversion = Conversion.objects.get()
    assert conversion.status == ConversionStatus.QUEUED and bytes(conversion.source.data) == data
    assert conversion.then["round"]["review"] == review.pk and conversion.then["round"]["key"] == "k1"
    assert len(sent) == 1  # the conversion's task, sent once the row is committed
    assert Document.objects.count() == documents and not RoundJob.objects.exists()
    page = client.get(response["Location"]).content.decode()
    assert "Converting their draft" in page and 'id="round-progress"' in page


def test_the_rounds_items_appear_after_the_conversion_job_runs(client, eager_tasks,
                                                              django_capture_on_commit_callbacks):
    review = make_review(contract=contract_docx(OURS))
    client.force_login(review.owner)
    with django_capture_on_commit_callbacks(execute=True):
        response = _post(client, review, THEIRS_PDF, "theirs.pdf", "k1")
    conversion = Conversion.objects.get()
    assert conversion.status == ConversionStatus.SUCCEEDED, conversion.message
    assert conversion.next_url == reverse("review:detail", args=[review.pk])
    job = RoundJob.objects.get()
    assert job.status == JobStatus.SUCCEEDED, job.message
    assert job.returned_id == conversion.document_id and job.idempotency_key == "k1"
    assert job.author == "Acme Legal" and job.sent_version_id == review.current_version_id
    items = review.recommendations.filter(rule_id=RULE_RETURNED)
    assert items.count() == job.items == 2
    assert {r.author for r in items} == {"Acme Legal"}
    page = client.get(response["Location"]).content.decode()
    assert 'id="round-progress"' not in page and 'id="round-refused"' not in page


def test_the_same_key_twice_makes_one_conversion_and_one_round(client, eager_tasks,
                                                               django_capture_on_commit_callbacks):
    review = make_review(contract=contract_docx(OURS))
    client.force_login(review.owner)
    # Sent twice before the first is converted (the second request finds the queued conversion)...
    with django_capture_on_commit_callbacks(execute=False) as first:
        _post(client, review, THEIRS_PDF, "theirs.pdf", "k1")
    second = client.post(reverse("review:next_round", args=[review.pk]),
                         {"returned": SimpleUploadedFile("theirs.pdf", THEIRS_PDF), "key": "k1"}, follow=True)
    assert "being converted" in second.content.decode()
    assert Conversion.objects.count() == 1
    with django_capture_on_commit_callbacks(execute=True):
        for callback in first:
            callback()
    # ...and once more after it was compared (the round job answers).
    third = client.post(reverse("review:next_round", args=[review.pk]),
                        {"returned": SimpleUploadedFile("theirs.pdf", THEIRS_PDF), "key": "k1"}, follow=True)
    assert "already compared" in third.content.decode()
    assert Conversion.objects.count() == 1 and RoundJob.objects.count() == 1
    assert review.recommendations.filter(rule_id=RULE_RETURNED).count() == 2


def test_the_same_draft_with_another_key_is_compared_once(client, eager_tasks, django_capture_on_commit_callbacks):
    review = make_review(contract=contract_docx(OURS))
    client.force_login(review.owner)
    with django_capture_on_commit_callbacks(execute=True):
        _post(client, review, THEIRS_PDF, "theirs.pdf", "k1")
    documents = Document.objects.count()
    with django_capture_on_commit_callbacks(execute=True):
        _post(client, review, THEIRS_PDF, "theirs again.pdf", "k2")
    later = Conversion.objects.order_by("-created_at").first()
    assert later.status == ConversionStatus.FAILED and "already compared with version 1" in later.message
    assert RoundJob.objects.count() == 1 and review.recommendations.filter(rule_id=RULE_RETURNED).count() == 2
    assert Document.objects.count() == documents  # the second converted copy is not kept
    page = client.get(reverse("review:detail", args=[review.pk])).content.decode()
    assert 'id="round-refused"' in page and "already compared" in page


def test_a_failed_conversion_shows_its_reason_on_the_review_page_and_loses_nothing(
        client, eager_tasks, django_capture_on_commit_callbacks):
    from tests.documents.test_convert import _image_pdf

    review = make_review(contract=contract_docx(OURS))
    items = review.recommendations.count()
    version = review.current_version_id
    client.force_login(review.owner)
    with django_capture_on_commit_callbacks(execute=True):
        _post(client, review, _image_pdf(), "scan.pdf", "k1")
    conversion = Conversion.objects.get()
    assert conversion.status == ConversionStatus.FAILED and "looks like a scan" in conversion.message
    page = client.get(reverse("review:detail", args=[review.pk])).content.decode()
    assert 'id="round-refused"' in page and "looks like a scan" in page and "scan.pdf" in page
    review.refresh_from_db()
    assert review.recommendations.count() == items and review.current_version_id == version
    assert not RoundJob.objects.exists()
    # Nothing is lost: the same form may send a readable draft, which is compared.
    with django_capture_on_commit_callbacks(execute=True):
        _post(client, review, THEIRS_PDF, "theirs.pdf", "k2")
    assert RoundJob.objects.get().status == JobStatus.SUCCEEDED
    assert review.recommendations.filter(rule_id=RULE_RETURNED).count() == 2


def test_a_draft_converted_after_the_contract_changed_is_refused_with_a_reason(
        client, eager_tasks, django_capture_on_commit_callbacks):
    from review.workflow import round_intake

    review = make_review(contract=contract_docx(OURS))
    with django_capture_on_commit_callbacks(execute=False) as pending:
        submission = round_intake.round_submit(review=review, data=THEIRS_PDF, filename="theirs.pdf",
                                               actor=review.owner, key="k1")
    assert submission.job is None and submission.conversion is not None
    # Our contract moved on before the worker converted their draft.
    conversion = submission.conversion
    conversion.then["round"]["sent_version"] = -1
    Conversion.objects.filter(pk=conversion.pk).update(then=conversion.then)
    documents = Document.objects.count()
    with django_capture_on_commit_callbacks(execute=True):
        for callback in pending:
            callback()
    conversion.refresh_from_db()
    assert conversion.status == ConversionStatus.FAILED and "contract changed" in conversion.message
    assert Document.objects.count() == documents and not RoundJob.objects.exists()


def _five_parallel_convertible_submits_make_one_round(monkeypatch, same_key: bool) -> None:
    import uuid

    from documents import conversions
    from review.models import Review
    from review.workflow import round_intake
    from tests.review.test_idempotent_forms_bounds import run_at_once

    sent: list[str] = []
    monkeypatch.setattr(conversions, "_send", sent.append)  # the tasks are run below, one by one
    review = make_review(contract=contract_docx(OURS))
    keys = ["one-key"] * 5 if same_key else [uuid.uuid4().hex for _ in range(5)]

    def submit(key: str):  # type: ignore[no-untyped-def]
        def call():  # type: ignore[no-untyped-def]
            fresh = Review.objects.get(pk=review.pk)
            return round_intake.round_submit(review=fresh, data=THEIRS_PDF, filename="theirs.pdf",
                                             actor=fresh.owner, key=key, enqueue=False)
        return call

    results = run_at_once([submit(key) for key in keys])
    assert not [r for r in results if isinstance(r, Exception)], results
    assert sum(not r.duplicate for r in results) == 1 and Conversion.objects.count() == 1
    assert all(r.job is None and r.conversion is not None for r in results)
    with round_intake.jobs.in_process():
        for conversion_id in sent:
            conversions.conversion_run(conversion_id=conversion_id)
    assert Conversion.objects.get().status == ConversionStatus.SUCCEEDED
    assert RoundJob.objects.get().status == JobStatus.SUCCEEDED
    assert review.recommendations.filter(rule_id=RULE_RETURNED).count() == 2


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("same_key", [True, False])
def test_five_parallel_convertible_submits_make_one_conversion_and_one_round(monkeypatch, same_key):
    _five_parallel_convertible_submits_make_one_round(monkeypatch, same_key)


@pytest.mark.postgres
@pytest.mark.parametrize("same_key", [True, False])
def test_five_parallel_convertible_submits_make_one_conversion_and_one_round_on_postgres(monkeypatch, same_key):
    _five_parallel_convertible_submits_make_one_round(monkeypatch, same_key)
