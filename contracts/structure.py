"""The structure of a contract, read from its text model: pure, no ORM, no XML.

What a lawyer sees when they open a contract: the clause numbers (typed "4.2", "(a)",
"Section 5", "Article IV", or rendered by Word from its numbering definitions), the headings
and the section each paragraph belongs to, the execution (signature) block and the schedules
after it, the parties and their defined names, the defined terms and the cross-references.

``structure_of(model)`` computes it once per text model and caches it on the model (a text
model is immutable, and a decision makes a new one), so the engine can ask for it on every rule.

Positions are (paragraph index, character offset) pairs: PDF-extracted contracts hold many
clauses, and often the signature block, inside one long paragraph, so a clause or a block can
start in the middle of a paragraph.

Decisions written down in docs/decisions/contract-structure.md.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

from documents.docx.model import Paragraph, TextModel

_CACHE_KEY = "_redpen_structure"

# --- clause numbers ----------------------------------------------------------------------------

NumberKind = Literal["typed", "numbering"]


@dataclass(frozen=True)
class ClauseNumber:
    """One clause number. ``parts`` is the number's path ("9.4" -> ("9", "4"), "(b)" under 3
    -> ("3", "b")); ``label`` how it reads ("9.4", "(b)", "Section 5", "IV").

    ``start``/``end`` are offsets in the paragraph's text for a typed number; a number rendered
    by Word is not in the text (``start == end == 0``)."""

    index: int
    locator: str
    start: int
    end: int
    label: str
    parts: tuple[str, ...]
    kind: NumberKind
    # How a typed number is written, to write the next one alike: "{n}." / "{n}" / "Section {n}." ...
    template: str = "{n}"
    level: int = 0  # 0 for a top-level clause ("5."), 1 for "5.1", ...
    weak: bool = False  # read with little context: kept only when it is the sequence's next number

    @property
    def top(self) -> str:
        return self.parts[0] if self.parts else ""


_ROMAN = re.compile(r"^(?=[IVXLC])M{0,3}(C[MD]|D?C{0,3})(X[CL]|L?X{0,3})(I[XV]|V?I{0,3})$", re.IGNORECASE)
_ROMAN_VALUES = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100, "d": 500, "m": 1000}

# A typed number at the start of a paragraph: "4.", "4.2", "4.2.1.", "Section 4.2", "Article IV",
# "ARTICLE 4", "Clause 7", "(a)", "(iv)", "(3)", "a)".
_LEADING = re.compile(
    r"^[ \t\u00a0]*(?:(?P<word>Section|SECTION|Article|ARTICLE|Clause|CLAUSE)[ \t\u00a0]+"
    r"(?P<wnum>\d{1,3}(?:\.\d{1,3}){0,3}|[IVXLC]{1,7})(?P<wdot>[.:])?"
    # A lettered number ("9.4A", "10A.") is how an inserted clause is numbered between two others.
    r"|(?P<num>\d{1,3}(?:\.\d{1,3}){1,3}[A-H]?|\d{1,3}[A-H](?=[.)])|\d{1,3})(?P<dot>\.|\))?"
    r"|\((?P<paren>[a-z]{1,2}|[ivxl]{1,6}|[A-Z]|\d{1,2})\)"
    r"|(?P<half>[a-z])\))"
    r"(?=[ \t\u00a0]+\S|[ \t\u00a0]*$)"
)
# Inside a long (PDF-extracted) paragraph: a dotted number after a sentence end or a gap of
# spaces, followed by a capitalised word ("... of this Agreement. 9.8 Modification. This ...").
_INLINE = re.compile(
    r"(?:(?<=[.;:!?\"\u201d)][ \t\u00a0])|(?<=[.;:!?\"\u201d)][ \t\u00a0]{2})|(?<=[ \t\u00a0]{3}))"
    r"(?P<num>\d{1,2}(?:\.\d{1,2}){1,3}[A-H]?|\d{1,2})(?P<dot>\.)?(?=[ \t\u00a0]+[A-Z][a-z]|[ \t\u00a0]+[A-Z]{2,})"
)
# After a clause heading with no full stop ("2.0 Payment 2.1 Client will pay"): kept only when
# it is exactly the next number of the sequence (see _plausible).
_WEAK_INLINE = re.compile(
    r"(?<=[A-Za-z)][ \t\u00a0])(?P<num>\d{1,2}\.\d{1,2}(?:\.\d{1,2}){0,2})(?P<dot>\.)?"
    r"(?=[ \t\u00a0]+(?:[A-Z][a-z]|[A-Z]{2,}\b))"  # "2.1 Client will", "6.1 CRO agrees"
    # "... f. July 1, 2020: $1.5M 5. Royalty. Zynga will pay": a top-level number after a list
    # item's figure, not after "Section" or "Article"; kept only as the sequence's next number.
    r"|(?<=[A-Za-z0-9)][ \t\u00a0])(?<!Section )(?<!Article )(?<!Clause )(?<!section )(?<!article )"
    r"(?<!clause )(?<!paragraph )(?P<top>\d{1,2})(?P<tdot>\.)(?=[ \t\u00a0]+[A-Z][a-z]+\.)"
)


_DIGIT_RUN = re.compile(r"(?<![0-9])[0-9]")


def _finditer_at_digits(pattern: re.Pattern[str], text: str, pos: int) -> Iterator[re.Match[str]]:
    """``pattern.finditer(text, pos)`` for a pattern whose matches start where a run of digits
    starts (both inline patterns above: each look-behind ends in a space): tried only there, which
    is far cheaper than the regex engine's attempt at every position of a long paragraph."""
    end = pos
    for digit in _DIGIT_RUN.finditer(text, pos):
        if digit.start() < end:
            continue
        match = pattern.match(text, digit.start())
        if match is not None:
            end = max(match.end(), match.start() + 1)
            yield match


def _roman_value(text: str) -> int:
    total, previous = 0, 0
    for char in reversed(text.lower()):
        value = _ROMAN_VALUES[char]
        total += -value if value < previous else value
        previous = max(previous, value)
    return total


def _typed_numbers(index: int, paragraph: Paragraph) -> list[ClauseNumber]:
    text = paragraph.text
    found: list[ClauseNumber] = []
    match = _LEADING.match(text)
    if match and match.group("num") and not match.group("dot"):
        rest = text[match.end() :].lstrip(" \t\u00a0")
        second = _LEADING.match(rest)
        if second and (second.group("num") or second.group("word")):
            # "8 7 WARRANTIES": a page number run into the next clause's number.
            offset = len(text) - len(rest)
            match = _LEADING.match(text, offset)
        elif "." not in match.group("num") and rest[:1].islower():
            match = None  # "14 objectives of ...": a page number before the page's text
    if match:
        found.append(_from_leading(index, paragraph, match))
    # Inline numbers only in long paragraphs (PDF-extracted pages hold many clauses).
    if len(text) > 300:
        for inline in _finditer_at_digits(_INLINE, text, match.end() if match else 0):
            number = inline.group("num")
            if "." not in number and not inline.group("dot"):
                continue  # a bare "5 Days" is not a clause number
            parts = tuple(number.split("."))
            if int(parts[0]) == 0 or (len(parts) > 1 and any(p == "" for p in parts)):
                continue
            template = "{n}." if inline.group("dot") else "{n}"
            found.append(
                ClauseNumber(
                    index,
                    paragraph.locator,
                    inline.start(),
                    inline.end(),
                    number,
                    parts,
                    "typed",
                    template,
                    len(parts) - 1,
                )
            )
        strong = {n.start for n in found}
        for weak in _finditer_at_digits(_WEAK_INLINE, text, match.end() if match else 0):
            if weak.start() in strong:
                continue
            number = weak.group("num") or weak.group("top")
            parts = tuple(number.split("."))
            found.append(
                ClauseNumber(
                    index,
                    paragraph.locator,
                    weak.start(),
                    weak.end(),
                    number,
                    parts,
                    "typed",
                    "{n}." if (weak.group("dot") or weak.group("tdot")) else "{n}",
                    len(parts) - 1,
                    weak=True,
                )
            )
        found.sort(key=lambda n: n.start)
    return found


