"""Parties and key terms against the CUAD experts' answers (issue: "who the parties are and what
the contract says about itself").

    python bench/bench_key_terms.py                 # prints the table, writes bench/results/key_terms.json
    python bench/bench_key_terms.py --failures seen # also lists the failures of the "seen" set by kind
    python bench/bench_key_terms.py --clean-model   # every set read with a clause model trained without
                                                    # the held-out fifth (bench/results/key_terms_clean.json)

Three sets, by contract, never by sentence:
- **held out**: the fifth of ``cuad-train`` whose file name hashes to 0 mod 5 (``held_out``). Set
  aside before any rule was written from reading failures; its failures are never printed by this
  command (``--failures`` refuses it), so what is reported for it is not tuned on.
- **seen**: the other four fifths of ``cuad-train``: failures may be read and fixed by class.
- **dev**: the 20 contracts of ``cuad/`` (read in earlier rounds).

Each contract's text becomes a .docx of one paragraph per line (as a converted upload is), then the
key terms are read exactly as the review page and ``analyze --json`` read them
(``contracts.keyterms.key_terms``). Scores per contract:
- parties: every expert name found among ours (names compared without punctuation and legal-form
  words, either containing the other); every expert defined name found among our names and defined
  names; no party of ours that matches no expert entry (collective entries such as "each a Party"
  are not parties);
- agreement / effective date: the same calendar date (a day the experts left blank compares month and
  year); where the experts have none, ours must be empty or "no date stated";
- governing law: the experts' jurisdiction words all in ours;
- renewal term, notice period: the same number of days (a phrase such as "perpetual" by its words);
- "none where none": every (contract, term) where the experts have nothing and we say nothing;
- document name: the title (contracts/title.py) names the experts' "Document Name" (the same name,
  one containing the other).

Scorer choices (round 4, the same for every set): names also match up to an annotator's typing slip
(similarity 0.9 after normalising: "Sponser"/"Sponsor"); what the parties are called together
("Party", "Parties") is no party's defined name; a party may carry several defined names; a
governing-law entry "Ontario, Canada" asks for Ontario, a convention entry is no jurisdiction, a
redaction matches a redaction; periods compare as months when given in months or years ("12
months" = "1 year"); a date left blank in the year ("[]/[]/19[]") asks only that a date be stated.
Round 5: an expert entry that names the parties together after naming each one ("Miltenyi and
Bellicum (individually as a "Party" and collectively as the "Parties")", "Lender, Endorser and
Fitness ("AS Parties")") is no party, as "each a Party" already was not; "&" is "and"; a party's
entry that ends with what the parties are called together ("Audible Inc. ("Company")("Parties" and
individually as a "Party")") is still that party, as is one opening with a parenthesis and a name
("(AFSALA Bancorp, Inc. (the "Company")"), and "Allscripts" is no collective "all"; a party of ours
with several defined names is extra only when none of them and not its name is the experts'; "the
Company" is "Company".

The key terms read some values from the clause model's passages, and the committed clause model is
trained on every cuad-train contract, the held-out fifth included. ``--clean-model`` reads every set
with a clause model trained the same way without the held-out fifth (``train_clauses --leave-out
held-out``), built on first use under var/ and kept there, keyed by the training data's hash
and the committed model's record (``clean_model``): its held-out row is the one out of sample for the clause model too.
"""

from __future__ import annotations

import argparse
import difflib
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
import unicodedata
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# One definition of the held-out fifth for the benchmarks and the clause model's training.
from training.splits import held_out  # noqa: E402

DATA = ROOT.parent / "shared" / "data"
TERMS = ("Agreement Date", "Effective Date", "Governing Law", "Renewal Term", "Notice Period To Terminate Renewal")
SLUG = {
    "Agreement Date": "agreement-date",
    "Effective Date": "effective-date",
    "Governing Law": "governing-law",
    "Renewal Term": "renewal-term",
    "Notice Period To Terminate Renewal": "notice-period-to-terminate-renewal",
}
NO_DATE = "no date stated"


