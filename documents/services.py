"""Writes of the documents app: uploads, new versions, and the content-addressed blob store."""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from core.uploads import UploadLimits, check_upload
from core.uploads import upload_limits as core_upload_limits

from .convert import ConversionError, ConvertLimits, convert_upload, needs_conversion
from .docx.edit import apply_edit_to_model, resolve_edit
from .docx.model import Edit, TextModel
from .docx.package import PackageError
from .docx.textmodel import build_text_model
from .docx.validate import Limits, UploadRejected, validate_docx
from .errors import StaleVersion
from .models import Blob, Document, DocumentVersion


def blob_store(*, data: bytes) -> Blob:
    """The blob holding ``data`` (created once; concurrent writers of the same bytes agree)."""
    digest = Blob.digest(data)
    existing = Blob.objects.filter(sha256=digest).first()
    if existing is not None:
        return existing
    try:
        with transaction.atomic():
            return Blob.objects.create(sha256=digest, size=len(data), data=data)
    except IntegrityError:
        return Blob.objects.get(sha256=digest)


def _title_from(filename: str) -> str:
    stem = PurePosixPath(filename.replace("\\", "/")).stem.strip()
    return (stem or "Untitled contract")[:255]


def upload_limits() -> Limits:
    """The limits of one upload (core/uploads.py decides them; stated on the upload forms too)."""
    return core_upload_limits()


def convert_limits(limits: UploadLimits | None = None) -> ConvertLimits:
    limits = limits or core_upload_limits()
    return ConvertLimits(seconds=limits.convert_seconds, cpu_seconds=limits.convert_cpu_seconds,
                         memory_bytes=limits.convert_memory_bytes, max_pages=limits.convert_max_pages)


def docx_read(*, filename: str, data: bytes) -> TextModel:
    """The text model of an uploaded .docx, after every check an upload passes: the gate of
    core/uploads.py (size, zip directory) and validate_docx (XML, macros, the text part's size,
    paragraphs counted while streaming), all before the document is parsed. Every path that
    reads a person's .docx calls this: contracts, their returned drafts, precedents.
    Raises ``UploadRejected`` (one sentence for the user)."""
    validate_docx(data, filename, limits=upload_limits())
    try:
        return build_text_model(data)
    except PackageError as exc:
        raise UploadRejected(str(exc)) from exc


def document_create(*, owner: Any, team: Any | None, filename: str, data: bytes, title: str = "") -> Document:
    """Validate an upload and store it as a document with version 1, all or nothing.

    Raises ``UploadRejected`` (one sentence for the user) before anything is stored. A PDF with
    a text layer, a .doc, .rtf or .odt is first converted to the .docx that becomes version 1
    (documents/convert.py); the stored file name is then that .docx's.
    """
    limits = check_upload(data)  # the size, before any work
    if needs_conversion(filename, data):
        try:
            data, filename = convert_upload(data, filename, limits=convert_limits(limits))
        except ConversionError as exc:
            raise UploadRejected(str(exc)) from exc
    model = docx_read(filename=filename, data=data)
    if not any(paragraph.text.strip() for paragraph in model.paragraphs):
        raise UploadRejected("The document has no text to review.")
    if team is not None and not owner.is_superuser and not team.members.filter(pk=owner.pk).exists():
        raise UploadRejected("You can only share a document with a team you belong to.")
    packed, digest = DocumentVersion.pack_text_model(model)
    with transaction.atomic():
        blob = blob_store(data=data)
        document = Document.objects.create(
            owner=owner,
            team=team,
            title=(title.strip() or _title_from(filename))[:255],
            original_filename=PurePosixPath(filename.replace("\\", "/")).name[:255] or "contract.docx",
            original=blob,
        )
        version = DocumentVersion.objects.create(
            document=document,
            number=1,
            parent=None,
            edit=None,
            created_by=owner,
            text_model_data=packed,
            text_sha256=digest,
            clean_blob=blob,
        )
    version.remember_text_model(model)
    return document


