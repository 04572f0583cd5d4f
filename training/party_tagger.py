"""Round 17's experiment: a learned token tagger for the parties' names and defined names in a
contract's opening, trained from the CUAD experts' answers, and its combination with the rules.
Not shipped (docs/decisions/key-terms.md, "Round 17: a learned party tagger"); measured by
``bench/bench_party_tagger.py``.

    python -m training.party_tagger            # trains on the seen contracts, writes var/party_tagger/party_tagger.json

**The tagger.** Tokens are the words and punctuation marks of the first ``REGION`` characters. Each
gets one of five tags: ``O``, ``B-N``/``I-N`` (a party's name: its first and following tokens),
``B-D``/``I-D`` (a defined name where it is defined). A multinomial logistic regression
(scikit-learn, lbfgs, over the features seen at least ``MIN_COUNT`` times) reads each token's
features: its word and shape and those of two neighbours each side, the words six either side, a
legal form (Inc, LLC, Ltd, Corporation ...) on it, ahead of it or behind it, being inside quotation
marks or a parenthesis, next to a quotation mark, the distance from the last "between"/"among"/"by"/
"and"/"with"/"to", "hereinafter" before it, its position, and how often its word recurs in the
contract's first 50,000 characters. The tags are decoded by Viterbi under the scheme's one
constraint (an ``I-`` tag only after its kind); names are the runs of name tags (a name containing
another, up to legal-form words, is the same party); a defined name belongs to the name before it.
Inference is pure Python over the exported weights (``Tagger``).

**The labels.** In each contract's opening the tokens of every occurrence of an expert party name
(the entries ``bench/bench_key_terms.py``'s ``expert_parties`` reads from the "Parties" answer, so
collective entries are no party) are tagged as a name; a defined name is tagged where it is defined
(right after a quotation mark, "the" allowed between); every other token ``O``. A name is found
with its words in order, up to four characters other than letters and digits between, case
ignored. Only the seen contracts of cuad-train train it (``training/splits.py``: never the held-out
fifth).

**The combination** (``combine``): the rules' parties value completed by the tagger's parties.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import math
import re
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data"
sys.path.insert(0, str(ROOT / "bench"))

from bench_key_terms import expert_parties  # noqa: E402

from training.splits import fold, held_out  # noqa: E402

REGION = 3000  # characters of the opening read
COUNT_REGION = 50_000  # characters in which a word's recurrence is counted
TAGS = ("O", "B-N", "I-N", "B-D", "I-D")
MODEL = Path(__file__).resolve().parent.parent / "var" / "party_tagger" / "party_tagger.json"

_TOKEN = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)*|[^\w\s]|_+")
# fmt: off
_LEGAL_STRONG = {
    "inc", "incorporated", "corp", "corporation", "co", "company", "ltd", "limited", "llc", "lp", "llp",
    "plc", "gmbh", "ag", "sa", "bv", "nv", "pty", "pte", "srl", "spa", "sarl", "aktiengesellschaft",
}
# fmt: on
_JOINERS = {"between", "among", "amongst", "by", "and", "with", "to"}
_QUOTES = {'"', "\u201c", "\u201d", "\u2018", "\u2019", "'", "`"}


@dataclass
class Token:
    text: str
    start: int
    end: int


@dataclass
class TaggedParty:
    name: str
    confidence: float
    start: int
    defined: list[str] = field(default_factory=list)
    defined_confidence: list[float] = field(default_factory=list)


def tokens_of(text: str) -> list[Token]:
    return [Token(m.group(), m.start(), m.end()) for m in _TOKEN.finditer(text[:REGION])]


def _shape(word: str) -> str:
    if not word[0].isalnum():
        return "P" + word if len(word) == 1 else "P"
    if word.isdigit():
        return "d"
    if word.isupper():
        return "X" if len(word) == 1 else "XX"
    if word.islower():
        return "x"
    if word[0].isupper() and word[1:].islower():
        return "Xx"
    return "Xmix"


def _bucket(n: int, edges: tuple[int, ...]) -> str:
    for i, edge in enumerate(edges):
        if n <= edge:
            return str(i)
    return str(len(edges))


def features(text: str, tokens: list[Token]) -> list[list[str]]:
    """Each token's features, as names (each present feature has the value 1)."""
    lower = [t.text.lower() for t in tokens]
    shapes = [_shape(t.text) for t in tokens]
    counts = Counter(w.lower() for w in re.findall(r"[^\W_]+", text[:COUNT_REGION]))
    n = len(tokens)
    in_quote = [False] * n
    in_paren = [False] * n
    quoted, depth = False, 0
    for i, t in enumerate(tokens):
        if i and "\n" in text[tokens[i - 1].end : t.start]:
            quoted = False  # a quotation does not run past its line
        if t.text in ('"', "\u201c", "\u201d"):
            quoted = t.text == "\u201c" or (t.text == '"' and not quoted)
            continue
        if t.text == "(":
            depth += 1
        elif t.text == ")":
            depth = max(0, depth - 1)
        in_quote[i] = quoted
        in_paren[i] = depth > 0
    last_joiner = -1000
    last_word = ""
    last_here = -1000
    result = []
    for i, t in enumerate(tokens):
        f = ["bias", "w=" + lower[i], "s=" + shapes[i]]
        for o in (-2, -1, 1, 2):
            j = i + o
            if 0 <= j < n:
                f.append(f"w{o}={lower[j]}")
                f.append(f"s{o}={shapes[j]}")
            else:
                f.append(f"w{o}=<edge>")
        f.append(f"s-1s0={shapes[i - 1] if i else '<edge>'}|{shapes[i]}")
        f.append(f"s0s1={shapes[i]}|{shapes[i + 1] if i + 1 < n else '<edge>'}")
        for j in range(max(0, i - 6), min(n, i + 7)):
            if j != i and lower[j].isalpha() and len(lower[j]) > 1:
                f.append(("L=" if j < i else "R=") + lower[j])
        if lower[i] in _LEGAL_STRONG:
            f.append("legal")
        ahead = next((k for k in range(1, 6) if i + k < n and lower[i + k] in _LEGAL_STRONG), 0)
        if ahead:
            f.append(f"legal+{ahead}")
        behind = next((k for k in range(1, 4) if i - k >= 0 and lower[i - k] in _LEGAL_STRONG), 0)
        if behind:
            f.append(f"legal-{behind}")
        if in_quote[i]:
            f.append("quote")
            f.append("quote|s=" + shapes[i])
        if in_paren[i]:
            f.append("paren")
        if i and tokens[i - 1].text in _QUOTES:
            f.append("after-quote")
        if i + 1 < n and tokens[i + 1].text in _QUOTES:
            f.append("before-quote")
        if lower[i] in _JOINERS:
            last_joiner, last_word = i, lower[i]
        else:
            gap = i - last_joiner
            f.append("join=" + (last_word + _bucket(gap, (1, 3, 8, 20)) if gap < 60 else "far"))
        if lower[i] == "hereinafter":
            last_here = i
        elif i - last_here < 8:
            f.append("hereinafter")
        f.append("pos=" + _bucket(t.start, (200, 500, 1000, 1500, 2000, 2500)))
        if t.text[0].isalnum():
            f.append("count=" + _bucket(counts.get(lower[i], 0), (1, 3, 10, 30)))
            if t.text[0].isupper():
                f.append("capcount=" + _bucket(counts.get(lower[i], 0), (1, 3, 10, 30)))
        if i and "\n" in text[tokens[i - 1].end : t.start]:
            f.append("line-start")
        result.append(f)
    return result


