"""The statistics page, its suggestions, drill-down and CSV, and who may see them."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.urls import reverse

from playbooks import selectors, stats, suggestions
from review.authoring.stats import stats_facts
from tests.factories import TeamFactory, author, lawyer
from tests.playbooks.history import build_history, upload_v3_with_new_positions

pytestmark = pytest.mark.django_db


def _suggestions(history):  # type: ignore[no-untyped-def]
    recommendations, outcomes = stats_facts(history.playbook)
    result = stats.compute(name="p", recommendations=recommendations, outcomes=outcomes)
    return suggestions.suggest(result, selectors.stats_rule_infos(history.playbook))


def test_suggestions_from_the_seeded_history_are_explained():
    history = build_history()
    found = _suggestions(history)
    by_rule = {(s.rule_id, s.kind): s for s in found}
    assert set(by_rule) == {
        ("payment-terms", "prefer-fallback"),
        ("limitation-of-liability", "prefer-fallback"),
        ("unilateral-changes", "check-find"),
    }
    payment = by_rule["payment-terms", "prefer-fallback"]
    assert payment.evidence == "Rejected in 5 of its last 6 reviews, most often \u2018Market standard\u2019 (4)."
    assert "fallback the preferred position" in payment.advice
    assert by_rule["limitation-of-liability", "prefer-fallback"].evidence == (
        "Lawyers revised it with \u2018softer\u2019 3 times."
    )
    assert by_rule["unilateral-changes", "check-find"].evidence == (
        "Never fired: its find selected nothing in any of 6 contracts."
    )

    # New positions for payment-terms: the old rejections argued against wording that is gone.
    upload_v3_with_new_positions(history)
    kinds = {(s.rule_id, s.kind) for s in _suggestions(history)}
    assert ("payment-terms", "prefer-fallback") not in kinds
    assert ("unilateral-changes", "check-find") in kinds


def test_the_page_shows_numbers_suggestions_and_edit_links(client):
    history = build_history()
    client.force_login(history.author)
    url = reverse("playbooks:stats", args=[history.playbook.pk])
    page = client.get(url).content.decode()
    assert "Rejected in 5 of its last 6 reviews" in page
    edit = reverse("playbooks:upload_version", args=[history.playbook.pk]) + "?rule=payment-terms#upload-form"
    assert f'href="{edit}"' in page
    assert 'id="stats-chart-data" data-json="{&quot;' in page  # the chart numbers, escaped in an attribute
    assert "chart.umd.min.js" in page and "<script>" not in page  # no inline script under the CSP
    assert "Acme" not in page and "1 in redacted reviews (text removed)" in page
    assert "\u201cMarket standard\u201d" in page

    v1 = client.get(url, {"version": 1}).content.decode()
    assert "4 reviews, 12 recommendations on v1" in v1
    assert client.get(url, {"version": 7}).status_code == 404

    # The edit link opens the latest file with the caret on the rule.
    response = client.get(edit.split("#")[0])
    body = response.content.decode()
    line = history.playbook.versions.get(number=2).playbook_spec.rule("payment-terms").line
    assert f'data-focus-line="{line}"' in body and "Editing rule" in body
    assert "name: Test SaaS playbook" in body


def test_drill_down_lists_the_decisions_behind_a_number(client):
    history = build_history()
    client.force_login(history.author)
    url = reverse("playbooks:stats_decisions", args=[history.playbook.pk])
    page = client.get(url, {"rule": "payment-terms", "bucket": "rejected"}).content.decode()
    assert page.count('class="drill-row"') == 5
    assert "(text redacted)" in page and "Acme" not in page
    assert "\u201cmarket standard.\u201d" in page

    partial = client.get(url, {"rule": "payment-terms", "bucket": "reason", "group": 0}, HTTP_HX_REQUEST="true")
    body = partial.content.decode()
    assert body.count('class="drill-row"') == 4 and "<html" not in body
    assert "rejected because \u201cMarket standard\u201d" in body

    back = client.get(url, {"rule": "renewal-term", "bucket": "sent_back"}).content.decode()
    assert back.count('class="drill-row"') == 1 and "Check with sales first" in back
    # Drill-down links a review only for someone who may open it (here: the team's own).
    assert len(re.findall(r'href="/reviews/\d+/"', back)) == 1
    for bad in ({"rule": "nope", "bucket": "rejected"}, {"rule": "payment-terms", "bucket": "nope"},
                {"rule": "payment-terms", "bucket": "reason", "group": 9}):
        assert client.get(url, bad).status_code == 404
    # No number picked: every recommendation behind the page, each once.
    every = client.get(url).content.decode()
    assert "every recommendation" in every
    from review.models import Recommendation

    made = Recommendation.objects.filter(review__playbook_version__playbook=history.playbook).count()
    assert made > 5 and every.count('class="drill-row"') == made


def test_csv_export(client):
    history = build_history()
    client.force_login(history.author)
    response = client.get(reverse("playbooks:stats_csv", args=[history.playbook.pk]))
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    totals = {(r[1], r[2]): r for r in rows[1:]}
    assert totals["all", "payment-terms"][4:8] == ["6", "0", "1", "5"]
    assert totals["1", "payment-terms"][7] == "3" and totals["2", "payment-terms"][7] == "2"


def test_only_the_teams_authors_see_the_statistics(client):
    history = build_history()
    urls = [
        reverse("playbooks:stats", args=[history.playbook.pk]),
        reverse("playbooks:stats_csv", args=[history.playbook.pk]),
        reverse("playbooks:stats_decisions", args=[history.playbook.pk]) + "?rule=payment-terms&bucket=rejected",
    ]
    outsider = author(team=TeamFactory(name="Other team"))
    member_lawyer = lawyer(team=history.team)
    for user in (outsider, member_lawyer):
        client.force_login(user)
        assert [client.get(u).status_code for u in urls] == [404, 404, 404]
    client.logout()
    assert all(client.get(u).status_code == 302 for u in urls)


def test_a_playbook_without_reviews_has_an_empty_page_and_json(client, capsys):
    from django.core.management import call_command

    from playbooks.services import playbook_upload
    from tests.playbooks.helpers import V1

    user = author(team=TeamFactory())
    version, _ = playbook_upload(author=user, source=V1)
    client.force_login(user)
    page = client.get(reverse("playbooks:stats", args=[version.playbook.pk])).content.decode()
    assert "0 reviews, 0 recommendations" in page and "No suggestions yet" in page
    assert "<canvas" not in page
    call_command("playbook_stats", version.playbook.name, "--json")
    import json

    data = json.loads(capsys.readouterr().out)
    assert [r["rule_id"] for r in data["rules"]] == ["payment-terms", "data-use"]
    assert data["rules"][0]["recommendations"] == 0 and data["rules"][0]["reasons"] == []
