"""Documents and their versions.

Version 1 is the upload and never changes. Every later version records its parent, the exact
edit applied (JSON), who and when, and its text model: whole (zlib-compressed JSON) on every
32nd version, as the stored edit on the parent's otherwise. Creating a version reads only its
parent's text model, never the .docx, and costs the same at version 200 as at version 2, and
the same on a 40-page contract as on a 400-page one. A version's .docx bytes are a pure
function of version 1 and the edits; once materialised they are kept in ``Blob``
(content-addressed, in the database, so nothing is ever half-stored on disk) and every later
download serves those same bytes.
"""

from __future__ import annotations

import hashlib
import json
import threading
import uuid
import zlib
from collections import OrderedDict
from functools import cached_property

from django.conf import settings
from django.db import models

from .docx.model import Edit, TextModel

# How often a version stores its whole text model (see DocumentVersion.is_snapshot_number).
SNAPSHOT_EVERY = 32


class _TextModelCache:
    """A small per-process cache of decoded text models. A version's text model never changes
    (retention changes its hash, hence its key), so a hit is always right; the hot path of a
    decision reads the parent's model and shows the next card on the new one, both here."""

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self.items: OrderedDict[tuple[int, str], TextModel] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: tuple[int, str]) -> TextModel | None:
        with self.lock:
            model = self.items.get(key)
            if model is not None:
                self.items.move_to_end(key)
            return model

    def put(self, key: tuple[int, str], model: TextModel) -> None:
        with self.lock:
            self.items[key] = model
            self.items.move_to_end(key)
            while len(self.items) > self.size:
                self.items.popitem(last=False)


_TEXT_MODELS = _TextModelCache()


class Blob(models.Model):
    """Immutable bytes addressed by their SHA-256 (uploads and materialised exports)."""

    sha256 = models.CharField(max_length=64, unique=True)
    size = models.PositiveBigIntegerField()
    data = models.BinaryField()
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.sha256[:12]} ({self.size} bytes)"

    @staticmethod
    def digest(data: bytes) -> str:
        return hashlib.sha256(data).hexdigest()


