from __future__ import annotations

import io
import zipfile

import pytest
from django.db import transaction

from core.demo import build_demo_contract_docx
from documents import selectors
from documents.docx import package, textmodel
from documents.docx.model import Edit, EditError
from documents.docx.replay import materialise
from documents.errors import StaleVersion, UploadRejected
from documents.models import Blob, Document, DocumentVersion
from documents.services import version_create
from tests.documents.factories import make_document, tricky_bytes
from tests.documents.helpers import document_root, q
from tests.factories import TeamFactory, UserFactory

pytestmark = pytest.mark.django_db


def first_clause(document: Document) -> tuple[DocumentVersion, str]:
    v1 = document.versions.get(number=1)
    paragraph = next(p for p in v1.text_model.paragraphs if "ten (10)" in p.text)
    return v1, paragraph.locator


def test_document_create_stores_version_1_with_its_text_model():
    owner = UserFactory()
    # Built once: python-docx stamps the zip with the current second, so two builds can differ.
    data = build_demo_contract_docx()
    document = make_document(owner=owner, filename="C:\\Users\\me\\MSA final.docx", data=data)
    assert document.title == "MSA final" and document.original_filename == "MSA final.docx"
    v1 = document.versions.get()
    assert v1.number == 1 and v1.parent is None and v1.edit is None and v1.created_by == owner
    assert bytes(document.original.data) == data
    assert any("ten (10) days" in p.text for p in v1.text_model.paragraphs)
    assert selectors.version_docx(v1) == data


def test_team_must_be_one_of_the_owners_teams():
    owner = UserFactory()
    with pytest.raises(UploadRejected, match="team you belong to"):
        make_document(owner=owner, team=TeamFactory())
    assert Document.objects.count() == 0
    team = TeamFactory()
    team.members.add(owner)
    assert make_document(owner=owner, team=team).team == team


def test_version_create_applies_the_edit_to_the_text_model_only(monkeypatch):
    document = make_document()
    v1, locator = first_clause(document)

    def forbidden(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise AssertionError("the hot path must not open the .docx")

    monkeypatch.setattr(package, "open_package", forbidden)
    monkeypatch.setattr(textmodel, "build_text_model", forbidden)
    author = UserFactory(first_name="Ada", last_name="Lovelace")
    v2 = version_create(document=document, parent=v1, edit=Edit("replace", locator, "ten (10)", "thirty (30)"), author=author)
    v3 = version_create(document=document, parent=v2, edit=Edit("insert_after", locator, after="New clause."), author=author)
    assert (v2.number, v2.parent, v3.number, v3.parent) == (2, v1, 3, v2)
    # The stored edit is the exact one applied: start pinned, new locator assigned.
    assert v2.edit["start"] == v1.text_model.get(locator).text.index("ten (10)")
    assert v3.edit["new_locator"] == "n1"
    fresh = DocumentVersion.objects.get(pk=v3.pk)
    assert "thirty (30) days" in fresh.text_model.get(locator).text
    assert fresh.text_model.get("n1").text == "New clause."


def test_a_refused_edit_stores_nothing_and_a_stale_parent_is_refused():
    document = make_document()
    v1, locator = first_clause(document)
    with pytest.raises(EditError):
        version_create(document=document, parent=v1, edit=Edit("replace", locator, "sixty", "thirty"), author=None)
    assert document.versions.count() == 1
    version_create(document=document, parent=v1, edit=Edit("replace", locator, "ten", "sixty"), author=None)
    with pytest.raises(StaleVersion, match="now at version 2"):
        version_create(document=document, parent=v1, edit=Edit("replace", locator, "ten", "thirty"), author=None)
    assert document.versions.count() == 2


def test_version_create_joins_the_callers_transaction():
    document = make_document()
    v1, locator = first_clause(document)
    with transaction.atomic():
        with pytest.raises(EditError):
            version_create(document=document, parent=v1, edit=Edit("replace", locator, "zzz", "y"), author=None)
        # The failed attempt rolled back only its savepoint: the transaction carries on.
        version_create(document=document, parent=v1, edit=Edit("replace", locator, "ten", "sixty"), author=None)
    assert document.versions.count() == 2


def test_downloads_are_replayed_deterministically_and_cached_content_addressed():
    owner = UserFactory(first_name="Dana", last_name="Demo")
    document = make_document(owner=owner)
    v1, locator = first_clause(document)
    edit = Edit("replace", locator, "ten (10)", "thirty (30)")
    v2 = version_create(document=document, parent=v1, edit=edit, author=owner)
    first = selectors.version_docx(v2)
    assert first == materialise(build_demo_contract_docx(), [v2.edit_object])
    v2.refresh_from_db()
    assert v2.clean_blob is not None and v2.clean_blob.sha256 == Blob.digest(first)
    assert selectors.version_docx(DocumentVersion.objects.get(pk=v2.pk)) == first
    redline = selectors.version_redline(v2)
    assert selectors.version_redline(v2) == redline
    root = document_root(redline)
    changes = list(root.iter(q("ins"), q("del")))
    assert changes and {c.get(q("author")) for c in changes} == {"Dana Demo"}
    assert {c.get(q("date")) for c in changes} == {selectors.revision_date(v2.created_at)}
    assert selectors.revision_date(v2.created_at).endswith("Z")
    assert zipfile.ZipFile(io.BytesIO(first)).testzip() is None


def test_redline_author_falls_back_to_the_username():
    owner = UserFactory(username="jdoe", first_name="", last_name="")
    document = make_document(owner=owner, data=tricky_bytes())
    v1 = document.versions.get()
    v2 = version_create(document=document, parent=v1, edit=Edit("replace", "p2", "Seller", "Buyer"), author=owner)
    root = document_root(selectors.version_redline(v2))
    assert {c.get(q("author")) for c in root.iter(q("ins"), q("del"))} == {"jdoe"}


def test_visibility_is_owner_or_team_member():
    owner, member, stranger = UserFactory(), UserFactory(), UserFactory()
    team = TeamFactory()
    team.members.add(owner, member)
    shared = make_document(owner=owner, team=team)
    private = make_document(owner=owner)
    assert set(selectors.documents_visible_to(owner)) == {shared, private}
    assert list(selectors.documents_visible_to(member)) == [shared]
    assert list(selectors.documents_visible_to(stranger)) == []


def test_preview_follows_the_version_text():
    document = make_document()
    v1, locator = first_clause(document)
    v2 = version_create(document=document, parent=v1, edit=Edit("replace", locator, "ten", "thirty"), author=None)
    assert "<del>ten</del><ins>thirty</ins>" in selectors.version_preview_html(v2)
    assert "<ins>" not in selectors.version_preview_html(v1)
    assert selectors.version_latest(document) == v2
