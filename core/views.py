import hmac

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_not_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from . import health, metrics
from .forms import ThrottledAuthenticationForm


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return redirect("review:list")


@login_not_required
@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    checks = {"database": health.database_up(), "redis": health.redis_up()}
    # Ask the workers only when the broker answers: otherwise the ping would wait for nothing.
    checks["worker"] = health.worker_up() if checks["redis"][0] else (False, "redis down")
    ok = all(up for up, _ in checks.values())
    body = {
        "status": "ok" if ok else "degraded",
        **{name: {"up": up, "detail": detail} for name, (up, detail) in checks.items()},
    }
    return JsonResponse(body, status=200 if ok else 503)


def _metrics_allowed(request: HttpRequest) -> bool:
    """Staff sessions, or the scraper's bearer token. No token configured means staff only."""
    if request.user.is_authenticated and request.user.is_staff:
        return True
    token: str = settings.REDPEN_METRICS_TOKEN
    scheme, _, given = request.headers.get("Authorization", "").partition(" ")
    # compare_digest: the time taken does not tell an attacker how much of a guess was right.
    return bool(token) and scheme.lower() == "bearer" and hmac.compare_digest(given.strip().encode(), token.encode())


# The login middleware would send a scraper to the login page, which answers 200 with HTML:
# a scraper must get a plain refusal instead, so this view checks access itself.
@login_not_required
@never_cache
@require_GET
def metrics_view(request: HttpRequest) -> HttpResponse:
    if not _metrics_allowed(request):
        return HttpResponse("Forbidden: staff or the metrics token only.\n", status=403,
                            content_type="text/plain; charset=utf-8")
    return HttpResponse(metrics.exposition(), content_type=metrics.CONTENT_TYPE)


class LoginView(auth_views.LoginView):
    """Django's login page with throttling: a locked username or address gets the page again
    with status 429, a Retry-After header and a message saying how long to wait."""

    authentication_form = ThrottledAuthenticationForm
    redirect_authenticated_user = True

    def form_invalid(self, form: ThrottledAuthenticationForm) -> HttpResponse:  # type: ignore[override]
        response = super().form_invalid(form)
        if form.throttled_seconds > 0:
            response.status_code = 429
            response["Retry-After"] = str(form.retry_after)
        return response
