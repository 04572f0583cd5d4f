"""Analysis time and peak memory on a 100+ page contract with the SaaS library playbook.

    .venv/bin/python bench/bench_analysis.py [--runs 7] [--write-readme]

The contract is built in the bench from real text: the 20 CUAD contracts in ../shared/data/cuad
concatenated paragraph by paragraph into one text model (~1.2 M characters, several hundred pages,
far above 100), read from the .docx through ``build_text_model``. The clock covers what the
analysis task does per review: ``engine.analyze`` on the text model (a fresh engine, empty
sentence cache, every run), and separately the end-to-end time including building the text
model from the .docx bytes of ``../shared/data/fixtures/big_heavy.docx`` (116 pages, 2,500
paragraphs, Word-native). Medians of ``--runs`` runs; peak memory
from ``tracemalloc`` during one analysis.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from bench_cuad import machine, write_readme_section  # noqa: E402

from contracts.clauses import get_model  # noqa: E402
from contracts.sentences import split_sentences  # noqa: E402
from documents.docx.model import Paragraph, TextModel  # noqa: E402
from playbooks.loader import load_playbook  # noqa: E402
from review.engine import get_engine  # noqa: E402

DATA = ROOT.parent / "shared" / "data" / "cuad"
PLAYBOOK = ROOT / "playbooks" / "library" / "saas-customer.yaml"
CHARS_PER_PAGE = 3_000  # a dense contract page


def build_big_model(data_dir: Path) -> TextModel:
    from documents.docx.textmodel import build_text_model

    paragraphs: list[Paragraph] = []
    for path in sorted((data_dir / "docx").glob("*.docx")):
        for paragraph in build_text_model(path.read_bytes()).paragraphs:
            paragraphs.append(Paragraph(locator=f"p{len(paragraphs) + 1}", text=paragraph.text, style=paragraph.style))
    return TextModel(paragraphs=tuple(paragraphs))


def run(runs: int) -> dict[str, float]:
    spec = load_playbook(PLAYBOOK.read_bytes())
    model = build_big_model(DATA)
    chars = sum(len(p.text) for p in model.paragraphs)
    analyze_times = []
    for _ in range(runs):
        split_sentences.cache_clear()  # cold: no sentence splits cached from an earlier run
        get_model().clear_caches()  # cold: no scores kept (the model stays loaded)
        engine = get_engine(use_llm=False)
        started = time.perf_counter()
        results = engine.analyze(model, spec)
        analyze_times.append(time.perf_counter() - started)
    split_sentences.cache_clear()
    get_model().clear_caches()  # the peak includes scoring the contract with the clause model
    tracemalloc.start()
    get_engine(use_llm=False).analyze(model, spec)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    # End to end on one long contract: .docx bytes -> text model -> analysis.
    from documents.docx.textmodel import build_text_model

    # The 116-page Word-native performance fixture (2,500 paragraphs, 14k runs), else the
    # longest CUAD contract.
    heavy = DATA.parent / "fixtures" / "big_heavy.docx"
    longest = heavy if heavy.exists() else max((DATA / "docx").glob("*.docx"), key=lambda p: p.stat().st_size)
    data = longest.read_bytes()
    e2e_times = []
    for _ in range(runs):
        split_sentences.cache_clear()
        started = time.perf_counter()
        one = build_text_model(data)
        get_engine(use_llm=False).analyze(one, spec)
        e2e_times.append(time.perf_counter() - started)
    return {
        "paragraphs": len(model.paragraphs),
        "chars": chars,
        "pages": chars / CHARS_PER_PAGE,
        "rules": len(spec.rules),
        "recommendations": sum(len(r.recommendations) for r in results),
        "analyze_median": statistics.median(analyze_times),
        "analyze_max": max(analyze_times),
        "peak_mb": peak / 1e6,
        "e2e_median": statistics.median(e2e_times),
        "e2e_name": longest.name,
        "e2e_paragraphs": len(one.paragraphs),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--write-readme", action="store_true")
    args = parser.parse_args()
    r = run(args.runs)
    table = "\n".join(
        [
            "| measure | value |",
            "|---|---|",
            f"| contract | 20 CUAD contracts concatenated: {r['paragraphs']:,} paragraphs, {r['chars']:,} characters "
            f"(~{r['pages']:.0f} pages at {CHARS_PER_PAGE:,} characters a page) |",
            f"| playbook | `playbooks/library/saas-customer.yaml`, {r['rules']} rules |",
            f"| analysis (median of {args.runs}, cold sentence cache) | {r['analyze_median'] * 1000:.0f} ms "
            f"(max {r['analyze_max'] * 1000:.0f} ms), {r['recommendations']} recommendations |",
            f"| peak memory during analysis (tracemalloc) | {r['peak_mb']:.1f} MB |",
            f"| end to end, one contract (`{r['e2e_name']}`, {r['e2e_paragraphs']} paragraphs): .docx -> text "
            f"model -> analysis | {r['e2e_median'] * 1000:.0f} ms |",
        ]
    )
    print(table)
    if args.write_readme:
        body = (
            "Analysis time of the playbook engine on a long contract built from real text, with the SaaS "
            "library playbook. Target: at most 1 s end to end on a 2-core machine.\n\n"
            f"Command: `.venv/bin/python bench/bench_analysis.py --runs {args.runs} --write-readme`  \n"
            f"Machine: {machine()}; load average {os.getloadavg()[0]:.1f}, {os.getloadavg()[1]:.1f}, "
            f"{os.getloadavg()[2]:.1f} when the run ended (a shared machine).\n\n{table}"
        )
        write_readme_section("Engine: analysis time", body)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
