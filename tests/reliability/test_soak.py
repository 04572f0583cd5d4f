"""The soak. K lawyers of one team decide on shared reviews over real HTTP
against gunicorn (2 processes) on PostgreSQL, with random decisions, duplicate submissions (the
same idempotency key twice, one after the other or at once), stale clicks (an old form with an
old proposal id) and new contracts uploaded and analysed by a Celery worker that is killed and
restarted half-way. A reconciler runs beside it, as Celery beat would.

Afterwards, from the database only:
- every decision request answered 2xx exists (looked up by the idempotency key sent);
- no proposal has two effective decisions, and every review is consistent: versions = 1 +
  applied decisions, the cursor is the newest version, active iff something is pending,
  accepted/rejected recommendations have exactly one matching decision, the audit chain holds;
- the reconciler never had to repair a decision or complete a review (the workflow kept them
  consistent itself).

``REDPEN_SOAK_SECONDS`` (default 20 in the suite) and ``REDPEN_SOAK_LAWYERS`` (default 4) size it;
``python bench/soak.py`` runs it for 60 s and writes the numbers into bench/README.md.
"""

from __future__ import annotations

import io
import json
import os
import random
import re
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from dataclasses import dataclass, field
from http.cookiejar import CookieJar

import pytest
from django.core.management import call_command
from django.db import connections
from django.db.models import Count, Max

from documents.models import DocumentVersion
from review.models import (
    EFFECTIVE_OUTCOMES,
    AnalysisJob,
    Decision,
    DecisionOutcome,
    JobStatus,
    RecommendationStatus,
    Review,
    ReviewStatus,
    RevisionJob,
)
from review.reconcile import reconcile
from tests.conftest import ARTIFACTS
from tests.factories import PASSWORD, TeamFactory
from tests.review.factories import author_user, contract_docx, make_review

from .conftest import wait_for

pytestmark = [pytest.mark.postgres, pytest.mark.worker]

SECONDS = float(os.environ.get("REDPEN_SOAK_SECONDS", "20"))
LAWYERS = int(os.environ.get("REDPEN_SOAK_LAWYERS", "4"))
MAX_REQUESTS_PER_LAWYER = 20_000  # a bound besides time
OPEN_REVIEWS = 2 * LAWYERS  # lawyers upload a contract when fewer are open
RESULTS = ARTIFACTS / "soak.json"
# Understood by the deterministic engine, except the last: a failed revision is a decision too.
INSTRUCTIONS = ["softer", "stricter", "45 days", "mutual", "something the engine cannot do"]

# Recommendations still to be decided (or, with an approval gate, to be approved).
OPEN = [RecommendationStatus.PENDING, "awaiting_approval"]
HIDDEN = re.compile(r'<input type="hidden" name="(recommendation|proposal|key|csrfmiddlewaretoken)" value="([^"]*)"')


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        return None  # a 3xx comes back as the response itself


class Browser:
    """One lawyer's browser: its own cookie jar (session, CSRF cookie), loopback only."""

    def __init__(self, base_url: str) -> None:
        assert base_url.startswith("http://127.0.0.1:"), base_url
        self.base_url = base_url
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()), NoRedirect())
        self.requests = 0

    def request(self, method: str, path: str, data: bytes | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, str, dict[str, str]]:
        self.requests += 1
        request = urllib.request.Request(self.base_url + path, data=data, method=method, headers=headers or {})
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, response.read().decode(), dict(response.headers)
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read().decode(errors="replace"), dict(exc.headers)

    def post_form(self, path: str, fields: dict[str, str], *, htmx: bool = False) -> tuple[int, str, dict[str, str]]:
        headers = {"Content-Type": "application/x-www-form-urlencoded", "Referer": self.base_url + path}
        if htmx:
            headers["HX-Request"] = "true"
        return self.request("POST", path, urllib.parse.urlencode(fields).encode(), headers)

    def post_multipart(self, path: str, fields: dict[str, str], files: dict[str, tuple[str, bytes]]
                       ) -> tuple[int, str, dict[str, str]]:
        boundary = uuid.uuid4().hex
        body = bytearray()
        for name, value in fields.items():
            body += f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
        for name, (filename, content) in files.items():
            body += (f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{filename}"\r\n'
                     "Content-Type: application/octet-stream\r\n\r\n").encode() + content + b"\r\n"
        body += f"--{boundary}--\r\n".encode()
        return self.request("POST", path, bytes(body), {"Content-Type": f"multipart/form-data; boundary={boundary}",
                                                        "Referer": self.base_url + path})

    def login(self, username: str) -> None:
        status, page, _ = self.request("GET", "/login/")
        assert status == 200, status
        token = dict(HIDDEN.findall(page))["csrfmiddlewaretoken"]
        status, body, _ = self.post_form("/login/", {"username": username, "password": PASSWORD,
                                                           "csrfmiddlewaretoken": token})
        assert status == 302, (status, body[:500])


