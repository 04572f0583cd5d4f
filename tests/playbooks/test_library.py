"""The starter library: every file validates, covers the format, and finds the demo's problems."""

from __future__ import annotations

import pytest

from core.demo import DEMO_CONTRACT
from documents.docx.model import Paragraph, TextModel
from playbooks import checks
from playbooks.loader import load_playbook
from playbooks.models import Playbook, PlaybookVersion
from playbooks.services import LIBRARY_DIR, library_files, library_import
from tests.factories import TeamFactory, author


def spec(name: str):  # type: ignore[no-untyped-def]
    return load_playbook((LIBRARY_DIR / name).read_bytes())


def test_every_library_file_validates():
    names = {path.name for path in library_files()}
    assert {"saas-customer.yaml", "mutual-nda.yaml"} <= names
    for path in library_files():
        assert load_playbook(path.read_bytes()).rules, path.name


def test_saas_customer_covers_every_check_kind_with_realistic_content():
    saas = spec("saas-customer.yaml")
    assert saas.party == "customer"
    assert len(saas.rules) >= 12
    assert {rule.check.kind for rule in saas.rules} == set(checks.names())
    assert any(rule.requires_approval for rule in saas.rules)
    assert any("mutual" in rule.variant_map for rule in saas.rules)
    assert any(len(rule.positions) >= 2 for rule in saas.rules)
    for rule in saas.rules:
        assert rule.guidance, rule.id
        if rule.check.kind in ("must_exist", "must_match") and not rule.flag_only:
            assert rule.positions, rule.id  # (a flag-only rule proposes no wording: docs/playbook-format.md)


def test_mutual_nda_has_at_least_eight_rules():
    nda = spec("mutual-nda.yaml")
    assert len(nda.rules) >= 8
    assert all(rule.guidance for rule in nda.rules)


def demo_model() -> TextModel:
    texts = [text for heading, clauses in DEMO_CONTRACT for text in [heading, *clauses]]
    return TextModel(tuple(Paragraph(locator=f"p{i}", text=text) for i, text in enumerate(texts, 1)))


def test_saas_customer_finds_the_demo_contracts_problems():
    from review.engine.playbook import PlaybookEngine

    results = {r.rule_id: r for r in PlaybookEngine().analyze(demo_model(), spec("saas-customer.yaml"))}
    expected_issues = {
        "payment-terms": "ten (10) days",
        "price-increase-cap": "fifteen percent (15%)",
        "late-payment-interest": "two percent (2%)",
        "suspension-notice": "five (5) days",
        "renewal-term": "three (3) years",
        "non-renewal-notice": "one hundred twenty (120) days",
        "vendor-termination-for-convenience": "Provider may terminate this Agreement for convenience",
        "customer-termination-for-convenience": "Customer may not terminate",
        "customer-data-use": "for any purpose",
        "data-return": "immediately and without notice",
        "mutual-confidentiality": "Customer shall keep Provider's Confidential Information",
        "assignment": "Provider may assign this Agreement without Customer's consent",
        "unilateral-changes": "Provider may change these terms",
    }
    for rule_id, text in expected_issues.items():
        result = results[rule_id]
        assert result.status == "issue", (rule_id, result.status, result.message)
        assert any(text in p.before for p in result.recommendations), (rule_id, result.recommendations)
    for rule_id in ("limitation-of-liability", "vendor-ip-indemnity", "provider-warranty"):
        assert results[rule_id].status == "missing", rule_id
        assert results[rule_id].recommendations[0].action == "insert"
    # Limits change only the number phrase.
    (payment,) = results["payment-terms"].recommendations
    assert (payment.edit.before, payment.edit.after) == ("ten (10) days", "thirty (30) days")
    # The liability cap goes after the indemnity clause, as the rule's insert_after asks.
    liability = results["limitation-of-liability"].recommendations[0]
    assert demo_model().get(liability.edit.locator).text.startswith("6.1 Customer shall indemnify")


@pytest.mark.django_db
def test_library_import_is_idempotent_and_versions_changes(tmp_path, monkeypatch):
    team = TeamFactory()
    owner = author(team=team)
    first = library_import(owner=owner, team=team)
    assert len(first) == len(library_files())
    assert all(v.number == 1 and v.playbook.team == team for v in first)
    again = library_import(owner=owner, team=team)
    assert [v.pk for v in again] == [v.pk for v in first]
    assert PlaybookVersion.objects.count() == len(first)

    # A changed library file becomes version 2 of the same playbook.
    import playbooks.services as services

    for path in library_files():
        (tmp_path / path.name).write_bytes(path.read_bytes())
    nda = tmp_path / "mutual-nda.yaml"
    nda.write_text(nda.read_text().replace("min_days: 730", "min_days: 1095"))
    monkeypatch.setattr(services, "LIBRARY_DIR", tmp_path)
    third = library_import(owner=owner, team=team)
    changed = [v for v in third if v.pk not in {f.pk for f in first}]
    assert [(v.playbook.name, v.number) for v in changed] == [("Mutual NDA", 2)]
    assert Playbook.objects.count() == len(first)


def test_every_example_in_the_format_documentation_validates():
    import re

    from tests.conftest import ROOT

    text = (ROOT / "docs" / "playbook-format.md").read_text()
    blocks = re.findall(r"```yaml\n(.*?)```", text, re.S)
    # Picked by what they show (the guide grows); fragments such as the {us}/{them} one are
    # covered by the tests of their feature.
    assert len(blocks) >= 4
    full, approvals = blocks[0], next(b for b in blocks if b.startswith("name:") and "approvals:" in b)
    clause_rule = next(b for b in blocks if "clause: cap-on-liability" in b)
    rule_examples = next(b for b in blocks if b.startswith("  - id: limitation-of-liability"))
    assert load_playbook("name: Clause\nrules:\n" + clause_rule).rules[0].find.to_dict()["clause"] == "cap-on-liability"
    pinned = next(b for b in blocks if "near: notice" in b)
    assert load_playbook("name: Pinned\nrules:\n" + pinned).rules[0].check.near == ("notice",)
    gated = load_playbook(approvals)
    assert gated.approver == "group:Senior counsel" and gated.approve_critical_deviations
    assert gated.rule("source-code-escrow").requires_approval
    assert gated.rule("source-code-escrow").approver == "user:head-of-legal"
    assert load_playbook(full).rules[0].id == "payment-terms"
    examples = load_playbook("name: Examples\nrules:\n" + rule_examples)
    kinds = {rule.check.kind for rule in examples.rules}
    assert {"must_exist", "must_not_exist", "must_match", "must_not_match", "min_days", "min_amount"} <= kinds
