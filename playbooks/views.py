"""Pages for playbook authors (and read-only for lawyers). Thin: reads come from selectors,
writes from services; HTMX requests get the partial they swap."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied, RequestDataTooBig
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from core.roles import PLAYBOOK_AUTHOR, has_role

from . import drafting, selectors, spreadsheet, stats, suggestions
from .diffing import spec_diff
from .forms import PrecedentDraftForm, SpreadsheetImportForm, TryRuleForm, UploadForm
from .loader.issues import PlaybookInvalid
from .loader.source import MAX_SOURCE_BYTES
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
            return HttpResponseClientRedirect(url) if _partial(request) else redirect(url)
    template = "playbooks/upload.html#upload-form" if _partial(request) else "playbooks/upload.html"
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


# -- override statistics ----------------------------------------------------------------------


def _stats_scope(request: HttpRequest, playbook: Playbook) -> int | None:
    raw = request.GET.get("version") or ""
    if not raw or raw == "all":
        return None
    try:
        number = int(raw)
    except ValueError:
        raise Http404("Unknown version.") from None
    if not playbook.versions.filter(number=number).exists():
        raise Http404("Unknown version.")
    return number


def _stats_for(playbook: Playbook, version: int | None) -> stats.PlaybookStats:
    recommendations, outcomes = selectors.stats_facts(playbook, version=version)
    latest = selectors.latest_version(playbook)
    order = [(r.id, r.title) for r in latest.playbook_spec.rules] if latest else []
    return stats.compute(name=playbook.name, recommendations=recommendations, outcomes=outcomes, rule_order=order)


def _chart_data(result: stats.PlaybookStats) -> dict[str, object]:
    buckets = [("accepted", "Accepted as proposed"), ("revised", "Accepted after a revision"),
               ("rejected", "Rejected"), ("open", "Open")]
    shown = [r for r in result.rules if r.totals.recommendations]
    return {
        "rules": {
            "labels": [r.rule_id for r in shown],
            "datasets": [{"key": key, "label": label, "data": [getattr(r.totals, key) for r in shown]}
                         for key, label in buckets],
        },
        "versions": {
            "labels": [f"v{n}" for n in result.by_version],
            "datasets": [{"key": key, "label": label, "data": [getattr(c, key) for c in result.by_version.values()]}
                         for key, label in buckets],
        },
    }


@require_GET
def playbook_stats(request: HttpRequest, pk: int) -> HttpResponse:
    playbook = selectors.playbook_for_author(request.user, pk)
    version = _stats_scope(request, playbook)
    result = _stats_for(playbook, version)
    # Suggestions always read the whole history (they pick the versions that still apply).
    overall = result if version is None else _stats_for(playbook, None)
    found = suggestions.suggest(overall, selectors.stats_rule_infos(playbook))
    return render(
        request,
        "playbooks/stats.html",
        {
            "playbook": playbook,
            "stats": result,
            "scope": version,
            "versions": selectors.versions_of(playbook),
            "suggestions": found,
            "chart_json": json.dumps(_chart_data(result)),
            "bucket_labels": stats.BUCKET_LABELS,
        },
    )


@require_GET
def playbook_stats_csv(request: HttpRequest, pk: int) -> HttpResponse:
    playbook = selectors.playbook_for_author(request.user, pk)
    version = _stats_scope(request, playbook)
    result = _stats_for(playbook, version)
    buffer = io.StringIO()
    csv.writer(buffer).writerows(stats.csv_rows(result))
    response = HttpResponse(buffer.getvalue().encode("utf-8-sig"), content_type="text/csv; charset=utf-8")
    scope = f"v{version}" if version else "all-versions"
    response["Content-Disposition"] = f'attachment; filename="{slugify(playbook.name) or "playbook"}-stats-{scope}.csv"'
    return response


@require_GET
def playbook_stats_decisions(request: HttpRequest, pk: int) -> HttpResponse:
    """The recommendations (with their decisions) behind one number of the statistics page."""
    playbook = selectors.playbook_for_author(request.user, pk)
    version = _stats_scope(request, playbook)
    result = _stats_for(playbook, version)
    rule_id = request.GET.get("rule") or ""
    bucket = request.GET.get("bucket") or ""
    facts: list[stats.RecommendationFact]
    rule = result.rule(rule_id)
    if not rule_id and not bucket:
        # No number picked: every recommendation behind the page, oldest review first.
        every = {f.recommendation_id: f for r in result.rules for fs in r.facts.values() for f in fs}
        facts = sorted(every.values(), key=lambda f: (f.review_started, f.review_id))
        heading = "every recommendation"
    elif rule is None or bucket not in (*stats.BUCKETS, "reason", "instruction"):
        raise Http404("Unknown rule or number.")
    else:
        facts, heading = _drill_facts(rule, bucket, request.GET.get("group") or "")
    visible = selectors.reviews_visible_ids(request.user, {f.review_id for f in facts})
    context = {"playbook": playbook, "rule": rule, "facts": facts, "heading": heading, "visible": visible,
               "scope": version, "bucket": bucket}
    template = "playbooks/stats_decisions.html#drill" if _partial(request) else "playbooks/stats_decisions.html"
    return render(request, template, context)


def _drill_facts(rule: stats.RuleStats, bucket: str, group_index: str) -> tuple[list[stats.RecommendationFact], str]:
    facts: list[stats.RecommendationFact]
    heading = stats.BUCKET_LABELS.get(bucket, "")
    if bucket in ("reason", "instruction"):
        groups = rule.reasons if bucket == "reason" else rule.instructions
        try:
            group = groups[int(group_index)]
        except (ValueError, IndexError):
            raise Http404("Unknown group.") from None
        wanted = set(group.recommendation_ids)
        facts = [f for bucket_facts in rule.facts.values() for f in bucket_facts if f.recommendation_id in wanted]
        facts = sorted({f.recommendation_id: f for f in facts}.values(), key=lambda f: (f.review_started, f.review_id))
        heading = f"{'rejected because' if bucket == 'reason' else 'revised with'} “{group.text}”"
    else:
        facts = rule.facts.get(bucket, [])
    return facts, heading


# -- drafts: spreadsheet import ---------------------------------------------------------------


def _draft_form(request: HttpRequest, source: str, note: str) -> UploadForm:
    """The ordinary upload form, filled with a draft: publishing goes through the upload page."""
    form = UploadForm(user=request.user, new_playbook=True)
    form.initial.update(source=source, change_note=note[:500])
    return form


@require_http_methods(["GET", "POST"])
def playbook_import_page(request: HttpRequest) -> HttpResponse:
    _require_author(request)
    bound = request.method == "POST"
    form = SpreadsheetImportForm(request.POST if bound else None, request.FILES if bound else None)
    context: dict[str, object] = {"form": form, "columns": spreadsheet.COLUMNS}
    if bound and form.is_valid():
        upload = form.cleaned_data["file"]
        name = form.cleaned_data["name"].strip() or Path(upload.name).stem.replace("_", " ").strip() or "Imported"
        result = spreadsheet.import_spreadsheet(
            upload.read(), upload.name, name=name, party=form.cleaned_data["party"].strip(),
            clause_find=drafting.clause_find,
        )
        context.update(result=result, filename=upload.name)
        if result.ok:
            context.update(
                draft_form=_draft_form(request, result.source, f"Imported from {upload.name}"),
                form_action=reverse("playbooks:upload"),
            )
    return render(request, "playbooks/import.html", context)


# -- drafts: from precedents ------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def playbook_draft_page(request: HttpRequest) -> HttpResponse:
    _require_author(request)
    bound = request.method == "POST"
    form = PrecedentDraftForm(request.POST if bound else None, request.FILES if bound else None)
    context: dict[str, object] = {"form": form}
    if bound and form.is_valid():
        from documents.docx.textmodel import build_text_model

        precedents, problems = [], []
        for upload in form.cleaned_data["files"]:
            try:
                precedents.append((upload.name, build_text_model(upload.read())))
            except Exception:  # a damaged .docx raises many kinds of errors
                problems.append(f"{upload.name} cannot be read as a Word document.")
        if problems:
            context["problems"] = problems
        else:
            first = Path(precedents[0][0]).stem.replace("_", " ")
            name = form.cleaned_data["name"].strip() or f"Draft from {first}"
            draft = drafting.draft_from_precedents(precedents, name=name, side=form.cleaned_data["side"])
            context.update(draft=draft, files=[f for f, _ in precedents])
            if draft.source:
                note = "Drafted from " + ", ".join(f for f, _ in precedents)
                context.update(draft_form=_draft_form(request, draft.source, note),
                               form_action=reverse("playbooks:upload"))
    return render(request, "playbooks/draft.html", context)
