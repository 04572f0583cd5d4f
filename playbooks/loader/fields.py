"""The field types of a playbook file, read from its YAML nodes: mappings (unknown and duplicate keys
reported), text, lists of text, true/false, approvers and ``x-`` extensions. ``FieldReader`` also
collects every problem found, with its rule, field and line."""

from __future__ import annotations

import difflib
import math
import re
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .issues import ValidationIssue, line_of

MAX_TEXT_CHARS = 20_000  # one position, guidance or title
MAX_NUMBER_CHARS = 40  # longer number literals are refused before they are converted
# Who approves: a user or a group, by name (checked against the accounts when a review needs it).
APPROVER_RE = re.compile(r"^(user|group):\S.{0,149}$")

_SAFE_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:seq",
    "tag:yaml.org,2002:map",
}
_TAG_WORDS = {
    "tag:yaml.org,2002:int": "a number",
    "tag:yaml.org,2002:float": "a number",
    "tag:yaml.org,2002:bool": "yes/no (true/false)",
    "tag:yaml.org,2002:null": "empty",
    "tag:yaml.org,2002:seq": "a list",
    "tag:yaml.org,2002:map": "a mapping (key: value lines)",
    "tag:yaml.org,2002:str": "text",
}


def did_you_mean(word: str, choices: tuple[str, ...]) -> str:
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else ""


class FieldReader:
    """Reads fields from YAML nodes and collects every problem found (``issues``)."""

    def __init__(self, loader: yaml.SafeLoader) -> None:
        self.loader = loader
        self.issues: list[ValidationIssue] = []

    def error(self, rule_id: str | None, field: str, node: Node | None, message: str, hint: str = "") -> None:
        self.issues.append(ValidationIssue(rule_id, field, line_of(node) if node is not None else None, message, hint))

    def tag_ok(self, rule_id: str | None, field: str, node: Node) -> bool:
        if node.tag in _SAFE_TAGS:
            return True
        if node.tag == "tag:yaml.org,2002:timestamp":
            self.error(rule_id, field, node, "must be text, not a date: put it in quotes")
        else:
            self.error(
                rule_id, field, node, f"unsupported YAML tag '{node.tag}': only plain text, numbers, lists and mappings"
            )
        return False

    def describe(self, node: Node) -> str:
        return _TAG_WORDS.get(node.tag, f"'{node.tag}'")

    def mapping(
        self, rule_id: str | None, field: str, node: Node, allowed: tuple[str, ...], *, extensions: bool = False
    ) -> dict[str, tuple[Node, Node]] | None:
        """Keys -> (key node, value node); unknown and duplicate keys are reported."""
        if not self.tag_ok(rule_id, field, node):
            return None
        if not isinstance(node, MappingNode):
            self.error(rule_id, field, node, f"must be a mapping (key: value lines), got {self.describe(node)}")
            return None
        result: dict[str, tuple[Node, Node]] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                self.error(rule_id, field, key_node, "merge keys (<<) are not supported: write the fields out")
                continue
            if not isinstance(key_node, ScalarNode) or key_node.tag != "tag:yaml.org,2002:str":
                self.error(rule_id, field, key_node, "keys must be plain words")
                continue
            key = key_node.value
            where = f"{field}.{key}" if field else key
            if key in result:
                first = line_of(result[key][0])
                self.error(rule_id, where, key_node, f"duplicate key '{key}': already given on line {first}")
                continue
            if key not in allowed and not (extensions and key.startswith("x-")):
                hint = did_you_mean(key, allowed)
                if field == "check":
                    self.error(rule_id, "check", key_node, f"unknown check '{key}'", hint)
                else:
                    self.error(rule_id, where, key_node, "unknown field", hint)
                result[key] = (key_node, value_node)  # still a duplicate candidate, never used as data
                continue
            result[key] = (key_node, value_node)
        return {k: v for k, v in result.items() if k in allowed or (extensions and k.startswith("x-"))}

    def scalar(self, node: Node) -> Any:
        return self.loader.construct_object(node, deep=True)

    def text(self, rule_id: str | None, field: str, node: Node, *, required: bool = True) -> str | None:
        if not self.tag_ok(rule_id, field, node):
            return None
        if not isinstance(node, ScalarNode) or node.tag != "tag:yaml.org,2002:str":
            if node.tag == "tag:yaml.org,2002:null" and not required:
                return ""
            extra = " (put it in quotes)" if isinstance(node, ScalarNode) else ""
            self.error(rule_id, field, node, f"must be text, got {self.describe(node)}{extra}")
            return None
        value: str = self.scalar(node)
        if required and not value.strip():
            self.error(rule_id, field, node, "must not be empty")
            return None
        if len(value) > MAX_TEXT_CHARS:
            self.error(rule_id, field, node, f"is {len(value)} characters long; the limit is {MAX_TEXT_CHARS}")
            return None
        return value

    def text_list(self, rule_id: str | None, field: str, node: Node, example: str) -> list[str] | None:
        if not self.tag_ok(rule_id, field, node):
            return None
        if not isinstance(node, SequenceNode):
            self.error(rule_id, field, node, f"must be a list, e.g. {example}, got {self.describe(node)}")
            return None
        if not node.value:
            self.error(rule_id, field, node, f"must list at least one entry, e.g. {example}")
            return None
        values: list[str] = []
        ok = True
        for index, item in enumerate(node.value):
            value = self.text(rule_id, f"{field}[{index + 1}]", item)
            if value is None:
                ok = False
            else:
                values.append(value)
        return values if ok else None

    def flag(self, rule_id: str, field: str, node: Node) -> bool:
        """A true / false field; anything else is an error (and counts as false)."""
        if not self.tag_ok(rule_id, field, node):
            return False
        if node.tag == "tag:yaml.org,2002:bool":
            return bool(self.scalar(node))
        self.error(rule_id, field, node, f"must be true or false, got {self.describe(node)}")
        return False

    def approver(self, rule_id: str | None, field: str, node: Node) -> str:
        value = self.text(rule_id, field, node)
        if value is None:
            return ""
        value = value.strip()
        if not APPROVER_RE.match(value):
            self.error(rule_id, field, node, f"'{value}' is not an approver: write user:USERNAME or "
                                             "group:GROUP NAME, e.g. group:Senior counsel")
            return ""
        return value

    def scalar_tree(self, node: Node, field: str = "x-") -> Any:
        """Plain data of an ``x-`` extension field (kept, never interpreted)."""
        if not self.tag_ok(None, field, node):
            return None
        if isinstance(node, MappingNode):
            return {str(self.scalar_tree(k, field)): self.scalar_tree(v, field) for k, v in node.value}
        if isinstance(node, SequenceNode):
            return [self.scalar_tree(child, field) for child in node.value]
        if node.tag in ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float") and len(node.value) > MAX_NUMBER_CHARS:
            self.error(None, field, node, f"is a number of {len(node.value)} digits; numbers have at most "
                                          f"{MAX_NUMBER_CHARS}: put it in quotes to keep it as text")
            return None
        value = self.scalar(node)
        if isinstance(value, float) and not math.isfinite(value):
            return None
        return value
