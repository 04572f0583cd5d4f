from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from core.demo import build_demo_contract_docx
from documents.docx.model import Edit
from documents.docx.validate import OLE_MAGIC
from documents.models import Document
from documents.services import version_create
from tests.documents.factories import make_document
from tests.factories import TeamFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner(client):  # type: ignore[no-untyped-def]
    user = UserFactory(first_name="Dana", last_name="Demo")
    client.force_login(user)
    return user


def docx_upload(name: str = "Supply Agreement.docx", data: bytes | None = None) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data if data is not None else build_demo_contract_docx())


def test_upload_creates_a_document_and_shows_it(client, owner):
    assert client.get(reverse("documents:upload")).status_code == 200
    response = client.post(reverse("documents:upload"), {"file": docx_upload(), "title": ""})
    document = Document.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("documents:detail", args=[document.pk])
    page = client.get(response["Location"]).content.decode()
    assert "Supply Agreement" in page and "Original upload" in page


def test_refused_upload_rerenders_with_one_sentence_and_status_200(client, owner):
    response = client.post(reverse("documents:upload"), {"file": docx_upload("broken.docx", b"PK\x03\x04 not really")})
    assert response.status_code == 200
    assert "damaged" in response.content.decode()
    assert Document.objects.count() == 0


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        # .doc and PDF are converted to .docx first, as a job (documents/conversions.py): these are
        # damaged, and the conversion's page says so.
        ("old.doc", OLE_MAGIC + b"\0" * 64 + "WordDocument".encode("utf-16-le"), "could not read this .doc file"),
        ("scan.pdf", b"%PDF-1.4 ...", "The PDF could not be read"),
    ],
)
def test_a_refused_conversion_says_why_on_its_page_and_stores_no_document(
    client, owner, eager_tasks, django_capture_on_commit_callbacks, name, data, message
):
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("documents:upload"), {"file": docx_upload(name, data)})
    assert response.status_code == 302 and "/documents/conversions/" in response["Location"]
    page = client.get(response["Location"])
    assert page.status_code == 200 and message in page.content.decode()
    assert Document.objects.count() == 0


def test_upload_limit_is_enforced_without_reading_the_whole_file(client, owner, settings):
    settings.REDPEN_MAX_UPLOAD_BYTES = 2048
    response = client.post(reverse("documents:upload"), {"file": docx_upload()})
    assert "larger than the 2 KB upload limit" in response.content.decode()
    assert Document.objects.count() == 0


def test_pages_and_downloads_are_404_for_other_users(client, owner):
    document = make_document(owner=UserFactory())
    urls = [
        reverse("documents:detail", args=[document.pk]),
        reverse("documents:latest_preview", args=[document.pk]),
        reverse("documents:preview", args=[document.pk, 1]),
        reverse("documents:download", args=[document.pk, 1, "clean"]),
        reverse("documents:latest_download", args=[document.pk, "redline"]),
    ]
    for url in urls:
        assert client.get(url).status_code == 404, url
    team = TeamFactory()
    team.members.add(owner, document.owner)
    document.team = team
    document.save()
    for url in urls:
        assert client.get(url).status_code == 200, url


def test_latest_preview_follows_the_newest_version_and_downloads_are_stable(client, owner):
    document = make_document(owner=owner)
    v1 = document.versions.get()
    locator = next(p.locator for p in v1.text_model.paragraphs if "ten (10)" in p.text)
    latest_url = reverse("documents:latest_preview", args=[document.pk])
    assert "<ins>" not in client.get(latest_url).content.decode()
    version_create(document=document, parent=v1, edit=Edit("replace", locator, "ten", "thirty"), author=owner)
    page = client.get(latest_url).content.decode()
    assert "v2" in page and "<del>ten</del><ins>thirty</ins>" in page
    assert "<ins>" not in client.get(reverse("documents:preview", args=[document.pk, 1])).content.decode()

    clean = client.get(reverse("documents:latest_download", args=[document.pk, "clean"]))
    assert clean["Content-Type"].startswith("application/vnd.openxmlformats-officedocument.wordprocessingml")
    assert 'filename="' in clean["Content-Disposition"] and "v2.docx" in clean["Content-Disposition"]
    again = client.get(reverse("documents:download", args=[document.pk, 2, "clean"]))
    assert clean.content == again.content
    redline = client.get(reverse("documents:download", args=[document.pk, 2, "redline"]))
    assert b"word/document.xml" in redline.content and redline.content != clean.content
    assert client.get(reverse("documents:download", args=[document.pk, 2, "pdf"])).status_code == 404
    assert client.get(reverse("documents:preview", args=[document.pk, 3])).status_code == 404


def test_list_shows_only_visible_documents(client, owner):
    mine = make_document(owner=owner, title="Mine")
    make_document(owner=UserFactory(), title="Not mine")
    page = client.get(reverse("documents:list")).content.decode()
    assert mine.title in page and "Not mine" not in page


def test_admin_shows_documents_read_only(client):
    admin = UserFactory(is_staff=True, is_superuser=True)
    client.force_login(admin)
    document = make_document(owner=admin)
    page = client.get(reverse("admin:documents_document_change", args=[document.pk]))
    assert page.status_code == 200 and "Document versions" in page.content.decode()
    assert client.get(reverse("admin:documents_document_add")).status_code == 403
