"""The contract as it reads now: the paged preview, the contract pane with every recommendation
marked, and the clause map."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET

from documents import selectors as document_selectors
from review import presenters, selectors
from review.clause_map import clause_map_of
from review.contract_view import render_contract


@require_GET
def review_preview(request: HttpRequest, review_id: int) -> HttpResponse:
    review = selectors.review_for_user(request.user, review_id)
    page = document_selectors.version_preview_page(
        review.current_version, document_selectors.preview_page_number(request.GET.get("page"))
    )
    return render(request, "review/preview.html",
                  {"review": review, "preview_html": page.html, "page": page, "pager_url": request.path})


@require_GET
def review_contract(request: HttpRequest, review_id: int) -> HttpResponse:
    """The contract pane: the current version whole, every recommendation marked where it sits."""
    review = selectors.review_for_user(request.user, review_id)
    try:
        model = review.current_version.text_model
    except document_selectors.DocumentRedacted as exc:  # pragma: no cover - redacted reviews are finished
        return HttpResponse(str(exc))
    html = render_contract(model, presenters.contract_marks(review))
    return render(request, "review/_contract.html", {"review": review, "contract_html": mark_safe(html)})


@require_GET
def review_clauses(request: HttpRequest, review_id: int) -> HttpResponse:
    """The clause map of the current version: clause types found, their passages, key terms."""
    review = selectors.review_for_user(request.user, review_id)
    clause_map = clause_map_of(review.current_version.text_model)
    return render(request, "review/clauses.html", {"review": review, "map": clause_map})
