"""The playbook engine (docs/playbook-format.md, docs/architecture.md "The engine"): deterministic, offline, no ORM.

``analyze`` runs every rule of a playbook over a text model and returns one ``RuleResult`` per
rule, in rule order, each with its evidence sentences and fully resolved proposals (the exact
paragraph, offset and text an edit changes). ``revise`` turns a lawyer's instruction into a new
proposal; ``reanchor`` re-points a proposal computed on an older version at the current one.

Performance: a document is prepared once per call (normalised paragraph text, sentence spans on
demand, cached by paragraph text); a rule first checks its phrases against the whole document and
then each paragraph with plain substring tests, so sentence splitting and regexes only run on the
few paragraphs that can match.

History (invariant 7, docs/architecture.md): ``revise`` reads the decisions the workflow passes in. Earlier instructions
on the same rule are cited in the explanation ("Earlier instructions: ..."); an instruction that
was already tried on this rule and whose result was rejected is reported in the explanation with
the rejection reason, so the lawyer sees they are going round in circles; and a request to go
back to the preferred position after the lawyer rejected it says so too. History never silently
changes the wording: the same request on the same proposal gives the same result.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from contracts import numbers, subject
from contracts.document import structure_of
from contracts.furniture import furniture_spans, mask_furniture
from contracts.insertion import InsertionPoint, insertion_point, renumber_clause
from contracts.naming import Parties, adaptations, render_rule, search_as, searches_for_them, undefined_in
from contracts.naming import detect as detect_parties
from contracts.normalize import Normalized, norm_phrase, normalize, term_starts
from contracts.numbering import leading_number
from contracts.sentences import split_sentences
from documents.docx.model import DECISION_KINDS, Edit, Paragraph, TextModel
from playbooks.rules import (
    Find,
    PatternRefused,
    PlaybookSpec,
    Rule,
    ScanBudget,
    ScanBudgetExceeded,
    bounded_search,
    compile_pattern,
)
from review.engine.base import Evidence, HistoryItem, Proposal, RevisionError, RevisionRequest, RuleResult
from review.engine.minimal import clause_number_length, minimal_replace

ENGINE_VERSION = "playbook-2"  # docs/decisions/engine-versions.md

_LIMIT_KIND: dict[str, numbers.QuantityKind] = {
    "max_days": "days", "min_days": "days", "max_amount": "amount",
    "min_amount": "amount", "max_percent": "percent", "min_percent": "percent",
}  # fmt: skip
_KIND_NOUN = {"days": "duration", "amount": "amount", "percent": "percentage"}
_EXCERPT = 320


def _tidy(text: str) -> str:
    """No double stop after a quoted sentence: '“Cash flow.”.' -> '“Cash flow.”'."""
    return re.sub(r"([.!?]\u201d)\.", r"\1", text)


def _quote(text: str, limit: int = _EXCERPT) -> str:
    text = " ".join(text.split())
    if len(text) > limit:
        text = text[: limit - 1].rstrip() + "\u2026"
    return f"\u201c{text}\u201d"


# --- the prepared document ---------------------------------------------------------------------


@dataclass(frozen=True)
class Sentence:
    locator: str
    paragraph_index: int
    start: int  # offsets in the paragraph's original text
    end: int
    text: str  # original text
    norm: str  # normalised, case kept (regexes run here)
    lower: str  # normalised, lower case (phrases match here)
    clause_type: str = ""  # set when the clause model found this sentence for a clause rule
    confidence: float | None = None
    # ``text`` with its page furniture blanked (same length): what numbers are read from.
    read: str = ""

    def evidence(self) -> Evidence:
        return Evidence(
            locator=self.locator, sentence=self.text, start=self.start, end=self.end,
            clause_type=self.clause_type, confidence=self.confidence,
        )  # fmt: skip


@dataclass
class _Para:
    index: int
    paragraph: Paragraph
    normalized: Normalized

    @cached_property
    def sentences(self) -> list[Sentence]:
        """The paragraph's sentences, cut as the clause model cuts them (the same starts), with
        a running footer at a sentence's end left out of it and sentences that are only page
        furniture left out altogether: the engine never reads page furniture."""
        text = self.paragraph.text
        masked = self.normalized.original
        result = []
        for start, end in split_sentences(text):
            if masked is not text:
                while end > start and masked[end - 1].isspace():
                    end -= 1
                if end <= start:
                    continue
            nstart = self.normalized.from_original(start)
            nend = self.normalized.from_original(end)
            result.append(
                Sentence(
                    locator=self.paragraph.locator,
                    paragraph_index=self.index,
                    start=start,
                    end=end,
                    text=text[start:end],
                    norm=self.normalized.text[nstart:nend],
                    lower=self.normalized.lower[nstart:nend],
                    read=masked[start:end],
                )
            )
        return result


@dataclass
class PreparedDocument:
    model: TextModel
    paragraphs: list[_Para] = field(default_factory=list)
    # Every pattern search of one analysis is charged here (rules.ScanBudget).
    budget: ScanBudget = field(default_factory=ScanBudget)
    parties: Parties | None = None  # ours and theirs, as the analysis writes them

    @classmethod
    def build(cls, model: TextModel) -> PreparedDocument:
        # Page furniture ("Confidential Page 3 of 7", "Source: ..., 10-K, ...") is blanked before
        # normalising: no rule matches it, no number is read from it (contracts/structure.py).
        paragraphs = [_Para(i, p, normalize(mask_furniture(p.text))) for i, p in enumerate(model.paragraphs)]
        return cls(model=model, paragraphs=paragraphs)

    @cached_property
    def lower(self) -> str:
        return "\n".join(p.normalized.lower for p in self.paragraphs)

    @cached_property
    def _starts(self) -> list[int]:
        """Where each paragraph begins in ``lower``."""
        starts, at = [], 0
        for para in self.paragraphs:
            starts.append(at)
            at += len(para.normalized.lower) + 1
        return starts

    @cached_property
    def _holding(self) -> dict[str, frozenset[int]]:
        return {}

    def holding(self, term: str) -> frozenset[int]:
        """Indices of the paragraphs whose normalised text contains ``term``: one scan of the
        whole text per term and analysis, instead of a test per paragraph and rule. (A term never
        holds a newline, so a hit never spans two paragraphs; each hit is checked anyway.)"""
        found = self._holding.get(term)
        if found is None:
            lower, starts, hits = self.lower, self._starts, set()
            at = lower.find(term)
            while at >= 0:
                index = bisect.bisect_right(starts, at) - 1
                if term in self.paragraphs[index].normalized.lower:
                    hits.add(index)
                following = starts[index + 1] if index + 1 < len(starts) else len(lower)
                at = lower.find(term, following)
            found = self._holding[term] = frozenset(hits)
        return found

    def clause_spans(self, slug: str, min_confidence: float | None) -> dict[str, dict[int, float]]:
        """Locator -> {sentence start: confidence} of the passages the clause model finds as
        ``slug``. The model scores a document once for all types (it caches by text)."""
        from contracts.clauses import DEFAULT_MIN_CONFIDENCE, detect_type

        threshold = DEFAULT_MIN_CONFIDENCE if min_confidence is None else min_confidence
        spans: dict[str, dict[int, float]] = {}
        for passage in detect_type(self.model, slug, min_confidence=threshold):
            spans.setdefault(passage.locator, {})[passage.start] = passage.confidence
        return spans


# Anchors, and lookarounds that can see past a sentence ("(?!.*breach)"), make a paragraph-level
# match differ from a sentence-level one. Outside a character class only (rough but safe: a false
# positive only costs speed).
_ANCHORED = re.compile(r"(?<!\\)(?<!\[)\^|(?<!\\)\$|\\[AZz]|\(\?<?[!=][^)]*\.[*+{]")


@dataclass(frozen=True)
class _CompiledFind:
    any: tuple[str, ...]
    all: tuple[str, ...]
    pattern: object | None  # a compiled RE2 pattern (rules.compile_pattern)
    clause: str | None = None  # a clause type: only sentences the clause model finds as it
    min_confidence: float | None = None
    none: tuple[str, ...] = ()  # a sentence holding one of these is not the rule's

    # Whether a paragraph-level search can stand in for the sentence-level one as a prefilter:
    # not when the pattern is anchored (``^`` at a paragraph start is not at a sentence start,
    # and a lookahead over the paragraph sees other sentences).
    paragraph_prefilter: bool = True

    @classmethod
    def of(cls, find: Find) -> _CompiledFind:
        anchored = bool(find.regex) and _ANCHORED.search(find.regex or "") is not None
        return cls(
            any=tuple(t for t in (norm_phrase(x) for x in find.any) if t),
            all=tuple(t for t in (norm_phrase(x) for x in find.all) if t),
            pattern=compile_pattern(find.regex) if find.regex else None,
            paragraph_prefilter=not anchored,
            clause=getattr(find, "clause", None),
            min_confidence=getattr(find, "min_confidence", None),
            none=tuple(t for t in (norm_phrase(x) for x in getattr(find, "none", ())) if t),
        )

    @property
    def empty(self) -> bool:
        return not self.any and not self.all and self.pattern is None and self.clause is None

    def could_match(self, lower: str) -> bool:
        """Cheap substring prefilter (document or paragraph)."""
        if self.any and not any(term in lower for term in self.any):
            return False
        return all(term in lower for term in self.all)

    def matches(self, sentence: Sentence, budget: ScanBudget | None = None) -> bool:
        if not self.could_match(sentence.lower):
            return False
        if self.none and any(term in sentence.lower for term in self.none):
            return False
        return self.pattern is None or bounded_search(self.pattern, sentence.norm, budget) is not None

    def sentences(self, document: PreparedDocument) -> Iterator[Sentence]:
        if self.empty or not self.could_match(document.lower):
            return
        if self.clause is not None:
            yield from self._clause_sentences(document)
            return
        for index in self._candidates(document):
            para = document.paragraphs[index]
            if not para.paragraph.text:
                continue
            # A regex that cannot match the paragraph cannot match one of its sentences.
            if (
                self.pattern is not None
                and self.paragraph_prefilter
                and bounded_search(self.pattern, para.normalized.text, document.budget) is None
            ):
                continue
            for sentence in para.sentences:
                if self.matches(sentence, document.budget):
                    yield sentence

    def _candidates(self, document: PreparedDocument) -> list[int]:
        """The paragraphs ``could_match`` accepts, in document order."""
        if self.any:
            indices: set[int] | frozenset[int] = frozenset().union(*(document.holding(t) for t in self.any))
        else:
            indices = frozenset(range(len(document.paragraphs)))
        for term in self.all:
            indices = indices & document.holding(term)
        return sorted(indices)

    def _clause_sentences(self, document: PreparedDocument) -> Iterator[Sentence]:
        """Sentences the clause model finds as ``clause`` that also meet any/all/regex (all of
        a find's conditions hold on the same sentence). Every check then reads only these."""
        spans = document.clause_spans(self.clause or "", self.min_confidence)
        for para in document.paragraphs:
            starts = spans.get(para.paragraph.locator)
            if not starts:
                continue
            for sentence in para.sentences:
                confidence = starts.get(sentence.start)
                if confidence is not None and self.matches(sentence, document.budget):
                    yield replace(sentence, clause_type=self.clause or "", confidence=confidence)


# --- edits -------------------------------------------------------------------------------------


def _subject_words(rule: Rule) -> list[str]:
    return subject.subject_words(rule.check.near, rule.find.all, rule.find.any)


def _body(sentence: Sentence, model: TextModel) -> Sentence:
    """``sentence`` without the clause heading and number that open it in a PDF-extracted page
    ("5.0 Warranties, Limitations of Liability and Indemnification 5.1. CRO warrants ..." ->
    "CRO warrants ..."): the sentence splitter sees no full stop after a heading, so the heading
    of the next clause, and its number, run into the clause's first sentence."""
    inner = [
        n for n in structure_of(model).numbers
        if n.kind == "typed" and n.index == sentence.paragraph_index and sentence.start < n.start
        and n.end < sentence.end and n.level != 9 and n.start - sentence.start <= 160
    ]  # fmt: skip
    if not inner:
        return sentence
    cut = inner[-1].end
    while cut < sentence.end and sentence.text[cut - sentence.start] in " \t\u00a0":
        cut += 1
    if cut >= sentence.end:
        return sentence
    local = cut - sentence.start
    read = sentence.read[local:] if sentence.read else ""
    normalized = normalize(read or sentence.text[local:])
    return replace(
        sentence, start=cut, text=sentence.text[local:], read=read, norm=normalized.text, lower=normalized.lower
    )


_NEAR_BEFORE = 60  # characters from a pinned word to the quantity after it ("renewal terms of one (1) year")
_NEAR_AFTER = 40  # ... or from the quantity to the word after it ("thirty (30) days' notice")


def _near(text: str, quantity: numbers.Quantity, words: list[str]) -> bool:
    """One of the author's pinned words is close to ``quantity`` in ``text``: the quantity is
    the one the words name, not another the sentence happens to state."""
    lower = text.lower()
    for word in words:
        at = lower.find(word)
        while at >= 0:
            if 0 <= quantity.start - (at + len(word)) <= _NEAR_BEFORE or 0 <= at - quantity.end <= _NEAR_AFTER:
                return True
            at = lower.find(word, at + 1)
    return False


# A clause title right before a sentence, in the same paragraph: "... under this Agreement. 9.3
# Representations and Warranties. CONSULTANT represents and warrants ..." (a PDF-derived page).
_TITLE_NUMBER = r"(?:\(?\d{1,3}(?:\.\d{1,3})*\.?\)?|\([a-z]{1,3}\)|[a-z]\))"
_TITLE_BEFORE = re.compile(rf"(?:^\s*|[.;:]\s+){_TITLE_NUMBER}\s+(?P<title>[A-Z][^.;:]{{2,70}})[.:]\s*$")
_TITLE_LEAD = re.compile(rf"^\s*{_TITLE_NUMBER}\s+(?P<title>[A-Z][^.;:]{{2,70}})[.:]\s+\S")


def _title_of(sentence: Sentence, document: PreparedDocument, headings: list[int]) -> str:
    """The title of the clause ``sentence`` sits in, lower case: a numbered title right before it
    or opening it in its paragraph, else the heading of its section (``headings``: the heading
    paragraphs' indexes, in order); "" when there is none."""
    text = document.paragraphs[sentence.paragraph_index].paragraph.text
    before = _TITLE_BEFORE.search(text[max(0, sentence.start - 120) : sentence.start])
    if before:
        return before.group("title").lower()
    lead = _TITLE_LEAD.match(sentence.text)
    if lead:
        return lead.group("title").lower()
    at = bisect.bisect_left(headings, sentence.paragraph_index)
    return document.paragraphs[headings[at - 1]].paragraph.text.lower() if at else ""


def _titled_first(
    candidates: Iterator[Sentence], anchor: _CompiledFind, document: PreparedDocument, structure: Any
) -> Sentence | None:
    """The sentence an insertion goes after: the first anchor sentence in a clause whose title
    names the anchor's own words ("9.3 Representations and Warranties. CONSULTANT represents and
    warrants ..."), else the first anchor sentence. A warranty goes with the warranties, not after
    "CONSULTANT warrants that such employees shall be informed ..." in the confidentiality clause."""
    # Compared by their first six letters: "indemnif" names a title "Indemnity", "warrant" one
    # "Representations and Warranties".
    words = sorted({w.split()[0][:6] for w in (*anchor.all, *anchor.any) if w.split() and len(w.split()[0]) >= 4})
    # A page number read as a heading is no title.
    headings = sorted(i for i in structure.headings if re.search(r"[A-Za-z]{3}", document.paragraphs[i].paragraph.text))
    first: Sentence | None = None
    for sentence in candidates:
        if first is None:
            first = sentence
            if not words:
                break
        title = _title_of(sentence, document, headings)
        if any(w in title for w in words):
            return sentence
    return first


# Words that may stand between a ``not_after`` phrase and its quantity: "during the three-month period".
_DETERMINERS = frozenset({"the", "a", "an", "such", "that", "this", "said", "any", "each"})


def _right_after(text: str, quantity: numbers.Quantity, phrases: list[str]) -> bool:
    """One of the author's ``not_after`` phrases stands right before ``quantity`` (articles
    aside): "during the three-month period", "for a period of six (6) months"."""
    before = text[: quantity.start].lower().split()
    while before and before[-1] in _DETERMINERS:
        before.pop()
    tail = " ".join(before)
    return any(tail == phrase or tail.endswith(" " + phrase) for phrase in phrases)


_BRACKETS = re.compile(r"\[[^\[\]]*\]")
_INSTRUCTION = ("fill in", "insert", "enter ", "specify", "describe", "choose", "select")


def _in_drafting_note(text: str, quantity: numbers.Quantity) -> bool:
    """``quantity`` is inside a form's drafting note ("[Fill in payment schedule, e.g., 30 days from
    receipt of invoice, 60 days before event, etc.]"): an example for whoever fills the form in,
    not a term of the contract, so no limit rewrites it."""
    for match in _BRACKETS.finditer(text):
        if match.start() < quantity.start and quantity.end < match.end():
            inner = match.group()[1:-1].strip().lower()
            return inner.startswith(_INSTRUCTION) or "e.g." in inner or "for example" in inner
    return False


def _replace_edit(sentence: Sentence, after: str, model: TextModel | None = None) -> Edit:
    """The whole-wording replacement of ``sentence`` by ``after``, changing only the words that
    differ. What a lawyer keeps is left out of the replaced stretch: a clause heading and number
    that open the sentence in a PDF-extracted page ("6.0 Inventions and Proprietary Information
    6.1 CRO agrees ..."), and page furniture, which stays where it is (it is carried over as
    written, so the word-level edit leaves it untouched)."""
    start, text = sentence.start, sentence.text
    if model is not None:
        body = _body(sentence, model)
        start, text = body.start, body.text
        spans = [
            (a, b) for a, b in furniture_spans(model.paragraphs[sentence.paragraph_index].text)
            if start <= a and b <= start + len(text)
        ]  # fmt: skip
        if spans:
            lead = start
            while spans and spans[0][0] - lead <= 1 and spans[0][0] - start < len(text):
                lead = spans.pop(0)[1]  # furniture opening the sentence: not part of the edit
                while lead < start + len(text) and text[lead - start] in " \t\u00a0":
                    lead += 1
            text, start = text[lead - start :], lead
            kept = " ".join(model.paragraphs[sentence.paragraph_index].text[a:b] for a, b in spans)
            if kept:
                after = f"{after} {kept}"
    return minimal_replace(sentence.locator, start, text, after)




def _delete_edit(paragraph: Paragraph, start: int, end: int) -> Edit:
    """Strike a sentence: the whole paragraph if it is the only text, else the sentence and the
    white space that separates it from the next (or previous) one, so no double space remains."""
    text = paragraph.text
    if text[:start].strip() == "" and text[end:].strip() == "":
        if paragraph.part:  # a footnote or text box keeps its paragraph: only its words go
            return Edit(kind="replace", locator=paragraph.locator, before=text[start:end], after="", start=start)
        return Edit(kind="delete_paragraph", locator=paragraph.locator, before=text)
    if text[end:].strip():
        while end < len(text) and text[end] in " \t\u00a0":
            end += 1
    else:
        while start > 0 and text[start - 1] in " \t\u00a0":
            start -= 1
    return Edit(kind="replace", locator=paragraph.locator, before=text[start:end], after="", start=start)


def _sentence_after(sentence: Sentence, start: int, end: int, replacement: str) -> str:
    """The sentence as it reads after replacing [start, end) (paragraph offsets)."""
    local_start, local_end = start - sentence.start, end - sentence.start
    return sentence.text[:local_start] + replacement + sentence.text[local_end:]


def insertion_edit(point: InsertionPoint, text: str, next_insert: int) -> Edit:
    """The edit that puts a new clause at ``point``: a new paragraph after the anchor, or, inside
    a long paragraph (a PDF-extracted page), the clause written before the text that is there,
    pinned by that text so that a later insertion at the same place lands after this one."""
    if point.offset is None:
        return Edit(kind="insert_after", locator=point.locator, after=text, new_locator=f"n{next_insert}")
    return Edit(
        kind="replace", locator=point.locator, before=point.following, after=f"{text} {point.following}",
        start=point.offset,
    )


def _warned(proposal: Proposal, model: TextModel, parties: Parties | None) -> Proposal:
    """The proposal with the undefined terms its new wording uses (playbook or own wording)."""
    if proposal.action == "delete" or (proposal.action == "replace" and proposal.position is None
                                       and proposal.variant is None and not proposal.instruction):
        return proposal  # a number-only edit: no new wording
    if proposal.action == "replace" and proposal.value is not None and proposal.position is None:
        return proposal
    warnings = undefined_in(proposal.after, model, parties)
    return replace(proposal, warnings=warnings) if warnings else proposal


def _with_warnings(result: RuleResult, model: TextModel, parties: Parties | None) -> RuleResult:
    if not result.recommendations:
        return result
    return replace(result, recommendations=tuple(_warned(p, model, parties) for p in result.recommendations))


ADAPTED = "Adapted to this contract:"  # the sentence of an explanation that says what was adapted


def _adapted(proposal: Proposal, rule: Rule, model: TextModel) -> Proposal:
    """The proposal, its explanation saying which of the playbook's defined terms were written
    with the contract's own terms or in ordinary words (contracts/parties.py)."""
    if proposal.position is None and proposal.variant is None:
        return proposal
    notes = adaptations(rule, model, position=proposal.position, variant=proposal.variant)
    if not notes:
        return proposal
    return replace(proposal, explanation=f"{proposal.explanation} {ADAPTED} {'; '.join(notes)}.")


# --- clauses of another type ---------------------------------------------------------------------

# Types that say what a passage names, not what it is about: every passage scores some "parties".
_METADATA_TYPES = frozenset({"document-name", "parties", "agreement-date", "effective-date", "expiration-date"})
_PLAINLY = 0.8  # the clause holding the sentence is of this type (the category threshold is 0.5)
_FOREIGN = 0.1  # ... and the playbook's wording is plainly not
_CLAUSE_CHARS = 4000  # how far after the sentence the clause's passages are read


def _foreign_clause(rule: Rule, model: TextModel, sentence: Sentence) -> tuple[str, float] | None:
    """(type title, confidence) when the clause holding ``sentence`` is plainly of a type that the
    rule's preferred wording is not, so replacing the sentence would delete a clause of another
    kind; None otherwise (and always for rules that find their sentences by clause type, and when
    no clause model is installed).

    The clause is the numbered clause the sentence's text belongs to, up to the next clause of the
    same or a higher level (at most a few thousand characters on): in a PDF-extracted page the
    sentence a phrase finds is often the clause's opening line, and the clause's type shows in the
    passages after it ("6.1 CRO agrees ... (b) ... shall belong fully and exclusively to Client")."""
    if not rule.positions or getattr(rule.find, "clause", None):
        return None
    from contracts.clauses import BY_SLUG, SLUGS, ModelMissing, get_model

    try:
        clause_model = get_model()
        scored = clause_model.score(model)
        wording = clause_model.score(TextModel(paragraphs=(Paragraph(locator="p1", text=rule.positions[0]),)))
    except ModelMissing:
        return None
    start, end = _clause_extent(model, sentence)
    columns = [i for i, slug in enumerate(SLUGS) if slug not in _METADATA_TYPES]
    values = scored.columns(columns)
    mine = wording.columns(columns)
    best: tuple[float, int] | None = None
    for row, passage in enumerate(scored.passages):
        index = model.positions.get(passage.locator)
        if index is None or not (start <= (index, passage.start) < end):
            continue
        for k, column in enumerate(columns):
            confidence = float(values[k][row])
            if confidence >= _PLAINLY and (best is None or confidence > best[0]):
                best = (confidence, column)
    if best is None:
        return None
    confidence, column = best
    k = columns.index(column)
    if len(wording.passages) and float(mine[k].max()) >= _FOREIGN:
        return None
    title = BY_SLUG[SLUGS[column]].title
    if _rule_names_type(rule, title):
        # The rule is about this type of clause ("terminate" + "convenience" for Termination for
        # Convenience): its wording may read as another type to the model ("Provider may not
        # terminate for convenience", a negation), but the clause is the rule's own subject.
        return None
    return title, confidence


_TITLE_FILLER = frozenset({"of", "on", "for", "and", "or", "the", "to", "a", "an", "in", "with", "by", "no", "not"})


def _rule_names_type(rule: Rule, title: str) -> bool:
    """Whether the rule's find phrases or title name the clause type ``title``: a word of one
    shares its stem (its first six letters, or all of a shorter word) with a word of the other."""
    type_words = {w for w in re.findall(r"[a-z]+", title.lower()) if w not in _TITLE_FILLER}
    rule_text = " ".join((*rule.find.any, *rule.find.all, rule.title)).lower()
    rule_words = {w for w in re.findall(r"[a-z]+", rule_text) if w not in _TITLE_FILLER}

    def stem(word: str) -> str:
        return word[:6]

    return any(stem(a) == stem(b) for a in type_words for b in rule_words if min(len(a), len(b)) >= 3)


_WORD = re.compile(r"[a-z]{4,}")
# Words every sentence about the rule shares: they say nothing about which one the wording rewrites.
_COMMON = frozenset({
    "information", "confidential", "party", "parties", "shall", "other", "with", "such", "this", "that",
    "which", "their", "from", "have", "will", "agreement", "each", "either", "neither", "under", "than",
    "made", "must", "into", "only", "after", "before", "days", "written", "notice",
})  # fmt: skip


_MUTUAL = re.compile(r"^\s*(?:neither|each|either)\s+party\b", re.IGNORECASE)
_ONE_SIDED = re.compile(r"^\s*(?:the\s+)?[A-Z][\w&.\-]*(?:\s+[A-Z][\w&.\-]*){0,3}\s+(?:may|shall|will|must)\b")


# A one-way NDA's duties, owed by a role, in a list: "Recipient shall: (a) use Confidential
# Information solely for the Purpose; (b) not disclose ...; (c) protect ...".
_ROLE_DUTIES = re.compile(
    r"^\s*(?:(?:\d+(?:\.\d+)*\.?|\([a-z0-9]{1,4}\))\s+)?"
    r"(?P<subject>(?:the\s+)?(?P<role>Recipient|Receiving\s+Party|Disclosee))\s+(?:shall|will|must|agrees)\b",
    re.IGNORECASE,
)
_LIST = re.compile(r"\(a\).*\(b\)", re.DOTALL)


def _role_duties(sentence: Sentence, wording: str) -> re.Match[str] | None:
    """The subject of ``sentence`` when a mutual wording ("Each party (as "Recipient") shall
    protect ...") is to replace a list of one role's duties. Replaced whole, the sentence would
    lose every duty the wording does not restate (the use restriction, the limits on disclosure);
    the lawyer's edit is the subject: "Each party, as Recipient, shall: (a) ...". None otherwise."""
    if not _MUTUAL.match(wording) or not _LIST.search(sentence.text):
        return None
    return _ROLE_DUTIES.match(sentence.text)


_DUTY = r"(?:\s+[\w'\u2019]+){0,2}?\s+(?:shall|will|must|agrees|undertakes|covenants|holds?|keeps?)\b"


_FLAGGED = "The playbook flags this for the lawyer and proposes no edit."


def _flagged(result: RuleResult) -> RuleResult:
    """A ``flag_only`` rule's finding: the same evidence, no recommendation, and a message
    saying why there is nothing to accept (docs/playbook-format.md)."""
    message = " ".join(m for m in (result.message, _FLAGGED) if m)
    return replace(result, recommendations=(), message=message)


def _binds_only_them(sentence: Sentence, parties: Parties | None) -> str | None:
    """The other party's name when ``sentence`` puts a duty on it ("CONSULTANT agrees that ...
    CONSULTANT will keep confidential ...") and on nobody else: not on our party, not on "each
    party". None when the parties are unknown or the sentence binds us or both."""
    if parties is None or not parties.them:
        return None
    text = sentence.text
    them, us = (re.escape(re.sub(r"^the\s+", "", n, flags=re.IGNORECASE)) for n in (parties.them, parties.us))
    if re.search(r"\b(?:each|either|both|neither)\s+part(?:y|ies)\b", text, re.IGNORECASE):
        return None
    # The party as the subject of the duty, not "information ... of WGT will be treated as ...";
    # with its people in apposition: "BROOKS, its directors, employees, agents and representatives
    # shall not disclose ...", "(b) Seller will keep confidential ...".
    subject = r"(?:^(?:\d+(?:\.\d+)*\.?\s+|\(\w{1,4}\)\s+)?|[.;:,()]\s*|\b(?:that|and|then|which|who)\s+)(?:the\s+)?"
    people = r"(?:,[^.;:]{0,100}?,?)?"
    if us and re.search(rf"{subject}{us}\b{people}{_DUTY}", text):
        return None
    if not re.search(rf"{subject}{them}\b{people}{_DUTY}", text):
        return None
    return parties.them


def _with_one_sided_restatements(
    sentence: Sentence, found: list[Sentence], wording: str, document: PreparedDocument
) -> tuple[Sentence, list[Sentence]]:
    """``sentence`` extended over the sentences right after it that the rule also found and that
    say the same thing for one party ("Provider may assign ... without Customer's consent.
    Customer may not assign ... without Provider's prior written consent."), when the playbook's
    wording is mutual ("Neither party may assign ..."): the mutual sentence replaces both, as a
    lawyer rewrites the clause; left alone, the one-sided sentence would contradict it. Returns
    the sentence to replace and the sentences it took in."""
    if not _MUTUAL.match(wording):
        return sentence, []
    para = document.paragraphs[sentence.paragraph_index]
    text = para.paragraph.text
    words = set(_WORD.findall(wording.lower())) - _COMMON
    taken: list[Sentence] = []
    end = sentence.end
    for other in sorted((s for s in found if s.locator == sentence.locator and s.start >= end), key=lambda s: s.start):
        if text[end:other.start].strip() or not _ONE_SIDED.match(other.text) or _MUTUAL.match(other.text):
            break
        # The same restriction in the wording's own words ("... may not assign this Agreement
        # without ... prior written consent"), not another right that shares a word ("Customer
        # may assign its right to receive payments to a bank"): that one stays.
        own = set(_WORD.findall(other.lower)) - _COMMON
        if is_carve_out(other) or not own or len(own & words) * 2 < len(own):
            break
        taken.append(other)
        end = other.end
    if not taken:
        return sentence, []
    read = para.normalized.original[sentence.start:end]  # the paragraph with its furniture blanked
    normalized = normalize(read)
    merged = replace(sentence, end=end, text=text[sentence.start:end], read=read, norm=normalized.text,
                     lower=normalized.lower)
    return merged, taken


def _closest(found: list[Sentence], wording: str) -> Sentence:
    """The sentence the playbook's wording would replace: the one that shares most of its words
    (the confidentiality duty, not the exclusions from it), the first one on a tie. None of them
    has the required wording, so the one about the same thing is the one a lawyer rewrites."""
    words = set(_WORD.findall(wording.lower())) - _COMMON
    best, score = found[0], -1
    candidates = [s for s in found if not is_carve_out(s)] or found
    if _CONFIDENTIALITY_DUTY.search(normalize(wording).lower):
        # A duty of confidentiality rewrites the contract's duty, not a sentence that only mentions
        # confidential information (a flow-down, a legend, a remedy).
        candidates = [s for s in candidates if _CONFIDENTIALITY_DUTY.search(s.lower)] or candidates
    for sentence in candidates:
        shared = len(words & set(_WORD.findall(sentence.lower)))
        if shared > score:
            best, score = sentence, shared
    return best


_CARVE_OUT = re.compile(r"\b(?:does|do|shall|will)\s+not\s+(?:include|apply\s+to|extend\s+to)\b")


def is_carve_out(sentence: Sentence) -> bool:
    """An exclusion from the clause ("Confidential Information does not include ..."): the
    wording of an obligation never replaces it (that would delete the exclusions)."""
    return _CARVE_OUT.search(sentence.lower) is not None


_CONFIDENTIALITY_DUTY = re.compile(
    r"\b(?:keeps?|kept|holds?|held|maintain(?:s|ed)?|treat(?:s|ed)?|protect(?:s|ed)?|safeguards?|preserves?)\b[^.;]{0,100}"
    r"(?:\bconfiden|\bsecre|\bin\s+confidence)|\bnot\s+(?:to\s+)?(?:\w+\s+){0,2}(?:disclose|divulge|reveal|publish)"
    r"|\bconfiden\w*\s+(?:obligations?|duties)|\bnon-?disclosure\b"
)


def is_not_the_duty(rule: Rule, sentence: Sentence) -> bool:
    """The playbook's wording is a duty of confidentiality ("Each party shall keep the other
    party's Confidential Information confidential ...") and ``sentence`` states none: it only
    mentions confidential information ("No Third Party service provider or subcontractor shall be
    provided with Vericel's Confidential Information without first executing a confidentiality
    agreement ...", a flow-down to subcontractors; an audit clause's "Observations and conclusions
    of Vericel's audits ... shall be deemed Confidential Information"). Replacing it would delete
    what it says, and the duty the contract lacks would still be missing: the wording goes in as a
    clause of its own."""
    wording = normalize(rule.positions[0]).lower if rule.positions else ""
    return _CONFIDENTIALITY_DUTY.search(wording) is not None and _CONFIDENTIALITY_DUTY.search(sentence.lower) is None


def _defines(structure: Any, sentence: Sentence) -> bool:
    """``sentence`` is a definition, or in a numbered definition ("1.22 "Product Specifications"
    means ... All Product Specifications are subject to change ..."): a clause goes after the
    clause it belongs with, never among the definitions."""
    (start_index, start), _ = _clause_extent(structure.model, sentence)
    opening = (start_index, start) if (start_index, start) != (sentence.paragraph_index, sentence.start) else None
    for d in structure.terms.values():
        if d.how != "means":
            continue
        index = structure.model.positions.get(d.locator)
        if index == sentence.paragraph_index and sentence.start <= d.start < sentence.end:
            return True
        if opening is not None and index == opening[0] and 0 <= d.start - opening[1] <= 80:
            return True
    return False


def _definitions_lost(rule: Rule, model: TextModel, sentence: Sentence) -> list[str]:
    """The defined terms ``sentence`` defines ("... an initial term of seven (7) years ("Initial
    Term")", "1.12 The term "Term" shall mean ...") that the contract uses outside it and that the
    rule's wording does not define again: striking or replacing the sentence would leave them
    undefined. A lawyer never sends that."""
    structure = structure_of(model)
    wording = rule.positions[0] if rule.positions else ""
    lost = []
    for term, defined in structure.terms.items():
        if defined.locator != sentence.locator or not (sentence.start <= defined.start < sentence.end):
            continue
        if re.search(rf"[\"\u201c]{re.escape(term)}[\"\u201d]", wording):
            continue
        outside = 0
        for paragraph in model.paragraphs:
            for start in term_starts(term, paragraph.text):
                if paragraph.locator == sentence.locator and sentence.start <= start < sentence.end:
                    continue
                outside += 1
        if outside:
            lost.append(term)
    return lost


def _clause_extent(model: TextModel, sentence: Sentence) -> tuple[tuple[int, int], tuple[int, int]]:
    """[start, end) positions of the numbered clause whose text holds ``sentence``."""
    structure = structure_of(model)
    here = (sentence.paragraph_index, sentence.end)
    clause = None
    for number in structure.numbers:
        if (number.index, number.start) >= here:
            break
        if number.level != 9:
            clause = number
    if clause is None:
        return (sentence.paragraph_index, sentence.start), here
    end = structure.body_end
    stop = (end.index, end.offset)
    for number in structure.numbers:
        later = (number.index, number.start) > (clause.index, clause.start)
        if later and number.level != 9 and number.level <= clause.level:
            stop = min(stop, (number.index, number.start))
            break
    # At most a few thousand characters after the sentence: a clause number missed by the
    # structure model must not make the clause the rest of the contract.
    budget = _CLAUSE_CHARS
    index, offset = sentence.paragraph_index, sentence.start
    while index < len(model.paragraphs):
        room = len(model.paragraphs[index].text) - offset
        if room >= budget:
            stop = min(stop, (index, offset + budget))
            break
        budget -= room
        index, offset = index + 1, 0
    return (clause.index, clause.start), stop


# --- the engine --------------------------------------------------------------------------------


def _given_by_an_unsided_party(
    rule: Rule, result: RuleResult, document: PreparedDocument, parties: Parties, structure: Any
) -> RuleResult:
    """A clause the rule looks for from the other party (``{them}``), reported missing because
    which party is the other one is not known, may be in the contract under a party's own name
    ("VNE warrants that the Services ..."). The finding then quotes it and says so, on the card and
    in the proposal: if that party is the other side, the lawyer rejects the insertion, which would
    duplicate the clause; if it is ours, the clause is missing and the insertion stands (written
    with the parties' names once the lawyer sets them)."""
    ours = parties.us.lower().removeprefix("the ")
    for party in structure.parties:
        if ours and party.defined.lower() == ours:
            continue
        trial = Parties(us=parties.us, them=party.defined, side=parties.side)
        found = list(_CompiledFind.of(search_as(rule, trial, document.model).find).sentences(document))
        if not found:
            continue
        name = party.defined
        note = (
            f"The contract has a clause of this kind given by {name} (quoted), but which party is ours is not "
            f"known, so Redpen cannot tell whether {name} is the other party. If it is, the clause is there: "
            f"reject the insertion. If {name} is our party, the clause is missing. Set the parties on the review "
            "page to have the wording name them."
        )
        return replace(
            result, status="issue", evidence=tuple(s.evidence() for s in found[:3]), message=note,
            recommendations=tuple(replace(p, explanation=f"{note} {p.explanation}") for p in result.recommendations),
        )  # fmt: skip
    return result


class PlaybookEngine:
    version = ENGINE_VERSION

    # -- analysis --

    def analyze(
        self, model: TextModel, playbook: PlaybookSpec, *, citation_label: str = "", parties: Parties | None = None
    ) -> list[RuleResult]:
        document = PreparedDocument.build(model)
        label = citation_label or playbook.name
        inserts = 0
        results = []
        structure = structure_of(model)
        parties = parties or detect_parties(model, playbook.party)
        document.parties = parties
        for rule in playbook.rules:
            try:
                written = render_rule(rule, parties, structure)
                result = _with_warnings(
                    self._run_rule(written, document, label, model.next_insert + inserts), model, parties
                )
                if result.status == "missing" and not parties.them and searches_for_them(rule):
                    result = _given_by_an_unsided_party(rule, result, document, parties, structure)
                if rule.flag_only and result.status in ("issue", "missing"):
                    result = _flagged(result)
                if result.recommendations:
                    result = replace(
                        result, recommendations=tuple(_adapted(p, rule, model) for p in result.recommendations)
                    )
            except PatternRefused as exc:
                # Only a version stored before patterns ran on RE2 can get here: the loader refuses
                # such a pattern at upload.
                result = self._unchecked(rule, f"one of its patterns {exc}. Correct it in the playbook.")
            except ScanBudgetExceeded as exc:
                # The rules after it still run; those with patterns stop the same way.
                result = self._unchecked(rule, f"this analysis stopped running patterns: {exc}.")
            inserts += sum(1 for p in result.recommendations if p.edit.kind == "insert_after")
            results.append(result)
        if playbook.hygiene:
            from review.engine import hygiene

            results.extend(hygiene.results(model, citation_label=label))
        return results

    @staticmethod
    def _unchecked(rule: Rule, why: str) -> RuleResult:
        return RuleResult(
            rule_id=rule.id,
            title=rule.title,
            severity=rule.severity,
            status="not_found",
            message=f"Rule {rule.id} could not be checked: {why}",
        )

    def _run_rule(self, rule: Rule, document: PreparedDocument, label: str, next_insert: int) -> RuleResult:
        found = list(_CompiledFind.of(rule.find).sentences(document))
        kind = rule.check.kind
        base: dict[str, Any] = {"rule_id": rule.id, "title": rule.title, "severity": rule.severity}
        citation = f"{rule.id} @ {label}"
        guidance = f" Playbook guidance: {_quote(rule.guidance)}." if rule.guidance else ""

        if kind == "must_exist":
            if found:
                return RuleResult(**base, status="ok", evidence=tuple(s.evidence() for s in found))
            incorporated = structure_of(document.model).incorporated
            if incorporated:
                # A cover page or an order form: its terms are in the document it incorporates,
                # where this clause may well be; a clause inserted here would duplicate them.
                return RuleResult(
                    **base, status="missing",
                    message=(
                        "No clause of this kind was found in this document, but it incorporates terms it does not "
                        f"contain (\u201c{incorporated}\u201d): check them there. Nothing is inserted; add a change "
                        "where the document provides for changes to those terms."
                    ),
                )  # fmt: skip
            return RuleResult(
                **base,
                status="missing",
                recommendations=self._insert_missing(rule, document, citation, guidance, next_insert),
                message="No clause of this kind was found in the contract.",
            )
        if not found:
            return RuleResult(**base, status="not_found", message="No sentence of the contract is about this rule.")

        if kind in {"must_not_exist", "must_match", "must_not_match"}:
            if kind == "must_not_exist":
                failing = found
            elif kind == "must_match":
                pattern = compile_pattern(str(rule.check.value))
                passing = [s for s in found if bounded_search(pattern, s.norm, document.budget) is not None]
                if passing:
                    return RuleResult(**base, status="ok", evidence=tuple(s.evidence() for s in passing))
                failing = [_closest(found, rule.positions[0])] if rule.positions else found[:1]
                bound = _binds_only_them(failing[0], document.parties) if rule.positions else None
                if bound is not None and _MUTUAL.match(rule.positions[0]):
                    # "CONSULTANT will keep confidential and will not ... use Proprietary
                    # Information": a one-sided duty of the other party protects us. The mutual
                    # wording would weaken it and bind us too: the finding stands, no edit.
                    return RuleResult(
                        **base, status="issue", evidence=tuple(s.evidence() for s in found),
                        message=(
                            f"The sentence found binds only {bound}, which protects us; the playbook's "
                            "mutual wording would weaken that duty and bind us as well, so no edit is proposed."
                        ),
                    )  # fmt: skip
            else:
                pattern = compile_pattern(str(rule.check.value))
                failing = [s for s in found if bounded_search(pattern, s.norm, document.budget) is not None]
                if not failing:
                    return RuleResult(**base, status="ok", evidence=tuple(s.evidence() for s in found))
            reason = {
                "must_not_exist": "the playbook does not accept this clause",
                "must_match": "none of the sentences about this rule has the required wording",
                "must_not_match": "the sentence has wording the playbook does not accept",
            }[kind]
            evidence = found if kind == "must_match" else failing
            proposals: list[Proposal] = []
            notes: list[str] = []
            absorbed: set[tuple[str, int]] = set()
            for sentence in failing:
                if (sentence.locator, sentence.start) in absorbed:
                    continue
                if rule.positions and kind != "must_not_exist":
                    sentence, taken = _with_one_sided_restatements(sentence, found, rule.positions[0], document)
                    absorbed.update((s.locator, s.start) for s in taken)
                lost = _definitions_lost(rule, document.model, sentence)
                if lost:
                    # Striking or rewriting the sentence would leave a term the contract uses
                    # elsewhere undefined: the finding stands, the edit is the lawyer's.
                    terms = ", ".join(f"\u201c{t}\u201d" for t in lost)
                    notes.append(
                        f"The sentence found defines {terms}, which the contract uses elsewhere; "
                        "replacing or striking it would leave that undefined, so no edit is proposed."
                    )
                    continue
                foreign = _foreign_clause(rule, document.model, sentence)
                carve_out = kind == "must_match" and rule.positions and is_carve_out(sentence)
                mention = kind == "must_match" and rule.positions and is_not_the_duty(rule, sentence)
                if foreign is None and not carve_out and not mention:
                    wording = rule.positions[0] if kind == "must_match" and rule.positions else ""
                    role = _role_duties(sentence, wording) if wording else None
                    if role is not None:
                        proposals.append(self._mutual_role(rule, sentence, role, citation, guidance, reason))
                        continue
                    proposals.append(self._strike_or_replace(rule, document, sentence, citation, guidance, reason))
                    continue
                # The sentence sits in a clause of another type (an IP assignment found by a
                # confidentiality rule), or is an exclusion: replacing it would delete that clause.
                # A missing wording is proposed as a clause of its own; wording to remove is left
                # to the lawyer (docs/decisions/edits-a-lawyer-can-send.md, "Clauses of another type").
                if foreign is not None:
                    title, confidence = foreign
                    note = (
                        f"The sentence found is part of a clause of type \u201c{title}\u201d (clause model, "
                        f"confidence {confidence:.2f}), so the playbook's wording does not replace it."
                    )
                elif carve_out:
                    note = "The sentence found is an exclusion, so the playbook's wording does not replace it."
                else:
                    note = (
                        "The sentences found mention confidential information but none is a duty to keep "
                        "it confidential, so the playbook's wording does not replace them."
                    )
                notes.append(note)
                if kind == "must_match" and not proposals:
                    proposals.extend(
                        self._insert_missing(
                            rule, document, citation, f"{guidance} {note}", next_insert,
                            lead=f"{rule.title} ({citation}): {reason}.",
                        )
                    )  # fmt: skip
            return RuleResult(
                **base, status="issue", evidence=tuple(s.evidence() for s in evidence),
                recommendations=tuple(proposals), message=" ".join(dict.fromkeys(notes)),
            )  # fmt: skip

        return self._limit(rule, found, base, citation, guidance)

    def _insert_missing(
        self, rule: Rule, document: PreparedDocument, citation: str, guidance: str, next_insert: int,
        lead: str = "",
    ) -> tuple[Proposal, ...]:
        if not rule.positions or not document.paragraphs:
            return ()
        structure = structure_of(document.model)
        if structure.incorporated:
            return ()  # a cover page: the clause belongs in the terms it incorporates, not here
        point = None
        if rule.insert_after is not None:
            anchor = _CompiledFind.of(rule.insert_after)
            # The clause itself, not a heading of another clause run into its first sentence.
            # ... and among the clauses: not the recitals ("WHEREAS ... a warrant to purchase its
            # common stock") or a cover page before the first clause number.
            opening = next((n for n in structure.body_numbers if n.level != 9), None)
            begins = (opening.index, opening.start) if opening is not None else (0, 0)
            eligible = (
                s for s in anchor.sentences(document)
                # A heading's words ("1. Confidential Information") are not the clause: the
                # clause goes after a clause under it, never before the heading.
                if (s.paragraph_index, s.end) > begins and not _defines(structure, s)
                and s.paragraph_index not in structure.headings
                and anchor.matches(_body(s, document.model), document.budget)
            )  # fmt: skip
            first = _titled_first(eligible, anchor, document, structure)
            if first is not None and structure.in_body(first.paragraph_index, first.start):
                point = insertion_point(structure, after=(first.paragraph_index, first.end))
        if point is None:
            point = insertion_point(structure)
        if point is None:
            return ()
        text = rule.positions[0]
        shown = f"{point.number} {text}" if point.number else text
        edit = insertion_edit(point, shown, next_insert)
        numbered = f", numbered {point.number.strip('.')}" if point.number else ""
        lead = lead or f"{rule.title} ({citation}): the contract has no clause about this, and the playbook requires one."  # noqa: E501
        explanation = f"{lead}{guidance} Proposed: insert the playbook's preferred clause {point.where}{numbered}."
        return (
            Proposal(action="insert", edit=edit, before="", after=shown, explanation=_tidy(explanation), position=0),
        )

    def _mutual_role(
        self, rule: Rule, sentence: Sentence, role: re.Match[str], citation: str, guidance: str, reason: str
    ) -> Proposal:
        """"Recipient shall: (a) use ...; (b) not disclose ...; (c) protect ..." made to bind each
        party by its subject alone, every duty kept (see ``_role_duties``)."""
        name = role.group("role")
        after = f"Each party, as {name},"
        start = sentence.start + role.start("subject")
        before = role.group("subject")
        edit = Edit(kind="replace", locator=sentence.locator, before=before, after=after, start=start)
        explanation = (
            f"{rule.title} ({citation}): {reason}.{guidance} Evidence: {_quote(sentence.text)}. "
            f"The sentence lists several duties of one party as {name}; the playbook's wording would replace "
            f"them all with one. Proposed: change only {_quote(before)} to {_quote(after)}, so that every duty "
            "binds each party, and check that the definitions let either party be Discloser and Recipient."
        )
        return Proposal(
            action="replace",
            edit=edit,
            before=sentence.text,
            after=_sentence_after(sentence, start, start + len(before), after),
            explanation=_tidy(explanation),
        )

    def _strike_or_replace(
        self, rule: Rule, document: PreparedDocument, sentence: Sentence, citation: str, guidance: str, reason: str
    ) -> Proposal:
        evidence = f" Evidence: {_quote(sentence.text)}."
        if rule.positions:
            explanation = (
                f"{rule.title} ({citation}): {reason}.{guidance}{evidence} "
                "Proposed: replace the sentence with the playbook's preferred wording."
            )
            edit = _replace_edit(sentence, rule.positions[0], document.model)
            return Proposal(
                action="replace",
                edit=edit,
                before=sentence.text,
                after=_sentence_after(sentence, edit.start or 0, (edit.start or 0) + len(edit.before), edit.after),
                explanation=_tidy(explanation),
                position=0,
            )
        paragraph = document.paragraphs[sentence.paragraph_index].paragraph
        explanation = f"{rule.title} ({citation}): {reason}.{guidance}{evidence} Proposed: strike the sentence."
        return Proposal(
            action="delete",
            edit=_delete_edit(paragraph, sentence.start, sentence.end),
            before=sentence.text,
            after="",
            explanation=_tidy(explanation),
        )

    def _limit(self, rule: Rule, found: list[Sentence], base: dict, citation: str, guidance: str) -> RuleResult:
        kind = _LIMIT_KIND[rule.check.kind]
        limit = float(rule.check.value)
        is_max = rule.check.kind.startswith("max_")
        passing: list[Sentence] = []
        failing: list[Sentence] = []
        proposals: list[Proposal] = []
        words = _subject_words(rule)
        pinned = [w for w in (norm_phrase(x) for x in rule.check.near) if w]
        spans = [w for w in (norm_phrase(x) for x in rule.check.not_after) if w]
        for sentence in found:
            # One finding per sentence, on the quantity the rule is about (contracts/subject.py):
            # a notice-period rule never rewrites the renewal term beside the notice period.
            read = sentence.read or sentence.text
            if pinned and not any(w in sentence.lower for w in pinned):
                continue  # the author pinned the subject and this sentence does not name it
            quantities = [
                q for q in numbers.find_quantities(read, kind)
                if not _in_drafting_note(read, q) and not (spans and _right_after(read, q, spans))
            ]  # fmt: skip
            quantity = subject.pick(read, quantities, words)
            if quantity is None:
                continue
            if pinned and not _near(read, quantity, pinned):
                continue  # "3. Term and Renewal  The term ... five (5) years": a heading's word, far off
            if quantity.value > limit if is_max else quantity.value < limit:
                failing.append(sentence)
                proposals.append(self._number_proposal(rule, sentence, quantity, limit, is_max, citation, guidance))
            else:
                passing.append(sentence)
        if failing:
            return RuleResult(
                **base,
                status="issue",
                evidence=tuple(s.evidence() for s in failing),
                recommendations=tuple(proposals),
            )
        if passing:
            return RuleResult(**base, status="ok", evidence=tuple(s.evidence() for s in passing))
        # Sentences about the rule, but none states a figure: nothing to check.
        return RuleResult(
            **base,
            status="not_found",
            evidence=tuple(s.evidence() for s in found),
            message=f"Sentences about this rule were found, but none states a {_KIND_NOUN[kind]} to check.",
        )

    def _number_proposal(
        self,
        rule: Rule,
        sentence: Sentence,
        quantity: numbers.Quantity,
        limit: float,
        is_max: bool,
        citation: str,
        guidance: str,
    ) -> Proposal:
        kind = quantity.kind
        new_phrase = numbers.write_quantity(quantity, limit)
        start, end = sentence.start + quantity.start, sentence.start + quantity.end
        edit = Edit(kind="replace", locator=sentence.locator, before=quantity.phrase, after=new_phrase, start=start)
        bound = "at most" if is_max else "at least"
        explanation = (
            f"{rule.title} ({citation}): the contract says {_quote(quantity.phrase)} "
            f"({numbers.describe(quantity.value, kind)}); the playbook accepts {bound} "
            f"{numbers.describe(limit, kind)}.{guidance} Evidence: {_quote(sentence.text)}. "
            f"Proposed: change only {_quote(quantity.phrase)} to {_quote(new_phrase)}."
        )
        return Proposal(
            action="replace",
            edit=edit,
            before=sentence.text,
            after=_sentence_after(sentence, start, end, new_phrase),
            explanation=_tidy(explanation),
            value=limit,
        )

    # -- revision --

    def revise(self, request: RevisionRequest, model: TextModel) -> Proposal:
        parties = request.parties
        original = request.rule
        if parties is not None:
            request = replace(request, rule=render_rule(request.rule, parties, structure_of(model)))
        return _adapted(_warned(_Reviser(request, model).run(), model, parties), original, model)

    # -- re-anchoring --

    def reanchor(self, proposal: Proposal, model: TextModel) -> Proposal | None:
        return reanchor(proposal, model)


# --- revision ----------------------------------------------------------------------------------

_OWN_WORDING = re.compile(
    r"^\s*(?:please\s+)?(?:replace\s+(?:it\s+|this\s+|the\s+\w+\s+)?with|use\s+(?:this\s+|my\s+)?(?:own\s+)?wording"
    r"|own\s+wording|my\s+wording|wording|rewrite\s+as|change\s+(?:it\s+)?to)\s*:\s*(?P<text>.+?)\s*$",
    re.IGNORECASE | re.DOTALL,
)
_SOFTER = re.compile(
    r"\b(?:softer|fallback|fall\s+back|more\s+lenient|lenient|less\s+strict|weaker|looser|concede|next\s+position"
    r"|compromise)\b",
    re.IGNORECASE,
)
_PREFERRED = re.compile(r"\b(?:preferred|original\s+position|first\s+position|playbook\s+position)\b", re.IGNORECASE)
_STRICTER = re.compile(
    r"\b(?:stricter|tougher|harder|firmer|stronger|more\s+strict|previous\s+position)\b", re.IGNORECASE
)
_BARE_NUMBER = re.compile(r"^\D*?(\d[\d,]*(?:\.\d+)?)\D*$")
UNDERSTOOD = (
    "'softer' or 'fallback' (next position in the playbook), 'stricter' or 'preferred' (back towards the "
    "preferred position), a number such as '45 days', '2 years', '$2,000,000' or '10%', {variants}"
    "or your own text as 'replace with: ...'"
)


def is_own_wording(instruction: str) -> bool:
    """Whether a revision instruction gives the lawyer's own words ("replace with: ..."): those are
    applied as written, even over words an earlier accepted edit wrote."""
    return _OWN_WORDING.match(instruction.strip()) is not None


def _norm_instruction(text: str) -> str:
    return " ".join(text.lower().split()).strip(" .!")


@dataclass(frozen=True)
class _HistoryView:
    """What earlier decisions on the same rule say about this revision."""

    instructions: tuple[str, ...]
    rejected: dict[str, str]  # instruction -> rejection reason
    rejected_original: str | None  # reason the first recommendation was rejected, if it was

    @classmethod
    def of(cls, rule_id: str, history: tuple[HistoryItem, ...]) -> _HistoryView:
        instructions: list[str] = []
        rejected: dict[str, str] = {}
        rejected_original: str | None = None
        last_instruction: str | None = None
        for item in history:
            if item.rule_id != rule_id:
                continue
            if item.action == "revise":
                instructions.append(item.text)
                last_instruction = item.text
            elif item.action == "reject":
                if last_instruction is None:
                    rejected_original = item.text
                else:
                    rejected[_norm_instruction(last_instruction)] = item.text
                last_instruction = None
            else:
                last_instruction = None
        return cls(tuple(instructions), rejected, rejected_original)


class _Reviser:
    def __init__(self, request: RevisionRequest, model: TextModel) -> None:
        self.request = request
        self.rule = request.rule
        self.current = request.current
        self.model = model
        self.instruction = request.instruction.strip()
        self.history = _HistoryView.of(self.rule.id, request.history)
        self.citation = request.citation or self.rule.id
        self.limit_kind = _LIMIT_KIND.get(self.rule.check.kind)

    # The number phrase the current proposal changes, if it is a number-only edit.
    @cached_property
    def number_phrase(self) -> numbers.Quantity | None:
        edit = self.current.edit
        if edit.kind != "replace" or not edit.before:
            return None
        for kind in ("days", "amount", "percent"):
            for quantity in numbers.find_quantities(edit.before, kind):
                if quantity.start == 0 and quantity.end == len(edit.before):
                    return quantity
        return None

    def run(self) -> Proposal:
        if not self.instruction:
            raise RevisionError(f"The instruction is empty. Understood: {self._understood()}.")
        own = _OWN_WORDING.match(self.instruction)
        if own:
            return self._own_wording(own.group("text").strip().strip("\"'\u201c\u201d\u2018\u2019").strip())
        variant = self._variant_name()
        if variant is not None:
            return self._with_text(
                self.rule.variant_map[variant], what=f"the playbook's {variant!r} wording", variant=variant
            )
        if _PREFERRED.search(self.instruction):
            return self._ladder_to(0)
        if _SOFTER.search(self.instruction):
            return self._ladder_to(self._ladder_index() + 1)
        if _STRICTER.search(self.instruction):
            return self._ladder_to(self._ladder_index() - 1)
        quantity = self._instruction_quantity()
        if quantity is not None:
            return self._number(quantity)
        raise RevisionError(f"Could not understand {self.instruction!r}. Understood: {self._understood()}.")

    def _understood(self) -> str:
        names = ", ".join(f"'{name}'" for name, _ in self.rule.variants)
        return UNDERSTOOD.format(variants=f"a variant of this rule ({names}), " if names else "")

    # -- the pieces of a new proposal --

    def _explain(self, what: str, extra: str = "", position: int | None = None) -> str:
        parts = [f"{self.rule.title} ({self.citation}): revised as asked ({_quote(self.instruction, 120)}): {what}."]
        if extra:
            parts.append(extra)
        if self.rule.guidance:
            parts.append(f"Playbook guidance: {_quote(self.rule.guidance)}.")
        if self.history.instructions:
            earlier = ", ".join(_quote(i, 80) for i in self.history.instructions)
            parts.append(f"Earlier instructions on this rule: {earlier}.")
        reason = self.history.rejected.get(_norm_instruction(self.instruction))
        if reason is not None:
            because = f" (reason given: {_quote(reason, 160)})" if reason else ""
            parts.append(
                f"Note: {_quote(self.instruction, 80)} was already tried on this rule and its result was "
                f"rejected{because}."
            )
        if self.history.rejected_original is not None and position == 0:
            # Going back to the wording the lawyer already rejected once.
            because = (
                f" (reason: {_quote(self.history.rejected_original, 160)})" if self.history.rejected_original else ""
            )
            parts.append(f"The playbook's first recommendation for this rule was rejected earlier{because}.")
        return _tidy(" ".join(parts))

    def _insertion(self, text: str) -> tuple[str, Edit]:
        """New wording for an insertion, placed and numbered as the current one is (the clause
        number it was given, and the text it is pinned before inside a paragraph)."""
        number = leading_number(self.current.after)
        if number and not leading_number(text):
            text = f"{number} {text}"
        edit = self.current.edit
        if edit.kind == "insert_after":
            return text, replace(edit, after=text)
        return text, replace(edit, after=f"{text} {edit.before}")

    def _sentence_target(self) -> tuple[str, int, str, str, int]:
        """(locator, start, before, suffix, shown_start) of the text a whole-wording change
        replaces.

        The sentence (or sentences) holding the current edit, in the current version, without
        its clause number (``shown_start`` is where the sentence starts with its number, for what
        the card shows); for a struck sentence, the sentence without the white space the strike
        took (kept as ``suffix`` so the new wording stays separated)."""
        edit = self.current.edit
        if edit.kind == "delete_paragraph":
            return edit.locator, 0, edit.before, "", 0
        assert edit.start is not None
        if not edit.after and edit.before.strip() != edit.before:
            stripped = edit.before.strip()
            lead = len(edit.before) - len(edit.before.lstrip())
            suffix = edit.before[lead + len(stripped) :]
            return edit.locator, edit.start + lead, stripped, suffix, edit.start + lead
        paragraph = self.model.find(edit.locator)
        if paragraph is None:
            raise RevisionError("The sentence this recommendation changes is no longer in the document.")
        text = paragraph.text
        end = edit.start + len(edit.before)
        spans = [(a, b) for a, b in split_sentences(text) if a <= end and edit.start <= b]
        if not spans:
            return edit.locator, edit.start, edit.before, "", edit.start
        first, last = min(a for a, _ in spans), max(b for _, b in spans)
        first, last = min(first, edit.start), max(last, end)
        lead = clause_number_length(text[first:last])
        return edit.locator, first + lead, text[first + lead : last], "", first

    def _with_text(
        self,
        text: str,
        *,
        what: str,
        position: int | None = None,
        variant: str | None = None,
        value: float | None = None,
    ) -> Proposal:
        text = text.strip()
        if not text:
            raise RevisionError("The new wording is empty.")
        edit = self.current.edit
        if self.current.action == "insert":
            text, new_edit = self._insertion(text)
            return Proposal(
                action="insert", edit=new_edit, before="", after=text, explanation=self._explain(what, "", position),
                position=position, variant=variant, value=value, instruction=self.instruction,
            )  # fmt: skip
        locator, start, before, suffix, shown_start = self._sentence_target()
        if edit.kind == "delete_paragraph":
            new_edit = minimal_replace(locator, 0, before, text)
            shown_before, shown_after = before, text
        else:
            number = self.model.get(locator).text[shown_start:start]
            lead = clause_number_length(text)
            if number and lead and text[:lead].strip() == number.strip():
                text = text[lead:]  # the wording came with the clause's own number
            after = text + suffix if suffix and before else text
            new_edit = minimal_replace(locator, start, before + suffix, after)
            shown_before, shown_after = number + before, number + text
        if new_edit.before == new_edit.after:
            raise RevisionError("The contract already reads like this; there is nothing to change.")
        return Proposal(
            action="replace", edit=new_edit, before=shown_before, after=shown_after,
            explanation=self._explain(what, "", position),
            position=position, variant=variant, value=value, instruction=self.instruction,
        )  # fmt: skip

    # -- instruction kinds --

    def _variant_name(self) -> str | None:
        lowered = self.instruction.lower()
        for name, _ in self.rule.variants:
            if re.search(rf"(?<!\w){re.escape(name.lower())}(?!\w)", lowered):
                return name
        return None

    def _ladder_index(self) -> int:
        return self.current.position if self.current.position is not None else 0

    def _ladder_to(self, index: int) -> Proposal:
        positions = self.rule.positions
        if not positions:
            raise RevisionError(
                f"Rule {self.rule.id} has no positions to move between. Give a number or your own wording "
                "('replace with: ...')."
            )
        if index >= len(positions):
            raise RevisionError(
                f"This is already the most lenient position the playbook allows for rule {self.rule.id} "
                f"(position {len(positions)} of {len(positions)}). Give your own wording ('replace with: ...') "
                "if you want to go further."
            )
        if index < 0:
            raise RevisionError(
                f"This is already the playbook's preferred (strictest) position for rule {self.rule.id}."
            )
        text = positions[index]
        label = "preferred position" if index == 0 else f"fallback position {index} of {len(positions) - 1}"
        if self.limit_kind is not None and self.number_phrase is not None:
            # A number-only recommendation moves along the ladder by the positions' figures.
            figures = numbers.find_quantities(text, self.limit_kind)
            if figures:
                return self._number_from_value(
                    figures[0].value, what=f"the playbook's {label}", position=index, quantity=figures[0]
                )
        return self._with_text(text, what=f"the playbook's {label}", position=index)

    def _instruction_quantity(self) -> numbers.Quantity | None:
        kinds: list[numbers.QuantityKind] = ["days", "amount", "percent"]
        if self.limit_kind is not None:
            kinds.remove(self.limit_kind)
            kinds.insert(0, self.limit_kind)
        for kind in kinds:
            found = numbers.find_quantities(self.instruction, kind)
            if found:
                return found[0]
        bare = _BARE_NUMBER.match(self.instruction)
        target_kind = self.limit_kind or (self.number_phrase.kind if self.number_phrase else None)
        if bare and target_kind is not None:
            figure = float(bare.group(1).replace(",", ""))
            unit = "day" if target_kind == "days" else ""
            return numbers.Quantity(target_kind, 0, 0, bare.group(1), figure, figure, unit, {"form": "digits"})
        return None

    def _number(self, quantity: numbers.Quantity) -> Proposal:
        return self._number_from_value(quantity.value, what=f"use {_quote(quantity.phrase)}", quantity=quantity)

    def _number_from_value(
        self, value: float, *, what: str, quantity: numbers.Quantity, position: int | None = None
    ) -> Proposal:
        phrase = self.number_phrase
        extra = self._limit_note(value, quantity.kind)
        if phrase is not None:
            if phrase.kind != quantity.kind:
                raise RevisionError(
                    f"This recommendation changes a {_KIND_NOUN[phrase.kind]} ({phrase.phrase!r}); "
                    f"{quantity.phrase!r} is a {_KIND_NOUN[quantity.kind]}."
                )
            new_phrase = self._write_like(phrase, quantity, value)
            edit = self.current.edit
            assert edit.start is not None
            sentence_start, sentence = self._sentence_of(edit.locator, edit.start)
            local = edit.start - sentence_start
            after_sentence = sentence[:local] + new_phrase + sentence[local + len(edit.before) :]
            return Proposal(
                action="replace", edit=replace(edit, after=new_phrase), before=sentence, after=after_sentence,
                explanation=self._explain(f"{what}, written {_quote(new_phrase)}", extra, position),
                position=position, value=value, instruction=self.instruction,
            )  # fmt: skip
        # A clause proposal (replace or insert): change the figure inside the proposed wording.
        wording = self.current.after
        figures = numbers.find_quantities(wording, quantity.kind)
        target = subject.pick(wording, figures, _subject_words(self.rule))
        if target is None:
            raise RevisionError(
                f"The proposed wording has no {_KIND_NOUN[quantity.kind]} to change to {quantity.phrase!r}. "
                f"Understood: {self._understood()}."
            )
        new_phrase = self._write_like(target, quantity, value)
        text = wording[: target.start] + new_phrase + wording[target.end :]
        return self._with_text(
            text, what=f"{what} in the proposed wording", position=self.current.position, value=value
        ) if self.current.action != "insert" else Proposal(
            action="insert", edit=self._insertion(text)[1], before="", after=self._insertion(text)[0],
            explanation=self._explain(f"{what} in the proposed clause", extra), position=self.current.position,
            value=value, instruction=self.instruction,
        )  # fmt: skip

    @staticmethod
    def _write_like(phrase: numbers.Quantity, quantity: numbers.Quantity, value: float) -> str:
        if phrase.kind == "days" and quantity.unit in {"week", "month", "year"} and quantity.style.get("form") != "net":
            # "use 2 years": keep the lawyer's unit, in the document's number style.
            return numbers.write_duration(
                phrase, quantity.number, quantity.unit, quantity.style.get("qual", "").lower()
            )
        if phrase.kind == "days" and quantity.style.get("qual"):
            return numbers.write_duration(phrase, quantity.number, "day", quantity.style["qual"].lower())
        return numbers.write_quantity(phrase, value)

    def _sentence_of(self, locator: str, offset: int) -> tuple[int, str]:
        text = self.model.get(locator).text
        for start, end in split_sentences(text):
            if start <= offset < end:
                return start, text[start:end]
        return 0, text

    def _limit_note(self, value: float, kind: numbers.QuantityKind) -> str:
        if self.limit_kind != kind:
            return ""
        limit = float(self.rule.check.value)
        is_max = self.rule.check.kind.startswith("max_")
        if (value > limit) if is_max else (value < limit):
            bound = "at most" if is_max else "at least"
            return (
                f"This goes beyond the playbook, which accepts {bound} {numbers.describe(limit, kind)}; "
                "it may need approval."
            )
        return ""

    def _own_wording(self, text: str) -> Proposal:
        phrase = self.number_phrase
        if phrase is not None:
            figures = numbers.find_quantities(text, phrase.kind)
            if len(figures) == 1 and figures[0].start == 0 and figures[0].end == len(text):
                edit = self.current.edit
                assert edit.start is not None
                sentence_start, sentence = self._sentence_of(edit.locator, edit.start)
                local = edit.start - sentence_start
                return Proposal(
                    action="replace", edit=replace(edit, after=text), before=sentence,
                    after=sentence[:local] + text + sentence[local + len(edit.before) :],
                    explanation=self._explain(f"the lawyer's own figure {_quote(text)}"),
                    value=figures[0].value, instruction=self.instruction,
                )  # fmt: skip
        return self._with_text(text, what="the lawyer's own wording")


# --- re-anchoring ------------------------------------------------------------------------------


def reanchor(proposal: Proposal, model: TextModel) -> Proposal | None:
    """Re-point ``proposal`` at ``model`` (a later version) when it still applies exactly.

    - replace: the same paragraph with ``before`` at the same offset (unchanged), else at one
      unique other offset in that paragraph, else in exactly one other paragraph;
    - delete_paragraph: the paragraph still reads ``before``, else exactly one paragraph does;
    - insert_after: the anchor paragraph still exists (a taken ``new_locator`` is renumbered).
    Anything else returns None: the workflow re-runs the rule rather than apply blind.
    """
    if proposal.action == "insert":
        return _reanchor_insert(proposal, model)
    return _reanchor_edit(proposal, model)


def _reanchor_insert(proposal: Proposal, model: TextModel) -> Proposal | None:
    """An insertion keeps the order insertions were accepted in: after the paragraphs that
    accepted insertions added right after its anchor (they are the clauses inserted before it),
    or, inside a paragraph, before the same following text, which an earlier insertion pushed
    along. Its typed number moves on when an accepted insertion took it."""
    edit = proposal.edit
    if edit.kind == "insert_after" and edit.locator in model.positions:
        index = model.positions[edit.locator]
        while index + 1 < len(model.paragraphs) and model.paragraphs[index + 1].locator.startswith("n"):
            index += 1
        if model.paragraphs[index].locator != edit.locator:
            proposal = replace(proposal, edit=replace(edit, locator=model.paragraphs[index].locator))
    anchored = _reanchor_edit(proposal, model)
    if anchored is None:
        return None
    renumbered = renumber_clause(anchored.after, structure_of(model))
    if renumbered == anchored.after:
        return anchored
    new_edit = anchored.edit
    if new_edit.after.startswith(anchored.after):
        new_edit = replace(new_edit, after=renumbered + new_edit.after[len(anchored.after) :])
    return replace(anchored, edit=new_edit, after=renumbered)


def _reanchor_edit(proposal: Proposal, model: TextModel) -> Proposal | None:
    edit = proposal.edit
    if edit.kind in DECISION_KINDS:
        # A decision on their tracked change names its revision in that paragraph: it never
        # moves to another paragraph; within it, only its text's offset may have shifted.
        paragraph = model.find(edit.locator)
        if paragraph is None:
            return None
        if edit.start is None:
            return proposal if paragraph.text == edit.before else None
        if paragraph.text.startswith(edit.before, edit.start):
            return proposal
        offsets = _occurrences(paragraph.text, edit.before) if edit.before else []
        return replace(proposal, edit=replace(edit, start=offsets[0])) if len(offsets) == 1 else None
    if edit.kind == "insert_after":
        if edit.locator not in model.positions:
            return None
        number = re.fullmatch(r"n(\d+)", edit.new_locator or "")
        if edit.new_locator in model.positions or number is None or int(number.group(1)) < model.next_insert:
            # That locator was used by an accepted insert meanwhile: take the next free one.
            return replace(proposal, edit=replace(edit, new_locator=f"n{model.next_insert}"))
        return proposal
    if edit.kind == "delete_paragraph":
        paragraph = model.find(edit.locator)
        if paragraph is not None and paragraph.text == edit.before:
            return proposal
        matches = [p for p in model.paragraphs if p.text == edit.before]
        return replace(proposal, edit=replace(edit, locator=matches[0].locator)) if len(matches) == 1 else None
    if not edit.before:
        return proposal if edit.locator in model.positions else None
    paragraph = model.find(edit.locator)
    if paragraph is not None:
        if edit.start is not None and paragraph.text.startswith(edit.before, edit.start):
            return proposal
        offsets = _occurrences(paragraph.text, edit.before)
        if len(offsets) == 1:
            return replace(proposal, edit=replace(edit, start=offsets[0]))
        if offsets:
            return None  # ambiguous within its own paragraph
    hits = [(p.locator, o) for p in model.paragraphs for o in _occurrences(p.text, edit.before)]
    if len(hits) == 1:
        locator, start = hits[0]
        return replace(proposal, edit=replace(edit, locator=locator, start=start))
    return None


def _occurrences(text: str, needle: str) -> list[int]:
    found = []
    position = text.find(needle)
    while position >= 0:
        found.append(position)
        position = text.find(needle, position + 1)
    return found
