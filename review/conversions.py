"""What follows a conversion started by a review page (documents/conversions.py sends
``converted`` in the transaction that finishes the conversion; connected in review/apps.py):
- a new review of a contract that had to be converted first starts (``then["review"]``), or, when
  the contract does not say which party is ours, the upload's question is asked first;
- their returned draft that had to be converted first is submitted as the next round
  (``then["round"]``, review/workflow/round_intake.py).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.urls import reverse

from documents.conversions import ConversionRefused
from playbooks.models import PlaybookVersion

from .models import Review
from .workflow import ReviewRefused, review_start, side_candidates


def review_after_conversion(sender: Any, *, conversion: Any, document: Any, **kwargs: Any) -> str | None:
    """Start the review the upload asked for (``then["review"]``); its page is where to go next."""
    wanted = (conversion.then or {}).get("review")
    if not wanted:
        return None
    version = PlaybookVersion.objects.filter(pk=wanted.get("playbook_version")).first()
    if version is None:
        raise ConversionRefused("The playbook chosen for this contract no longer exists; start a new review.")
    party = str(wanted.get("party") or "")
    model = document.versions.order_by("number").first().text_model
    if side_candidates(model=model, side_word=party or version.playbook_spec.party, playbook=version.playbook_spec):
        # Which party is ours is not clear from the contract: asked once, as a .docx upload is
        # asked (review/views/reviews.py), before the analysis starts.
        query = urlencode({"document": document.pk, "playbook_version": version.pk, "party": party})
        return f"{reverse('review:new')}?{query}"
    try:
        review = review_start(owner=conversion.owner, team=conversion.team, document=document,
                              playbook_version=version, party=party)
    except ReviewRefused as exc:
        raise ConversionRefused(str(exc)) from exc
    return reverse("review:detail", args=[review.pk])


def round_after_conversion(sender: Any, *, conversion: Any, document: Any, **kwargs: Any) -> str | None:
    """Submit the round the *Next round* form asked for (``then["round"]``) with the converted
    draft; the review's page is where to go next. A round refused, or the same draft already
    compared, fails the conversion with the reason (shown on the review's page) and deletes the
    converted draft: the review is as it was."""
    from django.contrib.auth import get_user_model

    from .workflow.round_intake import round_submit_document

    wanted = (conversion.then or {}).get("round")
    if not wanted:
        return None
    review = Review.objects.filter(pk=wanted.get("review")).select_related("document").first()
    actor = get_user_model().objects.filter(pk=wanted.get("actor")).first()
    if review is None or actor is None:
        raise ConversionRefused("The review this draft was sent to no longer exists.", discard=True)
    try:
        submission = round_submit_document(
            review=review, returned=document, actor=actor, author=str(wanted.get("author") or ""),
            key=str(wanted.get("key") or ""), sent_version_id=wanted.get("sent_version"))
    except ReviewRefused as exc:
        raise ConversionRefused(str(exc), discard=True) from exc
    if submission.duplicate:
        raise ConversionRefused(submission.message, discard=True)
    return reverse("review:detail", args=[review.pk])
