"""Thin views: permission through the selectors (404 for what a user may not see), logic in
services/selectors."""

from __future__ import annotations

from uuid import UUID

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import content_disposition_header
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET, require_http_methods
from django_htmx.http import HttpResponseClientRedirect

from core.uploads import files_allowed

from . import selectors, services
from .conversions import conversion_for_user, conversion_start
from .convert import needs_conversion
from .docx.validate import UploadRejected
from .forms import UploadForm
from .models import ConversionStatus

DOCX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """The project's 400 page (``handler400``). A request refused while it was read (too many
    files, fields or bytes) says which limit it broke; nothing of it was stored."""
    if isinstance(exception, TooManyFilesSent):
        limit = files_allowed(request)
        message = (
            f"Upload one contract at a time: the form takes {limit} file{'s' if limit != 1 else ''} per upload, "
            "and this request carried more. Nothing was stored."
            if limit == 1 else
            f"This form takes at most {limit} files per upload, and this request carried more. Nothing was stored."
        )
    elif isinstance(exception, TooManyFieldsSent | RequestDataTooBig):
        message = "The form sent far more data than any Redpen page does, so it was refused. Nothing was stored."
    else:
        message = "The request could not be read. Go back and try again."
    return render(request, "documents/bad_request.html", {"message": message}, status=400)


@require_GET
def document_list(request: HttpRequest) -> HttpResponse:
    documents = selectors.documents_visible_to(request.user)
    return render(request, "documents/list.html", {"documents": documents})


@require_http_methods(["GET", "POST"])
def document_upload(request: HttpRequest) -> HttpResponse:
    form = UploadForm(request.POST or None, request.FILES or None, user=request.user)
    error = ""
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        limit = settings.REDPEN_MAX_UPLOAD_BYTES
        # Never read more than the limit (plus one byte, so the validator sees it is too big).
        data = upload.read(limit + 1)
        fields = {"owner": request.user, "team": form.cleaned_data["team"], "filename": upload.name or "",
                  "data": data, "title": form.cleaned_data["title"]}
        try:
            if needs_conversion(upload.name or "", data):
                # Converting is a job (documents/conversions.py): the request returns at once.
                conversion = conversion_start(**fields)
                return redirect("documents:conversion", conversion_id=conversion.pk)
            document = services.document_create(**fields)
        except UploadRejected as exc:
            error = str(exc)
        else:
            return redirect("documents:detail", pk=document.pk)
    # Errors re-render with status 200 (HTMX swaps only 2xx by default).
    return render(request, "documents/upload.html", {"form": form, "error": error})


@require_GET
def conversion_page(request: HttpRequest, conversion_id: UUID) -> HttpResponse:
    """A conversion's progress; once converted, the page that took the upload (its ``next_url``)."""
    conversion = conversion_for_user(request.user, conversion_id)
    if conversion.status == ConversionStatus.SUCCEEDED and conversion.next_url:
        return redirect(conversion.next_url)
    return render(request, "documents/conversion.html", {"conversion": conversion})


@require_GET
def conversion_progress(request: HttpRequest, conversion_id: UUID) -> HttpResponse:
    """The progress poll: the partial while it runs; done, a client redirect (which ends the polling)."""
    conversion = conversion_for_user(request.user, conversion_id)
    if conversion.status == ConversionStatus.SUCCEEDED and conversion.next_url:
        return HttpResponseClientRedirect(conversion.next_url)
    return render(request, "documents/conversion.html#progress", {"conversion": conversion})


@require_GET
def document_detail(request: HttpRequest, pk: int) -> HttpResponse:
    document = selectors.document_for_user(request.user, pk)
    versions = list(selectors.document_versions(document))
    return render(
        request,
        "documents/detail.html",
        {"document": document, "versions": versions, "latest": versions[-1] if versions else None},
    )


def _preview(request: HttpRequest, document, version, *, is_latest: bool) -> HttpResponse:  # type: ignore[no-untyped-def]
    page = selectors.version_preview_page(version, selectors.preview_page_number(request.GET.get("page")))
    return render(
        request,
        "documents/preview.html",
        {
            "document": document,
            "version": version,
            "is_latest": is_latest,
            "page": page,
            "pager_url": request.path,
            # render_preview_page escapes every piece of document text.
            "preview": mark_safe(page.html),
        },
    )


@require_GET
def version_preview(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    document = selectors.document_for_user(request.user, pk)
    version = selectors.version_get(document, number)
    latest = selectors.version_latest(document)
    return _preview(request, document, version, is_latest=version.pk == latest.pk)


@require_GET
def latest_preview(request: HttpRequest, pk: int) -> HttpResponse:
    document = selectors.document_for_user(request.user, pk)
    return _preview(request, document, selectors.version_latest(document), is_latest=True)


def _download(document, version, kind: str) -> HttpResponse:  # type: ignore[no-untyped-def]
    if kind == "clean":
        data = selectors.version_docx(version)
        name = f"{document.title} v{version.number}.docx"
    elif kind == "redline":
        data = selectors.version_redline(version)
        name = f"{document.title} v{version.number} redline.docx"
    else:
        raise Http404("No such download.")
    response = HttpResponse(data, content_type=DOCX_CONTENT_TYPE)
    response["Content-Disposition"] = content_disposition_header(True, name)
    response["Content-Length"] = str(len(data))
    response["Cache-Control"] = "private, no-store"
    return response


@require_GET
def version_download(request: HttpRequest, pk: int, number: int, kind: str) -> HttpResponse:
    document = selectors.document_for_user(request.user, pk)
    return _download(document, selectors.version_get(document, number), kind)


@require_GET
def latest_download(request: HttpRequest, pk: int, kind: str) -> HttpResponse:
    document = selectors.document_for_user(request.user, pk)
    return _download(document, selectors.version_latest(document), kind)
