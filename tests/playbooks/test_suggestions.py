"""Suggestions from synthetic facts (pure: no database)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from playbooks import stats, suggestions
from playbooks.stats import DecisionFact, OutcomeFact, RecommendationFact
from playbooks.suggestions import RuleInfo

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def rec(n: int, rule: str, status: str, *decisions: tuple[str, str, str], version: int = 1) -> RecommendationFact:
    return RecommendationFact(
        recommendation_id=n, review_id=n, review_title=f"Review {n}", review_started=T0 + timedelta(days=n),
        redacted=False, version=version, rule_id=rule, rule_title=rule, status=status,
        decisions=tuple(
            DecisionFact(decision_id=n * 10 + i, action=a, outcome=o, reason=t if a == "reject" else "",
                         instruction=t if a == "revise" else "", position=None, variant="", actor="x",
                         created_at=T0 + timedelta(days=n, minutes=i))
            for i, (a, o, t) in enumerate(decisions)
        ),
    )


def info(rule: str, *, kind: str = "max_days", positions: int = 2, variants: tuple[str, ...] = ()) -> RuleInfo:
    return RuleInfo(id=rule, title=rule.title(), line=3, positions=positions, variants=variants, check_kind=kind,
                    same_positions_versions=frozenset({1}), same_find_versions=frozenset({1}))


def run(recs, outcomes=(), infos=()):  # type: ignore[no-untyped-def]
    result = stats.compute(name="p", recommendations=list(recs), outcomes=list(outcomes))
    return suggestions.suggest(result, list(infos))


def test_a_majority_of_rejections_needs_five_reviews_and_more_than_half():
    four = [rec(i, "cap", "rejected", ("reject", "rejected", "too low")) for i in range(4)]
    assert run(four, infos=[info("cap")]) == []
    five = [*four, rec(9, "cap", "accepted", ("accept", "applied", ""))]
    (only,) = run([*five, rec(10, "cap", "rejected", ("reject", "rejected", "Too low."))], infos=[info("cap")])
    assert only.kind == "prefer-fallback" and only.evidence.startswith("Rejected in 5 of its last 6 reviews")
    half = [*four[:3], *(rec(20 + i, "cap", "accepted", ("accept", "applied", "")) for i in range(3))]
    assert run(half, infos=[info("cap")]) == []
    # Without a fallback to promote, the advice is to rethink the position.
    (single,) = run([*four, rec(30, "cap", "rejected", ("reject", "rejected", ""))], infos=[info("cap", positions=1)])
    assert single.kind == "rethink-position" and "most often" in single.evidence


def test_only_the_last_ten_reviews_count():
    old = [rec(i, "cap", "rejected", ("reject", "rejected", "x")) for i in range(10)]
    new = [rec(100 + i, "cap", "accepted", ("accept", "applied", "")) for i in range(6)]
    assert run([*old, *new], infos=[info("cap")]) == []


def test_repeated_instructions_suggest_a_variant_a_limit_or_the_variant_itself():
    def revised(n: int, rule: str, text: str) -> RecommendationFact:
        return rec(n, rule, "accepted", ("revise", "revised", text), ("accept", "applied", ""))

    recs = [revised(i, "pay", "45 days") for i in range(3)]
    recs += [revised(10 + i, "law", "governed by Delaware law" if i else "Governed by Delaware law.") for i in range(3)]
    recs += [revised(20 + i, "conf", "mutual") for i in range(3)]
    recs += [revised(30 + i, "rare", "something") for i in range(2)]
    found = {s.rule_id: s for s in run(recs, infos=[info("pay"), info("law", kind="must_match"),
                                                     info("conf", kind="must_match", variants=("mutual",)),
                                                     info("rare")])}
    assert found["pay"].kind == "change-limit" and "45 days" in found["pay"].advice
    assert found["law"].kind == "add-variant" and "3 times" in found["law"].evidence
    assert found["conf"].kind == "prefer-variant"
    assert "rare" not in found


def test_a_rule_that_never_fires_and_a_clause_never_found_that_lawyers_decline():
    outcomes = [OutcomeFact(review_id=i, version=1, rule_id="esc", rule_title="Escrow", status="not_found",
                            review_started=T0 + timedelta(days=i)) for i in range(3)]
    (never,) = run([], outcomes, [info("esc", kind="must_not_exist")])
    assert never.kind == "check-find" and "any of 3 contracts" in never.evidence
    assert run([], outcomes[:2], [info("esc", kind="must_not_exist")]) == []

    missing = [OutcomeFact(review_id=i, version=1, rule_id="cap", rule_title="Cap", status="missing",
                           review_started=T0 + timedelta(days=i)) for i in range(3)]
    declined = [rec(i, "cap", "rejected", ("reject", "rejected", "already in 9.2")) for i in range(2)]
    declined.append(rec(2, "cap", "accepted", ("accept", "applied", "")))
    (check,) = run(declined, missing, [info("cap", kind="must_exist", positions=1)])
    assert check.kind == "check-find" and "none of 3 contracts" in check.evidence
    accepted = [rec(i, "cap", "accepted", ("accept", "applied", "")) for i in range(3)]
    assert run(accepted, missing, [info("cap", kind="must_exist", positions=1)]) == []
