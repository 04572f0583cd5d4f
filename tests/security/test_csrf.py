"""CSRF: every POST of the project is refused without the token and accepted
with it, the way HTMX sends it (the X-CSRFToken header from hx-headers on <body>), and every
plain form carries the hidden field."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from documents.models import Document, DocumentVersion
from playbooks.models import PlaybookVersion
from review.models import Decision, Review, ReviewStatus
from tests.security.conftest import World, fill, project_routes
from tests.security.html_scan import scan

pytestmark = pytest.mark.django_db

# The pages that take a POST. A new one must be added here (the test finds them all and compares).
POST_VIEWS = {
    "login", "logout", "documents:upload", "playbooks:upload", "playbooks:upload_version", "playbooks:try",
    "review:new", "review:decide", "review:cancel", "review:parties", "review:approval_act",
    "review:next_round", "review:comment_reply", "playbooks:draft", "playbooks:import",
}
HX_HEADERS = re.compile(r"<body[^>]*\shx-headers='\{\"X-CSRFToken\": \"([A-Za-z0-9]+)\"\}'")
POST_FORM = re.compile(r"<form\b[^>]*method=\"post\"[^>]*>(.*?)</form>", re.S | re.I)


def all_urls(world: World) -> list[tuple[str, str]]:
    urls = [(route.view_name, url) for route in project_routes() for url in fill(route, world.shared.url_values())]
    # Logging out ends the session the rest of the test uses: last.
    return sorted(urls, key=lambda item: item[0] == "logout")


def state(world: World) -> dict[str, object]:
    return {
        "decisions": Decision.objects.count(),
        "status": Review.objects.get(pk=world.shared.review.pk).status,
        "documents": Document.objects.count(),
        "versions": DocumentVersion.objects.count(),
        "playbook_versions": PlaybookVersion.objects.count(),
    }


def test_every_post_is_refused_without_the_token_and_accepted_with_the_htmx_header(world: World):
    client = Client(enforce_csrf_checks=True)
    client.force_login(world.owner)
    data = world.shared.post_data()
    before = state(world)
    for view_name, url in all_urls(world):
        for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
            response = client.post(url, data, **headers)
            assert response.status_code == 403, (view_name, url, response.status_code)
    assert state(world) == before  # nothing was decided, cancelled, uploaded

    # The token the page gives HTMX (hx-headers on <body>) is the one that works.
    page = client.get("/reviews/").content.decode()
    match = HX_HEADERS.search(page)
    assert match, "base.html must send the CSRF token with every HTMX request"
    token = match.group(1)
    accepting = set()
    for view_name, url in all_urls(world):
        response = client.post(url, data, HTTP_X_CSRFTOKEN=token, HTTP_HX_REQUEST="true")
        assert response.status_code != 403, (view_name, url)
        if response.status_code != 405:
            accepting.add(view_name)
    assert accepting == POST_VIEWS
    # The accepted POSTs did their work (the decision, then the cancel).
    assert Decision.objects.count() > before["decisions"]
    assert Review.objects.get(pk=world.shared.review.pk).status == ReviewStatus.CANCELLED


def test_a_wrong_token_is_refused(world: World):
    client = Client(enforce_csrf_checks=True)
    client.force_login(world.owner)
    client.get("/reviews/")
    response = client.post(f"/reviews/{world.shared.review.pk}/cancel/", {}, HTTP_X_CSRFTOKEN="x" * 64)
    assert response.status_code == 403
    assert Review.objects.get(pk=world.shared.review.pk).status == ReviewStatus.AWAITING_DECISION


def test_every_post_form_on_every_page_carries_the_hidden_token(world: World):
    client = Client(enforce_csrf_checks=True)
    client.force_login(world.owner)
    checked = 0
    for view_name, url in all_urls(world):
        if view_name == "logout":
            continue
        response = client.get(url)
        if response.status_code != 200 or not response["Content-Type"].startswith("text/html"):
            continue
        html = response.content.decode()
        for form in POST_FORM.findall(html):
            assert 'name="csrfmiddlewaretoken"' in form, (url, form[:200])
            checked += 1
    assert checked >= 5  # decision forms, cancel, try a rule, uploads, log out


def test_a_plain_form_post_with_the_hidden_token_works(world: World):
    client = Client(enforce_csrf_checks=True)
    client.force_login(world.owner)
    html = client.get(f"/reviews/{world.shared.review.pk}/").content.decode()
    form = next(f for f in POST_FORM.findall(html) if "Cancel review" in f)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form).group(1)
    response = client.post(f"/reviews/{world.shared.review.pk}/cancel/", {"csrfmiddlewaretoken": token})
    assert response.status_code == 302
    assert Review.objects.get(pk=world.shared.review.pk).status == ReviewStatus.CANCELLED


def test_login_and_admin_login_need_the_token(world: World):
    client = Client(enforce_csrf_checks=True)
    assert client.post("/login/", {"username": "owner", "password": "x"}).status_code == 403
    assert client.post("/admin/login/", {"username": "owner", "password": "x"}).status_code == 403


def test_the_csrf_failure_page_explains_itself_without_inline_styles(world: World):
    client = Client(enforce_csrf_checks=True)
    client.force_login(world.owner)
    response = client.post("/reviews/new/", {})
    assert response.status_code == 403
    page = scan(response.content)
    assert "expired" in page.text.lower()
    assert not page.inline_problems, page.inline_problems
