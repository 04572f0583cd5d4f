"""The passages a clause model scores: sentences with the structure around them. Pure, no ORM.

A passage is one sentence of a paragraph (``contracts/sentences.py``), with the heading of the
section it sits in (the last heading paragraph before it) and the inline title of its own
paragraph ("7.2 Governing Law. This Agreement ..."). Headings are context, never evidence:
a passage that is only a heading is marked ``heading`` and is never returned as a clause (the one
exception is the contract's title, which is what CUAD's "Document Name" labels).

The same code cuts training text (CUAD's plain text, one paragraph a line) and a .docx text
model, so the model sees at run time what it was trained on.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from contracts.sentences import split_sentences

_LABEL = re.compile(
    r"^\s*(?:(?:section|article|clause|part)\s+)?(?:\(?[0-9]{1,3}(?:\.[0-9]{1,3})*\.?\)?|\(?[a-z]\)|\(?[ivxlc]{1,6}\)|[ivxlc]{1,6}\.)\s+",
    re.IGNORECASE,
)
_SMALL = frozenset({"of", "and", "or", "the", "to", "for", "in", "on", "a", "an", "by", "with", "as", "upon", "not"})
_MAX_HEADING_WORDS = 10
_TRAILING = ".:;-\u2013\u2014 "
_MAX_CONTEXT = 160  # characters of heading kept as context
# A list item, "(d) By either party upon sixty (60) days ...": its lead-in ("This Agreement may be
# terminated:") is context it would otherwise lose. Only parenthesised labels: "7.2" starts a section.
_ITEM = re.compile(r"^\s*\(?(?:[a-z]|[ivx]{1,5}|\d{1,2}|[A-Z])\)\s")
_MAX_LEAD_IN = 300  # characters of lead-in kept as context (the end of it, nearest the item)


# A form's conditional markers around a label: "{IF has_sla}SLA", "{END IF}" (Common Paper's
# cover pages). Not placeholders such as "{customer_name}", nor a filing's "{***}".
_TEMPLATE_MARK = re.compile(r"\{(?:IF|ELSE|ELSEIF|END\s?IF|/IF)\b[^{}]{0,80}\}")


def is_heading(text: str) -> bool:
    """A line that only names a section: "7. LIMITATION OF LIABILITY", "Governing Law.",
    "ARTICLE 5 - TERM", a form's label "{IF has_insurance}Insurance Minimums". Short, no
    verb-bearing lower-case run, ends without a clause."""
    if "{" in text:
        text = _TEMPLATE_MARK.sub(" ", text)
    whole = text.strip()
    if len(whole.rstrip(_TRAILING).split(None, _MAX_HEADING_WORDS + 3)) > _MAX_HEADING_WORDS + 3:
        return False  # fast path: a label is at most two words, so more than ten words would remain
    stripped = _LABEL.sub("", whole, count=1).strip().rstrip(_TRAILING)
    if not stripped:
        return bool(text.strip())  # a bare number such as "7." is structure too
    words = stripped.split()
    if len(words) > _MAX_HEADING_WORDS or len(stripped) > 120:
        return False
    letters = [c for c in stripped if c.isalpha()]
    if not letters:
        return True
    if all(c.isupper() for c in letters):
        return True
    return all(w[:1].isupper() or not w[:1].isalpha() or w.lower() in _SMALL for w in words)


# A table of contents' line: clause numbers, each with a title and perhaps its page ("Section
# 4.1 Default 19 Section 4.2 Termination of Warranties 20", "11.1 Assignment 28 11.2 Further
# Actions 28", "7. Limitation of Liability ........ 12").
_CONTENTS_ENTRY = re.compile(
    r"(?:(?:section|article|clause|schedule|exhibit|annex)\s+)?\d{1,3}(?:\.\d{1,3})*\.?\s+"
    r"(?P<title>[^\d\s.][^\s]*(?:\s+[^\d\s.][^\s]*)*)"  # words that do not start with a digit
    r"(?P<page>(?:\s*\.{2,}\s*|\t+|\s+)\d{1,3}(?![.\d]))?\s*",  # a page, not the next number
    re.IGNORECASE,
)


def is_contents(text: str) -> bool:
    """A line of a table of contents: two or more numbered titles, each perhaps with its page,
    or one with a dot leader or a tab before its page. Structure, like a heading: never
    evidence of a clause."""
    whole = text.strip()
    if len(whole) > 600 or not whole[:1].isalnum():
        return False
    position, entries, leader = 0, 0, False
    while position < len(whole):
        entry = _CONTENTS_ENTRY.match(whole, position)
        if entry is None or entry.end() == position:
            return False
        title = entry.group("title").rstrip(" .:;-")
        if not title or not is_heading(title):
            return False
        page = entry.group("page") or ""
        leader = leader or ".." in page or "\t" in page
        entries += 1
        position = entry.end()
    return entries >= 2 or leader


@dataclass(frozen=True)
class Passage:
    locator: str
    paragraph_index: int
    start: int  # offsets in the paragraph's text
    end: int
    text: str
    heading: str  # section heading and inline title, "" when none
    is_heading: bool
    # One item of a list run into its paragraph (``list_items``), read besides the sentences it
    # spans or sits in: never one of the passages ``detect`` returns.
    item: bool = False


def _clean_heading(text: str) -> str:
    return " ".join(_LABEL.sub("", text.strip(), count=1).split())[:_MAX_CONTEXT]


def cut(paragraphs: Iterable[tuple[str, str]]) -> list[Passage]:
    """Passages of ``(locator, text)`` paragraphs, in document order.

    A passage's heading context is its section heading, its paragraph's inline title and, for a
    list item, the lead-in of its list: the last sentence ending in a colon, kept over the list
    items that follow it (in its own paragraph and in later paragraphs that start with an item
    label), dropped at the first paragraph that is not an item. An item's own lead-in nests under
    the list's ("(a) by Magenta upon:" under "This Agreement may be terminated:")."""
    passages: list[Passage] = []
    section = ""
    lead = ""
    for index, (locator, text) in enumerate(paragraphs):
        if not text.strip():
            continue
        spans = split_sentences(text)
        if not spans:
            continue
        first = text[spans[0][0] : spans[0][1]]
        first_heading = is_heading(first)
        if first_heading or not _ITEM.match(first):
            lead = ""
        if len(spans) == 1 and first_heading:
            section = _clean_heading(text)
            start, end = spans[0]
            passages.append(Passage(locator, index, start, end, text[start:end], section, True))
            continue
        title = _clean_heading(first) if first_heading else ""
        context = " ".join(x for x in (section, title) if x)
        for position, (start, end) in enumerate(spans):
            sentence = text[start:end]
            heading_only = (first_heading if position == 0 else is_heading(sentence)) or is_contents(sentence)
            heading = f"{context} {lead}" if lead else context
            passages.append(Passage(locator, index, start, end, sentence, heading, heading_only))
            stripped = sentence.rstrip()
            if stripped.endswith(":") and not heading_only:
                lead = ((lead + " ") if lead and _ITEM.match(sentence) else "") + stripped
                lead = lead[-_MAX_LEAD_IN:]
    return passages


