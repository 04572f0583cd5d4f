"""Drafting helpers shared by the spreadsheet import and the draft from precedents.

``clause_find`` maps a clause type written by a person ("Limitation of Liability") to a
``find: {clause: SLUG}`` when the clause model knows that type, else None (the import then
falls back to a phrase find)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from contracts.document import structure_of
from contracts.parties import words_for_sides
from core.uploads import UploadLimits
from documents.docx.model import TextModel


def _key(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).strip()


def clause_categories() -> dict[str, str]:
    """Normalised title or slug -> slug, for the clause types the clause model detects."""
    try:
        from contracts.clauses import CATEGORIES  # type: ignore[import-not-found]
    except ImportError:
        return {}
    found: dict[str, str] = {}
    for category in CATEGORIES:
        slug = getattr(category, "slug", None) or (category if isinstance(category, str) else None)
        if slug is None and isinstance(category, dict):
            slug = category.get("slug")
        if not slug:
            continue
        found[_key(slug)] = slug
        title = getattr(category, "title", None) or (category.get("title") if isinstance(category, dict) else None)
        if title:
            found[_key(title)] = slug
    return found


def clause_find(clause_type: str) -> dict[str, Any] | None:
    slug = clause_categories().get(_key(clause_type))
    return {"clause": slug} if slug else None


# -- parties into role placeholders ------------------------------------------------------------

US, THEM = "{us}", "{them}"
SIDES = ("customer", "provider")


@dataclass(frozen=True)
class Parties:
    """The words a precedent uses for each side: its role word(s) and, where the preamble names
    them, the parties' names."""

    ours: tuple[str, ...]
    theirs: tuple[str, ...]

    def placeholder(self, text: str) -> str:
        """Every name or role word of a side becomes ``{us}`` or ``{them}`` (longest first, whole
        words, capitalised uses only: "the customer's systems" in lower case is left alone)."""
        pairs = [(w, US) for w in self.ours] + [(w, THEM) for w in self.theirs]
        for word, token in sorted(pairs, key=lambda p: -len(p[0])):
            # "Customer Content" or "Provider Covered Claims" is a defined term of its own: kept.
            text = re.sub(rf"(?<![\w{{]){re.escape(word)}(?![\w}}])(?!\s+[A-Z][a-z])", token, text)
        return text


def detect_parties(model: TextModel, *, side: str) -> Parties:
    """The words a precedent uses for each side (contracts/parties.py: its role words used as
    defined terms and the parties its preamble defines by them), split by our ``side``."""
    found = words_for_sides(model.text, structure_of(model).parties)
    other = "provider" if side == "customer" else "customer"
    return Parties(ours=tuple(sorted(found[side])), theirs=tuple(sorted(found[other])))


# -- number checks from the precedents' own numbers -------------------------------------------

_MAX_CUES = re.compile(
    r"\b(?:within|no\s+later\s+than|not\s+later\s+than|not\s+more\s+than|no\s+more\s+than|up\s+to|at\s+most|"
    r"maximum\s+of|not\s+(?:to\s+)?exceed(?:ing)?|exceed|more\s+than|in\s+excess\s+of|capped\s+at|limited\s+to|"
    r"less\s+than|before)\b[^.;]{0,25}$",
    re.IGNORECASE,
)
_MIN_CUES = re.compile(
    r"\b(?:at\s+least|no\s+less\s+than|not\s+less\s+than|minimum\s+of|a\s+minimum|prior|in\s+advance|"
    r"following)\b[^.;]{0,25}$",
    re.IGNORECASE,
)
_KINDS = {"days": "days", "amount": "amount", "percent": "percent"}


@dataclass(frozen=True)
class NumberCheck:
    kind: str  # max_days | min_days | max_amount | ...
    value: float
    phrase: str  # the precedent's words, e.g. "within 30 days"


