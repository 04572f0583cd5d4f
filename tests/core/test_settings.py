import os
import subprocess
import sys

import pytest
from django.conf import settings

from tests.conftest import ROOT

PRODUCTION_ENV = {
    "REDPEN_ENV": "production",
    "SECRET_KEY": "x" * 20 + "production-secret-key-with-enough-entropy-0123456789",
    "DATABASE_URL": "postgres://redpen@db.internal:5432/redpen",
    "REDIS_URL": "redis://cache.internal:6379/0",
    "ALLOWED_HOSTS": "redpen.example.org",
}


def run_manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL", "SECRET_KEY", "DJANGO_ALLOW_ASYNC_UNSAFE"}}
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env={**base, **env}, capture_output=True, text=True
    )


def test_production_settings_pass_check_deploy_without_warnings():
    result = run_manage("check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION_ENV)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


@pytest.mark.parametrize("missing", ["SECRET_KEY", "DATABASE_URL", "REDIS_URL", "ALLOWED_HOSTS"])
def test_production_refuses_to_start_without_required_settings(missing):
    env = {k: v for k, v in PRODUCTION_ENV.items() if k != missing}
    result = run_manage("check", env=env)
    assert result.returncode != 0
    assert f"{missing} is required" in result.stderr


def test_embedded_default_uses_sqlite_with_wal_and_immediate_transactions(tmp_path):
    code = (
        "import django, json; django.setup(); from django.conf import settings as s; "
        "d = s.DATABASES['default']; print(json.dumps([d['ENGINE'], d['OPTIONS'], s.REDIS_URL]))"
    )
    base = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL", "SECRET_KEY"}}
    env = {**base, "REDPEN_VAR_DIR": str(tmp_path), "DJANGO_SETTINGS_MODULE": "config.settings"}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    import json

    engine, options, redis_url = json.loads(out.stdout)
    assert engine == "django.db.backends.sqlite3"
    assert options["transaction_mode"] == "IMMEDIATE"
    assert options["timeout"] == 20
    assert "journal_mode=WAL" in options["init_command"]
    assert redis_url == "redis://127.0.0.1:6390/0"
    # The generated secret key is kept, private, and reused by the next process.
    key_file = tmp_path / "secret_key"
    assert key_file.exists() and oct(key_file.stat().st_mode & 0o777) == "0o600"
    first = key_file.read_text()
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, check=True)
    assert key_file.read_text() == first


@pytest.mark.django_db
def test_sqlite_connection_really_runs_in_wal_mode():
    from django.db import connection

    if connection.vendor != "sqlite":
        pytest.skip("SQLite-specific (this session runs on PostgreSQL)")
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        assert cursor.fetchone()[0] == "wal"
    assert settings.DATABASES["default"]["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
