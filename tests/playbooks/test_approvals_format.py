"""The approval fields of the format (docs/playbook-format.md, "Approvals"), validated like every other field."""

import pytest

from playbooks.loader import load_playbook
from playbooks.loader.issues import PlaybookInvalid
from playbooks.rules import PlaybookSpec

BASE = """\
name: Gated
{top}rules:
  - id: cap
    title: Cap
    find: {{any: ["liability"]}}
    check: {{must_exist: true}}
    positions: ["Liability is capped."]
{rule}"""


def load(top: str = "", rule: str = "") -> PlaybookSpec:
    return load_playbook(BASE.format(top=top, rule=rule))


def messages(top: str = "", rule: str = "") -> list[str]:
    with pytest.raises(PlaybookInvalid) as info:
        load(top, rule)
    return [str(issue) for issue in info.value.errors]


def test_approvals_round_trip_through_the_stored_spec():
    spec = load('approvals:\n  approver: "group:Senior counsel"\n  critical_deviations: true\n',
                '    approver: "user:alex"\n    requires_approval: true\n')
    again = PlaybookSpec.from_dict(spec.to_dict())
    assert again.approver == "group:Senior counsel" and again.approve_critical_deviations
    assert again.rule("cap").approver == "user:alex" and again.rule("cap").requires_approval


def test_approvals_are_optional_and_default_off():
    spec = load()
    assert spec.approver == "" and not spec.approve_critical_deviations and spec.rule("cap").approver == ""


def test_a_malformed_approver_is_refused_with_field_and_line():
    assert messages(rule='    approver: "alex"\n') == [
        "rule cap, approver: 'alex' is not an approver: write user:USERNAME or group:GROUP NAME, "
        "e.g. group:Senior counsel (line 8)"
    ]


def test_approvals_fields_are_checked():
    found = messages(top="approvals:\n  approver: 3\n  critical_deviations: yes please\n  who: me\n")
    assert any("approvals.critical_deviations: must be true or false" in m for m in found)
    assert any("approvals" in m and "who" in m for m in found)
