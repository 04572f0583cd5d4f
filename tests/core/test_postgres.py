"""PostgreSQL-only checks: the compare-and-set guard that every status change relies on holds
under real concurrency (threads, separate connections)."""

import threading

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, connections, transaction

pytestmark = pytest.mark.postgres


def test_runs_on_a_real_postgresql_server():
    assert connection.vendor == "postgresql"
    with connection.cursor() as cursor:
        cursor.execute("SHOW server_version_num")
        assert int(cursor.fetchone()[0]) >= 130000


def test_conditional_update_lets_exactly_one_of_many_concurrent_writers_win():
    User = get_user_model()
    user = User.objects.create(username="cas", first_name="v0")
    barrier = threading.Barrier(8)
    wins: list[int] = []

    def contender(n: int) -> None:
        try:
            barrier.wait()
            with transaction.atomic():
                updated = User.objects.filter(pk=user.pk, first_name="v0").update(first_name=f"v{n + 1}")
            if updated:
                wins.append(n)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=contender, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(wins) == 1
    user.refresh_from_db()
    assert user.first_name == f"v{wins[0] + 1}"
