"""Every upload passes the same gate before anything parses it; the bounds are decided here.

Four paths take files from people: a contract (new review, or the documents page), the other
side's returned draft (next round), precedents for a draft playbook, and a playbook spreadsheet.
Each calls ``check_upload`` with its kind before it reads a byte of the file's contents, and the
.docx paths then run documents/docx/validate.py ``validate_docx`` with ``upload_limits()`` (the
XML, DOCTYPE, macro and paragraph checks a Word file needs on top). The values come from
config/settings.py; docs/decisions/hostile-input.md, "Uploads and conversions", lists them.

``UploadLimitHandler`` (below) keeps at most ``REDPEN_MAX_UPLOAD_BYTES + 1`` bytes of any file, and
at most the number of files the view says it takes (``accepts_files``).
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from django.conf import settings
from django.core.exceptions import TooManyFilesSent
from django.core.files.uploadhandler import FileUploadHandler

MB = 1024 * 1024


class UploadRejected(ValueError):
    """The upload is refused; ``str(exc)`` is one sentence for the user. Nothing was stored."""


@dataclass(frozen=True)
class UploadLimits:
    """Every bound an upload meets, in one record (defaults: config/settings.py's)."""

    max_upload_bytes: int = 20 * MB
    # A zip package (.docx, .xlsx): its directory is checked before anything is inflated.
    max_uncompressed_bytes: int = 256 * MB
    max_xml_part_bytes: int = 64 * MB
    max_entries: int = 2000
    max_ratio: int = 100  # Word's parts compress 5-35x; 100x above 1 MB only with crafted data
    ratio_min_size: int = 1 * MB
    # A contract once unpacked: its text part and its paragraphs (counted while streaming).
    max_document_xml_bytes: int = 24 * MB
    max_paragraphs: int = 20_000
    # Precedents for a draft playbook: files per request (each a contract under the limits above).
    max_precedents: int = 5
    # A playbook spreadsheet.
    max_spreadsheet_bytes: int = 2 * MB
    max_spreadsheet_unpacked_bytes: int = 25 * MB
    # A conversion (PDF, .doc, .rtf, .odt -> .docx): its child process, and how many run at once.
    convert_seconds: float = 60
    convert_cpu_seconds: int = 60
    convert_memory_bytes: int = 1024 * MB
    convert_max_pages: int = 500
    max_conversions_in_flight: int = 2


def upload_limits() -> UploadLimits:
    """The deployment's bounds (config/settings.py), read at each call so tests can set them."""
    default = UploadLimits()
    return UploadLimits(
        max_upload_bytes=settings.REDPEN_MAX_UPLOAD_BYTES,
        max_document_xml_bytes=settings.REDPEN_MAX_DOCUMENT_XML_BYTES,
        max_paragraphs=settings.REDPEN_MAX_PARAGRAPHS,
        max_precedents=getattr(settings, "REDPEN_MAX_PRECEDENTS", default.max_precedents),
        convert_seconds=getattr(settings, "REDPEN_CONVERT_SECONDS", default.convert_seconds),
        convert_cpu_seconds=getattr(settings, "REDPEN_CONVERT_CPU_SECONDS", default.convert_cpu_seconds),
        convert_memory_bytes=getattr(settings, "REDPEN_CONVERT_MEMORY_BYTES", default.convert_memory_bytes),
        max_conversions_in_flight=getattr(settings, "REDPEN_MAX_CONVERSIONS", default.max_conversions_in_flight),
    )


def human_size(size: int) -> str:
    if size >= MB:
        return f"{size // MB} MB" if size % MB == 0 else f"{size / MB:.1f} MB"
    if size >= 1024:
        return f"{size // 1024} KB"
    return f"{size} bytes"


CONTRACT = "contract"
SPREADSHEET = "spreadsheet"

MSG_EMPTY = "The file is empty."
MSG_RATIO = "The file is compressed far more than a Word document ever is (a possible zip bomb), so it was refused."
MSG_ENTRIES = "The file has far more parts than a Word document ever has, so it was refused."
MSG_ENCRYPTED = (
    "This document is password-protected or encrypted; remove the password in Word (File > Info > Protect "
    "Document) and upload it again."
)
MSG_NOT_ZIP = "The file is damaged or is not a Word .docx document."
ZIP_MAGIC = (b"PK\x03\x04", b"PK\x05\x06")


def check_upload(data: bytes, *, kind: str = CONTRACT, limits: UploadLimits | None = None) -> UploadLimits:
    """The gate of every upload, before anything parses it: the size, an empty file, and for a
    zip package (a .docx, an .xlsx) its directory: entries, encryption, declared size and each
    entry's compression ratio (a zip bomb is refused without inflating a byte). Returns the
    limits, for the checks that follow (``validate_docx`` for a contract)."""
    limits = limits or upload_limits()
    if kind == SPREADSHEET:
        max_bytes, max_unpacked = limits.max_spreadsheet_bytes, limits.max_spreadsheet_unpacked_bytes
    else:
        max_bytes, max_unpacked = limits.max_upload_bytes, limits.max_uncompressed_bytes
    if len(data) > max_bytes:
        raise UploadRejected(f"The file is larger than the {human_size(max_bytes)} upload limit.")
    if not data:
        raise UploadRejected(MSG_EMPTY)
    if data.startswith(ZIP_MAGIC):
        try:
            with zipfile.ZipFile(io.BytesIO(data)) as archive:
                check_zip_directory(archive.infolist(), limits, max_unpacked=max_unpacked)
        except UploadRejected:
            raise
        except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError, EOFError):
            return limits  # not a readable zip: the format's own reader says what it is
    return limits


