"""Override statistics of a playbook: what lawyers did with each rule's recommendations.

Pure aggregation (no ORM): ``stats_facts`` in review/authoring/stats.py reads the rows and turns them
into the plain facts below; this module counts them, groups the free-text reasons and
instructions, and follows each rule across versions. How the numbers are defined is written
down in ``docs/decisions/playbook-statistics.md``.

Invariants:
- Every recommendation is counted exactly once, in the bucket of its final state: accepted as
  proposed, accepted after a revision, rejected, open (pending or awaiting approval) or no
  longer applies.
- A redacted review counts like any other; its reasons and instructions (whose text retention
  removed) are counted as ``redacted``, never shown.
- Output order is deterministic (counts descending, then text), so a page, the CSV and the
  JSON of one history are always the same.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

# Final state of a recommendation, as counted.
ACCEPTED = "accepted"  # accepted as proposed by the analysis
REVISED = "revised"  # accepted after at least one revision
REJECTED = "rejected"
OPEN = "open"  # still pending, or waiting for an approver
SUPERSEDED = "superseded"  # the text changed under it: nothing to decide
SENT_BACK = "sent_back"  # not a final state: a decision an approver returned (drill-down bucket)
BUCKETS = (ACCEPTED, REVISED, REJECTED, OPEN, SUPERSEDED, SENT_BACK)
BUCKET_LABELS = {
    ACCEPTED: "accepted as proposed",
    REVISED: "accepted after a revision",
    REJECTED: "rejected",
    OPEN: "open",
    SUPERSEDED: "no longer applies",
    SENT_BACK: "sent back by an approver",
}

_STATUS_LABELS = {
    "pending": "open", "awaiting_approval": "awaiting approval", "accepted": "accepted", "rejected": "rejected",
    "superseded": "no longer applies",
}

# Two reasons are one group when their word sets overlap this much (Jaccard), or when their
# sorted words read alike (difflib ratio, catches typos), and they agree on negation.
SAME_GROUP_JACCARD = 0.75
SAME_GROUP_RATIO = 0.88
_NEGATIONS = frozenset({"not", "no", "never", "without", "cannot", "nor"})
_STOPWORDS = frozenset({
    "a", "an", "the", "is", "are", "was", "were", "be", "been", "it", "its", "it's", "this", "that", "these",
    "those", "of", "to", "and", "or", "for", "in", "on", "at", "by", "as", "we", "our", "us", "they",
    "their", "them", "i", "me", "my", "so", "very", "just", "per", "with", "from", "which",
})
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")


@dataclass(frozen=True)
class DecisionFact:
    decision_id: int
    action: str  # accept | reject | revise
    outcome: str  # review.models.DecisionOutcome values
    reason: str
    instruction: str
    position: int | None  # ladder index of the proposal decided (0 = preferred)
    variant: str
    actor: str
    created_at: datetime
    comment: str = ""  # the approver's, for a decision sent back


@dataclass(frozen=True)
class RecommendationFact:
    recommendation_id: int
    review_id: int
    review_title: str
    review_started: datetime
    redacted: bool
    version: int
    rule_id: str
    rule_title: str
    status: str  # review.models.RecommendationStatus values
    decisions: tuple[DecisionFact, ...] = ()

    @property
    def status_label(self) -> str:
        return _STATUS_LABELS.get(self.status, self.status)


@dataclass(frozen=True)
class OutcomeFact:
    """What one rule found in one review: ok | issue | missing | not_found | not_expected."""

    review_id: int
    version: int
    rule_id: str
    rule_title: str
    status: str
    review_started: datetime


@dataclass
class TextGroup:
    """Near-duplicate texts counted together; ``text`` is the group's most frequent wording."""

    text: str
    count: int
    variants: list[str] = field(default_factory=list)
    recommendation_ids: list[int] = field(default_factory=list)


