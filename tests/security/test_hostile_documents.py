"""What one document may cost: its unpacked text and its paragraphs are bounded at upload (the
refusal names the limit and the figure, the forms state the limits), a preview is paged, and an
upload carries one contract."""

from __future__ import annotations

import io
import random
import re
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from docx import Document as DocxDocument

from documents.docx.preview import render_preview, render_preview_page
from documents.docx.textmodel import build_text_model
from documents.models import Blob, Document
from playbooks.models import PlaybookVersion
from review.models import Review
from tests.review.factories import PLAYBOOK_YAML, author_user, contract_docx

pytestmark = pytest.mark.django_db
W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


def stored() -> tuple[int, ...]:
    return Document.objects.count(), Blob.objects.count(), Review.objects.count()


@pytest.fixture
def client() -> Client:
    from playbooks.services import playbook_upload

    user = author_user()
    playbook_upload(author=user, source=PLAYBOOK_YAML)
    client = Client()
    client.force_login(user)
    return client


def docx_of(paragraphs: int, *, words: int = 8, table_at: tuple[int, ...] = ()) -> bytes:
    rng = random.Random(paragraphs)
    vocabulary = ["party", "shall", "agreement", "notice", "days", "fees", "term", "licence", "supplier", "customer"]
    document = DocxDocument()
    for index in range(paragraphs):
        if index in table_at:
            table = document.add_table(rows=2, cols=2)
            for cell_index, cell in enumerate(table._cells):
                cell.text = f"Cell {index}.{cell_index}"
        document.add_paragraph(f"{index + 1}. " + " ".join(rng.choice(vocabulary) for _ in range(words)))
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def inflating_docx(unpacked_bytes: int) -> bytes:
    """A real .docx whose document.xml holds ``unpacked_bytes`` of text that compresses like prose
    (about 3x), so neither the upload limit nor the zip-bomb ratio stops it."""
    rng = random.Random(7)
    letters = "abcdefghijklmnopqrstuvwxyz"
    paragraph = "<w:p><w:r><w:t>{}</w:t></w:r></w:p>"
    parts, size = [], 0
    while size < unpacked_bytes:
        text = " ".join("".join(rng.choice(letters) for _ in range(rng.randint(2, 9))) for _ in range(400))
        parts.append(paragraph.format(text))
        size += len(parts[-1])
    base = zipfile.ZipFile(io.BytesIO(contract_docx()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in base.infolist():
            data = base.read(info.filename)
            if info.filename == "word/document.xml":
                head = data.decode().partition("<w:body>")[0]
                data = (head + "<w:body>" + "".join(parts) + "<w:sectPr/></w:body></w:document>").encode()
            target.writestr(info.filename, data)
    return out.getvalue()


def upload(client: Client, data: bytes, name: str = "contract.docx"):  # type: ignore[no-untyped-def]
    return client.post("/documents/upload/", {"file": SimpleUploadedFile(name, data), "title": ""})


# --- unpacked size and paragraphs ----------------------------------------------------------------


def test_a_contract_whose_text_inflates_past_the_limit_is_refused_with_limit_and_figure(client, settings):
    data = inflating_docx(26 * 1024 * 1024)
    assert len(data) < settings.REDPEN_MAX_UPLOAD_BYTES  # the upload limit does not stop it
    before = stored()
    response = upload(client, data)
    assert response.status_code == 200
    message = response.context["error"]
    assert re.fullmatch(
        r"The contract's text \(word/document\.xml\) is 2\d\.\d MB when unpacked; the limit is 24 MB\. .*", message
    ), message
    assert stored() == before


def test_the_limit_is_a_setting_and_a_lying_directory_inflates_no_more(client, settings):
    settings.REDPEN_MAX_DOCUMENT_XML_BYTES = 200 * 1024
    data = inflating_docx(300 * 1024)
    response = upload(client, data)
    assert "is 301 KB when unpacked; the limit is 200 KB" in response.context["error"]
    # A directory that understates the size cannot make more inflate: Python's zipfile reads no
    # more than the declared size, and the CRC then fails.
    from documents.docx.validate import Limits, UploadRejected, _check_contents

    archive = zipfile.ZipFile(io.BytesIO(data))
    archive.getinfo("word/document.xml").file_size = 10 * 1024
    with pytest.raises(UploadRejected, match="damaged"):
        _check_contents(archive, Limits(max_document_xml_bytes=200 * 1024))


def test_a_contract_with_too_many_paragraphs_is_refused_with_the_count(client, settings):
    settings.REDPEN_MAX_PARAGRAPHS = 100
    before = stored()
    response = upload(client, docx_of(150))
    assert response.context["error"].startswith("The contract has 150 paragraphs; the limit is 100")
    assert stored() == before
    assert upload(client, docx_of(90)).status_code == 302


def test_the_upload_forms_state_the_limits(client):
    for url in ("/documents/upload/", "/reviews/new/"):
        page = client.get(url).content.decode()
        assert "One contract per upload (.docx;" in page, url
        assert "at most 20 MB, its text at most 24 MB unpacked" in page, url
        assert "20,000 paragraphs" in page, url


def test_the_new_review_page_refuses_the_same_way(client):
    version = PlaybookVersion.objects.get()
    response = client.post("/reviews/new/", {"contract": SimpleUploadedFile("c.docx", inflating_docx(26 * 2**20)),
                                             "playbook_version": version.pk})
    assert response.status_code == 200
    assert "when unpacked; the limit is 24 MB" in response.content.decode()
    assert Review.objects.count() == 0


# --- the preview is paged ------------------------------------------------------------------------


def _locators(html: str) -> list[str]:
    return re.findall(r'data-locator="(p\d+)"', html)


def test_a_preview_page_shows_its_paragraphs_and_every_page_is_balanced_html():
    data = docx_of(450, table_at=(199, 200, 399))
    model = build_text_model(data)
    whole = render_preview(data, model)
    pages = [render_preview_page(data, model, page=n, per_page=100) for n in range(1, 6)]
    assert [p.pages for p in pages] == [5] * 5
    assert [loc for p in pages for loc in _locators(p.html)] == _locators(whole)
    for page in pages:
        for tag in ("table", "tr", "td", "div"):
            assert page.html.count(f"<{tag}>") + page.html.count(f"<{tag} ") == page.html.count(f"</{tag}>"), tag
        assert len(_locators(page.html)) <= 100
    assert (pages[0].first, pages[0].last, pages[-1].first, pages[-1].last) == (1, 100, 401, pages[-1].paragraphs)
    # Past the end: the last page.
    assert render_preview_page(data, model, page=99, per_page=100).number == 5


def test_the_preview_pages_over_http(client, settings):
    settings.REDPEN_PREVIEW_PARAGRAPHS_PER_PAGE = 100
    response = upload(client, docx_of(250))
    document = Document.objects.get()
    first = client.get(f"/documents/{document.pk}/v1/")
    html = first.content.decode()
    assert _locators(html)[:1] == ["p1"] and len(set(_locators(html))) == 100
    assert f'href="/documents/{document.pk}/v1/?page=2"' in html and "Page 1 of 3" in html
    last = client.get(f"/documents/{document.pk}/v1/?page=3").content.decode()
    assert "Page 3 of 3" in last and 'rel="prev"' in last and 'rel="next"' not in last
    for junk in ("abc", "-1", "9" * 5000, "0"):
        assert "Page 1 of 3" in client.get(f"/documents/{document.pk}/v1/?page={junk}").content.decode()
    assert response.status_code == 302


# --- one contract per upload ---------------------------------------------------------------------


@pytest.mark.parametrize("url", ["/documents/upload/", "/reviews/new/", "/playbooks/upload/"])
def test_an_upload_with_more_than_one_file_is_refused_with_a_clear_message(client, url):
    before = stored(), PlaybookVersion.objects.count()
    files = [SimpleUploadedFile(f"c{i}.docx", contract_docx()) for i in range(3)]
    response = client.post(url, {"file": files, "contract": files[0], "title": "",
                                 "playbook_version": PlaybookVersion.objects.get().pk})
    assert response.status_code == 400
    assert "Upload one contract at a time: the form takes 1 file per upload" in response.content.decode()
    assert (stored(), PlaybookVersion.objects.count()) == before
