"""Versions store their text model whole every SNAPSHOT_EVERY versions and as a delta (the edit)
otherwise: reading any version gives exactly the model the edit produced."""

from __future__ import annotations

import pytest

from documents.docx.model import Edit
from documents.models import _TEXT_MODELS, SNAPSHOT_EVERY, DocumentVersion
from documents.services import document_create, version_create
from tests.factories import UserFactory
from tests.review.factories import contract_docx

pytestmark = pytest.mark.django_db

PARAGRAPHS = [(None, f"Clause {n}: the supplier shall deliver within {n} days.") for n in range(1, 60)]


def test_every_version_reads_back_exactly_as_it_was_made_with_deltas_between_snapshots():
    owner = UserFactory()
    document = document_create(owner=owner, team=None, filename="c.docx", data=contract_docx(PARAGRAPHS))
    version = document.versions.get(number=1)
    made = {1: version.text_model}
    for n in range(2, 2 * SNAPSHOT_EVERY + 5):
        clauses = [p for p in version.text_model.paragraphs if "deliver" in p.text]
        paragraph = clauses[(n * 7) % len(clauses)]
        if n % 2:
            edit = Edit(kind="replace", locator=paragraph.locator, before="days", after=f"days (v{n})",
                        start=paragraph.text.index("days"))
        else:
            edit = Edit(kind="insert_after", locator=paragraph.locator, after=f"Inserted at version {n}.")
        version = version_create(document=document, parent=version, author=owner, edit=edit)
        made[n] = version.text_model
    stored = {v.number: v for v in DocumentVersion.objects.filter(document=document)}
    assert bool(stored[SNAPSHOT_EVERY + 1].text_model_data) and bool(stored[2 * SNAPSHOT_EVERY + 1].text_model_data)
    assert bytes(stored[SNAPSHOT_EVERY + 2].text_model_data) == b"" and bytes(stored[5].text_model_data) == b""
    assert len({v.text_sha256 for v in stored.values()}) == len(stored)  # every version has its own identity
    _TEXT_MODELS.items.clear()  # a fresh process: nothing cached
    for number in (2, SNAPSHOT_EVERY, SNAPSHOT_EVERY + 1, SNAPSHOT_EVERY + 7, max(made)):
        fresh = DocumentVersion.objects.get(document=document, number=number)
        assert fresh.text_model == made[number], number


def test_creating_a_version_writes_nothing_proportional_to_the_contract():
    owner = UserFactory()
    big = [(None, f"Paragraph {n} of a long contract with some words in it.") for n in range(2000)]
    document = document_create(owner=owner, team=None, filename="big.docx", data=contract_docx(big))
    v1 = document.versions.get(number=1)
    paragraph = v1.text_model.paragraphs[10]
    v2 = version_create(document=document, parent=v1, author=owner,
                        edit=Edit(kind="replace", locator=paragraph.locator, before="long", after="short",
                                  start=paragraph.text.index("long")))
    assert len(bytes(v1.text_model_data)) > 5000
    assert bytes(DocumentVersion.objects.get(pk=v2.pk).text_model_data) == b""
    assert "short contract" in v2.text_model.paragraphs[10].text