def _from_leading(index: int, paragraph: Paragraph, match: re.Match[str]) -> ClauseNumber:
    locator = paragraph.locator
    start = match.start() + (len(match.group(0)) - len(match.group(0).lstrip(" \t\u00a0")))
    end = match.end()
    if match.group("word"):
        word, number = match.group("word"), match.group("wnum")
        roman = bool(_ROMAN.match(number)) and not number.isdigit()
        parts: tuple[str, ...] = (str(_roman_value(number)),) if roman else tuple(number.split("."))
        template = f"{word} {{{'R' if roman else 'n'}}}{match.group('wdot') or ''}"
        return ClauseNumber(
            index, locator, start, end, match.group(0).strip(), parts, "typed", template, len(parts) - 1
        )
    if match.group("num"):
        number = match.group("num")
        parts = tuple(number.split("."))
        dot = match.group("dot") or ""
        return ClauseNumber(index, locator, start, end, number + dot, parts, "typed", "{n}" + dot, len(parts) - 1)
    item = match.group("paren") or match.group("half")
    template = "({n})" if match.group("paren") else "{n})"
    return ClauseNumber(index, locator, start, end, match.group(0).strip(), (item,), "typed", template, 9)


# Word numbering formats, rendered the way Word shows them.
def _format(value: int, fmt: str) -> str:
    if fmt in ("decimal", "decimalZero"):
        return f"{value:02d}" if fmt == "decimalZero" and value < 10 else str(value)
    if fmt in ("lowerLetter", "upperLetter"):
        letters = ""
        n = value
        while n > 0:
            n, rest = divmod(n - 1, 26)
            letters = chr(ord("a") + rest) + letters
        letters = letters or "a"
        return letters.upper() if fmt == "upperLetter" else letters
    if fmt in ("lowerRoman", "upperRoman"):
        roman = _to_roman(value)
        return roman if fmt == "upperRoman" else roman.lower()
    if fmt in ("bullet", "none"):
        return ""
    return str(value)


def _to_roman(value: int) -> str:
    out = ""
    for number, letters in (
        (1000, "M"),
        (900, "CM"),
        (500, "D"),
        (400, "CD"),
        (100, "C"),
        (90, "XC"),
        (50, "L"),
        (40, "XL"),
        (10, "X"),
        (9, "IX"),
        (5, "V"),
        (4, "IV"),
        (1, "I"),
    ):
        while value >= number:
            out += letters
            value -= number
    return out


def _level_values(values: list[str]) -> Callable[[re.Match[str]], str]:
    """``%1``..``%9`` of a numbering level's text, replaced by the levels' values."""
    return lambda match: values[int(match.group(1)) - 1]


def _rendered_numbers(model: TextModel) -> list[ClauseNumber]:
    """The numbers Word renders for numbered paragraphs (counters per abstract list; a list
    instance with a start override counts on its own)."""
    if not model.numbering:
        return []
    levels: dict[tuple[str, int], tuple[str, str, str, int, int]] = {}
    for num_id, abstract_id, level, fmt, text, start, override in model.numbering:
        levels[(num_id, level)] = (abstract_id, fmt, text, start, override)
    counters: dict[str, dict[int, int]] = {}
    started: set[str] = set()
    out: list[ClauseNumber] = []
    for index, paragraph in enumerate(model.paragraphs):
        if not paragraph.num_id or (paragraph.section_break and not paragraph.text.strip()):
            # An empty paragraph that only carries a section break shows no number (the
            # cross-references of Word-native forms count their sections without it).
            continue
        key = (paragraph.num_id, paragraph.num_level)
        if key not in levels:
            continue
        abstract_id, fmt, lvl_text, start, override = levels[key]
        has_override = any(levels.get((paragraph.num_id, k), ("", "", "", 0, -1))[4] >= 0 for k in range(9))
        counter_key = f"num:{paragraph.num_id}" if has_override else f"abs:{abstract_id}"
        counter = counters.setdefault(counter_key, {})
        if has_override and paragraph.num_id not in started:
            started.add(paragraph.num_id)
            for k in range(9):
                row = levels.get((paragraph.num_id, k))
                if row is not None and row[4] >= 0:
                    counter[k] = row[4] - 1
        level = paragraph.num_level
        counter[level] = counter.get(level, (override if override >= 0 else start) - 1) + 1
        for deeper in [k for k in counter if k > level]:
            del counter[deeper]
        if fmt in ("bullet", "none") or not lvl_text:
            continue

        values = [
            _format(counter.get(k, row[3] if row else 1), row[1] if row else "decimal")
            for k, row in ((k, levels.get((paragraph.num_id, k))) for k in range(9))
        ]
        label = re.sub(r"%([1-9])", _level_values(values), lvl_text).strip()
        parts = tuple(values[: level + 1])
        out.append(ClauseNumber(index, paragraph.locator, 0, 0, label, parts, "numbering", "", level))
    return out


# --- headings, blocks ---------------------------------------------------------------------------

_SCHEDULE = re.compile(
    r"(?:^|(?<=[ \t\u00a0]{2}))(?P<word>EXHIBIT|SCHEDULE|ANNEX|APPENDIX|ATTACHMENT|Exhibit|Schedule|Annex|Appendix"
    r"|Attachment)[ \t\u00a0]+(?P<id>[A-Z]{1,2}(?:-\d+)?|\d{1,2}(?:\.\d+)?|[IVX]{1,4})\b"
    r"(?![ \t\u00a0]*(?:to|of|hereto|attached|hereof|shall|is|sets|and|or|,))"
)
_WITNESS = re.compile(r"\bIN\s+WITNESS\s+(?:WHERE|THERE)OF\b", re.IGNORECASE)
_SIGN_LINE = re.compile(
    r"^[ \t\u00a0]*(?:By|Per|Signature|Signed|Name|Print(?:ed)? Name|Title|Its|Date)[ \t\u00a0]*:[ \t\u00a0]*"
    r"(?:_{3,}|/s/|$)",
    re.IGNORECASE,
)
_EXECUTED = re.compile(
    r"^[ \t\u00a0]*(?:EXECUTED|SIGNED)\s+(?:as\s+a\s+deed\s+)?(?:by|for|on behalf of)\b", re.IGNORECASE
)
_FURNITURE = re.compile(
    r"^[ \t\u00a0]*(?:(?:Page|PAGE)[ \t\u00a0]+\d+(?:[ \t\u00a0]+of[ \t\u00a0]+\d+)?"
    r"|-?[ \t\u00a0]*\d{1,3}[ \t\u00a0]*-?|\d{1,3}[ \t\u00a0]+[\d/.\-]{5,}"
    r"|Source:.*|\[\*+\].*|\*+.*Confidential.*)[ \t\u00a0]*$"
)


def is_furniture(text: str) -> bool:
    """Page numbers, "Source: ..." lines and other page furniture of PDF-extracted contracts."""
    return not text.strip() or _FURNITURE.match(text) is not None


# Page furniture inside a paragraph: a PDF-extracted contract holds a page per paragraph, with the
# page's running header and footer in the middle of its text ("... materials of Client; Confidential
# Page 3 of 7 Initials: CL MD Version Jan16_v1"). Each pattern is furniture wherever it stands.
_S = r"[ \t\u00a0]"
_INLINE_FURNITURE = re.compile(
    # "Source: LEGACY EDUCATION ALLIANCE, INC., 10-K, 3/30/2020" (EDGAR's running header)
    rf"Source:{_S}+[A-Z0-9][^:\n]{{0,120}}?,{_S}*[0-9A-Z][0-9A-Za-z-]{{0,12}}(?:/A)?,{_S}*\d{{1,2}}/\d{{1,2}}/\d{{2,4}}"
    # "* Confidential Treatment Requested", "[***] CONFIDENTIAL TREATMENT REQUESTED"
    rf"|(?:(?:\[\*+\]|\*+){_S}*)?(?:Confidential|CONFIDENTIAL){_S}+(?:Treatment|TREATMENT){_S}+"
    rf"(?:Requested|REQUESTED|Has{_S}+Been{_S}+Requested)"
    # The redaction legend that heads every page of some exhibits
    rf"|Certain{_S}+(?:identified{_S}+|confidential{_S}+)?(?:information|portions)\b[^.]{{0,200}}?"
    rf"\b(?:has|have){_S}+been{_S}+(?:excluded|omitted|redacted)\b[^.]{{0,250}}\."
    rf"|(?:This{_S}+|A{_S}+)?(?:confidential|Confidential){_S}+portions?{_S}+(?:has|have){_S}+been{_S}+omitted\b[^.]{{0,200}}\."
    # "{***} Confidential portions of this exhibit have been redacted and filed separately with the
    # Commission pursuant to a confidential treatment request in accordance with Rule 24b-2 ..."
    rf"|(?:\{{\*+\}}{_S}*)?(?:confidential|Confidential){_S}+portions?{_S}+of{_S}+this{_S}+\w+{_S}+(?:has|have){_S}+"
    rf"been{_S}+(?:redacted|omitted)\b[^.]{{0,250}}\."
    # "Confidential Page 3 of 7", "Page 3 of 7"
    rf"|(?:(?:Confidential|CONFIDENTIAL){_S}+)?(?:Page|PAGE){_S}+\d{{1,3}}{_S}+(?:of|OF){_S}+\d{{1,3}}\b"
)
_INLINE_WORDS = ("Source:", "onfidential", "ONFIDENTIAL", "Certain", "Page", "PAGE")
# At a page's end, a footer's tail after "Page 3 of 7" ("Initials: CL MD Version Jan16_v1"), and a
# bare page number after a gap ("... or any other tangible or   3", "... this Section.   -3-").
_FOOTER_TAIL = re.compile(rf"{_S}+[^.;\n]{{0,60}}?{_S}*\Z")
_TRAILING_PAGE = re.compile(rf"(?:(?<=\S){_S}{{2,}}|(?<=\S){_S}(?=-))(?:-{_S}?\d{{1,3}}{_S}?-|\d{{1,3}}){_S}*\Z")
# At a page's start, its number before the first words of the page ("2         entire corporate").
_LEADING_PAGE = re.compile(rf"{_S}*\d{{1,3}}{_S}{{3,}}(?=[a-z])")