# --- reading the experts' answers --------------------------------------------------------------------

_QUOTED = re.compile(r"[\"\u201c\u201d\u2018\u2019']\s*([^\"\u201c\u201d]{1,80}?)\s*[\"\u201c\u201d\u2019']")
_LEGAL_FORM = re.compile(
    r"\b(?:inc|incorporated|corp|corporation|co|company|ltd|limited|llc|l\.l\.c|lp|l\.p|llp|plc|gmbh|ag|sa|s\.a|bv|"
    r"b\.v|nv|pty|pte|ab|as|oy|srl|spa|the|a|an|of)\b"
)
# What the parties are called together ("Party", "Parties", "each a Party") is no one party's name.
_GROUP_NAME = re.compile(r"^(?:each\s+a\s+|a\s+|the\s+)?(?:party|parties)\.?$", re.I)
_TOGETHER = re.compile(r"\b(?:individually|collectively|together|each|separately|jointly|party|parties)\b", re.I)
_COLLECTIVE = re.compile(
    r"^\W*(?:(?:each|both|all|collectively|together|individually|the\s+parties|hereinafter)\b|\((?![A-Z]))", re.I
)


def simplify(text: str) -> str:
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    text = re.sub(r"\s*&\s*", " and ", text)  # "Babcock & Wilcox" is "Babcock and Wilcox"
    text = re.sub(r"[^a-z0-9 ]+", " ", text.replace(".", ""))
    text = _LEGAL_FORM.sub(" ", text)
    return " ".join(text.split())


@dataclass
class ExpertParty:
    name: str
    defined: list[str] = field(default_factory=list)


def expert_parties(answer: str) -> list[ExpertParty]:
    parties = []
    for entry in answer.split(";"):
        entry = entry.strip()
        if not entry or _COLLECTIVE.match(entry):
            continue
        entry = entry.lstrip("( ")
        cut = re.search(r"[(\"\u201c]", entry)
        name = (entry[: cut.start()] if cut else entry).strip(" ,.-")
        if " individually" in name.lower():
            continue  # "... individually as a Party": not a name
        defined = [
            d.strip(" ,") for d in _QUOTED.findall(entry[cut.start():] if cut else "")
            if d.strip(" ,") and not _GROUP_NAME.match(d.strip(" ,"))
        ]
        if not simplify(name):
            continue
        if re.search(r"\s(?:and|&)\s", name) and not defined and _TOGETHER.search(entry):
            # "Miltenyi and Bellicum (individually as a "Party" and collectively as the "Parties")",
            # "Transporter and Shipper shall collectively be referred to herein as the "Parties"": what
            # the parties are called together, written after the parties themselves.
            continue
        parties.append(ExpertParty(name, defined))
    # "Lender, Endorser and Fitness ("AS Parties")", "Party A, Party B, Party C": an entry made of
    # the other entries' names is what they are called together, not another party.
    return [p for p in parties if not _made_of_others(p, parties)]


def _made_of_others(party: ExpertParty, parties: list[ExpertParty]) -> bool:
    parts = [re.sub(r"^the\s+", "", x.strip(), flags=re.I) for x in re.split(r",|\band\b|&", party.name)]
    parts = [x for x in parts if x]
    known = [n for p in parties if p is not party for n in (p.name, *p.defined)]
    return len(parts) >= 2 and all(any(same_name(x, n) for n in known) for x in parts)


@dataclass
class OurParty:
    name: str
    defined: str


def our_parties(value: str) -> list[OurParty]:
    """``Name (“A”, “B”)`` entries: a party with each of its defined names."""
    found = []
    for entry in value.split("; ") if value else []:
        match = re.match(r"^(.*?)\s*\((\u201c.*\u201d)\)$", entry.strip())
        if match:
            for defined in re.findall(r"\u201c([^\u201d]*)\u201d", match.group(2)) or [match.group(1)]:
                found.append(OurParty(match.group(1), defined))
        elif entry.strip():
            found.append(OurParty(entry.strip(), entry.strip()))
    return found


