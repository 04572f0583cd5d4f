"""/metrics: Prometheus text format, computed from the database, for staff or the token only."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from core import metrics
from review.metrics import DURATION_BUCKETS
from review.models import AnalysisJob, DecisionOutcome, Recommendation, RecommendationStatus
from review.workflow import event_append
from tests.factories import UserFactory
from tests.review.factories import decide, make_review, shown

pytestmark = pytest.mark.django_db

TOKEN = "s3cret-scrape-token-0123456789"

_NAME = r"[a-zA-Z_:][a-zA-Z0-9_:]*"
_LABEL = r'[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\[\\"n])*"'
_SAMPLE = re.compile(rf"^({_NAME})(?:\{{({_LABEL}(?:,{_LABEL})*)?\}})? (\S+)$")
_HELP = re.compile(rf"^# HELP ({_NAME}) (.*)$")
_TYPE = re.compile(rf"^# TYPE ({_NAME}) (counter|gauge|histogram|summary|untyped)$")
_PAIR = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"')


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", lambda m: {"n": "\n"}.get(m.group(1), m.group(1)), value)


def parse(text: str) -> dict[tuple[str, frozenset], float]:
    """A strict parser of the text format: every line must be a HELP, TYPE or sample line, and
    every sample must belong to a family declared (HELP and TYPE) before it."""
    assert text.endswith("\n")
    samples: dict[tuple[str, frozenset], float] = {}
    helped: set[str] = set()
    typed: dict[str, str] = {}
    for line in text.splitlines():
        if match := _HELP.match(line):
            helped.add(match.group(1))
            continue
        if match := _TYPE.match(line):
            assert match.group(1) in helped, f"TYPE before HELP: {line}"
            typed[match.group(1)] = match.group(2)
            continue
        match = _SAMPLE.match(line)
        assert match, f"not a valid exposition line: {line!r}"
        name, labels, value = match.groups()
        family = re.sub(r"_(bucket|sum|count)$", "", name) if name not in typed else name
        assert family in typed, f"sample of an undeclared family: {line}"
        key = (name, frozenset((k, _unescape(v)) for k, v in _PAIR.findall(labels or "")))
        assert key not in samples, f"duplicate series: {line}"
        samples[key] = float(value)
    return samples


def value(samples: dict, name: str, **labels: str) -> float:
    return samples[(name, frozenset(labels.items()))]


def scrape(client) -> dict:
    response = client.get("/metrics", HTTP_AUTHORIZATION=f"Bearer {TOKEN}")
    assert response.status_code == 200, response.content
    return parse(response.content.decode())


@pytest.fixture(autouse=True)
def _token(settings) -> None:
    settings.REDPEN_METRICS_TOKEN = TOKEN


# --- Access ---------------------------------------------------------------------------------


def test_anonymous_is_refused_without_a_login_redirect(client):
    response = client.get("/metrics")
    assert response.status_code == 403
    assert "Location" not in response
    assert b"redpen_" not in response.content


def test_a_logged_in_non_staff_user_is_refused(client):
    client.force_login(UserFactory())
    assert client.get("/metrics").status_code == 403


def test_a_staff_session_may_scrape(client):
    client.force_login(UserFactory(is_staff=True))
    response = client.get("/metrics")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/plain; version=0.0.4; charset=utf-8"
    assert "no-cache" in response["Cache-Control"]
    parse(response.content.decode())


@pytest.mark.parametrize(
    "header",
    [f"Bearer {TOKEN}x", f"Bearer {TOKEN[:-1]}", "Bearer ", f"Basic {TOKEN}", TOKEN, f"Token {TOKEN}"],
)
def test_a_wrong_or_malformed_token_is_refused(client, header):
    assert client.get("/metrics", HTTP_AUTHORIZATION=header).status_code == 403


def test_the_token_may_scrape_and_the_scheme_is_case_insensitive(client):
    assert client.get("/metrics", HTTP_AUTHORIZATION=f"Bearer {TOKEN}").status_code == 200
    assert client.get("/metrics", HTTP_AUTHORIZATION=f"bearer {TOKEN}").status_code == 200


def test_without_a_configured_token_only_staff_may_scrape(client, settings):
    settings.REDPEN_METRICS_TOKEN = ""
    assert client.get("/metrics", HTTP_AUTHORIZATION="Bearer ").status_code == 403
    assert client.get("/metrics", HTTP_AUTHORIZATION="Bearer").status_code == 403
    client.force_login(UserFactory(is_staff=True))
    assert client.get("/metrics").status_code == 200


def test_metrics_only_answer_get(client):
    client.force_login(UserFactory(is_staff=True))
    assert client.post("/metrics").status_code == 405


# --- Values ---------------------------------------------------------------------------------


def test_every_family_is_exported_on_an_empty_database(client):
    samples = scrape(client)
    for outcome in DecisionOutcome.values:
        assert value(samples, "redpen_decisions_total", outcome=outcome) == 0
    assert value(samples, "redpen_duplicate_decisions_total") == 0
    assert value(samples, "redpen_stale_decisions_total") == 0
    assert value(samples, "redpen_analysis_duration_seconds_count") == 0
    assert value(samples, "redpen_analysis_duration_seconds_bucket", le="+Inf") == 0
    assert value(samples, "redpen_pending_recommendations") == 0
    assert value(samples, "redpen_oldest_pending_seconds") == 0
    assert value(samples, "redpen_reviews", status="awaiting_decision") == 0
    assert value(samples, "redpen_analysis_jobs", status="queued") == 0
    assert value(samples, "redpen_reconciler_redrives_total") == 0
    assert value(samples, "redpen_reconciler_repairs_total", kind="redrive") == 0


def test_values_follow_decisions(client):
    review = make_review()
    before = scrape(client)
    n_pending = review.recommendations.filter(status=RecommendationStatus.PENDING).count()
    assert n_pending >= 3
    assert value(before, "redpen_reviews", status="awaiting_decision") == 1
    assert value(before, "redpen_pending_recommendations") == n_pending
    assert value(before, "redpen_analysis_jobs", status="succeeded") == 1

    first = shown(review)
    assert decide(review, first, "accept", key="k-accept").outcome == DecisionOutcome.APPLIED
    assert decide(review, first, "accept", key="k-accept").duplicate  # a retried request
    # The same (already accepted) recommendation from an old page, with a fresh key: stale.
    assert decide(review, first, "accept", key="k-old-page").outcome == DecisionOutcome.STALE
    second = shown(review)
    assert decide(review, second, "reject", reason="no").outcome == DecisionOutcome.REJECTED

    after = scrape(client)
    assert value(after, "redpen_decisions_total", outcome="applied") == 1
    assert value(after, "redpen_decisions_total", outcome="rejected") == 1
    assert value(after, "redpen_decisions_total", outcome="stale") == 1
    assert value(after, "redpen_stale_decisions_total") == 1
    assert value(after, "redpen_duplicate_decisions_total") == 1
    assert value(after, "redpen_pending_recommendations") == n_pending - 2


def test_oldest_pending_age_comes_from_the_oldest_pending_recommendation(client):
    review = make_review()
    assert value(scrape(client), "redpen_oldest_pending_seconds") < 60
    rec = review.recommendations.filter(status=RecommendationStatus.PENDING).order_by("ordinal").first()
    Recommendation.objects.filter(pk=rec.pk).update(updated_at=timezone.now() - timedelta(hours=2))
    age = value(scrape(client), "redpen_oldest_pending_seconds")
    assert 7200 <= age < 7200 + 60
    # Once decided it no longer counts: the age falls back to the others.
    decide(review, shown(review, rec.rule_id), "reject")
    assert value(scrape(client), "redpen_oldest_pending_seconds") < 60


def test_pending_recommendations_of_a_cancelled_review_do_not_count(client):
    from review.workflow import review_cancel

    review = make_review()
    assert value(scrape(client), "redpen_pending_recommendations") > 0
    assert review_cancel(review=review, actor=review.owner, reason="")
    samples = scrape(client)
    assert value(samples, "redpen_pending_recommendations") == 0
    assert value(samples, "redpen_oldest_pending_seconds") == 0
    assert value(samples, "redpen_reviews", status="cancelled") == 1


def test_analysis_duration_histogram_is_cumulative_and_sums(client):
    review = make_review()
    job = review.jobs.get()
    AnalysisJob.objects.filter(pk=job.pk).update(duration_s=7.0)
    other = make_review(owner=review.owner)
    AnalysisJob.objects.filter(review=other).update(duration_s=0.2)
    samples = scrape(client)
    assert value(samples, "redpen_analysis_duration_seconds_count") == 2
    assert value(samples, "redpen_analysis_duration_seconds_sum") == pytest.approx(7.2)
    assert value(samples, "redpen_analysis_duration_seconds_bucket", le="0.1") == 0
    assert value(samples, "redpen_analysis_duration_seconds_bucket", le="0.25") == 1
    assert value(samples, "redpen_analysis_duration_seconds_bucket", le="5.0") == 1
    assert value(samples, "redpen_analysis_duration_seconds_bucket", le="10.0") == 2
    assert value(samples, "redpen_analysis_duration_seconds_bucket", le="+Inf") == 2
    buckets = [v for (name, labels), v in samples.items() if name == "redpen_analysis_duration_seconds_bucket"]
    assert len(buckets) == len(DURATION_BUCKETS) + 1


def test_reconciler_repairs_and_redrives_are_counted(client):
    review = make_review()
    AnalysisJob.objects.filter(review=review).update(redrives=2)
    event_append(review_id=review.pk, kind="reconcile.redrive", job="x")
    event_append(review_id=review.pk, kind="reconcile.redrive", job="x")
    event_append(review_id=review.pk, kind="reconcile.review_completed")
    event_append(review_id=review.pk, kind="reconcile.something_new")
    event_append(review_id=review.pk, kind="export")  # not a repair
    samples = scrape(client)
    assert value(samples, "redpen_reconciler_redrives_total") == 2
    assert value(samples, "redpen_reconciler_repairs_total", kind="redrive") == 2
    assert value(samples, "redpen_reconciler_repairs_total", kind="review_completed") == 1
    assert value(samples, "redpen_reconciler_repairs_total", kind="something_new") == 1
    assert value(samples, "redpen_reconciler_repairs_total", kind="job_failed") == 0


# --- The format -----------------------------------------------------------------------------


def test_label_values_and_help_are_escaped():
    metric = metrics.Metric("redpen_test", "gauge", 'Help with a \\ backslash\nand a newline "quoted".')
    metric.add(1, kind='a "quoted" \\ value\nwith a newline')
    text = metrics.render([metric])
    assert text.splitlines()[0] == '# HELP redpen_test Help with a \\\\ backslash\\nand a newline "quoted".'
    assert len(text.splitlines()) == 3  # the newlines did not break lines
    samples = parse(text)
    assert value(samples, "redpen_test", kind='a "quoted" \\ value\nwith a newline') == 1


def test_values_are_formatted_as_prometheus_reads_them():
    assert metrics.format_value(3) == "3"
    assert metrics.format_value(0.5) == "0.5"
    assert metrics.format_value(float("inf")) == "+Inf"
    assert metrics.format_value(float("nan")) == "NaN"


def test_a_scrape_is_a_handful_of_queries(client, django_assert_max_num_queries):
    make_review()
    with django_assert_max_num_queries(12):
        metrics.collect()


@pytest.mark.postgres
def test_metrics_on_postgresql(client):
    """The same aggregates (conditional counts, sums, minimum) on the production database."""
    review = make_review()
    decide(review, shown(review), "accept", key="pg")
    decide(review, shown(review), "reject")
    samples = scrape(client)
    assert value(samples, "redpen_decisions_total", outcome="applied") == 1
    assert value(samples, "redpen_decisions_total", outcome="rejected") == 1
    assert value(samples, "redpen_analysis_duration_seconds_count") == 1
    assert value(samples, "redpen_analysis_duration_seconds_bucket", le="+Inf") == 1
    assert value(samples, "redpen_pending_recommendations") >= 1
    assert 0 <= value(samples, "redpen_oldest_pending_seconds") < 60


@pytest.mark.django_db
def test_open_approvals_and_the_age_of_the_oldest_are_exposed(client):
    from datetime import timedelta

    from django.contrib.auth.models import Group
    from django.utils import timezone

    from review.models import Approval
    from tests.factories import UserFactory
    from tests.review.factories import author_user, decide, make_review, shown
    from tests.review.test_approvals import GATED_PLAYBOOK

    staff = UserFactory(is_staff=True)
    client.force_login(staff)
    Group.objects.get_or_create(name="Senior counsel")
    review = make_review(author_user(), playbook=GATED_PLAYBOOK)
    decide(review, shown(review, "payment-terms"), "accept")
    Approval.objects.update(created_at=timezone.now() - timedelta(hours=3))
    body = client.get("/metrics").content.decode()
    assert "redpen_open_approvals 1" in body
    age = float(next(line for line in body.splitlines() if line.startswith("redpen_oldest_open_approval_seconds "))
                .split()[1])
    assert 3 * 3600 - 5 < age < 3 * 3600 + 60
