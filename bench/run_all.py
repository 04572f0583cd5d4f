"""Run every benchmark and rewrite the tables of bench/README.md (``make bench``).

    .venv/bin/python bench/run_all.py [--quick] [--only NAME ...] [--skip NAME ...]

Each bench runs in its own process (its own throw-away database and services) and rewrites its
own section of bench/README.md; this script then rewrites the README's introduction: how to run,
the machine, and every target with its verdict. ``--quick`` takes fewer repetitions and skips
the profiles (a few minutes); the default takes medians of more runs (aim: under 10 minutes on
the 2-core machine).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import common


def benches(quick: bool) -> list[tuple[str, list[str]]]:
    q = quick
    return [
        ("documents", ["bench/bench_documents.py", "--runs", "3" if q else "7"]),
        ("cuad", ["bench/bench_cuad.py", "--write-readme"]),
        ("analysis", ["bench/bench_analysis.py", "--runs", "3" if q else "7", "--write-readme"]),
        ("decisions", ["bench/bench_decisions.py", "--samples", "15" if q else "40", "--repeat", "1" if q else "3",
                       "--write-readme",
                       *(["--profile", "never"] if q else [])]),
        ("scaling", ["bench/bench_scaling.py", "--write-readme", "--runs", "1" if q else "3",
                     *(["--profile", "never"] if q else [])]),
        ("throughput", ["bench/bench_throughput.py", "--seconds", "8" if q else "20", "--write-readme"]),
        ("peers", ["bench/bench_peers.py", "--runs", "1" if q else "3", "--write-readme"]),
        # What the test suite used to assert as wall-clock times (tests assert the mechanism).
        ("timed", ["bench/bench_timed.py", "--runs", "3" if q else "5", "--write-readme"]),
        # Every edit proven: the library playbooks over the corpus, accept-all, the edit checker on every edit
        # (about 20 minutes on the 2-core machine; --quick takes an even spread of 80 contracts and
        # leaves the README's figures, which are for the whole corpus, alone).
        ("redlines", ["bench/bench_redlines.py", "--jobs", "2",
                      *(["--limit", "80", "--out", "redlines-quick.json"] if q else ["--write-readme"])]),
    ]


def readme_facts() -> dict[str, str]:
    """Figures of the sections other benches write (they keep no JSON): read from the README."""
    text = common.README.read_text(encoding="utf-8") if common.README.exists() else ""
    facts: dict[str, str] = {}
    m = re.search(r"analysis \(median of \d+[^|]*\| (\d+) ms", text)
    if m:
        facts["analysis_ms"] = m.group(1)
    m = re.search(r"end to end, one contract[^|]*\| (\d+) ms", text)
    if m:
        facts["analysis_e2e_ms"] = m.group(1)
    m = re.search(r"peak memory during analysis[^|]*\| ([\d.]+) MB", text)
    if m:
        facts["analysis_mb"] = m.group(1)
    m = re.search(r"Macro-F1 ([\d.]+) with evidence overlap ([\d.]+)", text)
    if m:
        facts["macro_f1"], facts["overlap"] = m.group(1), m.group(2)
    section = text.split("## Documents", 1)[1].split("\n## ", 1)[0] if "## Documents" in text else ""
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) >= 4 and ("met" in cells[-1] or "MISSED" in cells[-1]):
            facts[f"documents:{cells[0]}"] = f"{cells[2]}: {cells[-1]}"
    return facts


def targets_table() -> str:
    rows: list[list[str]] = []
    dec = common.load_result("decisions")
    if dec:
        big = dec["contracts"][-1]
        rows.append(["Decision latency, 116 pages, p50 at version 200", "≤ 50 ms", f"{big['late']['p50']:.0f} ms "
                     f"(p90 {big['late']['p90']:.0f}, p99 {big['late']['p99']:.0f}; CPU p50 "
                     f"{big['late_cpu']['p50']:.0f} ms)", common.verdict(big["late"]["p50"], 50)])
        rows.append(["Decision latency, 116 pages, p50 at version 2", "≤ 50 ms", f"{big['early']['p50']:.0f} ms",
                     common.verdict(big["early"]["p50"], 50)])
        ratio = big["ratio_p50"]
        rows.append(["Version 200 vs version 2 (p50)", "within 20%", f"\u00d7{ratio:.2f}",
                     "**met**" if ratio <= 1.2 else f"**missed** (\u00d7{ratio:.2f})"])
    sca = common.load_result("scaling")
    if sca:
        a, b = sca["sizes"]
        rows.append(["Whole review, per decision 40\u00d7 / 10\u00d7", "≤ \u00d71.3", f"{a['per_decision_ms']:.0f} → "
                     f"{b['per_decision_ms']:.0f} ms, \u00d7{sca['ratio']:.2f}",
                     "**met**" if sca["ratio"] <= 1.3 else f"**missed** (\u00d7{sca['ratio']:.2f})"])
    tp = common.load_result("throughput")
    if tp:
        c = tp["checks"]
        rows.append([f"Throughput, {tp['lawyers']} lawyers, PostgreSQL + gunicorn \u00d72 + 1 worker",
                     "≥ 150 decisions/s",
                     f"{tp['rate']:.1f}/s (p50 {tp['latency']['p50']:.0f} ms, p99 {tp['latency']['p99']:.0f} ms)",
                     common.verdict(tp["rate"], 150, higher_is_better=True, unit="/s")])
        ok = not (c["lost"] or c["duplicated"] or c["reviews_inconsistent"] or tp["errors"])
        rows.append(["Lost or duplicated decisions under concurrency", "0",
                     f"{c['lost']} lost, {c['duplicated']} duplicated", "**met**" if ok else "**FAILED**"])
        mem = tp["memory"]["after_exports"]
        web = max((v.get("VmHWM", 0) for k, v in mem.items() if k.startswith("gunicorn worker")), default=0)
        work = max((v.get("VmHWM", 0) for k, v in mem.items() if k.startswith("celery")), default=0)
        rows.append(["Peak RSS: web process / Celery worker (during 3 and exports)", "(reported)",
                     f"{web / 1024:.0f} MB / {work / 1024:.0f} MB", ""])
    peers = common.load_result("peers")
    if peers:
        red = common.median(peers["ours_redline"]["times"]) * 1000
        pre = common.median(peers["ours_preview"]["times"]) * 1000
        pr = peers.get("peer_redline") or {}
        if "times" in pr:
            f = common.median(pr["times"]) * 1000 / red
            rows.append(["Redline export vs python-redlines (Docxodus)", "≥ 10\u00d7 faster, exact",
                         f"{red:.0f} ms vs {common.median(pr['times']) * 1000:.0f} ms: {f:.0f}\u00d7; LibreOffice "
                         f"accept-all: ours {peers.get('ours_lo')}, peer {peers.get('peer_lo')}",
                         "**met**" if f >= 10 and peers.get("ours_lo") == "exact" else "**missed**"])
        else:
            rows.append(["Redline export vs python-redlines (Docxodus)", "≥ 10\u00d7 faster, exact",
                         f"{red:.0f} ms; peer not run: {peers.get('peer_install_error') or pr.get('error')}", "?"])
        pm = peers.get("peer_mammoth") or {}
        if "times" in pm:
            f = common.median(pm["times"]) * 1000 / pre
            exact = peers["ours_preview"]["exact"]
            rows.append(["Preview vs mammoth", "≥ 10\u00d7 faster, shows changes",
                         f"{pre:.0f} ms vs {common.median(pm['times']) * 1000:.0f} ms: {f:.0f}\u00d7; ours "
                         f"{peers['ours_preview']['ins']} `<ins>` / {peers['ours_preview']['del']} `<del>`, "
                         "mammoth none", "**met**" if f >= 10 and exact else "**missed**"])
    facts = readme_facts()
    if "analysis_ms" in facts:
        ms = int(facts["analysis_ms"])
        rows.append(["Analysis, ~400-page contract, SaaS playbook", "≤ 1 s", f"{ms} ms, "
                     f"{facts.get('analysis_mb', '?')} MB peak (116-page .docx end to end: "
                     f"{facts.get('analysis_e2e_ms', '?')} ms)", "**met**" if ms <= 1000 else "**missed**"])
    if "macro_f1" in facts:
        f1, ov = float(facts["macro_f1"]), float(facts["overlap"])
        rows.append(["CUAD detection, macro-F1 / evidence overlap", "≥ 0.90 / ≥ 0.9", f"{f1:.3f} / {ov:.3f}",
                     "**met**" if f1 >= 0.9 and ov >= 0.9 else "**missed**"])
    for key, value in facts.items():
        if key.startswith("documents:"):
            rows.append([f"Documents: {key.split(':', 1)[1]}", "", value.split(":", 1)[0],
                         value.split(":", 1)[1].strip()])
    return common.md_table(["measure", "target", "result", "verdict"], rows)


def intro(timings: list[tuple[str, float, int]], quick: bool) -> str:
    m = common.machine_info()
    run_rows = [[name, f"{seconds:.0f} s", "ok" if rc == 0 else f"exit {rc}"] for name, seconds, rc in timings]
    return "\n".join([
        "Every performance claim of Redpen, with the command that produced it. `make bench` "
        "(= `.venv/bin/python bench/run_all.py`) runs them all and rewrites the tables below; "
        "`.venv/bin/python bench/run_all.py --quick` takes fewer repetitions and skips the profiles; "
        "`--only decisions peers` runs some. Every bench uses throw-away databases and services "
        "(SQLite in a temp dir; PostgreSQL, Redis, gunicorn and Celery started on 127.0.0.1 and stopped). "
        "Peers are installed on demand into `bench/.peers/venv` (git-ignored), profiles use pyinstrument "
        "installed into the bench's interpreter: neither is a project dependency. Raw results of the last run: "
        "`bench/results/*.json` (git-ignored).",
        "",
        f"**Machine**: {m['cpu']}, {m['cores']} cores, {m['ram']} RAM, {m['os']}; Python {m['python']}, "
        f"Django {m['django']}, SQLite {m['sqlite']}, PostgreSQL {m['postgresql']}. The machine is shared: "
        "other work (test suites) ran during some benches, so each section states the load average during "
        "its run; wall times under load are up to ~2\u00d7 the CPU times the decision bench also reports.",
        "",
        f"### Targets at a glance ({'quick run' if quick else 'full run'})",
        "",
        targets_table(),
        "",
        "Wall time of each bench (its last run through `run_all.py`):",
        "",
        common.md_table(["bench", "wall time", "status"], run_rows, ["---", "--:", "---"]),
    ])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions, no profiles")
    parser.add_argument("--only", nargs="*", default=[])
    parser.add_argument("--skip", nargs="*", default=[])
    args = parser.parse_args()
    timings: list[tuple[str, float, int]] = []
    failed = []
    for name, command in benches(args.quick):
        if (args.only and name not in args.only) or name in args.skip:
            continue
        print(f"==> {name}: {' '.join(command)}", flush=True)
        started = time.perf_counter()
        rc = subprocess.call([common.PY, *command], cwd=common.ROOT)
        seconds = time.perf_counter() - started
        timings.append((name, seconds, rc))
        print(f"<== {name}: {seconds:.0f} s, exit {rc}", flush=True)
        if rc != 0:
            failed.append(name)
    import os

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    # Keep the timings of benches not run this time (--only / --skip) from earlier runs.
    previous = {row[0]: row for row in (common.load_result("run_all") or {}).get("timings", [])}
    previous.update({name: [name, seconds, rc] for name, seconds, rc in timings})
    order = [name for name, _ in benches(args.quick)]
    merged = [tuple(previous[name]) for name in order if name in previous]
    common.save_result("run_all", {"timings": merged, "quick": args.quick})
    common.write_section("intro", "", intro(merged, args.quick))  # type: ignore[arg-type]
    total = sum(t for _, t, _ in timings)
    print(f"all done in {total:.0f} s; README rewritten" + (f"; FAILED: {', '.join(failed)}" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
