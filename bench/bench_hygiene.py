"""Drafting checks (contracts/drafting_checks/) on every contract in ../shared/data.

    .venv/bin/python bench/bench_hygiene.py [--set dev|test|all|heldout] [--slice K] [--show N] [--all]

Prints, per contract, the run time of the checks (text model already built; the structure is
computed inside the timing) and the findings, numbered, so they can be read and judged by hand.
Sets: ``dev`` (the first ten CUAD contracts in name order) and ``test`` (the other ten, the
NDAs and the Common Paper forms) are the contracts in ../shared/data: the checks were tuned on
``dev`` first, then on what a first reading of ``test`` showed (bench/README.md says which
figure is which). ``heldout``: sixteen contracts of ../shared/data/cuad-train (every 25th in
file order from ``--slice``): slices 0, 12 and 6 were each measured once before anything was
tuned on them, in that order (bench/README.md gives each figure and what it was tuned on). ``all``: every
.docx in ../shared/data.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from documents.docx.model import TextModel

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

DATA = ROOT.parent / "shared" / "data"


def contracts(which: str) -> list[Path]:
    cuad = sorted((DATA / "cuad" / "docx").glob("*.docx"))
    dev = cuad[:10]
    test = (
        cuad[10:]
        + sorted((DATA / "ndas").glob("*.docx"))
        + sorted((DATA / "forms" / "commonpaper_docx").glob("*.docx"))
    )
    return {"dev": dev, "test": test, "all": dev + test}[which]


def heldout(offset: int) -> list[tuple[str, TextModel]]:
    """(name, text model) of every 25th cuad-train contract, starting at ``offset``: one
    paragraph per line, as the .docx files of ../shared/data/cuad were made from CUAD's text."""
    import gzip
    import json

    from documents.docx.model import Paragraph, TextModel

    out: list[tuple[str, TextModel]] = []
    with gzip.open(DATA / "cuad-train" / "contracts.jsonl.gz", "rt", encoding="utf-8") as handle:
        for index, line in enumerate(handle):
            if index % 25 != offset:
                continue
            row = json.loads(line)
            lines = row["text"].split("\n")
            paragraphs = tuple(Paragraph(locator=f"p{i + 1}", text=t) for i, t in enumerate(lines))
            out.append((row["cuad_filename"], TextModel(paragraphs=paragraphs)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--set", default="heldout", choices=["dev", "test", "heldout", "all"])
    parser.add_argument("--show", type=int, default=10_000, help="findings to print per contract")
    parser.add_argument("--slice", type=int, default=6, help="heldout: which of the 25 slices of cuad-train")
    parser.add_argument(
        "--all", action="store_true", help="also the findings below hygiene.REPORT_AT (marked with their confidence)"
    )
    args = parser.parse_args()

    from contracts import drafting_checks as hygiene
    from documents.docx.textmodel import build_text_model

    times: list[float] = []
    total = 0
    by_check: dict[str, int] = {}
    if args.set == "heldout":
        items = heldout(args.slice)
    else:
        items = [(path.name, build_text_model(path.read_bytes())) for path in contracts(args.set)]
    for name, model in items:
        started = time.perf_counter()
        found = hygiene.findings(model, at=0.0 if args.all else hygiene.REPORT_AT)
        elapsed = time.perf_counter() - started
        times.append(elapsed)
        total += len(found)
        print(f"== {name}: {len(model.paragraphs)} paragraphs, {len(found)} findings, {elapsed * 1000:.0f} ms")
        for finding in found[: args.show]:
            by_check[finding.check] = by_check.get(finding.check, 0) + 1
            paragraph = model.get(finding.locator).text
            context = " ".join(paragraph[max(0, finding.start - 80) : finding.end + 80].split())
            low = (
                f" (confidence {finding.confidence:.1f}, not reported)"
                if finding.confidence < hygiene.REPORT_AT
                else ""
            )
            print(f"  [{finding.check.removeprefix('hygiene-')}] {finding.message}{low}")
            print(f"      … {context} …")
    print(
        f"\n{len(times)} contracts, {total} findings {by_check}; run time per contract: median "
        f"{statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms, total {sum(times):.2f} s"
    )


if __name__ == "__main__":
    main()
