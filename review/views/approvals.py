"""Approvals (docs/decisions/approvals.md): the item page an inbox entry opens, and the
approver's actions (take, approve, send back)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from review import presenters
from review.inbox import approval_for_user
from review.workflow import approval_decide, approval_take


@require_GET
def approval_detail(request: HttpRequest, approval_id: int) -> HttpResponse:
    approval = approval_for_user(request.user, approval_id)
    return render(request, "review/approval.html", presenters.approval_context(request.user, approval))


@require_POST
def approval_act(request: HttpRequest, approval_id: int) -> HttpResponse:
    approval = approval_for_user(request.user, approval_id)
    action = request.POST.get("action", "")
    if action == "take":
        result = approval_take(approval=approval, actor=request.user)
    elif (action == "approve" and approval.recommendation.severity == "critical"
          and request.POST.get("confirm_critical") != "yes"):
        # One key must never approve a critical item: the page asks for an explicit confirmation.
        messages.warning(request, "This is a critical item: tick the confirmation before approving it.")
        return redirect("review:approval", approval_id=approval.pk)
    elif action in ("approve", "send_back"):
        result = approval_decide(approval=approval, actor=request.user, approve=action == "approve",
                                 comment=request.POST.get("comment", ""))
    else:
        messages.error(request, "Unknown action.")
        return redirect("review:approval", approval_id=approval.pk)
    (messages.success if result.ok else messages.warning)(request, result.message)
    if result.ok and action != "take":
        return redirect("inbox:list")
    return redirect("review:approval", approval_id=approval.pk)
