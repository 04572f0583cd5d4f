"""What the edit checker costs an analysis: the ~400-page contract of bench/bench_analysis.py with the
SaaS library playbook, analysed with the checker and without it, interleaved run by run.

    .venv/bin/python bench/bench_edit_checker.py [--runs 7]

Each run is fully cold (sentence splits and clause scores cleared, a fresh text model and engine);
"without" runs the same engine with ``check_edit`` answering nothing, which is the analysis as it
was before every proposal passed the checker (review/engine/playbook.py ``proven``). The two kinds
of run alternate, so a busy neighbour slows both alike. Prints the medians, their ratio (target:
at most 1.3, docs/decisions/edit-checker.md) and the proposals held back.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from bench_analysis import DATA, PLAYBOOK, build_big_model  # noqa: E402

from contracts.clauses import get_model  # noqa: E402
from contracts.sentences import split_sentences  # noqa: E402
from documents.docx.model import TextModel  # noqa: E402
from playbooks.loader import load_playbook  # noqa: E402
from review.engine import get_engine  # noqa: E402
from review.engine import playbook as engine_playbook  # noqa: E402


def once(model: TextModel, spec, *, checker: bool) -> tuple[float, int, int]:  # type: ignore[no-untyped-def]
    split_sentences.cache_clear()
    get_model().clear_caches()
    fresh = TextModel(paragraphs=model.paragraphs, next_insert=model.next_insert, numbering=model.numbering)
    real = engine_playbook.check_edit
    if not checker:
        engine_playbook.check_edit = lambda **_: ()  # type: ignore[assignment]
    try:
        started = time.perf_counter()
        results = get_engine(use_llm=False).analyze(fresh, spec)
        elapsed = time.perf_counter() - started
    finally:
        engine_playbook.check_edit = real
    proposals = [p for r in results for p in r.recommendations]
    return elapsed, len(proposals), sum(1 for p in proposals if p.defects)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    spec = load_playbook(PLAYBOOK.read_bytes())
    model = build_big_model(DATA)
    once(model, spec, checker=True)  # warm the imports and the clause model's load
    with_times, without_times = [], []
    for _ in range(args.runs):
        elapsed, proposals, held = once(model, spec, checker=True)
        with_times.append(elapsed)
        elapsed, _, _ = once(model, spec, checker=False)
        without_times.append(elapsed)
    chars = sum(len(p.text) for p in model.paragraphs)
    a, b = statistics.median(with_times), statistics.median(without_times)
    print(f"contract: {len(model.paragraphs):,} paragraphs, {chars:,} characters (~{chars / 3000:.0f} pages); "
          f"{proposals} proposals, {held} held back by the checker")
    print(f"analysis with the checker: median {a * 1000:.0f} ms of {args.runs} (max {max(with_times) * 1000:.0f})")
    print(f"analysis without it:       median {b * 1000:.0f} ms of {args.runs} (max {max(without_times) * 1000:.0f})")
    print(f"ratio {a / b:.2f} (target at most 1.30); load average {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