def version_create(
    *, document: Document, parent: DocumentVersion, edit: Edit, author: Any | None, decision: Any | None = None,
    parent_is_latest: bool = False,
) -> DocumentVersion:
    """Apply ``edit`` to ``parent`` and store the result as version ``parent.number + 1``.

    The hot path: it reads the parent's stored text model and never the .docx. The edit stored
    on the new version is the exact one applied: a replace's ``start`` is pinned (when the
    text occurs once) and an insert gets ``new_locator`` = ``n<next_insert>`` when it has none.
    Runs in the caller's transaction (a savepoint here); raises ``EditError`` (or its subclass
    ``StaleVersion`` when ``parent`` is no longer the latest version) and then stores nothing.

    ``parent_is_latest``: the caller holds a lock that makes ``parent`` the latest version (the
    review's cursor under the review lock, docs/architecture.md "Locking") and rolls its whole
    transaction back on an ``IntegrityError``: the check and the savepoint are skipped (the
    unique ``(document, number)`` still refuses a second version N+1).
    """
    if parent.document_id != document.pk:
        raise ValueError("the parent version belongs to another document")
    if not parent_is_latest:
        latest = DocumentVersion.objects.filter(document=document, number__gt=parent.number).order_by("-number").first()
        if latest is not None:
            raise StaleVersion(_stale_message(parent.number, latest.number))
    model: TextModel = parent.text_model
    resolved = resolve_edit(model, edit)
    new_model = apply_edit_to_model(model, resolved)
    if DocumentVersion.is_snapshot_number(parent.number + 1):
        packed, digest = DocumentVersion.pack_text_model(new_model)
    else:
        # The stored edit is the delta: nothing proportional to the contract's length is written.
        packed, digest = b"", DocumentVersion.chained_sha256(parent.text_sha256, resolved)
    fields = {"document": document, "number": parent.number + 1, "parent": parent, "edit": resolved.to_dict(),
              "created_by": author, "decision": decision, "text_model_data": packed, "text_sha256": digest}
    if parent_is_latest:
        version = DocumentVersion.objects.create(**fields)
        version.remember_text_model(new_model)
        return version
    try:
        with transaction.atomic():
            version = DocumentVersion.objects.create(**fields)
    except IntegrityError as exc:
        # Someone else made version parent.number + 1 between our check and our insert.
        raise StaleVersion(_stale_message(parent.number, parent.number + 1)) from exc
    version.remember_text_model(new_model)
    return version


def _stale_message(base: int, latest: int) -> str:
    return (
        f"This edit was made on version {base}, but the document is now at version {latest}; reload to see the "
        "current version."
    )


REDACTED_TITLE = "[redacted]"


@transaction.atomic
def document_redact(*, document: Document) -> bool:
    """Retention: remove a document's text and bytes, keep its skeleton.

    Versions keep their number, parent, author, time and the *kind* of edit; their text models
    become empty, edits lose their text, cached exports are dropped, and the original points
    at the empty blob. Blobs are content-addressed and may be shared with another document:
    a blob is deleted only when nothing references it any more. Idempotent.
    """
    updated = Document.objects.filter(pk=document.pk, redacted_at__isnull=True).update(
        redacted_at=timezone.now(), title=REDACTED_TITLE, original_filename="redacted.docx",
        original=blob_store(data=b""),
    )
    if not updated:
        return False
    empty, digest = DocumentVersion.pack_text_model(TextModel(paragraphs=()))
    orphans: set[int] = {document.original_id}
    for version in DocumentVersion.objects.filter(document=document).only("pk", "edit", "clean_blob", "redline_blob"):
        orphans.update(b for b in (version.clean_blob_id, version.redline_blob_id) if b)
        edit = version.edit
        if edit:
            edit = {k: v for k, v in edit.items() if k not in {"before", "after"}}
        DocumentVersion.objects.filter(pk=version.pk).update(
            text_model_data=empty, text_sha256=digest, edit=edit, clean_blob=None, redline_blob=None
        )
    for blob_id in orphans:
        still_used = (
            Document.objects.filter(original_id=blob_id).exists()
            or DocumentVersion.objects.filter(clean_blob_id=blob_id).exists()
            or DocumentVersion.objects.filter(redline_blob_id=blob_id).exists()
        )
        if not still_used:
            Blob.objects.filter(pk=blob_id).delete()
    return True
