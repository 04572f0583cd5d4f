"""A rule's ``check``: exactly one check kind, read by the kind itself (playbooks/checks.py), and the
words that pin the quantity a number check is about (``near``, ``not_after``)."""

from __future__ import annotations

from yaml.nodes import MappingNode, Node, SequenceNode

from .. import checks as check_kinds
from ..rules import Check
from .fields import FieldReader


def read_check(reader: FieldReader, rule_id: str, node: Node) -> Check | None:
    fields = reader.mapping(rule_id, "check", node, (*check_kinds.names(), "near", "not_after"))
    if fields is None:
        return None
    near_field = fields.pop("near", None)
    not_after_field = fields.pop("not_after", None)
    if isinstance(node, MappingNode) and not node.value:
        reader.error(rule_id, "check", node, "needs exactly one check, e.g. {max_days: 30}")
        return None
    if not fields:
        if near_field is not None:
            reader.error(
                rule_id, "check", node, "near needs a number check beside it, e.g. {max_days: 60, near: notice}"
            )
        elif not_after_field is not None:
            example = "{max_days: 30, not_after: during}"
            reader.error(rule_id, "check", node, f"not_after needs a number check beside it, e.g. {example}")
        return None  # only unknown checks: already reported
    if len(fields) > 1:
        names = ", ".join(fields)
        reader.error(
            rule_id,
            "check",
            node,
            f"has {len(fields)} checks ({names}); a rule has exactly one: split it into one rule per check",
        )
        return None
    ((kind, (_, value_node)),) = fields.items()
    for name, given in (("near", near_field), ("not_after", not_after_field)):
        if given is not None and not check_kinds.get(kind).takes_near:
            reader.error(rule_id, f"check.{name}", given[0], f"only a number check takes {name} (this is {kind})")
            return None
    value = check_kinds.get(kind).read_value(reader, rule_id, value_node)
    if value is None:
        return None
    near: tuple[str, ...] = ()
    if near_field is not None:
        pinned = read_words(reader, rule_id, near_field[1])
        if pinned is None:
            return None
        near = pinned
    not_after: tuple[str, ...] = ()
    if not_after_field is not None:
        spans = read_words(reader, rule_id, not_after_field[1], field="not_after", example="not_after: during")
        if spans is None:
            return None
        not_after = spans
    return Check(kind=kind, value=value, near=near, not_after=not_after)


def read_words(
    reader: FieldReader, rule_id: str, node: Node, *, field: str = "near", example: str = "near: notice"
) -> tuple[str, ...] | None:
    """``near: notice`` or ``near: [notice, non-renewal]``: words next to the quantity the limit
    is about (and, as ``not_after``, words that make a quantity a span of time it is not)."""
    nodes = node.value if isinstance(node, SequenceNode) else [node]
    words: list[str] = []
    for item in nodes:
        text = reader.text(rule_id, f"check.{field}", item)
        if text is None:
            return None
        if not text.strip():
            reader.error(rule_id, f"check.{field}", item, f"must be a word or phrase, e.g. {example}")
            return None
        words.append(text.strip())
    if not words:
        reader.error(rule_id, f"check.{field}", node, f"must be a word or phrase, e.g. {example}")
        return None
    return tuple(words)
