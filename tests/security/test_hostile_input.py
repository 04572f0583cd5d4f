"""Hostile input over HTTP gets a clear answer, never a server error: text that is not text, numbers
no database or clause holds, ids past the database's integers."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from playbooks.models import Playbook, PlaybookVersion
from review.models import Decision
from tests.review.factories import PLAYBOOK_YAML, author_user, make_review, shown
from tests.security.conftest import project_routes

pytestmark = pytest.mark.django_db

TOO_BIG = "99999999999999999999"  # 20 digits: past a 64-bit integer
JUST_PAST_64_BITS = str(2**63)
JUST_PAST_32_BITS = str(2**31)  # version numbers are 32-bit on PostgreSQL


@pytest.fixture
def author_client() -> Client:
    client = Client()
    client.force_login(author_user())
    return client


def upload(client: Client, source: str):  # type: ignore[no-untyped-def]
    return client.post("/playbooks/upload/", {"source": source, "change_note": ""})


def errors_on(response) -> list[str]:  # type: ignore[no-untyped-def]
    return [str(e) for e in response.context["errors"]] if response.context and "errors" in response.context else []


# --- text that is not text -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("where", "source", "expected"),
    [
        (
            "a rule title",
            PLAYBOOK_YAML.replace("title: Payment within 30 days at most", 'title: "Payment \\ud800 within 30 days"', 1),
            "rule payment-terms, title: contains a character that is not text",
        ),
        ("the name", PLAYBOOK_YAML.replace("name: ", 'name: "\\udfff" #', 1), "name: contains a character that is not text"),
        (
            "a guidance",
            PLAYBOOK_YAML.replace("guidance: Long renewals lock us in.", 'guidance: "Long \\x00 renewals"', 1),
            "rule renewal-term, guidance: contains a character that is not text",
        ),
        (
            "a pattern",
            PLAYBOOK_YAML.replace("rules:\n", 'rules:\n  - id: p\n    title: P\n    find: {regex: "\\ud800"}\n'
                                  "    check: {must_not_exist: true}\n", 1),
            "rule p, find.regex: contains a character that is not text",
        ),
        (
            "an extension field",
            PLAYBOOK_YAML.replace("rules:\n", 'x-note: "\\ud800"\nrules:\n', 1),
            "x-note: contains a character that is not text",
        ),
        (
            "a key",
            PLAYBOOK_YAML.replace("rules:\n", '"\\ud800": 1\nrules:\n', 1),
            "contains a character that is not text",
        ),
    ],
)
def test_a_lone_surrogate_or_nul_is_refused_at_upload_with_field_and_line(author_client, where, source, expected):
    assert source != PLAYBOOK_YAML, where
    response = upload(author_client, source)
    assert response.status_code == 200
    found = errors_on(response)
    assert any(expected in message and re.search(r"\(line \d+\)$", message) for message in found), found
    assert PlaybookVersion.objects.count() == 0
    # The page itself renders (it shows the source and the error).
    assert "not text" in response.content.decode()


# --- numbers past any bound ------------------------------------------------------------------


@pytest.mark.parametrize(
    "number", ["1" + "0" * 5000, "1" + "0" * 30, "1.0e+300", "0x" + "f" * 40, "100_000_000_000_000_000_000"]
)
def test_a_huge_number_in_a_check_is_refused_with_its_bound(author_client, number):
    source = PLAYBOOK_YAML.replace("check: {max_days: 30}", f"check: {{max_days: {number}}}", 1)
    assert source != PLAYBOOK_YAML
    response = upload(author_client, source)
    assert response.status_code == 200
    found = errors_on(response)
    assert any(
        message.startswith("rule payment-terms, check.max_days: must be at most 36,500 days") for message in found
    ), found
    assert PlaybookVersion.objects.count() == 0


def test_a_huge_number_in_an_extension_field_is_refused(author_client):
    source = PLAYBOOK_YAML.replace("rules:\n", "x-count: " + "9" * 5001 + "\nrules:\n", 1)
    response = upload(author_client, source)
    assert response.status_code == 200
    assert any("x-count: is a number of 5001 digits" in m for m in errors_on(response)), errors_on(response)


@pytest.mark.parametrize(("check", "limit"), [("max_amount", "1,000,000,000,000,000"), ("min_percent", "1,000")])
def test_every_limit_check_has_a_bound(author_client, check, limit):
    source = PLAYBOOK_YAML.replace("check: {max_days: 30}", f"check: {{{check}: 1{'0' * 25}}}", 1)
    response = upload(author_client, source)
    assert any(f"check.{check}: must be at most {limit}" in m for m in errors_on(response)), errors_on(response)


# --- ids past the database's integers --------------------------------------------------------


def _url(route: str, value: str) -> str:
    return "/" + re.sub(r"<(?:(\w+):)?(\w+)>", lambda m: "clean" if m.group(2) == "kind" else value, route)


@pytest.mark.parametrize("value", [TOO_BIG, JUST_PAST_64_BITS, JUST_PAST_32_BITS, "0" * 30 + "1"])
def test_every_url_with_an_overflowing_id_is_a_404(author_client, value):
    routes = [route for route in project_routes() if route.params]
    assert len(routes) >= 15
    for route in routes:
        url = _url(route.route, value)
        for method in (author_client.get, author_client.post):
            response = method(url)
            assert response.status_code in (404, 405), (url, response.status_code)


@pytest.mark.parametrize("field", ["recommendation", "proposal"])
@pytest.mark.parametrize("value", [TOO_BIG, JUST_PAST_64_BITS, "-" + TOO_BIG])
def test_a_decision_with_an_overflowing_id_is_a_form_error(field, value):
    review = make_review()
    rec = shown(review)
    client = Client()
    client.force_login(review.owner)
    data = {"recommendation": rec.pk, "proposal": rec.current_proposal_id, "action": "reject", "key": "k1",
            "reason": "no"}
    data[field] = value
    response = client.post(f"/reviews/{review.pk}/decide/", data, follow=True)
    assert response.status_code == 200
    assert "That decision was incomplete" in response.content.decode()
    assert Decision.objects.count() == 0


def test_a_diff_with_an_overflowing_version_is_a_404(author_client):
    upload(author_client, PLAYBOOK_YAML)
    playbook = Playbook.objects.get()
    for query in (f"?to={TOO_BIG}", f"?from={TOO_BIG}", "?to=" + "9" * 5000, "?to=abc"):
        assert author_client.get(f"/playbooks/{playbook.pk}/diff/{query}").status_code == 404


# --- the probe: every page, as its owner, with each form field made hostile ---------------------

HOSTILE_VALUES = [TOO_BIG, "9" * 5000, "a\x00b", "\ufffe"]


def test_a_playbook_with_a_character_yaml_forbids_is_refused_with_its_line(author_client):
    response = upload(author_client, PLAYBOOK_YAML + "# \ufffe\n")
    assert response.status_code == 200
    found = errors_on(response)
    assert any("character YAML does not allow (U+FFFE)" in m for m in found), found


def test_the_owner_posting_hostile_values_in_every_field_of_every_page_never_gets_a_500(world):
    from tests.security.conftest import fill

    client = Client(raise_request_exception=False)
    client.force_login(world.owner)
    objects = world.private
    base = objects.post_data()
    # Every page of the project's apps but logout (which would end the probe's session) and the
    # health check (whose 503 means "a service is down", by design).
    skip = {"logout", "healthz"}
    pages = [url for route in project_routes() if route.name not in skip for url in fill(route, objects.url_values())]
    failures = []
    for url in pages:
        for query in (f"?to={TOO_BIG}", "?kind=%00", f"?page={TOO_BIG}", "?page=-1", "?page=abc"):
            if client.get(url + query).status_code >= 500:
                failures.append(f"GET {url}{query}")
        if client.post(url, base).status_code == 405:
            continue  # a page that takes no POST
        for field in [*base, "team", "file", "contract"]:
            for value in HOSTILE_VALUES:
                status = client.post(url, {**base, field: value}).status_code
                if status >= 500:
                    failures.append(f"POST {url} {field}={value[:12]!r}: {status}")
    assert len(pages) >= 30
    assert not failures, "\n".join(failures[:40])
