"""Suggestions from the override statistics: deterministic, each with the numbers behind it.

Pure (no ORM). A suggestion only looks at the reviews that ran the rule as it is written now
(``RuleInfo.same_positions_versions`` / ``same_find_versions``): once an author has changed the
positions, older rejections of the old wording no longer argue for a change. Thresholds are
documented in ``docs/decisions/playbook-statistics.md``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .stats import PlaybookStats, RuleStats, group_texts

LAST_REVIEWS = 10  # a rule's recent history: its last ten reviews with a decision
MIN_REVIEWS = 5  # fewer decided reviews than this says nothing yet
MIN_REPEATS = 3  # the same instruction this often is a pattern
MIN_RUNS_FOR_FIND = 3  # reviews a rule must have run in before "never fires" means something

_LADDER_WORDS = re.compile(r"^(softer|fallback|fall back|more lenient|lenient|weaker|looser|concede|next position)$")
_NUMBER = re.compile(r"\d")


@dataclass(frozen=True)
class RuleInfo:
    """What a suggestion needs to know about a rule of the latest version."""

    id: str
    title: str
    line: int | None
    positions: int
    variants: tuple[str, ...]
    check_kind: str
    same_positions_versions: frozenset[int] = field(default_factory=frozenset)
    same_find_versions: frozenset[int] = field(default_factory=frozenset)


@dataclass(frozen=True)
class Suggestion:
    kind: str  # prefer-fallback | rethink-position | add-variant | prefer-variant | change-limit | check-find
    rule_id: str
    rule_title: str
    line: int | None
    evidence: str  # the numbers, in words
    advice: str  # what to consider


def _quote(text: str, limit: int = 80) -> str:
    text = text if len(text) <= limit else text[: limit - 1].rstrip() + "…"
    return f"\N{LEFT SINGLE QUOTATION MARK}{text}\N{RIGHT SINGLE QUOTATION MARK}"


def _rejections(rule: RuleInfo, stats: RuleStats) -> Suggestion | None:
    # The recent reviews of the rule as written now, each counted once.
    current = {f.review_id for bucket in stats.facts.values() for f in bucket
               if f.version in rule.same_positions_versions}
    recent = [item for item in stats.decided_reviews if item[0] in current][-LAST_REVIEWS:]
    if len(recent) < MIN_REVIEWS:
        return None
    rejected = sum(1 for _, _, was_rejected in recent if was_rejected)
    if rejected * 2 <= len(recent):
        return None
    recent_ids = {review_id for review_id, _, _ in recent}
    reasons = group_texts([
        (d.reason, f.recommendation_id)
        for f in stats.facts.get("rejected", [])
        if f.review_id in recent_ids and not f.redacted
        for d in f.decisions[-1:]
        if d.outcome == "rejected" and d.reason.strip()
    ])
    evidence = f"Rejected in {rejected} of its last {len(recent)} reviews"
    if reasons:
        evidence += f", most often {_quote(reasons[0].text)} ({reasons[0].count})"
    evidence += "."
    if rule.positions > 1:
        return Suggestion("prefer-fallback", rule.id, rule.title, rule.line, evidence,
                          "Consider making its first fallback the preferred position: lawyers keep conceding it.")
    return Suggestion("rethink-position", rule.id, rule.title, rule.line, evidence,
                      "Consider whether this is still the team's position, or add the wording lawyers accept as a "
                      "fallback.")


def _instructions(rule: RuleInfo, stats: RuleStats) -> list[Suggestion]:
    found: list[Suggestion] = []
    for group in stats.instructions:
        if group.count < MIN_REPEATS:
            continue
        text = group.text.lower().strip()
        evidence = f"Lawyers revised it with {_quote(group.text)} {group.count} times."
        if _LADDER_WORDS.match(text):
            if rule.positions > 1:
                found.append(Suggestion("prefer-fallback", rule.id, rule.title, rule.line, evidence,
                                        "Consider making the fallback the preferred position."))
            continue
        if text in {v.lower() for v in rule.variants}:
            found.append(Suggestion("prefer-variant", rule.id, rule.title, rule.line, evidence,
                                    f"Consider making the variant {_quote(group.text)} the preferred position."))
        elif _NUMBER.search(text) and rule.check_kind.startswith(("max_", "min_")):
            found.append(Suggestion("change-limit", rule.id, rule.title, rule.line, evidence,
                                    f"Consider changing the limit to {group.text}, or adding it as a fallback."))
        else:
            found.append(Suggestion("add-variant", rule.id, rule.title, rule.line, evidence,
                                    "Consider adding this wording as a named variant (or a fallback) so lawyers "
                                    "can pick it instead of retyping it."))
    return found


def _never_fires(rule: RuleInfo, stats: RuleStats) -> Suggestion | None:
    runs = sum(c.reviews for n, c in stats.by_version.items() if n in rule.same_find_versions)
    fired = sum(c.fired for n, c in stats.by_version.items() if n in rule.same_find_versions)
    if runs < MIN_RUNS_FOR_FIND:
        return None
    if rule.check_kind == "must_exist":
        # For must_exist, "missing" is what an unmatched find looks like.
        missing = sum(c.missing for n, c in stats.by_version.items() if n in rule.same_find_versions)
        if missing < runs:
            return None
        # Lawyers who accept the insertion confirm the clause really is absent: not a find problem.
        taken = stats.totals.accepted + stats.totals.revised
        if taken * 2 > stats.totals.decided:
            return None
        return Suggestion("check-find", rule.id, rule.title, rule.line,
                          f"Found its clause in none of {runs} contracts: it was reported missing every time.",
                          "Lawyers mostly declined to insert it: check its find, the clause may be there in words "
                          "the find does not know.")
    if fired:
        return None
    return Suggestion("check-find", rule.id, rule.title, rule.line,
                      f"Never fired: its find selected nothing in any of {runs} contracts.",
                      "Check its find (the words may be too narrow), or remove the rule if it no longer applies.")


def suggest(stats: PlaybookStats, rules: list[RuleInfo]) -> list[Suggestion]:
    """Suggestions in the latest version's rule order; at most one of each kind per rule."""
    result: list[Suggestion] = []
    for rule in rules:
        rule_stats = stats.rule(rule.id)
        if rule_stats is None:
            continue
        found: list[Suggestion] = []
        for candidate in (_rejections(rule, rule_stats), *_instructions(rule, rule_stats),
                          _never_fires(rule, rule_stats)):
            if candidate is not None and all(s.kind != candidate.kind for s in found):
                found.append(candidate)
        result.extend(found)
    return result
