"""YAML playbook -> validated ``PlaybookSpec`` (docs/playbook-format.md). Pure: no ORM, no settings.

The file is read safely and validated strictly, and a file is accepted or rejected whole:
``load_playbook`` either returns a spec or raises ``PlaybookInvalid`` with *every* problem it
found, each naming the rule, the field and the line.

Safety, because a playbook is text someone uploads:
- Only YAML's plain data types (no Python objects, no custom tags, no merge keys).
- The document is bounded in bytes, nesting depth, number of aliases, and *expanded* size
  (an alias counts as a copy of what it points to), so a "billion laughs" file is refused
  before anything walks it.
- Validation works on the YAML node tree, not on constructed Python objects, so duplicate keys
  are seen (PyYAML would silently keep the last one) and every value keeps its line number.
- Author patterns are compiled the one way the engine runs them (``rules.compile_pattern``, on
  RE2, a linear-time engine), so a pattern is accepted exactly when it can run: no timer, no
  probe, the same answer on a busy server as on an idle one. What RE2 cannot run (backreferences,
  lookaround) is refused with what to write instead.
"""

from __future__ import annotations

import difflib
import math
import re
from dataclasses import dataclass
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from . import checks as check_kinds
from .rules import (
    MAX_PATTERN_CHARS,
    SEVERITIES,
    Check,
    Find,
    PlaybookSpec,
    Rule,
    pattern_problem,
)

MAX_SOURCE_BYTES = 256 * 1024
MAX_DEPTH = 20  # the format itself needs 5 levels
MAX_ALIASES = 50
MAX_EXPANDED_NODES = 50_000  # counting every alias as a full copy of its anchor
MAX_RULES = 500
MAX_REGEX_CHARS = MAX_PATTERN_CHARS
MAX_TEXT_CHARS = 20_000  # one position, guidance or title

# Numbers a check may hold: beyond these no clause means anything, and a bigger figure is a typing
# mistake (or an attack: a 5,000-digit integer cannot even be turned into text by Python).
MAX_LIMITS = {"days": 36_500, "amount": 10**15, "percent": 1_000}
MAX_NUMBER_CHARS = 40  # longer number literals are refused before they are converted

# Rule ids are cited in every recommendation and used in URLs and decisions files.
SLUG_RE = re.compile(r"^[a-z0-9]+(?:[-_][a-z0-9]+)*$")
MAX_SLUG_CHARS = 80

TOP_FIELDS = ("name", "description", "party", "rules", "approvals", "hygiene")
APPROVAL_FIELDS = ("approver", "critical_deviations")
# Who approves: a user or a group, by name (checked against the accounts when a review needs it).
APPROVER_RE = re.compile(r"^(user|group):\S.{0,149}$")
RULE_FIELDS = (
    "id",
    "title",
    "severity",
    "find",
    "check",
    "positions",
    "guidance",
    "comment",
    "variants",
    "requires_approval",
    "insert_after",
    "approver",
    "flag_only",
)
FIND_FIELDS = ("any", "all", "none", "regex", "clause", "min_confidence")
# Checks whose recommendation writes positions[0] (insert or replace): a rule without it could
# find a problem and have nothing to propose.
# Words a lawyer types to move along the ladder (docs/playbook-format.md): a variant with one of these names
# could never be picked.
REVISION_WORDS = ("softer", "fallback", "stricter", "preferred")

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


# PyYAML's parser messages, as an author would say them (the line is added by the issue).
_YAML_WORDS = (
    ("found unexpected end of stream", "a quoted text is never closed: a closing quote (\" or ') is missing"),
    ("but found '<stream end>'", "the file ends too early: a list or mapping opened with [ or { is not closed"),
    ("expected <block end>", "the indentation is off: this line does not line up with the lines around it"),
    ("expected ',' or ']'", "a list in [brackets] is not closed: a ']' (or a comma between items) is missing"),
    ("expected ',' or '}'", "a mapping in {braces} is not closed: a '}' (or a comma between items) is missing"),
    ("mapping values are not allowed here",
     "a colon is in the wrong place: put text that contains ': ' in quotes, or start a new line for the field"),
    ("could not find expected ':'", "a line is missing its colon: write fields as name: value"),
    ("found character '\\t'", "a tab character: indent with spaces only"),
    ("found undefined alias", "an alias (*name) refers to an anchor (&name) that does not exist"),
    ("found duplicate anchor", "the same anchor (&name) is defined twice"),
    ("expected a single document", "the file holds more than one YAML document (a second '---'): keep one"),
)