def furniture_spans(text: str) -> tuple[tuple[int, int], ...]:
    """The [start, end) spans of page furniture inside ``text`` (a paragraph): running headers and
    footers, redaction legends, page numbers. They stay in the document untouched; the engine
    does not read them (docs/decisions/contract-structure.md, "Page furniture")."""
    if is_furniture(text):
        return ((0, len(text)),) if text.strip() else ()
    spans: list[tuple[int, int]] = []
    # Every inline pattern holds one of these words: most paragraphs hold none, and a substring
    # test is far cheaper than the alternation's scan of the whole paragraph.
    has_inline = any(word in text for word in _INLINE_WORDS)
    for match in _INLINE_FURNITURE.finditer(text) if has_inline else ():
        start, end = match.span()
        if re.search(r"\b(?:Page|PAGE)\b", match.group(0)):
            tail = _FOOTER_TAIL.match(text, end)
            if tail is not None and tail.end() == len(text):
                end = len(text)
        spans.append((start, end))
    if len(text) > 300:  # a page's worth of text, not a table row ending in a figure
        # Searched from near the end (its look-behind still sees the text before): the number is
        # the paragraph's last characters, after at most a run of spaces.
        begin = max(0, len(text) - 200)
        while begin > 0 and text[begin - 1] in " \t\u00a0":
            begin -= 1  # a run of spaces before the number: the match starts where the run starts
        trailing = _TRAILING_PAGE.search(text, begin)
        if trailing is not None and not any(s <= trailing.start() < e for s, e in spans):
            spans.append(trailing.span())
        leading = _LEADING_PAGE.match(text)
        if leading is not None:
            spans.append(leading.span())
    spans.sort()
    merged: list[tuple[int, int]] = []
    for start, end in spans:
        # Trim the white space around each span: it belongs to the text beside it.
        while start < end and text[start] in " \t\u00a0":
            start += 1
        while end > start and text[end - 1] in " \t\u00a0":
            end -= 1
        if start >= end:
            continue
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return tuple(merged)


def mask_furniture(text: str) -> str:
    """``text`` with its page furniture blanked out (same length, so offsets stay those of the
    paragraph): what the engine reads for matching, numbers and clause types of its own."""
    spans = furniture_spans(text)
    if not spans:
        return text
    out = []
    previous = 0
    for start, end in spans:
        out.append(text[previous:start])
        out.append(" " * (end - start))
        previous = end
    out.append(text[previous:])
    return "".join(out)


@dataclass(frozen=True)
class Position:
    index: int  # paragraph index in the model
    offset: int  # character offset in that paragraph

    def __lt__(self, other: Position) -> bool:
        return (self.index, self.offset) < (other.index, other.offset)


def _is_heading_text(paragraph: Paragraph) -> bool:
    text = paragraph.text.strip()
    if not text or len(text) > 120:
        return False
    words = text.split()
    if paragraph.heading_level is not None and (len(words) <= 12 and not re.search(r"[.;:]\s+\S", text)):
        return True
    letters = [c for c in text if c.isalpha()]
    # In capitals, but not a clause with an inline title ("5.2 Disclaimer. WITH THE EXCEPTION OF
    # THE EXPRESS WARRANTY PROVIDED", a disclaimer's first line): its title ends in a full stop.
    if (
        len(words) <= 10 and letters and sum(c.isupper() for c in letters) / len(letters) > 0.8 and len(letters) > 3
        and not re.search(r"[a-z][.;:]\s+\S", text)
    ):  # fmt: skip
        return True
    # "2. Fees and Payment": a number and a short title with no sentence.
    return bool(
        _LEADING.match(text)
        and len(words) <= 8
        and not text.rstrip().endswith((".", ";", ",", ":"))
        and not re.search(r"\b(?:shall|will|may|must|is|are)\b", text)
    )


# --- parties and defined terms ------------------------------------------------------------------

# Defined names that name the agreement or a date, not a party.
_NOT_PARTY = re.compile(
    r"^(?:this\s+)?(?:agreement|contract|effective date|commencement date|date|term|parties|party|"
    r"each a party|each party|collectively|affiliates?|.*\bagreement|.*\bdate)$",
    re.IGNORECASE,
)
_ENTITY = re.compile(
    r"\b(?:Inc|Incorporated|LLC|L\.L\.C|Ltd|Limited|LLP|LP|L\.P|Corp|Corporation|Company|Co|PLC|plc|AG|AS|ASA|AB|"
    r"GmbH|S\.A|SA|SAS|SARL|B\.V|BV|N\.V|NV|Pty|Pte|S\.p\.A|SpA|Oy|KK|Trust|Bank|University|Holdings|"
    # written in capitals with the name ("JOHNSON MATTHEY CATALOG COMPANY, INC.")
    r"INC|INCORPORATED|CORP|CORPORATION|COMPANY|LTD|LIMITED|TRUST|BANK|UNIVERSITY|HOLDINGS)\b\.?"
)
_QUOTED_DEF = re.compile(
    # "(including its Affiliates, "Customer")": the party with its affiliates is still "Customer".
    r"\(\s*(?:(?:including|together\s+with)\s+(?:its|their)\s+(?:respective\s+)?[Aa]ffiliates,?\s+)?"
    r"(?:(?:the|each|collectively|together|individually|hereinafter|herein|a|an)\s+)*"
    r"(?:(?:referred\s+to|defined)\s+(?:herein\s+)?as\s+)?(?:the\s+)?[\"\u201c\u2018']([^\"\u201d\u2019'()]{1,60})"
    r"[\"\u201d\u2019']"
)
# "... Israel. Hereinafter referred to as "Contractor."": a defined name without a parenthesis.
_HEREINAFTER_DEF = re.compile(
    r"\b[Hh]ereinafter\s+(?:referred\s+to\s+as|called)\s+(?:the\s+)?[\"\u201c\u2018']([^\"\u201d\u2019'()]{1,60})[\"\u201d\u2019']"
)
_MEANS_DEF = re.compile(
    r"[\"\u201c]([A-Z0-9][^\"\u201d]{0,60}?)[\"\u201d]\s*(?:\([^)]{0,60}\)\s*)?(?:,\s*)?(?:shall\s+|will\s+|also\s+)?"
    r"(?:means?|mean|has\s+the\s+meaning|have\s+the\s+meaning|shall\s+have\s+the\s+meaning|refers?\s+to|includes?|"
    r"is\s+defined|are\s+defined|shall\s+include)\b"
)
# The role vocabulary of playbook positions: which side each word stands for.
PROVIDER_ROLES = (
    "provider",
    "vendor",
    "supplier",
    "licensor",
    "seller",
    "contractor",
    "consultant",
    "service provider",
    "manufacturer",
    "developer",
    "lessor",
    "landlord",
    "processor",
)
CUSTOMER_ROLES = (
    "customer",
    "client",
    "licensee",
    "buyer",
    "purchaser",
    "subscriber",
    "lessee",
    "tenant",
    "distributor",
    "reseller",
    "controller",
)
DISCLOSER_ROLES = ("discloser", "disclosing party")
RECIPIENT_ROLES = ("recipient", "receiving party")


def role_side(word: str) -> str:
    """ "provider", "customer" or "" for a role word ("Licensor" -> "provider")."""
    lowered = " ".join(word.lower().split())
    if lowered in PROVIDER_ROLES:
        return "provider"
    if lowered in CUSTOMER_ROLES:
        return "customer"
    return ""


