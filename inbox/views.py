from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from .sources import items_for, kinds

SEVERITIES = ("critical", "high", "medium", "low")


@require_GET
def inbox_list(request: HttpRequest) -> HttpResponse:
    kind = request.GET.get("kind", "")
    severity = request.GET.get("severity", "")
    if severity not in SEVERITIES:
        severity = ""
    items = items_for(request.user, kind=kind, severity=severity)
    return render(request, "inbox/list.html", {
        "items": items, "kinds": kinds(), "severities": SEVERITIES, "kind": kind, "severity": severity,
    })
