"""The parties of the seen and dev contracts as other layouts give the same words (round 7 of the
parties and key-terms work, docs/decisions/key-terms.md "Round 7: parties"): how much of the parties value holds when
the head of each contract is typed in capitals, loses its quotation marks (a conversion), has them
single (British drafting, round 11) or in guillemets (a translation's, round 11), or is wrapped at 70
characters a line (a PDF's or a plain-text filing's extraction).

    python bench/bench_party_layouts.py
    python bench/bench_party_layouts.py --folds   # the seen contracts by the party folds' groups

A check of robustness that needs no new labels: the experts' answers stay right whatever the
layout, so a reader of how preambles are written (not of one contract's phrase) should keep its
score. Only the seen four fifths of cuad-train and the 20 dev contracts are read; the held-out
fifth (``held_out``) is skipped before its text is read.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from bench_key_terms import DATA, all_answers, held_out, score_contract  # noqa: E402

HEAD = 3000  # the characters of the head that each layout changes (10,000 for wrapping: a whole text is wrapped)
MEASURES = ("party names", "defined names", "no extra party")


def _seen_and_dev() -> Iterator[tuple[str, str, str]]:
    answered = {json.loads(line)["cuad_filename"] for line in (DATA / "cuad-train" / "answers.jsonl").open()}
    with gzip.open(DATA / "cuad-train" / "contracts.jsonl.gz", "rt", encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            if row["cuad_filename"] in answered and not held_out(row["cuad_filename"]):
                yield "seen", row["cuad_filename"], row["text"]
    for line in (DATA / "cuad" / "answers.jsonl").open():
        row = json.loads(line)
        yield "dev", row["cuad_filename"], (DATA / "cuad" / "txt" / row["file"]).read_text()


def capitals(text: str) -> str:
    return text[:HEAD].upper() + text[HEAD:]


def no_quotation_marks(text: str) -> str:
    return re.sub(r"[\"\u201c\u201d]", "", text[:HEAD]) + text[HEAD:]


def single_quotation_marks(text: str) -> str:
    """The definitions in single quotation marks, as British drafting writes them ("('the Company')")."""
    return re.sub(r"[\"\u201c\u201d]", "'", text[:HEAD]) + text[HEAD:]


def guillemets(text: str) -> str:
    """The definitions in guillemets, as a translation from French, Russian or German may give them."""
    return re.sub(r"[\"\u201c]([^\"\u201c\u201d]{1,60})[\"\u201d]", "\u00ab\\1\u00bb", text[:HEAD]) + text[HEAD:]


def wrapped(text: str, size: int = 10000) -> str:
    head = "\n".join(textwrap.fill(line, 70) if line.strip() else line for line in text[:size].split("\n"))
    return head + text[size:]


def as_written(text: str) -> str:
    return text


LAYOUTS: tuple[Callable[[str], str], ...] = (
    as_written, capitals, no_quotation_marks, single_quotation_marks, guillemets, wrapped,
)


def parties_value(text: str, passages: list) -> str:
    """The parties key term as ``contracts.keyterms.key_terms`` gives it, for one text."""
    from contracts import keyterms
    from documents.docx.model import Paragraph, TextModel

    model = TextModel(paragraphs=tuple(Paragraph(locator=f"p{i}", text=t) for i, t in enumerate(text.splitlines())))
    cover = keyterms._cover_page(model)
    parties = keyterms._parties(model)
    if "parties" in cover and not keyterms._named(parties):
        return cover["parties"][0]
    ranked = sorted(passages, key=lambda p: -p.confidence)
    found = ranked[0] if ranked else None
    return keyterms._parties_value(parties, found) or (found.text if found else "")


def main() -> int:
    import argparse

    from contracts.clauses import detect
    from documents.docx.model import Paragraph, TextModel

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--folds", action="store_true",
        help="the seen contracts by bench/bench_party_folds.py's groups (develop / pseudo-held-out), counts only",
    )
    args = parser.parse_args()
    answers = all_answers()
    contracts = []
    if args.folds:
        from bench_party_folds import GROUPS
        from bench_party_folds import _seen_and_dev as by_fold

        kinds: tuple[str, ...] = GROUPS
        found = [(group, name, text) for group, _, name, text in by_fold()]
    else:
        kinds = ("seen", "dev")
        found = list(_seen_and_dev())
    for kind, name, text in found:
        # The clause model's passage of the parties type, found once on the contract as written.
        model = TextModel(paragraphs=tuple(Paragraph(locator=f"p{i}", text=t) for i, t in enumerate(text.splitlines())))
        contracts.append((kind, name, text, detect(model, types=["parties"])))
    header = [f"{m} ({kind})" for kind in kinds for m in MEASURES]
    print("| layout | " + " | ".join(header) + " |")
    print("|---|" + "---|" * len(header))
    for layout in LAYOUTS:
        counts = {(kind, m): [0, 0] for kind in kinds for m in MEASURES}
        for kind, name, text, passages in contracts:
            scores = score_contract(answers[name], {"parties": parties_value(layout(text), passages)})
            for measure in MEASURES:
                if scores.get(measure) is not None:
                    counts[(kind, measure)][0] += int(bool(scores[measure]))
                    counts[(kind, measure)][1] += 1
        cells = [f"{counts[(k, m)][0]}/{counts[(k, m)][1]}" for k in kinds for m in MEASURES]
        print(f"| {layout.__name__.replace('_', ' ')} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
