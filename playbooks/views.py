"""Pages for playbook authors (and read-only for lawyers). Thin: reads come from selectors,
writes from services; HTMX requests get the partial they swap."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from core.roles import PLAYBOOK_AUTHOR, has_role

from . import selectors
from .diffing import spec_diff
from .forms import TryRuleForm, UploadForm
from .loader import PlaybookInvalid
from .models import Playbook, PlaybookVersion
from .presentation import annotate_source
from .services import playbook_upload
from .trial import rule_try


def _partial(request: HttpRequest) -> bool:
    htmx = getattr(request, "htmx", None)
    return bool(htmx) and not htmx.boosted and not htmx.history_restore_request


def _require_author(request: HttpRequest) -> None:
    if not has_role(request.user, PLAYBOOK_AUTHOR):
        raise PermissionDenied("Only playbook authors may upload playbooks.")


def _version_url(version: PlaybookVersion) -> str:
    return reverse("playbooks:version", args=[version.playbook_id, version.number])


@require_GET
def playbook_list(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "playbooks/list.html",
        {"playbooks": selectors.playbook_list_for(request.user), "can_upload": has_role(request.user, PLAYBOOK_AUTHOR)},
    )


@require_http_methods(["GET", "POST"])
def playbook_upload_page(request: HttpRequest, pk: int | None = None) -> HttpResponse:
    playbook: Playbook | None = selectors.playbook_for(request.user, pk) if pk is not None else None
    _require_author(request)
    bound = request.method == "POST"
    form = UploadForm(
        request.POST if bound else None,
        request.FILES if bound else None,
        user=request.user,
        new_playbook=playbook is None,
    )
    context: dict[str, object] = {"playbook": playbook, "form": form}
    if request.method == "POST" and form.is_valid():
        payload = form.cleaned_data["payload"]
        try:
            version, created = playbook_upload(
                author=request.user,
                source=payload,
                playbook=playbook,
                team=form.cleaned_data.get("team"),
                change_note=form.cleaned_data["change_note"],
            )
        except PlaybookInvalid as exc:
            try:
                text = payload.decode("utf-8") if isinstance(payload, bytes) else payload
            except UnicodeDecodeError:
                text = ""
            lines, general = annotate_source(text, exc.errors)
            if text and isinstance(payload, bytes):
                # A file input cannot be refilled: put its text in the textarea to fix in place.
                form.data = form.data.copy()
                form.data["source"] = text
            context.update(errors=exc.errors, lines=lines, general_errors=general)
        else:
            if created:
                messages.success(request, f"Stored {version.label} ({version.rule_count} rules).")
            else:
                messages.info(request, f"This file is identical to {version.label}: no new version was made.")
            url = _version_url(version)
            return HttpResponseClientRedirect(url) if _partial(request) else redirect(url)
    template = "playbooks/upload.html#upload-form" if _partial(request) else "playbooks/upload.html"
    # Errors re-render with 200: HTMX swaps only successful responses (docs/decisions/htmx.md).
    return render(request, template, context)


@require_GET
def playbook_detail(request: HttpRequest, pk: int) -> HttpResponse:
    playbook = selectors.playbook_for(request.user, pk)
    latest = selectors.latest_version(playbook)
    if latest is None:
        raise Http404("This playbook has no version yet.")
    return redirect(_version_url(latest))


def _version_context(request: HttpRequest, version: PlaybookVersion) -> dict[str, object]:
    spec = version.playbook_spec
    return {
        "playbook": version.playbook,
        "version": version,
        "spec": spec,
        "versions": selectors.versions_of(version.playbook),
        "can_upload": has_role(request.user, PLAYBOOK_AUTHOR),
        "try_form": TryRuleForm(rules=[(r.id, f"{r.id} — {r.title}") for r in spec.rules]),
    }


@require_GET
def version_detail(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    version = selectors.version_for(request.user, pk, number)
    return render(request, "playbooks/version.html", _version_context(request, version))


@require_GET
def version_download(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    version = selectors.version_for(request.user, pk, number)
    response = HttpResponse(version.source.encode("utf-8"), content_type="text/yaml; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{version.filename}"'
    return response


@require_POST
def version_try(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    version = selectors.version_for(request.user, pk, number)
    context = _version_context(request, version)
    spec = version.playbook_spec
    form = TryRuleForm(request.POST, rules=[(r.id, f"{r.id} — {r.title}") for r in spec.rules])
    context["try_form"] = form
    if form.is_valid():
        rule_id = form.cleaned_data["rule"]
        trial = rule_try(spec=spec, rule_id=rule_id, text=form.cleaned_data["text"], citation_label=version.label)
        context.update(trial=trial, trial_rule=spec.rule(rule_id))
    template = "playbooks/version.html#try-panel" if _partial(request) else "playbooks/version.html"
    return render(request, template, context)


@require_GET
def version_diff(request: HttpRequest, pk: int) -> HttpResponse:
    playbook = selectors.playbook_for(request.user, pk)
    versions = list(selectors.versions_of(playbook))
    if not versions:
        raise Http404("This playbook has no version yet.")
    try:
        to_number = int(request.GET.get("to") or versions[0].number)
        from_number = int(request.GET.get("from") or max(to_number - 1, 1))
    except ValueError:
        raise Http404("Unknown version.") from None
    by_number = {v.number: v for v in versions}
    if from_number not in by_number or to_number not in by_number:
        raise Http404("Unknown version.")
    old, new = by_number[from_number], by_number[to_number]
    return render(
        request,
        "playbooks/diff.html",
        {
            "playbook": playbook,
            "versions": versions,
            "old": old,
            "new": new,
            "diff": spec_diff(old.playbook_spec, new.playbook_spec),
        },
    )