def cut_text(text: str) -> tuple[list[Passage], list[int]]:
    """Passages of a plain text (one paragraph a line) and each line's offset in ``text``."""
    lines = text.split("\n")
    offsets, position = [], 0
    for line in lines:
        offsets.append(position)
        position += len(line) + 1
    return cut((f"p{i + 1}", line) for i, line in enumerate(lines)), offsets


# An item of a list run on in one paragraph, after the separator that ends the item before it
# ("You must:   5.1.1 operate ...;   5.1.2 ...; and   5.1.25 ...", "... as follows: (a) ...; (b)
# ..."). Multi-level numbers and bracketed labels only: a bare "5." after a colon is as often an
# amount or a date.
_INLINE_ITEM = re.compile(
    r"[;:]\s+(?:(?:and|or)\s+)?"
    r"(?P<label>\d{1,3}(?:\.\d{1,3}){1,3}\.?|\((?:[a-zA-Z]{1,2}|[ivxlIVXL]{1,5}|\d{1,2})\)|[a-z]\))\s+(?=\w)"
)
_ITEM_OPENS = re.compile(r"\s*(?:\d{1,3}(?:\.\d{1,3}){1,3}\.?|\((?:[a-zA-Z]{1,2}|[ivxlIVXL]{1,5}|\d{1,2})\)|[a-z]\))\s")
_MAX_ITEM = 2000  # characters of one item read as a passage


