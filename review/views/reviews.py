"""The list of reviews and a new review (upload a contract, choose a playbook)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from documents.docx.validate import UploadRejected
from documents.selectors import document_for_user
from documents.services import document_create
from playbooks.selectors import versions_for_new_review
from review import selectors
from review.forms import NewReviewForm, SideForm
from review.workflow import ReviewRefused, review_start, side_candidates, side_chosen


@require_GET
def review_list(request: HttpRequest) -> HttpResponse:
    return render(request, "review/list.html", {"reviews": selectors.review_list_for_user(request.user)})


@require_http_methods(["GET", "POST"])
def review_new(request: HttpRequest) -> HttpResponse:
    versions = list(versions_for_new_review(request.user))
    if request.method == "POST" and "ours" in request.POST:
        return _review_new_side(request, versions)
    form = NewReviewForm(request.POST or None, request.FILES or None, versions=versions)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["contract"]
        team = selectors.team_for_new_review(request.user)
        version = form.cleaned_data["version"]
        side_word = form.cleaned_data["party"] or version.playbook_spec.party
        try:
            document = document_create(owner=request.user, team=team, filename=upload.name, data=upload.read())
            candidates = side_candidates(model=document.versions.order_by("number").first().text_model,
                                         side_word=side_word)
            if candidates:
                # Which party is ours is not clear from the contract: asked once, here.
                return render(request, "review/new.html", {
                    "side": SideForm(initial={"document": document.pk, "playbook_version": version.pk,
                                              "party": form.cleaned_data["party"]}),
                    "candidates": candidates, "side_word": side_word, "document": document})
            review = review_start(owner=request.user, team=team, document=document, playbook_version=version,
                                  party=form.cleaned_data["party"])
        except UploadRejected as exc:
            form.add_error("contract", str(exc))
        except ReviewRefused as exc:
            form.add_error(None, str(exc))
        else:
            return redirect("review:detail", review_id=review.pk)
    return render(request, "review/new.html", {"form": form, "has_playbooks": bool(versions)})


def _review_new_side(request: HttpRequest, versions: list) -> HttpResponse:
    """The answer to "which party is ours?" for a contract uploaded a moment ago."""
    side = SideForm(request.POST)
    if not side.is_valid():
        raise Http404("No such upload.")
    document = document_for_user(request.user, side.cleaned_data["document"])
    version = next((v for v in versions if v.pk == side.cleaned_data["playbook_version"]), None)
    if version is None:
        raise Http404("No such playbook.")
    side_word = side.cleaned_data["party"] or version.playbook_spec.party
    model = document.versions.order_by("number").first().text_model
    try:
        parties = side_chosen(model=model, side_word=side_word, ours=side.cleaned_data["ours"])
        review = review_start(owner=request.user, team=document.team, document=document, playbook_version=version,
                              party=side.cleaned_data["party"], parties=parties)
    except ReviewRefused as exc:
        return render(request, "review/new.html", {
            "side": side, "candidates": side_candidates(model=model, side_word=side_word), "side_word": side_word,
            "document": document, "side_error": str(exc)})
    return redirect("review:detail", review_id=review.pk)