@dataclass(frozen=True)
class Party:
    name: str  # "Fjord Systems AS" (as written, may be a placeholder such as "{provider}")
    defined: str  # "Fjord" (the name the contract uses), or the name itself when not defined
    side: str  # "provider", "customer" or "" (from the defined name's role word)
    locator: str


@dataclass(frozen=True)
class DefinedTerm:
    term: str
    locator: str
    start: int  # offset of the term in the paragraph's text
    how: Literal["quoted", "means"]


# --- cross-references ---------------------------------------------------------------------------

_XREF = re.compile(
    r"\b(?P<word>[Ss]ections?|SECTIONS?|[Cc]lauses?|[Aa]rticles?|ARTICLES?|[Pp]aragraphs?)\s+(?P<list>(?:\d{1,4}(?:\.\d{1,3})*[A-Z]?(?:\s?\([a-z0-9]{1,4}\))*"
    r"|[IVX]{1,6}\b)(?:\s*(?:,|and|or|through|to|-|\u2013)\s*(?:\d{1,4}(?:\.\d{1,3})*[A-Z]?(?:\s?\([a-z0-9]{1,4}\))*))*)"
)
_XREF_ITEM = re.compile(r"\d{1,4}(?:\.\d{1,3})*[A-Z]?(?:\s?\([a-z0-9]{1,4}\))*|[IVX]{1,6}")
# "Section 409A of the Code", "Section 2(a) of the Securities Act": another instrument.
_EXTERNAL = re.compile(
    r"^[\s,]*(?i:of|under|in)\s+(?i:the\s+)?(?!(?i:this|these|such|the\s+agreement|the\s+terms)\b)"
    r"(?:[A-Z]|[a-z]+\s+[A-Z]|U\.S\.)"
)
# The rest of a sentence naming another instrument the references belong to.
_OTHER_INSTRUMENT = re.compile(
    r"^(?:[\s,;]|\([^)]{0,80}\)|(?:and|or|through|to)\s|(?:[Ss]ections?|[Cc]lauses?|[Aa]rticles?)\s+[\dIVX.()a-z]+)*"
    r"\s*(?:of|in|under)\s+(?:the|that|such)\s+(?:(?:[A-Z][\w&-]*|and|of)\s+){0,6}"
    r"(?:Agreement|Plan|Act|Code|Deed|Contract|Terms|Policy|APA|[A-Z]{2,6})\b"
)
_EXTERNAL_BEFORE = re.compile(
    r"(?:Code|Act|Regulation|Rule|Title|U\.S\.C\.?|CFR|Directive|GDPR|FAR|DFARS?|Chap\.?|Chapter)[\s,]*$"
)


@dataclass(frozen=True)
class CrossReference:
    locator: str
    index: int
    start: int
    end: int
    text: str  # "Section 9.4"
    target: tuple[str, ...]  # ("9", "4"); "3(b)" -> ("3", "b")


def reference_parts(item: str) -> tuple[str, ...]:
    item = item.replace(" ", "")
    head, _, tail = item.partition("(")
    if _ROMAN.match(head) and not head.isdigit():
        parts = [str(_roman_value(head))]
    else:
        parts = [p for p in head.split(".") if p]
    parts.extend(re.findall(r"\(([a-z0-9]{1,4})\)", "(" + tail if tail else ""))
    return tuple(parts)


# --- the structure ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Structure:
    model: TextModel
    numbers: tuple[ClauseNumber, ...]
    headings: frozenset[int]  # paragraph indexes
    signature: Position | None  # where the execution block starts
    schedules: Position | None  # where the first schedule / exhibit / annex after the body starts
    parties: tuple[Party, ...]
    terms: dict[str, DefinedTerm] = field(default_factory=dict)
    references: tuple[CrossReference, ...] = ()
    # The execution block comes before most of the clauses (a signature page in front of the
    # terms and conditions): the body goes on after it.
    front_signature: bool = False

    # -- where things are

    @cached_property
    def body_end(self) -> Position:
        """Where the body ends: the execution block, else the first schedule, else the end."""
        ends = [p for p in (None if self.front_signature else self.signature, self.schedules) if p is not None]
        if ends:
            return min(ends, key=lambda p: (p.index, p.offset))
        return Position(len(self.model.paragraphs), 0)

    @cached_property
    def body_numbers(self) -> tuple[ClauseNumber, ...]:
        end = self.body_end
        return tuple(n for n in self.numbers if (n.index, n.start) < (end.index, end.offset))

    @cached_property
    def labels(self) -> frozenset[tuple[str, ...]]:
        """Every clause path of the body and its prefixes, sub-items included ("3", "3.2", "3.2(a)")."""
        out: set[tuple[str, ...]] = set()
        current: tuple[str, ...] = ()
        for number in self.body_numbers:
            if number.level == 9 and current:  # "(a)" under the current decimal clause
                path = (*current, number.parts[0])
                out.add(path)
                out.add((current[0], number.parts[0]))
                continue
            if number.level == 9:
                out.add(number.parts)
                continue
            current = number.parts
            for k in range(1, len(number.parts) + 1):
                out.add(number.parts[:k])
        return frozenset(out)

    @cached_property
    def numbers_at(self) -> dict[int, tuple[ClauseNumber, ...]]:
        """The numbers of each paragraph (index -> its numbers, in order)."""
        out: dict[int, list[ClauseNumber]] = {}
        for number in self.numbers:
            out.setdefault(number.index, []).append(number)
        return {index: tuple(numbers) for index, numbers in out.items()}

    def section_of(self, index: int) -> ClauseNumber | None:
        """The clause (top-level or sub-clause number) a paragraph belongs to."""
        best = None
        for number in self.numbers:
            if number.index > index:
                break
            if number.level != 9:
                best = number
        return best

    def number_of(self, index: int) -> ClauseNumber | None:
        """The number that starts paragraph ``index``, if one does."""
        for number in self.numbers:
            if number.index == index and (number.kind == "numbering" or number.start <= 3):
                return number
            if number.index > index:
                break
        return None

    @cached_property
    def incorporated(self) -> str:
        """What a cover page or order form says it incorporates ("... consists of: (1) this Cover
        Page ... and (2) the Common Paper Mutual NDA Standard Terms ...", "... incorporates the
        Bonterms Cloud Terms (Version 1.0) (available at ...)"), when the document itself has
        hardly any numbered clauses: its terms are elsewhere. "" otherwise."""
        if sum(1 for n in self.body_numbers if n.level != 9) >= 3:
            return ""
        for paragraph in self.model.paragraphs[:40]:
            match = _INCORPORATES.search(paragraph.text)
            if match:
                return " ".join(match.group(0).split())[:200]
        return ""

    def in_body(self, index: int, offset: int = 0) -> bool:
        end = self.body_end
        return (index, offset) < (end.index, end.offset)

    # -- parties

    def party_for(self, side: str) -> Party | None:
        for party in self.parties:
            if party.side == side:
                return party
        return None

    @cached_property
    def defined_lower(self) -> dict[str, str]:
        return {term.lower(): term for term in self.terms}


def structure_of(model: TextModel) -> Structure:
    """The structure of ``model``, computed once per model (cached on the model itself)."""
    cached = model.__dict__.get(_CACHE_KEY)
    if cached is not None:
        return cached
    structure = _build(model)
    model.__dict__[_CACHE_KEY] = structure  # frozen dataclass: write the cache slot directly
    return structure


def _build(model: TextModel) -> Structure:
    paragraphs = model.paragraphs
    numbers: list[ClauseNumber] = []
    rendered = {n.index: n for n in _rendered_numbers(model)}
    for index, paragraph in enumerate(paragraphs):
        if paragraph.part:
            continue  # footnotes, endnotes and text boxes hold no clause numbers of the body
        if index in rendered and paragraph.text.strip():
            numbers.append(rendered[index])
            continue
        if paragraph.text and not is_furniture(paragraph.text):
            numbers.extend(_typed_numbers(index, paragraph))
    numbers = _plausible(_without_contents(paragraphs, numbers))
    headings = frozenset(i for i, p in enumerate(paragraphs) if _is_heading_text(p))
    first_clause = numbers[0].index if numbers else 0
    signature = _find_signature(paragraphs, first_clause)
    front_page = signature is not None and _front_signature_page(numbers, signature)
    schedules = _find_schedules(paragraphs, signature if not front_page else None, first_clause)
    terms = _find_terms(paragraphs)
    parties = _find_parties(paragraphs, terms)
    references = _find_references(paragraphs)
    return Structure(
        model=model,
        numbers=tuple(numbers),
        headings=headings,
        signature=signature,
        schedules=schedules,
        front_signature=front_page,
        parties=parties,
        terms=terms,
        references=references,
    )


