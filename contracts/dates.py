"""The dates a contract states about itself: when it was made (the agreement date) and when it
takes effect (the effective date), read as dates. Pure, no ORM.

The agreement date is the date of the sentence that makes the agreement, the preamble ("This
Agreement is made and entered into this 15 th day of July, 2010 ... by and between"), and failing
one, the date the signature blocks give. The effective date is the date the contract itself calls
so ("effective as of October 1, 2001", "(the "Effective Date")", ""Effective Date" means June 1,
2004"); a preamble that makes the agreement "as of" its date, or an Effective Date defined as the
date of the agreement, makes it that date. A date left blank ("as of September ___, 2019", "this
____ day of ______, 2015") is stated as it is written, with whatever month and year it gives: the
lawyer must see that it is not filled in. Decisions: docs/decisions/key-terms.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MONTHS = (
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
    "december",
)  # fmt: skip
_MONTH = (
    r"(?P<month>January|February|March|April|May|June|July|August|September|October|November|December|"
    r"Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\.?"
)
# "15th", "15 th" and "1s t" (a PDF's text splits the suffix), "first (1st)".
_ORD = r"(?:\s?(?:st|nd|rd|th|s\s?t|n\s?d|r\s?d|t\s?h))?"
_DAY = rf"(?P<day>[0-3]?\d){_ORD}"
_DAY2 = rf"(?P<day2>[0-3]?\d){_ORD}"
_YEAR = r"(?P<year>(?:1[89]|20)\d{2})"
_YEAR2 = r"(?P<year2>(?:1[89]|20)\d{2})"
_YEAR3 = r"(?P<year3>(?:1[89]|20)\d{2})"
_WORD_DAY = (
    r"(?P<wday>first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|"
    r"fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|twenty-first|twenty-second|"
    r"twenty-third|twenty-fourth|twenty-fifth|twenty-sixth|twenty-seventh|twenty-eighth|twenty-ninth|thirtieth|"
    r"thirty-first)(?:\s*\(\d{1,2}\s?(?:st|nd|rd|th)\))?"
)
_BLANK = r"(?:_{2,}|\[\s*[•_.…*]*\s*\]|\s(?=,))"
_DATE = re.compile(
    # "July 11 , 2006", "May 3,2006", "September 1 2004"
    rf"\b{_MONTH}\s*(?:{_DAY}|(?P<mblank>{_BLANK}))\s*,?\s*{_YEAR}\b"
    # "15th day of July, 2010", "1st of June 2004", "first (1st) day of January, 1996", "14 December 1998"
    rf"|\b(?:{_DAY2}|{_WORD_DAY}|(?P<dblank>_{{2,}}|\[\s*\]))\s+(?:day\s+of\s+)?(?:(?P<wkday>Monday|Tuesday|Wednesday|"
    rf"Thursday|Friday|Saturday|Sunday),?\s+)?(?P<month2>January|February|March|April|May|June|July|August|September|"
    rf"October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\.?\s*,?\s*(?:A\.D\.\s*)?{_YEAR2}\b"
    # "12/31/2014", "3-14-18", "1.4.2011"
    r"|\b(?P<n1>\d{1,2})(?P<sep>[/.-])(?P<n2>\d{1,2})(?P=sep)(?P<n3>(?:1[89]|20)\d{2}|\d{2})\b"
    # "2019-06-01"
    r"|\b(?P<iy>(?:1[89]|20)\d{2})-(?P<im>\d{2})-(?P<id>\d{2})\b"
    # "____ day of ______, 2015", "_____, 2020", "[•], 2020"
    rf"|(?:_{{2,}}\s*(?:day\s+of\s+)?)?(?:_{{2,}}|\[\s*[•_.…*]*\s*\])\s*,?\s*{_YEAR3}\b",
    re.IGNORECASE,
)
_WORD_DAYS = {
    word: number
    for number, word in enumerate(
        (
            "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh",
            "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth",
            "twentieth", "twenty-first", "twenty-second", "twenty-third", "twenty-fourth", "twenty-fifth",
            "twenty-sixth", "twenty-seventh", "twenty-eighth", "twenty-ninth", "thirtieth", "thirty-first",
        ),
        start=1,
    )
}  # fmt: skip


@dataclass(frozen=True)
class StatedDate:
    """A date as the contract writes it: ``text``; ``year``/``month``/``day`` as far as it gives
    them (0 where left blank)."""

    text: str
    start: int
    end: int
    year: int
    month: int
    day: int

    @property
    def complete(self) -> bool:
        return bool(self.year and self.month and self.day)


def _month(name: str) -> int:
    name = name.lower().rstrip(".")
    return next(i + 1 for i, m in enumerate(MONTHS) if m.startswith(name[:3]))


def find_dates(text: str, start: int = 0, end: int | None = None) -> list[StatedDate]:
    """Every date stated in ``text[start:end]``, in order."""
    found = []
    for match in _DATE.finditer(text, start, len(text) if end is None else end):
        g = match.groupdict()
        year = month = day = 0
        if g["month"]:
            month, year = _month(g["month"]), int(g["year"])
            day = int(g["day"]) if g["day"] else 0
        elif g["month2"]:
            month, year = _month(g["month2"]), int(g["year2"])
            day = int(g["day2"]) if g["day2"] else _WORD_DAYS.get((g["wday"] or "").lower(), 0)
        elif g["n1"]:
            first, second, y = int(g["n1"]), int(g["n2"]), int(g["n3"])
            year = y if y > 99 else y + (2000 if y < 50 else 1900)
            # Month first (American filings), unless the first number cannot be a month.
            month, day = (first, second) if first <= 12 else (second, first)
            if month > 12 or day > 31 or (g["sep"] == "." and g["n3"] and len(g["n3"]) == 2):
                continue
        elif g["iy"]:
            year, month, day = int(g["iy"]), int(g["im"]), int(g["id"])
        else:
            year = int(g["year3"])
        if not 1 <= (day or 1) <= 31:
            continue
        found.append(StatedDate(" ".join(match.group(0).split()).strip(" ,"), match.start(), match.end(), year,
                                month, day))  # fmt: skip
    return found


# The sentence that makes the agreement: "made", "entered into", "dated", "as of", "executed".
_MAKES = re.compile(
    r"\b(?:made|entered\s+into|is\s+entered|dated|executed|as\s+of|effective|concluded|signed|agreement\s+date|"
    r"day\s+of)\b",
    re.IGNORECASE,
)
_PARTIES_WORD = re.compile(r"\b(?:between|among|by\s+and|BETWEEN|AMONG)\b")
_SENTENCE_END = re.compile(
    r"(?<!\bInc)(?<!\bLtd)(?<!\bCo)(?<!\bNo)(?<!\bCorp)(?<!\bJr)(?<!\bSr)(?<!\bSt)(?<!\b[A-Z])"
    r"\.(?=\s+[A-Z(\"\u201c])"
)
# "effective as of", "(the "Effective Date")", "effective on": the date is the effective date.
_EFFECTIVE_NEAR = re.compile(
    r"\beffective(?:\s+(?:as\s+of|on|from|beginning|upon|date))?\W*(?:the\s+)?$", re.IGNORECASE
)
_EFFECTIVE_AFTER = re.compile(
    r"^\W{0,4}(?:\(\s*)?(?:the\s+|this\s+|hereinafter\s+(?:the\s+)?|referred\s+to\s+as\s+(?:the\s+)?)?\W{0,2}"
    r"(?:Effective|Commencement)\s+Date\b",
    re.IGNORECASE,
)
_EFFECTIVE_MEANS = re.compile(
    r"[\"\u201c](?:Effective|Commencement)\s+Date[\"\u201d]\s*(?:shall\s+)?(?:means?|is|shall\s+be)\s+",
    re.IGNORECASE,
)
# An Effective Date defined as the date the agreement is made: the agreement date.
_EFFECTIVE_IS_AGREEMENT = re.compile(
    r"(?:[\"\u201c](?:Effective|Commencement)\s+Date[\"\u201d]\s*(?:shall\s+)?(?:means?|is|shall\s+be)\s+(?:the\s+)?"
    r"(?:date\s+(?:first\s+)?(?:written|set\s+forth|stated|above|hereof)|date\s+of\s+this\s+Agreement)|"
    r"effective\s+(?:as\s+of\s+)?(?:on\s+)?the\s+date\s+(?:first\s+)?(?:written|set\s+forth|above|hereof)|"
    r"(?:effective\s+as\s+of|effective\s+on)\s+the\s+(?:date|day)\s+(?:first\s+)?(?:above|written|hereof))",
    re.IGNORECASE,
)
PREAMBLE_CHARS = 6000


def _preamble_sentences(text: str) -> list[tuple[int, int]]:
    """The sentences of the first ``PREAMBLE_CHARS`` characters."""
    limit = min(len(text), PREAMBLE_CHARS)
    spans, begin = [], 0
    for stop in _SENTENCE_END.finditer(text, 0, limit):
        spans.append((begin, stop.end()))
        begin = stop.end()
    spans.append((begin, limit))
    return spans


# A filing's page footer ("Source: AGAPE ATP CORP, 10-K/A, 12/2/2019") dates the filing, not the
# contract.
_FILING_LINE = re.compile(r"^[ \t]*Source:[^\n]*$", re.MULTILINE)
# A date alone on a line of a cover page ("NOV 02, 2019"), or a "Dated: ..." line.
_DATE_LINE = re.compile(r"^[ \t]*(?:Dated?:?\s*)?(?P<date>[^\n]{6,40})$", re.MULTILINE)


def _unfiled(text: str) -> str:
    """``text`` with the filing's footers blanked out (offsets kept)."""
    return _FILING_LINE.sub(lambda m: " " * len(m.group(0)), text)


