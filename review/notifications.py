"""E-mail (Django's mail backend; the console in the embedded default).

- Approvers get one digest per interval listing every item that is new to them, not one mail
  per item; a row per (approver, item) makes sure nothing is mailed twice, even when two
  digest runs overlap (the unique constraint decides).
- The owner of a long contract gets a mail when its analysis finishes.
Links go to the inbox item / the review, on ``REDPEN_BASE_URL``.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.conf import settings
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.urls import reverse

from .gates import in_review_team
from .models import Approval, ApprovalNotification, ApprovalStatus, Review


@dataclass
class DigestReport:
    mails: int = 0
    items: int = 0
    recipients: list[str] = field(default_factory=list)


def _recipients(approval: Approval) -> list:
    if approval.approver_user_id:
        users = [approval.approver_user]
    elif approval.approver_group_id:
        users = list(approval.approver_group.user_set.filter(is_active=True))
    else:
        users = []
    # Only approvers of the review's team: nobody is mailed an item they may not open.
    return [u for u in users if u.pk != approval.requested_by_id and u.email and in_review_team(u, approval.review)]


def approval_digests_send() -> DigestReport:
    report = DigestReport()
    pending: dict[int, list[Approval]] = defaultdict(list)
    users = {}
    open_items = Approval.objects.filter(status=ApprovalStatus.OPEN).select_related(
        "review", "recommendation", "requested_by", "approver_user", "approver_group"
    )
    for approval in open_items:
        for user in _recipients(approval):
            if not ApprovalNotification.objects.filter(user=user, approval=approval).exists():
                pending[user.pk].append(approval)
                users[user.pk] = user
    for user_id, approvals in pending.items():
        claimed: list[Approval] = []
        for approval in approvals:
            try:
                with transaction.atomic():
                    ApprovalNotification.objects.create(user_id=user_id, approval=approval)
                claimed.append(approval)
            except IntegrityError:
                continue  # another digest run mentioned it already
        if not claimed:
            continue
        user = users[user_id]
        lines = [f"{len(claimed)} decision{'s' if len(claimed) != 1 else ''} wait for your approval in Redpen:", ""]
        for approval in claimed:
            url = settings.REDPEN_BASE_URL + reverse("review:approval", args=[approval.pk])
            lines.append(f"- {approval.recommendation.rule_title} ({approval.recommendation.severity}) in "
                         f"“{approval.review.title}”, {approval.get_kind_display().lower()} by "
                         f"{approval.requested_by}: {url}")
        lines += ["", f"Your inbox: {settings.REDPEN_BASE_URL}{reverse('inbox:list')}"]
        send_mail(
            subject=f"[Redpen] {len(claimed)} item{'s' if len(claimed) != 1 else ''} waiting for your approval",
            message="\n".join(lines),
            from_email=None,
            recipient_list=[user.email],
        )
        report.mails += 1
        report.items += len(claimed)
        report.recipients.append(user.email)
    return report


def analysis_finished_notify(*, review_id: int, paragraphs: int) -> bool:
    if paragraphs < settings.REDPEN_LONG_CONTRACT_PARAGRAPHS:
        return False
    review = Review.objects.select_related("owner").filter(pk=review_id).first()
    if review is None or not review.owner.email:
        return False
    url = settings.REDPEN_BASE_URL + reverse("review:detail", args=[review.pk])
    n = review.recommendations.count()
    send_mail(
        subject=f"[Redpen] Analysis finished: {review.title}",
        message=(f"The analysis of “{review.title}” ({paragraphs} paragraphs) has finished with {n} "
                 f"recommendation{'s' if n != 1 else ''} to decide.\n\nOpen the review: {url}\n"),
        from_email=None,
        recipient_list=[review.owner.email],
    )
    return True

