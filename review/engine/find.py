"""Stage 1, find (docs/architecture.md "The engine"): the document prepared once per analysis and the
sentences a rule's ``find`` selects.

Performance: a document is prepared once per call (normalised paragraph text, sentence spans on
demand, cached by paragraph text); a rule first checks its phrases against the whole document and
then each paragraph with plain substring tests, so sentence splitting and regexes only run on the
few paragraphs that can match.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, cached_property

from contracts.document import structure_of
from contracts.naming import Parties
from contracts.normalize import Normalized, norm_phrase, normalize
from contracts.sentences import is_heading_only, split_sentences, title_words
from contracts.structure import mask_furniture
from documents.docx.model import Paragraph, TextModel
from playbooks.rules import Find, ScanBudget, bounded_search, compile_pattern
from review.engine.base import Evidence


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
        # A table that summarises the clauses is blanked too: the clause it summarises decides
        # (contracts/structure.py ``Structure.summary_cells``).
        summary = structure_of(model).summary_cells
        paragraphs = [
            _Para(i, p, normalize(" " * len(p.text) if i in summary else mask_furniture(p.text)))
            for i, p in enumerate(model.paragraphs)
        ]
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
    def cited_titles(self) -> tuple[str, ...]:
        """The titles of the document's clauses, as written, that another clause can cite by name
        ("... abide by Keep License Keys Confidential and Secure and Follow Rules About Use"):
        three words or more, so that a defined term set as a title ("Confidential Information")
        is not one."""
        titles = {title_words(p.normalized.text) for p in self.paragraphs if p.paragraph.text.strip()}
        return tuple(sorted(t for t in titles if len(t.split()) >= 3))

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

    @cached_property
    def _key_terms(self) -> dict[str, tuple[str, float, int, int]]:
        """Slug -> (locator, confidence, start, end) of the passage each key term's value was read
        from (contracts/keyterms.py, the review page's key terms), for the terms with a value."""
        from contracts.keyterms import key_terms

        return {
            term.slug: (term.passage.locator, term.passage.confidence, term.passage.start, term.passage.end)
            for term in key_terms(self.model)
            if term.value and term.passage is not None
        }

    def key_term_spans(self, slug: str) -> dict[str, dict[int, float]]:
        """Locator -> {sentence start: confidence} of the sentences the key terms read ``slug``'s
        value from, where they read one: a date, a law or a renewal the review page shows is never
        reported missing because the clause model did not score its passage as that type."""
        found = self._key_terms.get(slug)
        if found is None:
            return {}
        locator, confidence, start, end = found
        index = self.model.positions.get(locator)
        if index is None:
            return {}
        starts = {s.start: confidence for s in self.paragraphs[index].sentences if s.start < end and s.end > start}
        return {locator: starts} if starts else {}


@cache
def _key_term_slugs() -> frozenset[str]:
    """The clause types the key terms read a value for (imported when first needed: the key
    terms bring the clause model's package)."""
    from contracts.keyterms import KEY_TERMS

    return frozenset(slug for slug, _ in KEY_TERMS)


# Anchors, and lookarounds that can see past a sentence ("(?!.*breach)"), make a paragraph-level
# match differ from a sentence-level one. Outside a character class only (rough but safe: a false
# positive only costs speed).
_ANCHORED = re.compile(r"(?<!\\)(?<!\[)\^|(?<!\\)\$|\\[AZz]|\(\?<?[!=][^)]*\.[*+{]")


@dataclass(frozen=True)
class CompiledFind:
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

    # Whether a clause's title alone may match: only where a rule names a clause to insert after
    # ("insert_after: {any: [acknowledgment of proprietary interest]}"), never for what a rule reads.
    headings: bool = False

    @classmethod
    def of(cls, find: Find, *, headings: bool = False) -> CompiledFind:
        anchored = bool(find.regex) and _ANCHORED.search(find.regex or "") is not None
        return cls(
            any=tuple(t for t in (norm_phrase(x) for x in find.any) if t),
            all=tuple(t for t in (norm_phrase(x) for x in find.all) if t),
            pattern=compile_pattern(find.regex) if find.regex else None,
            paragraph_prefilter=not anchored,
            clause=getattr(find, "clause", None),
            min_confidence=getattr(find, "min_confidence", None),
            none=tuple(t for t in (norm_phrase(x) for x in getattr(find, "none", ())) if t),
            headings=headings,
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
        if not self.headings and is_heading_only(sentence.text):
            # A clause's title ("4. Non-Solicitation.") names the clause but is not it: never the
            # evidence a rule reads, nor the text it replaces or strikes.
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
                if self.matches(sentence, document.budget) and not self._only_in_cited_titles(sentence, document):
                    yield sentence

    def _only_in_cited_titles(self, sentence: Sentence, document: PreparedDocument) -> bool:
        """Whether every word of ``any`` that the sentence holds is inside another clause's title
        cited by name: "abide by Keep License Keys Confidential and Secure" points at a clause on
        licence keys; it is no confidentiality clause, nor text for one to replace."""
        if not self.any or self.headings or not document.cited_titles:
            return False
        spans = [(m.start(), m.end()) for title in document.cited_titles if title in sentence.norm
                 and title != sentence.norm.strip(" .:") for m in re.finditer(re.escape(title), sentence.norm)]
        if not spans:
            return False
        hits = [m.start() for term in self.any for m in re.finditer(re.escape(term), sentence.lower)]
        return bool(hits) and all(any(a <= at < b for a, b in spans) for at in hits)

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
        if not spans and self.min_confidence is None and self.clause in _key_term_slugs():
            spans = document.key_term_spans(self.clause)
        for para in document.paragraphs:
            starts = spans.get(para.paragraph.locator)
            if not starts:
                continue
            for sentence in para.sentences:
                confidence = starts.get(sentence.start)
                if confidence is not None and self.matches(sentence, document.budget):
                    yield replace(sentence, clause_type=self.clause or "", confidence=confidence)


def body_sentences(find: Find, document: PreparedDocument) -> list[Sentence]:
    """The sentences of the body (after the opening, before the signatures and schedules) that
    meet ``find``: a rule's ``present_when`` and ``insert_when`` read the contract's own clauses."""
    structure = structure_of(document.model)
    return [s for s in CompiledFind.of(find).sentences(document) if structure.in_body(s.paragraph_index, s.start)]


# A list item's label typed in its text ("(i) defend ...", "a) pay ...", "1. ...", a bullet); an item may also be
# numbered by Word (``Paragraph.num_id``).
LIST_LABEL = re.compile(r"^\s*(?:\(?(?:[a-z0-9]{1,3}|[ivxl]{1,6})[.)]|[\u2022\u00b7\-\u2013])\s")
LIST_REACH = 12  # items of one list read from or back to its lead-in, at most
_LEAD_IN_CHARS = 300  # a lead-in's last sentence, at most
# Items a lead-in without a colon runs into: labelled in any case ("I.", "II.", "a)"), never a bullet.
_ITEM_LABEL_ANY_CASE = re.compile(r"^\s*\(?(?:[a-z0-9]{1,3}|[ivxl]{1,6}|[IVXL]{1,6})[.)]\s")


def is_list_item(paragraph: Paragraph) -> bool:
    return bool(paragraph.num_id) or LIST_LABEL.match(paragraph.text) is not None


def list_lead_in(paragraphs: Sequence[Paragraph], index: int) -> int | None:
    """The index of the lead-in (a paragraph ending with a colon) of the list whose item paragraph ``index`` is,
    read back over the items before it (a lead-in may itself be a Word-numbered item of an outer level); None when
    ``index`` is no item, or its list has no such lead-in."""
    if not is_list_item(paragraphs[index]):
        return None
    level = paragraphs[index].num_level
    for back in range(index - 1, max(-1, index - 1 - LIST_REACH), -1):
        paragraph = paragraphs[back]
        text = paragraph.text.strip()
        if not text:
            continue
        if text.endswith(":") and (not paragraph.num_id or paragraph.num_level < level or not is_list_item(paragraph)):
            return back
        if not is_list_item(paragraph):
            return None
    return None


def lead_in_sentences(find: Find, document: PreparedDocument) -> list[Sentence]:
    """The body's list items that meet ``find`` when read after the lead-in that opens their list
    ("LimePoint will:" / "(i) defend or, at its option, settle any ... proceeding ... alleging that any part
    of the Products ... infringes a patent"): the clause a rule's ``present_when`` looks for, written as a
    list, whose actor and act stand in different paragraphs. Each found item is returned as written."""
    compiled = CompiledFind.of(find)
    structure = structure_of(document.model)
    found: list[Sentence] = []
    paragraphs = document.paragraphs
    for index, para in enumerate(paragraphs):
        ending = para.paragraph.text.rstrip()
        # (a lead-in ends with a colon, or runs into its items without one: "we agree to defend you ... from and
        # against any Claims ... arising out of" / "I. ...; and" / "II. a successful claim that the Software ...
        # infringes ...", round 32)
        if not para.sentences or not (ending.endswith(":") or ending[-1:].isalpha()):
            continue
        lead = para.sentences[-1]
        if len(lead.norm) > _LEAD_IN_CHARS:
            continue
        items = LIST_LABEL if ending.endswith(":") else _ITEM_LABEL_ANY_CASE
        for following in paragraphs[index + 1 : index + 1 + LIST_REACH]:
            label = items.match(following.paragraph.text)
            if not label:
                break
            for sentence in following.sentences:
                # (the item read without its label, whose full stop would end the sentence: "II. a successful ...")
                norm, lower = sentence.norm, sentence.lower
                if sentence.start == 0:
                    norm, lower = norm[label.end() :], lower[label.end() :]
                joined = replace(sentence, norm=f"{lead.norm} {norm}", lower=f"{lead.lower} {lower}")
                if compiled.matches(joined, document.budget) and structure.in_body(
                    sentence.paragraph_index, sentence.start
                ):
                    found.append(sentence)
    return found


def sentence_body(sentence: Sentence, model: TextModel) -> Sentence:
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
