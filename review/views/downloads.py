"""What a review gives as files, always from its current version (invariant 6): the clean and
redlined documents, and the tables (the issue list, the clause map) in every format of
review/tabular.py's ``TABLE_FORMATS``."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from core.downloads import attachment
from documents import selectors as document_selectors
from documents.selectors import author_name
from review import selectors
from review.clause_map import clause_map_of, clause_map_table
from review.exports import issue_rows, issues_table, review_redline
from review.models import Review
from review.tabular import TABLE_FORMATS, Table
from review.workflow import event_append
from review.workflow.rounds import round_of, round_redline_sent, round_redline_theirs

DOCX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


def _stem(review: Review) -> str:
    return (review.document.original_filename or "contract.docx").rsplit(".", 1)[0]


def table_download(table: Table, fmt: str, name: str) -> HttpResponse:
    """``table`` as a file of format ``fmt`` (a key of ``TABLE_FORMATS``; any other is a 404)."""
    kind = TABLE_FORMATS.get(fmt)
    if kind is None:
        raise Http404("Unknown format.")
    return attachment(kind.write(table), filename=f"{name}.{kind.extension}", content_type=kind.content_type)


@require_GET
def review_download(request: HttpRequest, review_id: int, kind: str) -> HttpResponse:
    review = selectors.review_for_user(request.user, review_id)
    version = review.current_version
    if kind == "clean":
        data = document_selectors.version_docx(version)
        suffix = "clean"
    elif kind == "redline" and round_of(review) is not None:
        # After a round, the redline is against the draft they returned (their changes we kept
        # accepted, those we did not shown as our deletion of their text): what they review next.
        data = round_redline_theirs(review, author_name(request.user))
        suffix = "redline-against-their-draft"
    elif kind == "redline-sent" and round_of(review) is not None:
        data = round_redline_sent(review)
        suffix = "redline-against-our-last-draft"
    elif kind == "redline":
        # Comments for the other side ride along unless the lawyer leaves them out.
        with_comments = request.GET.get("comments", "1") != "0"
        data = review_redline(review, comments=with_comments)
        suffix = "redline" if with_comments else "redline-no-comments"
    else:
        raise Http404("Unknown download.")
    event_append(review_id=review.pk, kind="export", actor=request.user, file=kind, version=version.number)
    return attachment(data, filename=f"{_stem(review)}-v{version.number}-{suffix}.docx",
                      content_type=DOCX_CONTENT_TYPE)


@require_GET
def review_issues(request: HttpRequest, review_id: int) -> HttpResponse:
    """The issue list: a printable page, or ``?format=`` one of ``TABLE_FORMATS``."""
    review = selectors.review_for_user(request.user, review_id)
    rows = issue_rows(review)
    fmt = request.GET.get("format", "")
    if fmt:
        return table_download(issues_table(rows, title=review.title), fmt, f"{_stem(review)}-issues")
    return render(request, "review/issues.html", {"review": review, "rows": rows})


@require_GET
def review_clauses_export(request: HttpRequest, review_id: int, fmt: str) -> HttpResponse:
    review = selectors.review_for_user(request.user, review_id)
    if fmt not in TABLE_FORMATS:
        raise Http404("Unknown export.")
    table = clause_map_table(clause_map_of(review.current_version.text_model))
    return table_download(table, fmt, f"{_stem(review)}-v{review.current_version.number}-clauses")
