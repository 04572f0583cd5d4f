"""The soak, outside the suite: K lawyers over real HTTP (gunicorn, 2 processes) on a
throw-away PostgreSQL, a Celery worker killed and restarted half-way, then the consistency checks
of tests/reliability/test_soak.py. Prints the numbers; ``--write-readme`` puts them in the "Soak"
section of bench/README.md.

    .venv/bin/python bench/soak.py [--seconds 60] [--lawyers 4] [--write-readme]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from bench_cuad import machine, write_readme_section  # noqa: E402

RESULTS = ROOT / "test-artifacts" / "soak.json"


def render(numbers: dict, command: str) -> str:
    outcomes = ", ".join(f"{name} {count}" for name, count in sorted(numbers["outcomes"].items()))
    rows = [
        ("duration", f"{numbers['seconds']} s, {numbers['lawyers']} lawyers (threads, one cookie session each)"),
        ("HTTP requests (all)", f"{numbers['http_requests']:,}"),
        ("decision requests", f"{numbers['decision_requests']:,} ({numbers['decision_requests_per_s']}/s)"),
        ("effective decisions (applied, rejected, revised)",
         f"{numbers['effective_decisions']:,} ({numbers['effective_decisions_per_s']}/s)"),
        ("decision latency p50 / p99 / max",
         f"{numbers['decision_latency_p50_ms']:.0f} / {numbers['decision_latency_p99_ms']:.0f} / "
         f"{numbers['decision_latency_max_ms']:.0f} ms"),
        ("duplicate submissions sent (same key) / answered with the first decision",
         f"{numbers['duplicates_sent']} / {numbers['duplicates_answered_from_first']}"),
        ("stale clicks sent (old form, new key)", str(numbers["stale_clicks_sent"])),
        ("decision rows by outcome", outcomes),
        ("non-2xx decision responses", str(numbers["non_2xx_decision_responses"])),
        ("reviews (completed)", f"{numbers['reviews']} ({numbers['reviews_completed']})"),
        ("contracts uploaded over HTTP and analysed during the run", str(numbers["contracts_uploaded"])),
        ("worker restart (SIGKILL of the worker's process group -> new worker answering)",
         f"{numbers['worker_restart_s']} s"),
        ("analyses held by the worker when it was killed", str(numbers["analyses_in_flight_at_the_kill"])),
        ("reconciler runs / analyses it re-drove", f"{numbers['reconciler_runs']} / {numbers['reconciler_redrives']}"),
    ]
    table = "\n".join(["| measure | value |", "|---|---|", *(f"| {k} | {v} |" for k, v in rows)])
    return (
        "K lawyers of one team decide on shared reviews over real HTTP against gunicorn (2 processes, "
        "4 threads each) on PostgreSQL: random accept/reject/revise, duplicate submissions (the same "
        "idempotency key again, after the answer or at the same time), stale clicks (a form shown "
        "earlier, with its old proposal id), and new contracts uploaded and analysed by a Celery worker "
        "that is killed (SIGKILL, whole process group) and restarted half-way, with the reconciler "
        "running every second as beat would. Afterwards every decision answered 2xx exists (by its "
        "idempotency key), no proposal has two effective decisions, every review has versions = 1 + "
        "applied decisions, its cursor on the newest version, is active iff something is pending, and "
        "its audit chain verifies; the reconciler never had to repair a decision.\n\n"
        f"Command: `{command}`  \n"
        f"Machine: {machine()} (shared with the database, server, worker and the lawyers)\n\n"
        f"{table}\n\n"
        "In `make test` the same test runs for 20 s (`REDPEN_SOAK_SECONDS`)."
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--lawyers", type=int, default=4)
    parser.add_argument("--write-readme", action="store_true")
    args = parser.parse_args()
    env = dict(os.environ, REDPEN_SOAK_SECONDS=str(args.seconds), REDPEN_SOAK_LAWYERS=str(args.lawyers))
    RESULTS.unlink(missing_ok=True)
    code = subprocess.call(
        [sys.executable, "bin/with_postgres.py", sys.executable, "-m", "pytest", "tests/reliability/test_soak.py",
         "-m", "postgres", "-q", "-s", "-p", "no:cacheprovider", "--timeout", str(int(args.seconds) + 300)],
        cwd=ROOT, env=env,
    )
    if code != 0 or not RESULTS.exists():
        print("the soak failed: no numbers written", file=sys.stderr)
        return code or 1
    numbers = json.loads(RESULTS.read_text())
    seconds = f"{args.seconds:g}"
    command = ".venv/bin/python bench/soak.py" + (f" --seconds {seconds}" if seconds != "60" else "") + (
        f" --lawyers {args.lawyers}" if args.lawyers != 4 else "") + " --write-readme"
    body = render(numbers, command)
    print(body)
    if args.write_readme:
        write_readme_section("Soak", body)
    return 0


if __name__ == "__main__":
    sys.exit(main())
