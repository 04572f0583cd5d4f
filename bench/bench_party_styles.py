"""The parties of the seen contracts when their preambles are drafted in other styles (round 9 of
the parties work, docs/decisions/key-terms.md "Round 9: parties"): a check that a mechanism is not
tied to the seen contracts' wording.

    python bench/bench_party_styles.py              # counts by group (develop / pseudo-held-out / dev)
    python bench/bench_party_styles.py --failures   # and the develop folds' losses against "as written"

Each style rewrites the head of a contract the way other contracts are drafted, keeping the experts'
party names right: its parties named without definitions ("between Acme Inc., a Delaware
corporation, and Beta LLC, ..."), or the first or the last of them left undefined; its parties as a
numbered list ("BETWEEN: (1) ...; and (2) ...") or each on lines of its own ("BETWEEN: / ... / AND:"); or set
out under their defined names as labels ("Licensor: Acme Inc., ...", round 19). Defined names are
then partly gone from the text, so only the party names and "no extra party" compare with the
contract as written. The groups are bench/bench_party_folds.py's; the held-out fifth is skipped before
its text is read, and only the develop folds' losses are ever printed.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_key_terms import all_answers, score_contract
from bench_party_folds import GROUPS, MEASURES, _seen_and_dev
from bench_party_layouts import parties_value

HEAD = 3000  # the characters of the head each style rewrites
# A parenthesis that holds a quoted name ('(the "Company")', '("Acme" or "Seller")'), one level of
# parentheses inside it.
_DEFINITION = re.compile(r"\s*\((?:[^()]|\([^()]*\))*[\"\u201c\u201d](?:[^()]|\([^()]*\))*\)")
_HEREINAFTER = re.compile(
    r",?\s*(?:hereinafter|hereafter)[^\"\u201c\n]{0,40}[\"\u201c][^\"\u201d]{1,40}[\"\u201d]", re.IGNORECASE
)


def as_written(text: str) -> str:
    return text


def no_definitions(text: str) -> str:
    return _HEREINAFTER.sub("", _DEFINITION.sub("", text[:HEAD])) + text[HEAD:]


def _one_undefined(text: str, which: int) -> str:
    head = text[:HEAD]
    # The parties' definitions, not the agreement's or a date's.
    found = [d for d in _DEFINITION.finditer(head) if not re.search(r"(?i)agreement|date", d.group())]
    if len(found) < 2:
        return text
    cut = found[which]
    return head[: cut.start()] + head[cut.end() :] + text[HEAD:]


def first_undefined(text: str) -> str:
    return _one_undefined(text, 0)


def last_undefined(text: str) -> str:
    return _one_undefined(text, 1)


def _preamble_definitions(text: str) -> tuple[str, re.Match[str], list[re.Match[str]]] | None:
    """The head of ``text``, its preamble's opener ("by and between") and the parties' definitions
    after it (not the agreement's or a date's); None without an opener."""
    from contracts.parties import _OPENER, _PREAMBLE_END

    head = text[:HEAD]
    opener = _OPENER.search(head)
    if opener is None:
        return None
    stop = _PREAMBLE_END.search(head, opener.end())
    end = stop.start() if stop else len(head)
    found = [
        d for d in _DEFINITION.finditer(head, opener.end(), end) if not re.search(r"(?i)agreement|date", d.group())
    ]
    return head, opener, found


def _listed(text: str, mark: Callable[[int, int], str]) -> str:
    """The preamble's parties as a list after "BETWEEN:", each item from after the last one's
    definition to its own, marked by ``mark(index, count)`` ("(1) ", "AND:")."""
    read = _preamble_definitions(text)
    if read is None or len(read[2]) < 2:
        return text
    head, opener, found = read
    out, at = head[: opener.start()] + "BETWEEN:\n\n", opener.end()
    for index, definition in enumerate(found):
        item = re.sub(r"^[\s,;]*(?:(?:and|AND)\s+)?", "", head[at : definition.end()])
        out += mark(index, len(found)) + item.strip()
        at = definition.end()
    return out + head[at:] + text[HEAD:]


def numbered_list(text: str) -> str:
    """ "BETWEEN: (1) Acme Inc., ... ("Acme"); and (2) Beta LLC ... ("Beta")"."""
    return _listed(text, lambda i, n: ("" if i == 0 else ";\n\n" if i < n - 1 else "; and\n\n") + f"({i + 1}) ")


def own_lines(text: str) -> str:
    """ "BETWEEN: / Acme Inc., ... ("Acme") / AND: / Beta LLC ... ("Beta")", each on a line of its own."""
    return _listed(text, lambda i, n: "\n\nAND:\n\n" if i else "")


def _labelled(text: str, between: str) -> str:
    """The preamble's parties set out under their defined names, one a paragraph (round 19)."""
    read = _preamble_definitions(text)
    if read is None:
        return text
    head, opener, found = read
    labels = [re.search(r"[\"\u201c]([^\"\u201c\u201d]{1,40})[\"\u201d]", d.group()) for d in found]
    if len(found) < 2 or not all(labels):
        return text
    out, at = head[: opener.start()] + "by and between the following parties:\n\n", opener.end()
    for definition, label in zip(found, labels, strict=True):
        item = re.sub(r"^[\s,;]*(?:(?:and|AND)\s+)?", "", head[at : definition.start()]).strip().rstrip(",")
        out += f"{label.group(1)}:{between}{item}\n\n"  # type: ignore[union-attr]
        at = definition.end()
    return out + (head[at:] + text[HEAD:]).lstrip(" ,;.")


