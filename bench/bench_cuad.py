"""Clause detection on the CUAD contracts: the clause model beside the regex rules and a keyword baseline.

    .venv/bin/python bench/bench_cuad.py [--data ../shared/data/cuad] [--write-readme] [--details]

Three detectors, twelve categories (those of the regex playbook), the same contracts:
- the clause model (``contracts/clauses``): cross-validated figures on the 379 contracts of
  ``../shared/data/cuad-train`` (5 folds by contract, from ``clause-model.json``, written by
  ``make train-clauses``) and the final model on the 20 dev contracts; all 41 categories;
- the regex rules (``bench/cuad-coverage-regex.yaml``, the library playbook as it was before it
  used clause types) and the keyword baseline below: they learn nothing, so their figures on the
  same five folds pooled are their figures on the 379 contracts;
- the library playbook ``cuad-coverage.yaml`` now (rules on clause types) on the dev contracts: a
  category is detected when its rule found the clause (``ok`` for must_exist, ``issue`` for
  must_not_exist).

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

from contracts.sentences import split_sentences  # noqa: E402
from documents.docx.model import Paragraph, TextModel  # noqa: E402
from playbooks.rules import PlaybookSpec  # noqa: E402
from review.engine import get_engine  # noqa: E402

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
PLAYBOOK = ROOT / "bench" / "cuad-coverage-regex.yaml"
LIBRARY_PLAYBOOK = ROOT / "playbooks" / "library" / "cuad-coverage.yaml"
TRAIN = ROOT.parent / "shared" / "data" / "cuad-train" / "contracts.jsonl.gz"
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


def dev_items(data_dir: Path) -> tuple[list[str], dict[tuple[str, str], dict], object]:
    labels: dict[tuple[str, str], dict] = {}
    for line in (data_dir / "labels.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        labels[(row["file"], row["category"].lower())] = row
    files = sorted({f for f, _ in labels})
    return files, labels, lambda name: load_model(data_dir, name)


def train_items(path: Path = TRAIN) -> tuple[list[str], dict[tuple[str, str], dict], object]:
    """The cuad-train contracts in the same shape as the dev labels (one paragraph a line)."""
    import gzip

    labels: dict[tuple[str, str], dict] = {}
    texts: dict[str, str] = {}
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            name = row["cuad_filename"]
            texts[name] = row["text"]
            for category, value in row["labels"].items():
                labels[(name, category.lower())] = {
                    "has_clause": value["present"],
                    "spans": [{"text": "", "char_ranges": [[s["start"], s["end"]]]} for s in value["spans"]],
                }

    def model_of(name: str) -> tuple[TextModel, str, str]:
        lines = texts[name].split("\n")
        paragraphs = tuple(Paragraph(locator=f"p{i + 1}", text=line) for i, line in enumerate(lines))
        return TextModel(paragraphs=paragraphs), texts[name], "txt"

    return sorted(texts), labels, model_of


def evaluate(data_dir: Path, details: bool = False, *, spec_path: Path = PLAYBOOK, items: tuple | None = None) -> dict:
    files, labels, model_of = items or dev_items(data_dir)
    spec = load_spec(spec_path)
    engine = get_engine(use_llm=False)
    ours: dict[str, Counts] = defaultdict(Counts)
    base: dict[str, Counts] = defaultdict(Counts)
    sources = set()
    misses: list[str] = []
    timings = []
    for name in files:
        model, _txt, source = model_of(name)
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
            # ok for must_exist; issue for a must_not_exist rule (presence reported for review)
            found = result.status == "ok" or (result.status == "issue" and result.evidence != ())
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
                    first = label["spans"][0]["text"][:200] if label["spans"] else ""
                    misses.append(f"FN {rule_id} {name}: {first!r}")
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


def _f(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def model_tables(record: dict, regex_train: dict, regex_dev: dict, library_dev: dict) -> str:
    """The comparison on the twelve categories, then all 41 for the model."""
    cv, dev = record["cross_validation"], record["dev"]
    lines = [
        "| category | model CV F1 | overlap | regex CV F1 | overlap | keyword CV F1 | model dev F1 | regex dev F1 "
        "| keyword dev F1 | library playbook dev F1 |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for rule_id, category in CATEGORIES.items():
        m, md = cv["categories"][rule_id], dev["categories"][rule_id]
        r, b = regex_train["ours"][rule_id], regex_train["base"][rule_id]
        rd, bd, ld = regex_dev["ours"][rule_id], regex_dev["base"][rule_id], library_dev["ours"][rule_id]
        r_overlap = r.overlap / r.tp if r.tp else None
        lines.append(
            f"| {category} | {m['f1']:.2f} | {_f(m['evidence_overlap'])} | {r.f1:.2f} | {_f(r_overlap)} | {b.f1:.2f} "
            f"| {md['f1']:.2f} | {rd.f1:.2f} | {bd.f1:.2f} | {ld.f1:.2f} |"
        )
    rf1, rov = _macro(regex_train["ours"])
    bf1, _ = _macro(regex_train["base"])
    rdf1, _ = _macro(regex_dev["ours"])
    bdf1, _ = _macro(regex_dev["base"])
    ldf1, _ = _macro(library_dev["ours"])
    lines.append(
        f"| **macro (twelve)** | **{cv['macro_f1_twelve']:.3f}** | **{cv['evidence_overlap_twelve']:.3f}** "
        f"| **{rf1:.3f}** | **{rov:.3f}** | **{bf1:.3f}** | **{dev['macro_f1_twelve']:.3f}** | **{rdf1:.3f}** "
        f"| **{bdf1:.3f}** | **{ldf1:.3f}** |"
    )
    lines += [
        "",
        "All 41 categories, the clause model (CV: out-of-fold on cuad-train; dev: the final model on the 20 dev "
        "contracts). Overlap: true positives (with a located expert span) where a returned passage overlaps it.",
        "",
        "| category | labelled (of 379) | CV P | CV R | CV F1 | CV overlap | dev labelled (of 20) | dev F1 "
        "| dev overlap |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    from contracts.clauses import CATEGORIES as ALL

    for category in ALL:
        m, md = cv["categories"][category.slug], dev["categories"][category.slug]
        lines.append(
            f"| {category.title} | {m['labelled']} | {m['precision']:.2f} | {m['recall']:.2f} | {m['f1']:.2f} "
            f"| {_f(m['evidence_overlap'])} | {md['labelled']} | {md['f1']:.2f} | {_f(md['evidence_overlap'])} |"
        )
    lines.append(
        f"| **macro (41)** | | | | **{cv['macro_f1_all']:.3f}** | **{cv['evidence_overlap_all']:.3f}** | "
        f"| **{dev['macro_f1_all']:.3f}** | **{dev['evidence_overlap_all']:.3f}** |"
    )
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data" / "cuad")
    parser.add_argument("--write-readme", action="store_true")
    parser.add_argument("--details", action="store_true", help="print every miss of the regex rules on dev")
    args = parser.parse_args()
    from contracts.clauses.model import record

    regex_dev = evaluate(args.data, details=args.details)
    print(render(regex_dev))
    if args.details:
        print("\n".join(regex_dev["misses"]))
    regex_train = evaluate(args.data, spec_path=PLAYBOOK, items=train_items())
    library_dev = evaluate(args.data, spec_path=LIBRARY_PLAYBOOK)
    rec = record()
    tables = model_tables(rec, regex_train, regex_dev, library_dev)
    print(tables)
    if args.write_readme:
        timings = sorted(library_dev["timings"])
        cv = rec["cross_validation"]
        body = (
            "Clause detection on CUAD (CUAD v1, The Atticus Project, CC BY 4.0) against the experts' labels. A "
            "category is detected in a contract when the detector finds a passage of it; contract-level precision, "
            "recall and F1 per category, macro over categories. Evidence overlap: of the true positives, the share "
            "where a returned passage overlaps an expert span.\n\n"
            "- **model CV**: the clause model (`contracts/clauses`, `docs/clause-model.md`), 5-fold "
            "cross-validation grouped by contract on the 379 contracts of `../shared/data/cuad-train`, thresholds "
            "chosen inside the folds; figures from `contracts/clauses/artifact/clause-model.json` "
            "(`make train-clauses`).\n"
            "- **regex** (`bench/cuad-coverage-regex.yaml`, the library playbook before clause types) and "
            "**keyword** (every word of the category name in one sentence) learn nothing: their figures on the "
            "same five folds pooled are their figures on all 379 contracts.\n"
            "- **dev**: the 20 contracts of `../shared/data/cuad` (the final model trained on all of cuad-train; "
            "the regex rules were tuned on these). **library playbook**: `playbooks/library/cuad-coverage.yaml` "
            "now (rules on clause types), detected = its rule found the clause.\n\n"
            f"Command: `.venv/bin/python bench/bench_cuad.py --write-readme`  \nMachine: {machine()}  \n"
            f"Library playbook analysis per dev contract: median {timings[len(timings) // 2] * 1000:.1f} ms.\n\n"
            f"{tables}\n\n"
            f"Target: CV macro-F1 over the twelve ≥ 0.90 with evidence overlap ≥ 0.9: macro-F1 "
            f"**{cv['macro_f1_twelve']:.3f}** ({'met' if cv['macro_f1_twelve'] >= 0.9 else 'missed'}), overlap "
            f"**{cv['evidence_overlap_twelve']:.3f}** ({'met' if cv['evidence_overlap_twelve'] >= 0.9 else 'missed'})."
        )
        write_readme_section("Engine: CUAD clause detection", body)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