def list_items(paragraphs: Sequence[tuple[str, str]], passages: Sequence[Passage]) -> list[Passage]:
    """The items of lists run on in one paragraph that run past a full stop, each as one passage
    from its label to the separator before the next item (``Passage.item``).

    The sentence splitter cuts at full stops, and a list's items end in semicolons: an item is then
    the tail of one sentence and perhaps the head of the next ("...;   5.1.22 after the Effective
    Date, maintain ... insurance of the types ... we specify in the Standards." / "All such insurance
    must be with insurers ..." / "If you fail ... insurance;   5.1.23 not share ..."), and no
    passage holds the obligation the item states whole: each of its pieces reads weakly as its
    type, drowned in the other items or cut from them. An item stops at a sentence that is a
    heading or opens a clause of its own, at most ``_MAX_ITEM`` characters on; a list's last item,
    a lead-in and an item inside one sentence are not read alone (below)."""
    by_paragraph: dict[int, list[Passage]] = {}
    for passage in passages:
        by_paragraph.setdefault(passage.paragraph_index, []).append(passage)
    found: list[Passage] = []
    for index, sentences in by_paragraph.items():
        locator, text = paragraphs[index]
        if ";" not in text and ":" not in text:
            continue
        separators = list(_INLINE_ITEM.finditer(text))
        if not separators:
            continue
        starts = [m.start("label") for m in separators]
        first = sentences[0]
        if first.start < starts[0] and _ITEM_OPENS.match(first.text) and not first.is_heading:
            starts.insert(0, first.start)
        if len(starts) < 2:
            continue  # one label after a colon is no list ("payable as follows: 12.5 percent ...")
        # An item ends at the separator before the next: where the last one ends, its own words
        # going on or the paragraph's after the list, cannot be told, so it is not read alone.
        stops = [m.start() + 1 for m in separators if m.start("label") > starts[0]]
        at = 0  # the first sentence that may hold the item's start (items come in order)
        for start, stop in zip(starts, stops, strict=False):
            while at < len(sentences) and sentences[at].end <= start:
                at += 1
            if at == len(sentences):
                break
            holder, end, crosses = sentences[at], start, False
            for sentence in sentences[at:]:
                if sentence.start > start and (sentence.is_heading or _ITEM_OPENS.match(sentence.text)):
                    break  # a title or a clause of its own, not the item going on
                if sentence.start >= stop or sentence.start - start >= _MAX_ITEM:
                    break
                crosses = crosses or sentence.start > start
                end = min(sentence.end, stop, start + _MAX_ITEM)
            while end > start and text[end - 1].isspace():
                end -= 1
            if text[start:end].endswith(":"):
                continue  # a lead-in: no clause without the items it introduces
            if not crosses:
                # An item inside one sentence is held whole by it, as the model was trained to read
                # it; alone, a short item is a phrase whose one word outweighs what it says ("(x)
                # insurance premiums;" among a fund's expenses, "(b) ... may be terminated at any time
                # by either party ... if the other party:" without its grounds).
                continue
            found.append(Passage(locator, index, start, end, text[start:end], holder.heading, False, item=True))
    return found