def agreement_date(text: str) -> StatedDate | None:
    """The date of the preamble's sentence that makes the agreement, else a date standing alone on
    a line of the cover page; None when it states none."""
    text = _unfiled(text[: PREAMBLE_CHARS + 200])
    for begin, end in _preamble_sentences(text):
        sentence = text[begin:end]
        if not _MAKES.search(sentence):
            continue
        dates = find_dates(text, begin, end)
        if dates and (_PARTIES_WORD.search(sentence) or re.search(r"\bagreement\b", sentence, re.IGNORECASE)):
            return dates[0]
    for line in _DATE_LINE.finditer(text, 0, min(len(text), 3000)):
        dates = find_dates(text, line.start("date"), line.end("date"))
        if len(dates) == 1 and dates[0].complete and len(dates[0].text) >= len(line.group("date").strip()) - 2:
            return dates[0]
    return None


_EFFECTIVE_WORD = re.compile(r"\b(?:effective|commencement)\b", re.IGNORECASE)
_WHEN_CLOSE = re.compile(r"\b(?:effective|as\s+of)\b", re.IGNORECASE)


def effective_date(text: str, made: StatedDate | None) -> StatedDate | None:
    """The date the contract calls its effective (or commencement) date; the agreement date when
    the preamble makes it "as of" that date or defines the Effective Date as the date of the
    agreement; None otherwise."""
    head = _unfiled(text[: max(PREAMBLE_CHARS, min(len(text) // 3, 150_000))])
    # Only the dates near the word: a long contract is not read date by date.
    candidates: dict[int, StatedDate] = {}
    for word in _EFFECTIVE_WORD.finditer(head):
        for date in find_dates(head, max(0, word.start() - 120), min(len(head), word.end() + 120)):
            candidates.setdefault(date.start, date)
    for date in sorted(candidates.values(), key=lambda d: d.start):
        before = head[max(0, date.start - 60) : date.start]
        after = head[date.end : date.end + 50]
        if _EFFECTIVE_NEAR.search(before) or _EFFECTIVE_AFTER.search(after):
            return date
    for means in _EFFECTIVE_MEANS.finditer(head):
        dates = find_dates(head, means.end(), means.end() + 60)
        if dates:
            return dates[0]
    if made is not None:
        window = text[max(0, made.start - 80) : made.start]
        if _WHEN_CLOSE.search(window) or _EFFECTIVE_IS_AGREEMENT.search(head):
            return made
    return None
