"""Documents and their versions.

Version 1 is the upload and never changes. Every later version records its parent, the exact
edit applied (JSON), who and when, and its whole text model (zlib-compressed JSON): creating a
version reads only its parent's text model, never the .docx, and costs the same at version 200
as at version 2. A version's .docx bytes are a pure function of version 1 and the edits; once
materialised they are kept in ``Blob`` (content-addressed, in the database, so nothing is ever
half-stored on disk) and every later download serves those same bytes.
"""

from __future__ import annotations

import hashlib
import json
import threading
import zlib
from collections import OrderedDict
from functools import cached_property

from django.conf import settings
from django.db import models

from .docx.model import Edit, TextModel


class _TextModelCache:
    """A small per-process cache of decoded text models. A version's text model never changes
    (retention changes its hash, hence its key), so a hit is always right; the hot path of a
    decision reads the parent's model and shows the next card on the new one, both here."""

    def __init__(self, size: int = 16) -> None:
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
    # one decision can never make two versions (DESIGN §2.4).
    decision = models.OneToOneField(
        "review.Decision", on_delete=models.PROTECT, null=True, blank=True, related_name="version"
    )
    text_model_data = models.BinaryField()  # zlib(JSON of TextModel.to_dict())
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

    @cached_property
    def text_model(self) -> TextModel:
        key = (self.pk, self.text_sha256)
        model = _TEXT_MODELS.get(key)
        if model is None:
            model = TextModel.from_dict(json.loads(zlib.decompress(bytes(self.text_model_data))))
            _TEXT_MODELS.put(key, model)
        return model

    def remember_text_model(self, model: TextModel) -> None:
        """The creator already holds the model it stored: keep it for this process's next reads."""
        self.__dict__["text_model"] = model
        _TEXT_MODELS.put((self.pk, self.text_sha256), model)

    @property
    def edit_object(self) -> Edit | None:
        return Edit.from_dict(self.edit) if self.edit else None