@lru_cache(maxsize=2)
def _load(path: str) -> tuple[dict[str, list[float]], list[float]]:
    data = json.loads(Path(path).read_text())
    return data["weights"], data["intercept"]


class Tagger:
    """The weights of one trained tagger: ``{feature: [weight per tag]}`` and an intercept."""

    def __init__(self, weights: dict[str, list[float]], intercept: list[float]):
        self.weights = weights
        self.intercept = intercept

    @classmethod
    def load(cls, path: Path = MODEL) -> Tagger:
        return cls(*_load(str(path)))

    def probabilities(self, feats: list[list[str]]) -> list[list[float]]:
        out = []
        for f in feats:
            scores = list(self.intercept)
            for name in f:
                w = self.weights.get(name)
                if w is not None:
                    for k in range(len(scores)):
                        scores[k] += w[k]
            top = max(scores)
            exp = [math.exp(s - top) for s in scores]
            total = sum(exp)
            out.append([e / total for e in exp])
        return out

    def parties(self, text: str) -> list[TaggedParty]:
        return decode(text, tokens_of(text), self.probabilities(features(text, tokens_of(text))))


def _viterbi(probs: list[list[float]]) -> list[int]:
    """The most likely tags under the one constraint of the scheme: an ``I-`` tag only after a tag of
    its kind."""
    if not probs:
        return []
    allowed = {
        (a, b)
        for a in range(len(TAGS))
        for b in range(len(TAGS))
        if not TAGS[b].startswith("I-") or TAGS[a][1:] == TAGS[b][1:]
    }
    logs = [[math.log(max(p, 1e-12)) for p in row] for row in probs]
    score = [v if not TAGS[t].startswith("I-") else -1e9 for t, v in enumerate(logs[0])]
    back: list[list[int]] = []
    for row in logs[1:]:
        step, new = [], []
        for b in range(len(TAGS)):
            a = max((a for a in range(len(TAGS)) if (a, b) in allowed), key=lambda a: score[a])
            step.append(a)
            new.append(score[a] + row[b])
        back.append(step)
        score = new
    best = max(range(len(TAGS)), key=lambda t: score[t])
    path = [best]
    for step in reversed(back):
        best = step[best]
        path.append(best)
    return path[::-1]


