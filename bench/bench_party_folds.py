"""Parties measured by folds of the seen contracts (round 8 of the parties work,
docs/decisions/key-terms.md "Round 8: parties"): an in-house estimate to choose changes by.

    python bench/bench_party_folds.py            # the rules' party measures by group
    python bench/bench_party_folds.py --learned  # and a learned candidate scorer, cross-validated by contract

The seen four fifths of cuad-train are split into five folds by a hash of the file name
(``fold``, fixed before anything was read: sha256 of "r8-fold:" + the name). Folds 0, 1 and 2 are
the **develop** folds, whose failures may be read (``--failures``); folds 3 and 4 are the
**pseudo-held-out** folds: only their counts are printed, never a contract of theirs. The held-out
fifth (bench/bench_key_terms.py ``held_out``) is skipped before its text is read; the 20 dev
contracts are reported apart.

``--learned``: every name-like span of the head (``HEAD``), and of the end (``TAIL``: the notice
and signature blocks) is a candidate, described by generic features (``FEATURES``: where it stands,
a legal form, a definition or a description after it, a joining word or "between" before it, a
signature line after it, a notice's "If to", a recital, its uses, capitals ...); labelled by the
experts' party names; a logistic regression and a small gradient-boosted tree model are trained on
four folds and scored on the fifth, for every fold. Printed: the scorer alone (its candidates above
a threshold, at least two), and the scorer completing the rules where they name fewer than two
parties. Nothing learned ships (see the decision record for why).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import math
import os
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from bench_key_terms import DATA, all_answers, expert_parties, held_out, same_name, score_contract, simplify  # noqa: E402
from bench_party_layouts import parties_value  # noqa: E402  (the parties key term as key_terms gives it)

DEVELOP = {0, 1, 2}
MEASURES = ("party names", "defined names", "no extra party")
GROUPS = ("develop", "pseudo-held-out", "dev")


def fold(filename: str) -> int:
    return int(hashlib.sha256(("r8-fold:" + filename).encode()).hexdigest()[:8], 16) % 5


def _seen_and_dev() -> Iterator[tuple[str, int, str, str]]:
    """(group, fold, file name, text); the held-out fifth is skipped before its text is read."""
    answered = {json.loads(line)["cuad_filename"] for line in (DATA / "cuad-train" / "answers.jsonl").open()}
    with gzip.open(DATA / "cuad-train" / "contracts.jsonl.gz", "rt", encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            name = row["cuad_filename"]
            if name in answered and not held_out(name):
                yield ("develop" if fold(name) in DEVELOP else "pseudo-held-out"), fold(name), name, row["text"]
    for line in (DATA / "cuad" / "answers.jsonl").open():
        row = json.loads(line)
        yield "dev", -1, row["cuad_filename"], (DATA / "cuad" / "txt" / row["file"]).read_text()


# --- the learned candidate scorer (measured, not shipped) ----------------------------------------------

HEAD = 6000  # the characters of the head read for candidates
TAIL = 8000  # and of the end, where the signature blocks are
USES_CHARS = 60000  # where a candidate's uses are counted

_FORM = (
    r"(?:Inc|INC|Incorporated|INCORPORATED|LLC|L\.L\.C|Ltd|LTD|Limited|LIMITED|Corp|CORP|Corporation|CORPORATION|"
    r"Company|COMPANY|Co(?=\.)|CO(?=\.)|PLC|plc|Plc|GmbH|GMBH|AG|S\.A|SA|S\.A\.S|SAS|B\.V|BV|N\.V|NV|N\.A|L\.P|LP|LLP|L\.L\.P|"
    r"Pty|PTY|Pte|PTE|S\.p\.A|SpA|S\.r\.l|Srl|AB|ASA|AS|Oy|KG|KK|Trust|TRUST|Fund|FUND|Bank|BANK|Association|"
    r"ASSOCIATION|Partnership|PARTNERSHIP|University|UNIVERSITY|Group|GROUP|Holdings|HOLDINGS)"
)
_FORM_END = re.compile(rf"(?:,?\s+|\b){_FORM}\.?\)?$")
_FORM_IN = re.compile(rf"\b{_FORM}\b")
# A word of a name: a capital or a figure first ("Glu", "2TheMart.com", "McDATA", "i2"), or a joining word.
_WORD = r"(?:[A-Z0-9][\w&.'\u2019@/-]*|[a-z]{1,2}[A-Z][\w&.'-]*|[a-z][\w-]*\.(?:com|net|org)\b)"
_JOIN = r"(?:of|de|du|des|la|le|and|&|for|the|van|von|y|e|und|di|da)"
_SPAN = re.compile(rf"{_WORD}(?:,?[ \t]+(?:{_WORD}|{_JOIN}(?=[ \t]+[A-Z0-9&])))*")
# Where a name may end inside a longer span: right after its legal form ("Phoenix Performance, LLC, 481
# Schuylkill Road" is "Phoenix Performance, LLC"), or before "and" joining two names.
_FORM_CUT = re.compile(rf"(?:,?\s+|\b){_FORM}\b\.?")
_AND_CUT = re.compile(r"\s+(?:and|AND)\s+")
_FILING = re.compile(r"\d{1,2}/\d{1,2}/\d{2,4}|\b(?:10-K|10-Q|8-K|S-1|F-1|S-4|F-4|SB-2)\b")
_NOISE = {
    "this", "the", "agreement", "whereas", "now", "therefore", "section", "article", "exhibit", "schedule",
    "by", "between", "and", "among", "in", "witness", "whereof", "name", "title", "date", "signature", "address",
    "attention", "attn", "to", "if", "with", "copy", "notice", "notices", "party", "parties", "dated", "made",
    "effective", "as", "of", "hereto", "its", "a", "an", "page", "recitals", "background", "signed",
}
_BAD_WORDS = re.compile(
    r"\b(?:Agreement|AGREEMENT|Section|SECTION|Article|ARTICLE|Exhibit|EXHIBIT|Schedule|SCHEDULE|Act|Code|"
    r"Rules?|Regulations?|Amendment|AMENDMENT|Date|Term|Territory|Products?|Services|Confidential|CONFIDENTIAL|"
    r"Source|Page|Contract|CONTRACT)\b"
)
_DEFINITION_AFTER = re.compile(
    r"^[\s,]*(?:\((?:[^()]{0,80}?)?[\"\u201c\u2018']|\(?\s*(?:hereinafter|hereafter|herein|referred\s+to|collectively|"
    r"each\s+a|together)\b)",
    re.I,
)
_DESCRIBED_AFTER = re.compile(
    r"^[\s,]*(?:\(?[\"\u201c][^\"\u201d]{1,40}[\"\u201d]\)?[\s,]*)?(?:an?\s+|the\s+)?(?:[\w.-]+\s+){0,5}?"
    r"(?:corporation|company|limited\s+liability|partnership|individual|bank|organi[sz]ed|incorporated|entity|"
    r"association|trust|existing|having\s+(?:its|a)|with\s+(?:its|a)\s+(?:principal|registered)|located|residing|"
    r"whose\s+(?:principal|registered))",
    re.I,
)
_ADDRESS_AFTER = re.compile(r"^[\s,]*(?:of\s+)?(?:\d{1,6}\s+[A-Z]|P\.?\s?O\.?\s+Box|c/o)", re.I)
_JOINER_BEFORE = re.compile(
    r"(?:\bbetween|\bamong|\band|\bby|\bwith|\bBETWEEN|\bAMONG|\bAND|\bBY|:|;|\(\d\)|\([a-z]\))\s*$"
)
_SIGNS_AFTER = re.compile(r"^[\s:,)]*(?:\([^()\n]{1,30}\)\s*)?(?:By\b|BY\b|/s/|Signed|SIGNED|Signature|_{3,}|Name\s*:)")
_NOTICE_BEFORE = re.compile(r"(?:if\s+to|to\s+the|attention|attn|notices?|copy\s+to)\b[^.\n]{0,60}[:\s]*$", re.I)
_RECITAL = re.compile(r"\bWHEREAS\b|\bRECITALS?\b|\bBACKGROUND\b", re.I)
_OPENING = re.compile(r"\b(?:between|among|made\s+by|entered\s+into\s+by|BETWEEN|AMONG)\b")
_ROLE = re.compile(
    r"^(?:the\s+)?(?:Licensor|Licensee|Company|Customer|Client|Supplier|Vendor|Distributor|Seller|Buyer|Purchaser|"
    r"Consultant|Contractor|Employee|Employer|Executive|Franchisor|Franchisee|Agent|Manufacturer|Provider|"
    r"Reseller|Sponsor|Developer|Partner|Lender|Borrower|Landlord|Tenant|Recipient|Discloser|Party|Bank)s?$",
    re.I,
)

_DEFINED = re.compile(r"^[\s,]*\((?:[^()\"\u201c]{0,60})?[\"\u201c\u2018']+([^\"\u201c\u201d\u2018\u2019']{1,40})")
_AFTER_DEFINITION = re.compile(r"[\"\u201d\u2019']\s*\)\s*[,;]?\s*(?:and|AND|&)?\s*$")


def _fits_definition(name: str, after: str) -> bool:
    """The defined name in the parenthesis after ``name`` is a word of it or its initials."""
    found = _DEFINED.match(after)
    if not found:
        return False
    defined = found.group(1).strip().lower()
    words = [w.lower().strip(",.") for w in name.split()]
    initials = "".join(w[0] for w in words if w and w not in _FORM_WORDS)
    return bool(defined) and (defined in words or defined.replace(" ", "") == initials
                              or any(w.startswith(defined) for w in words if len(defined) >= 3))


FEATURES = (
    "bias", "head", "tail", "position", "rank", "form_end", "form_in", "definition_after", "described_after",
    "address_after", "joiner_before", "opening_before", "signs_after", "notice_before", "recital", "uses",
    "first_word_uses", "all_caps", "words", "one_word", "bad_word", "role_word", "digit_first", "occurrences",
    "line_alone", "the_first", "head_and_tail", "defined_fits", "defined_role", "after_definition",
    "first_after_opening", "sentence_start", "filing", "cut",
)


@dataclass
class Candidate:
    name: str
    features: dict[str, float]
    probability: float = 0.0


def key(name: str) -> str:
    """A name compared without punctuation, case or legal form ("Acme, Inc." is "acme")."""
    text = re.sub(r"[^a-z0-9& ]+", " ", name.lower().replace(".", ""))
    words = [w for w in text.split() if w not in _FORM_WORDS]
    return " ".join(words)


_FORM_WORDS = {
    "inc", "incorporated", "llc", "ltd", "limited", "corp", "corporation", "company", "co", "plc", "gmbh", "ag",
    "sa", "bv", "nv", "na", "lp", "llp", "pty", "pte", "spa", "srl", "the", "a", "an",
}


def _clean(raw: str) -> str:
    words = raw.replace("\n", " ").split()
    while words and words[0].lower().strip(",.:;") in _NOISE:
        words = words[1:]
    while words and words[-1].lower().strip(",.:;") in {"and", "of", "the", "&", "for", "de", "by"}:
        words = words[:-1]
    return " ".join(words).strip(" ,;:")


def _spans(region: str) -> list[tuple[str, int, bool]]:
    """Each name-like span of ``region`` (text, offset, whether it was cut from a longer one): the
    whole span, its part up to each legal form, and the names "and" joins in it."""
    found = []
    for match in _SPAN.finditer(region):
        raw, at = match.group(), match.start()
        found.append((raw, at, False))
        for form in _FORM_CUT.finditer(raw):
            if form.end() < len(raw):
                found.append((raw[: form.end()], at, True))
        for joint in _AND_CUT.finditer(raw):
            found.append((raw[: joint.start()], at, True))
            found.append((raw[joint.end() :], at + joint.end(), True))
    return found


def candidates(text: str) -> list[Candidate]:
    """Every name-like span of the head and the end of ``text``, each once (its first place), with
    the features of all the places it stands in."""
    head, tail_start = text[:HEAD], max(HEAD, len(text) - TAIL)
    regions = [(0, head), (tail_start, text[tail_start:])]
    opening = _OPENING.search(head)
    recital = _RECITAL.search(head, opening.end() if opening else 0)
    found: dict[str, Candidate] = {}
    order = 0
    first_after = False
    # Uses are counted in the first pages (as contracts/parties.py reads them), so a long contract
    # costs no more than a short one.
    lowered = text[:USES_CHARS].lower()
    word_counts: dict[str, int] = {}
    for word in re.findall(r"[\w&.'-]+", lowered):
        word_counts[word] = word_counts.get(word, 0) + 1
    for base, region in regions:
        for raw, at, cut in _spans(region):
            name = _clean(raw)
            if len(name) < 2 or not re.search(r"[A-Za-z]{2}", name):
                continue
            start = base + at + raw.find(name.split()[0])
            end = start + len(name)
            k = key(name)
            if not k:
                continue
            before, after = text[max(0, start - 60) : start], text[end : end + 160]
            line_start, line_end = text.rfind("\n", 0, start) + 1, text.find("\n", end)
            line = text[line_start : line_end if line_end >= 0 else len(text)]
            in_head = start < HEAD
            f = {
                "bias": 1.0,
                "head": float(in_head),
                "tail": float(start >= tail_start),
                "position": min(start, HEAD) / HEAD if in_head else 1.0,
                "rank": 0.0,
                "form_end": float(bool(_FORM_END.search(name))),
                "form_in": float(bool(_FORM_IN.search(name))),
                "definition_after": float(bool(_DEFINITION_AFTER.search(after))),
                "described_after": float(bool(_DESCRIBED_AFTER.search(after[:120]))),
                "address_after": float(bool(_ADDRESS_AFTER.search(after))),
                "joiner_before": float(bool(_JOINER_BEFORE.search(before))),
                "opening_before": float(bool(opening and in_head and opening.start() <= start < opening.end() + 900)),
                "signs_after": float(bool(_SIGNS_AFTER.search(after))),
                "notice_before": float(bool(_NOTICE_BEFORE.search(before))),
                "recital": float(bool(recital and in_head and start > recital.start())),
                "uses": 0.0,
                "first_word_uses": 0.0,
                "all_caps": float(name.upper() == name and any(c.isalpha() for c in name)),
                "words": min(len(name.split()), 10) / 10,
                "one_word": float(len(name.split()) == 1),
                "bad_word": float(bool(_BAD_WORDS.search(name))),
                "role_word": float(bool(_ROLE.match(name))),
                "digit_first": float(name[:1].isdigit()),
                "occurrences": 1.0,
                "line_alone": float(line.strip() == name or len(line.strip()) <= len(name) + 3),
                "the_first": float(bool(re.search(r"\bthe\s*$", before, re.I))),
                "head_and_tail": 0.0,
                "defined_fits": float(_fits_definition(name, after)),
                "defined_role": float(bool((d := _DEFINED.match(after)) and _ROLE.match(d.group(1)))),
                "after_definition": float(bool(_AFTER_DEFINITION.search(before))),
                "first_after_opening": 0.0,
                "sentence_start": float(bool(re.search(r"(?:[.;]|^|\n)\s*$", before))),
                "filing": float(bool(_FILING.search(name))),
                "cut": float(cut),
            }
            if opening and in_head and start >= opening.end() and not first_after:
                f["first_after_opening"] = 1.0
                first_after = True
            seen = found.get(k)
            if seen is None:
                first = name.split()[0].lower()
                f["rank"] = min(order, 20) / 20
                f["uses"] = math.log1p(lowered.count(name.lower())) / 5
                f["first_word_uses"] = math.log1p(word_counts.get(first, 0)) / 5
                found[k] = Candidate(name, f)
                order += 1
            else:
                for feature, value in f.items():
                    if feature in ("position", "rank", "uses", "first_word_uses", "words", "one_word", "all_caps"):
                        continue
                    if feature == "occurrences":
                        seen.features[feature] = min(seen.features[feature] + 1, 10)
                    elif feature in ("recital", "bad_word"):
                        seen.features[feature] = min(seen.features[feature], value)
                    else:
                        seen.features[feature] = max(seen.features[feature], value)
    for candidate in found.values():
        candidate.features["head_and_tail"] = candidate.features["head"] * candidate.features["tail"]
        candidate.features["occurrences"] = math.log1p(candidate.features["occurrences"]) / 3
    return list(found.values())


def _company_shaped(name: str) -> bool:
    """A company's name: at most eight words, a comma only before its legal form ("Acme, Inc."),
    not a list ("trump.com, The Apprentice, Trump University") nor an address block."""
    return len(name.split()) <= 8 and all(_FORM_CUT.match(name[comma.start():]) for comma in re.finditer(",", name))


def _matrix(found: list[Candidate]) -> list[list[float]]:
    return [[c.features[f] for f in FEATURES] for c in found]


def _label(candidate: Candidate, experts: list) -> bool:
    return any(same_name(e.name, candidate.name) and len(simplify(candidate.name)) >= 0.5 * len(simplify(e.name))
               for e in experts)


def _entry_name(entry: str) -> str:
    return re.sub(r"\s*\(\u201c.*\u201d\)$", "", entry)


def _alone(found: list[Candidate], probs, threshold: float) -> str:
    chosen: list[Candidate] = []
    for i in sorted(range(len(found)), key=lambda i: -probs[i]):
        if len(chosen) >= 6 or (probs[i] < threshold and len(chosen) >= 2):
            break
        if not any(same_name(found[i].name, c.name) for c in chosen):
            chosen.append(found[i])
    return "; ".join(c.name for c in chosen)


def _completing(rules: str, found: list[Candidate], probs, threshold: float, *, form: bool) -> str:
    entries = [e for e in rules.split("; ") if e] if rules else []
    for i in sorted(range(len(found)), key=lambda i: -probs[i]):
        if len(entries) >= 2 or probs[i] < threshold:
            break
        c = found[i]
        if form and not (c.features["form_end"] and _company_shaped(c.name)):
            continue
        if not any(same_name(c.name, _entry_name(e)) or same_name(_entry_name(e), c.name) for e in entries):
            entries.append(c.name)
    return "; ".join(entries)


def _tally(rows: list, values: dict[str, str]) -> dict[tuple[str, str], list[int]]:
    answers = all_answers()
    counts = {(g, m): [0, 0] for g in GROUPS for m in MEASURES}
    for group, _, name, *_ in rows:
        scores = score_contract(answers[name], {"parties": values[name]})
        for m in MEASURES:
            if scores.get(m) is not None:
                counts[(group, m)][0] += int(bool(scores[m]))
                counts[(group, m)][1] += 1
    return counts


def _line(label: str, counts: dict[tuple[str, str], list[int]]) -> str:
    cells = [f"{counts[(g, m)][0]}/{counts[(g, m)][1]}" for g in GROUPS for m in MEASURES]
    return f"| {label} | " + " | ".join(cells) + " |"


def learned(rows: list, rules: dict[str, str]) -> list[str]:
    import numpy as np
    from sklearn.ensemble import HistGradientBoostingClassifier
    from sklearn.linear_model import LogisticRegression

    answers = all_answers()
    data = [(r, candidates(r[3]), expert_parties(answers[r[2]].get("Parties", ""))) for r in rows]
    lines = []
    for kind in ("logistic regression", "gradient-boosted trees"):
        def model(kind: str = kind):
            if kind == "logistic regression":
                return LogisticRegression(C=1.0, max_iter=3000, fit_intercept=False)
            return HistGradientBoostingClassifier(max_depth=3, max_iter=150, learning_rate=0.1, random_state=0)

        probs: dict[str, object] = {}
        for held in (*range(5), -1):  # each seen fold from the other four; dev from all of seen
            train = [(f, e) for r, f, e in data if r[1] >= 0 and r[1] != held and f]
            x = np.array([row for f, _ in train for row in _matrix(f)])
            y = np.array([_label(c, e) for f, e in train for c in f])
            fitted = model().fit(x, y)
            for r, f, _ in data:
                if r[1] == held and f:
                    probs[r[2]] = fitted.predict_proba(np.array(_matrix(f)))[:, 1]
        for threshold in (0.5, 0.7, 0.9):
            values = {r[2]: _alone(f, probs[r[2]], threshold) if f else "" for r, f, _ in data}
            lines.append(_line(f"{kind} alone, {threshold}", _tally(rows, values)))
        for threshold in (0.3, 0.5, 0.7):
            for form in (False, True):
                values = {r[2]: _completing(rules[r[2]], f, probs[r[2]], threshold, form=form) if f else rules[r[2]]
                          for r, f, _ in data}
                label = f"rules + {kind} where fewer than two, {threshold}{', company name' if form else ''}"
                lines.append(_line(label, _tally(rows, values)))
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learned", action="store_true", help="also cross-validate the learned candidate scorer")
    parser.add_argument("--failures", action="store_true", help="list the develop folds' failures (never the others)")
    args = parser.parse_args()
    from contracts.clauses import detect
    from documents.docx.model import Paragraph, TextModel

    rows = []
    for group, number, name, text in _seen_and_dev():
        model = TextModel(paragraphs=tuple(Paragraph(locator=f"p{i}", text=t) for i, t in enumerate(text.splitlines())))
        rows.append((group, number, name, text, detect(model, types=["parties"])))
    rules = {r[2]: parties_value(r[3], r[4]) for r in rows}
    header = [f"{m} ({g})" for g in GROUPS for m in MEASURES]
    print("| reader | " + " | ".join(header) + " |")
    print("|---|" + "---|" * len(header))
    print(_line("rules (contracts/parties.py)", _tally(rows, rules)))
    if args.learned:
        for line in learned(rows, rules):
            print(line)
    if args.failures:
        answers = all_answers()
        for group, _, name, *_ in rows:
            if group != "develop":
                continue
            scores = score_contract(answers[name], {"parties": rules[name]})
            for m in MEASURES:
                if scores.get(m) is False:
                    expert = answers[name].get("Parties", "")[:160]
                    print(f"{m}\t{name[:60]}\texpert: {expert}\tours: {rules[name][:160]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
