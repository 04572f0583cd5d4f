"""The exports as LibreOffice reads them (through UNO): accepting every tracked change of the
redline gives the clean version, rejecting every one gives the original, and the text model is
the text LibreOffice sees. One soffice for the session (tests/documents/conftest.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from documents.docx.model import Edit, EditRecord
from documents.docx.replay import materialise_redline
from documents.docx.textmodel import build_text_model
from tests.conftest import shared_data
from tests.documents.factories import tricky_bytes
from tests.documents.helpers import model_texts, nonempty, sample_edits
from tests.documents.test_edit import CORPUS, apply_all
from tests.documents.test_redline import TRICKY_EDITS

pytestmark = pytest.mark.libreoffice


def _check(libreoffice, tmp_path: Path, data: bytes, edits) -> None:  # type: ignore[no-untyped-def]
    model, resolved, clean = apply_all(data, edits)
    redline = materialise_redline(
        data, [EditRecord(edit=e, author="Dana Demo", date="2025-03-04T05:06:07Z") for e in resolved]
    )
    paths = {}
    for name, content in {"original": data, "clean": clean, "redline": redline}.items():
        paths[name] = tmp_path / f"{name}.docx"
        paths[name].write_bytes(content)
    shown = libreoffice.read(paths["redline"])
    assert shown["tracked_changes_left"], "LibreOffice sees the changes as tracked changes"
    accepted = libreoffice.read(paths["redline"], "accept")
    rejected = libreoffice.read(paths["redline"], "reject")
    assert not accepted["tracked_changes_left"] and not rejected["tracked_changes_left"]
    # Both sides go through the same dispatch, so field updates LibreOffice makes apply equally.
    assert nonempty(accepted["paragraphs"]) == nonempty(libreoffice.paragraphs(paths["clean"], "accept"))
    assert nonempty(rejected["paragraphs"]) == nonempty(libreoffice.paragraphs(paths["original"], "reject"))
    # Read as is (fields as stored), the clean export is the version's text model.
    assert nonempty(libreoffice.paragraphs(paths["clean"])) == nonempty(model_texts(model))


def test_tricky_redline_in_libreoffice(libreoffice, tmp_path):
    _check(libreoffice, tmp_path, tricky_bytes(), TRICKY_EDITS)


# Every Common Paper form, and five CUAD contracts: LibreOffice needs ~2 s per load of a long
# CUAD paragraph; all twenty go through the reference accept/reject in test_redline.py.
CUAD_SAMPLE = {"cuad_services_02.docx", "cuad_noncompete_02.docx", "cuad_consulting_01.docx",
               "cuad_license_02.docx", "cuad_development_01.docx"}
LO_CORPUS = [path for path in CORPUS if path[0] == "forms" or path[-1] in CUAD_SAMPLE]


@pytest.mark.parametrize("path", LO_CORPUS, ids=lambda p: p[-1])
def test_corpus_redline_in_libreoffice(libreoffice, tmp_path, path):
    # Three loads per file (LibreOffice takes ~1 s to lay out a long contract): the original as
    # is, and the redline with everything accepted or rejected. The corpora have no fields, so
    # the text models can be compared directly.
    data = Path(shared_data(*path)).read_bytes()
    model = build_text_model(data)
    final, resolved, _ = apply_all(data, sample_edits(model, seed=11, count=9))
    redline = materialise_redline(
        data, [EditRecord(edit=e, author="Dana Demo", date="2025-03-04T05:06:07Z") for e in resolved]
    )
    (tmp_path / "original.docx").write_bytes(data)
    (tmp_path / "redline.docx").write_bytes(redline)
    original = nonempty(libreoffice.paragraphs(tmp_path / "original.docx"))
    # The text model is the text LibreOffice sees (an independent reader of the same file).
    assert nonempty(model_texts(model)) == original
    accepted = libreoffice.read(tmp_path / "redline.docx", "accept")
    rejected = libreoffice.read(tmp_path / "redline.docx", "reject")
    assert nonempty(accepted["paragraphs"]) == nonempty(model_texts(final))
    assert nonempty(rejected["paragraphs"]) == original
    assert not accepted["tracked_changes_left"] and not rejected["tracked_changes_left"]


@pytest.mark.parametrize("which", ["law-firm", "demo"])
def test_accepting_every_recommendation_redline_accept_all_is_the_clean_file(libreoffice, tmp_path, which):
    from core.demo import build_demo_contract_docx
    from documents.docx.replay import materialise
    from tests.documents.lawfirm import accept_every_recommendation, build_law_firm_docx

    data = build_law_firm_docx() if which == "law-firm" else build_demo_contract_docx()
    edits, final = accept_every_recommendation(data)
    assert len(edits) >= 6
    (tmp_path / "clean.docx").write_bytes(materialise(data, edits))
    (tmp_path / "redline.docx").write_bytes(materialise_redline(
        data, [EditRecord(edit=e, author="Dana Demo", date="2025-03-04T05:06:07Z") for e in edits]
    ))  # fmt: skip
    accepted = libreoffice.read(tmp_path / "redline.docx", "accept")
    assert not accepted["tracked_changes_left"]
    assert nonempty(accepted["paragraphs"]) == nonempty(libreoffice.paragraphs(tmp_path / "clean.docx"))
    assert nonempty(accepted["paragraphs"]) == nonempty(model_texts(final))


def test_footnote_endnote_and_text_box_edits_in_libreoffice(libreoffice, tmp_path):
    from tests.documents.notes import notes_docx

    data = notes_docx()
    model = build_text_model(data)
    box, note = model.get("x1").text, model.get("f1").text
    edits = [
        Edit("replace", "f1", "one hundred twenty (120) days", "thirty (30) days", start=note.index("one hundred")),
        Edit("replace", "x1", "ninety (90) days", "forty-five (45) days", start=box.index("ninety")),
        Edit("insert_after", "x1", after="Undisputed amounts only."),
        Edit("replace", "e1", " at any time", "", start=model.get("e1").text.index(" at any time")),
    ]
    final, resolved, clean = apply_all(data, edits)
    redline = materialise_redline(
        data, [EditRecord(edit=e, author="Dana Demo", date="2025-03-04T05:06:07Z") for e in resolved]
    )
    (tmp_path / "clean.docx").write_bytes(clean)
    (tmp_path / "redline.docx").write_bytes(redline)
    (tmp_path / "original.docx").write_bytes(data)
    accepted = libreoffice.read(tmp_path / "redline.docx", "accept")
    rejected = libreoffice.read(tmp_path / "redline.docx", "reject")
    seen = libreoffice.read(tmp_path / "clean.docx")
    assert not accepted["tracked_changes_left"]
    assert accepted["notes"] == seen["notes"]
    assert rejected["notes"] == libreoffice.read(tmp_path / "original.docx")["notes"]
    by_part: dict[str, list[str]] = {}
    for paragraph in final.paragraphs:
        if paragraph.part:
            by_part.setdefault(paragraph.part, []).append(paragraph.text)
    assert seen["notes"] == {"footnotes": by_part["footnote"], "endnotes": by_part["endnote"],
                             "textboxes": by_part["textbox"]}  # fmt: skip
    assert seen["notes"]["footnotes"] == [" Customer shall pay within thirty (30) days of the invoice date."]
