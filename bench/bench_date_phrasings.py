"""The dates and the governing law when the seen contracts say the same thing in other words.

    python bench/bench_date_phrasings.py

Rules written while reading failures fit the words of the contracts read. This measures how much of
the date and law grammar (contracts/dates.py, contracts/keyterms.py) holds when a seen or dev
contract's own sentence is written another common way, which keeps the experts' answer right: the
agreement date typed in other formats ("1st day of June, 1998", "1998-06-01") or made by other
words ("is entered into on", "dated as at"); the effective date called so by other words ("with
effect from", "(hereinafter referred to as the "Effective Date")") or started by the term ("This
Agreement shall be for a term of two years beginning on"); the governing law of each jurisdiction
the experts name, in other governing sentences; and the head of the contract in other layouts
(capitals, two spaces between words, curly, single or no quotation marks, guillemets, wrapped at 70
characters).

Round 9 adds what must not change: a body sentence taking something else into effect written into
a contract without an effective date (it stays none), a recital of something else taking effect, a
draft's or a print's cover line before the contract (both dates unchanged), and the sentences that
make the agreement date the effective date; these are counted by fold (the develop folds and the
pseudo-held-out fold of bench/bench_key_terms_folds.py).

Only contracts whose date (or law) the code reads as the experts do as written are rewritten, and
the score is how many still read the same. The held-out fifth of cuad-train is skipped before its
text is read (``held_out`` in bench/bench_key_terms.py). Nothing is labelled anew.
"""

from __future__ import annotations

import gzip
import json
import re
import sys
import textwrap
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_key_terms import DATA, expert_date, held_out, same_law
from bench_key_terms_folds import group

MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")  # fmt: skip
WORD_DAYS = (
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh",
    "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth",
    "twentieth", "twenty-first", "twenty-second", "twenty-third", "twenty-fourth", "twenty-fifth", "twenty-sixth",
    "twenty-seventh", "twenty-eighth", "twenty-ninth", "thirtieth", "thirty-first",
)  # fmt: skip


def _nth(day: int) -> str:
    return f"{day}{'th' if 11 <= day <= 13 else {1: 'st', 2: 'nd', 3: 'rd'}.get(day % 10, 'th')}"


