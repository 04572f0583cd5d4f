"""The playbook pages that need the review record or the engine, at their playbooks URLs
(review/authoring/urls.py, mounted by config/urls.py): trying a rule on pasted text, the override
statistics of the team's decisions, and a draft from precedents. Templates stay in
templates/playbooks/; the rest of the authoring pages are playbooks/views.py."""

from __future__ import annotations

import json
from pathlib import Path

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.downloads import attachment
from core.ids import parse_id
from core.uploads import UploadRejected, accepts_files, upload_limits
from documents.services import docx_read
from playbooks import drafting, selectors, stats, suggestions
from playbooks.forms import PrecedentDraftForm, TryRuleForm
from playbooks.models import Playbook
from playbooks.trial import rule_try
from playbooks.views import draft_form, is_partial, require_author, version_context

from ..engine import PlaybookEngine
from ..tabular import TABLE_FORMATS, rows_csv
from .stats import playbook_stats as playbook_stats_of
from .stats import reviews_visible_ids

# -- try a rule -------------------------------------------------------------------------------


@require_POST
def version_try(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    version = selectors.version_for(request.user, pk, number)
    context = version_context(request, version)
    spec = version.playbook_spec
    form = TryRuleForm(request.POST, rules=[(r.id, f"{r.id} — {r.title}") for r in spec.rules])
    context["try_form"] = form
    if form.is_valid():
        rule_id = form.cleaned_data["rule"]
        trial = rule_try(spec=spec, rule_id=rule_id, text=form.cleaned_data["text"], citation_label=version.label,
                         engine=PlaybookEngine())
        context.update(trial=trial, trial_rule=spec.rule(rule_id))
    template = "playbooks/version.html#try-panel" if is_partial(request) else "playbooks/version.html"
    return render(request, template, context)


# -- override statistics ----------------------------------------------------------------------

DRILL_PAGE_SIZE = 100  # rows of the statistics drill-down per page


def _stats_scope(request: HttpRequest, playbook: Playbook) -> int | None:
    raw = request.GET.get("version") or ""
    if not raw or raw == "all":
        return None
    number = parse_id(raw)
    if number is None or not playbook.versions.filter(number=number).exists():
        raise Http404("Unknown version.")
    return number


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
    result = playbook_stats_of(playbook, version)
    # Suggestions always read the whole history (they pick the versions that still apply).
    overall = result if version is None else playbook_stats_of(playbook, None)
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
    result = playbook_stats_of(playbook, version)
    scope = f"v{version}" if version else "all-versions"
    name = f"{slugify(playbook.name) or 'playbook'}-stats-{scope}.csv"
    return attachment(rows_csv(stats.csv_rows(result)), filename=name, content_type=TABLE_FORMATS["csv"].content_type)


@require_GET
def playbook_stats_decisions(request: HttpRequest, pk: int) -> HttpResponse:
    """The recommendations (with their decisions) behind one number of the statistics page."""
    playbook = selectors.playbook_for_author(request.user, pk)
    version = _stats_scope(request, playbook)
    result = playbook_stats_of(playbook, version)
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
    # One page of rows at a time (docs/decisions/hostile-input.md): a rule behind tens of
    # thousands of recommendations made a page of 64 MB.
    page = Paginator(facts, DRILL_PAGE_SIZE).get_page(parse_id(request.GET.get("page") or "") or 1)
    shown = list(page.object_list)
    visible = reviews_visible_ids(request.user, {f.review_id for f in shown})
    query = request.GET.copy()
    query.pop("page", None)
    context = {"playbook": playbook, "rule": rule, "facts": shown, "total": len(facts), "page": page,
               "query": query.urlencode(), "heading": heading, "visible": visible, "scope": version,
               "bucket": bucket}
    template = "playbooks/stats_decisions.html#drill" if is_partial(request) else "playbooks/stats_decisions.html"
    return render(request, template, context)


def _drill_facts(rule: stats.RuleStats, bucket: str, group_index: str) -> tuple[list[stats.RecommendationFact], str]:
    facts: list[stats.RecommendationFact]
    heading = stats.BUCKET_LABELS.get(bucket, "")
    if bucket in ("reason", "instruction"):
        groups = rule.reasons if bucket == "reason" else rule.instructions
        index = parse_id(group_index) if group_index != "0" else 0
        if index is None or index >= len(groups):
            raise Http404("Unknown group.")
        group = groups[index]
        wanted = set(group.recommendation_ids)
        facts = [f for bucket_facts in rule.facts.values() for f in bucket_facts if f.recommendation_id in wanted]
        facts = sorted({f.recommendation_id: f for f in facts}.values(), key=lambda f: (f.review_started, f.review_id))
        heading = f"{'rejected because' if bucket == 'reason' else 'revised with'} “{group.text}”"
    else:
        facts = rule.facts.get(bucket, [])
    return facts, heading


# -- drafts from precedents ------------------------------------------------------------------


def _precedents_allowed() -> int:
    return upload_limits().max_precedents


@accepts_files(_precedents_allowed)
@require_http_methods(["GET", "POST"])
def playbook_draft_page(request: HttpRequest) -> HttpResponse:
    require_author(request)
    bound = request.method == "POST"
    form = PrecedentDraftForm(request.POST if bound else None, request.FILES if bound else None)
    context: dict[str, object] = {"form": form}
    if bound and form.is_valid():
        precedents, problems = [], []
        for upload in form.cleaned_data["files"]:
            # The checks every upload passes (core/uploads.py, documents/docx/validate.py) before
            # anything parses it: size, zip directory, text size, paragraphs.
            try:
                data = upload.read(upload_limits().max_upload_bytes + 1)
                precedents.append((upload.name, docx_read(filename=upload.name, data=data)))
            except UploadRejected as exc:
                problems.append(f"{upload.name}: {exc}")
        if problems:
            context["problems"] = problems
        else:
            first = Path(precedents[0][0]).stem.replace("_", " ")
            name = form.cleaned_data["name"].strip() or f"Draft from {first}"
            draft = drafting.draft_from_precedents(precedents, name=name, side=form.cleaned_data["side"],
                                                   engine=PlaybookEngine())
            context.update(draft=draft, files=[f for f, _ in precedents])
            if draft.source:
                note = "Drafted from " + ", ".join(f for f, _ in precedents)
                context.update(draft_form=draft_form(request, draft.source, note),
                               form_action=reverse("playbooks:upload"))
    return render(request, "playbooks/draft.html", context)