@dataclass
class Counts:
    recommendations: int = 0
    accepted: int = 0
    revised: int = 0
    rejected: int = 0
    open: int = 0
    superseded: int = 0
    sent_back: int = 0
    # Approved, but the edit could not be carried onto the text (docs/decisions/approvals.md): not
    # the approver's "no", so never counted as sent back.
    failed_application: int = 0
    fallback: int = 0  # accepted (either way) on a position after the preferred one
    reviews: int = 0  # reviews in which the rule ran
    fired: int = 0  # ... and its find selected something (a must_exist rule "fires" when missing)
    missing: int = 0  # ... and the clause a must_exist rule wants was not there

    def add(self, bucket: str) -> None:
        self.recommendations += 1
        setattr(self, bucket, getattr(self, bucket) + 1)

    @property
    def decided(self) -> int:
        return self.accepted + self.revised + self.rejected

    @property
    def rejection_rate(self) -> float | None:
        return self.rejected / self.decided if self.decided else None

    def to_dict(self) -> dict[str, int]:
        return {
            "recommendations": self.recommendations,
            "accepted": self.accepted,
            "revised": self.revised,
            "rejected": self.rejected,
            "open": self.open,
            "superseded": self.superseded,
            "sent_back": self.sent_back,
            "fallback": self.fallback,
        }


@dataclass
class RuleStats:
    rule_id: str
    title: str
    totals: Counts = field(default_factory=Counts)
    by_version: dict[int, Counts] = field(default_factory=dict)
    reasons: list[TextGroup] = field(default_factory=list)
    reasons_redacted: int = 0
    reasons_missing: int = 0
    instructions: list[TextGroup] = field(default_factory=list)
    instructions_redacted: int = 0
    positions_accepted: Counter[int] = field(default_factory=Counter)  # ladder index -> accepted count
    variants_accepted: Counter[str] = field(default_factory=Counter)
    not_found_reviews: int = 0
    missing_reviews: int = 0
    # Drill-down: bucket -> the recommendations behind the number.
    facts: dict[str, list[RecommendationFact]] = field(default_factory=dict)
    # Chronological per review: (review id, started, rejected in it?) for reviews with a decision.
    decided_reviews: list[tuple[int, datetime, bool]] = field(default_factory=list)

    @property
    def accepted_positions(self) -> list[tuple[int, int]]:
        """(ladder index, count), preferred first (templates cannot call Counter methods)."""
        return sorted(self.positions_accepted.items())

    @property
    def accepted_variants(self) -> list[tuple[str, int]]:
        return sorted(self.variants_accepted.items(), key=lambda kv: (-kv[1], kv[0]))

    def to_dict(self) -> dict[str, Any]:
        return {
            "rule_id": self.rule_id,
            "title": self.title,
            **self.totals.to_dict(),
            "reasons": [{"text": g.text, "count": g.count} for g in self.reasons],
            "reasons_redacted": self.reasons_redacted,
            "reasons_missing": self.reasons_missing,
            "instructions": [{"text": g.text, "count": g.count} for g in self.instructions],
            "instructions_redacted": self.instructions_redacted,
            "by_version": {str(n): c.to_dict() for n, c in sorted(self.by_version.items())},
        }


@dataclass
class PlaybookStats:
    name: str
    versions: list[int]  # the versions covered, ascending
    rules: list[RuleStats]
    totals: Counts
    by_version: dict[int, Counts]
    reviews: int

    def rule(self, rule_id: str) -> RuleStats | None:
        return next((r for r in self.rules if r.rule_id == rule_id), None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "playbook": self.name,
            "versions": self.versions,
            "reviews": self.reviews,
            "totals": self.totals.to_dict(),
            "rules": [r.to_dict() for r in self.rules],
        }


# -- text grouping ---------------------------------------------------------------------------


def normalise(text: str) -> str:
    """The comparable form of a reason: NFKC, lower case, straight quotes, single spaces, no
    surrounding punctuation."""
    text = unicodedata.normalize("NFKC", text).lower()
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    text = re.sub(r"\s+", " ", text).strip()
    return text.strip(" .,;:!?\"'()[]-")


def _stem(word: str) -> str:
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def tokens(text: str) -> frozenset[str]:
    words = [_stem(w) for w in _WORD.findall(normalise(text).replace("-", " "))]
    kept = frozenset(w for w in words if w not in _STOPWORDS)
    return kept or frozenset(words)


