"""Reads of the documents app: visibility, versions, and the bytes/HTML of a version.

Downloads are deterministic: a version's .docx is version 1 replayed with the stored edits
(``documents.docx.replay``), written with fixed timestamps and member order, and the first
result is kept content-addressed (``Blob``), so every download of a version is the same bytes.
Filling that cache is the only write here: idempotent, conditional on the cache being empty.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db.models import Q, QuerySet
from django.http import Http404

from core.ids import parse_id

from .docx.model import Edit, EditRecord
from .docx.preview import PreviewPage, render_preview_page
from .docx.replay import materialise, materialise_redline
from .models import Blob, Document, DocumentVersion


def documents_visible_to(user: Any) -> QuerySet[Document]:
    """Documents the user owns or that belong to one of the user's teams."""
    if not getattr(user, "is_authenticated", False):
        return Document.objects.none()
    return (
        Document.objects.filter(Q(owner=user) | Q(team__members=user))
        .distinct()
        .select_related("owner", "team")
    )


def document_for_user(user: Any, document_id: int) -> Document:
    """The document, or 404 when it does not exist or the user may not see it."""
    document = documents_visible_to(user).filter(pk=document_id).first()
    if document is None:
        raise Http404("No such document.")
    return document


def document_versions(document: Document) -> QuerySet[DocumentVersion]:
    return (
        DocumentVersion.objects.filter(document=document)
        .defer("text_model_data")
        .select_related("created_by")
        .order_by("number")
    )


def version_latest(document: Document) -> DocumentVersion:
    """The current version: the highest number (never derived from an edit id)."""
    return DocumentVersion.objects.filter(document=document).order_by("-number").first()  # type: ignore[return-value]


def version_get(document: Document, number: int) -> DocumentVersion:
    version = DocumentVersion.objects.filter(document=document, number=number).first()
    if version is None:
        raise Http404("No such version.")
    return version


def version_chain(version: DocumentVersion) -> list[DocumentVersion]:
    """Versions 2..version (following parents), oldest first: the edits to replay on version 1."""
    rows = {
        row.pk: row
        for row in DocumentVersion.objects.filter(document_id=version.document_id, number__lte=version.number)
        .only("id", "parent_id", "number", "edit", "created_by", "created_at")
        .select_related("created_by")
    }
    chain: list[DocumentVersion] = []
    current = rows.get(version.pk)
    while current is not None and current.parent_id is not None:
        chain.append(current)
        current = rows.get(current.parent_id)
    chain.reverse()
    return chain


def author_name(user: Any | None) -> str:
    if user is None:
        return "Redpen"
    return (user.get_full_name() or "").strip() or user.get_username()


def revision_date(moment: dt.datetime) -> str:
    return moment.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class DocumentRedacted(Exception):
    """The document's text and bytes were removed by retention; only its skeleton remains."""


def _original(version: DocumentVersion) -> bytes:
    document = Document.objects.select_related("original").get(pk=version.document_id)
    if document.redacted_at is not None:
        raise DocumentRedacted(f"This contract's text was redacted on {document.redacted_at:%Y-%m-%d} "
                               "under the retention policy.")
    return bytes(document.original.data)


def _cached(version: DocumentVersion, field: str) -> bytes | None:
    blob_id = DocumentVersion.objects.filter(pk=version.pk).values_list(f"{field}_id", flat=True).first()
    if blob_id is None:
        return None
    return bytes(Blob.objects.values_list("data", flat=True).get(pk=blob_id))


def _keep(version: DocumentVersion, field: str, data: bytes) -> None:
    from .services import blob_store

    blob = blob_store(data=data)
    DocumentVersion.objects.filter(pk=version.pk, **{f"{field}__isnull": True}).update(**{field: blob})


def version_docx(version: DocumentVersion) -> bytes:
    """The clean .docx of a version (version 1: the upload itself)."""
    _original_guard(version)
    cached = _cached(version, "clean_blob")
    if cached is not None:
        return cached
    original = _original(version)
    if version.number == 1:
        return original
    data = materialise(original, [Edit.from_dict(row.edit) for row in version_chain(version)])
    _keep(version, "clean_blob", data)
    return _cached(version, "clean_blob") or data


def version_redline(version: DocumentVersion) -> bytes:
    """Version 1 with every change up to ``version`` as native tracked changes, each by the user
    who made that version, dated when it was made (UTC)."""
    cached = _cached(version, "redline_blob")
    if cached is not None:
        return cached
    original = _original(version)
    if version.number == 1:
        return original
    records = [
        EditRecord(
            edit=Edit.from_dict(row.edit), author=author_name(row.created_by), date=revision_date(row.created_at)
        )
        for row in version_chain(version)
    ]
    data = materialise_redline(original, records)
    _keep(version, "redline_blob", data)
    return _cached(version, "redline_blob") or data


def _original_guard(version: DocumentVersion) -> None:
    if Document.objects.filter(pk=version.document_id, redacted_at__isnull=False).exists():
        _original(version)  # raises DocumentRedacted with its message


def version_preview_page(version: DocumentVersion, page: int = 1) -> PreviewPage:
    """One page of the version's preview (``REDPEN_PREVIEW_PARAGRAPHS_PER_PAGE`` paragraphs of
    version 1 each), its changes since version 1 marked at word level. The HTML is safe."""
    _original_guard(version)
    per_page = settings.REDPEN_PREVIEW_PARAGRAPHS_PER_PAGE
    key = f"documents:preview:{version.pk}:{version.text_sha256}:{per_page}:{page}"
    found = cache.get(key)
    if found is None:
        # Their tracked changes decided up to this version are no longer shown as pending.
        decided = frozenset(
            row.edit["change"] for row in version_chain(version)
            if row.edit and row.edit.get("kind") in ("accept_change", "reject_change") and row.edit.get("change")
        ) if version.number > 1 else frozenset()
        found = render_preview_page(_original(version), version.text_model, decided, page=page, per_page=per_page)
        if found.number == page:  # a page past the end is clamped: not worth a cache entry
            cache.set(key, found, 3600)
    return found


def version_preview_html(version: DocumentVersion) -> str:
    """Safe HTML of the first preview page of the version."""
    return version_preview_page(version).html


def preview_page_number(value: str | None) -> int:
    """The page a query string asks for; anything that is not a small positive number is page 1
    ("²" is a digit to ``str.isdigit`` and not a number to ``int``: core/ids.py reads it)."""
    number = parse_id(value) if value and len(value) <= 9 else None
    return max(number or 1, 1)