def _yaml_in_words(problem: str, fallback: str) -> str:
    for needle, words in _YAML_WORDS:
        if needle in problem or needle in fallback:
            return words
    return f"the YAML cannot be read here ({fallback})"


class PlaybookInvalid(ValueError):
    """The file was refused; ``errors`` lists every problem found, in file order."""

    def __init__(self, errors: list[ValidationIssue]) -> None:
        self.errors = errors
        count = len(errors)
        summary = "; ".join(str(e) for e in errors[:3]) + ("; ..." if count > 3 else "")
        super().__init__(f"playbook invalid ({count} problem{'s' if count != 1 else ''}): {summary}")


class _LimitExceeded(yaml.MarkedYAMLError):
    pass


class _BoundedLoader(yaml.SafeLoader):
    """SafeLoader that refuses deep nesting and many aliases while composing the node tree."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._alias_count = 0
        self._depth = 0

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        if self.check_event(yaml.AliasEvent):
            self._alias_count += 1
            if self._alias_count > MAX_ALIASES:
                mark = self.peek_event().start_mark
                raise _LimitExceeded(problem=f"too many aliases (*name): at most {MAX_ALIASES}", problem_mark=mark)
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                mark = self.peek_event().start_mark
                raise _LimitExceeded(problem=f"nested too deeply: at most {MAX_DEPTH} levels", problem_mark=mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def _line(node: Node) -> int:
    return node.start_mark.line + 1


def _expanded_size(root: Node) -> int:
    """Node count with every alias expanded, without expanding anything (memoised per node)."""
    sizes: dict[int, int] = {}
    in_progress: set[int] = set()

    def size(node: Node) -> int:
        key = id(node)
        if key in sizes:
            return sizes[key]
        if key in in_progress:
            raise _LimitExceeded(problem="an alias refers to itself", problem_mark=node.start_mark)
        in_progress.add(key)
        total = 1
        if isinstance(node, SequenceNode):
            total += sum(size(child) for child in node.value)
        elif isinstance(node, MappingNode):
            total += sum(size(k) + size(v) for k, v in node.value)
        in_progress.discard(key)
        sizes[key] = min(total, MAX_EXPANDED_NODES + 1)
        return sizes[key]

    return size(root)


def _not_text(value: str) -> bool:
    """A lone surrogate (YAML's "\\ud800") cannot be stored or shown as UTF-8, and a NUL cannot be
    stored by PostgreSQL: either would break every page that shows the playbook."""
    return "\x00" in value or any("\ud800" <= char <= "\udfff" for char in value)


NOT_TEXT = "contains a character that is not text (a lone surrogate such as \\ud800, or NUL \\0): remove it"


def _text_issues(root: Node) -> list[ValidationIssue]:
    """Every scalar of the file that is not text, named by rule and field. Found before anything
    else looks at the file, because every other message may quote a key or a value."""
    issues: list[ValidationIssue] = []

    def safe(value: str) -> str:
        return value.encode("utf-8", "backslashreplace").decode("utf-8") if _not_text(value) else value

    def walk(node: Node, rule_id: str | None, field: str) -> None:
        if isinstance(node, ScalarNode):
            if isinstance(node.value, str) and _not_text(node.value):
                issues.append(ValidationIssue(rule_id, field, _line(node), NOT_TEXT))
        elif isinstance(node, SequenceNode):
            for index, child in enumerate(node.value):
                child_rule = rule_id
                if field == "rules" and rule_id is None:
                    child_rule = f"#{index + 1}"
                    if isinstance(child, MappingNode):
                        for key, value in child.value:
                            if (isinstance(key, ScalarNode) and key.value == "id" and isinstance(value, ScalarNode)
                                    and SLUG_RE.match(str(value.value))):
                                child_rule = value.value
                    walk(child, child_rule, "")
                else:
                    walk(child, rule_id, f"{field}[{index + 1}]")
        elif isinstance(node, MappingNode):
            for key, value in node.value:
                name = safe(str(key.value)) if isinstance(key, ScalarNode) else "?"
                if isinstance(key, ScalarNode) and isinstance(key.value, str) and _not_text(key.value):
                    issues.append(ValidationIssue(rule_id, field, _line(key), f"a key {NOT_TEXT}"))
                walk(value, rule_id, f"{field}.{name}" if field else name)

    walk(root, None, "")
    return issues


def _did_you_mean(word: str, choices: tuple[str, ...]) -> str:
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else ""


def regex_problem(pattern: str) -> str | None:
    """Why an author's pattern is refused, or None. Shared by the loader and the try-a-rule page."""
    return pattern_problem(pattern)


class _Validator:
    def __init__(self, loader: _BoundedLoader) -> None:
        self.loader = loader
        self.issues: list[ValidationIssue] = []

    # -- helpers -----------------------------------------------------------------------------
    def error(self, rule_id: str | None, field: str, node: Node | None, message: str, hint: str = "") -> None:
        self.issues.append(ValidationIssue(rule_id, field, _line(node) if node is not None else None, message, hint))

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
                first = _line(result[key][0])
                self.error(rule_id, where, key_node, f"duplicate key '{key}': already given on line {first}")
                continue
            if key not in allowed and not (extensions and key.startswith("x-")):
                hint = _did_you_mean(key, allowed)
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

    # -- the document ------------------------------------------------------------------------
    def playbook(self, root: Node) -> PlaybookSpec | None:
        if not isinstance(root, MappingNode):
            self.error(
                None, "", root, "a playbook is a mapping with at least 'name' and 'rules' (see docs/playbook-format.md)"
            )
            return None
        fields = self.mapping(None, "", root, TOP_FIELDS, extensions=True)
        if fields is None:
            return None
        name = description = party = None
        if "name" in fields:
            name = self.text(None, "name", fields["name"][1])
        else:
            self.error(None, "name", root, "required field missing")
        if "description" in fields:
            description = self.text(None, "description", fields["description"][1], required=False)
        if "party" in fields:
            party = self.text(None, "party", fields["party"][1], required=False)
        rules: list[Rule] = []
        if "rules" not in fields:
            self.error(None, "rules", root, "required field missing: a playbook has at least one rule")
        else:
            rules_node = fields["rules"][1]
            if not self.tag_ok(None, "rules", rules_node):
                pass
            elif not isinstance(rules_node, SequenceNode):
                self.error(None, "rules", rules_node, f"must be a list of rules, got {self.describe(rules_node)}")
            elif not rules_node.value:
                self.error(None, "rules", rules_node, "a playbook has at least one rule")
            elif len(rules_node.value) > MAX_RULES:
                self.error(None, "rules", rules_node, f"{len(rules_node.value)} rules; the limit is {MAX_RULES}")
            else:
                seen: dict[str, int] = {}
                for index, rule_node in enumerate(rules_node.value):
                    rule = self.rule(index, rule_node, seen)
                    if rule is not None:
                        rules.append(rule)
        extra = {k: self.scalar_tree(v, k) for k, (_, v) in fields.items() if k.startswith("x-")}
        approver, critical = "", False
        if "approvals" in fields:
            approver, critical = self.approvals(fields["approvals"][1])
        hygiene = False
        if "hygiene" in fields:
            hygiene_node = fields["hygiene"][1]
            if self.tag_ok(None, "hygiene", hygiene_node):
                if hygiene_node.tag == "tag:yaml.org,2002:bool":
                    hygiene = bool(self.scalar(hygiene_node))
                else:
                    self.error(None, "hygiene", hygiene_node,
                               f"must be true or false, got {self.describe(hygiene_node)}")
        if self.issues or name is None:
            return None
        return PlaybookSpec(
            name=name.strip(),
            description=(description or "").strip(),
            party=(party or "").strip(),
            rules=tuple(rules),
            extra=extra,
            approver=approver,
            approve_critical_deviations=critical,
            hygiene=hygiene,
        )

    def approvals(self, node: Node) -> tuple[str, bool]:
        fields = self.mapping(None, "approvals", node, APPROVAL_FIELDS)
        if fields is None:
            return "", False
        approver = self.approver(None, "approvals.approver", fields["approver"][1]) if "approver" in fields else ""
        critical = False
        if "critical_deviations" in fields:
            value_node = fields["critical_deviations"][1]
            if self.tag_ok(None, "approvals.critical_deviations", value_node):
                if value_node.tag == "tag:yaml.org,2002:bool":
                    critical = bool(self.scalar(value_node))
                else:
                    self.error(None, "approvals.critical_deviations", value_node,
                               f"must be true or false, got {self.describe(value_node)}")
        return approver, critical

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

    def rule(self, index: int, node: Node, seen: dict[str, int]) -> Rule | None:
        position = f"#{index + 1}"
        if not isinstance(node, MappingNode):
            self.error(f"{position}", "", node, f"a rule must be a mapping of fields, got {self.describe(node)}")
            return None
        # The id first: every other message names the rule by it.
        rule_id = position
        id_ok = False
        for key_node, value_node in node.value:
            if isinstance(key_node, ScalarNode) and key_node.value == "id":
                if isinstance(value_node, ScalarNode) and value_node.tag == "tag:yaml.org,2002:str":
                    candidate = value_node.value
                    if SLUG_RE.match(candidate) and len(candidate) <= MAX_SLUG_CHARS:
                        rule_id, id_ok = candidate, True
                break
        before = len(self.issues)
        fields = self.mapping(rule_id, "", node, RULE_FIELDS)
        if fields is None:
            return None

        if "id" not in fields:
            self.error(rule_id, "id", node, "required field missing: a short unique slug such as payment-terms")
        elif not id_ok:
            id_node = fields["id"][1]
            value = self.text(rule_id, "id", id_node)
            if value is not None:
                self.error(
                    rule_id,
                    "id",
                    id_node,
                    f"'{value}' is not a slug: use lower-case letters, digits and hyphens"
                    f" (at most {MAX_SLUG_CHARS} characters), e.g. payment-terms",
                )
        elif rule_id in seen:
            self.error(
                rule_id,
                "id",
                fields["id"][1],
                f"duplicate id '{rule_id}': already used by the rule on line {seen[rule_id]}",
            )
        else:
            seen[rule_id] = _line(node)

        title = None
        if "title" in fields:
            title = self.text(rule_id, "title", fields["title"][1])
        else:
            self.error(rule_id, "title", node, "required field missing")

        severity = "medium"
        if "severity" in fields:
            sev_node = fields["severity"][1]
            value = self.text(rule_id, "severity", sev_node)
            if value is not None:
                if value in SEVERITIES:
                    severity = value
                else:
                    self.error(
                        rule_id,
                        "severity",
                        sev_node,
                        f"unknown severity '{value}' (use one of {', '.join(SEVERITIES)})",
                        _did_you_mean(value.lower(), SEVERITIES),
                    )

        find = None
        if "find" in fields:
            find = self.find(rule_id, "find", fields["find"][1])
        else:
            self.error(rule_id, "find", node, "required field missing: which sentences the rule is about")

        check = None
        if "check" in fields:
            check = self.check(rule_id, fields["check"][1])
        else:
            self.error(rule_id, "check", node, "required field missing: exactly one check, e.g. {max_days: 30}")

        positions: list[str] = []
        if "positions" in fields:
            value_list = self.text_list(
                rule_id, "positions", fields["positions"][1], '["Preferred wording.", "Fallback."]'
            )
            positions = value_list or []
        flag_only = self.flag(rule_id, "flag_only", fields["flag_only"][1]) if "flag_only" in fields else False
        what = check_kinds.get(check.kind).wording_needed_to if check is not None else ""
        if check is not None and what and "positions" not in fields and not flag_only:
            self.error(rule_id, "positions", node, f"required for {check.kind}: the wording to {what}")

        guidance = ""
        if "guidance" in fields:
            guidance = self.text(rule_id, "guidance", fields["guidance"][1], required=False) or ""

        # For the other side (a Word comment on the change); guidance never leaves the firm.
        comment = ""
        if "comment" in fields:
            comment = self.text(rule_id, "comment", fields["comment"][1], required=False) or ""

        variants: list[tuple[str, str]] = []
        if "variants" in fields:
            variants = self.variants(rule_id, fields["variants"][1])

        requires_approval = (
            self.flag(rule_id, "requires_approval", fields["requires_approval"][1])
            if "requires_approval" in fields else False
        )  # fmt: skip

        insert_after = None
        if "insert_after" in fields:
            insert_node = fields["insert_after"][1]
            if check is not None and check.kind != "must_exist":
                self.error(
                    rule_id,
                    "insert_after",
                    fields["insert_after"][0],
                    "only applies to must_exist rules (it says where a missing clause goes)",
                )
            else:
                insert_after = self.find(rule_id, "insert_after", insert_node)

        approver = self.approver(rule_id, "approver", fields["approver"][1]) if "approver" in fields else ""

        if len(self.issues) > before or title is None or find is None or check is None:
            return None
        return Rule(
            id=rule_id,
            title=title.strip(),
            find=find,
            check=check,
            severity=severity,  # type: ignore[arg-type]
            positions=tuple(positions),
            guidance=guidance.strip(),
            comment=comment.strip(),
            variants=tuple(variants),
            requires_approval=requires_approval,
            insert_after=insert_after,
            line=_line(node),
            approver=approver,
            flag_only=flag_only,
        )

    def flag(self, rule_id: str, field: str, node: Node) -> bool:
        """A true / false field; anything else is an error (and counts as false)."""
        if not self.tag_ok(rule_id, field, node):
            return False
        if node.tag == "tag:yaml.org,2002:bool":
            return bool(self.scalar(node))
        self.error(rule_id, field, node, f"must be true or false, got {self.describe(node)}")
        return False

    def find(self, rule_id: str, field: str, node: Node) -> Find | None:
        before = len(self.issues)
        fields = self.mapping(rule_id, field, node, FIND_FIELDS)
        if fields is None:
            return None
        any_, all_, pattern = [], [], None
        if "any" in fields:
            any_ = self.text_list(rule_id, f"{field}.any", fields["any"][1], '["invoice", "payment"]') or []
        if "all" in fields:
            all_ = self.text_list(rule_id, f"{field}.all", fields["all"][1], '["days"]') or []
        none: list[str] = []
        if "none" in fields:
            none = self.text_list(rule_id, f"{field}.none", fields["none"][1], '["discount"]') or []
        if "regex" in fields:
            regex_node = fields["regex"][1]
            pattern = self.text(rule_id, f"{field}.regex", regex_node)
            if pattern is not None:
                problem = regex_problem(pattern)
                if problem:
                    self.error(rule_id, f"{field}.regex", regex_node, problem)
                    pattern = None
        clause, min_confidence = self.clause(rule_id, field, fields)
        if len(self.issues) > before:
            return None
        if not (any_ or all_ or pattern or clause):
            extra = " (none only leaves sentences out)" if none else ""
            self.error(rule_id, field, node, f"needs at least one of any, all, regex or clause{extra}")
            return None
        return Find(
            any=tuple(any_), all=tuple(all_), regex=pattern, clause=clause, min_confidence=min_confidence,
            none=tuple(none),
        )  # fmt: skip

    def clause(
        self, rule_id: str, field: str, fields: dict[str, tuple[Node, Node]]
    ) -> tuple[str | None, float | None]:
        """``clause: SLUG`` (one of the 41 CUAD clause types) and ``min_confidence`` (0..1)."""
        from contracts.clauses.categories import BY_SLUG, suggest

        clause = min_confidence = None
        if "clause" in fields:
            clause_node = fields["clause"][1]
            clause = self.text(rule_id, f"{field}.clause", clause_node)
            if clause is not None and clause not in BY_SLUG:
                close = suggest(clause)
                hint = f"did you mean '{close}'?" if close else ""
                where = f"; {hint}" if hint else " (the 41 types are listed in docs/playbook-format.md)"
                self.error(rule_id, f"{field}.clause", clause_node, f"unknown clause type '{clause}'{where}", hint)
                clause = None
        if "min_confidence" in fields:
            value_node = fields["min_confidence"][1]
            value = self.scalar(value_node) if isinstance(value_node, ScalarNode) else None
            if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
                self.error(rule_id, f"{field}.min_confidence", value_node, "must be a number from 0 to 1, e.g. 0.7")
            elif "clause" not in fields:
                self.error(rule_id, f"{field}.min_confidence", value_node, "needs a clause type: add clause: SLUG")
            else:
                min_confidence = float(value)
        return clause, min_confidence

    def check(self, rule_id: str, node: Node) -> Check | None:
        fields = self.mapping(rule_id, "check", node, (*check_kinds.names(), "near", "not_after"))
        if fields is None:
            return None
        near_field = fields.pop("near", None)
        not_after_field = fields.pop("not_after", None)
        if isinstance(node, MappingNode) and not node.value:
            self.error(rule_id, "check", node, "needs exactly one check, e.g. {max_days: 30}")
            return None
        if not fields:
            if near_field is not None:
                self.error(
                    rule_id, "check", node, "near needs a number check beside it, e.g. {max_days: 60, near: notice}"
                )
            elif not_after_field is not None:
                example = "{max_days: 30, not_after: during}"
                self.error(rule_id, "check", node, f"not_after needs a number check beside it, e.g. {example}")
            return None  # only unknown checks: already reported
        if len(fields) > 1:
            names = ", ".join(fields)
            self.error(
                rule_id,
                "check",
                node,
                f"has {len(fields)} checks ({names}); a rule has exactly one: split it into one rule per check",
            )
            return None
        ((kind, (_, value_node)),) = fields.items()
        for name, given in (("near", near_field), ("not_after", not_after_field)):
            if given is not None and not check_kinds.get(kind).takes_near:
                self.error(rule_id, f"check.{name}", given[0], f"only a number check takes {name} (this is {kind})")
                return None
        value = check_kinds.get(kind).read_value(self, rule_id, value_node)
        if value is None:
            return None
        near: tuple[str, ...] = ()
        if near_field is not None:
            pinned = self.near(rule_id, near_field[1])
            if pinned is None:
                return None
            near = pinned
        not_after: tuple[str, ...] = ()
        if not_after_field is not None:
            spans = self.near(rule_id, not_after_field[1], field="not_after", example="not_after: during")
            if spans is None:
                return None
            not_after = spans
        return Check(kind=kind, value=value, near=near, not_after=not_after)

    def near(
        self, rule_id: str, node: Node, *, field: str = "near", example: str = "near: notice"
    ) -> tuple[str, ...] | None:
        """``near: notice`` or ``near: [notice, non-renewal]``: words next to the quantity the limit
        is about (and, as ``not_after``, words that make a quantity a span of time it is not)."""
        nodes = node.value if isinstance(node, SequenceNode) else [node]
        words: list[str] = []
        for item in nodes:
            text = self.text(rule_id, f"check.{field}", item)
            if text is None:
                return None
            if not text.strip():
                self.error(rule_id, f"check.{field}", item, f"must be a word or phrase, e.g. {example}")
                return None
            words.append(text.strip())
        if not words:
            self.error(rule_id, f"check.{field}", node, f"must be a word or phrase, e.g. {example}")
            return None
        return tuple(words)

    def variants(self, rule_id: str, node: Node) -> list[tuple[str, str]]:
        if not self.tag_ok(rule_id, "variants", node):
            return []
        if not isinstance(node, MappingNode):
            self.error(rule_id, "variants", node, f"must be a mapping of name: wording, got {self.describe(node)}")
            return []
        result: list[tuple[str, str]] = []
        seen: dict[str, int] = {}
        for key_node, value_node in node.value:
            if (
                not isinstance(key_node, ScalarNode)
                or key_node.tag != "tag:yaml.org,2002:str"
                or not key_node.value.strip()
            ):
                self.error(rule_id, "variants", key_node, "variant names must be words, e.g. mutual")
                continue
            name = key_node.value
            field = f"variants.{name}"
            if name in seen:
                self.error(rule_id, field, key_node, f"duplicate variant '{name}': already given on line {seen[name]}")
                continue
            seen[name] = _line(key_node)
            if name.strip().lower() in REVISION_WORDS:
                self.error(
                    rule_id,
                    field,
                    key_node,
                    f"'{name}' is a revision instruction (moves along positions): pick another name",
                )
                continue
            wording = self.text(rule_id, field, value_node)
            if wording is not None:
                result.append((name, wording))
        return result


def _decode(source: str | bytes) -> str:
    if isinstance(source, bytes):
        return source.decode("utf-8")
    return source


def load_playbook(source: str | bytes) -> PlaybookSpec:
    """Parse and validate one playbook file; raise ``PlaybookInvalid`` listing every problem."""
    size = len(source.encode("utf-8")) if isinstance(source, str) else len(source)
    if size > MAX_SOURCE_BYTES:
        raise PlaybookInvalid(
            [
                ValidationIssue(
                    None, "", None, f"the file is {size // 1024} KB; the limit is {MAX_SOURCE_BYTES // 1024} KB"
                )
            ]
        )
    try:
        text = _decode(source)
    except UnicodeDecodeError as exc:
        raise PlaybookInvalid(
            [ValidationIssue(None, "", None, f"the file is not UTF-8 text (byte {exc.start} cannot be read)")]
        ) from None
    if not text.strip():
        raise PlaybookInvalid([ValidationIssue(None, "", None, "the file is empty")])

    try:
        loader = _BoundedLoader(text)
    except yaml.reader.ReaderError as exc:
        # PyYAML checks the whole text for characters YAML forbids before it parses anything.
        line = text.count("\n", 0, exc.position) + 1
        message = f"the file contains a character YAML does not allow (U+{exc.character:04X}): remove it"
        raise PlaybookInvalid([ValidationIssue(None, "", line, message)]) from None
    try:
        try:
            root = loader.get_single_node()
            if root is not None:
                size = _expanded_size(root)
                if size > MAX_EXPANDED_NODES:
                    raise _LimitExceeded(
                        problem=f"the file expands to more than {MAX_EXPANDED_NODES} values (aliases count as copies)",
                        problem_mark=root.start_mark,
                    )
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            if exc.context_mark is not None and "end of stream" in (exc.problem or ""):
                mark = exc.context_mark  # where the unclosed quote opens, not the end of the file
            # "while parsing a flow node" says nothing to an author; "expected a single
            # document" does.
            context = exc.context if exc.context and not exc.context.startswith("while") else None
            problem = ", ".join(part for part in (context, exc.problem) if part) or "cannot be read"
            if not isinstance(exc, _LimitExceeded):
                problem = _yaml_in_words(exc.problem or "", problem)
            prefix = ""
            raise PlaybookInvalid(
                [ValidationIssue(None, "", mark.line + 1 if mark else None, f"{prefix}{problem}")]
            ) from None
        except yaml.YAMLError as exc:
            raise PlaybookInvalid([ValidationIssue(None, "", None, f"the YAML cannot be read: {exc}")]) from None
        except RecursionError:
            raise PlaybookInvalid([ValidationIssue(None, "", None, "nested too deeply")]) from None
        if root is None:
            raise PlaybookInvalid([ValidationIssue(None, "", None, "the file is empty")])
        text_issues = _text_issues(root)
        if text_issues:
            raise PlaybookInvalid(text_issues)
        validator = _Validator(loader)
        spec = validator.playbook(root)
    finally:
        loader.dispose()
    if validator.issues or spec is None:
        issues = sorted(validator.issues, key=lambda issue: issue.line or 0)
        raise PlaybookInvalid(issues or [ValidationIssue(None, "", None, "the file could not be read")])
    return spec