@dataclass
class Sent:
    review_id: int
    key: str
    kind: str  # fresh | duplicate | stale
    action: str
    status: int
    seconds: float


@dataclass
class Tally:
    sent: list[Sent] = field(default_factory=list)
    uploads: int = 0
    upload_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    requests: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)


class Lawyer(threading.Thread):
    def __init__(self, n: int, username: str, base_url: str, deadline: float, pool: list[int],
                 pool_lock: threading.Lock, playbook_version: int, tally: Tally) -> None:
        super().__init__(name=f"lawyer-{n}", daemon=True)
        self.username = username
        self.browser = Browser(base_url)
        self.deadline = deadline
        self.pool, self.pool_lock = pool, pool_lock
        self.playbook_version = playbook_version
        self.tally = tally
        self.random = random.Random(n)
        self.old_forms: list[tuple[int, dict[str, str]]] = []  # forms shown earlier, any review
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            self.browser.login(self.username)
            while time.monotonic() < self.deadline and self.browser.requests < MAX_REQUESTS_PER_LAWYER:
                self.step()
        except BaseException as exc:  # surfaced by the test
            self.error = exc
        finally:
            with self.tally.lock:
                self.tally.requests += self.browser.requests

    def upload(self) -> None:
        status, body, headers = self.browser.request("GET", "/reviews/new/")
        token = dict(HIDDEN.findall(body)).get("csrfmiddlewaretoken", "")
        status, body, headers = self.browser.post_multipart(
            "/reviews/new/", {"csrfmiddlewaretoken": token, "playbook_version": str(self.playbook_version),
                              "party": ""},
            {"contract": ("contract.docx", contract_docx())},
        )
        match = re.fullmatch(r"/reviews/(\d+)/", headers.get("Location", ""))
        with self.tally.lock:
            if status == 302 and match:
                self.tally.uploads += 1
            else:
                self.tally.upload_errors.append(f"{status}: {body[:300]}")
        if match:
            with self.pool_lock:
                self.pool.append(int(match.group(1)))

    def step(self) -> None:
        with self.pool_lock:
            open_reviews = list(self.pool)
        if len(open_reviews) < OPEN_REVIEWS:
            self.upload()
            return
        review_id = self.random.choice(open_reviews)
        status, page, _ = self.browser.request("GET", f"/reviews/{review_id}/")
        if status != 200:
            with self.tally.lock:
                self.tally.page_errors.append(f"GET /reviews/{review_id}/ -> {status}")
            return
        form = dict(HIDDEN.findall(page))
        if "Analysing the contract" in page:
            time.sleep(0.05)  # a worker has not finished it yet; look at another one
            return
        if "recommendation" not in form:  # finished: completed by someone
            with self.pool_lock:
                if review_id in self.pool and 'id="finished"' in page:
                    self.pool.remove(review_id)
            return
        if self.old_forms and self.random.random() < 0.25:
            # A stale click: a form shown earlier (another tab), sent now with a new key.
            old_review, old_form = self.random.choice(self.old_forms)
            stale = dict(old_form, key=uuid.uuid4().hex, csrfmiddlewaretoken=form["csrfmiddlewaretoken"],
                         action=self.random.choice(["accept", "reject"]))
            self.decide(old_review, stale, "stale")
        self.old_forms.append((review_id, form))
        del self.old_forms[:-10]
        action = self.random.choices(["accept", "reject", "revise"], weights=[45, 35, 20])[0]
        fields = {**form, "action": action}
        if action == "reject":
            fields["reason"] = self.random.choice(["", "We accept this risk.", "Commercially agreed."])
        elif action == "revise":
            fields["instruction"] = self.random.choice(INSTRUCTIONS)
        roll = self.random.random()
        if roll < 0.1:
            # A double click that reaches the server twice at once (the same key).
            twin = threading.Thread(target=self.decide_in_own_thread, args=(review_id, fields))
            twin.start()
            self.decide(review_id, fields, "fresh")
            twin.join()
        else:
            self.decide(review_id, fields, "fresh")
            if roll < 0.3:  # a retry after the answer (same key)
                self.decide(review_id, fields, "duplicate")

    def decide_in_own_thread(self, review_id: int, fields: dict[str, str]) -> None:
        self.decide(review_id, fields, "duplicate")

    def decide(self, review_id: int, fields: dict[str, str], kind: str) -> None:
        started = time.monotonic()
        status, body, _ = self.browser.post_form(f"/reviews/{review_id}/decide/", fields, htmx=True)
        elapsed = time.monotonic() - started
        with self.tally.lock:
            self.tally.sent.append(Sent(review_id, fields["key"], kind, fields["action"], status, elapsed))
            if status >= 500:
                self.tally.page_errors.append(f"POST decide {review_id} -> {status}: {body[-500:]}")


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))] if ordered else 0.0


