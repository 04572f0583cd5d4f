"""Clause detection of ``playbooks/library/cuad-coverage.yaml`` on the CUAD contracts.

    .venv/bin/python bench/bench_cuad.py [--data ../shared/data/cuad] [--write-readme] [--details]

For each contract and each of the 12 CUAD categories the playbook covers, the engine "detects"
the clause when the category's must_exist rule is ``ok`` (a sentence was found). That is compared
with CUAD's expert ``has_clause`` label: per-category precision, recall and F1, and macro-F1.
Evidence overlap: of the true positives, the share where at least one evidence sentence overlaps
a labelled character span (offsets map exactly: the .docx text model of a CUAD file is its .txt,
paragraph by paragraph, joined with newlines; the bench checks that and falls back to the .txt
split into lines when the .docx or the text model builder is absent).

Baseline: a naive sentence regex per category, built from the category's name words (every word
of the name, any order, in one sentence: e.g. ``(?=.*\\bgoverning)(?=.*\\blaw)``), run over the
same sentences.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import sys
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from documents.docx.model import Paragraph, TextModel  # noqa: E402
from playbooks.rules import PlaybookSpec  # noqa: E402
from review.engine import get_engine  # noqa: E402
from review.engine.sentences import split_sentences  # noqa: E402

CATEGORIES = {
    "governing-law": "Governing Law",
    "cap-on-liability": "Cap On Liability",
    "termination-for-convenience": "Termination For Convenience",
    "renewal-term": "Renewal Term",
    "anti-assignment": "Anti-Assignment",
    "audit-rights": "Audit Rights",
    "insurance": "Insurance",
    "non-compete": "Non-Compete",
    "exclusivity": "Exclusivity",
    "ip-ownership-assignment": "Ip Ownership Assignment",
    "warranty-duration": "Warranty Duration",
    "change-of-control": "Change Of Control",
}
PLAYBOOK = ROOT / "playbooks" / "library" / "cuad-coverage.yaml"
_STOP = {"on", "for", "of", "the", "and", "ip"}


def load_spec(path: Path = PLAYBOOK) -> PlaybookSpec:
    from playbooks.loader import load_playbook

    return load_playbook(path.read_bytes())


def load_model(data_dir: Path, name: str) -> tuple[TextModel, str, str]:
    """(model, txt, source): the .docx text model when possible, else the .txt lines."""
    txt = (data_dir / "txt" / name).read_text(encoding="utf-8")
    docx_path = data_dir / "docx" / name.replace(".txt", ".docx")
    try:
        from documents.docx.textmodel import build_text_model
    except ImportError:
        build_text_model = None  # type: ignore[assignment]
    if build_text_model is not None and docx_path.exists():
        model = build_text_model(docx_path.read_bytes())
        if model.text == txt:
            return model, txt, "docx"
    paragraphs = tuple(Paragraph(locator=f"p{i + 1}", text=line) for i, line in enumerate(txt.split("\n")))
    return TextModel(paragraphs=paragraphs), txt, "txt"


def paragraph_offsets(model: TextModel) -> dict[str, int]:
    offsets, position = {}, 0
    for paragraph in model.paragraphs:
        offsets[paragraph.locator] = position
        position += len(paragraph.text) + 1
    return offsets


@dataclass
class Counts:
    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0
    overlap: int = 0

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0


def baseline_pattern(category: str) -> re.Pattern[str]:
    words = [w for w in re.split(r"[\s\-/]+", category.lower()) if w and w not in _STOP]
    # Anchored: the lookaheads scan the sentence once (unanchored search would rescan from every
    # offset, quadratic in the sentence length).
    return re.compile("^" + "".join(rf"(?=.*\b{re.escape(w)})" for w in words), re.IGNORECASE | re.DOTALL)


def evaluate(data_dir: Path, details: bool = False) -> dict:
    labels: dict[tuple[str, str], dict] = {}
    for line in (data_dir / "labels.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        labels[(row["file"], row["category"].lower())] = row
    files = sorted({f for f, _ in labels})
    spec = load_spec()
    engine = get_engine(use_llm=False)
    ours: dict[str, Counts] = defaultdict(Counts)
    base: dict[str, Counts] = defaultdict(Counts)
    sources = set()
    misses: list[str] = []
    timings = []
    for name in files:
        model, _txt, source = load_model(data_dir, name)
        sources.add(source)
        offsets = paragraph_offsets(model)
        started = time.perf_counter()
        results = {r.rule_id: r for r in engine.analyze(model, spec)}
        timings.append(time.perf_counter() - started)
        sentences = [
            (offsets[p.locator] + s, offsets[p.locator] + e, p.text[s:e])
            for p in model.paragraphs
            for s, e in split_sentences(p.text)
        ]
        for rule_id, category in CATEGORIES.items():
            label = labels[(name, category.lower())]
            truth = bool(label["has_clause"])
            spans = [tuple(r) for s in label["spans"] for r in s["char_ranges"]]
            result = results[rule_id]
            found = result.status == "ok"
            counts = ours[rule_id]
            if found and truth:
                counts.tp += 1
                hit = any(
                    offsets[e.locator] + e.start < end and start < offsets[e.locator] + e.end
                    for e in result.evidence
                    for start, end in spans
                )
                counts.overlap += hit
                if not hit and details:
                    misses.append(f"NO OVERLAP {rule_id} {name}: {result.evidence[0].sentence[:160]!r}")
            elif found:
                counts.fp += 1
                if details:
                    misses.append(f"FP {rule_id} {name}: {result.evidence[0].sentence[:200]!r}")
            elif truth:
                counts.fn += 1
                if details:
                    misses.append(f"FN {rule_id} {name}: {label['spans'][0]['text'][:200]!r}")
            else:
                counts.tn += 1
            pattern = baseline_pattern(category)
            base_hits = [s for s in sentences if pattern.search(s[2])]
            bcounts = base[rule_id]
            if base_hits and truth:
                bcounts.tp += 1
                bcounts.overlap += any(s < e2 and s2 < e for s, e, _ in base_hits for s2, e2 in spans)
            elif base_hits:
                bcounts.fp += 1
            elif truth:
                bcounts.fn += 1
            else:
                bcounts.tn += 1
    return {"ours": ours, "base": base, "files": files, "sources": sources, "misses": misses, "timings": timings}


def _macro(counts: dict[str, Counts]) -> tuple[float, float]:
    f1 = sum(counts[r].f1 for r in CATEGORIES) / len(CATEGORIES)
    tp = sum(counts[r].tp for r in CATEGORIES)
    overlap = sum(counts[r].overlap for r in CATEGORIES) / tp if tp else 0.0
    return f1, overlap


def render(result: dict) -> str:
    ours, base = result["ours"], result["base"]
    lines = [
        "| category | labelled | P | R | F1 | evidence overlap | baseline P | baseline R | baseline F1 |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for rule_id, category in CATEGORIES.items():
        c, b = ours[rule_id], base[rule_id]
        overlap = f"{c.overlap}/{c.tp}" if c.tp else "-"
        lines.append(
            f"| {category} | {c.tp + c.fn}/{len(result['files'])} | {c.precision:.2f} | {c.recall:.2f} | {c.f1:.2f} "
            f"| {overlap} | {b.precision:.2f} | {b.recall:.2f} | {b.f1:.2f} |"
        )
    f1, overlap = _macro(ours)
    bf1, boverlap = _macro(base)
    lines.append(f"| **macro** | | | | **{f1:.3f}** | **{overlap:.3f}** | | | **{bf1:.3f}** |")
    lines.append("")
    lines.append(
        f"Macro-F1 {f1:.3f} with evidence overlap {overlap:.3f} (baseline: macro-F1 {bf1:.3f}, overlap "
        f"{boverlap:.3f}). Contracts read from: {', '.join(sorted(result['sources']))}."
    )
    return "\n".join(lines)


def machine() -> str:
    cpus = os.cpu_count()
    return f"{platform.machine()}, {cpus} CPUs, Python {platform.python_version()}, {platform.system()}"


def write_readme_section(title: str, body: str) -> None:
    """Replace (or append) the section ``## title`` of bench/README.md, leaving others alone."""
    readme = ROOT / "bench" / "README.md"
    text = readme.read_text(encoding="utf-8") if readme.exists() else "# Benchmarks\n"
    header = f"## {title}"
    pattern = re.compile(rf"^{re.escape(header)}\n.*?(?=^## |\Z)", re.MULTILINE | re.DOTALL)
    section = f"{header}\n\n{body.strip()}\n\n"
    text = pattern.sub(lambda _: section, text) if pattern.search(text) else text.rstrip("\n") + "\n\n" + section
    readme.write_text(text.rstrip("\n") + "\n", encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data" / "cuad")
    parser.add_argument("--write-readme", action="store_true")
    parser.add_argument("--details", action="store_true", help="print every miss")
    args = parser.parse_args()
    result = evaluate(args.data, details=args.details)
    table = render(result)
    print(table)
    if args.details:
        print("\n".join(result["misses"]))
    if args.write_readme:
        timings = sorted(result["timings"])
        body = (
            "Clause detection of `playbooks/library/cuad-coverage.yaml` (one `must_exist` rule per CUAD "
            "category) on the 20 CUAD contracts in `../shared/data/cuad`, against the CUAD expert labels "
            "(`labels.jsonl`). A category is detected in a contract when its rule is `ok`. Evidence overlap: "
            "true positives where an evidence sentence overlaps a labelled span. Baseline: one naive regex per "
            "category from its name words (all of them, any order, in one sentence).\n\n"
            f"Command: `.venv/bin/python bench/bench_cuad.py --write-readme`  \nMachine: {machine()}  \n"
            f"Analysis per contract: median {timings[len(timings) // 2] * 1000:.1f} ms.\n\n"
            f"{table}\n\n"
            "These 20 contracts were used to tune the rules; the phrasings are general legal ones (no party "
            "names, no contract-specific wording), but expect lower figures on unseen contracts."
        )
        write_readme_section("Engine: CUAD clause detection", body)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
