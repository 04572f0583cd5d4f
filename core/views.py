from django.contrib.auth.decorators import login_not_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from . import health


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
