"""Missing means missing: what ``cuad-coverage``'s six inserting rules do, against the CUAD
experts' presence labels.

    nice -n 10 .venv/bin/python bench/bench_presence_labels.py --jobs 2             # the three tables
    nice -n 10 .venv/bin/python bench/bench_presence_labels.py --jobs 2 --list seen # and the duplicates to read
    nice -n 10 .venv/bin/python bench/bench_presence_labels.py --jobs 2 --out presence_labels.json

Six rules of the playbook insert a standard clause when the engine finds none: governing-law,
termination-for-convenience, anti-assignment, audit-rights, cap-on-liability, insurance. The experts
say for each contract whether it has such a clause (``present``; the dev set's ``has_clause``). Per
rule, the engine's outcome on a contract is one of: an insertion proposed (a recommendation whose
action is "insert"), another edit, a finding with no edit, or nothing (the rule is satisfied, or it
does not apply); it is cross-tabulated against the experts' label. The two figures that matter: an
insertion where the experts say the clause is present (a duplicate clause), and a clause the experts
say is absent where the rule reports nothing (a miss).

The contracts are run exactly as bench/bench_redlines.py runs ``cuad-coverage`` (its ``spec_of``,
``parties_as_answered`` and ``_setup``, then ``PlaybookEngine().analyze``), on the same files: each
cuad-train text as the .docx of one paragraph a line that bench/analysis_identity.py writes (named by
the first 16 hex digits of the sha256 of its CUAD file name), and the 20 dev contracts' own .docx.

Three sets, by contract: **seen** (four fifths of cuad-train), **held out** (the fifth
``training.splits.held_out`` keeps apart: only its aggregate counts are printed, never a name or a
text, and ``--list`` refuses it) and **dev** (the 20 contracts of ``../shared/data/cuad``).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import sys
import time
from collections import Counter
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_redlines import DATA, RESULTS, _setup, parties_as_answered, spec_of

from training.splits import held_out

PLAYBOOK = "cuad-coverage"
# Each inserting rule of the playbook and the CUAD category its clause model reads.
RULES = {
    "governing-law": "Governing Law",
    "termination-for-convenience": "Termination For Convenience",
    "anti-assignment": "Anti-Assignment",
    "audit-rights": "Audit Rights",
    "cap-on-liability": "Cap On Liability",
    "insurance": "Insurance",
}
OUTCOMES = ("insert", "edit", "finding", "nothing")
OUTCOME_HEADS = {
    "insert": "insertion",
    "edit": "other edit",
    "finding": "finding, no edit",
    "nothing": "nothing (satisfied)",
}
SETS = ("seen", "held out", "dev")
# The experts' label of one rule's category: (present, the first labelled span's text, a span located).
Label = tuple[bool, str, bool]


def outcome_of(status: str, actions: Iterable[str]) -> str:
    """The engine's outcome for one rule: ``insert`` when any recommendation inserts, ``edit`` for
    another edit, ``finding`` for an issue or missing clause with no edit, ``nothing`` otherwise (ok,
    not expected, not checked)."""
    if status not in ("issue", "missing"):
        return "nothing"
    actions = list(actions)
    if "insert" in actions:
        return "insert"
    return "edit" if actions else "finding"


def crosstab(rows: Iterable[tuple[str, bool, str]]) -> dict[str, dict[str, Counter]]:
    """(rule, experts say present, outcome) rows -> rule -> "present"/"absent" -> outcome counts."""
    table: dict[str, dict[str, Counter]] = {}
    for rule, present, outcome in rows:
        if outcome not in OUTCOMES:
            raise ValueError(f"unknown outcome {outcome!r}")
        cell = table.setdefault(rule, {"present": Counter(), "absent": Counter()})
        cell["present" if present else "absent"][outcome] += 1
    return table


def key_figures(table: dict[str, dict[str, Counter]]) -> dict[str, int]:
    """Duplicates (an insertion where the experts say present) of all insertions, and misses
    (nothing reported where the experts say absent) of all absent labels."""
    present = sum((c["present"] for c in table.values()), Counter())
    absent = sum((c["absent"] for c in table.values()), Counter())
    return {
        "duplicates": present["insert"],
        "insertions": present["insert"] + absent["insert"],
        "misses": absent["nothing"],
        "absent": sum(absent.values()),
        "present": sum(present.values()),
        "present_nothing": present["nothing"],
    }


def markdown(table: dict[str, dict[str, Counter]]) -> str:
    head = [
        "| rule | experts say | contracts | " + " | ".join(OUTCOME_HEADS[o] for o in OUTCOMES) + " |",
        "|---|---|--:|" + "--:|" * len(OUTCOMES),
    ]
    lines = []
    every: dict[str, Counter] = {"present": Counter(), "absent": Counter()}
    for rule in RULES:
        for label in ("present", "absent"):
            counts = table.get(rule, {}).get(label, Counter())
            every[label].update(counts)
            lines.append(
                f"| {rule} | {label} | {sum(counts.values())} | " + " | ".join(str(counts[o]) for o in OUTCOMES) + " |"
            )
    for label in ("present", "absent"):
        counts = every[label]
        lines.append(
            f"| **all six** | {label} | {sum(counts.values())} | " + " | ".join(str(counts[o]) for o in OUTCOMES) + " |"
        )
    k = key_figures(table)
    share = f" ({100 * k['duplicates'] / k['insertions']:.1f}%)" if k["insertions"] else ""
    miss = f" ({100 * k['misses'] / k['absent']:.1f}%)" if k["absent"] else ""
    notes = [
        "",
        f"Insertions of a clause the experts say is present (a duplicate): **{k['duplicates']} of "
        f"{k['insertions']}** insertions{share}. Clauses the experts say are absent where the rule reports nothing "
        f"(a miss): **{k['misses']} of {k['absent']}**{miss}.",
    ]
    return "\n".join(head + lines + notes)


# --- the contracts and the experts' labels -----------------------------------------------------------


def train_docx(filename: str) -> Path:
    """The .docx bench/analysis_identity.py writes for a cuad-train contract."""
    from analysis_identity import TRAIN_DOCX

    return TRAIN_DOCX / (hashlib.sha256(filename.encode()).hexdigest()[:16] + ".docx")


def contracts() -> list[dict[str, Any]]:
    """Every contract as {set, key, path, labels: {rule: (present, first span's text)}}. ``key`` is the
    .docx's hash for cuad-train and the file name for dev; held-out rows carry no key."""
    out: list[dict[str, Any]] = []
    missing = False
    with gzip.open(DATA / "cuad-train" / "contracts.jsonl.gz", "rt", encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            name = row["cuad_filename"]
            path = train_docx(name)
            missing = missing or not path.exists()
            labels: dict[str, Label] = {}
            for rule, category in RULES.items():
                label = row["labels"][category]
                spans = label["spans"]
                first = row["text"][spans[0]["start"] : spans[0]["end"]] if spans else ""
                labels[rule] = (bool(label["present"]), first, bool(spans))
            hidden = held_out(name)
            out.append(
                {
                    "set": "held out" if hidden else "seen",
                    "key": "" if hidden else path.stem,
                    "path": str(path),
                    "labels": labels,
                }
            )
    if missing:
        from analysis_identity import contracts as write_train_docx

        write_train_docx("all")  # writes each cuad-train .docx that is not there yet
    dev: dict[str, dict[str, Label]] = {}
    for line in (DATA / "cuad" / "labels.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        for rule, category in RULES.items():
            if row["category"] == category:
                spans = row.get("spans") or []
                first = spans[0]["text"] if spans else ""
                dev.setdefault(row["file"], {})[rule] = (bool(row["has_clause"]), first, bool(spans))
    for file, found in sorted(dev.items()):
        path = DATA / "cuad" / "docx" / (Path(file).stem + ".docx")
        if path.exists() and len(found) == len(RULES):
            out.append({"set": "dev", "key": Path(file).stem, "path": str(path), "labels": found})
    return out


def analyse_one(path: str) -> dict[str, tuple[str, str, bool, str]]:
    """rule -> (outcome, the inserted text, whether the edit checker holds the insertion back, the
    rule's status), for the six rules, with ``cuad-coverage`` run as bench/bench_redlines.py runs it."""
    from documents.docx.textmodel import build_text_model
    from review.engine.playbook import PlaybookEngine

    model = build_text_model(Path(path).read_bytes())
    spec = spec_of(PLAYBOOK)
    parties, _ = parties_as_answered(model, spec)
    results = PlaybookEngine().analyze(model, spec, parties=parties)
    out: dict[str, tuple[str, str, bool, str]] = {}
    for result in results:
        if result.rule_id not in RULES:
            continue
        outcome = outcome_of(result.status, (p.action for p in result.recommendations))
        inserted = [p for p in result.recommendations if p.action == "insert"]
        out[result.rule_id] = (
            outcome,
            inserted[0].after if inserted else "",
            bool(inserted) and all(p.needs_wording for p in inserted),
            result.status,
        )
    for rule in RULES:
        out.setdefault(rule, ("nothing", "", False, "absent from the results"))
    return out


def run(jobs: int, sets: list[str]) -> dict[str, Any]:
    rows = [c for c in contracts() if c["set"] in sets]
    with ProcessPoolExecutor(max_workers=jobs, initializer=_setup) as pool:
        analysed = list(pool.map(analyse_one, [c["path"] for c in rows], chunksize=2))
    tables: dict[str, Any] = {}
    duplicates: list[dict[str, Any]] = []
    for name in sets:
        picked = [(c, a) for c, a in zip(rows, analysed, strict=True) if c["set"] == name]
        table = crosstab((rule, c["labels"][rule][0], a[rule][0]) for c, a in picked for rule in RULES)
        over_present = [(c["labels"][rule], a[rule]) for c, a in picked for rule in RULES if c["labels"][rule][0]]
        held = sum(1 for _, got in over_present if got[0] == "insert" and got[2])
        # The labels the data could not locate in the text (cuad-train's README: present, no spans).
        unlocated = sum(1 for label, _ in over_present if not label[2])
        unlocated_duplicates = sum(1 for label, got in over_present if not label[2] and got[0] == "insert")
        tables[name] = {
            "contracts": len(picked),
            "table": {r: {k: dict(v) for k, v in t.items()} for r, t in table.items()},
            "figures": {
                **key_figures(table),
                "duplicates_held_back": held,
                "present_without_span": unlocated,
                "duplicates_without_span": unlocated_duplicates,
            },
            # "not_found": the rule could not be checked (counted as nothing above)
            "statuses": dict(Counter(a[rule][3] for _, a in picked for rule in RULES)),
        }
        if name == "held out":
            continue  # never a name or a text of the held-out fifth
        for c, a in picked:
            for rule in RULES:
                present, span, _ = c["labels"][rule]
                outcome, inserted, held_back, _ = a[rule]
                if present and outcome == "insert":
                    duplicates.append(
                        {
                            "set": name,
                            "key": c["key"],
                            "rule": rule,
                            "held_back": held_back,
                            "span": span,
                            "inserted": inserted,
                        }
                    )
    return {"sets": tables, "duplicates": duplicates}


def report(data: dict[str, Any]) -> str:
    parts = []
    titles = {
        "seen": "Seen (four fifths of cuad-train)",
        "held out": "Held out (the fifth kept apart)",
        "dev": "Dev (the 20 contracts of ../shared/data/cuad)",
    }
    for name, found in data["sets"].items():
        table = {r: {k: Counter(v) for k, v in t.items()} for r, t in found["table"].items()}
        figures = found["figures"]
        held = figures["duplicates_held_back"]
        unchecked = sum(
            n for status, n in found["statuses"].items() if status in ("not_found", "absent from the results")
        )
        unlocated = (
            f" Of the duplicates, {figures['duplicates_without_span']} are labels whose span the data does not locate "
            f"in the text ({figures['present_without_span']} of the {figures['present']} present labels have none)."
            if figures["duplicates"]
            else ""
        )
        parts += [
            f"**{titles[name]}**: {found['contracts']} contracts.",
            "",
            markdown(table)
            + unlocated
            + (f" {held} of them are held back by the edit checker (not offered as one click)." if held else "")
            + (f" {unchecked} (contract, rule) pairs were not checked (counted as nothing)." if unchecked else ""),
            "",
        ]
    return "\n".join(parts).rstrip() + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (the machine has 2 cores: 1 or 2)")
    parser.add_argument("--sets", nargs="*", default=list(SETS), choices=SETS)
    parser.add_argument(
        "--list",
        choices=["seen", "dev"],
        default=None,
        help="list the insertions over a present label of this set (never the held-out fifth)",
    )
    parser.add_argument("--out", default=None, help="also write the counts as JSON to bench/results/OUT")
    args = parser.parse_args()
    started = time.perf_counter()
    data = run(args.jobs, [s for s in SETS if s in args.sets])
    seconds = time.perf_counter() - started
    print(report(data))
    print(f"{seconds:.0f} s, {args.jobs} job(s)")
    if args.list:
        print(f"\nInsertions over a present label ({args.list}): hash, rule, the experts' span | the inserted text")
        for d in data["duplicates"]:
            if d["set"] == args.list:
                held = " (held back)" if d["held_back"] else ""
                span = " ".join(d["span"].split())[:120] or "(the experts' span is not located in the text)"
                print(
                    f"- {d['key']} {d['rule']}{held}\n    experts: {span}\n    inserted: "
                    f"{' '.join(d['inserted'].split())[:120]}"
                )
    if args.out:
        RESULTS.mkdir(parents=True, exist_ok=True)
        # Counts only, and for the seen and dev sets which contract and rule: no contract text.
        written = {
            "command": " ".join(["bench/bench_presence_labels.py", *sys.argv[1:]]),
            "date": time.strftime("%Y-%m-%d"),
            "seconds": round(seconds, 1),
            "sets": data["sets"],
            "duplicates": [{k: d[k] for k in ("set", "key", "rule", "held_back")} for d in data["duplicates"]],
        }
        (RESULTS / Path(args.out).name).write_text(json.dumps(written, indent=1) + "\n")
        print(f"written to bench/results/{Path(args.out).name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
