"""Every upload path goes through the same gate before anything parses its file (core/uploads.py):
contracts, precedents for a draft playbook, playbook spreadsheets; and the precedents form takes
the five files it promises."""

from __future__ import annotations

import io
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from docx import Document as DocxDocument

from core.demo import build_demo_contract_docx
from core.uploads import SPREADSHEET, UploadLimits, UploadRejected, check_upload, upload_limits
from documents.models import Document
from tests.factories import TeamFactory, author

pytestmark = pytest.mark.django_db
DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


def repeated_docx(copies: int, *, numbered: bool = False) -> bytes:
    """A small .docx whose one paragraph is repeated ``copies`` times (numbered: each copy
    differs, so the package compresses like a real document and passes the ratio check)."""
    document = DocxDocument()
    document.add_paragraph("The Supplier shall deliver the Services.")
    buffer = io.BytesIO()
    document.save(buffer)
    source = zipfile.ZipFile(io.BytesIO(buffer.getvalue()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as package:
        for info in source.infolist():
            data = source.read(info)
            if info.filename == "word/document.xml":
                xml = data.decode()
                start = xml.index("<w:p>") if "<w:p>" in xml else xml.index("<w:p ")
                end = xml.index("</w:p>", start) + len("</w:p>")
                paragraph = xml[start:end]
                body = ("".join(paragraph.replace("The Supplier", f"{n}. The Supplier") for n in range(copies))
                        if numbered else paragraph * copies)
                data = (xml[:start] + body + xml[end:]).encode()
            package.writestr(info.filename, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    return out.getvalue()


@pytest.fixture
def author_client(client):  # type: ignore[no-untyped-def]
    client.force_login(author(team=TeamFactory()))
    return client


@pytest.fixture
def never_parsed(monkeypatch):  # type: ignore[no-untyped-def]
    """Parsing a refused file is the defect: the text-model builder fails the test if reached."""
    calls: list[int] = []

    def refuse(data: bytes, *args: object, **kwargs: object) -> None:
        calls.append(len(data))
        raise AssertionError("the document was parsed before the upload checks refused it")

    import documents.docx.textmodel
    import documents.services

    monkeypatch.setattr(documents.docx.textmodel, "build_text_model", refuse)
    monkeypatch.setattr(documents.services, "build_text_model", refuse)
    return calls


def post_precedents(client, files: list[tuple[str, bytes]]):  # type: ignore[no-untyped-def]
    return client.post(reverse("playbooks:draft"), {
        "files": [SimpleUploadedFile(name, data, DOCX) for name, data in files], "side": "customer",
    })


def test_a_precedent_of_300000_copies_of_one_paragraph_is_refused_before_it_is_parsed(author_client, never_parsed):
    data = repeated_docx(300_000)
    assert len(data) < 200 * 1024  # small on the wire: the upload size limit does not stop it
    response = post_precedents(author_client, [("bomb.docx", data)])
    assert response.status_code == 200
    problems = response.context["problems"]
    assert problems == [f"bomb.docx: {problems[0].removeprefix('bomb.docx: ')}"]
    assert "zip bomb" in problems[0] or "paragraphs; the limit is" in problems[0]
    assert never_parsed == []


def test_a_precedent_past_the_paragraph_bound_is_refused_with_the_bound(author_client, never_parsed, settings):
    settings.REDPEN_MAX_PARAGRAPHS = 2_000
    data = repeated_docx(30_000, numbered=True)  # compresses like a document: only the paragraph bound stops it
    check_upload(data)  # passes the size and zip-directory gate
    response = post_precedents(author_client, [("long.docx", data)])
    [problem] = response.context["problems"]
    assert problem.startswith("long.docx: The contract has 30,000 paragraphs; the limit is 2,000")
    assert never_parsed == []


def test_the_precedents_form_takes_the_five_files_it_promises(author_client):
    assert upload_limits().max_precedents == 5
    files = [(f"precedent-{n}.docx", build_demo_contract_docx()) for n in range(5)]
    response = post_precedents(author_client, files)
    assert response.status_code == 200
    page = response.content.decode()
    assert response.context.get("problems") is None and response.context["files"] == [f for f, _ in files]
    assert 'id="draft-rules"' in page


def test_a_sixth_precedent_is_refused_while_the_request_is_read_with_the_number(author_client):
    files = [(f"precedent-{n}.docx", build_demo_contract_docx()) for n in range(6)]
    response = post_precedents(author_client, files)
    assert response.status_code == 400
    assert "at most 5 files" in response.content.decode()


def test_the_contract_forms_still_take_one_file(client, settings):
    client.force_login(author())
    data = build_demo_contract_docx()
    response = client.post(reverse("documents:upload"), {
        "file": [SimpleUploadedFile("a.docx", data, DOCX), SimpleUploadedFile("b.docx", data, DOCX)],
    })
    assert response.status_code == 400
    assert "Upload one contract at a time" in response.content.decode()
    assert Document.objects.count() == 0


def test_a_spreadsheet_zip_bomb_is_refused_by_the_gate_before_openpyxl(author_client, monkeypatch):
    import openpyxl

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("openpyxl opened a file the gate should have refused")

    monkeypatch.setattr(openpyxl, "load_workbook", refuse)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as package:
        package.writestr("[Content_Types].xml", "<Types/>")
        package.writestr("xl/worksheets/sheet1.xml", b"\0" * (5 * 1024 * 1024))  # ~1000:1
    response = author_client.post(reverse("playbooks:import"), {
        "file": SimpleUploadedFile("positions.xlsx", out.getvalue()), "name": "", "party": "",
    })
    assert response.status_code == 200
    assert "zip bomb" in response.content.decode()


def test_the_gate_decides_every_path_from_one_record(settings):
    settings.REDPEN_MAX_UPLOAD_BYTES = 1024
    with pytest.raises(UploadRejected, match="larger than the 1 KB upload limit"):
        check_upload(b"x" * 2048)
    limits = UploadLimits(max_spreadsheet_bytes=10)
    with pytest.raises(UploadRejected, match="larger than the 10 bytes upload limit"):
        check_upload(b"x" * 11, kind=SPREADSHEET, limits=limits)
    with pytest.raises(UploadRejected, match="empty"):
        check_upload(b"")


def test_a_returned_draft_past_the_paragraph_bound_is_refused_before_it_is_parsed(settings, monkeypatch):
    from review.workflow import review_next_round
    from tests.review.factories import make_review

    review = make_review()  # parsed here, before the spy is in place
    settings.REDPEN_MAX_PARAGRAPHS = 2_000
    calls: list[int] = []

    def refuse(data: bytes, *args: object, **kwargs: object) -> None:
        calls.append(len(data))
        raise AssertionError("their draft was parsed before the upload checks refused it")

    import documents.services

    monkeypatch.setattr(documents.services, "build_text_model", refuse)
    with pytest.raises(UploadRejected, match="The contract has 30,000 paragraphs; the limit is 2,000"):
        review_next_round(review=review, data=repeated_docx(30_000, numbered=True), filename="back.docx",
                          actor=review.owner)
    assert calls == []
    assert Document.objects.count() == 1  # only ours