class Document(models.Model):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="documents")
    team = models.ForeignKey("core.Team", on_delete=models.SET_NULL, null=True, blank=True, related_name="documents")
    title = models.CharField(max_length=255)
    original_filename = models.CharField(max_length=255)
    original = models.ForeignKey(Blob, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    # Set by retention: the text and bytes are gone, the skeleton (versions, who, when) stays.
    redacted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.title


class DocumentVersion(models.Model):
    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    parent = models.ForeignKey("self", on_delete=models.PROTECT, null=True, blank=True, related_name="children")
    # The exact edit applied to the parent (Edit.to_dict()); null for version 1.
    edit = models.JSONField(null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # The review decision that made this version (null for uploads and direct edits). One-to-one:
    # one decision can never make two versions (docs/architecture.md, "Idempotency").
    decision = models.OneToOneField(
        "review.Decision", on_delete=models.PROTECT, null=True, blank=True, related_name="version"
    )
    # zlib(JSON of TextModel.to_dict()) on snapshot versions; empty on delta versions, whose text
    # model is their parent's with ``edit`` applied (is_snapshot_number).
    text_model_data = models.BinaryField()
    text_sha256 = models.CharField(max_length=64)
    # Materialisation caches (content-addressed): filled on first download, then never changed.
    clean_blob = models.ForeignKey(Blob, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    redline_blob = models.ForeignKey(Blob, on_delete=models.PROTECT, null=True, blank=True, related_name="+")

    class Meta:
        ordering = ["document", "number"]
        constraints = [
            models.UniqueConstraint(fields=["document", "number"], name="documents_version_unique_number"),
        ]

    def __str__(self) -> str:
        return f"{self.document} v{self.number}"

    @staticmethod
    def pack_text_model(model: TextModel) -> tuple[bytes, str]:
        raw = json.dumps(model.to_dict(), ensure_ascii=False, separators=(",", ":")).encode()
        # Level 1: the hot path pays for compression on every version; the gain of 6 is small.
        return zlib.compress(raw, 1), hashlib.sha256(raw).hexdigest()

    @staticmethod
    def is_snapshot_number(number: int) -> bool:
        """Versions 1, 1 + k*SNAPSHOT_EVERY store their whole text model; the others store only
        their edit, which is exactly the difference from their parent. Creating a version then
        costs the same whatever the contract's length, and reading one replays at most
        SNAPSHOT_EVERY - 1 edits on the nearest snapshot (and usually hits the cache)."""
        return (number - 1) % SNAPSHOT_EVERY == 0

    @staticmethod
    def chained_sha256(parent_sha256: str, edit: Edit) -> str:
        """The identity of a delta version's text: its parent's identity and the edit applied."""
        payload = json.dumps(edit.to_dict(), sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(f"{parent_sha256}\n{payload}".encode()).hexdigest()

    @cached_property
    def text_model(self) -> TextModel:
        key = (self.pk, self.text_sha256)
        model = _TEXT_MODELS.get(key)
        if model is None:
            model = self._load_text_model()
            _TEXT_MODELS.put(key, model)
        return model

    def _load_text_model(self) -> TextModel:
        data = bytes(self.text_model_data or b"")
        if data:
            return TextModel.from_dict(json.loads(zlib.decompress(data)))
        from .docx.edit import apply_edit_to_model  # the same function that made the version

        # A delta: replay the edits since the nearest snapshot, starting from the newest one
        # this process has cached.
        base = ((self.number - 1) // SNAPSHOT_EVERY) * SNAPSHOT_EVERY + 1
        chain = list(
            DocumentVersion.objects.filter(document_id=self.document_id, number__gte=base, number__lt=self.number)
            .order_by("-number").values("pk", "number", "text_sha256", "edit")
        )
        model: TextModel | None = None
        replay: list[dict] = [{"edit": self.edit}]
        for row in chain:
            model = _TEXT_MODELS.get((row["pk"], row["text_sha256"]))
            if model is not None:
                break
            if row["number"] == base:
                snapshot = DocumentVersion.objects.only("pk", "text_sha256", "text_model_data").get(pk=row["pk"])
                model = snapshot.text_model
                break
            replay.append(row)
        if model is None:
            raise ValueError(f"version {self.number} has no snapshot to start from")
        for row in reversed(replay):
            model = apply_edit_to_model(model, Edit.from_dict(row["edit"]))
        return model

    def remember_text_model(self, model: TextModel) -> None:
        """The creator already holds the model it stored: keep it for this process's next reads."""
        self.__dict__["text_model"] = model
        _TEXT_MODELS.put((self.pk, self.text_sha256), model)

    @property
    def edit_object(self) -> Edit | None:
        return Edit.from_dict(self.edit) if self.edit else None


class ConversionStatus(models.TextChoices):
    QUEUED = "queued", "Waiting"
    RUNNING = "running", "Converting"
    SUCCEEDED = "succeeded", "Converted"
    FAILED = "failed", "Failed"


class Conversion(models.Model):
    """One upload of a PDF, .doc, .rtf or .odt being turned into a .docx, as a job
    (documents/conversions.py): the request stores the file and this row and returns; a worker
    converts it in a bounded child process and makes the document. Its primary key is the task
    id, so a redelivered or re-driven task finds its row and does the work once."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="conversions")
    team = models.ForeignKey("core.Team", on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    filename = models.CharField(max_length=255)
    title = models.CharField(max_length=255, blank=True)
    source = models.ForeignKey(Blob, on_delete=models.PROTECT, related_name="+")
    status = models.CharField(max_length=12, choices=ConversionStatus.choices, default=ConversionStatus.QUEUED)
    progress = models.PositiveSmallIntegerField(default=0)
    step = models.CharField(max_length=120, blank=True)
    message = models.TextField(blank=True)  # why it failed: one sentence for the user
    attempts = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    redriven_at = models.DateTimeField(null=True, blank=True)
    redrives = models.PositiveIntegerField(default=0)
    # The converter's process group while it runs: a re-run kills what a dead worker left.
    child_pgid = models.PositiveIntegerField(null=True, blank=True)
    document = models.ForeignKey(Document, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    # What the page that took the upload does with the document (e.g. start a review with a
    # playbook): read by the receivers of documents.conversions.converted, never by this app.
    then = models.JSONField(default=dict, blank=True)
    next_url = models.CharField(max_length=500, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["status", "created_at"])]

    def __str__(self) -> str:
        return f"conversion {self.id} ({self.status})"
