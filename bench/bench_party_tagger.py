"""Round 17: a learned party tagger beside the rules, cross-validated by contract on the seen set.

    python bench/bench_party_tagger.py --workers 2             # the fold table (seen) and dev
    python bench/bench_party_tagger.py --workers 2 --held-out fill+define@0.7
                                                              # also the held-out row, once, for one combination

Each contract is read as ``bench/bench_key_terms.py`` reads it (its text as a .docx of one paragraph
a line, ``contracts.keyterms.key_terms``): the rules' "parties" value, and the opening the tagger reads
(``training.party_tagger.opening_text`` of the same paragraphs). The seen contracts fall in five
folds by ``training/splits.py``'s ``fold``; for each fold the tagger (``training/party_tagger.py``) is
trained on the other four and tags the fold's contracts; each combination of ``COMBINATIONS``
(``training.party_tagger.combine``) completes the rules' value with the tags, and the value is scored
by ``bench_key_terms.score_contract`` (the same scoring as the key-terms bench). Rules alone and
rules + tagger are counted on the same folds. Dev and the held-out fifth are tagged by a tagger
trained on every seen contract (never on the held-out fifth). ``--held-out`` prints the held-out row
(counts only, never a contract) for the one combination named, beside the rules' row.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_key_terms import _setup, all_answers, contracts, score_contract  # noqa: E402

from training.party_tagger import TaggedParty, combine, examples, render_value, train  # noqa: E402
from training.splits import fold  # noqa: E402

MEASURES = ("party names", "defined names", "no extra party")
# Fixed before the first fold was scored: the threshold on a tagged name's mean probability, and
# which of combine's moves are on.
COMBINATIONS: dict[str, dict] = {
    "fill@0.5": {"threshold": 0.5, "define": False},
    "fill@0.7": {"threshold": 0.7, "define": False},
    "fill@0.9": {"threshold": 0.9, "define": False},
    "fill+define@0.5": {"threshold": 0.5},
    "fill+define@0.7": {"threshold": 0.7},
    "fill+define@0.9": {"threshold": 0.9},
    "fill+define+correct@0.7": {"threshold": 0.7, "correct": 0.9},
}


def read(job: tuple[str, str]) -> tuple[str, str, str]:
    """(file name, the rules' parties value, the opening the tagger reads) of one contract."""
    from analysis_identity import docx_of_text

    from contracts.keyterms import key_terms
    from documents.docx.textmodel import build_text_model
    from training.party_tagger import opening_text

    name, text = job
    model = build_text_model(docx_of_text(text))
    values = {t.slug: t.value for t in key_terms(model)}
    return name, values.get("parties", ""), opening_text(model.paragraphs)


def tagger_alone(tagged: list[TaggedParty], threshold: float) -> str:
    return render_value([(t.name, t.defined) for t in tagged if t.confidence >= threshold])


def count(rows: list[dict[str, bool | None]]) -> dict[str, list[int]]:
    out = {m: [0, 0] for m in MEASURES}
    for scores in rows:
        for m in MEASURES:
            if scores.get(m) is not None:
                out[m][0] += int(bool(scores[m]))
                out[m][1] += 1
    return out


def cell(c: dict[str, list[int]]) -> str:
    return " - ".join(f"{c[m][0]}/{c[m][1]}" for m in MEASURES)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--reuse", action="store_true", help="reuse the last reading (var/party_tagger/read.json)")
    parser.add_argument("--held-out", choices=sorted(COMBINATIONS), help="read the held-out row for one combination")
    args = parser.parse_args()
    answers = all_answers()
    items = [(kind, name, text) for kind, name, text in contracts() if kind != "held out" or args.held_out]
    raw = {name: text for _, name, text in items}
    kinds = {name: kind for kind, name, _ in items}
    cache = ROOT / "var" / "party_tagger" / "read.json"
    if args.reuse and cache.is_file() and set(json.loads(cache.read_text())) == set(raw):
        read_rows = [(n, *v) for n, v in json.loads(cache.read_text()).items()]
    else:
        with ProcessPoolExecutor(max_workers=args.workers, initializer=_setup) as pool:
            read_rows = list(pool.map(read, [(name, text) for _, name, text in items], chunksize=4))
        cache.parent.mkdir(parents=True, exist_ok=True)
        cache.write_text(json.dumps({n: [v, t] for n, v, t in read_rows}))
    rules = {name: value for name, value, _ in read_rows}
    opening = {name: text for name, _, text in read_rows}

    def score(name: str, value: str) -> dict[str, bool | None]:
        return score_contract(answers[name], {"parties": value})

    seen = sorted(n for n in rules if kinds[n] == "seen")  # the training's order, as training/party_tagger.py
    names = ["rules alone", *COMBINATIONS, "tagger alone@0.5"]
    per_fold: dict[int, dict[str, list[dict[str, bool | None]]]] = {}
    changed = dict.fromkeys(COMBINATIONS, 0)
    for k in range(5):
        train_rows = [examples(raw[n], answers[n].get("Parties", "")) for n in seen if fold(n) != k]
        tagger = train(train_rows)
        rows: dict[str, list[dict[str, bool | None]]] = {c: [] for c in names}
        for n in (n for n in seen if fold(n) == k):
            tagged = tagger.parties(opening[n])
            rows["rules alone"].append(score(n, rules[n]))
            for c, params in COMBINATIONS.items():
                value = combine(rules[n], tagged, **params)
                changed[c] += value != rules[n]
                rows[c].append(score(n, value))
            rows["tagger alone@0.5"].append(score(n, tagger_alone(tagged, 0.5)))
        per_fold[k] = rows
        print(f"fold {k} done ({len(rows['rules alone'])} contracts)", file=sys.stderr)
    print("Seen, 5 folds by contract (party names - defined names - no extra party):\n")
    print("| reader | " + " | ".join(f"fold {k}" for k in range(5)) + " | total |")
    print("|---|" + "---|" * 6)
    for c in names:
        cells = [cell(count(per_fold[k][c])) for k in range(5)]
        total = count([r for k in range(5) for r in per_fold[k][c]])
        print(f"| {c} | " + " | ".join(cells) + f" | {cell(total)} |")
    print("\nSeen values the combination changed: " + ", ".join(f"{c} {n}" for c, n in changed.items()))
    final = train([examples(raw[n], answers[n].get("Parties", "")) for n in seen])
    dev = sorted(n for n in rules if kinds[n] == "dev")
    print("\nDev (tagger trained on every seen contract):\n")
    for c in names:
        if c == "rules alone":
            rows_dev = [score(n, rules[n]) for n in dev]
        elif c == "tagger alone@0.5":
            rows_dev = [score(n, tagger_alone(final.parties(opening[n]), 0.5)) for n in dev]
        else:
            rows_dev = [score(n, combine(rules[n], final.parties(opening[n]), **COMBINATIONS[c])) for n in dev]
        print(f"- {c}: {cell(count(rows_dev))}")
    if args.held_out:
        held = sorted(n for n in rules if kinds[n] == "held out")
        alone = count([score(n, rules[n]) for n in held])
        chosen = COMBINATIONS[args.held_out]
        both = count([score(n, combine(rules[n], final.parties(opening[n]), **chosen)) for n in held])
        print(f"\nHeld out ({len(held)} contracts; tagger trained on every seen contract):\n")
        print(f"- rules alone: {cell(alone)}")
        print(f"- rules + tagger ({args.held_out}): {cell(both)}")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    sys.exit(main())
