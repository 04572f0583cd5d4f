"""A decision as the card makes it: a variant the rule does not have answered in words, and
"edit" (the lawyer's own wording accepted in one step). Every decision goes through
``review_decide`` (review/workflow/decisions.py) and its guarded transaction; this module only
strings them together, so that a view makes one call.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User

from contracts.numbering import clause_label
from review.models import DecisionOutcome, Review

from .decisions import review_decide
from .results import DecisionResult

VARIANT_WORDS = frozenset({"mutual", "reciprocal", "bilateral", "one-way", "unilateral", "one way"})


@dataclass(frozen=True)
class CardRefusal(DecisionResult):
    """A refusal decided before the workflow was asked (nothing recorded): a warning."""

    @property
    def level(self) -> str:
        return "warning"


def variant_refusal(review: Review, recommendation_id: int, instruction: str) -> str:
    """A variant the rule does not have is answered in words ("this rule has no mutual version")
    before anything is asked of the engine; "" when the instruction is no such variant."""
    word = " ".join(instruction.lower().split()).strip(" .!")
    if word not in VARIANT_WORDS:
        return ""
    rec = review.recommendations.filter(pk=recommendation_id).only("rule_id").first()
    if rec is None:
        return ""
    try:
        rule = review.playbook_version.playbook_spec.rule(rec.rule_id)
    except KeyError:
        return ""
    names = [name for name, _ in rule.variants]
    if word in names:
        return ""
    if names:
        return f"This rule has no “{word}” version. Its variants: {', '.join(names)}."
    return f"This rule has no “{word}” version. Try “softer”, a number, or your own wording."


def card_decide(
    *,
    review: Review,
    actor: User,
    recommendation_id: int,
    proposal_id: int,
    action: str,
    idempotency_key: str,
    reason: str = "",
    instruction: str = "",
    wording: str = "",
    override: bool = False,
) -> DecisionResult:
    """One decision of the card. "edit" is a revision "replace with: ..." (kept in the history) and
    the acceptance of exactly the proposal it made; both carry keys derived from
    ``idempotency_key``, so a retry repeats neither. ``override``: the lawyer accepts their own
    wording despite the edit checker's warnings (docs/decisions/edit-checker.md); without it, such
    wording stays on the card with the warnings, as the current proposal."""
    key = idempotency_key
    common: dict[str, Any] = {"review": review, "recommendation_id": recommendation_id, "actor": actor}
    if action == "revise":
        refusal = variant_refusal(review, recommendation_id, instruction)
        if refusal:
            # Still decided through the workflow, so the attempt is recorded (trail, idempotency key);
            # the lawyer reads what this rule offers instead of the engine's general words.
            tried = review_decide(**common, proposal_id=proposal_id, action=action, idempotency_key=key,
                                  reason=reason, instruction=instruction)
            if tried.outcome == DecisionOutcome.FAILED:
                return dataclasses.replace(tried, message=refusal)
            return tried
    if action != "edit":
        return review_decide(**common, proposal_id=proposal_id, action=action, idempotency_key=key,
                             reason=reason, instruction=instruction, override=override)
    wording = wording.strip()
    if not wording:
        return CardRefusal(outcome="refused", message="Type the wording you want, or accept the proposed edit.")
    revised = review_decide(**common, proposal_id=proposal_id, action="revise", idempotency_key=f"{key[:60]}:r",
                            instruction=f"replace with: {wording}")
    if revised.outcome != "revised":
        return revised
    review.refresh_from_db()
    rec = review.recommendations.select_related("current_proposal").get(pk=recommendation_id)
    # (compared word for word: a clause titled by a heading shows its title on a line of its own;
    # a new clause takes the number the engine gives it, "3A.", where the lawyer typed none)
    if rec.current_proposal is None or _unnumbered(rec.current_proposal.after, wording).split() != wording.split():
        return CardRefusal(outcome="refused", message="Your wording was recorded as a revision; check it and accept.")
    return review_decide(**common, proposal_id=rec.current_proposal.pk, action="accept",
                         idempotency_key=f"{key[:60]}:a", override=override)


def _unnumbered(after: str, wording: str) -> str:
    """``after`` without the clause number the engine put before the lawyer's wording."""
    label = clause_label(after)
    if not label or clause_label(wording):
        return after
    return after.lstrip()[len(label):]
