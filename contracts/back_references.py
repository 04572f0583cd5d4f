"""Back-references: what a sentence takes from the text before it, and whether an edit took it away.

A contract's sentence often leans on the one before: "However, (a) Usage Data ... must be aggregated
before it can be used for these purposes", "In that event ...", "Such notice shall ...". When an
edit replaces or strikes the sentence that "these purposes" or "that event" stood for, what is left
speaks of something the contract no longer says, and the redline cannot be sent.

``lost_reference`` answers, for one sentence the edit leaves as it is, whether it leans on text the
edit removes: a noun phrase opened by "such", "these", "those", "this", "the foregoing" ...
whose noun the removed text holds and neither the text kept before it nor the new wording does;
an event or case ("In that event") whose condition only the removed text stated; a sentence opening
with a connective ("However,", "Notwithstanding the foregoing,", "Accordingly,") right after the
sentence the edit struck, or right after one it rewrote when the sentence goes on about terms only
the removed text named ("However, Usage Data ..." once the new wording speaks of Customer Content
alone). A reference that still finds what it refers to, in the kept text or in the new wording, is
none. The edit checker (review/engine/proof.py) holds such an edit back; the drafting stage
(review/engine/draft.py ``with_dependent_sentences``) takes such sentences into the replacement.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from contracts.furniture import is_furniture
from contracts.sentences import is_heading_only, split_sentences

if TYPE_CHECKING:
    from contracts.structure import Structure

# A noun phrase that points back: "such use", "these purposes", "those Services", "this restriction",
# "the foregoing obligations", "the aforesaid notice".
_POINTER = re.compile(
    r"(?<![\w-])(?:(?P<det>[Ss]uch|[Tt]hese|[Tt]hose|[Tt]his|[Tt]he\s+(?:said|aforesaid|aforementioned|foregoing|"
    r"above(?:[- ]mentioned)?|preceding))|(?P<bare>[Aa]foresaid|[Aa]forementioned))\s+(?P<rest>[^.;:()]{0,60})"
)
# The words a pointer can take before its noun that say nothing of what it points at.
_FILLERS = frozenset({"other", "additional", "further", "same", "reasonable", "applicable", "relevant",
                      "respective", "particular", "specific", "new", "written", "prior"})  # fmt: skip
# Words that end a noun phrase (or show the pointer is no pointer: "such as", "this is").
_STOPS = frozenset({
    "as", "that", "which", "who", "whom", "whose", "is", "are", "was", "were", "be", "been", "shall", "will",
    "may", "must", "can", "could", "would", "should", "has", "have", "had", "does", "do", "of", "to", "for",
    "in", "on", "at", "by", "with", "from", "under", "within", "before", "after", "and", "or", "nor", "but",
    "if", "unless", "until", "upon", "without", "than", "the", "a", "an", "its", "their", "his", "her", "it",
    "they", "he", "she", "we", "you", "not", "no", "any", "all", "each", "every", "extent", "manner", "way",
    "time", "times", "period", "date", "case", "event", "events", "cases", "party", "parties", "person",
    "persons", "thereof", "hereof", "herein", "hereunder", "there", "here", "day", "days", "week", "weeks",
    "month", "months", "quarter", "quarters", "year", "years", "include", "includes", "including", "mean",
    "means", "apply", "applies", "constitute", "constitutes", "remain", "remains",
})  # fmt: skip
# A figure opens a period, not a pointer ("such sixty (60) day period", "these three").
_NUMBER_WORD = re.compile(
    r"^(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\w+teen|twenty|thirty|forty|fifty|sixty|"
    r"seventy|eighty|ninety|hundred|first|second|third|\d)",
    re.IGNORECASE,
)
# What "this" and "these" name in every contract without pointing at a sentence before: the
# document and its parts ("this Agreement", "this Section 4", "these Terms").
_DOCUMENT = frozenset({
    "agreement", "agreements", "amendment", "addendum", "section", "sections", "subsection", "subsections",
    "clause", "clauses", "article", "articles", "paragraph", "paragraphs", "schedule", "schedules", "exhibit",
    "exhibits", "appendix", "appendices", "annex", "annexes", "attachment", "attachments", "contract",
    "document", "instrument", "nda", "dpa", "sla", "msa", "sow", "order", "terms", "letter", "license",
    "licence", "lease", "plan", "policy", "provision", "provisions", "part", "chapter", "recital", "recitals", "page",
    "reference",
})  # fmt: skip
# What "the preceding sentence" and "the foregoing" stand for: the text right before, whatever it says.
_SENTENCE = frozenset({"sentence", "sentences", "foregoing", "above", "preceding"})

# A sentence that opens by leaning on the one before it.
_CONNECTIVE = re.compile(
    r"^\W{0,3}(?:(?:\(?[a-z0-9]{1,3}[.)]\s+))?(?P<word>However|Nevertheless|Nonetheless|Notwithstanding\s+(?:the\s+"
    r"(?:foregoing|above|preceding(?:\s+sentence)?)|this|that)|Despite\s+the\s+foregoing|Subject\s+to\s+the\s+"
    r"(?:foregoing|above)|Except\s+as\s+(?:aforesaid|set\s+(?:forth|out)\s+above|provided\s+above)|Otherwise|"
    r"Instead|Accordingly|Therefore|Thus|Consequently|As\s+a\s+result|Thereafter|Thereupon)\b"
)
# A sentence that opens on an event or case the sentence before set out ("If ..., ... . In that
# event, ...").
_EVENT = re.compile(
    r"^\W{0,3}(?P<word>In\s+(?:that|such|either|which|any\s+such)\s+(?:event|case|circumstances?)|If\s+(?:so|not)(?=\s*,)|"
    r"Where\s+this\s+is\s+the\s+case)\b",
    re.IGNORECASE,
)
_CONDITION = re.compile(
    r"\b(?:if|in\s+the\s+event|should|unless|where|when|whenever|upon|in\s+case|provided\s+that|to\s+the\s+extent)\b",
    re.IGNORECASE,
)
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
# A term a sentence goes on about: a capitalised run ("Usage Data", "Customer Content").
_TERM = re.compile(r"(?<![\w-])[A-Z][a-z][\w-]*(?:\s+(?:of\s+)?[A-Z][a-z][\w-]*)*")
# Capitalised words that open sentences or name the parties' roles in every clause: no subject of
# their own.
_COMMON_TERMS = frozenset({
    "however", "nevertheless", "nonetheless", "notwithstanding", "accordingly", "therefore", "thus",
    "consequently", "otherwise", "instead", "thereafter", "thereupon", "despite", "subject", "except", "in",
    "if", "the", "each", "either", "neither", "any", "all", "such", "this", "these", "those", "nothing", "no",
    "agreement", "party", "parties", "section", "effective date", "provider", "customer", "company",
    "client", "vendor", "supplier", "licensor", "licensee", "recipient", "discloser", "disclosing party",
    "receiving party",
})  # fmt: skip


def _stem(word: str) -> str:
    """A crude stem, so that "purposes" finds "purpose" and "used" finds "use"."""
    word = word.lower().strip("'-")
    if word.endswith("'s"):
        word = word[:-2]
    for suffix in ("ing", "ies", "ed", "es", "s", "d"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)] + ("y" if suffix == "ies" else "")
            break
    return word[:6]


def _stems(text: str) -> set[str]:
    return {_stem(w) for w in _WORD.findall(text)}


@dataclass(frozen=True)
class Reference:
    """A back-reference in a sentence: ``text`` as written ("these purposes"), ``start`` its
    offset in the sentence; ``kind`` "pointer" for a noun phrase, "event" for a case or event the
    sentence before set out, "connective" for a sentence that answers the one before."""

    text: str
    start: int
    kind: str = "pointer"


def _noun_phrase(rest: str) -> list[str]:
    """The words of the noun phrase after a pointer ("de-identified data before ..." -> the two
    words), empty when there is none ("such as", "this is", "such Party's")."""
    words: list[str] = []
    at = 0
    for match in _WORD.finditer(rest):
        if rest[at : match.start()].strip():
            break  # "such opinion, such counsel": the phrase ends at the comma
        if not words and match.start():
            return []  # "the foregoing, Provider ...": no noun after the pointer
        word = match.group(0)
        lower = word.lower().removesuffix("'s").removesuffix("\u2019s")
        if lower in _STOPS:
            break
        if words and words[-1][:1].isupper() and not word[:1].isupper():
            break  # a term ends at the first word in lower case ("these Services according to ...")
        at = match.end()
        if lower in _FILLERS and not words:
            continue
        words.append(word)
        if len(words) == 3:
            break
    return words


# "such types of insurance, in such amounts, as we may require": "such ... as" names what follows.
_CORRELATIVE = re.compile(r"^[^.;]{0,50}?(?<![\w-])as(?![\w-])")


def pointers(sentence: str) -> list[tuple[Reference, list[str]]]:
    """The noun phrases of ``sentence`` that point back, each with its words ("these purposes" ->
    ["purposes"]). The document and its parts ("this Agreement", "these Terms") are left out, and
    so are the sentence-words ("the preceding sentence", "the foregoing"), which ``foregoing``
    reads."""
    found: list[tuple[Reference, list[str]]] = []
    for match in _POINTER.finditer(sentence):
        words = _noun_phrase(match.group("rest"))
        if not words:
            continue
        det = (match.group("det") or "").lower()
        if det == "such" and _CORRELATIVE.match(match.group("rest")):
            continue
        if _NUMBER_WORD.match(words[0]) or (det in ("this", "these") and words[-1].isupper() and len(words[-1]) > 1):
            continue  # a period ("such sixty (60) day period"), the document ("this JSMA")
        head = words[-1].lower()
        if head in _DOCUMENT or head in _SENTENCE or any(w.lower() in _DOCUMENT for w in words):
            continue
        end = match.start("rest") + match.group("rest").find(words[-1]) + len(words[-1])
        found.append((Reference(sentence[match.start() : end], match.start()), words))
    return found


# "the foregoing", "the above" standing for the text before, whatever it says (not "the foregoing
# obligations", a noun phrase ``pointers`` reads); "the preceding sentence", for the one right before.
_FOREGOING = re.compile(
    r"(?<![\w-])the\s+(?:foregoing|above)(?![\w-])"
    r"(?!\s+(?!shall\b|will\b|may\b|does\b|do\b|is\b|are\b|applies\b|apply\b|notwithstanding\b)[a-z]{3,})"
    r"|(?<![\w-])the\s+(?:preceding|previous|foregoing|last)\s+sentence(?![\w-])",
    re.IGNORECASE,
)
# A connective that answers what comes before as a whole ("Notwithstanding the foregoing"), not the
# sentence right before ("However", "Accordingly").
_GENERAL = re.compile(r"(?:Notwithstanding|Despite|Subject|Except)\b(?!.*\bsentence\b)")


def _states_something(text: str) -> bool:
    """``text`` holds a sentence that is more than a clause's title."""
    return any(not is_heading_only(text[a:b]) for a, b in split_sentences(text))


