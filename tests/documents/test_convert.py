"""Imports: a PDF with a text layer and a .doc (both made by LibreOffice from a real contract)
become a .docx version 1 that analyses with the same rule statuses as the original .docx;
scans, fakes and oversized PDFs get one clear sentence."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from django.core.management import call_command

from documents import convert
from documents.convert import ConversionError, ConvertLimits, convert_upload
from documents.docx.textmodel import build_text_model
from documents.docx.validate import UploadRejected
from tests.conftest import shared_data
from tests.documents.factories import make_document

CONTRACT = ("forms", "commonpaper_docx", "commonpaper_software_license_agreement.docx")
PLAYBOOK = Path(__file__).resolve().parents[2] / "playbooks" / "library" / "saas-customer.yaml"


def _soffice(tmp_path: Path, target: str) -> Path:
    if not shutil.which("soffice"):
        pytest.fail("LibreOffice is not installed: apt-get install libreoffice-writer-nogui")
    source = tmp_path / "contract.docx"
    source.write_bytes(Path(shared_data(*CONTRACT)).read_bytes())
    subprocess.run(
        ["soffice", f"-env:UserInstallation=file://{tmp_path}/profile", "--headless", "--norestore",
         "--convert-to", target, "--outdir", str(tmp_path), str(source)],
        check=True, capture_output=True, timeout=180,
    )
    return tmp_path / f"contract.{target}"


def _statuses(path: Path) -> dict[str, str]:
    out = io.StringIO()
    call_command("analyze", str(path), "--playbook", str(PLAYBOOK), "--json", stdout=out)
    return {r["rule_id"]: r["status"] for r in json.loads(out.getvalue())["results"]}


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> dict[str, str]:  # type: ignore[no-untyped-def]
    path = tmp_path_factory.mktemp("docx") / "contract.docx"
    path.write_bytes(Path(shared_data(*CONTRACT)).read_bytes())
    statuses = _statuses(path)
    assert {"ok", "not_found"} <= set(statuses.values())  # a comparison that can fail
    return statuses


@pytest.mark.libreoffice
@pytest.mark.parametrize("target", ["pdf", "doc", "rtf", "odt"])
def test_a_pdf_or_doc_printed_by_libreoffice_analyses_like_its_docx(tmp_path, reference, target):
    path = _soffice(tmp_path, target)
    assert _statuses(path) == reference
    data, name = convert_upload(path.read_bytes(), path.name)
    assert name == "contract.docx"
    model = build_text_model(data)
    texts = [p.text for p in model.paragraphs]
    # Headings and typed clause numbers come through; sentences are joined across line breaks.
    assert any(p.heading_level and "Software" in p.text for p in model.paragraphs)
    if target == "pdf":  # a PDF carries the clause numbers as text (in Word files they are numbering)
        assert any(t.startswith("1.1") and "License" in t for t in texts)
    assert any("Provider grants Customer a limited, non-exclusive" in t for t in texts)


@pytest.mark.libreoffice
@pytest.mark.django_db
def test_an_uploaded_pdf_becomes_version_one_as_docx(tmp_path):
    path = _soffice(tmp_path, "pdf")
    document = make_document(data=path.read_bytes(), filename="Licence from them.pdf")
    assert document.original_filename == "Licence from them.docx"
    assert document.title == "Licence from them"
    version = document.versions.get()
    assert bytes(document.original.data[:2]) == b"PK"
    assert any("Provider grants Customer" in p.text for p in version.text_model.paragraphs)


def _image_pdf() -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (600, 800), "white").save(out, "PDF")
    return out.getvalue()


def test_a_scanned_pdf_gets_a_clear_message():
    with pytest.raises(ConversionError, match="no text layer"):
        convert_upload(_image_pdf(), "scan.pdf")


@pytest.mark.django_db
def test_a_scanned_pdf_upload_is_refused_and_nothing_is_stored():
    from documents.models import Document

    with pytest.raises(UploadRejected, match="looks like a scan"):
        make_document(data=_image_pdf(), filename="scan.pdf")
    assert not Document.objects.exists()


def test_a_file_named_pdf_that_is_not_one_is_refused():
    with pytest.raises(ConversionError, match="not a PDF"):
        convert_upload(b"hello, this is text", "contract.pdf")


def test_hostile_pdfs_are_bounded_by_pages_and_memory():
    many = _many_pages_pdf(12)
    with pytest.raises(ConversionError, match="12 pages; Redpen imports at most 10"):
        convert_upload(many, "long.pdf", limits=ConvertLimits(max_pages=10))
    with pytest.raises(ConversionError, match="needs too much memory"):
        convert_upload(many, "long.pdf", limits=ConvertLimits(memory_bytes=40 * 1024 * 1024))
    with pytest.raises(ConversionError, match="took too long"):
        convert_upload(many, "long.pdf", limits=ConvertLimits(seconds=0.05))


def _many_pages_pdf(pages: int) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    first, *rest = [Image.new("RGB", (60, 80), "white") for _ in range(pages)]
    first.save(out, "PDF", save_all=True, append_images=rest)
    return out.getvalue()


def test_without_libreoffice_a_doc_gets_a_message_saying_what_to_install(monkeypatch):
    monkeypatch.setattr(convert.shutil, "which", lambda name: None)
    with pytest.raises(ConversionError, match="apt-get install libreoffice-writer-nogui"):
        convert_upload(b"\xd0\xcf\x11\xe0 old word file", "old.doc")


def test_a_docx_is_passed_through_untouched():
    data = Path(shared_data(*CONTRACT)).read_bytes()
    assert convert_upload(data, "x.docx") == (data, "x.docx")


def test_a_hyphen_at_a_line_end_is_kept_or_dropped_by_the_documents_own_spelling():
    vocabulary = frozenset({"agreement", "non-compete", "cross-border"})
    join = convert._hyphen_joined
    assert join("This Agree-", "ment binds", vocabulary) == "This Agreement binds"  # the line's hyphen
    assert join("a non-", "compete", vocabulary) == "a non-compete"  # the word's, spelt so elsewhere
    # Spelt nowhere else: a compound's prefix keeps it (LibreOffice breaks "non-exclusive" there).
    assert join("a limited, non-", "exclusive licence", vocabulary) == "a limited, non-exclusive licence"
    assert join("the Third-", "Party Software", vocabulary) == "the Third-Party Software"
    assert join("reason-", "able efforts", vocabulary) == "reasonable efforts"
