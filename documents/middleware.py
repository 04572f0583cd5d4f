"""Any page or download that reaches a redacted document answers 410 Gone with the reason,
wherever it is asked from (one place, instead of a check in every view)."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from .selectors import DocumentRedacted


class DocumentRedactedMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, DocumentRedacted):
            return render(request, "documents/redacted.html", {"message": str(exception)}, status=410)
        return None