FORMATS: dict[str, Callable[[int, int, int], str]] = {
    "June 1, 1998": lambda y, m, d: f"{MONTHS[m - 1]} {d}, {y}",
    "1 June 1998": lambda y, m, d: f"{d} {MONTHS[m - 1]} {y}",
    "1st day of June, 1998": lambda y, m, d: f"{_nth(d)} day of {MONTHS[m - 1]}, {y}",
    "June 1st, 1998": lambda y, m, d: f"{MONTHS[m - 1]} {_nth(d)}, {y}",
    "JUNE 1, 1998": lambda y, m, d: f"{MONTHS[m - 1].upper()} {d}, {y}",
    "Jun. 1, 1998": lambda y, m, d: f"{MONTHS[m - 1][:3]}. {d}, {y}",
    "first day of June, 1998": lambda y, m, d: f"{WORD_DAYS[d - 1]} day of {MONTHS[m - 1]}, {y}",
    "first (1st) day of June, 1998": lambda y, m, d: f"{WORD_DAYS[d - 1]} ({_nth(d)}) day of {MONTHS[m - 1]}, {y}",
    "1st June, 1998": lambda y, m, d: f"{_nth(d)} {MONTHS[m - 1]}, {y}",
    "1998-06-01": lambda y, m, d: f"{y}-{m:02d}-{d:02d}",
    "June 1 1998": lambda y, m, d: f"{MONTHS[m - 1]} {d} {y}",
    "1-Jun-1998": lambda y, m, d: f"{d}-{MONTHS[m - 1][:3]}-{y}",
    "1st of June 1998": lambda y, m, d: f"{_nth(d)} of {MONTHS[m - 1]} {y}",
}
MAKING = (
    "is made and entered into as of", "is entered into on", "is dated", "dated as of", "is executed on", "is signed on",
    "is made on", "is concluded on", "has been entered into on", "was made on", "is hereby entered into as of",
    "is made effective as of", "entered into as at", "dated as at", "is made the", "is entered into effective",
    "is made and concluded on", "is executed and delivered as of", "made and entered into on", "is made this",
    "dated this", "was entered into on",
)  # fmt: skip
TAKING_EFFECT = (
    "effective as of", "effective as at", "effective from", "with effect from", "with effect as of",
    "which shall take effect on", "to take effect on", "effective beginning", "effective commencing",
    "coming into force on", "in force from", "effective starting", "shall take effect as of", "effective on and from",
    "shall enter into force on", "shall come into effect on", "effective",
)  # fmt: skip
DEFINED = (
    '(the "Effective Date")', '(hereinafter the "Effective Date")', '(the "Commencement Date")', '("Effective Date")',
    '(hereinafter referred to as the "Effective Date")', '(such date, the "Effective Date")',
    '(the "Agreement Effective Date")', ', which shall be the "Effective Date"', '(herein the "Effective Date")',
    '(the \u201cEffective Date\u201d)', '("EFFECTIVE DATE")', "(the 'Effective Date')", '(the "Start Date")',
)  # fmt: skip
TERM_STARTS = (
    "The term of this Agreement shall commence on", "The Term shall begin on", "This Agreement shall commence on",
    "The Term of this Agreement commences on", "The term of this Agreement shall run from",
    "The Term shall be for a period of three (3) years commencing on",
    "This Agreement shall be for a term of two years beginning on", "The term of this Agreement shall be from",
    "This Agreement shall have a term of five years starting on", "The Agreement Term begins on",
    "The period of this Agreement shall be from", "The term of this Agreement shall be deemed to have commenced on",
)  # fmt: skip
GOVERNING = (
    "This Agreement shall be governed by the laws of {J}.",
    "This Agreement shall be governed by and construed in accordance with the laws of {J}, without regard to its "
    "conflict of laws principles.",
    "This Agreement is subject to the laws of {J}.",
    "The laws of {J} shall govern this Agreement.",
    "This Agreement shall be construed under the law of {J}.",
    "The validity, construction and performance of this Agreement shall be governed by the internal laws of {J}.",
    "THIS AGREEMENT SHALL BE GOVERNED BY THE LAWS OF {JU}.",
    "The governing law of this Agreement shall be the law of {J}.",
    "This Agreement is governed by the laws in force in {J}.",
    "This Agreement shall be governed by, and interpreted in accordance with, the laws prevailing in {J}.",
)
# Round 9: sentences of a contract's body that take something else than the contract into effect,
# or date something else: written into a contract whose experts give no effective date (and whose
# effective date the code reads as none), each must leave it none ("none where none").
NOT_THE_CONTRACT = (
    "Any amendment to this Agreement shall become effective upon its execution by both parties.",
    "Notices shall be effective upon receipt.",
    "The Registration Statement was declared effective by the Commission on March 3, 2000.",
    "Any change in the prices shall take effect on the first day of the following month.",
    "Such termination shall be effective upon thirty (30) days' written notice.",
    "The price list in effect as of January 1, 2001 shall apply.",
    "The Supplier's obligations under Section 5 shall commence on the Launch Date.",
    "This Agreement may be executed in counterparts, each of which shall be deemed an original, and shall become "
    "effective when signed by both parties.",
    "The license granted under Section 2 shall be effective as of the date of delivery of the Software.",
    "Any waiver shall be effective only if in writing and signed by the waiving party.",
    "The Product warranty shall commence on the date of shipment and continue for twelve (12) months.",
    "Payment of the fees shall begin on June 1, 2001.",
    "Each party shall perform this Agreement in good faith. The insurance policy shall be in full force and effect "
    "from January 1, 2000.",
    "Each Purchase Order shall become effective upon its acceptance by Supplier.",
    "Each party shall perform this Agreement in good faith. The new rates shall be effective as of July 1, 2002.",
    "Any assignment shall be effective upon written notice signed by the assigning party.",
)  # fmt: skip
# Round 9: a cover line of a draft, a print or a revision written before the contract: the agreement
# date stays the preamble's.
COVER_LINES = (
    "Draft of March 3, 2020", "Printed on March 3, 2020", "Revised as of March 3, 2020",
    "Confidential - Last revised March 3, 2020", "Page 1 of 12   Rev. 03/03/2020",
)  # fmt: skip
# Round 9: recitals of something else taking effect, written after the sentence that makes the
# agreement: neither date may change.
RECITALS = (
    "WHEREAS, the Company's Registration Statement became effective on March 3, 2000;",
    "WHEREAS, the Original Agreement became effective as of January 1, 1999;",
    "WHEREAS, the parties entered into a License Agreement effective as of March 1, 1999;",
    "WHEREAS, the Licensor's patent became effective on June 1, 2001;",
    "WHEREAS, the Merger became effective on February 2, 2001, and the Company is the surviving corporation;",
    "WHEREAS, Supplier's price list in effect as of January 1, 2001 has been delivered to Distributor;",
)
# Round 9: the sentences that make the agreement's own date its effective date (CUAD's guidelines:
# "This agreement shall begin upon the date of its execution" has the agreement date as its
# effective date), written into a contract whose experts give the agreement date as both.
AS_MADE = (
    "This Agreement shall be effective as of the date first written above.",
    "This Agreement shall become effective on the date hereof.",
    "The term of this Agreement shall commence on the date of this Agreement.",
    "The Term shall begin on the date first above written.",
    "This Agreement is effective as of the date set forth above.",
    "The term of this Agreement shall be two (2) years, commencing on the date hereof.",
    "This Agreement takes effect as of the day and year first above written.",
    "This Agreement shall come into force on the date of this Agreement.",
    "This Agreement shall enter into force upon its signature by both Parties.",
    "This Agreement will become effective upon execution by both parties.",
    "This Agreement shall take effect on the date of its execution.",
    "The term of this Agreement shall begin on the date this Agreement is signed.",
)  # fmt: skip
US_STATES = {
    "Alabama", "Arizona", "California", "Colorado", "Connecticut", "Delaware", "Florida", "Georgia", "Idaho",
    "Illinois", "Indiana", "Iowa", "Kansas", "Kentucky", "Louisiana", "Maryland", "Massachusetts", "Michigan",
    "Minnesota", "Missouri", "Nebraska", "Nevada", "New Jersey", "New York", "North Carolina", "Ohio", "Oklahoma",
    "Oregon", "Pennsylvania", "Tennessee", "Texas", "Utah", "Virginia", "Washington", "Wisconsin",
}  # fmt: skip
HEAD = 8000


