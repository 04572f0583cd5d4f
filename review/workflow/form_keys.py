"""Idempotency keys of forms whose work comes before the row that could carry the key (a new
review: the upload is read first). The key is claimed in a short transaction before the work
(``form_claim``), pointed at what the work made (``form_done``), or released when the work was
refused (``form_release``), so the same form may be sent again. A second request with a claimed
key gets the first one's review, or is told the first is still being worked on.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction

from review.models import FormSubmission, Review

NEW_REVIEW = "review_new"


def form_claim(*, owner: User, kind: str, key: str) -> tuple[FormSubmission | None, FormSubmission | None]:
    """(the claim, None) for the first request with ``key``; (None, the earlier claim) after."""
    key = key.strip()[:64]
    try:
        with transaction.atomic():
            return FormSubmission.objects.create(owner=owner, kind=kind, idempotency_key=key), None
    except IntegrityError:
        return None, FormSubmission.objects.filter(owner=owner, kind=kind, idempotency_key=key).first()


def form_done(claim: FormSubmission, *, review: Review, message: str = "") -> None:
    FormSubmission.objects.filter(pk=claim.pk).update(review=review, message=message)


def form_release(claim: FormSubmission) -> None:
    FormSubmission.objects.filter(pk=claim.pk, review__isnull=True).delete()
