"""Override statistics: grouping of reasons (pure) and the numbers of a seeded history."""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from playbooks import stats
from playbooks.stats import group_texts, similar
from review.authoring.stats import stats_facts
from tests.playbooks.history import build_history


def test_near_duplicate_reasons_group_together_with_counts():
    groups = group_texts([
        ("Market standard", 1), ("market standard.", 2), ("This is market standard", 3), ("Market-standard!", 4),
        ("Standards of the market", 5), ("Client has insurance", 6), ("client has insurance ", 7),
        ("Not market standard", 8),
    ])
    assert [(g.text, g.count) for g in groups] == [
        ("Market standard", 5), ("Client has insurance", 2), ("Not market standard", 1),
    ]
    assert sorted(groups[0].recommendation_ids) == [1, 2, 3, 4, 5]


def test_similarity_catches_typos_but_not_negation_or_other_reasons():
    assert similar("market standard", "market stnadard")
    assert not similar("market standard", "not market standard")
    assert not similar("market standard", "sales agreed three years")
    assert group_texts([("   ", 1), ("", 2)]) == []


def test_csv_cells_never_start_a_formula():
    assert stats.csv_safe("=HYPERLINK(1)") == "'=HYPERLINK(1)"
    assert stats.csv_safe("-1") == "'-1"
    assert stats.csv_safe("market standard") == "market standard"


@pytest.mark.django_db
def test_statistics_of_a_seeded_history():
    history = build_history()
    recommendations, outcomes = stats_facts(history.playbook)
    result = stats.compute(name=history.playbook.name, recommendations=recommendations, outcomes=outcomes,
                           rule_order=[(r.id, r.title) for r in history.reviews[-1].playbook_version.playbook_spec.rules])
    assert result.reviews == 6 and result.versions == [1, 2]

    payment = result.rule("payment-terms")
    assert payment.totals.to_dict() | {} == {
        "recommendations": 6, "accepted": 0, "revised": 1, "rejected": 5, "open": 0, "superseded": 0,
        "sent_back": 0, "fallback": 1,  # "45 days" is the playbook's own fallback (review/engine/wording.py)
    }
    # Four wordings of one reason, one group; the redacted review's reason is counted, not shown.
    assert [(g.text, g.count) for g in payment.reasons] == [("Market standard", 4)]
    assert payment.reasons_redacted == 1
    assert all("Acme" not in g.text for g in payment.reasons)
    assert [(g.text, g.count) for g in payment.instructions] == [("45 days", 1)]
    assert payment.by_version[1].rejected == 3 and payment.by_version[2].rejected == 2

    renewal = result.rule("renewal-term")
    assert (renewal.totals.accepted, renewal.totals.open, renewal.totals.sent_back) == (5, 1, 1)
    sent_back = renewal.facts["sent_back"][0]
    assert [d.comment for d in sent_back.decisions if d.outcome == "sent_back"] == ["Check with sales first"]

    liability = result.rule("limitation-of-liability")
    assert (liability.totals.accepted, liability.totals.revised, liability.totals.rejected) == (2, 3, 1)
    assert liability.totals.fallback == 3 and liability.positions_accepted == {1: 3, 0: 2}
    assert [(g.text, g.count) for g in liability.instructions] == [("softer", 3)]
    assert [(g.text, g.count) for g in liability.reasons] == [("Client has insurance", 1)]

    never = result.rule("unilateral-changes")
    assert never.totals.recommendations == 0 and (never.totals.reviews, never.totals.fired) == (6, 0)
    assert result.totals.recommendations == 18 and result.totals.sent_back == 1

    # One version alone.
    recommendations, outcomes = stats_facts(history.playbook, version=2)
    v2 = stats.compute(name="x", recommendations=recommendations, outcomes=outcomes)
    assert v2.reviews == 2 and v2.rule("payment-terms").totals.rejected == 2

    rows = stats.csv_rows(result)
    assert rows[0][:8] == ["playbook", "version", "rule_id", "title", "recommendations", "accepted", "revised",
                           "rejected"]
    all_payment = next(r for r in rows if r[1] == "all" and r[2] == "payment-terms")
    assert all_payment[4:8] == ["6", "0", "1", "5"] and all_payment[-1] == "Market standard (4)"


@pytest.mark.django_db
def test_playbook_stats_command_prints_the_json_shape(capsys):
    history = build_history()
    call_command("playbook_stats", history.playbook.name, "--json")
    data = json.loads(capsys.readouterr().out)
    assert data["playbook"] == history.playbook.name
    assert [r["rule_id"] for r in data["rules"]] == [
        "payment-terms", "renewal-term", "limitation-of-liability", "governing-law", "unilateral-changes",
    ]
    payment = data["rules"][0]
    assert {k: payment[k] for k in ("rule_id", "title", "recommendations", "accepted", "revised", "rejected")} == {
        "rule_id": "payment-terms", "title": "Payment within 30 days at most", "recommendations": 6,
        "accepted": 0, "revised": 1, "rejected": 5,
    }
    assert payment["reasons"] == [{"text": "Market standard", "count": 4}]

    call_command("playbook_stats", history.playbook.name, "--playbook-version", "1")
    table = capsys.readouterr().out
    assert "v1): 4 reviews, 12 recommendations" in table and "Market standard (3)" in table
    with pytest.raises(CommandError, match="no playbook named"):
        call_command("playbook_stats", "Nope")
    with pytest.raises(CommandError, match="has no version 9"):
        call_command("playbook_stats", history.playbook.name, "--playbook-version", "9")


def test_csv_rows_parse_back():
    result = stats.compute(name="P", recommendations=[], outcomes=[], rule_order=[("a", "=cmd")])
    text = io.StringIO()
    csv.writer(text).writerows(stats.csv_rows(result))
    rows = list(csv.reader(io.StringIO(text.getvalue())))
    assert rows[1][:4] == ["P", "all", "a", "'=cmd"]


def test_a_rule_not_expected_in_a_review_did_not_fire_there():
    # A notice period to stop a renewal, in a contract that does not renew: the rule's clause is
    # not there and is not asked for, so the statistics do not count it as fired.
    from datetime import UTC, datetime

    started = datetime(2026, 12, 1, tzinfo=UTC)
    outcomes = [
        stats.OutcomeFact(review_id=1, version=1, rule_id="notice", rule_title="Notice", status="not_expected",
                          review_started=started),
        stats.OutcomeFact(review_id=2, version=1, rule_id="notice", rule_title="Notice", status="missing",
                          review_started=started),
    ]
    (rule,) = stats.compute(name="P", recommendations=[], outcomes=outcomes).rules
    assert (rule.totals.reviews, rule.totals.fired, rule.totals.missing) == (2, 1, 1)
