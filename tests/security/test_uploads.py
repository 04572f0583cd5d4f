"""Upload limits: an oversized file gets a clear message and stores nothing,
and the server never keeps more of it than the limit (+1 byte) in memory or on disk."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client, RequestFactory
from django.test.client import encode_multipart

from core.uploads import UploadLimitHandler
from documents.models import Blob, Document
from playbooks.loader.source import MAX_SOURCE_BYTES
from playbooks.models import Playbook, PlaybookVersion
from review.models import Review
from tests.review.factories import PLAYBOOK_YAML, author_user
from tests.review.factories import contract_docx as docx

pytestmark = pytest.mark.django_db


def stored() -> tuple[int, ...]:
    return (Document.objects.count(), Blob.objects.count(), Review.objects.count(), Playbook.objects.count(),
            PlaybookVersion.objects.count())


def oversized_docx(size: int) -> bytes:
    # A real .docx padded at the end: only its size is wrong.
    data = docx()
    return data + b"\0" * (size - len(data))


@pytest.fixture
def author_client() -> Client:
    from playbooks.services import playbook_upload

    user = author_user()
    playbook_upload(author=user, source=PLAYBOOK_YAML)
    client = Client()
    client.force_login(user)
    return client


def test_an_oversized_contract_on_the_new_review_page(author_client, settings):
    limit = settings.REDPEN_MAX_UPLOAD_BYTES
    version = PlaybookVersion.objects.get()
    before = stored()
    upload = SimpleUploadedFile("big.docx", oversized_docx(limit + 1024))
    response = author_client.post("/reviews/new/", {"contract": upload, "playbook_version": version.pk})
    assert response.status_code == 200
    assert f"This file is larger than the {limit // (1024 * 1024)} MB limit." in response.content.decode()
    assert stored() == before


def test_an_oversized_contract_on_the_document_upload_page(author_client, settings):
    settings.REDPEN_MAX_UPLOAD_BYTES = 64 * 1024
    before = stored()
    response = author_client.post("/documents/upload/", {"file": SimpleUploadedFile("big.docx", oversized_docx(200_000))})
    assert response.status_code == 200
    assert "The file is larger than the 64 KB upload limit." in response.content.decode()
    assert stored() == before


def test_an_oversized_playbook_on_the_upload_page(author_client):
    before = stored()
    big = PLAYBOOK_YAML + "# padding\n" * (MAX_SOURCE_BYTES // 10 + 1)
    upload = SimpleUploadedFile("big.yaml", big.encode())
    response = author_client.post("/playbooks/upload/", {"file": upload})
    assert response.status_code == 200
    assert f"the limit is {MAX_SOURCE_BYTES // 1024} KB" in response.content.decode()
    assert stored() == before
    # Pasted text over the limit is refused with a message too.
    response = author_client.post("/playbooks/upload/", {"source": big})
    assert response.status_code == 200
    assert stored() == before
    assert f"the limit is {MAX_SOURCE_BYTES // 1024} KB" in response.content.decode()
    assert "nothing was stored" in response.content.decode()


def test_the_server_keeps_at_most_the_limit_plus_one_byte_of_a_file(settings):
    settings.REDPEN_MAX_UPLOAD_BYTES = 100_000
    settings.FILE_UPLOAD_MAX_MEMORY_SIZE = 10_000  # large files go to a temporary file: that is what is bounded
    body = encode_multipart("BoUnDaRy", {"file": SimpleUploadedFile("huge.docx", b"A" * 1_000_000), "title": "t"})
    request = RequestFactory().generic("POST", "/documents/upload/", body,
                                       content_type="multipart/form-data; boundary=BoUnDaRy")
    uploaded = request.FILES["file"]
    assert uploaded.size == 100_001
    assert len(uploaded.read()) == 100_001
    assert request.POST["title"] == "t"  # fields after the file still arrive


def test_the_handler_passes_small_files_whole_and_cuts_big_ones(settings):
    settings.REDPEN_MAX_UPLOAD_BYTES = 10
    handler = UploadLimitHandler()
    assert handler.receive_data_chunk(b"12345", 0) == b"12345"
    assert handler.receive_data_chunk(b"6789ABCD", 5) == b"6789AB"  # 11 bytes so far: the limit + 1
    assert handler.receive_data_chunk(b"EFGH", 13) is None
    assert handler.file_complete(17) is None