def same_name(a: str, b: str) -> bool:
    """The same name up to punctuation, legal form and case, one containing the other, or up to a
    typing slip of the annotators ("Sponser" for "Sponsor", "Berkely" for "Berkeley")."""
    x, y = simplify(a), simplify(b)
    if not (x and y):
        # A defined name that is a legal-form word ("Company"): compared as written.
        x, y = (" ".join(re.sub(r"^\W*the\s+|[^a-z0-9 ]+", " ", t.lower()).split()) for t in (a, b))
        return bool(x and y) and x == y
    if x in y or y in x:
        return True
    return min(len(x), len(y)) >= 5 and (one_slip(x, y) or difflib.SequenceMatcher(None, x, y).ratio() >= 0.9)


def one_slip(x: str, y: str) -> bool:
    """``x`` and ``y`` differ by one letter typed wrong, left out or added ("Sponser")."""
    if abs(len(x) - len(y)) > 1:
        return False
    if len(x) == len(y):
        return sum(a != b for a, b in zip(x, y, strict=True)) <= 1
    short, long = sorted((x, y), key=len)
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))


_MDY = re.compile(r"^\s*(\d{1,2}|\[\])/(\d{1,2}|\[\])/(\d{2,4}|\d{2}\[\])\s*$")


def expert_date(answer: str) -> tuple[int, int | None, int] | None:
    match = _MDY.match(answer)
    if not match:
        return None
    month, day, year = match.groups()
    if year.endswith("[]"):
        return (0, None, 0)  # "[]/[]/19[]": a date left blank, any stated (or blank) date will do
    y = int(year)
    y = y + (2000 if y < 50 else 1900) if y < 100 else y
    return (int(month) if month != "[]" else 0, int(day) if day != "[]" else None, y)


def our_date(value: str) -> date | None:
    from dateutil import parser as dateparser

    if not value or value == NO_DATE:
        return None
    text = re.sub(r"(\d)(st|nd|rd|th)\b", r"\1", value)
    text = re.sub(r"\bday\s+of\b", "", text)
    try:
        return dateparser.parse(text, fuzzy=True, default=datetime(1900, 1, 1)).date()
    except (ValueError, OverflowError):
        return None


def days_of(text: str) -> float | None:
    from contracts.numbers import find_quantities

    found = find_quantities(text, "days")
    return float(found[0].value) if found else None


def duration_of(text: str) -> tuple[float, str] | None:
    """A period as (amount, unit) with months and years as months and weeks as days, so "12
    months", "1 year" and "twelve (12) month" are the same period; None without one."""
    from contracts.numbers import find_quantities

    found = find_quantities(text, "days")
    if not found:
        return None
    quantity = found[0]
    if quantity.unit in ("month", "year"):
        return (round(quantity.number * (12 if quantity.unit == "year" else 1), 2), "month")
    return (round(quantity.value, 2), "day")


_REDACTED = re.compile(r"^\W*(?:\[\W*\]|\*+)\W*$")
_COUNTRY_TAIL = {"canada", "australia", "united kingdom", "uk", "usa", "united states", "us", "prc", "china"}


def same_law(expert: str, ours: str) -> bool:
    """Every jurisdiction the experts name is in ours. An entry "Ontario, Canada" names Ontario
    (the country a province or state is in adds nothing to which law it is); an entry that is a
    convention ("United Nations Convention on ...") is no jurisdiction; a redaction ("[* * *]")
    matches a redaction."""
    if _REDACTED.match(expert):
        return bool(_REDACTED.match(ours))
    got_words = set(simplify(ours).split())
    entries = [e for e in expert.split(";") if e.strip() and "convention" not in e.lower()]
    if not entries:
        return False
    for entry in entries:
        parts = [p for p in entry.split(",") if p.strip()]
        place = parts[0] if len(parts) > 1 and simplify(parts[-1]) in _COUNTRY_TAIL else entry
        words = set(simplify(place).split()) - {"state", "laws", "law", "province", "commonwealth"}
        if not words or not words <= got_words:
            return False
    return True


