"""What the loader reports: one ``ValidationIssue`` per problem, all of them in ``PlaybookInvalid``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from yaml.nodes import Node


@dataclass(frozen=True)
class ValidationIssue:
    """One problem in a playbook file.

    ``str(issue)`` is the one-line form used everywhere (pages, commands, logs), e.g.
    "rule payment-terms, check: unknown check 'max_dayz' (line 14)". ``hint`` is an optional
    suggestion ("did you mean 'max_days'?") shown beside it.
    """

    rule_id: str | None
    field: str
    line: int | None
    message: str
    hint: str = ""

    @property
    def text(self) -> str:
        """The problem without its line, for places that show the line beside it."""
        return str(self).removesuffix(f" (line {self.line})") if self.line is not None else str(self)

    def __str__(self) -> str:
        parts = []
        if self.rule_id is not None:
            parts.append(f"rule {self.rule_id}, ")
        if self.field:
            parts.append(f"{self.field}: ")
        parts.append(self.message)
        if self.line is not None:
            parts.append(f" (line {self.line})")
        return "".join(parts)

    def to_dict(self) -> dict[str, Any]:
        return {
            "rule_id": self.rule_id,
            "field": self.field,
            "line": self.line,
            "message": self.message,
            "hint": self.hint,
        }


class PlaybookInvalid(ValueError):
    """The file was refused; ``errors`` lists every problem found, in file order."""

    def __init__(self, errors: list[ValidationIssue]) -> None:
        self.errors = errors
        count = len(errors)
        summary = "; ".join(str(e) for e in errors[:3]) + ("; ..." if count > 3 else "")
        super().__init__(f"playbook invalid ({count} problem{'s' if count != 1 else ''}): {summary}")


def line_of(node: Node) -> int:
    return node.start_mark.line + 1
