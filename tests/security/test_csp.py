"""Content-Security-Policy: a strict policy on every kind of response, and no
page that relies on what it forbids (inline scripts, event handler attributes, inline styles)."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from tests.factories import PASSWORD, UserFactory
from tests.security.conftest import World, fill, project_routes
from tests.security.html_scan import scan

pytestmark = pytest.mark.django_db


def directives(header: str) -> dict[str, list[str]]:
    parsed: dict[str, list[str]] = {}
    for part in header.split(";"):
        words = part.split()
        if words:
            parsed[words[0]] = words[1:]
    return parsed


def assert_strict_csp(response, where: str) -> None:  # type: ignore[no-untyped-def]
    header = response.get("Content-Security-Policy")
    assert header, f"{where}: no Content-Security-Policy"
    policy = directives(header)
    assert "unsafe-" not in header, where
    assert policy["default-src"] == ["'self'"], where
    assert policy["script-src"] == ["'self'"], where
    assert policy["style-src"] == ["'self'"], where
    assert policy["object-src"] == ["'none'"], where
    assert policy["base-uri"] == ["'self'"], where
    assert policy["frame-ancestors"] == ["'none'"], where
    assert policy["form-action"] == ["'self'"], where


def assert_no_inline(response, where: str) -> None:  # type: ignore[no-untyped-def]
    if not response.get("Content-Type", "").startswith("text/html"):
        return
    problems = scan(response.content).inline_problems
    assert not problems, (where, problems)


def test_every_page_of_every_app_has_the_policy_and_nothing_inline(world: World):
    owner = Client()
    owner.force_login(world.owner)
    seen = 0
    for route in project_routes():
        if route.name == "logout":
            continue
        for url in fill(route, world.shared.url_values()):
            for headers in ({}, {"HTTP_HX_REQUEST": "true"}):  # whole pages and HTMX partials
                response = owner.get(url, **headers)
                assert_strict_csp(response, f"GET {url} {headers}")
                assert_no_inline(response, f"GET {url} {headers}")
                seen += response.status_code == 200
    assert seen >= 30


def test_completed_review_and_post_responses(world: World):
    from tests.review.factories import decide, make_review, shown

    owner = Client()
    owner.force_login(world.owner)
    review = make_review(world.owner)
    while review.recommendations.filter(status="pending").exists():
        decide(review, shown(review), "reject", reason="no")
    for url in (f"/reviews/{review.pk}/", f"/reviews/{review.pk}/preview/"):
        response = owner.get(url)
        assert response.status_code == 200
        assert_strict_csp(response, url)
        assert_no_inline(response, url)
    objects = world.shared
    for url, data in (
        (f"/playbooks/{objects.playbook.pk}/v1/try/", {"rule": "payment-terms", "text": "Pay in 90 days of invoice."}),
        ("/playbooks/upload/", {"source": "name: [broken"}),
        ("/documents/upload/", {}),
        ("/reviews/new/", {}),
        (f"/reviews/{objects.review.pk}/decide/", {"action": "reject"}),  # incomplete: the current state again
    ):
        for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
            response = owner.post(url, data, **headers)
            assert response.status_code in (200, 302), (url, response.status_code)
            assert_strict_csp(response, f"POST {url}")
            assert_no_inline(response, f"POST {url}")


def test_anonymous_error_and_special_pages(client, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    user = UserFactory(roles=["Lawyer"])  # not a playbook author
    pages = {
        "login": client.get("/login/"),
        "login redirect": client.get("/reviews/"),
        "metrics refused": client.get("/metrics"),
        "healthz": client.get("/healthz"),
        "admin login": client.get("/admin/login/"),
    }
    for _ in range(5):
        client.post("/login/", {"username": user.username, "password": "wrong"})
    pages["login locked (429)"] = client.post("/login/", {"username": user.username, "password": PASSWORD})
    assert pages["login locked (429)"].status_code == 429
    other = Client()
    other.force_login(UserFactory(roles=["Lawyer"]))
    pages["404"] = other.get("/reviews/999999/")
    pages["403"] = other.get("/playbooks/upload/")
    assert (pages["404"].status_code, pages["403"].status_code) == (404, 403)
    for where, response in pages.items():
        assert_strict_csp(response, where)
        if where != "admin login":  # Django's admin is not ours to rewrite; its header is checked
            assert_no_inline(response, where)


def test_htmx_is_configured_to_need_nothing_the_policy_forbids(client):
    html = client.get("/login/").content.decode()
    meta = re.search(r'<meta name="htmx-config" content=\'([^\']+)\'>', html)
    assert meta, "base.html sets htmx-config"
    config = json.loads(meta.group(1))
    # HTMX would otherwise inject an inline <style> for indicators and eval hx-on / js: values.
    assert config["includeIndicatorStyles"] is False
    assert config["allowEval"] is False
    assert config["allowScriptTags"] is False
    page = scan(html)
    assert not page.inline_scripts


def test_other_security_headers_are_set(client):
    response = client.get("/login/")
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
