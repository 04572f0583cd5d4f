"""The list of reviews and a new review (upload a contract, choose a playbook)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from documents.conversions import conversion_start
from documents.convert import needs_conversion
from documents.docx.validate import UploadRejected
from documents.selectors import document_for_user
from documents.services import document_create
from playbooks.selectors import versions_for_new_review
from review import selectors
from review.forms import NewReviewForm, SideForm, SideQuestionForm
from review.workflow import ReviewRefused, review_start, side_candidates, side_chosen
from review.workflow.analysis import check_active_cap
from review.workflow.form_keys import NEW_REVIEW, form_claim, form_done, form_release


@require_GET
def review_list(request: HttpRequest) -> HttpResponse:
    return render(request, "review/list.html", {"reviews": selectors.review_list_for_user(request.user)})


@require_http_methods(["GET", "POST"])
def review_new(request: HttpRequest) -> HttpResponse:
    versions = list(versions_for_new_review(request.user))
    if request.method == "POST" and "ours" in request.POST:
        return _review_new_side(request, versions)
    if request.method == "GET" and "document" in request.GET:
        return _review_new_side_question(request, versions)
    form = NewReviewForm(request.POST or None, request.FILES or None, versions=versions)
    if request.method == "POST" and form.is_valid():
        # The form's key (docs/decisions/hostile-input.md): the same form sent twice makes one review.
        claim, earlier = None, None
        if request.POST.get("key"):
            claim, earlier = form_claim(owner=request.user, kind=NEW_REVIEW, key=request.POST["key"])
        if earlier is not None:
            if earlier.review_id:
                return redirect("review:detail", review_id=earlier.review_id)
            form.add_error(None, "This form was already sent and its contract is being read; the review will be "
                                 "in your list in a moment.")
            return render(request, "review/new.html", {"form": form, "has_playbooks": bool(versions)})
        upload = form.cleaned_data["contract"]
        team = selectors.team_for_new_review(request.user)
        version = form.cleaned_data["version"]
        side_word = form.cleaned_data["party"] or version.playbook_spec.party
        data = upload.read(settings.REDPEN_MAX_UPLOAD_BYTES + 1)
        try:
            if needs_conversion(upload.name or "", data):
                # Converted by a job (documents/conversions.py); the review starts when it is done
                # (review/conversions.py). Refuse now what would be refused then.
                check_active_cap(request.user)
                conversion = conversion_start(
                    owner=request.user, team=team, filename=upload.name or "", data=data,
                    then={"review": {"playbook_version": version.pk, "party": form.cleaned_data["party"]}},
                )
                return redirect("documents:conversion", conversion_id=conversion.pk)
            document = document_create(owner=request.user, team=team, filename=upload.name, data=data)
            candidates = side_candidates(model=document.versions.order_by("number").first().text_model,
                                         side_word=side_word, playbook=version.playbook_spec)
            if candidates:
                # Which party is ours is not clear from the contract: asked once, here.
                if claim is not None:
                    form_release(claim)
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
            if claim is not None:
                form_done(claim, review=review)
            return redirect("review:detail", review_id=review.pk)
        if claim is not None:
            form_release(claim)  # refused: the same form may be sent again
    return render(request, "review/new.html", {"form": form, "has_playbooks": bool(versions)})


def _side_upload(request: HttpRequest, question: SideQuestionForm, versions: list) -> tuple[Any, Any, str, Any]:
    """(document, playbook version, side word, text model) a side question is about; 404 when
    the form is broken, the upload is another user's, or the playbook is not one of theirs."""
    if not question.is_valid():
        raise Http404("No such upload.")
    document = document_for_user(request.user, question.cleaned_data["document"])
    version = next((v for v in versions if v.pk == question.cleaned_data["playbook_version"]), None)
    if version is None:
        raise Http404("No such playbook.")
    side_word = question.cleaned_data["party"] or version.playbook_spec.party
    return document, version, side_word, document.versions.order_by("number").first().text_model


def _review_new_side_question(request: HttpRequest, versions: list) -> HttpResponse:
    """"Which party is ours?" for a contract that had to be converted first: the conversion
    comes here instead of starting the review (review/conversions.py)."""
    question = SideQuestionForm(request.GET)
    document, version, side_word, model = _side_upload(request, question, versions)
    candidates = side_candidates(model=model, side_word=side_word, playbook=version.playbook_spec)
    if not candidates:
        raise Http404("No question for this upload.")
    return render(request, "review/new.html", {
        "side": SideForm(initial={"document": document.pk, "playbook_version": version.pk,
                                  "party": question.cleaned_data["party"]}),
        "candidates": candidates, "side_word": side_word, "document": document})


def _review_new_side(request: HttpRequest, versions: list) -> HttpResponse:
    """The answer to "which party is ours?" for a contract uploaded a moment ago."""
    side = SideForm(request.POST)
    document, version, side_word, model = _side_upload(request, side, versions)
    try:
        parties = side_chosen(model=model, side_word=side_word, playbook=version.playbook_spec,
                              ours=side.cleaned_data["ours"])
        review = review_start(owner=request.user, team=document.team, document=document, playbook_version=version,
                              party=side.cleaned_data["party"], parties=parties)
    except ReviewRefused as exc:
        candidates = side_candidates(model=model, side_word=side_word, playbook=version.playbook_spec)
        return render(request, "review/new.html", {
            "side": side, "candidates": candidates, "side_word": side_word, "document": document,
            "side_error": str(exc)})
    return redirect("review:detail", review_id=review.pk)
