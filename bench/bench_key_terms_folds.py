"""Key terms on the seen contracts split into folds: an in-house estimate to choose changes by.

    python bench/bench_key_terms_folds.py                  # the table: develop folds / pseudo-held-out fold / dev
    python bench/bench_key_terms_folds.py --failures       # also the failures of the develop folds and dev
    python bench/bench_key_terms_folds.py --rescore        # score the last run's values again
    python bench/bench_key_terms_folds.py --clean-model    # read with a clause model trained without the
                                                           # held-out fifth and the pseudo-held-out fold
    python bench/bench_key_terms_folds.py --without held-out-and-fold-1   # ... without another fold (a control)

The held-out fifth of cuad-train (``held_out`` in bench/bench_key_terms.py) is skipped before its
text is read. The other four fifths ("seen") are split again, by contract, into five folds by a
hash of the file name fixed before any failure was read (``fold``): fold 0 is the
**pseudo-held-out** fold, whose failures this command never prints; folds 1-4 are the ones changes
are developed on (their failures may be read). A change is kept only when it helps, or does not
hurt, the pseudo-held-out fold too: rounds of rules chosen on the seen failures moved seen while the
held-out fifth lagged, and the pseudo-held-out fold is how much of a gain survives on contracts
whose failures were not read, without touching the held-out fifth.

The committed clause model, whose passages the key terms read, is trained on every cuad-train
contract, the pseudo-held-out fold included. ``--clean-model`` reads with a clause model trained
the same way without the held-out fifth and the pseudo-held-out fold (``train_clauses --leave-out
held-out-and-pseudo-held-out``, built under var/ by bench/bench_key_terms.py ``clean_model``), so the
pseudo-held-out fold is out of sample for the clause model as the held-out fifth is in
bench/bench_key_terms.py ``--clean-model``; the develop folds stay in its training, as in the
committed model's. That model is trained on fewer contracts (245 of 379), which costs something on
every set; ``--without held-out-and-fold-1`` is the control: as many contracts left out, the
pseudo-held-out fold kept in, so the difference between the two on that fold is what not having
seen its contracts costs, at the same size.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_key_terms import (
    DATA,
    MEASURES,
    ROOT,
    SLUG,
    TERMS,
    _setup,
    all_answers,
    clause_model_line,
    clean_model,
    held_out,
    read_values,
    score_contract,
)

# The folds, as the held-out fifth, are training/splits.py's: the clause model leaves them out by the same rule.
from training.splits import LEAVE_OUT, PSEUDO, fold

ROWS = (*TERMS, "none where none")
CACHE = ROOT / "bench" / "results" / "key_terms_folds.json"
CLEAN_RULE = "held-out-and-pseudo-held-out"  # training/splits.py LEAVE_OUT


def group(kind: str, filename: str) -> str:
    if kind == "dev":
        return "dev"
    return "pseudo-held-out" if fold(filename) == PSEUDO else "develop"


def contracts() -> list[tuple[str, str, str]]:
    """(group, file name, text) for the seen and dev contracts; the held-out fifth never read."""
    import gzip

    answered = {json.loads(line)["cuad_filename"] for line in (DATA / "cuad-train" / "answers.jsonl").open()}
    found = []
    with gzip.open(DATA / "cuad-train" / "contracts.jsonl.gz", "rt", encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            name = row["cuad_filename"]
            if name not in answered or held_out(name):
                continue  # the held-out fifth is never run here
            found.append((group("seen", name), name, row["text"]))
    for line in (DATA / "cuad" / "answers.jsonl").open():
        row = json.loads(line)
        found.append(("dev", row["cuad_filename"], (DATA / "cuad" / "txt" / row["file"]).read_text()))
    return found


def run(workers: int, clause_model: str = "") -> dict:
    """``clause_model``: the folder of the clause model to read with (the committed one when empty)."""
    from concurrent.futures import ProcessPoolExecutor

    items = contracts()
    groups = {name: kind for kind, name, _ in items}
    with ProcessPoolExecutor(max_workers=workers, initializer=_setup, initargs=(clause_model,)) as pool:
        read = list(pool.map(read_values, [(name, text) for _, name, text in items], chunksize=4))
    return {"contracts": {name: {"group": groups[name], "values": values} for name, values, _ in read}}


def table(result: dict) -> tuple[str, dict]:
    answers = all_answers()
    counts: dict[str, dict[str, list[int]]] = {}
    for name, item in result["contracts"].items():
        item["scores"] = score_contract(answers[name], item["values"])
        row = counts.setdefault(item["group"], {m: [0, 0] for m in MEASURES})
        for measure, ok in item["scores"].items():
            if ok is not None:
                row[measure][0] += int(ok)
                row[measure][1] += 1
    groups = [g for g in ("develop", "pseudo-held-out", "dev") if g in counts]
    lines = ["| measure | " + " | ".join(groups) + " |", "|---|" + "---|" * len(groups)]
    for measure in ROWS:
        cells = []
        for g in groups:
            ok, n = counts[g][measure]
            cells.append(f"{100 * ok / n:.0f}% ({ok}/{n})" if n else "-")
        lines.append(f"| {measure} | " + " | ".join(cells) + " |")
    return "\n".join(lines), counts


def failures(result: dict) -> list[str]:
    """The failures of the develop folds and dev only: never the pseudo-held-out fold's."""
    answers = all_answers()
    lines = []
    for name, item in sorted(result["contracts"].items()):
        if item["group"] == "pseudo-held-out":
            continue
        for measure, ok in item["scores"].items():
            if ok is False and measure in ROWS:
                if measure == "none where none":
                    said = [f"{t}={item['values'].get(SLUG[t], '')[:60]!r}" for t in TERMS
                            if not answers[name].get(t, "").strip() and item["values"].get(SLUG[t], "").strip()
                            not in ("", "no date stated")]
                    lines.append(f"{item['group']}\t{measure}\t{name[:60]}\tours where none: {'; '.join(said)}")
                    continue
                expert = answers[name].get(measure, "")
                ours = item["values"].get(SLUG[measure], "")
                lines.append(f"{item['group']}\t{measure}\t{name[:60]}\texpert: {expert[:80]}\tours: {ours[:120]}")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--failures", action="store_true", help="list the develop folds' and dev failures")
    parser.add_argument("--rescore", action="store_true", help="score the last run's values again")
    parser.add_argument(
        "--clean-model",
        action="store_true",
        help="read with a clause model trained without the held-out fifth and the pseudo-held-out fold",
    )
    parser.add_argument(
        "--without",
        choices=[rule for rule in LEAVE_OUT if rule != "held-out"],
        help="read with a clause model trained without these contracts (training/splits.py LEAVE_OUT)",
    )
    args = parser.parse_args()
    rule = CLEAN_RULE if args.clean_model else args.without
    cache = CACHE.with_name(f"key_terms_folds_without-{rule}.json") if rule else CACHE
    if args.rescore:
        result = json.loads(cache.read_text())
    else:
        folder = clean_model(rule) if rule else None
        result = run(args.workers, str(folder or ""))
        if folder is not None:
            record = json.loads((folder / "clause-model.json").read_text())
            result["clause_model"] = {"folder": str(folder.relative_to(ROOT)), "data": record["data"]}
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_text(json.dumps(result, indent=1, ensure_ascii=False))
    if "clause_model" in result:
        print(clause_model_line(result["clause_model"]) + "\n")
    text, _ = table(result)
    print(text)
    if args.failures:
        print("\n".join(failures(result)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