def labelled(text: str) -> str:
    """ "by and between the following parties: / Licensor: Acme Inc., a Delaware corporation, ... /
    Licensee: Beta LLC, ...", as forms and order sheets set them out (round 19)."""
    return _labelled(text, " ")


def labelled_lines(text: str) -> str:
    """The same with each label on a line of its own ("Licensor:" / "Acme Inc., ...")."""
    return _labelled(text, "\n")


# A party's definition of one name ('("Acme")', '(the "Company")').
_SIMPLE = re.compile(r"\((?:the\s+|The\s+)?[\"\u201c]([^\"\u201c\u201d()]{1,40})[\"\u201d]\)")


def _redefined(text: str, form: Callable[[re.Match[str]], str]) -> str:
    head = text[:HEAD]
    found = [d for d in _SIMPLE.finditer(head) if not re.search(r"(?i)agreement|date", d.group())][:4]
    for definition in reversed(found):
        head = head[: definition.start()] + form(definition) + head[definition.end() :]
    return head + text[HEAD:]


def successors_clause(text: str) -> str:
    """'(hereinafter referred to as "Acme", which expression shall, unless repugnant to the context,
    include its successors and permitted assigns)'."""
    return _redefined(text, lambda d: f'(hereinafter referred to as "{d.group(1)}", which expression shall, unless '
                      "repugnant to the context, include its successors and permitted assigns)")


def hereinafter_bare(text: str) -> str:
    """', hereinafter referred to as "Acme",' without a parenthesis."""
    return _redefined(text, lambda d: f', hereinafter referred to as "{d.group(1)}",')


def of_the_part(text: str) -> str:
    """'("Acme") of the one part', as English deeds write it."""
    return _redefined(text, lambda d: d.group() + " of the one part")


def referred_to_in_this_agreement(text: str) -> str:
    """'(referred to in this Agreement as "Acme")' (round 11)."""
    return _redefined(text, lambda d: f'(referred to in this Agreement as "{d.group(1)}")')


STYLES: tuple[Callable[[str], str], ...] = (
    as_written, no_definitions, first_undefined, last_undefined, numbered_list, own_lines, successors_clause,
    hereinafter_bare, of_the_part, referred_to_in_this_agreement, labelled, labelled_lines,
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--failures", action="store_true", help="the develop folds' losses (never the others')")
    args = parser.parse_args()
    from contracts.clauses import detect
    from documents.docx.model import Paragraph, TextModel

    answers = all_answers()
    rows = []
    for group, _, name, text in _seen_and_dev():
        model = TextModel(paragraphs=tuple(Paragraph(locator=f"p{i}", text=t) for i, t in enumerate(text.splitlines())))
        rows.append((group, name, text, detect(model, types=["parties"])))
    header = [f"{m} ({g})" for g in GROUPS for m in MEASURES]
    print("| style | " + " | ".join(header) + " |")
    print("|---|" + "---|" * len(header))
    losses = []
    for style in STYLES:
        counts = {(g, m): [0, 0] for g in GROUPS for m in MEASURES}
        for group, name, text, passages in rows:
            value = parties_value(style(text), passages)
            scores = score_contract(answers[name], {"parties": value})
            for m in MEASURES:
                if scores.get(m) is not None:
                    counts[(group, m)][0] += int(bool(scores[m]))
                    counts[(group, m)][1] += 1
            lost = args.failures and group == "develop" and style is not as_written and not scores.get("party names")
            if lost and score_contract(answers[name], {"parties": parties_value(text, passages)}).get("party names"):
                expert = answers[name].get("Parties", "")[:140]
                losses.append(f"{style.__name__}\t{name[:60]}\texpert: {expert}\tours: {value[:160]}")
        cells = [f"{counts[(g, m)][0]}/{counts[(g, m)][1]}" for g in GROUPS for m in MEASURES]
        print(f"| {style.__name__.replace('_', ' ')} | " + " | ".join(cells) + " |")
    for line in losses:
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