# --- scoring ------------------------------------------------------------------------------------------


def score_contract(answers: dict[str, str], values: dict[str, str]) -> dict[str, bool | None]:
    """One contract: each measure True/False, or None where it does not apply."""
    result: dict[str, bool | None] = {}
    experts = expert_parties(answers.get("Parties", ""))
    ours = our_parties(values.get("parties", ""))
    if experts:
        result["party names"] = all(any(same_name(e.name, o.name) for o in ours) for e in experts)
        wanted = [d for e in experts for d in e.defined]
        result["defined names"] = (
            all(any(same_name(d, o.defined) or same_name(d, o.name) for o in ours) for d in wanted) if wanted else None
        )
        # A party of ours is extra when neither its name nor any of its defined names is the experts'.
        by_name: dict[str, list[OurParty]] = {}
        for o in ours:
            by_name.setdefault(o.name, []).append(o)
        result["no extra party"] = all(
            any(
                same_name(e.name, name) or any(same_name(d, o.defined) for d in e.defined for o in entries)
                for e in experts
            )
            for name, entries in by_name.items()
        )
    for term in TERMS:
        expert, ours_value = answers.get(term, "").strip(), values.get(SLUG[term], "").strip()
        none_ours = not ours_value or ours_value == NO_DATE
        if not expert:
            result[term] = none_ours
            continue
        if term in ("Agreement Date", "Effective Date"):
            wanted_date = expert_date(expert)
            got = our_date(ours_value)
            if wanted_date is None or wanted_date[2] == 0:
                result[term] = not none_ours  # a phrase ("the Effective Date"): we must say something
            else:
                month, day, year = wanted_date
                result[term] = got is not None and got.year == year and (not month or got.month == month) and (
                    day is None or got.day == day
                )
        elif term == "Governing Law":
            result[term] = same_law(expert, ours_value)
        else:
            want, got = duration_of(expert), duration_of(ours_value)
            if want is not None:
                result[term] = got is not None and want == got
            else:
                result[term] = bool(set(simplify(expert).split()) & set(simplify(ours_value).split()))
    title = answers.get("Document Name", "").strip()
    if title:
        result["document name"] = same_name(title, values.get("document-name", ""))
    empty = [t for t in TERMS if not answers.get(t, "").strip()]
    said = [values.get(SLUG[t], "").strip() for t in empty]
    result["none where none"] = all(not v or v == NO_DATE for v in said) if empty else None
    return result


# --- running ------------------------------------------------------------------------------------------


