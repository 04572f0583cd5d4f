"""Production settings, in a subprocess with REDPEN_ENV=production: secure
cookies, HSTS and the HTTPS redirect as a real request sees them, not only as settings."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.conftest import ROOT
from tests.core.test_settings import PRODUCTION_ENV

# Only pages that need no database: the production DATABASE_URL points at a host that is not there.
PROBE = """
import json, django
django.setup()
from django.conf import settings as s
from django.test import Client
client = Client(HTTP_HOST="redpen.example.org")
plain = client.get("/login/")
secure = client.get("/login/", secure=True)
proxied = client.get("/login/", HTTP_X_FORWARDED_PROTO="https")
cookie = secure.cookies["csrftoken"]
print(json.dumps({
    "settings": {name: getattr(s, name) for name in (
        "DEBUG", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE", "SESSION_COOKIE_HTTPONLY", "SECURE_SSL_REDIRECT",
        "SECURE_HSTS_SECONDS", "SECURE_HSTS_INCLUDE_SUBDOMAINS", "SECURE_HSTS_PRELOAD", "X_FRAME_OPTIONS",
        "SECURE_CONTENT_TYPE_NOSNIFF", "SESSION_COOKIE_SAMESITE", "CSRF_COOKIE_SAMESITE", "REDPEN_METRICS_TOKEN")},
    "plain": [plain.status_code, plain.get("Location", "")],
    "secure": [secure.status_code, secure.get("Strict-Transport-Security", ""),
               secure.get("Content-Security-Policy", "")],
    "proxied": [proxied.status_code, proxied.get("Strict-Transport-Security", "")],
    "cookie": {"secure": bool(cookie["secure"]), "samesite": cookie["samesite"]},
}))
"""


def run_probe(extra: dict[str, str] | None = None) -> dict:
    base = {k: v for k, v in os.environ.items()
            if k not in {"DATABASE_URL", "REDIS_URL", "SECRET_KEY", "DJANGO_ALLOW_ASYNC_UNSAFE", "DEBUG"}}
    env = {**base, **PRODUCTION_ENV, "DJANGO_SETTINGS_MODULE": "config.settings", **(extra or {})}
    result = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_production_requests_are_https_only_with_secure_cookies_and_hsts():
    got = run_probe()
    s = got["settings"]
    assert s["DEBUG"] is False
    assert s["SESSION_COOKIE_SECURE"] and s["CSRF_COOKIE_SECURE"] and s["SESSION_COOKIE_HTTPONLY"]
    assert s["SECURE_SSL_REDIRECT"] is True
    assert s["SECURE_HSTS_SECONDS"] >= 31536000 and s["SECURE_HSTS_INCLUDE_SUBDOMAINS"] and s["SECURE_HSTS_PRELOAD"]
    assert s["X_FRAME_OPTIONS"] == "DENY" and s["SECURE_CONTENT_TYPE_NOSNIFF"]
    assert s["SESSION_COOKIE_SAMESITE"] == s["CSRF_COOKIE_SAMESITE"] == "Lax"
    assert s["REDPEN_METRICS_TOKEN"] == ""  # no token unless one is configured: staff only
    # Plain HTTP is redirected to HTTPS; HTTPS (direct or through the proxy) gets HSTS.
    assert got["plain"] == [301, "https://redpen.example.org/login/"]
    status, hsts, csp = got["secure"]
    assert status == 200
    assert hsts == "max-age=31536000; includeSubDomains; preload"
    assert "script-src 'self'" in csp
    assert got["proxied"] == [200, hsts]
    assert got["cookie"] == {"secure": True, "samesite": "Lax"}


def test_embedded_mode_does_not_force_https():
    """The embedded app runs on http://127.0.0.1: forcing HTTPS there would lock everyone out."""
    code = ("import django, json; django.setup(); from django.conf import settings as s; "
            "print(json.dumps([s.SESSION_COOKIE_SECURE, getattr(s, 'SECURE_SSL_REDIRECT', False), "
            "getattr(s, 'SECURE_HSTS_SECONDS', 0)]))")
    base = {k: v for k, v in os.environ.items() if k not in {"REDPEN_ENV", "DATABASE_URL", "REDIS_URL", "SECRET_KEY"}}
    env = {**base, "DJANGO_SETTINGS_MODULE": "config.settings", "REDPEN_VAR_DIR": str(ROOT / "var")}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    assert json.loads(out.stdout.strip().splitlines()[-1]) == [False, False, 0]
