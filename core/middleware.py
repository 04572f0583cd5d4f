"""Cross-cutting response handling: messages for HTMX swaps, and the Content-Security-Policy."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.messages import get_messages
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)


class HtmxMessagesMiddleware:
    """Deliver queued Django messages out-of-band with every HTMX swap, so a partial response
    can say "this changed, here is the current state" without a page reload."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        htmx = getattr(request, "htmx", None)
        if (
            not htmx
            or htmx.boosted
            or htmx.history_restore_request
            or response.streaming
            or "HX-Redirect" in response
            or "HX-Location" in response
            or not response.get("Content-Type", "").startswith("text/html")
        ):
            return response
        storage = get_messages(request)
        if not list(storage):  # iterating marks them used; an empty list leaves nothing behind
            return response
        response.write(render_to_string("core/_messages.html", {"messages": storage, "oob": True}))
        return response


class ContentSecurityPolicyMiddleware:
    """No inline scripts or styles anywhere: HTMX is configured not to inject any."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        return response