def test_soak_lawyers_deciding_over_http_while_a_worker_is_restarted(gunicorn_server, start_worker, broker):
    team = TeamFactory()
    users = [author_user(team=team) for _ in range(LAWYERS)]
    # A few reviews analysed up front, so the lawyers start deciding at once.
    first = [make_review(users[i % LAWYERS], team=team) for i in range(OPEN_REVIEWS)]
    playbook_version = first[0].playbook_version_id
    worker = start_worker(concurrency=2)

    pool = [r.pk for r in first]
    pool_lock = threading.Lock()
    tally = Tally()
    reconcile_reports = []
    stop_reconciler = threading.Event()
    in_flight: set[str] = set()

    def reconciler() -> None:  # Celery beat's job, every second here
        try:
            while not stop_reconciler.wait(1.0):
                reconcile_reports.append(reconcile(stale_after=5))
        finally:
            connections.close_all()

    started = time.monotonic()
    deadline = started + SECONDS
    lawyers = [Lawyer(n, user.username, gunicorn_server.url, deadline, pool, pool_lock, playbook_version, tally)
               for n, user in enumerate(users)]
    beat = threading.Thread(target=reconciler, name="reconciler", daemon=True)
    beat.start()
    try:
        for lawyer in lawyers:
            lawyer.start()
        # Half-way: the worker dies hard (main process and pool) and a new one is started.
        while time.monotonic() < started + SECONDS / 2:
            time.sleep(0.1)
        # Kill it while it holds an analysis if one comes along soon: that job is lost with it
        # (unacknowledged for an hour) and only the reconciler sends it again.
        until = time.monotonic() + 5
        while not in_flight and time.monotonic() < until:
            in_flight = {str(pk) for pk in AnalysisJob.objects.filter(status=JobStatus.RUNNING)
                         .values_list("pk", flat=True)}
            time.sleep(0.02)
        restart_started = time.monotonic()
        worker.kill_all()
        # Those still running once it is dead were lost with it (one may have finished just before).
        in_flight = {str(pk) for pk in AnalysisJob.objects.filter(pk__in=in_flight, status=JobStatus.RUNNING)
                     .values_list("pk", flat=True)}
        worker = start_worker(concurrency=2)
        restart_seconds = time.monotonic() - restart_started
        for lawyer in lawyers:
            lawyer.join(timeout=SECONDS + 60)
        elapsed = time.monotonic() - started
        # Every analysis finishes (the reconciler re-drives what the killed worker held).
        wait_for(lambda: not Review.objects.filter(status=ReviewStatus.ANALYZING).exists(), timeout=60,
                 message=lambda: f"analyses still running:\n{worker.log()[-3000:]}")
    finally:
        for lawyer in lawyers:  # bounded by their deadline; a failure above must not leave them running
            lawyer.join(timeout=SECONDS + 60)
        stop_reconciler.set()
        beat.join(timeout=30)
    assert not [lawyer for lawyer in lawyers if lawyer.is_alive()], "a lawyer thread did not stop"
    errors = [f"{lawyer.name}: {lawyer.error!r}" for lawyer in lawyers if lawyer.error]
    assert not errors, errors

    # ---- the numbers
    decisions = list(tally.sent)
    latencies = [s.seconds for s in decisions]
    keys_ok = {(s.review_id, s.key) for s in decisions if 200 <= s.status < 300}
    rows = Decision.objects.all()
    outcomes = dict(rows.values_list("outcome").annotate(n=Count("id")).values_list("outcome", "n"))
    effective = sum(outcomes.get(o, 0) for o in EFFECTIVE_OUTCOMES)
    numbers = {
        "seconds": round(elapsed, 1),
        "lawyers": LAWYERS,
        "http_requests": tally.requests,
        "decision_requests": len(decisions),
        "decision_requests_per_s": round(len(decisions) / elapsed, 1),
        "effective_decisions": effective,
        "effective_decisions_per_s": round(effective / elapsed, 1),
        "decision_latency_p50_ms": round(percentile(latencies, 0.5) * 1000, 1),
        "decision_latency_p99_ms": round(percentile(latencies, 0.99) * 1000, 1),
        "decision_latency_max_ms": round(max(latencies, default=0) * 1000, 1),
        "duplicates_sent": sum(1 for s in decisions if s.kind == "duplicate"),
        "duplicates_answered_from_first": sum(rows.values_list("duplicate_count", flat=True)),
        "stale_clicks_sent": sum(1 for s in decisions if s.kind == "stale"),
        "outcomes": outcomes,
        "reviews": Review.objects.count(),
        "reviews_completed": Review.objects.filter(status=ReviewStatus.COMPLETED).count(),
        "contracts_uploaded": tally.uploads,
        "worker_restart_s": round(restart_seconds, 2),
        "reconciler_runs": len(reconcile_reports),
        "reconciler_redrives": sum(len(r.redriven) for r in reconcile_reports),
        "analyses_in_flight_at_the_kill": len(in_flight),
        "non_2xx_decision_responses": sum(1 for s in decisions if not 200 <= s.status < 300),
    }
    print("\nsoak:", json.dumps(numbers, indent=2))
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(numbers, indent=2) + "\n")

    # ---- the checks
    assert not tally.page_errors, tally.page_errors[:10]
    assert not tally.upload_errors, tally.upload_errors[:10]
    assert numbers["non_2xx_decision_responses"] == 0
    assert len(decisions) >= 10 * LAWYERS, "the soak did almost nothing"
    assert tally.uploads >= 1 and numbers["duplicates_sent"] and numbers["stale_clicks_sent"]

    # Every decision answered 2xx exists (a queued LLM revision exists as its job).
    stored = set(rows.values_list("review_id", "idempotency_key"))
    queued = set(RevisionJob.objects.values_list("review_id", "idempotency_key"))
    missing = keys_ok - stored - queued
    assert not missing, sorted(missing)[:10]
    assert len(stored) == rows.count()  # one row per key
    assert outcomes.get(DecisionOutcome.STALE, 0) >= 1

    # No proposal has two effective decisions.
    twice = (Decision.objects.filter(outcome__in=EFFECTIVE_OUTCOMES).values("proposal")
             .annotate(n=Count("id")).filter(n__gt=1))
    assert not twice.exists(), list(twice)

    # Every review is consistent.
    for review in Review.objects.select_related("current_version"):
        applied = review.decisions.filter(outcome=DecisionOutcome.APPLIED)
        versions = DocumentVersion.objects.filter(document_id=review.document_id)
        assert versions.count() == 1 + applied.count(), review.pk
        assert review.current_version.number == versions.aggregate(m=Max("number"))["m"], review.pk
        assert set(versions.exclude(number=1).values_list("decision_id", flat=True)) == set(
            applied.values_list("pk", flat=True)), review.pk
        pending = review.recommendations.filter(status__in=OPEN).exists()
        assert review.status in (ReviewStatus.AWAITING_DECISION, ReviewStatus.COMPLETED), (review.pk, review.status)
        assert (review.status == ReviewStatus.AWAITING_DECISION) == pending, review.pk
        for rec in review.recommendations.all():
            accepted = rec.decisions.filter(outcome=DecisionOutcome.APPLIED).count()
            rejected = rec.decisions.filter(outcome=DecisionOutcome.REJECTED).count()
            assert accepted == (1 if rec.status == RecommendationStatus.ACCEPTED else 0), rec.pk
            assert rejected == (1 if rec.status == RecommendationStatus.REJECTED else 0), rec.pk
    call_command("audit_verify", stdout=io.StringIO(), stderr=io.StringIO())  # raises if a chain is broken

    # The workflow kept itself consistent: the reconciler only re-drove analyses.
    assert all(not r.broken_decisions and not r.completed_reviews and not r.failed_jobs for r in reconcile_reports)
    redriven = {job for r in reconcile_reports for job in r.redriven}
    assert in_flight <= redriven, (in_flight, redriven)  # what the killed worker held was sent again
    assert not Review.objects.filter(status=ReviewStatus.FAILED).exists()
    assert worker.alive()
