"""A new review of a contract that had to be converted first: the review starts when its
conversion has made the document (documents/conversions.py sends ``converted`` in the
transaction that finishes the conversion; connected in review/apps.py)."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from documents.conversions import ConversionRefused
from playbooks.models import PlaybookVersion

from .workflow import ReviewRefused, review_start


def review_after_conversion(sender: Any, *, conversion: Any, document: Any, **kwargs: Any) -> str | None:
    """Start the review the upload asked for (``then["review"]``); its page is where to go next."""
    wanted = (conversion.then or {}).get("review")
    if not wanted:
        return None
    version = PlaybookVersion.objects.filter(pk=wanted.get("playbook_version")).first()
    if version is None:
        raise ConversionRefused("The playbook chosen for this contract no longer exists; start a new review.")
    try:
        review = review_start(owner=conversion.owner, team=conversion.team, document=document,
                              playbook_version=version, party=str(wanted.get("party") or ""))
    except ReviewRefused as exc:
        raise ConversionRefused(str(exc)) from exc
    return reverse("review:detail", args=[review.pk])