def similar(a: str, b: str) -> bool:
    """Near-duplicates: most words shared (or the same words with a typo), same negation."""
    ta, tb = tokens(a), tokens(b)
    if not ta or not tb:
        return normalise(a) == normalise(b)
    if bool(ta & _NEGATIONS) != bool(tb & _NEGATIONS):
        return False
    if len(ta & tb) / len(ta | tb) >= SAME_GROUP_JACCARD:
        return True
    return difflib.SequenceMatcher(None, " ".join(sorted(ta)), " ".join(sorted(tb))).ratio() >= SAME_GROUP_RATIO


def group_texts(items: list[tuple[str, int]]) -> list[TextGroup]:
    """Group ``(text, recommendation id)`` pairs; the most frequent wordings lead their group.

    Greedy and deterministic: distinct normalised texts are visited by frequency, then
    alphabetically, and each joins the first group whose leading text it resembles."""
    by_text: dict[str, list[int]] = {}
    display: dict[str, Counter[str]] = {}
    for text, rec_id in items:
        key = normalise(text)
        if not key:
            continue
        by_text.setdefault(key, []).append(rec_id)
        display.setdefault(key, Counter())[text.strip()] += 1
    groups: list[TextGroup] = []
    for key in sorted(by_text, key=lambda k: (-len(by_text[k]), k)):
        target = next((g for g in groups if similar(g.variants[0], key)), None)
        if target is None:
            target = TextGroup(text="", count=0)
            groups.append(target)
        target.variants.append(key)
        target.count += len(by_text[key])
        target.recommendation_ids.extend(by_text[key])
    for group in groups:
        # The label: the leading normalised text, written the way people wrote it most often.
        lead = group.variants[0]
        group.text = sorted(display[lead].items(), key=lambda kv: (-kv[1], kv[0]))[0][0].rstrip(" .")
    return sorted(groups, key=lambda g: (-g.count, g.text.lower()))


# -- aggregation -----------------------------------------------------------------------------


def bucket_of(fact: RecommendationFact) -> str:
    if fact.status == "accepted":
        revised = any(d.outcome == "revised" for d in fact.decisions)
        return REVISED if revised else ACCEPTED
    if fact.status == "rejected":
        return REJECTED
    if fact.status == "superseded":
        return SUPERSEDED
    return OPEN


def _final(fact: RecommendationFact, outcome: str) -> DecisionFact | None:
    matching = [d for d in fact.decisions if d.outcome == outcome]
    return matching[-1] if matching else None