def _setup(clause_model: str = "") -> None:
    """A worker's start; ``clause_model``: the folder of a clause model to read with in place of
    the committed one (``clean_model``)."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    if clause_model:
        from contracts.clauses import use_model

        use_model(Path(clause_model) / "clause-model.npz")


def clean_model(rule: str = "held-out") -> Path:
    """The folder of a clause model trained without the contracts of ``rule`` (training/splits.py
    ``LEAVE_OUT``), by ``train_clauses --leave-out``: built when missing, else the one under var/
    for the same training data. The folder is keyed by the data file's hash, the rule and the
    committed model's record, so retraining the committed model (``make train-clauses``, after a
    change to the training) builds the clean one again and the two stay comparable."""
    from contracts.clauses.model import RECORD
    from training.clauses import data_hash

    source = DATA / "cuad-train" / "contracts.jsonl.gz"
    digest = data_hash(source)
    committed = hashlib.sha256(RECORD.read_bytes()).hexdigest()
    key = hashlib.sha256(f"{digest}\n{rule}\n{committed}".encode()).hexdigest()[:12]
    folder = ROOT / "var" / f"clause-model-without-{rule}" / key
    if (folder / "clause-model.json").is_file():
        record = json.loads((folder / "clause-model.json").read_text())
        if record["data"]["sha256"] == digest and (record["data"]["left_out"] or {}).get("rule") == rule:
            return folder
    building = folder.with_name(key + ".building")
    shutil.rmtree(building, ignore_errors=True)
    print(f"training the clause model without {rule} into {folder} (several minutes)", file=sys.stderr)
    subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "train_clauses", "--data", str(source.parent),
         "--dev", str(DATA / "cuad"), "--leave-out", rule, "--out", str(building)],
        check=True, cwd=ROOT, stdout=sys.stderr,
    )  # fmt: skip
    shutil.rmtree(folder, ignore_errors=True)
    building.rename(folder)  # only a finished build is ever taken as built
    return folder


def read_values(job: tuple[str, str]) -> tuple[str, dict[str, str], float]:
    from contracts.keyterms import key_terms
    from documents.docx.textmodel import build_text_model

    name, text = job
    from analysis_identity import docx_of_text  # the same .docx of a text as the identity proof

    model = build_text_model(docx_of_text(text))
    started = time.perf_counter()
    values = {t.slug: t.value for t in key_terms(model)}
    took = time.perf_counter() - started
    from contracts.title import document_title

    values["document-name"] = document_title(model)
    return name, values, took


def contracts() -> Iterator[tuple[str, str, str]]:
    """(set, file name, text) for every contract with answers."""
    answers_train = {json.loads(line)["cuad_filename"] for line in (DATA / "cuad-train" / "answers.jsonl").open()}
    with gzip.open(DATA / "cuad-train" / "contracts.jsonl.gz", "rt", encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            if row["cuad_filename"] in answers_train:
                yield ("held out" if held_out(row["cuad_filename"]) else "seen"), row["cuad_filename"], row["text"]
    for line in (DATA / "cuad" / "answers.jsonl").open():
        row = json.loads(line)
        yield "dev", row["cuad_filename"], (DATA / "cuad" / "txt" / row["file"]).read_text()


def all_answers() -> dict[str, dict[str, str]]:
    found = {}
    for path in (DATA / "cuad-train" / "answers.jsonl", DATA / "cuad" / "answers.jsonl"):
        for line in path.open():
            row = json.loads(line)
            found[row["cuad_filename"]] = row["answers"]
    return found


MEASURES = ("party names", "defined names", "no extra party", *TERMS, "none where none", "document name")


def evaluate(workers: int, cached: dict | None = None, clause_model: str = "") -> dict:
    """``cached``: a previous run's result, to score its values again without reading the contracts;
    ``clause_model``: the folder of the clause model to read with (the committed one when empty)."""
    answers = all_answers()
    if cached is not None:
        sets = {name: item["set"] for name, item in cached["contracts"].items()}
        read = [(name, item["values"], 0.0) for name, item in cached["contracts"].items()]
    else:
        items = list(contracts())
        sets = {name: kind for kind, name, _ in items}
        with ProcessPoolExecutor(max_workers=workers, initializer=_setup, initargs=(clause_model,)) as pool:
            read = list(pool.map(read_values, [(name, text) for _, name, text in items], chunksize=4))
    table: dict[str, dict[str, list[int]]] = {}
    per_contract = {}
    seconds = []
    for name, values, took in read:
        seconds.append(took)
        scores = score_contract(answers[name], values)
        per_contract[name] = {"set": sets[name], "values": values, "scores": scores}
        row = table.setdefault(sets[name], {m: [0, 0] for m in MEASURES})
        for measure, ok in scores.items():
            if ok is not None:
                row[measure][0] += int(ok)
                row[measure][1] += 1
    return {"table": table, "contracts": per_contract, "seconds": sorted(seconds)}


def render(result: dict) -> str:
    sets = [s for s in ("held out", "seen", "dev") if s in result["table"]]
    lines = ["| measure | " + " | ".join(sets) + " |", "|---|" + "---|" * len(sets)]
    for measure in MEASURES:
        cells = []
        for s in sets:
            ok, n = result["table"][s][measure]
            cells.append(f"{100 * ok / n:.0f}% ({ok}/{n})" if n else "-")
        lines.append(f"| {measure} | " + " | ".join(cells) + " |")
    counts = {s: sum(1 for c in result["contracts"].values() if c["set"] == s) for s in sets}
    lines.append("")
    lines.append("contracts: " + ", ".join(f"{s} {n}" for s, n in counts.items()))
    return "\n".join(lines)


def failures(result: dict, which: str) -> Iterable[str]:
    answers = all_answers()
    for name, item in sorted(result["contracts"].items()):
        if item["set"] != which:
            continue
        for measure, ok in item["scores"].items():
            if ok is False:
                key = "Document Name" if measure == "document name" else measure
                expert = answers[name].get("Parties" if measure in MEASURES[:3] else key, "")
                slug = "document-name" if measure == "document name" else SLUG.get(measure, "")
                ours = item["values"].get("parties" if measure in MEASURES[:3] else slug, "")
                yield f"{measure}\t{name[:60]}\texpert: {expert[:160]}\tours: {ours[:160]}"


def speed(runs: int) -> str:
    """Key terms of the ~400-page benchmark contract (bench/bench_analysis.py's): median of
    ``runs``, each on a fresh model with the clause model's score cache cleared, so the clause
    passages of the key-term types are found again every run."""
    import statistics

    _setup()
    sys.path.insert(0, str(ROOT / "bench"))
    from bench_analysis import DATA as BENCH_DATA
    from bench_analysis import build_big_model

    from contracts.clauses import detect, get_model
    from contracts.keyterms import KEY_TERMS, key_terms
    from documents.docx.model import TextModel

    big = build_big_model(BENCH_DATA)
    clause_model = get_model()
    key_terms(TextModel(paragraphs=big.paragraphs))  # load the clause model once
    given, alone = [], []
    for _ in range(runs):
        clause_model.clear_caches()
        # As the review page and ``analyze`` call it: with the clause map the analysis has read.
        model = TextModel(paragraphs=big.paragraphs)
        passages = detect(model, types=[slug for slug, _ in KEY_TERMS])
        started = time.perf_counter()
        key_terms(model, passages)
        given.append(time.perf_counter() - started)
        clause_model.clear_caches()
        model = TextModel(paragraphs=big.paragraphs)
        started = time.perf_counter()
        key_terms(model)  # and with the clause model finding the key terms' passages itself
        alone.append(time.perf_counter() - started)
    chars = sum(len(p.text) for p in big.paragraphs)
    return (f"key terms of the ~400-page contract ({len(big.paragraphs):,} paragraphs, {chars:,} characters), "
            f"median of {runs} runs: {statistics.median(given):.3f} s given the clause map, "
            f"{statistics.median(alone):.3f} s detecting their passages too")


def clause_model_line(used: dict) -> str:
    data = used["data"]
    left = data["left_out"]
    return (f"clause model {used['folder']}: trained on {data['contracts']} contracts, "
            f"{len(left['contracts'])} left out ({left['rule']})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--failures", choices=["seen", "dev"], help="list one set's failures (never the held-out set)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--rescore", action="store_true", help="score the last run's values again (scoring changes)")
    parser.add_argument("--speed", action="store_true", help="time the key terms of the ~400-page contract only")
    parser.add_argument(
        "--clean-model", action="store_true", help="read with a clause model trained without the held-out fifth"
    )
    args = parser.parse_args()
    if args.speed:
        print(speed(5))
        return 0
    out = ROOT / "bench" / "results"
    path = out / ("key_terms_clean.json" if args.clean_model else "key_terms.json")
    cached = json.loads(path.read_text()) if args.rescore else None
    folder = clean_model("held-out") if args.clean_model and cached is None else None
    result = evaluate(args.workers, cached, str(folder or ""))
    if folder is not None:
        record = json.loads((folder / "clause-model.json").read_text())
        result["clause_model"] = {"folder": str(folder.relative_to(ROOT)), "data": record["data"]}
    elif cached is not None and "clause_model" in cached:
        result["clause_model"] = cached["clause_model"]
    out.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(result, indent=1, ensure_ascii=False))
    if "clause_model" in result:
        print(clause_model_line(result["clause_model"]) + "\n")
    print(render(result))
    if args.failures:
        for line in sorted(failures(result, args.failures)):
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
