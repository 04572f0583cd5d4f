"""Redline export: native tracked changes against version 1, by construction the same edits as
the clean export (checked here with a reference accept/reject; LibreOffice in test_libreoffice)."""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

import pytest

from documents.docx.model import Edit, EditRecord
from documents.docx.replay import materialise, materialise_redline
from documents.docx.textmodel import build_text_model
from tests.conftest import shared_data
from tests.documents.factories import tricky_bytes
from tests.documents.helpers import document_root, model_texts, paragraph_texts, q, rezip, sample_edits
from tests.documents.test_edit import CORPUS, apply_all

TRICKY_EDITS = [
    Edit("replace", "p2", "Seller shall deliver the Goods", "Vendor shall deliver the Products"),
    Edit("replace", "p3", "privacy policy", "cookie notice"),
    Edit("replace", "p4", "Section ", "Clause "),
    Edit("replace", "p5", "Seattle", "Tacoma"),
    Edit("replace", "p6", "notice.", "notice to the other party."),
    Edit("insert_after", "p6", after="Either party may terminate for material breach."),
    Edit("delete_paragraph", "p7", "Each party shall keep the Confidential Information   strictly confidential."),
    Edit("replace", "p2", "Vendor", "Supplier"),  # an edit on an earlier edit's text
    Edit("insert_after", "p8", after="Last clause."),
]


def records(edits: list[Edit], author: str = "Dana Demo") -> list[EditRecord]:
    return [EditRecord(edit=e, author=author, date=f"2025-01-02T03:04:{i:02d}Z") for i, e in enumerate(edits)]


def test_tricky_redline_accepts_to_clean_and_rejects_to_original():
    model, resolved, clean = apply_all(tricky_bytes(), TRICKY_EDITS)
    redline = materialise_redline(tricky_bytes(), records(resolved))
    assert paragraph_texts(redline, "accept") == model_texts(model) == paragraph_texts(clean)
    assert paragraph_texts(redline, "reject") == paragraph_texts(tricky_bytes())


def test_tracked_changes_carry_author_utc_date_and_unique_ids():
    _, resolved, _ = apply_all(tricky_bytes(), TRICKY_EDITS)
    redline = materialise_redline(tricky_bytes(), records(resolved, "Ada Lovelace"))
    root = document_root(redline)
    changes = [e for e in root.iter(q("ins"), q("del"))]
    assert len(changes) >= 10
    for change in changes:
        assert change.get(q("author")) == "Ada Lovelace"
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", change.get(q("date")))
    # Deleted text is w:delText, never w:t.
    for deleted in root.iter(q("del")):
        assert deleted.find(f".//{q('t')}") is None
    # w:id unique across the whole package, including ids already used (bookmark 0 here).
    ids = re.findall(rb':id="(\d+)"', b"".join(
        zipfile.ZipFile(io.BytesIO(redline)).read(n) for n in zipfile.ZipFile(io.BytesIO(redline)).namelist()
        if n.endswith(".xml")
    ))
    revision_ids = [c.get(q("id")) for c in changes]
    assert len(set(revision_ids)) == len(revision_ids)
    assert "0" not in revision_ids and len(ids) >= len(revision_ids)


def test_revision_ids_start_above_ids_used_in_other_parts():
    header = (
        b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:hdr xmlns:w="http://schemas.openxmlformats.org/'
        b'wordprocessingml/2006/main"><w:p><w:bookmarkStart w:id="500" w:name="h"/><w:bookmarkEnd w:id="500"/>'
        b"</w:p></w:hdr>"
    )
    data = rezip(tricky_bytes(), replace={"word/header9.xml": header})
    _, resolved, _ = apply_all(data, TRICKY_EDITS[:2])
    root = document_root(materialise_redline(data, records(resolved)))
    assert min(int(c.get(q("id"))) for c in root.iter(q("ins"), q("del"))) > 500


def test_redline_and_clean_exports_are_deterministic():
    _, resolved, clean = apply_all(tricky_bytes(), TRICKY_EDITS)
    assert materialise(tricky_bytes(), resolved) == clean
    assert materialise_redline(tricky_bytes(), records(resolved)) == materialise_redline(
        tricky_bytes(), records(resolved)
    )
    info = zipfile.ZipFile(io.BytesIO(clean)).infolist()
    assert {i.date_time for i in info} == {(1980, 1, 1, 0, 0, 0)}
    assert [i.filename for i in info] == [i.filename for i in zipfile.ZipFile(io.BytesIO(tricky_bytes())).infolist()]


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p[-1])
def test_corpus_redline_accept_is_clean_and_reject_is_original(path):
    data = Path(shared_data(*path)).read_bytes()
    edits = sample_edits(build_text_model(data), seed=7, count=9)
    model, resolved, clean = apply_all(data, edits)
    redline = materialise_redline(data, records(resolved))
    assert paragraph_texts(redline, "accept") == model_texts(model)
    assert paragraph_texts(redline, "reject") == paragraph_texts(data)
    assert paragraph_texts(clean) == model_texts(model)