_CONTENTS = re.compile(r"^\s*(?:TABLE\s+OF\s+CONTENTS|Table\s+of\s+Contents|CONTENTS|INDEX)\b")


def _without_contents(paragraphs: tuple[Paragraph, ...], numbers: list[ClauseNumber]) -> list[ClauseNumber]:
    """Drop the numbers of a table of contents: from its heading (in the first half of the
    contract) until the body starts again with the first number the table listed."""
    limit = len(paragraphs) // 2
    start = next((i for i, p in enumerate(paragraphs[:limit]) if _CONTENTS.match(p.text)), None)
    if start is None:
        return numbers
    listed = [n for n in numbers if n.index >= start]
    if not listed:
        return numbers
    first = listed[0]
    body = next(
        (
            n
            for n in listed[1:]
            if n.parts == first.parts and n.template.lower() == first.template.lower() and n.index > first.index
        ),
        None,
    )
    if body is None:
        return numbers
    return [n for n in numbers if n.index < start or (n.index, n.start) >= (body.index, body.start)]


def _plausible(numbers: list[ClauseNumber]) -> list[ClauseNumber]:
    """Drop inline typed numbers that do not fit the clause sequence around them (an amount
    such as "1.5 Million" in a sentence, a figure after a full stop). A number fits when its
    top-level part is the current one or the next few."""
    out: list[ClauseNumber] = []
    current_top = 0
    for number in numbers:
        if number.weak:
            last = next((n for n in reversed(out) if n.level != 9 and n.kind == "typed"), None)
            if last is None or not _follows(last.parts, number.parts):
                continue
        if number.kind == "typed" and number.level != 9 and number.parts[0].isdigit():
            top = int(number.parts[0])
            inline = number.start > 3
            if inline and not (current_top <= top <= current_top + 2 or (number.level == 0 and top == current_top + 1)):
                continue
            if number.level == 0 or not inline:
                current_top = max(current_top, top) if inline else top
            elif top > current_top:
                current_top = top
        out.append(number)
    return out


def _follows(previous: tuple[str, ...], parts: tuple[str, ...]) -> bool:
    """``parts`` is the number right after ``previous``: its next sibling ("2.1" -> "2.2"), its
    first child ("2.0" or "2" -> "2.1"), or the next sibling of its parent ("2.4" -> "3.1")."""
    if not all(p.isdigit() for p in (*previous, *parts)):
        return False
    if len(parts) == len(previous) and parts[:-1] == previous[:-1] and int(parts[-1]) == int(previous[-1]) + 1:
        return True
    if parts[:-1] == previous or (previous[-1] == "0" and parts[:-1] == previous[:-1]):
        return parts[-1] == "1"
    return len(parts) == len(previous) and parts[-1] == "1" and int(parts[0]) == int(previous[0]) + 1


def _front_signature_page(numbers: list[ClauseNumber], signature: Position) -> bool:
    clauses = [n for n in numbers if n.level != 9]
    before = sum(1 for n in clauses if (n.index, n.start) < (signature.index, signature.offset))
    return len(clauses) - before >= 8 and before * 4 < len(clauses) - before


_INCORPORATES = re.compile(
    r"\b(?:incorporat\w*|enter\s+into|governed\s+by|consists\s+of)\b(?:[^.]|\.\d){0,250}?"
    r"(?:\b(?:available|posted)\s+at\b|\bstandard\s+terms\b|\bframework\s+terms\b|\bby\s+(?:this\s+)?reference\b)",
    re.IGNORECASE,
)

# "[SIGNATURE PAGES FOLLOW]", "Signature page to follow.", "[Remainder of page intentionally left
# blank; signature page follows]": the body ends there, before the page break to the signatures.
_SIGNATURE_FOLLOWS = re.compile(
    r"[\[(]?[ \t]*(?:(?:the[ \t]+)?remainder[ \t]+of[ \t]+(?:this[ \t]+)?page[ \t]+(?:is[ \t]+)?"
    r"(?:intentionally[ \t]+)?left[ \t]+blank[;.,]?[ \t]*)?"
    r"(?:\[[ \t]*)?signature[ \t]+pages?[ \t]+(?:to[ \t]+)?follows?\b",
    re.IGNORECASE,
)


def _find_signature(paragraphs: tuple[Paragraph, ...], first_clause: int) -> Position | None:
    witness = _find_witness(paragraphs, first_clause)
    for index in range(max(first_clause, 1), witness.index + 1 if witness is not None else len(paragraphs)):
        text = paragraphs[index].text
        if "ignature" not in text and "IGNATURE" not in text:
            continue
        match = _SIGNATURE_FOLLOWS.search(text)
        if match and (witness is None or (index, match.start()) < (witness.index, witness.offset)):
            return Position(index, match.start() + len(match.group()) - len(match.group().lstrip()))
    return witness


def _find_witness(paragraphs: tuple[Paragraph, ...], first_clause: int) -> Position | None:
    for index, paragraph in enumerate(paragraphs):
        if "itness" not in paragraph.text and "ITNESS" not in paragraph.text:
            continue
        match = _WITNESS.search(paragraph.text)
        if match:
            return Position(index, match.start())
    # No "IN WITNESS WHEREOF": the first run of signature lines ("By: ____", "Name:", "Title:")
    # after the body starts, taken from the paragraph before it when that one names a party.
    for index in range(max(first_clause, 1), len(paragraphs)):
        text = paragraphs[index].text
        if ":" not in text[:40] and text.lstrip()[:1] not in ("E", "S", "e", "s"):
            continue
        if not (_SIGN_LINE.match(text) or _EXECUTED.match(text)):
            continue
        window = " ".join(p.text for p in paragraphs[index : index + 6])
        if len(re.findall(r"\b(?:By|Name|Title|Signature|Date)\s*:", window, re.IGNORECASE)) < 2:
            continue
        start = index
        for back in range(index - 1, max(index - 4, 0), -1):
            previous = paragraphs[back].text.strip()
            if not previous:
                continue
            if len(previous) < 80 and not previous.endswith("."):
                start = back
            break
        return Position(start, 0)
    # Bare labels, one line each, often twice for two columns ("Signed Signed", "Name Name",
    # "Date Date"): at least two such lines within four paragraphs, taken from the short lines
    # before them that name the signatories ("For and on behalf of", "<Party>").
    for index in range(max(first_clause, 1), len(paragraphs)):
        if not _BARE_SIGN_LABELS.match(paragraphs[index].text):
            continue
        if sum(1 for p in paragraphs[index : index + 4] if _BARE_SIGN_LABELS.match(p.text)) < 2:
            continue
        start = index
        for back in range(index - 1, max(index - 5, 0), -1):
            previous = paragraphs[back].text.strip()
            if not previous:
                continue
            if len(previous) >= 80 or previous.endswith((".", ";", ":")) or _SENTENCE_START.match(previous):
                break
            start = back
        return Position(start, 0)
    # PDF-extracted pages: the signature lines run inside a page's paragraph ("CRO Client
    # Signature /s/ Michael Derby Signature /s/ Catherine Lund Name ..."). The block starts after
    # the last sentence before them (page furniture aside), else at the paragraph's start.
    for index in range(max(first_clause, 1), len(paragraphs)):
        text = paragraphs[index].text
        if "/s/" not in text and "___" not in text:
            continue
        for match in _INLINE_SIGN.finditer(text):
            window = text[match.start() : match.start() + 300]
            if len(re.findall(r"\b(?:By|Name|Title|Signature|Date)\b", window)) < 3:
                continue
            masked = mask_furniture(text)
            stop = max(masked.rfind(". ", max(0, match.start() - 300), match.start()), -1)
            offset = stop + 2 if stop >= 0 else 0
            if not masked[:offset].strip():
                offset = 0
            return Position(index, offset)
    return None


_BARE_SIGN_LABELS = re.compile(
    r"^[ \t\u00a0]*(?:(?:Signed|Signature|Name|Title|Date|By)[ \t\u00a0_.]*){1,3}$", re.IGNORECASE
)
# A numbered clause or heading ("16. Secrecy") is body, not the signatories' lead-in.
_SENTENCE_START = re.compile(r"^[ \t\u00a0]*(?:\d+(?:\.\d+)*\.?|\(?[a-z]\))[ \t\u00a0]")
_INLINE_SIGN = re.compile(r"\b(?:By|Signature|Signed)\b[ \t\u00a0]*:?[ \t\u00a0]*(?:/s/|_{3,})")