def check_zip_directory(infos: list[zipfile.ZipInfo], limits: UploadLimits, *, max_unpacked: int) -> None:
    if len(infos) > limits.max_entries:
        raise UploadRejected(MSG_ENTRIES)
    if any(info.flag_bits & 0x1 for info in infos):
        raise UploadRejected(MSG_ENCRYPTED)
    declared = sum(info.file_size for info in infos)
    if declared > max_unpacked:
        raise UploadRejected(
            f"The file expands to more than {human_size(max_unpacked)} when unpacked, which no "
            "document of its kind does, so it was refused."
        )
    for info in infos:
        if info.file_size >= limits.ratio_min_size and info.file_size > limits.max_ratio * max(info.compress_size, 1):
            raise UploadRejected(MSG_RATIO)
        if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
            raise UploadRejected(MSG_NOT_ZIP)


# --- reading the request -----------------------------------------------------------------------

View = TypeVar("View", bound=Callable[..., Any])


def accepts_files(count: int | Callable[[], int]) -> Callable[[View], View]:
    """Mark a view that takes more than one file per request (the precedents form): the upload
    handler counts files against this number instead of ``REDPEN_MAX_FILES_PER_UPLOAD``."""

    def mark(view: View) -> View:
        view.accepts_files = count  # type: ignore[attr-defined]
        return view

    return mark


def files_allowed(request: Any) -> int:
    match = getattr(request, "resolver_match", None)
    allowed = getattr(getattr(match, "func", None), "accepts_files", None)
    if allowed is None:
        return int(settings.REDPEN_MAX_FILES_PER_UPLOAD)
    return int(allowed() if callable(allowed) else allowed)


class UploadLimitHandler(FileUploadHandler):
    """Keeps at most ``REDPEN_MAX_UPLOAD_BYTES + 1`` bytes of any file, and refuses a request
    with more files than its view takes.

    Django writes a file upload of any size to a temporary file before a view can look at it: a
    client could fill the disk with one request. This handler sits first in
    ``FILE_UPLOAD_HANDLERS`` and passes on only the first limit + 1 bytes of each file; the rest is
    read off the connection and dropped. The one byte more is what lets the checks see that the
    file was too big and say so ("larger than the 20 MB limit"), so the user gets a clear
    message, and nothing is stored. A reverse proxy's body limit (``client_max_body_size``) is
    still the place to stop such a request before it is read at all.

    ``DATA_UPLOAD_MAX_NUMBER_FILES`` is the most any view takes (config/settings.py); the number
    one view takes (``accepts_files``) is counted here, per request.
    """

    def __init__(self, request: Any = None) -> None:
        super().__init__(request)
        self.files_seen = 0

    def new_file(self, *args: Any, **kwargs: Any) -> None:
        self.files_seen += 1
        if self.request is not None and self.files_seen > files_allowed(self.request):
            raise TooManyFilesSent("The request carried more files than this form takes.")
        super().new_file(*args, **kwargs)

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes | None:
        keep = settings.REDPEN_MAX_UPLOAD_BYTES + 1 - start
        if keep <= 0:
            return None  # None: the handlers after this one never see the chunk
        return raw_data[:keep]

    def file_complete(self, file_size: int) -> None:
        return None  # the next handler (memory or temporary file) makes the file object
