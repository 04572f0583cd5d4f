"""Login throttling: N failures lock a username (or, more, an address) for a while, even with the
right password; a success clears the username; the admin login is throttled too."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client, RequestFactory
from django.utils import timezone

from core import throttle
from core.models import LoginFailure
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

LOCKED = b"Too many failed attempts; try again in 15 minutes."


@pytest.fixture(autouse=True)
def _fast_hasher(settings) -> None:
    # Dozens of logins per test: the production hasher's deliberate slowness is not under test.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def attempt(client: Client, username: str, password: str, ip: str = "10.0.0.1"):  # type: ignore[no-untyped-def]
    return client.post("/login/", {"username": username, "password": password}, REMOTE_ADDR=ip)


def fail(client: Client, username: str, times: int, ip: str = "10.0.0.1") -> None:
    for _ in range(times):
        response = attempt(client, username, "wrong password", ip)
        assert response.status_code == 200
        assert b"do not match" in response.content


def logged_in(client: Client) -> bool:
    return client.get("/reviews/").status_code == 200


def age_failures(seconds: int) -> None:
    LoginFailure.objects.update(created_at=timezone.now() - timedelta(seconds=seconds))


def test_five_failures_lock_the_username_even_with_the_right_password(client):
    user = UserFactory()
    fail(client, user.username, 5)
    response = attempt(client, user.username, PASSWORD)
    assert response.status_code == 429
    assert LOCKED in response.content
    assert b"do not match" not in response.content
    assert 895 <= int(response["Retry-After"]) <= 900
    assert not logged_in(client)
    # A fresh client (another browser, another gunicorn process): the lock is in the database.
    other = Client()
    assert attempt(other, user.username, PASSWORD, ip="10.9.9.9").status_code == 429
    assert not logged_in(other)


def test_four_failures_do_not_lock(client):
    user = UserFactory()
    fail(client, user.username, 4)
    assert attempt(client, user.username, PASSWORD).status_code == 302
    assert logged_in(client)


def test_a_success_resets_the_username_counter(client):
    user = UserFactory()
    fail(client, user.username, 4)
    assert attempt(client, user.username, PASSWORD).status_code == 302
    client.post("/logout/")
    fail(client, user.username, 4)  # 8 failures in the window, but only 4 since the success
    assert attempt(client, user.username, PASSWORD).status_code == 302


def test_refused_attempts_are_not_counted_and_the_lock_ends(client, settings):
    user = UserFactory()
    fail(client, user.username, 5)
    for _ in range(3):
        assert attempt(client, user.username, "wrong password").status_code == 429
    assert LoginFailure.objects.count() == 5  # hammering a lock does not extend it
    age_failures(settings.REDPEN_LOGIN_LOCK_SECONDS + 1)
    assert attempt(client, user.username, PASSWORD).status_code == 302
    assert LoginFailure.objects.filter(username=user.username).count() == 0


def test_failures_spread_beyond_the_window_do_not_lock(client, settings):
    settings.REDPEN_LOGIN_WINDOW_SECONDS = 60
    settings.REDPEN_LOGIN_LOCK_SECONDS = 600
    user = UserFactory()
    fail(client, user.username, 4)
    age_failures(120)  # these four are older than the window
    fail(client, user.username, 1)
    assert attempt(client, user.username, PASSWORD).status_code == 302


def test_the_message_says_how_long_to_wait(client, settings):
    settings.REDPEN_LOGIN_LOCK_SECONDS = 60
    user = UserFactory()
    fail(client, user.username, 5)
    response = attempt(client, user.username, PASSWORD)
    assert b"Too many failed attempts; try again in 1 minute." in response.content
    assert throttle.lock_message(61) == "Too many failed attempts; try again in 2 minutes."
    assert throttle.lock_message(1) == "Too many failed attempts; try again in 1 minute."


def test_the_username_is_case_folded_and_unknown_usernames_lock_alike(client):
    user = UserFactory(username="alice")
    fail(client, "ALICE", 3)
    fail(client, " Alice", 2)
    assert attempt(client, "alice", PASSWORD).status_code == 429
    # No user enumeration: a username that does not exist locks the same way.
    fail(client, "nobody-here", 5)
    response = attempt(client, "nobody-here", "whatever")
    assert response.status_code == 429 and LOCKED in response.content
    assert user.username == "alice"


def test_an_address_is_locked_after_its_own_limit_across_usernames(client, settings):
    settings.REDPEN_LOGIN_IP_MAX_FAILURES = 6
    victim = UserFactory()
    for n in range(6):
        fail(client, f"sprayed-{n}", 1, ip="203.0.113.7")
    # A valid user from the same address is refused; from elsewhere they get in.
    assert attempt(client, victim.username, PASSWORD, ip="203.0.113.7").status_code == 429
    assert attempt(client, victim.username, PASSWORD, ip="198.51.100.1").status_code == 302


def test_a_success_does_not_clear_the_address(client, settings):
    settings.REDPEN_LOGIN_IP_MAX_FAILURES = 3
    user, other = UserFactory(), UserFactory()
    fail(client, other.username, 2, ip="203.0.113.8")
    assert attempt(client, user.username, PASSWORD, ip="203.0.113.8").status_code == 302
    client.post("/logout/")
    fail(client, "guess", 1, ip="203.0.113.8")
    assert attempt(client, user.username, PASSWORD, ip="203.0.113.8").status_code == 429


def test_missing_fields_are_not_failures(client):
    user = UserFactory()
    for _ in range(6):
        client.post("/login/", {"username": user.username}, REMOTE_ADDR="10.0.0.1")
    assert LoginFailure.objects.count() == 0
    assert attempt(client, user.username, PASSWORD).status_code == 302


def test_the_admin_login_is_throttled_too(client):
    admin = UserFactory(is_staff=True, is_superuser=True)
    for _ in range(5):
        response = client.post("/admin/login/", {"username": admin.username, "password": "wrong"},
                               REMOTE_ADDR="10.0.0.2")
        assert response.status_code == 200
    response = client.post("/admin/login/?next=/admin/", {"username": admin.username, "password": PASSWORD},
                           REMOTE_ADDR="10.0.0.2")
    assert b"Too many failed attempts" in response.content
    assert client.get("/admin/").status_code == 302  # still not logged in


def test_old_failures_are_pruned(client, settings):
    user = UserFactory()
    fail(client, user.username, 2)
    age_failures(settings.REDPEN_LOGIN_LOCK_SECONDS + settings.REDPEN_LOGIN_WINDOW_SECONDS + 5)
    fail(client, "someone-else", 1)
    assert list(LoginFailure.objects.values_list("username", flat=True)) == ["someone-else"]


@pytest.mark.parametrize(
    ("trusted", "remote", "forwarded", "expected"),
    [
        (0, "192.0.2.1", "6.6.6.6", "192.0.2.1"),  # no proxy: the header is the client's lie
        (1, "10.0.0.5", "6.6.6.6, 198.51.100.4", "198.51.100.4"),  # the proxy appended the real one
        (2, "10.0.0.5", "6.6.6.6, 198.51.100.4, 10.0.0.9", "198.51.100.4"),
        (1, "10.0.0.5", "", "10.0.0.5"),  # header missing: the proxy itself
        (0, "not-an-ip", "", None),
    ],
)
def test_client_ip_trusts_only_the_configured_proxies(settings, trusted, remote, forwarded, expected):
    settings.REDPEN_TRUSTED_PROXIES = trusted
    request = RequestFactory().get("/", REMOTE_ADDR=remote, HTTP_X_FORWARDED_FOR=forwarded)
    assert throttle.client_ip(request) == expected


def test_lock_remaining_counts_from_the_newest_failure():
    policy = throttle.Policy(max_failures=3, ip_max_failures=10, window=timedelta(minutes=5),
                             lock=timedelta(minutes=10))
    now = timezone.now()
    for minutes_ago in (4, 2, 1):
        LoginFailure.objects.create(username="bob", ip="192.0.2.3", created_at=now - timedelta(minutes=minutes_ago))
    assert throttle.lock_remaining("bob", None, policy=policy, now=now) == pytest.approx(9 * 60)
    assert throttle.lock_remaining("BOB", "192.0.2.99", policy=policy, now=now) == pytest.approx(9 * 60)
    assert throttle.lock_remaining("carol", "192.0.2.3", policy=policy, now=now) == 0
    assert throttle.lock_remaining("bob", None, policy=policy, now=now + timedelta(minutes=9, seconds=1)) == 0


@pytest.mark.postgres
def test_concurrent_guessing_on_postgresql_still_locks_the_account():
    """Many processes' worth of guesses at once (threads, one connection each): the lock is in
    the database, so the right password is refused afterwards. Racing attempts may overshoot the
    limit by the number in flight, never lock less."""
    import threading

    from django.db import connections

    user = UserFactory()
    barrier = threading.Barrier(8)
    statuses: list[int] = []

    def guess() -> None:
        try:
            barrier.wait()
            client = Client()
            for _ in range(2):
                statuses.append(attempt(client, user.username, "wrong password", ip="10.1.1.1").status_code)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=guess) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(statuses) == 16 and set(statuses) <= {200, 429}
    assert 5 <= LoginFailure.objects.filter(username=user.username).count() <= 16
    response = attempt(Client(), user.username, PASSWORD, ip="10.2.2.2")
    assert response.status_code == 429 and LOCKED in response.content
