"""``{% final_check review as findings %}``: the last look at a completed review's final version
(review/workflow/final_check.py), for the completion page."""

from __future__ import annotations

from django import template

from review.models import Review
from review.workflow.final_check import FinalFinding, review_final_check

register = template.Library()


@register.simple_tag
def final_check(review: Review) -> list[FinalFinding]:
    return review_final_check(review)
