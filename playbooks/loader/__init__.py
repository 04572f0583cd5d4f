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

The concerns, a module each: reading the YAML (``source``), the problems reported (``issues``),
the field types (``fields``), a rule (``rule``), its ``find`` (``find_field``) and its ``check``
(``check_field``, each check kind reading its own value: playbooks/checks.py). This module reads
the playbook's own fields and runs them.
"""

from __future__ import annotations

from yaml.nodes import MappingNode, Node, SequenceNode

from ..rules import PlaybookSpec, Rule
from .fields import FieldReader
from .issues import PlaybookInvalid, ValidationIssue
from .rule import read_rule
from .source import read_tree

MAX_RULES = 500
TOP_FIELDS = ("name", "description", "party", "rules", "approvals", "hygiene")
APPROVAL_FIELDS = ("approver", "critical_deviations")


def load_playbook(source: str | bytes) -> PlaybookSpec:
    """Parse and validate one playbook file; raise ``PlaybookInvalid`` listing every problem."""
    loader, root = read_tree(source)
    try:
        reader = FieldReader(loader)
        spec = read_playbook(reader, root)
    finally:
        loader.dispose()
    if reader.issues or spec is None:
        issues = sorted(reader.issues, key=lambda issue: issue.line or 0)
        raise PlaybookInvalid(issues or [ValidationIssue(None, "", None, "the file could not be read")])
    return spec


def read_playbook(reader: FieldReader, root: Node) -> PlaybookSpec | None:
    if not isinstance(root, MappingNode):
        reader.error(
            None, "", root, "a playbook is a mapping with at least 'name' and 'rules' (see docs/playbook-format.md)"
        )
        return None
    fields = reader.mapping(None, "", root, TOP_FIELDS, extensions=True)
    if fields is None:
        return None
    name = description = party = None
    if "name" in fields:
        name = reader.text(None, "name", fields["name"][1])
    else:
        reader.error(None, "name", root, "required field missing")
    if "description" in fields:
        description = reader.text(None, "description", fields["description"][1], required=False)
    if "party" in fields:
        party = reader.text(None, "party", fields["party"][1], required=False)
    rules: list[Rule] = []
    if "rules" not in fields:
        reader.error(None, "rules", root, "required field missing: a playbook has at least one rule")
    else:
        rules_node = fields["rules"][1]
        if not reader.tag_ok(None, "rules", rules_node):
            pass
        elif not isinstance(rules_node, SequenceNode):
            reader.error(None, "rules", rules_node, f"must be a list of rules, got {reader.describe(rules_node)}")
        elif not rules_node.value:
            reader.error(None, "rules", rules_node, "a playbook has at least one rule")
        elif len(rules_node.value) > MAX_RULES:
            reader.error(None, "rules", rules_node, f"{len(rules_node.value)} rules; the limit is {MAX_RULES}")
        else:
            seen: dict[str, int] = {}
            for index, rule_node in enumerate(rules_node.value):
                rule = read_rule(reader, index, rule_node, seen)
                if rule is not None:
                    rules.append(rule)
    extra = {k: reader.scalar_tree(v, k) for k, (_, v) in fields.items() if k.startswith("x-")}
    approver, critical = "", False
    if "approvals" in fields:
        approver, critical = _read_approvals(reader, fields["approvals"][1])
    hygiene = False
    if "hygiene" in fields:
        hygiene_node = fields["hygiene"][1]
        if reader.tag_ok(None, "hygiene", hygiene_node):
            if hygiene_node.tag == "tag:yaml.org,2002:bool":
                hygiene = bool(reader.scalar(hygiene_node))
            else:
                reader.error(None, "hygiene", hygiene_node,
                           f"must be true or false, got {reader.describe(hygiene_node)}")
    if reader.issues or name is None:
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


def _read_approvals(reader: FieldReader, node: Node) -> tuple[str, bool]:
    fields = reader.mapping(None, "approvals", node, APPROVAL_FIELDS)
    if fields is None:
        return "", False
    approver = reader.approver(None, "approvals.approver", fields["approver"][1]) if "approver" in fields else ""
    critical = False
    if "critical_deviations" in fields:
        value_node = fields["critical_deviations"][1]
        if reader.tag_ok(None, "approvals.critical_deviations", value_node):
            if value_node.tag == "tag:yaml.org,2002:bool":
                critical = bool(reader.scalar(value_node))
            else:
                reader.error(None, "approvals.critical_deviations", value_node,
                           f"must be true or false, got {reader.describe(value_node)}")
    return approver, critical
