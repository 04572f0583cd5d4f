import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

# Paths that never need a login: the login page itself, and the health probe for load balancers.
PUBLIC = {"/login/", "/healthz", "/metrics", "/favicon.ico"}  # the icon: no secret, asked before login


def app_paths() -> list[str]:
    """Every URL of the project's own apps that takes no argument, found from the URLconf so a
    new page cannot forget its login requirement unnoticed."""
    paths: list[str] = []

    def walk(patterns: list, prefix: str) -> None:
        for entry in patterns:
            route = str(entry.pattern)
            if isinstance(entry, URLResolver):
                if route.startswith("admin/"):
                    continue
                walk(entry.url_patterns, prefix + route)
            elif isinstance(entry, URLPattern) and "<" not in route:
                paths.append("/" + prefix + route)

    walk(get_resolver().url_patterns, "")
    return paths


def test_every_app_page_redirects_anonymous_users_to_login(client):
    paths = [p for p in app_paths() if p not in PUBLIC]
    assert "/reviews/" in paths and "/" in paths
    for path in paths:
        response = client.get(path)
        assert response.status_code == 302, path
        assert response["Location"].startswith(reverse("login")), path


def test_admin_requires_staff_login(client):
    response = client.get("/admin/")
    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]


def test_login_page_is_public_and_login_works(client):
    user = UserFactory()
    assert client.get("/login/").status_code == 200
    response = client.post("/login/", {"username": user.username, "password": PASSWORD})
    assert response.status_code == 302
    assert client.get("/reviews/").status_code == 200


def test_wrong_password_is_refused_with_a_message(client):
    user = UserFactory()
    response = client.post("/login/", {"username": user.username, "password": "nope"})
    assert response.status_code == 200
    assert b"do not match" in response.content


def test_logout_needs_post_and_logs_out(client):
    user = UserFactory()
    client.force_login(user)
    assert client.get("/logout/").status_code == 405
    assert client.post("/logout/").status_code == 302
    assert client.get("/reviews/").status_code == 302


def test_post_without_csrf_token_is_refused():
    from django.test import Client

    user = UserFactory()
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(user)
    assert strict.post("/logout/").status_code == 403


def test_roles_exist_as_groups():
    from django.contrib.auth.models import Group

    assert set(Group.objects.values_list("name", flat=True)) >= {"Lawyer", "Playbook author", "Admin"}


def test_pages_carry_a_csp_without_inline_scripts(client):
    response = client.get("/login/")
    csp = response["Content-Security-Policy"]
    assert "script-src 'self'" in csp
    assert "unsafe-inline" not in csp
    assert b"<script>" not in response.content