def _wrapped(text: str) -> str:
    head = "\n".join("\n".join(textwrap.wrap(p, 70)) if p.strip() else p for p in text[:HEAD].split("\n"))
    return head + text[HEAD:]


LAYOUTS: dict[str, Callable[[str], str]] = {
    "capitals": lambda t: t[:HEAD].upper() + t[HEAD:],
    "two spaces between words": lambda t: t[:HEAD].replace(" ", "  ") + t[HEAD:],
    "curly quotation marks": lambda t: re.sub(r'"(?=\w)', "\u201c", t[:HEAD]).replace('"', "\u201d") + t[HEAD:],
    "no quotation marks": lambda t: re.sub("[\"\u201c\u201d]", "", t[:HEAD]) + t[HEAD:],
    # Round 11: British drafting's single quotation marks, a translation's guillemets.
    "single quotation marks": lambda t: re.sub("[\"\u201c\u201d]", "'", t[:HEAD]) + t[HEAD:],
    "guillemets": lambda t: re.sub("[\"\u201c]([^\"\u201c\u201d]{1,60})[\"\u201d]", "\u00ab\\1\u00bb", t[:HEAD])
    + t[HEAD:],
    "wrapped at 70": _wrapped,
}


def contracts() -> Iterator[tuple[str, str, dict[str, str]]]:
    """(file name, text, experts' answers) of the seen and dev contracts; the held-out fifth skipped."""
    answers = {}
    for path in (DATA / "cuad-train" / "answers.jsonl", DATA / "cuad" / "answers.jsonl"):
        for line in path.open():
            row = json.loads(line)
            answers[row["cuad_filename"]] = row["answers"]
    with gzip.open(DATA / "cuad-train" / "contracts.jsonl.gz", "rt", encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            if row["cuad_filename"] in answers and not held_out(row["cuad_filename"]):
                yield row["cuad_filename"], row["text"], answers[row["cuad_filename"]]
    for line in (DATA / "cuad" / "answers.jsonl").open():
        row = json.loads(line)
        yield row["cuad_filename"], (DATA / "cuad" / "txt" / row["file"]).read_text(), row["answers"]


def _ymd(date) -> tuple[int, int, int] | None:
    return (date.year, date.month, date.day) if date is not None and date.complete else None


def _is_experts(date, answer: str) -> bool:
    want = expert_date(answer)
    return _ymd(date) is not None and want is not None and want[1] is not None and (
        (date.month, date.day, date.year) == want
    )


def run() -> dict[str, list[int]]:
    from contracts.dates import _SENTENCE_END, _TERM_STARTS, agreement_date, effective_date
    from contracts.keyterms import _governing_law

    counts: dict[str, list[int]] = {}

    def score(family: str, ok: bool) -> None:
        row = counts.setdefault(family, [0, 0])
        row[0] += int(ok)
        row[1] += 1

    making = re.compile(
        r"(?:\b(?:is|was|has\s+been)\s+)?(?:hereby\s+)?\b(?:made\s+and\s+entered\s+into|entered\s+into|made|dated|"
        r"executed|signed)(?:\s+(?:and\s+)?(?:entered\s+into|effective|as\s+of|on|this|the|at))*\s*$",
        re.IGNORECASE,
    )
    effective_words = re.compile(
        r"\b(?:(?:is|shall\s+be|will\s+be|becomes?|made)\s+)?effective(?:\s+(?:as\s+of|on|from|upon))?\s+(?:the\s+)?$",
        re.IGNORECASE,
    )
    defined = re.compile(r"^\s*,?\s*\(\s*(?:the\s+|hereinafter\s+)?[\"\u201c]Effective\s+Date[\"\u201d]\s*\)", re.I)
    jurisdictions: Counter[str] = Counter()
    dev = {json.loads(line)["cuad_filename"] for line in (DATA / "cuad" / "answers.jsonl").open()}
    for name, text, answers in contracts():
        # The new families say which fold they are on: changes are chosen on the develop folds and
        # confirmed on the pseudo-held-out one (bench/bench_key_terms_folds.py).
        where = "develop" if name in dev else group("seen", name)
        made = agreement_date(text)
        cut = text.find("\n", len(text) // 2)
        if not answers.get("Effective Date", "").strip() and effective_date(text, made) is None and cut > 0:
            for sentence in NOT_THE_CONTRACT:
                rewritten = text[:cut] + "\n\n" + sentence + "\n" + text[cut:]
                score(f"no effective date stays none, a body sentence added ({where})",
                      effective_date(rewritten, agreement_date(rewritten)) is None)
        wanted = answers.get("Effective Date", "").strip()
        if (
            _is_experts(made, answers.get("Agreement Date", "")) and _is_experts(made, wanted) and cut > 0
            and effective_date(text[:cut], made) is None  # nothing before the sentence says it first
        ):
            for sentence in AS_MADE:
                rewritten = text[:cut] + "\n\n" + sentence + "\n" + text[cut:]
                score(f"effective date as the agreement date, in other words ({where})",
                      _ymd(effective_date(rewritten, agreement_date(rewritten))) == _ymd(made))
        if _is_experts(made, answers.get("Agreement Date", "")) and made.start < 5000:
            for line in COVER_LINES:
                score(f"a cover line added before the contract, agreement date unchanged ({where})",
                      _ymd(agreement_date(line + "\n\n" + text)) == _ymd(made))
        stop = _SENTENCE_END.search(text, made.end, made.end + 1500) if made is not None and made.start < 5000 else None
        if stop is not None:
            effective = effective_date(text, made)
            for sentence in RECITALS:
                rewritten = text[: stop.end()] + "\n\n" + sentence + "\n\n" + text[stop.end() :]
                again = agreement_date(rewritten)
                again_effective = effective_date(rewritten, again)
                score(f"a recital of something else taking effect added, both dates unchanged ({where})",
                      _ymd(again) == _ymd(made) and (again_effective is None) == (effective is None)
                      and _ymd(again_effective) == _ymd(effective))
        law = answers.get("Governing Law", "").strip()
        if law and ";" not in law and "[" not in law:
            jurisdictions[law.split(",")[0].strip()] += 1
        if _is_experts(made, answers.get("Agreement Date", "")) and made.start < 6000:
            want = _ymd(made)
            for form, write in FORMATS.items():
                rewritten = text[: made.start] + write(*want) + text[made.end :]
                score("agreement date written as " + form, _ymd(agreement_date(rewritten)) == want)
            words = making.search(text, max(0, made.start - 80), made.start)
            if words:
                for variant in MAKING:
                    rewritten = text[: words.start()].rstrip() + f" {variant} " + text[made.start :]
                    score("agreement date made by other words", _ymd(agreement_date(rewritten)) == want)
        effective = effective_date(text, made)
        if _is_experts(effective, answers.get("Effective Date", "")) and effective.start < 6000:
            want = _ymd(effective)
            after = defined.search(text[effective.end : effective.end + 80])
            before = effective_words.search(text, max(0, effective.start - 60), effective.start)
            rewrites = []
            if after:
                cut = effective.end + after.end()
                rewrites += [("effective date defined by other words", text[: effective.end] + " " + v + text[cut:])
                             for v in DEFINED]  # fmt: skip
            elif before:
                head = text[: before.start()]
                rewrites += [("taking effect in other words", head + v + " " + text[effective.start :])
                             for v in TAKING_EFFECT]  # fmt: skip
            for family, rewritten in rewrites:
                score(family, _ymd(effective_date(rewritten, agreement_date(rewritten))) == want)
        if effective is not None and _is_experts(effective, answers.get("Effective Date", "")):
            want = _ymd(effective)
            if _TERM_STARTS.search(text, max(0, effective.start - 140), effective.start):
                begin = max(text.rfind(". ", 0, effective.start), text.rfind("\n", 0, effective.start)) + 1
                begin = max(begin, effective.start - 250)
                for variant in TERM_STARTS:
                    rewritten = text[:begin] + " " + variant + " " + text[effective.start :]
                    again = effective_date(rewritten, agreement_date(rewritten))
                    score("term starting in other words", _ymd(again) == want)
        for layout, lay in LAYOUTS.items():
            rewritten = lay(text)
            again = agreement_date(rewritten)
            if _is_experts(made, answers.get("Agreement Date", "")):
                score(f"agreement date, {layout}", _ymd(again) == _ymd(made))
            if _is_experts(effective, answers.get("Effective Date", "")):
                score(f"effective date, {layout}", _ymd(effective_date(rewritten, again)) == _ymd(effective))
    for place in jurisdictions:
        named = f"the State of {place}" if place in US_STATES else place
        for sentence in GOVERNING:
            found = _governing_law(sentence.format(J=named, JU=named.upper())) or ""
            score("governing law in other sentences", same_law(place, found))
    return counts


def main() -> int:
    counts = run()
    print("| rewritten | read as written |\n|---|---|")
    for family, (ok, n) in counts.items():
        print(f"| {family} | {ok}/{n} ({100 * ok / n:.0f}%) |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