def _condition_lost(removed: str, available: str) -> bool:
    return bool(_CONDITION.search(removed)) and not _CONDITION.search(available)


def _terms_lost(sentence: str, removed: str, available: str) -> list[str]:
    """The capitalised terms ``sentence`` goes on about that only the removed text named."""
    lost = []
    lowered = available.lower()
    for match in _TERM.finditer(sentence):
        term = match.group(0)
        if term.lower() in _COMMON_TERMS or (match.start() == 0 and " " not in term):
            continue
        if term in removed and term.lower() not in lowered:
            lost.append(term)
    return lost


def lost_reference(sentence: str, *, before: str, removed: str, written: str, follows: bool) -> Reference | None:
    """The back-reference of ``sentence`` (a sentence an edit leaves as it is, after the text it
    removes) that loses what it refers to, None when every one keeps it.

    ``before``: the text kept before ``sentence`` in its clause, the edit's new wording left out;
    ``removed``: what the edit removes; ``written``: its new wording ("" for a strike); ``follows``:
    ``sentence`` comes right after the removed text, which took most of the sentence before it (a
    connective there leaned on it)."""
    if not removed.strip() or is_heading_only(removed.strip()):
        return None  # a title struck or rewritten: what its clause says is still there
    available = f"{before} {written}"
    have = _stems(available)
    gone = _stems(removed)
    for reference, words in pointers(sentence):
        # What the sentence says before the pointer counts as well ("Distributor may use the Marks
        # but such use ...").
        own = sentence[: reference.start]
        head = _stem(words[-1])
        if words[-1][:1].isupper():
            # A term ("such Services"): what it points at is the term as the text before names it.
            phrase = " ".join(words)
            if phrase in removed and phrase.lower() not in f"{available} {own}".lower():
                return reference
            continue
        if head in gone and head not in have and head not in _stems(own):
            return reference
    if not follows:
        return None
    event = _EVENT.match(sentence)
    if event is not None:
        if not written.strip() or _condition_lost(removed, available):
            return Reference(event.group("word"), event.start("word"), "event")
        return None
    connective = _CONNECTIVE.match(sentence)
    foregoing = _FOREGOING.search(sentence)
    if not written.strip():
        # The sentence it answered is struck: "However," now answers another. "Notwithstanding the
        # foregoing" and "the above" still find what the clause says before, if it says anything.
        general = bool(_GENERAL.match(connective.group("word"))) if connective is not None else False
        if connective is not None and not (general and _states_something(before)):
            return Reference(connective.group("word"), connective.start("word"), "connective")
        if foregoing is not None and ("sentence" in foregoing.group(0).lower() or not _states_something(before)):
            return Reference(foregoing.group(0), foregoing.start(), "connective")
        return None
    if connective is not None and _terms_lost(sentence, removed, available):
        return Reference(connective.group("word"), connective.start("word"), "connective")
    return None


def clause_before(structure: Structure, index: int, offset: int, *, reach: int = 4) -> str:
    """The text of the clause holding paragraph ``index`` before ``offset``: the paragraph up to
    there, and the paragraphs before it back to the one that opens the clause (a clause number or
    a heading), at most ``reach`` of them: what a sentence there may still refer back to."""
    model = structure.model
    parts = [model.paragraphs[index].text[:offset]]

    def opens(k: int) -> bool:
        number = structure.number_of(k)
        return k in structure.headings or (number is not None and number.level != 9)

    k = index
    while reach > 0 and k > 0 and not opens(k):
        k -= 1
        paragraph = model.paragraphs[k]
        if not paragraph.text.strip() or is_furniture(paragraph.text) or paragraph.part:
            continue
        parts.insert(0, paragraph.text)
        reach -= 1
    return " ".join(parts)
