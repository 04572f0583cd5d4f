"""The completion page's helpers: ``{% final_check review as findings %}``, the last look at the
final version (review/workflow/final_check.py), and ``{% review_round review as round %}``, the
latest round for its two redlines (review/workflow/rounds.py)."""

from __future__ import annotations

from django import template

from review.models import Review
from review.workflow.final_check import FinalFinding, review_final_check
from review.workflow.rounds import RoundRedlines, round_of

register = template.Library()


@register.simple_tag
def final_check(review: Review) -> list[FinalFinding]:
    return review_final_check(review)


@register.simple_tag
def review_round(review: Review) -> RoundRedlines | None:
    """The review's latest round (their returned draft, our version it was compared with), if any."""
    return round_of(review)
