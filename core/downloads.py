"""File downloads with a valid ``Content-Disposition`` for any file name (RFC 6266)."""

from __future__ import annotations

import unicodedata

from django.http import HttpResponse
from django.utils.http import content_disposition_header


def content_disposition(filename: str) -> str:
    """``attachment`` with an ASCII ``filename`` for old clients and ``filename*`` (UTF-8,
    percent-encoded) that every current browser prefers, so "Vertrag über.docx" keeps its name
    and no character can break the header (quotes, backslashes, line breaks)."""
    cleaned = "".join(ch for ch in filename if ch.isprintable()).strip() or "download"
    ascii_name = unicodedata.normalize("NFKD", cleaned).encode("ascii", "ignore").decode()
    ascii_name = "".join("_" if ch in '"\\;' else ch for ch in ascii_name).strip() or "download"
    # Django writes both forms (RFC 6266 quoting, RFC 5987 encoding); the ASCII one comes first.
    header = content_disposition_header(True, ascii_name) or ""
    if not cleaned.isascii():
        encoded = content_disposition_header(True, cleaned) or ""
        header += "; " + encoded.removeprefix("attachment; ")
    return header


def attachment(data: bytes, *, filename: str, content_type: str) -> HttpResponse:
    response = HttpResponse(data, content_type=content_type)
    response["Content-Disposition"] = content_disposition(filename)
    response["Content-Length"] = str(len(data))
    response["Cache-Control"] = "private, no-store"
    return response
