"""Typed playbook rules: what the loader produces and the engine consumes (docs/playbook-format.md).

Pure data, JSON round-trippable, so a ``PlaybookVersion`` stores its parsed rules and the engine
never re-reads YAML.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, cast

import regex

Severity = Literal["low", "medium", "high", "critical"]
SEVERITIES: tuple[str, ...] = ("low", "medium", "high", "critical")

CheckKind = Literal[
    "must_exist",
    "must_not_exist",
    "must_match",
    "must_not_match",
    "max_days",
    "min_days",
    "max_amount",
    "min_amount",
    "max_percent",
    "min_percent",
]
CHECK_KINDS: tuple[str, ...] = (
    "must_exist",
    "must_not_exist",
    "must_match",
    "must_not_match",
    "max_days",
    "min_days",
    "max_amount",
    "min_amount",
    "max_percent",
    "min_percent",
)

# Author regexes run on untrusted contract text: every search is bounded in time.
REGEX_TIMEOUT_S = 0.05


class RegexTimeout(Exception):
    """An author's regex took too long on some text (catastrophic backtracking)."""


def compile_pattern(pattern: str) -> regex.Pattern[str]:
    """Compile an author's pattern the one way the whole app uses (case-insensitive, V0)."""
    return regex.compile(pattern, regex.IGNORECASE | regex.VERSION0)


def bounded_search(pattern: str | regex.Pattern[str], text: str) -> regex.Match[str] | None:
    compiled = compile_pattern(pattern) if isinstance(pattern, str) else pattern
    try:
        return compiled.search(text, timeout=REGEX_TIMEOUT_S)
    except TimeoutError as exc:
        raise RegexTimeout(f"pattern {compiled.pattern!r} took too long") from exc


@dataclass(frozen=True)
class Find:
    any: tuple[str, ...] = ()
    all: tuple[str, ...] = ()
    regex: str | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.any:
            data["any"] = list(self.any)
        if self.all:
            data["all"] = list(self.all)
        if self.regex is not None:
            data["regex"] = self.regex
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Find:
        return cls(any=tuple(data.get("any", ())), all=tuple(data.get("all", ())), regex=data.get("regex"))


@dataclass(frozen=True)
class Check:
    kind: CheckKind
    # True for must_exist/must_not_exist, a regex string for must_match/must_not_match, a
    # number (days, amount, percent) for the limit checks.
    value: bool | str | float
    # Number checks only: words naming the quantity the limit is about ("notice"), when the
    # sentence states several (a renewal term and a notice period). Empty: the rule's own
    # ``find`` phrases decide (review/engine/subject.py).
    near: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {self.kind: self.value}
        if self.near:
            data["near"] = list(self.near)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Check:
        data = dict(data)
        near = data.pop("near", ())
        ((kind, value),) = data.items()
        return cls(kind=cast(CheckKind, kind), value=value, near=tuple(near))


@dataclass(frozen=True)
class Rule:
    id: str
    title: str
    find: Find
    check: Check
    severity: Severity = "medium"
    positions: tuple[str, ...] = ()
    guidance: str = ""
    variants: tuple[tuple[str, str], ...] = ()
    requires_approval: bool = False
    insert_after: Find | None = None
    line: int | None = None  # line of the rule in the YAML source, for messages
    approver: str = ""  # "user:NAME" or "group:NAME"; overrides the playbook's approver

    @property
    def variant_map(self) -> dict[str, str]:
        return dict(self.variants)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": self.id,
            "title": self.title,
            "severity": self.severity,
            "find": self.find.to_dict(),
            "check": self.check.to_dict(),
            "positions": list(self.positions),
            "guidance": self.guidance,
            "variants": dict(self.variants),
            "requires_approval": self.requires_approval,
        }
        if self.insert_after is not None:
            data["insert_after"] = self.insert_after.to_dict()
        if self.line is not None:
            data["line"] = self.line
        if self.approver:
            data["approver"] = self.approver
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rule:
        return cls(
            id=data["id"],
            title=data["title"],
            severity=data.get("severity", "medium"),
            find=Find.from_dict(data["find"]),
            check=Check.from_dict(data["check"]),
            positions=tuple(data.get("positions", ())),
            guidance=data.get("guidance", ""),
            variants=tuple(data.get("variants", {}).items()),
            requires_approval=data.get("requires_approval", False),
            insert_after=Find.from_dict(data["insert_after"]) if data.get("insert_after") else None,
            line=data.get("line"),
            approver=data.get("approver", ""),
        )


@dataclass(frozen=True)
class PlaybookSpec:
    name: str
    rules: tuple[Rule, ...]
    description: str = ""
    party: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    # Approval gate (docs/decisions/approvals.md): who approves ("user:NAME" / "group:NAME"), and whether a critical
    # rule whose final outcome is a fallback, a revision or a rejection needs approval.
    approver: str = ""
    approve_critical_deviations: bool = False
    # Drafting checks (review/engine/hygiene.py) run with the rules when true.
    hygiene: bool = False

    def rule(self, rule_id: str) -> Rule:
        for rule in self.rules:
            if rule.id == rule_id:
                return rule
        if self.hygiene and rule_id.startswith("hygiene-"):
            # A drafting check is not written in the playbook: a rule that finds nothing by
            # itself stands for it, so its recommendations can be revised and re-resolved.
            return Rule(id=rule_id, title=rule_id.removeprefix("hygiene-").replace("-", " ").capitalize(),
                        find=Find(), check=Check(kind="must_not_exist", value=True), severity="low")
        raise KeyError(rule_id)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "description": self.description,
            "party": self.party,
            "rules": [r.to_dict() for r in self.rules],
            "extra": dict(self.extra),
            "approvals": {"approver": self.approver, "critical_deviations": self.approve_critical_deviations},
            **({"hygiene": True} if self.hygiene else {}),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PlaybookSpec:
        return cls(
            name=data["name"],
            description=data.get("description", ""),
            party=data.get("party", ""),
            rules=tuple(Rule.from_dict(r) for r in data["rules"]),
            extra=data.get("extra", {}),
            approver=data.get("approvals", {}).get("approver", ""),
            approve_critical_deviations=data.get("approvals", {}).get("critical_deviations", False),
            hygiene=data.get("hygiene", False),
        )
