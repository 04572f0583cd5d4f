"""Reads behind a playbook's statistics pages: the decisions of the reviews pinned to its versions,
as plain facts for ``playbooks.stats`` (pure aggregation). Here, not in playbooks: they read the
review record, which sits above playbooks."""

from __future__ import annotations

from playbooks import selectors, stats
from playbooks.models import Playbook
from playbooks.selectors import User
from playbooks.stats import DecisionFact, OutcomeFact, RecommendationFact

from ..models import Approval, Decision, Recommendation, RuleOutcome
from ..selectors import reviews_visible_to


def stats_facts(
    playbook: Playbook, *, version: int | None = None
) -> tuple[list[RecommendationFact], list[OutcomeFact]]:
    """Every recommendation (with its decisions) and every rule outcome of the reviews pinned to
    this playbook's versions (or one version), as plain facts for ``playbooks.stats``. Failed
    analyses recommend nothing and are not counted. Redacted reviews are read like the others:
    retention left their statuses, ladder positions and variants, and emptied their texts."""
    reviews = {"review__playbook_version__playbook": playbook}
    if version is not None:
        reviews["review__playbook_version__number"] = version
    comments = {
        a["decision_id"]: a["comment"]
        for a in Approval.objects.filter(**reviews, status="sent_back").values("decision_id", "comment")
    }
    decisions: dict[int, list[DecisionFact]] = {}
    rows = (
        Decision.objects.filter(**reviews)
        .exclude(outcome__in=["stale", "failed"])
        .order_by("created_at", "pk")
        .values(
            "pk", "recommendation_id", "action", "outcome", "reason", "instruction", "proposal__position",
            "proposal__variant", "actor__username", "created_at", "review__redacted_at",
        )
    )
    for row in rows:
        redacted = row["review__redacted_at"] is not None
        decisions.setdefault(row["recommendation_id"], []).append(
            DecisionFact(
                decision_id=row["pk"], action=row["action"], outcome=row["outcome"], reason=row["reason"],
                instruction=row["instruction"], position=row["proposal__position"],
                variant=row["proposal__variant"], actor=row["actor__username"], created_at=row["created_at"],
                comment="" if redacted else comments.get(row["pk"], ""),
            )
        )
    recommendations = [
        RecommendationFact(
            recommendation_id=row["pk"], review_id=row["review_id"], review_title=row["review__title"],
            review_started=row["review__created_at"], redacted=row["review__redacted_at"] is not None,
            version=row["review__playbook_version__number"], rule_id=row["rule_id"], rule_title=row["rule_title"],
            status=row["status"], decisions=tuple(decisions.get(row["pk"], ())),
        )
        for row in Recommendation.objects.filter(**reviews).order_by("review_id", "ordinal").values(
            "pk", "review_id", "review__title", "review__created_at", "review__redacted_at",
            "review__playbook_version__number", "rule_id", "rule_title", "status",
        )
    ]
    outcomes = [
        OutcomeFact(
            review_id=row["review_id"], version=row["review__playbook_version__number"], rule_id=row["rule_id"],
            rule_title=row["title"], status=row["status"], review_started=row["review__created_at"],
        )
        for row in RuleOutcome.objects.filter(**reviews).order_by("review_id", "ordinal").values(
            "review_id", "review__playbook_version__number", "rule_id", "title", "status", "review__created_at",
        )
    ]
    return recommendations, outcomes


def playbook_stats(playbook: Playbook, version: int | None) -> stats.PlaybookStats:
    """The statistics of one playbook (or one of its versions), rules in the latest version's order."""
    recommendations, outcomes = stats_facts(playbook, version=version)
    latest = selectors.latest_version(playbook)
    order = [(r.id, r.title) for r in latest.playbook_spec.rules] if latest else []
    return stats.compute(name=playbook.name, recommendations=recommendations, outcomes=outcomes, rule_order=order)


def reviews_visible_ids(user: User, review_ids: set[int]) -> set[int]:
    """Which of these reviews the user may open (drill-down links only those)."""
    if not user.is_authenticated or not review_ids:
        return set()
    return set(reviews_visible_to(user).filter(pk__in=review_ids).values_list("pk", flat=True))
