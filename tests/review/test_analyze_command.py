"""`manage.py analyze` (docs/headless.md): exact JSON, a readable table, clean errors. No database."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tests.conftest import ROOT, shared_data

PLAYBOOK = ROOT / "playbooks" / "library" / "cuad-coverage.yaml"


def contract() -> Path:
    return shared_data("cuad", "docx", "cuad_services_02.docx")


def test_json_output_has_exactly_the_documented_shape() -> None:
    out = StringIO()
    call_command("analyze", str(contract()), "--playbook", str(PLAYBOOK), "--json", stdout=out)
    data = json.loads(out.getvalue())
    assert set(data) == {"contract", "playbook", "results", "counterparty_changes", "comments", "clauses", "key_terms"}
    assert data["counterparty_changes"] == [] and data["comments"] == []  # nobody else edited this one
    assert data["contract"] == "cuad_services_02.docx"
    assert set(data["playbook"]) == {"name", "version"}
    assert data["playbook"]["name"] == "CUAD clause coverage"
    assert data["playbook"]["version"].startswith("sha256:")
    # One rule per CUAD category on clause types (the library playbook moved from 12 regex rules).
    assert len(data["results"]) == 41
    for result in data["results"]:
        assert set(result) == {"rule_id", "title", "status", "severity", "evidence", "recommendations", "source"}
        assert result["source"] == "playbook"
        assert result["status"] in {"ok", "issue", "missing", "not_found", "not_expected"}
        # Every rule of this playbook is on a clause type: evidence items carry the model's confidence.
        for item in result["evidence"]:
            assert set(item) == {"text", "confidence", "type", "title", "paragraph"}
            # (a missing clause's evidence is the passage to compare, read at the lower threshold of
            # review/engine/draft.py ``existing_clause``)
            floor = 0.25 if result["status"] == "missing" else 0.5
            assert item["type"] == result["rule_id"] and floor <= item["confidence"] <= 1
        for rec in result["recommendations"]:
            # "defects" only when the edit checker found some (docs/headless.md).
            assert set(rec) - {"defects"} == {"action", "before", "after", "explanation"}
            assert all(set(d) == {"kind", "message"} for d in rec.get("defects", [{"kind": 1, "message": 1}]))
            assert rec["action"] in {"replace", "insert", "delete"}
    by_id = {r["rule_id"]: r for r in data["results"]}
    assert by_id["governing-law"]["status"] == "ok"
    missing = [r for r in data["results"] if r["status"] == "missing"]
    # A missing clause is inserted, or (a passage of its type exists) pointed at to compare, or
    # only reported (a flag_only rule: a key term's placeholder, a renewal).
    from playbooks.loader import load_playbook

    flag_only = {r.id for r in load_playbook(PLAYBOOK.read_bytes()).rules if r.flag_only}
    assert missing and all(
        [x["action"] for x in r["recommendations"]] == ["insert"] if r["recommendations"]
        else (r["evidence"] or r["rule_id"] in flag_only)
        for r in missing
    )
    assert data["clauses"], "the clause map lists the passages found"
    for clause in data["clauses"]:
        assert set(clause) == {"type", "title", "text", "confidence", "paragraph"}
        assert 0.5 <= clause["confidence"] <= 1 and clause["paragraph"].startswith("p")
    assert "governing-law" in {c["type"] for c in data["clauses"]}
    # The key terms, in their fixed order, each with its short value and where it was read.
    terms = {t["term"]: t for t in data["key_terms"]}
    assert [t["term"] for t in data["key_terms"]] == [
        "parties", "agreement-date", "effective-date", "expiration-date", "governing-law", "renewal-term",
        "notice-period-to-terminate-renewal"]
    for term in data["key_terms"]:
        assert set(term) == {"term", "label", "value", "passage", "confidence", "paragraph"}
    assert terms["governing-law"]["value"] == "Connecticut"
    assert "laws of the State of Connecticut" in terms["governing-law"]["passage"]
    assert terms["governing-law"]["paragraph"].startswith("p") and terms["governing-law"]["confidence"] >= 0.5
    assert terms["agreement-date"]["value"] == "May 25, 2018"  # a date as a date (round 4)
    assert "CRO Consulting (Pty) Limited" in terms["parties"]["value"]


def test_pattern_only_rules_keep_plain_string_evidence(tmp_path: Path) -> None:
    playbook = tmp_path / "p.yaml"
    playbook.write_text(
        "name: x\nrules:\n  - id: law\n    title: Law\n    find: {any: [governed by]}\n    check: {must_exist: true}\n"
        "    positions: [\"New York law governs.\"]\n"
    )
    out = StringIO()
    call_command("analyze", str(contract()), "--playbook", str(playbook), "--json", stdout=out)
    (result,) = json.loads(out.getvalue())["results"]
    assert result["evidence"] and all(isinstance(s, str) for s in result["evidence"])


def test_table_output_is_readable() -> None:
    out = StringIO()
    call_command("analyze", str(contract()), "--playbook", str(PLAYBOOK), stdout=out)
    text = out.getvalue()
    assert "Playbook: CUAD clause coverage" in text
    assert "governing-law" in text and "ok" in text
    assert "{" not in text.splitlines()[0]


def test_bad_inputs_raise_command_error(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="contract file not found"):
        call_command("analyze", str(tmp_path / "nope.docx"), "--playbook", str(PLAYBOOK))
    not_docx = tmp_path / "contract.pdf"
    not_docx.write_bytes(b"%PDF-1.4 not a docx")
    with pytest.raises(CommandError, match=r"contract\.pdf"):
        call_command("analyze", str(not_docx), "--playbook", str(PLAYBOOK))
    broken = tmp_path / "broken.yaml"
    broken.write_text("name: x\nrules:\n  - id: a\n    title: A\n    find: {any: [b]}\n    check: {max_dayz: 3}\n")
    with pytest.raises(CommandError, match=r"broken\.yaml.*max_dayz"):
        call_command("analyze", str(contract()), "--playbook", str(broken))


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"}
    env.pop("REDPEN_LLM_BASE_URL", None)
    return subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "analyze", *args],
        capture_output=True, text=True, cwd=ROOT, env=env, timeout=120,
    )  # fmt: skip


def test_subprocess_json_and_exit_codes(tmp_path: Path) -> None:
    ok = run_cli(str(contract()), "--playbook", str(PLAYBOOK), "--json")
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["contract"] == "cuad_services_02.docx"

    missing = run_cli(str(tmp_path / "nope.docx"), "--playbook", str(PLAYBOOK), "--json")
    assert missing.returncode != 0
    assert missing.stdout == ""
    assert "Traceback" not in missing.stderr
    assert len(missing.stderr.strip().splitlines()) == 1
    assert "not found" in missing.stderr

    broken = tmp_path / "broken.yaml"
    broken.write_text("rules: [\n")
    bad = run_cli(str(contract()), "--playbook", str(broken))
    assert bad.returncode != 0
    assert "Traceback" not in bad.stderr
    assert len(bad.stderr.strip().splitlines()) == 1