def _find_schedules(
    paragraphs: tuple[Paragraph, ...], signature: Position | None, first_clause: int
) -> Position | None:
    begin = signature.index if signature is not None else max(first_clause + 1, len(paragraphs) // 3)
    for index in range(begin, len(paragraphs)):
        text = paragraphs[index].text
        # A schedule heading starts the paragraph or follows a gap of spaces: look only there.
        starts = [len(text) - len(text.lstrip(" \t\u00a0"))]
        gap = text.find("  ")
        while gap >= 0:
            after_gap = gap + len(text[gap:]) - len(text[gap:].lstrip(" \t\u00a0"))
            if text[after_gap : after_gap + 1] in ("E", "S", "A"):
                starts.append(after_gap)
            gap = text.find("  ", after_gap + 1)
        candidates = (_SCHEDULE.match(text, start) for start in starts if text[start : start + 1] in ("E", "S", "A"))
        for match in (m for m in candidates if m is not None):
            if signature is not None and (index, match.start()) <= (signature.index, signature.offset):
                continue
            head = text[match.start() :].strip()
            after = head[len(match.group(0)) :].lstrip()
            # A heading: the word in capitals, or at the paragraph's start of a short paragraph,
            # or followed by a title rather than a sentence.
            at_start = text[: match.start()].strip() == ""
            if match.group("word").isupper() or (at_start and (len(text) < 120 or not after[:1].islower())):
                return Position(index, match.start())
    return None


def _find_terms(paragraphs: tuple[Paragraph, ...]) -> dict[str, DefinedTerm]:
    terms: dict[str, DefinedTerm] = {}
    for paragraph in paragraphs:
        text = paragraph.text
        if '"' not in text and "\u201c" not in text and "'" not in text and "\u2018" not in text:
            continue
        for match in _MEANS_DEF.finditer(text):
            term = _clean_term(match.group(1))
            if term and term not in terms:
                terms[term] = DefinedTerm(term, paragraph.locator, match.start(1), "means")
        for match in _QUOTED_DEF.finditer(text):
            term = _clean_term(match.group(1))
            if term and term not in terms:
                terms[term] = DefinedTerm(term, paragraph.locator, match.start(1), "quoted")
            # '(the "Term" or "Terms")', '("Licensor", and together with ..., the "Parties")'
            tail = text[match.end() : match.end() + 80]
            close = tail.find(")")
            for extra in re.finditer(r"[\"\u201c]([^\"\u201d()]{1,60})[\"\u201d]", tail[: close if close >= 0 else 0]):
                term = _clean_term(extra.group(1))
                if term and term not in terms:
                    terms[term] = DefinedTerm(term, paragraph.locator, match.end() + extra.start(1), "quoted")
    return terms


def _clean_term(raw: str) -> str:
    term = " ".join(raw.split()).strip(" ,.;:")
    term = re.sub(r"^(?:the|The)\s+(?=[A-Z])", "", term)  # (“the Database”)
    if not term or len(term) > 60 or not (term[0].isupper() or term[0].isdigit() or term[0] == "{"):
        return ""
    if len(term.split()) > 7:
        return ""
    return term


_OPENER = re.compile(
    r"\b(?:by\s+and\s+between|between|by\s+and\s+among|among|entered\s+into\s+by)\b[\s:]*", re.IGNORECASE
)
_PREAMBLE_END = re.compile(
    r"\bWHEREAS\b|\bRECITALS\b|\bNOW,?\s+THEREFORE\b|\bBACKGROUND\b|\bIT\s+IS\s+AGREED\b", re.IGNORECASE
)
# A name ends at its description or its parenthesis, except a parenthesis that is part of the
# name: "Dialog Semiconductor (UK) Ltd.", "CRO Consulting (Pty) Limited".
_NAME_CUT = re.compile(
    r",\s*(?:a|an)\s|\s(?:a|an)\s+(?:[A-Z][a-z]+\s+)*(?:corporation|company|limited|partnership|LLC)\b|,\s*with\b|"
    r"\swith\s+(?:its|a|offices)\b|\swhose\b|,?\s*having\b|,\s*(?:incorporated|organized|organised|registered|located|"
    r"acting|doing|formerly)\b|\s\((?![A-Z][\w.&]*(?:\s[A-Z][\w.&]*)?\)\s+[A-Z])|\.\s+Hereinafter|\s+Hereinafter|,\s*hereinafter|\s+hereinafter"
)


def _find_parties(paragraphs: tuple[Paragraph, ...], terms: dict[str, DefinedTerm]) -> tuple[Party, ...]:
    """The parties from the preamble: a name followed by its defined name in a parenthesis
    (``Fjord Systems AS ("Fjord")``, ``between X ("Licensor") and Y (the "Company")``). The
    first "between ..." sentence that names two parties wins (a cover page or a table of
    contents may come first); without one, defined role words stand for the parties."""
    text = ""
    spans: list[tuple[int, int, str]] = []
    for paragraph in paragraphs:
        if not paragraph.text.strip():
            continue
        start = len(text)
        text += paragraph.text + "\n"
        spans.append((start, len(text), paragraph.locator))
        if len(text) > 60000:
            break
    best: list[Party] = []
    for opener in _OPENER.finditer(text):
        window_end = opener.end() + 2000
        stop = _PREAMBLE_END.search(text, opener.end(), window_end)
        window = text[opener.end() : stop.start() if stop else window_end]
        found = _parties_in(window, opener.end(), spans)
        if len(found) >= 2:
            best = found
            break
        if len(found) > len(best):
            best = found
    if len(best) < 2:
        # No "between ..." names both: a first recital may ("WHEREAS HEMISPHERX is a
        # biopharmaceutical company with headquarters at ... ("HEMISPHERX") and Scientific Products
        # Pharmaceutical Co. LTD is a pharmaceutical company ... ("SCIEN"), each a "Party"").
        recital = _RECITAL_PARTIES.search(text, 0, 20000)
        if recital:
            stop = _WHEREAS.search(text, recital.end(), recital.end() + 2000)
            window = text[recital.end() : stop.start() if stop else recital.end() + 2000]
            found = _parties_in(window, recital.end(), spans, described=True)
            if len(found) > len(best):
                best = found
    if len(best) < 2:
        best.extend(_parties_from_terms(terms, {p.defined.lower() for p in best}))
    return tuple(best[:4])


_WHEREAS = re.compile(r"\bWHEREAS\b")
_RECITAL_PARTIES = re.compile(r"\bWHEREAS,?\s+(?=(?:the\s+)?[A-Z][\w.&\-]*(?:\s+[A-Z][\w.&\-]*){0,6}\s+is\s+an?\s)")
# "X is a biopharmaceutical company with headquarters at ...": the recital's description.
_DESCRIBED = re.compile(r"\s+is\s+an?\s+(?:[\w\-]+\s+){0,4}(?:company|corporation|partnership|firm|entity|bank)\b")


def _parties_in(
    window: str, offset: int, spans: list[tuple[int, int, str]], *, described: bool = False
) -> list[Party]:
    """The parties defined in ``window``; ``described``: a recital's, where a party is a name
    followed by "is a ... company" (which ends the name and says it is an entity)."""
    parties: list[Party] = []
    seen: set[str] = set()
    cursor = 0
    matches = sorted([*_QUOTED_DEF.finditer(window), *_HEREINAFTER_DEF.finditer(window)], key=lambda m: m.start())
    for match in matches:
        if match.start() < cursor:
            continue  # "(hereinafter referred to as "CRO")": one definition, found by both patterns
        defined = _clean_term(match.group(1))
        before = window[cursor : match.start()]
        cursor = match.end()
        if not defined or _NOT_PARTY.match(defined) or defined.lower() in seen:
            continue
        description = _DESCRIBED.search(before) if described else None
        name = _party_name(before[: description.start()] if description else before)
        entity = bool(_ENTITY.search(before)) or "{" in before or bool(role_side(defined)) or description is not None
        if not name or not entity:
            continue
        seen.add(defined.lower())
        absolute = offset + match.start()
        locator = next((loc for s, e, loc in spans if s <= absolute < e), spans[0][2] if spans else "")
        parties.append(Party(name=name, defined=defined, side=role_side(defined), locator=locator))
        if len(parties) >= 4:
            break
    return parties


_FORM_WITH_DOT = re.compile(r"\b(?:Inc|INC|Ltd|LTD|Corp|CORP|Co|CO|L\.L\.C|L\.P|S\.A|B\.V|N\.V|S\.p\.A|P\.C)\.$")


def _party_name(before: str) -> str:
    """The party's name at the start of the text before its parenthesis, without its
    description ("a Delaware corporation, having its principal office at ...")."""
    text = before.replace("\n", " ").replace("|", " ")
    text = re.sub(r"^[\s,;:.)]*(?:(?:and|And|AND)\s*:?\s+|&\s+)?", "", text)  # "AND:" of a "BETWEEN: ... AND: ..." list
    text = re.sub(
        r"^(?:the\s+)?(?:party\s+of\s+the\s+(?:first|second)\s+part|each\s+of)\s*,?\s*", "", text, flags=re.IGNORECASE
    )
    if not (text[:1].isupper() or text[:1] == "{"):
        # "... INC. (“ALFA AESAR”), having a mailing address of 30 Bond Street ... and Nanophase
        # Technologies Corporation, a Delaware corporation (“NTC”)": the first party's address
        # runs up to this party's name, which follows the last "and".
        joins = list(re.finditer(r"(?:\band|;|&)\s+(?=[A-Z{])", text))
        if joins:
            text = text[joins[-1].end() :]
    cut = _NAME_CUT.search(text)
    if cut:
        text = text[: cut.start()]
    text = " ".join(text.split()).strip(" ,:;(")
    if text.endswith(".") and not _FORM_WITH_DOT.search(text):
        text = text[:-1]
    if not text or len(text) > 100 or not (text[0].isupper() or text[0] == "{"):
        return ""
    return text


def _parties_from_terms(terms: dict[str, DefinedTerm], taken: set[str]) -> list[Party]:
    """Without a preamble that names them, defined role words ("Provider", "Customer") stand for
    the parties."""
    out: list[Party] = []
    for term, found in terms.items():
        side = role_side(term)
        if side and term.lower() not in taken and all(p.side != side for p in out):
            out.append(Party(name=term, defined=term, side=side, locator=found.locator))
    return out


def _find_references(paragraphs: tuple[Paragraph, ...]) -> tuple[CrossReference, ...]:
    out: list[CrossReference] = []
    for index, paragraph in enumerate(paragraphs):
        text = paragraph.text
        if (
            "ection" not in text
            and "lause" not in text
            and "rticle" not in text
            and "aragraph" not in text
            and "ECTION" not in text
            and "RTICLE" not in text
        ):
            continue
        for match in _XREF.finditer(text):
            tail = text[match.end() : match.end() + 40]
            if _EXTERNAL.match(tail) or _EXTERNAL_BEFORE.search(text[max(0, match.start() - 30) : match.start()]):
                continue
            if re.match(r"[-\u2013]\d", tail) or re.match(r"\d{3,}", match.group("list")):
                continue  # "Section 5-1401", "section 351": a statute's numbering, not a clause
            sentence_rest = re.split(r"(?<=[a-z)])\.\s", text[match.end() : match.end() + 400], maxsplit=1)[0]
            if _OTHER_INSTRUMENT.search(sentence_rest) and not re.search(r"\bof\s+this\b", sentence_rest[:40]):
                continue  # "Section 6.4 (...), Section 6.5 (...) ... of the Separation Agreement"
            for item in _XREF_ITEM.finditer(match.group("list")):
                start = match.start("list") + item.start()
                end = match.start("list") + item.end()
                target = reference_parts(item.group(0))
                if target:
                    out.append(
                        CrossReference(
                            paragraph.locator, index, start, end, f"{match.group('word')} {item.group(0)}", target
                        )
                    )
    return tuple(out)


# --- insertions ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class InsertionPoint:
    """Where a new clause goes and how it is numbered.

    ``offset is None``: a new paragraph after paragraph ``locator`` (formatted like it, so a
    Word-numbered anchor numbers the new paragraph too). Otherwise the clause goes inside
    paragraph ``locator`` at ``offset`` (before ``following``, the text that is there: a
    PDF-extracted page holding the signature block after the last clause).
    ``number`` is the typed number to write before the clause ("" when Word numbers it or the
    contract has no typed numbers)."""

    locator: str
    offset: int | None
    number: str
    following: str = ""
    where: str = ""


def next_label(number: ClauseNumber, taken: frozenset[tuple[str, ...]]) -> str:
    """The number after ``number`` at its own level ("9.8" -> "9.9", "12." -> "13."), or, when
    that one is taken (an insertion between two clauses), the same number with "A", "B"...
    ("9.4A"), the convention that avoids renumbering every clause after it."""
    parts = list(number.parts)
    last = parts[-1]
    letter = re.fullmatch(r"(\d+)([A-H])", last)
    if letter is not None:  # after "9.4A" comes "9.4B" (the clause after it is "9.5")
        for suffix in "ABCDEFGH"[ord(letter.group(2)) - ord("A") + 1 :]:
            candidate = (*parts[:-1], letter.group(1) + suffix)
            if candidate not in taken:
                return _write(number.template, candidate)
        return ""
    if not last.isdigit():
        return ""
    if len(parts) == 2 and last == "0" and parts[0].isdigit():
        # "7.0 Entire Agreement" is a top-level clause: the next one is "8.0" (else "7.1").
        for candidate in ((str(int(parts[0]) + 1), "0"), (parts[0], "1")):
            if candidate not in taken:
                return _write(number.template, candidate)
    candidate = (*parts[:-1], str(int(last) + 1))
    if candidate not in taken:
        return _write(number.template, candidate)
    for suffix in "ABCDEFGH":
        lettered = (*parts[:-1], last + suffix)
        if lettered not in taken:
            return _write(number.template, lettered)
    return ""


def _write(template: str, parts: tuple[str, ...]) -> str:
    if "{R}" in template:
        head = parts[0]
        roman = _to_roman(int(head)) if head.isdigit() else _to_roman(int(head[:-1])) + head[-1]
        return template.replace("{R}", roman)
    return template.replace("{n}", ".".join(parts))


def insertion_point(structure: Structure, *, after: tuple[int, int] | None = None) -> InsertionPoint | None:
    """Where a lawyer inserts a new clause, numbered like its siblings.

    ``after``: (paragraph index, sentence end offset) of the rule's ``insert_after`` match: the
    clause goes after the clause holding it (before the next clause number in the same
    paragraph, else after the paragraph). Otherwise after the last clause of the body, before
    the signature block and the schedules. The number is the next one after the clause it
    follows, at that clause's level ("9.8" -> "9.9"), when that clause has a typed number; a
    Word-numbered anchor needs none (the new paragraph copies its numbering); a contract whose
    body paragraphs carry no number gets none."""
    model = structure.model
    paragraphs = model.paragraphs
    if not paragraphs:
        return None
    if after is not None:
        index, offset = after
        nxt = next(
            (
                n
                for n in structure.numbers
                if n.kind == "typed" and n.index == index and n.start >= offset and n.level != 9
            ),
            None,
        )
        if nxt is not None:
            return _before_number(structure, nxt, "after the clause that holds the matching sentence")
        anchor = _last_content(paragraphs, index + 1, structure)
        lead_in = paragraphs[index].text[:offset].rstrip().endswith(":")
        last, following = _past_items(structure, anchor, lead_in=lead_in)
        if following is not None:
            return _before_number(structure, following, "after the clause that holds the matching sentence")
        return _after_paragraph(structure, last, "after the paragraph that holds the matching sentence")
    end = structure.body_end
    if structure.signature is not None and structure.signature == end:
        where = "after the last clause, before the signature block"
    elif structure.schedules is not None:
        where = "after the last clause, before the schedules"
    else:
        where = "after the last clause of the contract"
    if end.index < len(paragraphs) and paragraphs[end.index].text[: end.offset].strip():
        text = paragraphs[end.index].text
        return InsertionPoint(
            paragraphs[end.index].locator,
            end.offset,
            _sibling_number(structure, end.index, end.offset),
            _following(text, end.offset),
            where,
        )
    anchor = _last_content(paragraphs, end.index, structure)
    return _after_paragraph(structure, anchor, where)


def _after_paragraph(structure: Structure, anchor: int, where: str) -> InsertionPoint:
    """A new clause after paragraph ``anchor``: a new paragraph, or, when the paragraph is a
    PDF-extracted page ending in its running footer ("... authorities. Confidential Page 2 of 7
    Initials: CL MD"), inside it before the footer, where the clause text ends."""
    paragraph = structure.model.paragraphs[anchor]
    text = paragraph.text
    spans = furniture_spans(text)
    if spans and spans[-1][1] == len(text.rstrip()) and text[: spans[-1][0]].strip() and not paragraph.num_id:
        offset = spans[-1][0]
        if mask_furniture(text)[:offset].strip():
            return InsertionPoint(
                paragraph.locator, offset, _sibling_number(structure, anchor, offset), _following(text, offset), where
            )
    return InsertionPoint(paragraph.locator, None, _paragraph_number(structure, anchor), where=where)


def _sibling_number(structure: Structure, index: int, offset: int) -> str:
    """The number after the clause that holds (index, offset): its next sibling."""
    clause = _clause_before(structure, index, offset)
    if clause is None or clause.kind != "typed":
        return ""
    if clause.index != index and clause.index in structure.headings:
        return ""  # numbered headings over unnumbered body paragraphs: the body has no numbers
    if clause.index != index and _listed_after_lead_in(structure, clause):
        # "B. SCIEN will:   1. Within 60 days ... 11. ...": items of a list inside a clause whose
        # own numbers ("VI.", "C.") were not read. A clause in a later paragraph is not item 12.
        return ""
    return next_label(clause, structure.labels)


def _listed_after_lead_in(structure: Structure, clause: ClauseNumber) -> bool:
    """Whether ``clause`` is an item of a list that starts, in its own paragraph and at or before
    it, right after a lead-in ending in a colon ("SCIEN will:   1. ...")."""
    if clause.kind != "typed" or clause.start == clause.end or not clause.label.isdigit():
        return False
    first = re.escape(clause.template.replace("{n}", "1"))
    return re.search(rf":\s+{first}\s", structure.model.paragraphs[clause.index].text[: clause.end + 1]) is not None


def _paragraph_number(structure: Structure, index: int) -> str:
    """The number of a new paragraph after paragraph ``index``: the next sibling of the last
    clause that paragraph holds, unless Word numbers the paragraph (the new one copies its
    numbering) or the clause numbers are on headings above unnumbered body paragraphs."""
    if structure.model.paragraphs[index].num_id:
        return ""
    return _sibling_number(structure, index, len(structure.model.paragraphs[index].text))


def _following(text: str, offset: int) -> str:
    """The text right after ``offset`` that pins an in-paragraph insertion (up to the end of a
    few words): re-anchoring finds it again after other insertions before it."""
    words = re.match(r"\S+(?:\s+\S+){0,3}", text[offset:])
    return words.group(0) if words else ""


def _clause_before(structure: Structure, index: int, offset: int) -> ClauseNumber | None:
    best = None
    for number in structure.numbers:
        if (number.index, number.start) >= (index, offset):
            break
        if number.level != 9:
            best = number
    return best


def _before_number(structure: Structure, number: ClauseNumber, where: str) -> InsertionPoint:
    """A new clause inside ``number``'s paragraph, right before that typed number."""
    text = structure.model.paragraphs[number.index].text
    return InsertionPoint(
        structure.model.paragraphs[number.index].locator,
        number.start,
        _sibling_number(structure, number.index, number.start),
        _following(text, number.start),
        where=where,
    )


def _past_items(structure: Structure, anchor: int, *, lead_in: bool = False) -> tuple[int, ClauseNumber | None]:
    """``anchor``, or the last of the list items that follow it ("(a) Organization. ...", "(d) it
    is not a party to any litigation ..."): a clause inserted after a lead-in ("Owner represents
    and warrants to Operator as follows:") or after one item would split the list. After a
    lead-in, every paragraph up to the next numbered clause of its level or above is its list,
    however its items are labelled ("16.1 By M&I. M&I represents and warrants that:" over
    "A. Capability of Computer Systems ...", up to "16.2"). The second value is that next clause's
    number when it stands inside the last paragraph (a PDF-extracted page: "(d) it is not a party
    ... Agreement.   11.2 Product Warranty ..."): the new clause goes right before it."""
    paragraphs = structure.model.paragraphs
    clause = structure.section_of(anchor)
    level = clause.level if clause is not None else 0
    last = anchor
    for index in range(anchor + 1, len(paragraphs)):
        if not structure.in_body(index):
            break
        text = paragraphs[index].text
        if not text.strip() or is_furniture(text) or (len(text.strip()) <= 40 and _PAGE_DEBRIS.match(text)):
            continue
        numbers = structure.numbers_at.get(index, ())
        opening = None
        # A sentence that goes on after a page break ("... (unless the receiving party has" /
        # "actual knowledge to the contrary) ...") is the same clause, whatever follows.
        if not _runs_on(paragraphs[last].text, text):
            if index in structure.headings:
                break
            opening = next((n for n in numbers if n.kind == "numbering" or not text[: n.start].strip()), None)
            if lead_in:
                decimal = opening is not None and opening.level != 9 and any(c.isdigit() for c in opening.label)
                if decimal and opening is not None and opening.level <= level:
                    break
            elif opening is None or opening.level != 9:
                break
        inner = next(
            (n for n in numbers if n is not opening and n.kind == "typed" and n.level != 9 and n.level <= level),
            None,
        )
        if inner is not None:
            return index, inner
        last = index
    return last, None


# What a PDF page leaves between two paragraphs of one clause: a page number, a document id
# ("1162967 }", "7    8"); no word of two letters.
_PAGE_DEBRIS = re.compile(r"^[^A-Za-z]*(?:[A-Za-z][^A-Za-z]+)*[A-Za-z]?[^A-Za-z]*$")
_SENTENCE_END = re.compile(r"[.;:!?)\]\"\u201d\u2019*]\s*$")


def _runs_on(text: str, following: str) -> bool:
    """``text`` stops mid-sentence and ``following`` goes on with it (a lower-case word): a
    sentence split by a page break in a PDF-extracted contract."""
    body = mask_furniture(text).rstrip()
    if not body or _SENTENCE_END.search(body):
        return False
    if following.lstrip()[:1].islower():
        return True
    # A sentence in capitals (a disclaimer) goes on in capitals: "... THE EXPRESS WARRANTY
    # PROVIDED" / "IN SECTION 5.1 AND AS THE PARTIES MAY OTHERWISE AGREE ...".
    tail, head = body[-30:], following.lstrip()[:30]
    return _capitals(tail) and _capitals(head) and not _LEADING.match(head)


def _capitals(text: str) -> bool:
    letters = [c for c in text if c.isalpha()]
    return len(letters) >= 10 and sum(c.isupper() for c in letters) / len(letters) > 0.9


def _last_content(paragraphs: tuple[Paragraph, ...], end: int, structure: Structure) -> int:
    """The last paragraph before ``end`` that holds clause text (not empty, not page furniture,
    not a heading): a new paragraph after it is formatted as body text."""
    fallback = None
    for index in range(min(end, len(paragraphs)) - 1, -1, -1):
        paragraph = paragraphs[index]
        if is_furniture(paragraph.text) or paragraph.part:  # never after a footnote or a text box
            continue
        if fallback is None:
            fallback = index
        if index not in structure.headings and not paragraph.in_table:
            return index
    return fallback if fallback is not None else len(paragraphs) - 1


def renumber_clause(text: str, structure: Structure) -> str:
    """``text`` with its leading typed number moved to the next free one when the contract now
    has that number (another inserted clause took it first), else ``text`` unchanged."""
    match = _LEADING.match(text)
    if not match or not (match.group("num") or match.group("word")):
        return text
    number = _from_leading(0, Paragraph(locator="", text=text), match)
    if number.parts not in structure.labels:
        return text
    last = number.parts[-1]
    if last.isdigit() and not (len(number.parts) == 2 and last == "0"):
        # A plain number was free when the clause was proposed: an insertion accepted since took it
        # (and maybe the next ones), and this clause goes after those: the next free number, "12"
        # after "11" and "12" were inserted, not "11A".
        for step in range(1, 31):
            free = (*number.parts[:-1], str(int(last) + step))
            if free not in structure.labels:
                return _write(number.template, free) + text[match.end() :]
        return text
    for _attempt in range(30):
        label = next_label(number, structure.labels)
        if not label:
            return text
        following = _LEADING.match(label + " x")
        if following is None:
            return text
        candidate = _from_leading(0, Paragraph(locator="", text=label + " x"), following)
        if candidate.parts not in structure.labels:
            return label + text[match.end() :]
        number = candidate
    return text


def leading_number(text: str) -> str:
    """The typed clause number ``text`` starts with ("9.9", "12.", "Section 4.2"), or ""."""
    match = _LEADING.match(text)
    if not match or not (match.group("num") or match.group("word")):
        return ""
    return match.group(0).strip()