def infer_number_check(text: str) -> NumberCheck | None:
    """The first figure with a cue for its direction: "within thirty (30) days" -> max_days 30,
    "at least $2,000,000" -> min_amount, "more than 30 days" (a grace period) -> max_days."""
    from contracts.numbers import find_quantities

    for kind in ("days", "amount", "percent"):
        for quantity in find_quantities(text, kind):  # type: ignore[arg-type]
            before = text[max(0, quantity.start - 60):quantity.start]
            after = text[quantity.end:quantity.end + 30]
            if _MIN_CUES.search(before) or re.match(r"^\s*(?:'|\u2019)?s?\s*(?:prior|advance)\b", after, re.I):
                direction = "min"
            elif _MAX_CUES.search(before):
                direction = "max"
            else:
                continue
            value = quantity.value
            if value <= 0:
                continue
            lead = before[-25:]
            lead = lead.split(" ", 1)[1] if " " in lead and len(before) > 25 else lead
            phrase = (lead + quantity.phrase).strip()
            return NumberCheck(kind=f"{direction}_{_KINDS[kind]}", value=value, phrase=" ".join(phrase.split()))
    return None


# -- a draft playbook from precedents ---------------------------------------------------------

# CUAD categories that describe the document rather than a position a playbook could take.
NOT_POSITIONS = frozenset({"document-name", "parties", "agreement-date", "effective-date"})
MAX_POSITION_CHARS = 1_500
MAX_PRECEDENTS = UploadLimits.max_precedents  # the web form's bound is core/uploads.py upload_limits()


@dataclass
class DraftRule:
    slug: str
    title: str
    positions: list[tuple[str, str]]  # (wording with role placeholders, precedent file name)
    confidence: float  # the lowest confidence among the passages chosen
    check: NumberCheck | None = None
    note: str = ""


@dataclass
class Draft:
    source: str
    rules: list[DraftRule]
    notes: list[str]
    spec: Any = None  # PlaybookSpec once validated


def _trim(text: str) -> str:
    # A form's tick box ("[ x ]") is not wording of the position.
    text = re.sub(r"^\[\s*[xX ]?\s*\]\s*", "", " ".join(text.split()))
    if len(text) <= MAX_POSITION_CHARS:
        return text
    cut = text[:MAX_POSITION_CHARS]
    end = max(cut.rfind(". "), cut.rfind("; "))
    return cut[: end + 1] if end > MAX_POSITION_CHARS // 3 else cut.rstrip() + "…"


def _titles() -> dict[str, str]:
    try:
        from contracts.clauses import CATEGORIES  # type: ignore[import-not-found]
    except ImportError:
        return {}
    return {c.slug: c.title for c in CATEGORIES}


def _yaml(name: str, side: str, rules: list[DraftRule], files: list[str]) -> str:
    from .spreadsheet import yaml_quote

    lines = [
        "# Draft from precedents: " + ", ".join(files) + ".",
        "# One rule per clause type found. Positions are the precedents' own wording, with the parties",
        "# written as {us} and {them}. Order the positions (preferred first), write the guidance, and",
        "# check each number before publishing (docs/playbook-format.md).",
        f"name: {yaml_quote(name)}",
        f"description: {yaml_quote('Drafted from ' + ', '.join(files) + '.')}",
        f"party: {yaml_quote(side)}",
        "rules:",
    ]
    for rule in rules:
        lines.append(f"  - id: {yaml_quote(rule.slug)}")
        lines.append(f"    title: {yaml_quote(rule.title)}")
        lines.append("    severity: medium")
        lines.append(f"    find: {{clause: {yaml_quote(rule.slug)}}}")
        if rule.check is not None:
            value = int(rule.check.value) if float(rule.check.value).is_integer() else rule.check.value
            lines.append(f"    # the precedent says {yaml_quote(rule.check.phrase)}")
            lines.append(f"    check: {{{rule.check.kind}: {value}}}")
        else:
            lines.append("    check: {must_exist: true}")
        if rule.note:
            lines.append(f"    # {rule.note}")
        lines.append("    positions:")
        for text, filename in rule.positions:
            lines.append(f"      # from {filename}")
            lines.append(f"      - {yaml_quote(text)}")
        lines.append('    guidance: ""  # for the author: why this matters to us and how far we go')
    return "\n".join(lines) + "\n"