def _spans(path: list[int], probs: list[list[float]], kind: str) -> list[tuple[int, int, float]]:
    """Runs of tokens tagged ``B-kind I-kind ...`` ("N" or "D"): (first token, last token + 1, the
    run's mean probability of ``kind``)."""
    b, i_ = TAGS.index("B-" + kind), TAGS.index("I-" + kind)
    runs = []
    start = -1
    for k, tag in enumerate(path):
        if start >= 0 and tag != i_:
            runs.append((start, k))
            start = -1
        if tag == b:
            start = k
    if start >= 0:
        runs.append((start, len(path)))
    return [(s, e, sum(probs[k][b] + probs[k][i_] for k in range(s, e)) / (e - s)) for s, e in runs]


_NOT_NAME = {"between", "and", "by", "among", "the", "of", "this", "agreement", "inc", "company", "corporation"}


def _clean(text: str) -> str:
    text = " ".join(text.split())
    text = text.strip(" ,;:(\"\u201c\u201d'\u2018\u2019")
    if text.endswith(")") and "(" not in text:
        text = text[:-1]
    return text.strip(" ,;:")


def _key(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", re.sub(r"['\u2019]", "", text.lower())))


def decode(text: str, tokens: list[Token], probs: list[list[float]]) -> list[TaggedParty]:
    """The tagged names in order of first appearance, one entry per party (a name containing
    another, up to legal-form words, is the same party: the most confident wording is kept), each
    with the defined names tagged after one of its occurrences and before the next name."""
    path = _viterbi(probs)
    names = [(tokens[s].start, tokens[e - 1].end, c) for s, e, c in _spans(path, probs, "N")]
    defined = [(tokens[s].start, tokens[e - 1].end, c) for s, e, c in _spans(path, probs, "D")]
    found: list[TaggedParty] = []
    order: list[tuple[int, TaggedParty]] = []
    for start, end, conf in names:
        name = _clean(text[start:end])
        if not set(_key(name).split()) - _NOT_NAME:
            continue
        party = next((p for p in found if same(name, p.name)), None)
        if party is None:
            party = TaggedParty(name, conf, start)
            found.append(party)
        elif conf > party.confidence:
            party.name, party.confidence = name, conf
        order.append((start, party))
    for start, end, conf in defined:
        word = _clean(text[start:end])
        before = [p for s, p in order if s < start and start - s < 400]
        if not word or not before:
            continue
        party = before[-1]
        if _key(word) not in {_key(d) for d in party.defined}:
            party.defined.append(word)
            party.defined_confidence.append(conf)
    return found


# --- the tagger beside the rules ------------------------------------------------------------------

_FORM_WORDS = re.compile(
    r"\b(?:inc|incorporated|corp|corporation|co|company|ltd|limited|llc|l l c|lp|l p|llp|plc|gmbh|ag|sa|s a|"
    r"bv|nv|pty|pte|the|a|an|of)\b"
)
_ENTRY = re.compile(r"^(.*?)\s*\((\u201c.*\u201d)\)$")


def opening_text(paragraphs: tuple[object, ...] | list[object]) -> str:
    """The text the tagger reads: the paragraphs' texts, one a line, up to ``COUNT_REGION``."""
    parts: list[str] = []
    size = 0
    for paragraph in paragraphs:
        text = str(getattr(paragraph, "text", ""))
        parts.append(text)
        size += len(text) + 1
        if size >= COUNT_REGION:
            break
    return "\n".join(parts)


def parse_value(value: str) -> list[tuple[str, list[str]]]:
    """The parties value of the key terms ("Name (“A”, “B”); Other") as (name, defined names)."""
    found = []
    for entry in value.split("; ") if value else []:
        entry = entry.strip()
        match = _ENTRY.match(entry)
        if match:
            found.append((match.group(1), re.findall(r"\u201c([^\u201d]*)\u201d", match.group(2))))
        elif entry:
            found.append((entry, []))
    return found


def render_value(parties: list[tuple[str, list[str]]]) -> str:
    return "; ".join(
        f"{name} ({', '.join(chr(0x201C) + d + chr(0x201D) for d in defined)})" if defined else name
        for name, defined in parties
    )


def _core(text: str) -> str:
    return " ".join(_FORM_WORDS.sub(" ", _key(text.replace(".", ""))).split())


def same(a: str, b: str) -> bool:
    """One name containing the other, up to punctuation, case and legal-form words."""
    x, y = _core(a), _core(b)
    if not (x and y):
        return _key(a) == _key(b) and bool(_key(a))
    return x in y or y in x


def combine(
    value: str,
    tagged: list[TaggedParty],
    threshold: float = 0.5,
    *,
    fill: bool = True,
    define: bool = True,
    correct: float = 0.0,
    fill_to: int = 2,
) -> str:
    """The rules' parties value completed by the tagger's parties:

    - ``fill``: where the rules give fewer than ``fill_to`` parties, the tagger's names (at or above
      ``threshold``, in order of appearance) that are none of the rules' names or defined names,
      with their defined names, up to ``fill_to`` parties;
    - ``define``: a party of the rules without a defined name takes the defined names the tagger
      gives the same name;
    - ``correct`` (0 for never): a party of the rules whose name the tagger does not tag, and whose
      defined name the tagger gives to a name of its own at or above ``correct`` that the rules do not
      name, takes the tagger's name.
    """
    parties = parse_value(value)
    sure = [t for t in tagged if t.confidence >= threshold]

    def defined_of(t: TaggedParty, at: float) -> list[str]:
        return [d for d, c in zip(t.defined, t.defined_confidence, strict=True) if c >= at and not same(d, t.name)]

    if correct:
        for i, (name, defined) in enumerate(parties):
            if any(same(name, t.name) for t in tagged) or not defined:
                continue
            for t in tagged:
                if (
                    t.confidence >= correct
                    and not any(same(t.name, n) for n, _ in parties)
                    and any(same(d, e) for d in defined for e in defined_of(t, correct))
                ):
                    parties[i] = (t.name, defined)
                    break
    if define:
        for i, (name, defined) in enumerate(parties):
            if defined:
                continue
            for t in sure:
                if same(name, t.name):
                    extra = [d for d in defined_of(t, threshold) if not same(d, name)]
                    if extra:
                        parties[i] = (name, extra)
                    break
    if fill and len(parties) < fill_to:
        for t in sure:
            if len(parties) >= fill_to:
                break
            if any(same(t.name, n) or any(same(t.name, d) for d in ds) for n, ds in parties):
                continue
            parties.append((t.name, defined_of(t, threshold)))
    return render_value(parties)


# --- training -----------------------------------------------------------------------------------

MIN_COUNT = 2
C = 0.5
KEEP = 0.02  # a feature whose weights are all smaller than this is dropped from the export


def seen_contracts() -> Iterator[tuple[str, str, str]]:
    """(file name, text, the experts' Parties answer) of the seen cuad-train contracts (never the
    held-out fifth)."""
    answers = {}
    for line in (DATA / "cuad-train" / "answers.jsonl").open():
        row = json.loads(line)
        answers[row["cuad_filename"]] = row["answers"].get("Parties", "")
    with gzip.open(DATA / "cuad-train" / "contracts.jsonl.gz", "rt", encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            name = row["cuad_filename"]
            if name in answers and not held_out(name):
                yield name, row["text"], answers[name]


_DEFINING = re.compile(r"[\"\u201c\u201d'\u2018\u2019]\s*(?:the\s+)?$", re.I)


def _pattern(name: str) -> re.Pattern[str] | None:
    words = re.findall(r"[^\W_]+", name)
    if not words:
        return None
    return re.compile(r"(?<![^\W_])" + r"[\W_]{1,4}".join(re.escape(w) for w in words) + r"(?![^\W_])", re.I)


def labels(text: str, tokens: list[Token], answer: str) -> list[str]:
    """Each token's tag from the experts' answer."""
    tags = ["O"] * len(tokens)
    region = text[: tokens[-1].end] if tokens else ""

    def mark(start: int, end: int, kind: str) -> None:
        inside = [i for i, t in enumerate(tokens) if t.start < end and t.end > start]
        if not inside or any(tags[i] != "O" for i in inside):
            return
        for n, i in enumerate(inside):
            tags[i] = ("B-" if n == 0 else "I-") + kind

    for party in expert_parties(answer):
        pattern = _pattern(party.name)
        if pattern is not None:
            for m in pattern.finditer(region):
                mark(m.start(), m.end(), "N")
    for party in expert_parties(answer):
        for defined in party.defined:
            pattern = _pattern(defined)
            if pattern is None:
                continue
            for m in pattern.finditer(region):
                if _DEFINING.search(region[max(0, m.start() - 8) : m.start()]):
                    mark(m.start(), m.end(), "D")
    return tags


def examples(text: str, answer: str) -> tuple[list[list[str]], list[str]]:
    tokens = tokens_of(text)
    return features(text, tokens), labels(text, tokens, answer)


def train(rows: list[tuple[list[list[str]], list[str]]]) -> Tagger:
    """A tagger trained on ``rows`` (each a contract's token features and tags)."""
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression

    counts = Counter(f for feats, _ in rows for fs in feats for f in fs)
    keep = {f for f, c in counts.items() if c >= MIN_COUNT}
    x_dicts = [{f: 1 for f in fs if f in keep} for feats, _ in rows for fs in feats]
    y = [TAGS.index(t) for _, tags in rows for t in tags]
    vectorizer = DictVectorizer()
    x = vectorizer.fit_transform(x_dicts)
    model = LogisticRegression(C=C, max_iter=300)
    model.fit(x, y)
    classes = list(model.classes_)
    weights: dict[str, list[float]] = {}
    for col, name in enumerate(vectorizer.feature_names_):
        row = [0.0] * len(TAGS)
        for k, cls in enumerate(classes):
            row[cls] = float(model.coef_[k, col])
        if max(abs(w) for w in row) >= KEEP:
            weights[name] = [round(w, 3) for w in row]
    intercept = [0.0] * len(TAGS)
    for k, cls in enumerate(classes):
        intercept[cls] = round(float(model.intercept_[k]), 3)
    return Tagger(weights, intercept)


def data_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=MODEL)
    args = parser.parse_args()
    contracts = list(seen_contracts())
    rows = [examples(text, answer) for _, text, answer in contracts]
    tagger = train(rows)
    record = {
        "what": "party tagger: token tags O, B-N, I-N, B-D, I-D (contracts/party_tagger.py)",
        "data": {
            "file": "cuad-train/contracts.jsonl.gz + answers.jsonl",
            "sha256": data_hash(DATA / "cuad-train" / "contracts.jsonl.gz"),
            "answers_sha256": data_hash(DATA / "cuad-train" / "answers.jsonl"),
            "contracts": len(contracts),
            "trained_on": "the seen contracts (training/splits.py: not held_out)",
            "folds": dict(sorted(Counter(str(fold(n)) for n, _, _ in contracts).items())),
        },
        "settings": {"min_count": MIN_COUNT, "C": C, "keep": KEEP},
        "source": "CUAD v1, The Atticus Project, CC BY 4.0",
        "command": "python -m training.party_tagger",
        "intercept": tagger.intercept,
        "weights": dict(sorted(tagger.weights.items())),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(record, separators=(",", ":")) + "\n")
    print(f"{args.out}: {len(tagger.weights)} features, {args.out.stat().st_size / 1e6:.2f} MB", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
