"""Drafting checks (review/engine/hygiene.py) on every contract in ../shared/data.

    .venv/bin/python bench/bench_hygiene.py [--set dev|test|all] [--show N]

Prints, per contract, the run time of the checks (text model already built; the structure is
computed inside the timing) and the findings, numbered, so they can be read and judged by hand.
The contracts are split in two: ``dev`` (the first ten CUAD contracts in name order) is the set
the checks were tuned on; ``test`` (the other ten CUAD contracts, the NDAs and the Common Paper
forms) is the one precision is reported on in bench/README.md.
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

DATA = ROOT.parent / "shared" / "data"


def contracts(which: str) -> list[Path]:
    cuad = sorted((DATA / "cuad" / "docx").glob("*.docx"))
    dev = cuad[:10]
    test = cuad[10:] + sorted((DATA / "ndas").glob("*.docx")) + sorted(
        (DATA / "forms" / "commonpaper_docx").glob("*.docx")
    )
    return {"dev": dev, "test": test, "all": dev + test}[which]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--set", default="test", choices=["dev", "test", "all"])
    parser.add_argument("--show", type=int, default=10_000, help="findings to print per contract")
    args = parser.parse_args()

    from documents.docx.textmodel import build_text_model
    from review.engine import hygiene

    times: list[float] = []
    total = 0
    by_check: dict[str, int] = {}
    for path in contracts(args.set):
        model = build_text_model(path.read_bytes())
        started = time.perf_counter()
        found = hygiene.findings(model)
        elapsed = time.perf_counter() - started
        times.append(elapsed)
        total += len(found)
        print(f"== {path.name}: {len(model.paragraphs)} paragraphs, {len(found)} findings, {elapsed * 1000:.0f} ms")
        for finding in found[: args.show]:
            by_check[finding.check] = by_check.get(finding.check, 0) + 1
            paragraph = model.get(finding.locator).text
            context = " ".join(paragraph[max(0, finding.start - 80) : finding.end + 80].split())
            print(f"  [{finding.check.removeprefix('hygiene-')}] {finding.message}")
            print(f"      … {context} …")
    print(
        f"\n{len(times)} contracts, {total} findings {by_check}; run time per contract: median "
        f"{statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms, total {sum(times):.2f} s"
    )


if __name__ == "__main__":
    main()