def compute(
    *,
    name: str,
    recommendations: list[RecommendationFact],
    outcomes: list[OutcomeFact],
    rule_order: list[tuple[str, str]] = (),  # type: ignore[assignment]
) -> PlaybookStats:
    """Aggregate one playbook's history. ``rule_order`` (id, title) puts the current version's
    rules first in their file order, with their current titles; rules only older versions had
    follow, in order of first appearance."""
    rules: dict[str, RuleStats] = {rid: RuleStats(rule_id=rid, title=title) for rid, title in rule_order}
    totals = Counts()
    by_version: dict[int, Counts] = {}
    versions: set[int] = set()
    reviews: set[int] = set()

    def rule_for(rule_id: str, title: str) -> RuleStats:
        if rule_id not in rules:
            rules[rule_id] = RuleStats(rule_id=rule_id, title=title)
        return rules[rule_id]

    for outcome in sorted(outcomes, key=lambda o: (o.review_started, o.review_id)):
        stats = rule_for(outcome.rule_id, outcome.rule_title)
        versions.add(outcome.version)
        reviews.add(outcome.review_id)
        fired = outcome.status not in ("not_found", "not_expected")
        for counts in (stats.totals, stats.by_version.setdefault(outcome.version, Counts())):
            counts.reviews += 1
            counts.fired += int(fired)
            counts.missing += int(outcome.status == "missing")
        stats.not_found_reviews += int(outcome.status == "not_found")
        stats.missing_reviews += int(outcome.status == "missing")

    reasons: dict[str, list[tuple[str, int]]] = {}
    instructions: dict[str, list[tuple[str, int]]] = {}
    per_review: dict[str, dict[int, tuple[datetime, bool]]] = {}
    for fact in sorted(recommendations, key=lambda f: (f.review_started, f.review_id, f.recommendation_id)):
        stats = rule_for(fact.rule_id, fact.rule_title)
        versions.add(fact.version)
        reviews.add(fact.review_id)
        bucket = bucket_of(fact)
        for counts in (
            stats.totals,
            stats.by_version.setdefault(fact.version, Counts()),
            totals,
            by_version.setdefault(fact.version, Counts()),
        ):
            counts.add(bucket)
        stats.facts.setdefault(bucket, []).append(fact)

        sent_back = sum(1 for d in fact.decisions if d.outcome == "sent_back")
        if sent_back:
            stats.facts.setdefault(SENT_BACK, []).append(fact)
            for counts in (stats.totals, stats.by_version[fact.version], totals, by_version[fact.version]):
                counts.sent_back += sent_back
        failed = sum(1 for d in fact.decisions if d.outcome == "failed_application")
        if failed:
            for counts in (stats.totals, stats.by_version[fact.version], totals, by_version[fact.version]):
                counts.failed_application += failed

        if bucket in (ACCEPTED, REVISED):
            applied = _final(fact, "applied")
            if applied is not None and applied.position is not None:
                stats.positions_accepted[applied.position] += 1
                if applied.position > 0:
                    for counts in (stats.totals, stats.by_version[fact.version], totals, by_version[fact.version]):
                        counts.fallback += 1
            if applied is not None and applied.variant:
                stats.variants_accepted[applied.variant] += 1
        if bucket == REJECTED:
            rejection = _final(fact, "rejected")
            if fact.redacted:
                stats.reasons_redacted += 1
            elif rejection is None or not rejection.reason.strip():
                stats.reasons_missing += 1
            else:
                reasons.setdefault(fact.rule_id, []).append((rejection.reason, fact.recommendation_id))
        for decision in fact.decisions:
            if decision.outcome != "revised":
                continue
            if fact.redacted:
                stats.instructions_redacted += 1
            elif decision.instruction.strip():
                instructions.setdefault(fact.rule_id, []).append((decision.instruction, fact.recommendation_id))
        if bucket in (ACCEPTED, REVISED, REJECTED):
            seen = per_review.setdefault(fact.rule_id, {})
            started, rejected_before = seen.get(fact.review_id, (fact.review_started, False))
            seen[fact.review_id] = (started, rejected_before or bucket == REJECTED)

    for rule_id, stats in rules.items():
        stats.reasons = group_texts(reasons.get(rule_id, []))
        stats.instructions = group_texts(instructions.get(rule_id, []))
        stats.decided_reviews = sorted(
            ((rid, started, rejected) for rid, (started, rejected) in per_review.get(rule_id, {}).items()),
            key=lambda item: (item[1], item[0]),
        )
    return PlaybookStats(
        name=name,
        versions=sorted(versions),
        rules=list(rules.values()),
        totals=totals,
        by_version=dict(sorted(by_version.items())),
        reviews=len(reviews),
    )


def csv_rows(stats: PlaybookStats) -> list[list[str]]:
    """One row per rule and version, then per rule for all versions ("all")."""
    header = [
        "playbook", "version", "rule_id", "title", "recommendations", "accepted", "revised", "rejected", "open",
        "no_longer_applies", "sent_back", "fallback_accepted", "reviews", "fired", "top_reasons",
    ]
    rows = [header]
    for rule in stats.rules:
        scopes: list[tuple[str, Counts]] = [(str(n), c) for n, c in sorted(rule.by_version.items())]
        scopes.append(("all", rule.totals))
        for label, c in scopes:
            top = "; ".join(f"{g.text} ({g.count})" for g in rule.reasons[:3]) if label == "all" else ""
            rows.append([
                stats.name, label, rule.rule_id, rule.title, str(c.recommendations), str(c.accepted), str(c.revised),
                str(c.rejected), str(c.open), str(c.superseded), str(c.sent_back), str(c.fallback), str(c.reviews),
                str(c.fired), top,
            ])
    return [[csv_safe(cell) for cell in row] for row in rows]


def csv_safe(cell: str) -> str:
    """A spreadsheet must not run a cell as a formula: reasons are free text."""
    return "'" + cell if cell[:1] in ("=", "+", "-", "@", "\t", "\r") else cell
