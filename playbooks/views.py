"""Pages for playbook authors (and read-only for lawyers). Thin: reads come from selectors,
writes from services; HTMX requests get the partial they swap. The pages that need the review
record or the engine (statistics, trying a rule, drafts from precedents) are in review/authoring/views.py."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied, RequestDataTooBig
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET, require_http_methods
from django_htmx.http import HttpResponseClientRedirect

from core.downloads import attachment
from core.ids import parse_id
from core.roles import PLAYBOOK_AUTHOR, has_role
from core.uploads import SPREADSHEET, UploadRejected, check_upload, upload_limits

from . import drafting, selectors, spreadsheet
from .diffing import spec_diff
from .forms import SpreadsheetImportForm, TryRuleForm, UploadForm
from .loader.issues import PlaybookInvalid
from .loader.source import MAX_SOURCE_BYTES
from .models import Playbook, PlaybookVersion
from .presentation import annotate_source
from .services import playbook_upload


def is_partial(request: HttpRequest) -> bool:
    htmx = getattr(request, "htmx", None)
    return bool(htmx) and not htmx.boosted and not htmx.history_restore_request


def require_author(request: HttpRequest) -> None:
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
    require_author(request)
    bound = request.method == "POST"
    too_big = False
    if bound:
        try:
            request.POST  # noqa: B018 - reading the body is what raises
        except RequestDataTooBig:
            # Far over the limit: Django stops reading; say so on the form, not with a bare 400.
            too_big, bound = True, False
    form = UploadForm(
        request.POST if bound else None,
        request.FILES if bound else None,
        user=request.user,
        new_playbook=playbook is None,
    )
    context: dict[str, object] = {"playbook": playbook, "form": form}
    if too_big:
        context["too_big"] = (f"The pasted text is far larger than the {MAX_SOURCE_BYTES // 1024} KB limit, "
                              "so nothing was stored.")
    if not bound and playbook is not None and request.GET.get("rule"):
        _prefill_at_rule(form, playbook, request.GET["rule"], context)
    if bound and form.is_valid():
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
            return HttpResponseClientRedirect(url) if is_partial(request) else redirect(url)
    template = "playbooks/upload.html#upload-form" if is_partial(request) else "playbooks/upload.html"
    context.setdefault("form_action", "")  # the page posts to itself unless a caller says otherwise
    # Errors re-render with 200: HTMX swaps only successful responses (docs/decisions/htmx.md).
    return render(request, template, context)


FORMAT_DOC = settings.BASE_DIR / "docs" / "playbook-format.md"


@require_GET
def playbook_format(request: HttpRequest) -> HttpResponse:
    """The playbook format, for authors, from the repository's own doc (a trusted file)."""
    import markdown

    html = markdown.markdown(FORMAT_DOC.read_text(encoding="utf-8"), extensions=["tables", "fenced_code", "toc"])
    return render(request, "playbooks/format.html", {"format_html": mark_safe(html)})


def _prefill_at_rule(form: UploadForm, playbook: Playbook, rule_id: str, context: dict[str, object]) -> None:
    """Open the latest file in the editor with the caret on one rule (from a suggestion)."""
    latest = selectors.latest_version(playbook)
    if latest is None:
        return
    form.initial["source"] = latest.source
    try:
        rule = latest.playbook_spec.rule(rule_id)
    except KeyError:
        return
    if rule.line:
        form.fields["source"].widget.attrs["data-focus-line"] = str(rule.line)
    context.update(focus_rule=rule, focus_version=latest)


@require_GET
def playbook_detail(request: HttpRequest, pk: int) -> HttpResponse:
    playbook = selectors.playbook_for(request.user, pk)
    latest = selectors.latest_version(playbook)
    if latest is None:
        raise Http404("This playbook has no version yet.")
    return redirect(_version_url(latest))


def version_context(request: HttpRequest, version: PlaybookVersion) -> dict[str, object]:
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
    return render(request, "playbooks/version.html", version_context(request, version))


@require_GET
def version_download(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    version = selectors.version_for(request.user, pk, number)
    return attachment(version.source.encode("utf-8"), filename=version.filename,
                      content_type="text/yaml; charset=utf-8")


@require_GET
def version_diff(request: HttpRequest, pk: int) -> HttpResponse:
    playbook = selectors.playbook_for(request.user, pk)
    versions = list(selectors.versions_of(playbook))
    if not versions:
        raise Http404("This playbook has no version yet.")
    to_number = parse_id(request.GET.get("to") or str(versions[0].number))
    from_number = parse_id(request.GET.get("from") or str(max((to_number or 2) - 1, 1)))
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


# -- drafts: spreadsheet import ---------------------------------------------------------------


def draft_form(request: HttpRequest, source: str, note: str) -> UploadForm:
    """The ordinary upload form, filled with a draft: publishing goes through the upload page."""
    form = UploadForm(user=request.user, new_playbook=True)
    form.initial.update(source=source, change_note=note[:500])
    return form


@require_http_methods(["GET", "POST"])
def playbook_import_page(request: HttpRequest) -> HttpResponse:
    require_author(request)
    bound = request.method == "POST"
    form = SpreadsheetImportForm(request.POST if bound else None, request.FILES if bound else None)
    context: dict[str, object] = {"form": form, "columns": spreadsheet.COLUMNS}
    if bound and form.is_valid():
        upload = form.cleaned_data["file"]
        name = form.cleaned_data["name"].strip() or Path(upload.name).stem.replace("_", " ").strip() or "Imported"
        data = upload.read(upload_limits().max_spreadsheet_bytes + 1)
        try:
            # The gate every upload passes before anything parses it (core/uploads.py).
            check_upload(data, kind=SPREADSHEET)
        except UploadRejected as exc:
            form.add_error("file", str(exc))
            return render(request, "playbooks/import.html", context)
        result = spreadsheet.import_spreadsheet(
            data, upload.name, name=name, party=form.cleaned_data["party"].strip(),
            clause_find=drafting.clause_find,
        )
        context.update(result=result, filename=upload.name)
        if result.ok:
            context.update(
                draft_form=draft_form(request, result.source, f"Imported from {upload.name}"),
                form_action=reverse("playbooks:upload"),
            )
    return render(request, "playbooks/import.html", context)
