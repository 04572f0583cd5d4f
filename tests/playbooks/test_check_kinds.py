"""The check kinds' one registry (playbooks/checks.py, filled by review/engine/checks/): the loader,
the spreadsheet import, the presentation and docs/playbook-format.md all read the same kinds."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from playbooks import checks
from playbooks.loader import load_playbook
from playbooks.presentation import check_in_words
from playbooks.rules import Check
from review.engine.checks import KINDS, evaluator

DOCS = Path(__file__).resolve().parents[2] / "docs" / "playbook-format.md"


def documented_checks() -> list[str]:
    """The first column of the table under "## The checks"."""
    text = DOCS.read_text()
    section = text[text.index("\n## The checks\n") :]
    section = section[: section.index("\n## ", 1)]
    return re.findall(r"^\| `([a-z_]+)` \|", section, re.MULTILINE)


def test_every_registered_check_kind_is_documented_and_only_those() -> None:
    assert sorted(documented_checks()) == sorted(checks.names())


def test_the_docs_table_lists_the_kinds_in_registry_order() -> None:
    assert documented_checks() == list(checks.names())


def test_the_kinds_register_in_both_registries() -> None:
    assert [kind.name for kind in KINDS] == list(checks.names())
    for kind in KINDS:
        assert checks.get(kind.name) is kind
        assert evaluator(kind.name) is kind


def test_the_readers_of_a_check_read_the_registry() -> None:
    assert check_in_words(Check(kind="max_days", value=30)) == "at most 30 days"
    assert check_in_words(Check(kind="min_amount", value=2000000)) == "an amount of at least 2,000,000"
    assert check_in_words(Check(kind="unknown_kind", value=3)) == "unknown_kind: 3"
    assert checks.get("max_percent").value_from_cell("5%") == 5
    assert checks.get("max_amount").value_from_cell("1,000,000.5") == 1000000.5
    assert checks.get("must_match").value_from_cell("\\bmutual\\b") == "\\bmutual\\b"


def test_a_loader_used_before_the_kinds_register_fails_loudly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(checks, "_KINDS", {})
    source = "name: P\nrules:\n  - id: r\n    title: T\n    find: {any: [x]}\n    check: {must_not_exist: true}\n"
    with pytest.raises(checks.NoCheckKinds):
        load_playbook(source)


def test_a_kind_registers_once() -> None:
    with pytest.raises(ValueError, match="registered twice"):
        checks.register(KINDS[0])
