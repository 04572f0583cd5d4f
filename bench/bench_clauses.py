"""Speed and memory of the clause model: load, the clause map of ~100 pages, scoring ~400 pages.

    .venv/bin/python bench/bench_clauses.py [--runs 5] [--write-readme]

Each measure in a fresh state: the model load in a new process (``python -c``), the clause map
with the per-process cache of scores cleared before every run. The ~400-page contract is the one of
``bench/bench_analysis.py`` (the 20 CUAD dev contracts concatenated); the ~100-page one is its
first quarter of paragraphs. Medians of ``--runs``; peak memory from ``tracemalloc``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from bench_analysis import CHARS_PER_PAGE, DATA, build_big_model  # noqa: E402
from bench_cuad import machine, write_readme_section  # noqa: E402

from contracts.clauses import detect, get_model  # noqa: E402
from contracts.clauses.model import ARTIFACT  # noqa: E402
from documents.docx.model import TextModel  # noqa: E402


def pages(model: TextModel) -> int:
    return round(sum(len(p.text) for p in model.paragraphs) / CHARS_PER_PAGE)


def load_time() -> tuple[float, float]:
    """(import of the clause package with numpy / scipy / mmh3, loading the artifact)."""
    code = (
        "import time; t = time.perf_counter(); from contracts.clauses import get_model; "
        "u = time.perf_counter(); get_model(); print(u - t, time.perf_counter() - u)"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    imported, loaded = out.stdout.split()
    return float(imported), float(loaded)


def clause_map_time(model: TextModel, runs: int) -> tuple[float, int, float]:
    clause_model = get_model()
    times, found = [], 0
    for _ in range(runs):
        clause_model.clear_caches()
        started = time.perf_counter()
        found = len(detect(model))
        times.append(time.perf_counter() - started)
    clause_model.clear_caches()
    tracemalloc.start()
    detect(model)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return statistics.median(times), found, peak / 1e6


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--write-readme", action="store_true")
    args = parser.parse_args()
    times = [load_time() for _ in range(3)]
    imports = sorted(t[0] for t in times)
    loads = sorted(t[1] for t in times)
    big = build_big_model(DATA)
    hundred = TextModel(paragraphs=big.paragraphs[: len(big.paragraphs) // 4])
    t100, n100, m100 = clause_map_time(hundred, args.runs)
    t400, n400, m400 = clause_map_time(big, args.runs)
    rows = [
        ("artifact size", f"{ARTIFACT.stat().st_size / 1e6:.1f} MB (`{ARTIFACT.relative_to(ROOT)}`)"),
        ("model load (the artifact, once per process; median of 3 fresh processes)", f"{loads[1] * 1000:.0f} ms"),
        ("import of the clause package (numpy, scipy, mmh3), fresh process", f"{imports[1] * 1000:.0f} ms"),
        (f"clause map, ~{pages(hundred)} pages ({len(hundred.paragraphs):,} paragraphs), all 41 types",
         f"{t100 * 1000:.0f} ms, {n100} passages, {m100:.1f} MB peak"),
        (f"clause map, ~{pages(big)} pages ({len(big.paragraphs):,} paragraphs)",
         f"{t400 * 1000:.0f} ms, {n400} passages, {m400:.1f} MB peak"),
    ]  # fmt: skip
    table = "| measure | value |\n|---|---|\n" + "\n".join(f"| {a} | {b} |" for a, b in rows)
    print(table)
    if args.write_readme:
        load = os.getloadavg()
        body = (
            "Clause model speed (targets: load < 1 s; clause map of 100 pages ≤ 0.5 s). Scores are cached per "
            "text model; each run here starts with that cache cleared.\n\n"
            f"Command: `.venv/bin/python bench/bench_clauses.py --runs {args.runs} --write-readme`  \n"
            f"Machine: {machine()}; load average {load[0]:.1f}, {load[1]:.1f}, {load[2]:.1f} when the run ended "
            "(a shared machine).\n\n"
            f"{table}"
        )
        write_readme_section("Clause model: speed", body)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
