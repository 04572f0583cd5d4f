"""The playbook loader: the specified format exactly, strict validation with rule/field/line, bounded input."""

from __future__ import annotations

import re
import textwrap
import tracemalloc

import pytest

from playbooks.loader import load_playbook
from playbooks.loader.issues import PlaybookInvalid, ValidationIssue
from playbooks.loader.source import MAX_SOURCE_BYTES
from playbooks.rules import PlaybookSpec
from tests.conftest import ROOT, missing_dependency

DESIGN = ROOT.parent / "shared" / "DESIGN.md"


def design_example() -> str:
    if not DESIGN.exists():
        missing_dependency(f"{DESIGN} is absent: tests need ../shared beside the checkout")
    section = DESIGN.read_text().split("## 4.", 1)[1]
    match = re.search(r"```yaml\n(.*?)```", section, re.S)
    assert match, "the specification has a yaml example"
    return match.group(1)


def errors(source: str | bytes) -> list[ValidationIssue]:
    with pytest.raises(PlaybookInvalid) as info:
        load_playbook(source)
    return info.value.errors


def messages(source: str | bytes) -> list[str]:
    return [str(e) for e in errors(source)]


def doc(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


GOOD_RULE = """
  - id: payment-terms
    title: Pay within 30 days
    find: {any: [invoice]}
    check: {max_days: 30}
"""


GOOD = "name: Test\nrules:" + GOOD_RULE


def with_rule(body: str) -> str:
    """A playbook whose one rule has these fields; the rule's first field is on line 3."""
    lines = textwrap.dedent(body).strip("\n").splitlines()
    return (
        "name: Test\nrules:\n" + "\n".join(("  - " if i == 0 else "    ") + line for i, line in enumerate(lines)) + "\n"
    )


# --- the format as the specification's example writes it ------------------------------------


def test_every_design_example_validates_and_round_trips():
    spec = load_playbook(design_example())
    assert spec.name == "SaaS purchasing (customer side)"
    assert spec.party == "customer"
    assert [r.id for r in spec.rules] == ["payment-terms", "limitation-of-liability"]
    payment, liability = spec.rules
    assert payment.severity == "medium"
    assert payment.find.any == ("invoice", "payment") and payment.find.all == ("days",)
    assert payment.check.kind == "max_days" and payment.check.value == 30
    assert payment.positions[1].startswith("Customer shall pay undisputed invoices within forty-five")
    assert payment.variant_map == {
        "mutual": "Each party shall pay undisputed invoices within thirty (30) days of receipt."
    }
    assert payment.requires_approval is False
    assert payment.line == 5
    assert liability.check.kind == "must_exist" and liability.check.value is True
    assert liability.insert_after is not None and liability.insert_after.any == ("indemnif",)
    assert liability.severity == "critical"
    assert PlaybookSpec.from_dict(spec.to_dict()) == spec


def test_the_issue_example_message_reads_exactly():
    source = design_example().replace("check: {max_days: 30}", "check: {max_dayz: 30}")
    line = next(i for i, text in enumerate(source.splitlines(), 1) if "max_dayz" in text)
    (issue,) = errors(source)
    assert (issue.rule_id, issue.field, issue.line) == ("payment-terms", "check", line)
    assert str(issue) == f"rule payment-terms, check: unknown check 'max_dayz' (line {line})"
    assert issue.hint == "did you mean 'max_days'?"


def test_line_14_example_from_the_issue():
    source = doc(
        """
        name: SaaS purchasing
        description: >
          Positions we take
          when buying software.
        party: customer
        rules:
          - id: limitation-of-liability
            title: A cap must exist
            find: {any: ["limitation of liability"]}
            check: {must_exist: true}
            positions: ["Neither party's total liability shall exceed the fees paid."]
          - id: payment-terms
            title: Payment within 30 days at most
            check: {max_dayz: 30}
            find: {any: ["invoice"]}
        """
    )
    assert messages(source) == ["rule payment-terms, check: unknown check 'max_dayz' (line 14)"]


def test_optional_fields_and_defaults():
    spec = load_playbook(GOOD)
    rule = spec.rules[0]
    assert (rule.severity, rule.positions, rule.guidance, rule.variants, rule.requires_approval) == (
        "medium",
        (),
        "",
        (),
        False,
    )
    assert spec.description == "" and spec.party == ""


def test_every_check_kind_is_accepted_with_its_value_type():
    rules = {
        "must_exist: true": True,
        "must_not_exist: true": True,
        "must_match: 'thirty \\(30\\) days'": "thirty \\(30\\) days",
        "must_not_match: 'any purpose'": "any purpose",
        "max_days: 30": 30,
        "min_days: 14.5": 14.5,
        "max_amount: 1000000": 1000000,
        "min_amount: 2.0e+6": 2000000,
        "max_percent: 5": 5,
        "min_percent: 99.9": 99.9,
    }
    body = "".join(
        f"  - id: r{i}\n    title: T\n    find: {{all: [x]}}\n    check: {{{check}}}\n    positions: [P]\n"
        for i, check in enumerate(rules)
    )
    spec = load_playbook("name: All\nrules:\n" + body)
    assert [r.check.value for r in spec.rules] == list(rules.values())
    assert isinstance(spec.rules[7].check.value, int)  # 2.0e+6 is kept as a whole number


def test_bytes_with_a_byte_order_mark_and_crlf_are_read():
    source = ("\ufeff" + GOOD).replace("\n", "\r\n").encode("utf-8")
    assert load_playbook(source).rules[0].id == "payment-terms"


def test_x_extension_fields_are_kept_not_interpreted():
    spec = load_playbook("x-generator: acme-tool 2\n" + GOOD)
    assert spec.extra == {"x-generator": "acme-tool 2"}


# --- each error kind: message, field and line -----------------------------------------------

ERROR_CASES = [
    # (source, expected str(issue), expected hint)
    ("description: x\nrules:" + GOOD_RULE, "name: required field missing (line 1)", ""),
    ("name: T\nnmae: U\nrules:" + GOOD_RULE, "nmae: unknown field (line 2)", "did you mean 'name'?"),
    ("name: T\n", "rules: required field missing: a playbook has at least one rule (line 1)", ""),
    ("name: T\nrules: []\n", "rules: a playbook has at least one rule (line 2)", ""),
    ("name: T\nrules: {a: 1}\n", "rules: must be a list of rules, got a mapping (key: value lines) (line 2)", ""),
    ("name: 42\nrules:" + GOOD_RULE, "name: must be text, got a number (put it in quotes) (line 1)", ""),
    (
        "- a\n- b\n",
        "a playbook is a mapping with at least 'name' and 'rules' (see docs/playbook-format.md) (line 1)",
        "",
    ),
    ("name: T\nrules:\n  - just text\n", "rule #1, a rule must be a mapping of fields, got text (line 3)", ""),
    (
        with_rule("title: T\nfind: {any: [x]}\ncheck: {max_days: 3}"),
        "rule #1, id: required field missing: a short unique slug such as payment-terms (line 3)",
        "",
    ),
    (
        with_rule("id: Payment Terms\ntitle: T\nfind: {any: [x]}\ncheck: {max_days: 3}"),
        "rule #1, id: 'Payment Terms' is not a slug: use lower-case letters, digits and hyphens"
        " (at most 80 characters), e.g. payment-terms (line 3)",
        "",
    ),
    (
        "name: T\nrules:" + GOOD_RULE + GOOD_RULE,
        "rule payment-terms, id: duplicate id 'payment-terms': already used by the rule on line 3 (line 8)",
        "",
    ),
    (with_rule("id: a\nfind: {any: [x]}\ncheck: {max_days: 3}"), "rule a, title: required field missing (line 3)", ""),
    (
        with_rule("id: a\ntitel: T\ntitle: T\nfind: {any: [x]}\ncheck: {max_days: 3}"),
        "rule a, titel: unknown field (line 4)",
        "did you mean 'title'?",
    ),
    (
        with_rule("id: a\ntitle: T\ntitle: U\nfind: {any: [x]}\ncheck: {max_days: 3}"),
        "rule a, title: duplicate key 'title': already given on line 4 (line 5)",
        "",
    ),
    (
        with_rule("id: a\ntitle: T\nseverity: hihg\nfind: {any: [x]}\ncheck: {max_days: 3}"),
        "rule a, severity: unknown severity 'hihg' (use one of low, medium, high, critical) (line 5)",
        "did you mean 'high'?",
    ),
    (
        with_rule("id: a\ntitle: T\ncheck: {max_days: 3}"),
        "rule a, find: required field missing: which sentences the rule is about (line 3)",
        "",
    ),
    (
        with_rule("id: a\ntitle: T\nfind: {}\ncheck: {max_days: 3}"),
        "rule a, find: needs at least one of any, all, regex or clause (line 5)",
        "",
    ),
    (
        with_rule("id: a\ntitle: T\nfind: {any: invoice}\ncheck: {max_days: 3}"),
        'rule a, find.any: must be a list, e.g. ["invoice", "payment"], got text (line 5)',
        "",
    ),
    (
        with_rule("id: a\ntitle: T\nfind:\n  any: [invoice, '']\ncheck: {max_days: 3}"),
        "rule a, find.any[2]: must not be empty (line 6)",
        "",
    ),
    (
        with_rule("id: a\ntitle: T\nfind: {anyy: [x]}\ncheck: {max_days: 3}"),
        "rule a, find.anyy: unknown field (line 5)",
        "did you mean 'any'?",
    ),
    (
        with_rule("id: a\ntitle: T\nfind: {regex: 'invoice('}\ncheck: {max_days: 3}"),
        "rule a, find.regex: is not a valid regular expression: missing ): invoice( (line 5)",
        "",
    ),
    (
        with_rule("id: a\ntitle: T\nfind: {any: [x]}"),
        "rule a, check: required field missing: exactly one check, e.g. {max_days: 30} (line 3)",
        "",
    ),
    (
        with_rule("id: a\ntitle: T\nfind: {any: [x]}\ncheck: {}"),
        "rule a, check: needs exactly one check, e.g. {max_days: 30} (line 6)",
        "",
    ),
    (
        with_rule("id: a\ntitle: T\nfind: {any: [x]}\ncheck: {max_days: 3, min_days: 1}"),
        "rule a, check: has 2 checks (max_days, min_days); a rule has exactly one: split it into one rule per check (line 6)",
        "",
    ),
    (
        with_rule("id: a\ntitle: T\nfind: {any: [x]}\ncheck: {must_exist: false}\npositions: [P]"),
        "rule a, check.must_exist: must be true (to switch a rule off, delete it) (line 6)",
        "",
    ),
    (
        with_rule("id: a\ntitle: T\nfind: {any: [x]}\ncheck: {must_match: '[unclosed'}\npositions: [P]"),
        "rule a, check.must_match: is not a valid regular expression: missing ]: [unclosed (line 6)",
        "",
    ),
    (
        with_rule("id: a\ntitle: T\nfind: {any: [x]}\ncheck: {max_days: 30 days}"),
        "rule a, check.max_days: must be a number of days, e.g. 30 ('30 days' is text: write only the number) (line 6)",
        "",
    ),
    (
        with_rule("id: a\ntitle: T\nfind: {any: [x]}\ncheck: {max_amount: -5}"),
        "rule a, check.max_amount: must be a positive number of an amount, e.g. 1000000 (line 6)",
        "",
    ),
    (
        with_rule("id: a\ntitle: T\nfind: {any: [x]}\ncheck: {min_percent: .nan}"),
        "rule a, check.min_percent: must be a positive number of a percentage, e.g. 5 (line 6)",
        "",
    ),
    (
        with_rule("id: a\ntitle: T\nfind: {any: [x]}\ncheck: {must_exist: true}"),
        "rule a, positions: required for must_exist: the wording to insert when the clause is missing (line 3)",
        "",
    ),
    (
        with_rule("id: a\ntitle: T\nfind: {any: [x]}\ncheck: {must_match: 'x'}"),
        "rule a, positions: required for must_match: the wording to put in place of the clause (line 3)",
        "",
    ),
    (
        with_rule("id: a\ntitle: T\nfind: {any: [x]}\ncheck: {max_days: 3}\npositions: Pay in 30 days."),
        'rule a, positions: must be a list, e.g. ["Preferred wording.", "Fallback."], got text (line 7)',
        "",
    ),
    (
        with_rule("id: a\ntitle: T\nfind: {any: [x]}\ncheck: {max_days: 3}\npositions:\n  - ok\n  - 30"),
        "rule a, positions[2]: must be text, got a number (put it in quotes) (line 9)",
        "",
    ),
    (
        with_rule("id: a\ntitle: T\nfind: {any: [x]}\ncheck: {max_days: 3}\nvariants: [mutual]"),
        "rule a, variants: must be a mapping of name: wording, got a list (line 7)",
        "",
    ),
    (
        with_rule("id: a\ntitle: T\nfind: {any: [x]}\ncheck: {max_days: 3}\nvariants:\n  softer: Pay in 60 days."),
        "rule a, variants.softer: 'softer' is a revision instruction (moves along positions): pick another name (line 8)",
        "",
    ),
    (
        with_rule("id: a\ntitle: T\nfind: {any: [x]}\ncheck: {max_days: 3}\nvariants:\n  mutual: ''"),
        "rule a, variants.mutual: must not be empty (line 8)",
        "",
    ),
    (
        with_rule("id: a\ntitle: T\nfind: {any: [x]}\ncheck: {max_days: 3}\nrequires_approval: 'yes please'"),
        "rule a, requires_approval: must be true or false, got text (line 7)",
        "",
    ),
    (
        with_rule("id: a\ntitle: T\nfind: {any: [x]}\ncheck: {max_days: 3}\ninsert_after: {any: [y]}"),
        "rule a, insert_after: only applies to must_exist rules (it says where a missing clause goes) (line 7)",
        "",
    ),
    (
        with_rule("id: a\ntitle: T\nfind: {any: [x]}\ncheck: {must_exist: true}\npositions: [P]\ninsert_after: {}"),
        "rule a, insert_after: needs at least one of any, all, regex or clause (line 8)",
        "",
    ),
    (
        with_rule("id: a\ntitle: 2024-01-31\nfind: {any: [x]}\ncheck: {max_days: 3}"),
        "rule a, title: must be text, not a date: put it in quotes (line 4)",
        "",
    ),
    ("name: T\nrules: [\n", "the file ends too early: a list or mapping opened with [ or { is not closed (line 3)", ""),
    ("name: T\n  bad: indent\n",
     "a colon is in the wrong place: put text that contains ': ' in quotes, or start a new line for the field (line 2)", ""),
    (
        "name: T\n---\nname: U\n",
        "the file holds more than one YAML document (a second '---'): keep one (line 2)",
        "",
    ),
    ('name: T\nrules:\n  - id: a\n    title: "unclosed\n    severity: low\n',
     "a quoted text is never closed: a closing quote (\" or ') is missing (line 4)", ""),
    ("   \n", "the file is empty", ""),
    (b"name: caf\xe9\n", "the file is not UTF-8 text (byte 9 cannot be read)", ""),
]


@pytest.mark.parametrize(("source", "expected", "hint"), ERROR_CASES, ids=range(len(ERROR_CASES)))
def test_each_error_kind_names_rule_field_and_line(source, expected, hint):
    found = errors(source)
    assert [str(e) for e in found] == [expected]
    assert found[0].hint == hint


def test_all_errors_are_reported_at_once_in_file_order():
    source = doc(
        """
        name: T
        rules:
          - id: one
            title: One
            find: {any: [x]}
            check: {max_dayz: 30}
          - id: two
            title: Two
            severity: urgent
            find: {any: [x]}
            check: {max_days: 30}
          - id: three
            find: {any: [x]}
            check: {must_exist: true}
        """
    )
    found = errors(source)
    assert [(e.rule_id, e.field, e.line) for e in found] == [
        ("one", "check", 6),
        ("two", "severity", 9),
        ("three", "title", 12),
        ("three", "positions", 12),
    ]


def test_issue_serialises_for_pages_and_commands():
    (issue,) = errors(with_rule("id: a\ntitle: T\nfind: {any: [x]}\ncheck: {max_dayz: 3}"))
    assert issue.to_dict() == {
        "rule_id": "a",
        "field": "check",
        "line": 6,
        "message": "unknown check 'max_dayz'",
        "hint": "did you mean 'max_days'?",
    }


# --- unsafe YAML ------------------------------------------------------------------------------


def test_python_object_tags_are_refused_not_executed(tmp_path):
    marker = tmp_path / "pwned"
    source = f'name: !!python/object/apply:os.system ["touch {marker}"]\nrules:{GOOD_RULE}'
    found = messages(source)
    assert found == [
        "name: unsupported YAML tag 'tag:yaml.org,2002:python/object/apply:os.system': "
        "only plain text, numbers, lists and mappings (line 1)"
    ]
    assert not marker.exists()


def test_custom_tags_and_merge_keys_are_refused():
    assert messages("name: !secret x\nrules:" + GOOD_RULE) == [
        "name: unsupported YAML tag '!secret': only plain text, numbers, lists and mappings (line 1)"
    ]
    source = (
        "base: &b {title: T}\nname: N\nrules:\n  - <<: *b\n    id: a\n    find: {any: [x]}\n    check: {max_days: 3}\n"
    )
    found = messages(source)
    assert "rule a, merge keys (<<) are not supported: write the fields out (line 4)" in found
    assert "base: unknown field (line 1)" in found


def test_billion_laughs_is_refused_quickly():
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for level in range(1, 10):
        prev = f"*a{level - 1}"
        lines.append(f"a{level}: &a{level} [{', '.join([prev] * 9)}]")
    source = "\n".join(lines) + "\nname: bomb\nrules:" + GOOD_RULE
    tracemalloc.start()
    try:
        found = messages(source)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    # Refused before expanding: 9**9 list items would need gigabytes.
    assert peak < 16 * 1024 * 1024
    assert found == [f"too many aliases (*name): at most 50 (line {7})"]


def test_few_aliases_that_expand_hugely_are_refused():
    # 6 levels x 5 aliases = 30 aliases (under the alias limit), but 10 x 5^6 values once expanded.
    lines = ['x0: &x0 ["' + '","'.join(["lol"] * 10) + '"]']
    lines += [f"x{level}: &x{level} [" + ", ".join([f"*x{level - 1}"] * 5) + "]" for level in range(1, 7)]
    source = "\n".join(lines) + "\nname: bomb\nrules:" + GOOD_RULE
    assert messages(source) == ["the file expands to more than 50000 values (aliases count as copies) (line 1)"]


def test_a_self_referencing_alias_is_refused():
    assert messages("name: &a [*a]\nrules:" + GOOD_RULE) == ["an alias refers to itself (line 1)"]


def test_deep_nesting_is_refused_without_recursion_error():
    source = "name: T\nrules: " + "[" * 5000 + "]" * 5000 + "\n"
    assert messages(source) == ["nested too deeply: at most 20 levels (line 2)"]


def test_oversized_file_is_refused_before_parsing():
    big = GOOD + "# " + "x" * MAX_SOURCE_BYTES + "\n"
    assert messages(big) == [f"the file is {len(big.encode()) // 1024} KB; the limit is 256 KB"]
    assert messages(big.encode()) == [f"the file is {len(big.encode()) // 1024} KB; the limit is 256 KB"]


# --- author regexes (the engine's rules: tests/playbooks/test_patterns.py) ---------------------


def test_ordinary_regexes_are_accepted():
    spec = load_playbook(
        with_rule(
            "id: a\ntitle: T\nfind: {regex: '\\b(fees?|prices?)\\b'}\n"
            "check: {must_match: '\\b(thirty|30)\\b.{0,20}days'}\npositions: [P]"
        )
    )
    assert spec.rules[0].find.regex == r"\b(fees?|prices?)\b"


def test_near_pins_the_number_a_check_is_about():
    spec = load_playbook(with_rule("id: r\ntitle: T\nfind: {any: [renew]}\ncheck: {max_days: 60, near: notice}"))
    assert spec.rules[0].check.near == ("notice",)
    assert spec.rules[0].check.to_dict() == {"max_days": 60, "near": ["notice"]}
    assert PlaybookSpec.from_dict(spec.to_dict()) == spec
    listed = load_playbook(with_rule("id: r\ntitle: T\nfind: {any: [renew]}\ncheck: {min_days: 5, near: [a, b c]}"))
    assert listed.rules[0].check.near == ("a", "b c")
    assert load_playbook(GOOD).rules[0].check.to_dict() == {"max_days": 30}  # nothing added when absent


def test_not_after_names_spans_of_time_a_check_leaves_alone():
    spec = load_playbook(
        with_rule("id: r\ntitle: T\nfind: {any: [pay]}\ncheck: {max_days: 30, not_after: [during, for a period of]}")
    )
    assert spec.rules[0].check.not_after == ("during", "for a period of")
    assert spec.rules[0].check.to_dict() == {"max_days": 30, "not_after": ["during", "for a period of"]}
    assert PlaybookSpec.from_dict(spec.to_dict()) == spec


def test_none_leaves_sentences_out_and_needs_another_key():
    spec = load_playbook(
        with_rule("id: r\ntitle: T\nfind: {any: [increase], none: [discount]}\ncheck: {max_percent: 3}")
    )
    assert spec.rules[0].find.none == ("discount",)
    assert spec.rules[0].find.to_dict() == {"any": ["increase"], "none": ["discount"]}
    assert PlaybookSpec.from_dict(spec.to_dict()) == spec
    with pytest.raises(PlaybookInvalid) as raised:
        load_playbook(with_rule("id: r\ntitle: T\nfind: {none: [discount]}\ncheck: {max_percent: 3}"))
    assert "needs at least one of any, all, regex or clause (none only leaves sentences out)" in str(raised.value)


@pytest.mark.parametrize(
    ("check", "message"),
    [
        ("{must_not_match: 'x', near: notice}", "check.near: only a number check takes near"),
        ("{near: notice}", "check: near needs a number check beside it"),
        ("{max_days: 60, near: 7}", "check.near: must be text"),
        ("{max_days: 60, near: ''}", "check.near: must not be empty"),
        ("{must_exist: true, not_after: during}", "check.not_after: only a number check takes not_after"),
        ("{not_after: during}", "check: not_after needs a number check beside it"),
        ("{max_days: 60, not_after: [during, 7]}", "check.not_after: must be text"),
    ],
)
def test_near_errors(check, message):
    found = messages(with_rule(f"id: r\ntitle: T\nfind: {{any: [renew]}}\ncheck: {check}\npositions: [P]"))
    assert any(message in m for m in found), found


FLAGGED = """
name: Flags
rules:
  - id: suspension
    title: No suspension without notice
    find: {all: ["suspend"]}
    check: {must_match: 'prior\\s+written\\s+notice'}
    flag_only: %s
"""


def test_flag_only_needs_no_positions_and_must_be_true_or_false():
    spec = load_playbook(FLAGGED % "true")
    (rule,) = spec.rules
    assert rule.flag_only and rule.positions == ()
    assert type(rule).from_dict(rule.to_dict()).flag_only  # stored versions keep it
    # Without it, a must_match rule still needs the wording it would put in place.
    assert [(e.field, e.message) for e in errors(FLAGGED % "false")] == [
        ("positions", "required for must_match: the wording to put in place of the clause")
    ]
    found = [(e.rule_id, e.field, e.message) for e in errors(FLAGGED % "sometimes")]
    assert ("suspension", "flag_only", "must be true or false, got text") in found


def test_a_limit_reads_its_power_stated_without_a_figure_and_the_proviso_that_limits_it() -> None:
    spec = load_playbook(with_rule("""
        id: price-cap
        title: Price rises of 3% at most
        find: {any: [increase]}
        check: {max_percent: 3}
        uncapped_when: {regex: 'may\\s+change\\s+the\\s+fees'}
        proviso: "provided that no increase exceeds three percent (3%)"
    """))
    rule = spec.rules[0]
    assert rule.uncapped_when is not None and rule.uncapped_when.regex == r"may\s+change\s+the\s+fees"
    assert rule.proviso == "provided that no increase exceeds three percent (3%)"
    assert type(rule).from_dict(rule.to_dict()) == rule


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        # (a least takes one too since round 30; a presence check never does)
        ("check: {must_exist: true}\nuncapped_when: {any: [fees]}",
         "uncapped_when: only applies to max_ and min_ limit checks"),
        ("check: {max_percent: 3}\nproviso: \"provided that it stays low\"", "proviso: needs uncapped_when"),
        ("check: {max_percent: 3}\nuncapped_when: {any: [fees]}\nproviso: \"Provided that it stays low.\"",
         "proviso: is added at the end of the contract's sentence"),
    ],
)
def test_a_proviso_is_refused_where_it_cannot_be_added(fields: str, expected: str) -> None:
    body = "id: price-cap\ntitle: Price rises capped\nfind: {any: [increase]}\n" + fields
    assert any(expected in m for m in messages(with_rule(body)))
