"""A rule's ``find`` (and ``insert_after``): phrases, a pattern, a clause type (docs/playbook-format.md,
"How matching works")."""

from __future__ import annotations

from yaml.nodes import Node, ScalarNode

from contracts.clauses.categories import BY_SLUG, suggest

from ..rules import MAX_PATTERN_CHARS, Find, pattern_problem
from .fields import FieldReader

MAX_REGEX_CHARS = MAX_PATTERN_CHARS
FIND_FIELDS = ("any", "all", "none", "regex", "clause", "min_confidence")


def regex_problem(pattern: str) -> str | None:
    """Why an author's pattern is refused, or None. Shared by the loader and the try-a-rule page."""
    return pattern_problem(pattern)


def read_find(reader: FieldReader, rule_id: str, field: str, node: Node) -> Find | None:
    before = len(reader.issues)
    fields = reader.mapping(rule_id, field, node, FIND_FIELDS)
    if fields is None:
        return None
    any_, all_, pattern = [], [], None
    if "any" in fields:
        any_ = reader.text_list(rule_id, f"{field}.any", fields["any"][1], '["invoice", "payment"]') or []
    if "all" in fields:
        all_ = reader.text_list(rule_id, f"{field}.all", fields["all"][1], '["days"]') or []
    none: list[str] = []
    if "none" in fields:
        none = reader.text_list(rule_id, f"{field}.none", fields["none"][1], '["discount"]') or []
    if "regex" in fields:
        regex_node = fields["regex"][1]
        pattern = reader.text(rule_id, f"{field}.regex", regex_node)
        if pattern is not None:
            problem = regex_problem(pattern)
            if problem:
                reader.error(rule_id, f"{field}.regex", regex_node, problem)
                pattern = None
    clause, min_confidence = _read_clause(reader, rule_id, field, fields)
    if len(reader.issues) > before:
        return None
    if not (any_ or all_ or pattern or clause):
        extra = " (none only leaves sentences out)" if none else ""
        reader.error(rule_id, field, node, f"needs at least one of any, all, regex or clause{extra}")
        return None
    return Find(
        any=tuple(any_), all=tuple(all_), regex=pattern, clause=clause, min_confidence=min_confidence,
        none=tuple(none),
    )  # fmt: skip


def _read_clause(
    reader: FieldReader, rule_id: str, field: str, fields: dict[str, tuple[Node, Node]]
) -> tuple[str | None, float | None]:
    """``clause: SLUG`` (one of the 41 CUAD clause types) and ``min_confidence`` (0..1)."""
    clause = min_confidence = None
    if "clause" in fields:
        clause_node = fields["clause"][1]
        clause = reader.text(rule_id, f"{field}.clause", clause_node)
        if clause is not None and clause not in BY_SLUG:
            close = suggest(clause)
            hint = f"did you mean '{close}'?" if close else ""
            where = f"; {hint}" if hint else " (the 41 types are listed in docs/playbook-format.md)"
            reader.error(rule_id, f"{field}.clause", clause_node, f"unknown clause type '{clause}'{where}", hint)
            clause = None
    if "min_confidence" in fields:
        value_node = fields["min_confidence"][1]
        value = reader.scalar(value_node) if isinstance(value_node, ScalarNode) else None
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
            reader.error(rule_id, f"{field}.min_confidence", value_node, "must be a number from 0 to 1, e.g. 0.7")
        elif "clause" not in fields:
            reader.error(rule_id, f"{field}.min_confidence", value_node, "needs a clause type: add clause: SLUG")
        else:
            min_confidence = float(value)
    return clause, min_confidence