TITLE_SLUG = "document-name"
_TITLE_PARAGRAPHS = 8  # a title sits in the first few paragraphs


EXCLUSIVITY_SLUG = "exclusivity"
# Types whose passage always names what it is about: a change of control names control, a merger,
# an acquisition, ownership or shares (or an assignment by operation of law); a warranty duration
# names a period. A passage with none of these words is never evidence of the type, whatever else
# its words share with one (an assignment clause, a warranty with no period). Non-competes are
# worded too variously for such a list ("it will not, directly or indirectly, ... be interested
# in ..."): one was tried and lost real ones.
# Substrings, tested with ``in`` (far cheaper than a regular expression's alternation, on every
# passage of a 400-page contract); the spelled-out numbers only as whole words.
KIND_WORDS: dict[str, tuple[str, ...]] = {
    "change-of-control": (
        "control", "merg", "acqui", "reorgani", "consolidat", "substantially all", "ownership", "beneficial",
        "voting", "stock", "shares", "equity", "owned", "sale of", "sell", "transfer", "operation of law",
    ),
    "warranty-duration": ("year", "month", "day", "period", "term", "life", "expir", "until", "after"),
}  # fmt: skip
_PERIOD_NUMBER = re.compile(r"\d|\b(?:one|two|three|six|twelve|thirty|sixty|ninety)\b")


def names_its_kind(slug: str, lower: str) -> bool:
    """Whether a passage (lower case) has one of its type's words (``KIND_WORDS``)."""
    if any(word in lower for word in KIND_WORDS[slug]):
        return True
    return slug == "warranty-duration" and _PERIOD_NUMBER.search(lower) is not None


_NON_EXCLUSIVE = re.compile(r"\bnon[\s\-\u2010\u2011]?exclusive(?:ly)?\b")


def only_non_exclusive(text: str) -> bool:
    """The passage's only "exclusive" is "non-exclusive" ("appoints Distributor ... as a
    nonexclusive distributor", "a non-exclusive, royalty-free licence"): the opposite of an
    exclusive dealing commitment, whatever else its words share with one."""
    lower = text.lower()
    if "xclusiv" not in lower or _NON_EXCLUSIVE.search(lower) is None:
        return False
    return "exclusiv" not in _NON_EXCLUSIVE.sub(" ", lower)


def allowed(passages: Sequence[Passage], slugs: Sequence[str], *, kinds: bool = True) -> np.ndarray:
    """Which (passage, category) pairs may be evidence: never a heading alone, except the
    contract's own title for its name; never a passage whose only "exclusive" is
    "non-exclusive" for Exclusivity; never a passage without its type's words (``KIND_WORDS``;
    ``kinds=False`` leaves that test to the caller: run time makes it for a type when the type is
    first asked for, ``model.Scored``)."""
    not_heading = np.array([not p.is_heading for p in passages], dtype=bool)
    mask = np.repeat(not_heading[:, None], len(slugs), axis=1)
    if TITLE_SLUG in slugs:
        early = np.array([p.paragraph_index < _TITLE_PARAGRAPHS for p in passages], dtype=bool)
        mask[:, list(slugs).index(TITLE_SLUG)] |= early
    if EXCLUSIVITY_SLUG in slugs:
        opposite = np.array([only_non_exclusive(p.text) for p in passages], dtype=bool)
        mask[:, list(slugs).index(EXCLUSIVITY_SLUG)] &= ~opposite
    if not kinds:
        return mask
    lower = [p.text.lower() for p in passages] if any(s in KIND_WORDS for s in slugs) else []
    for slug in KIND_WORDS:
        if slug in slugs:
            named = np.array([names_its_kind(slug, t) for t in lower], dtype=bool)
            mask[:, list(slugs).index(slug)] &= named
    return mask


def feature_texts(passages: Sequence[Passage]) -> tuple[list[str], list[str]]:
    """(passage texts, heading texts) as the vectorisers read them."""
    return [p.text for p in passages], [p.heading for p in passages]
