"""The exports as LibreOffice reads them (through UNO): accepting every tracked change of the
redline gives the clean version, rejecting every one gives the original, and the text model is
the text LibreOffice sees. One soffice for the session (tests/documents/conftest.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from documents.docx.edit import apply_edit_to_model
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


# --- comments for the other side ------------------------------------------------------------
OFFICE_NS = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
DC_NS = "http://purl.org/dc/elements/1.1/"


def _odt_via_soffice(path: Path, out: Path) -> Path:
    """LibreOffice's own reading of the .docx, stored as ODT (its native format keeps tracked
    changes and comments). A separate soffice with its own profile: the session's office is busy."""
    import subprocess

    subprocess.run(["soffice", f"-env:UserInstallation=file://{out}/profile", "--headless", "--convert-to", "odt",
                    "--outdir", str(out), str(path)], check=True, capture_output=True, timeout=180)
    return out / (path.stem + ".odt")


def _annotations_and_stripped(odt: Path, target: Path) -> list[dict[str, str]]:
    """The comments LibreOffice read (author, text, what they are anchored on), and a copy of the
    ODT without them: this headless LibreOffice (7.4) cannot load a document that has comments
    through UNO at all (it returns nothing or drops the connection), so accept-all runs on the
    same document with only the comments taken out, the tracked changes untouched."""
    import zipfile

    from lxml import etree

    with zipfile.ZipFile(odt) as package:
        content = etree.fromstring(package.read("content.xml"))
        found = []
        for note in content.iter(f"{{{OFFICE_NS}}}annotation"):
            creator = note.find(f"{{{DC_NS}}}creator")
            text = " ".join("".join(p.itertext()) for p in note if p.tag.endswith("}p"))
            found.append({"author": creator.text if creator is not None else "", "text": text,
                          "ranged": note.get(f"{{{OFFICE_NS}}}name") is not None})
        for tag in ("annotation", "annotation-end"):
            for element in list(content.iter(f"{{{OFFICE_NS}}}{tag}")):
                parent = element.getparent()
                if element.tail:  # keep the text that followed the marker
                    previous = element.getprevious()
                    if previous is not None:
                        previous.tail = (previous.tail or "") + element.tail
                    else:
                        parent.text = (parent.text or "") + element.tail
                parent.remove(element)
        with zipfile.ZipFile(target, "w") as out:
            for info in package.infolist():
                data = etree.tostring(content) if info.filename == "content.xml" else package.read(info.filename)
                compress = zipfile.ZIP_STORED if info.filename == "mimetype" else zipfile.ZIP_DEFLATED
                out.writestr(info, data, compress_type=compress)
    return found


@pytest.mark.django_db
def test_review_redline_comments_show_in_libreoffice_and_accept_all_gives_the_clean_text(libreoffice, tmp_path):
    import io

    from django.core.management import call_command

    # A full agreement: an order form is a cover page, where nothing is inserted (its terms are
    # the framework terms it incorporates).
    contract = shared_data("forms", "commonpaper_docx", "commonpaper_pilot_agreement.docx")
    playbook = Path(__file__).resolve().parents[2] / "playbooks" / "library" / "saas-customer.yaml"
    out = tmp_path / "out"
    from django.contrib.auth.models import Group

    from core.models import Team
    from tests.factories import UserFactory

    head = UserFactory(username="head-of-legal")
    head.groups.add(Group.objects.get_or_create(name="Admin")[0])
    Team.objects.get_or_create(name="Headless reviews")[0].members.add(head)
    call_command("review", str(contract), playbook=str(playbook), decide="accept-all", author="Ada Lovelace",
                 out=str(out), approve_as="head-of-legal", stdout=io.StringIO())
    odt = _odt_via_soffice(out / "redline.docx", tmp_path)
    notes = _annotations_and_stripped(odt, tmp_path / "no-comments.odt")
    assert notes, "LibreOffice shows the comments"
    assert all(note["author"] == "Ada Lovelace" and note["ranged"] for note in notes)
    assert any("best placed to manage infringement claims" in note["text"] for note in notes)
    assert not any("off-market" in note["text"] for note in notes)  # guidance never leaves the firm
    accepted = libreoffice.read(tmp_path / "no-comments.odt", "accept")
    assert not accepted["tracked_changes_left"]
    assert nonempty(accepted["paragraphs"]) == nonempty(libreoffice.paragraphs(out / "clean.docx", "accept"))


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


# --- accept-all of the engine's own proposals ---------------------------------------------------
@pytest.mark.parametrize(
    ("contract", "playbook"),
    [
        (("cuad", "docx", "cuad_services_02.docx"), "saas-customer.yaml"),  # page furniture, lettered numbers
        (("cuad", "docx", "cuad_distributor_03.docx"), "saas-customer.yaml"),  # two insertions at one place
        (("ndas", "nda_cnli_dev_05.docx"), "mutual-nda.yaml"),
    ],
    ids=lambda v: v[-1] if isinstance(v, tuple) else v,
)
def test_accepting_every_recommendation_in_libreoffice_gives_the_clean_file(libreoffice, tmp_path, contract, playbook):
    # Every recommendation accepted in turn, each re-anchored on the version before it (as the
    # workflow does); LibreOffice's accept-all of the redline is the clean file, and every clause
    # number of the original is still there.
    from contracts.document import structure_of
    from contracts.numbering import leading_number
    from playbooks.loader import load_playbook
    from playbooks.services import LIBRARY_DIR
    from review.engine.playbook import PlaybookEngine

    data = Path(shared_data(*contract)).read_bytes()
    model = build_text_model(data)
    engine = PlaybookEngine()
    proposals = [p for r in engine.analyze(model, load_playbook((LIBRARY_DIR / playbook).read_bytes()))
                 for p in r.recommendations]
    assert proposals
    current, edits, inserted = model, [], []
    for proposal in proposals:
        moved = engine.reanchor(proposal, current)
        if moved is None:
            continue
        current = apply_edit_to_model(current, moved.edit)
        edits.append(moved.edit)
        if moved.action == "insert" and leading_number(moved.after):
            inserted.append(leading_number(moved.after).rstrip("."))
    final, resolved, clean = apply_all(data, edits)
    redline = materialise_redline(
        data, [EditRecord(edit=e, author="Dana Demo", date="2025-03-04T05:06:07Z") for e in resolved]
    )
    (tmp_path / "redline.docx").write_bytes(redline)
    (tmp_path / "clean.docx").write_bytes(clean)
    accepted = libreoffice.read(tmp_path / "redline.docx", "accept")
    assert not accepted["tracked_changes_left"]
    assert nonempty(accepted["paragraphs"]) == nonempty(libreoffice.paragraphs(tmp_path / "clean.docx"))
    labels = [n.label for n in structure_of(final).numbers]
    assert all(n.label in labels for n in structure_of(model).numbers if n.kind == "typed")
    # Inserted clauses take numbers of their own: none the contract used, no two alike.
    used = {n.label.rstrip(".") for n in structure_of(model).body_numbers}
    assert len(inserted) == len(set(inserted)) and not used & set(inserted), (inserted, used)