def draft_from_precedents(
    precedents: list[tuple[str, Any]], *, name: str, side: str, engine: Any, detect: Any = None,
) -> Draft:
    """``precedents``: (file name, TextModel) pairs. One rule per clause type the clause model
    finds (``find: {clause: SLUG}``); positions from each precedent's passage, parties as
    placeholders; a number check where a figure has a clear direction and every precedent
    passes it, else ``must_exist``. The draft is then analysed against every precedent and a
    rule a precedent does not pass is made ``must_exist`` (or left out, with a note): the
    precedents pass their own draft entirely. ``engine``: the review engine that analyses the
    draft (review/authoring/views.py passes it; playbooks sit below the engine's layer)."""
    from .loader import load_playbook

    if side not in SIDES:
        raise ValueError(f"our side must be one of {', '.join(SIDES)}")
    if detect is None:
        from contracts.clauses import detect  # type: ignore[import-not-found,no-redef]
    titles = _titles()
    by_type: dict[str, list[tuple[str, Any]]] = {}
    for filename, model in precedents:
        parties = detect_parties(model, side=side)
        best: dict[str, Any] = {}
        for passage in detect(model):
            if passage.type in NOT_POSITIONS:
                continue
            # A position is a sentence: a heading or a cover-page label ("Unlimited Claims")
            # is chosen only when the type has nothing else.
            if passage.type not in best or _rank(passage) > _rank(best[passage.type]):
                best[passage.type] = passage
        for slug, passage in best.items():
            by_type.setdefault(slug, []).append((filename, passage, parties))
    rules: list[DraftRule] = []
    for slug in sorted(by_type, key=lambda s: min(_order_key(p) for _, p, _ in by_type[s])):
        found = by_type[slug]
        positions: list[tuple[str, str]] = []
        for filename, passage, parties in found:
            text = _trim(parties.placeholder(passage.text))
            if text and all(text != t for t, _ in positions):
                positions.append((text, filename))
        if not positions:
            continue
        checks = [infer_number_check(p.text) for _, p, _ in found]
        check = None
        if all(c is not None for c in checks) and len({c.kind for c in checks if c}) == 1:
            values = [c.value for c in checks if c]
            kind = checks[0].kind  # type: ignore[union-attr]
            value = max(values) if kind.startswith("max_") else min(values)
            check = NumberCheck(kind=kind, value=value, phrase=checks[0].phrase)  # type: ignore[union-attr]
        title = titles.get(slug) or found[0][1].title or slug.replace("-", " ").capitalize()
        rules.append(DraftRule(slug=slug, title=title, positions=positions,
                               confidence=min(p.confidence for _, p, _ in found), check=check))
    files = [filename for filename, _ in precedents]
    notes: list[str] = []
    if not rules:
        return Draft(source="", rules=[], notes=["No clause type was found in these documents."])

    # Every precedent must pass its own draft: a number check one of them breaks becomes
    # must_exist; a rule that still fails (the clause model and the rule disagree) is left out.
    for _attempt in range(3):
        source = _yaml(name, side, rules, files)
        spec = load_playbook(source)
        failing: set[str] = set()
        for _filename, model in precedents:
            for result in engine.analyze(model, spec):
                if result.status != "ok":
                    failing.add(result.rule_id)
        if not failing:
            return Draft(source=source, rules=rules, notes=notes, spec=spec)
        kept: list[DraftRule] = []
        for rule in rules:
            if rule.slug not in failing:
                kept.append(rule)
            elif rule.check is not None:
                rule.note = f"a precedent does not pass {rule.check.kind}: {rule.check.value:g}, so: must exist"
                rule.check = None
                kept.append(rule)
            else:
                notes.append(f"{rule.title}: found by the clause model but not by the rule, left out.")
        rules = kept
        if not rules:
            return Draft(source="", rules=[], notes=notes)
    source = _yaml(name, side, rules, files)
    return Draft(source=source, rules=rules, notes=notes, spec=load_playbook(source))


def _rank(passage: Any) -> tuple[bool, float]:
    words = re.findall(r"[A-Za-z]+", re.sub(r"\{[^}]*\}", " ", passage.text))
    return (len(words) >= 8, passage.confidence)


def _order_key(passage: Any) -> tuple[int, int]:
    """Rules follow the first precedent's order of clauses."""
    locator = str(getattr(passage, "locator", ""))
    digits = re.sub(r"\D", "", locator)
    return (int(digits) if digits else 0, int(getattr(passage, "start", 0) or 0))
