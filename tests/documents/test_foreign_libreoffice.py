"""The other side's tracked changes and comments, as LibreOffice reads and writes them (UNO):
our redline of a document carrying them accepts to everyone's changes accepted and rejects to
the text before anyone's change; a document whose changes LibreOffice itself recorded keeps
them through our exports."""

from __future__ import annotations

from pathlib import Path

import pytest

from documents.docx.model import Edit, EditRecord
from documents.docx.replay import materialise, materialise_redline
from documents.docx.textmodel import build_text_model
from documents.docx.tracked import foreign_changes
from tests.conftest import shared_data
from tests.documents.foreign_docs import ACCEPTED, REJECTED, foreign_docx
from tests.documents.helpers import nonempty
from tests.documents.test_foreign import EDITS, US, US_DATE, _resolved, foreign_signature

pytestmark = pytest.mark.libreoffice


def _redline(data: bytes, edits: list[Edit]) -> bytes:
    return materialise_redline(data, [EditRecord(edit=e, author=US, date=US_DATE) for e in edits])


def test_hand_written_word_changes_accept_and_reject_in_libreoffice(libreoffice, tmp_path: Path):
    data = foreign_docx()
    original = tmp_path / "original.docx"
    original.write_bytes(data)
    # LibreOffice reads their changes as we do: our text is theirs accepted ...
    assert nonempty(libreoffice.paragraphs(original, "accept")) == nonempty(ACCEPTED)
    # ... and rejecting them gives the text before anyone's change.
    assert nonempty(libreoffice.paragraphs(original, "reject")) == nonempty(REJECTED)

    edits, final = _resolved(data, [Edit("replace", "p1", "90", "30"), *EDITS])
    redline = tmp_path / "redline.docx"
    redline.write_bytes(_redline(data, edits))
    accepted = libreoffice.read(redline, "accept")
    rejected = libreoffice.read(redline, "reject")
    assert nonempty(accepted["paragraphs"]) == nonempty(final)
    assert nonempty(rejected["paragraphs"]) == nonempty(REJECTED)
    assert not accepted["tracked_changes_left"] and not rejected["tracked_changes_left"]

    clean = tmp_path / "clean.docx"
    clean.write_bytes(materialise(data, edits))
    # The clean export still carries their changes (pending) and only theirs.
    assert libreoffice.read(clean)["tracked_changes_left"]
    assert nonempty(libreoffice.paragraphs(clean, "accept")) == nonempty(final)


LO_STEPS = [
    {"author": "Jane Roe", "replace": ["Continues until terminated", "Continues for five years unless terminated"]},
    {"author": "Richard Poe", "bold": "Governing Law"},
    {"author": "Jane Roe", "replace": ["In perpetuity.", "In perpetuity, for trade secrets only."]},
    {"author": "Richard Poe", "replace": ["{jurisdiction}", "London"]},
]


def test_changes_recorded_by_libreoffice_survive_our_exports(libreoffice, tmp_path: Path):
    # LibreOffice without a GUI cannot store a document with comments (see uno_worker.load):
    # these changes are LibreOffice's own, the comments are tested on the hand-written file.
    source = tmp_path / "source.docx"
    source.write_bytes(Path(shared_data("forms", "commonpaper_docx", "commonpaper_mutual_nda.docx")).read_bytes())
    before = nonempty(libreoffice.paragraphs(source))
    theirs = tmp_path / "theirs.docx"
    libreoffice.author(source, theirs, LO_STEPS)
    data = theirs.read_bytes()

    changes = foreign_changes(data)
    authors = {(c.kind, c.author) for c in changes}
    assert ("replace", "Jane Roe") in authors or ("insert", "Jane Roe") in authors, authors
    assert any(c.author == "Richard Poe" and "London" in c.new for c in changes), changes
    model = build_text_model(data)
    mine = next(p for p in model.paragraphs if "five years" in p.text)
    law = next(p for p in model.paragraphs if p.text.startswith("The laws of the State"))
    edits, final = _resolved(
        data,
        [
            Edit("replace", mine.locator, "five years", "three years"),  # inside Jane's insertion
            Edit("replace", law.locator, "The laws of the State of", "The laws of"),
            Edit("insert_after", law.locator, after="The United Nations Convention on Contracts does not apply."),
        ],
    )
    signature = foreign_signature(data)
    clean, redline = materialise(data, edits), _redline(data, edits)
    # Our edit inside Jane's insertion takes "five years" out of it; every other change of theirs is intact.
    assert foreign_signature(_redline(data, edits[1:])) == signature
    assert foreign_signature(materialise(data, edits[1:])) == signature
    for export in (clean, redline):
        # Our words are in none of their revisions.
        assert not [key for key in foreign_signature(export) if "three" in key[3]]
    # In the clean export their insertion is split around our words.
    assert any(key[1] == "Jane Roe" and key[3] == "Continues for " for key in foreign_signature(clean))

    (tmp_path / "redline.docx").write_bytes(redline)
    accepted = libreoffice.read(tmp_path / "redline.docx", "accept")
    rejected = libreoffice.read(tmp_path / "redline.docx", "reject")
    assert nonempty(accepted["paragraphs"]) == nonempty(final)
    assert nonempty(rejected["paragraphs"]) == before
