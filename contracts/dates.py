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

import itertools
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
_ORD = r"(?:\s{0,2}(?:st|nd|rd|th|s\s{0,2}t|n\s{0,2}d|r\s{0,2}d|t\s{0,2}h))?"
_DAY = rf"(?P<day>[0-3]?\d){_ORD}"
_DAY2 = rf"(?P<day2>[0-3]?\d){_ORD}"
_YEAR = r"(?P<year>(?:1[89]|20)\d{2})"
_YEAR2 = r"(?P<year2>(?:1[89]|20)\d{2})"
_YEAR3 = r"(?P<year3>(?:1[89]|20)\d{2})"
_WORD_DAY = (
    r"(?P<wday>first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|"
    r"fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|"
    r"twenty[-\s](?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|thirtieth|thirty[-\s]first)(?:\s*\(\d{1,2}\s?(?:st|nd|rd|th)\))?"
)
# "of 1996", "in the year 2004", "of the year 2004" before the year.
_IN_YEAR = r"(?:of|in)\s+(?:the\s+year\s+)?"
_BLANK = r"(?:_{2,}|\[\s*[•\u00b7_.…*]*\s*\]|\s(?=,))"
_DATE = re.compile(
    # "July 11 , 2006", "May 3,2006", "September 1 2004"
    # and a month glued to the word before it by the text extraction ("(Execution CopyMarch 27, 2019)")
    rf"(?:\b|(?<=_)|(?<=[a-z])(?-i:(?=[A-Z][a-z]))){_MONTH}\s*(?:{_DAY}|(?P<mblank>{_BLANK}))\s*,?\s*(?:{_IN_YEAR})?{_YEAR}\b"
    # "15th day of July, 2010", "1st of June 2004", "first (1st) day of January, 1996", "14 December 1998"
    # "10-Jan-2017", "10.Jan.2017", "the 23rd of January of 1996", "the 1st day of June in the year 2004"
    rf"|\b(?:{_DAY2}|{_WORD_DAY}|(?P<dblank>_{{2,}}|\[\s*\]))(?:\s+|(?P<dsep>[.-])(?=[A-Za-z]))(?:day\s+of(?:\s+-+)?\s+|of\s+)?(?:(?P<wkday>Monday|Tuesday|Wednesday|"
    rf"Thursday|Friday|Saturday|Sunday),?\s+)?(?P<month2>January|February|March|April|May|June|July|August|September|"
    rf"October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)(?(dsep)[.-]|\.?\s*,?\s*(?:{_IN_YEAR})?)(?:A\.D\.\s*)?{_YEAR2}\b"
    # "12/31/2014", "3-14-18", "1.4.2011"
    r"|\b(?P<n1>\d{1,2})(?P<sep>[/.-])(?P<n2>\d{1,2})(?P=sep)(?P<n3>(?:1[89]|20)\d{2}|\d{2})\b"
    # "the 20 March day of 1998"
    rf"|\b(?P<day4>[0-3]?\d){_ORD}\s+(?P<month4>January|February|March|April|May|June|July|August|September|October|"
    rf"November|December)\s+day\s+of\s+(?P<year4>(?:1[89]|20)\d{{2}})\b"
    # "2019-06-01"
    r"|\b(?P<iy>(?:1[89]|20)\d{2})-(?P<im>\d{2})-(?P<id>\d{2})\b"
    # "____ day of ______, 2015", "_____, 2020", "[•], 2020"
    rf"|(?:(?:_{{2,}}|\[\s*[•\u00b7]\s*\])\s*(?:day\s+of\s+)?)?(?:_{{2,}}|\[\s*[•\u00b7_.…*]*\s*\])\s*,?\s*{_YEAR3}\b",
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


_PAGE_BEFORE = re.compile(r"\bPage\s+$", re.IGNORECASE)


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
    # A numeric date ("1.4.2011") whose day and month the contract's convention settles.
    settled: bool = False

    @property
    def complete(self) -> bool:
        return bool(self.year and self.month and self.day)

    @property
    def ambiguous(self) -> bool:
        """A numeric date whose day and month could be either ("1.4.2011", "3/4/05")."""
        return (
            not self.settled and self.complete and not re.search(r"[A-Za-z]", self.text)
            and self.day <= 12 and self.month != self.day
        )  # fmt: skip


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
            if g["day2"] and _PAGE_BEFORE.search(text, max(0, match.start() - 8), match.start()):
                continue  # "Page 3   May 2004": a page's number and its footer's date, no day
            month, year = _month(g["month2"]), int(g["year2"])
            day = int(g["day2"]) if g["day2"] else _WORD_DAYS.get(re.sub(r"\s+", "-", (g["wday"] or "").lower()), 0)
        elif g["n1"]:
            first, second, y = int(g["n1"]), int(g["n2"]), int(g["n3"])
            year = y if y > 99 else y + (2000 if y < 50 else 1900)
            # Month first (American filings), unless the first number cannot be a month.
            month, day = (first, second) if first <= 12 else (second, first)
            if month > 12 or day > 31 or (g["sep"] == "." and g["n3"] and len(g["n3"]) == 2):
                continue
        elif g["month4"]:
            month, year, day = _month(g["month4"]), int(g["year4"]), int(g["day4"])
        elif g["iy"]:
            year, month, day = int(g["iy"]), int(g["im"]), int(g["id"])
        else:
            year = int(g["year3"])
        if not 1 <= (day or 1) <= 31:
            continue
        found.append(StatedDate(" ".join(match.group(0).split()).strip(" ,"), match.start(), match.end(), year,
                                month, day))  # fmt: skip
    return found


_NUMERIC = re.compile(
    r"\b(?P<first>\d{1,2})(?P<sep>[/.-])(?P<second>\d{1,2})(?P=sep)(?P<year>(?:1[89]|20)\d{2}|\d{2})\b"
)
CONVENTION_CHARS = 150_000


def day_first(text: str, date: StatedDate) -> bool | None:
    """Whether ``text`` writes its numeric dates, as ``date`` is written, day first: its other
    numeric dates that can be read one way only say so ("31/3/09", "25/05/2008": day first;
    "04.18.2018": month first); with none, a date written with dots ("1.4.2011") is day first, as
    the countries that write dates with dots write them; None when nothing says."""
    own = _NUMERIC.fullmatch(date.text)
    # Those written as ``date`` is first (a filing's footer, "Source: ..., 7/29/2019", is no part
    # of the contract), in the first ``CONVENTION_CHARS``: a long contract is not read date by date.
    counts = {True: [0, 0], False: [0, 0]}
    for match in _NUMERIC.finditer(_unfiled(text[:CONVENTION_CHARS])):
        if match.group("sep") == "." and len(match.group("year")) == 2:
            continue  # "2.13.10" numbers a clause
        first, second = int(match.group("first")), int(match.group("second"))
        same = own is not None and match.group("sep") == own.group("sep")
        counts[same][0] += first > 12 >= second
        counts[same][1] += second > 12 >= first
    for day, month in (counts[True], counts[False]):
        if day != month:
            return day > month
    return True if own is not None and own.group("sep") == "." else None


def settle(text: str, date: StatedDate | None) -> StatedDate | None:
    """``date`` read by the contract's own convention for numeric dates (``day_first``): an
    ambiguous one becomes a date whose day and month are known, or stays as written."""
    if date is None or not date.ambiguous:
        return date
    first = day_first(text, date)
    if first is None:
        return date
    # find_dates reads an ambiguous date month first (American filings).
    month, day = (date.day, date.month) if first else (date.month, date.day)
    return StatedDate(date.text, date.start, date.end, date.year, month, day, settled=True)


# The sentence that makes the agreement: "made", "entered into", "dated", "as of", "executed".
_MAKES = re.compile(
    r"\b(?:made|enter(?:s|ed)?\s+into|is\s+entered|dated|execut(?:ed|es)|as\s+(?:of|at)|effective|conclude[ds]|signed|"
    r"agreement\s+date|day\s+of)\b",
    re.IGNORECASE,
)
_MADE_ON = re.compile(
    # "The parties enter into this Agreement on", "Party A and Party B conclude this Contract on".
    r"\b(?:made|enter(?:s|ed)?\s+into|dated|execut(?:ed|es)|signed|conclude[ds])\b"
    r"(?:\s+(?:and|on|as|of|at|this|the|into|is|effective|(?:Agreement|Contract)\b))*\s*$",
    re.IGNORECASE,
)
# The preamble itself: making words, then the parties ("is made and entered into by and between").
_MAKES_BETWEEN = re.compile(
    r"\b(?:made|enter(?:s|ed)?\s+into|execut(?:ed|es)|conclude[ds])\b[^.;]{0,200}?\b(?:between|among|by\s+and)\b",
    re.IGNORECASE,
)
_PARTIES_WORD = re.compile(r"\b(?:between|among|by\s+and|BETWEEN|AMONG)\b")
_SENTENCE_END = re.compile(
    r"(?<!\bInc)(?<!\bLtd)(?<!\bCo)(?<!\bNo)(?<!\bCorp)(?<!\bJr)(?<!\bSr)(?<!\bSt)(?<!\b[A-Z])"
    # and as a name in capitals writes them ("ASHWORTH, INC. (The "Company")"), "Apt. 43"
    r"(?<!\bINC)(?<!\bLTD)(?<!\bCO)(?<!\bCORP)(?<!\bApt)(?<!\bAPT)"
    # nor does a person's title ("in the person of Executive Marketing Director Ms. A. M. Rakhimbekov,
    # acting on the basis of the Power of Attorney ... dated January 3, 2000").
    r"(?<!\bMr)(?<!\bMs)(?<!\bMrs)(?<!\bDr)(?<!\bMessrs)(?<!\bMR)(?<!\bMS)(?<!\bMRS)(?<!\bDR)"
    # nor "i.e." and "e.g." (round 8: "shall mean the Date of Installation ..., i.e. December 10, 1993").
    r"(?<!\bi\.e)(?<!\be\.g)"
    r"\.(?=\s+[A-Z(\"\u201c])"
)
_START_LABEL = (
    r"\b(?:(?:effective|commencement|start(?:ing)?)\s+date|(?:contract|term|agreement)\s+start|commencement)\s*:\s*$"
)
# "effective as of", "(the "Effective Date")", "effective on": the date is the effective date.
# "effective as of", and "The effective date of the Franchise will be January 1, 2016".
_EFFECTIVE_NEAR = re.compile(
    # Round 24: "effective retroactively to", "effective retroactive as of": the date it reaches back to.
    r"\beffective(?:\s+retroactive(?:ly)?(?:\s+(?:to|as\s+(?:of|at)|from|on))?|"
    r"\s+(?:as\s+(?:of|at)|on|from|beginning|upon|date))?\W*(?:the\s+)?(?:day\s+of\s+)?$"
    # The other words for taking effect (round 6): "shall come into force as of January 1, 2013",
    # "enters into force on", "takes effect on", "with effect from".
    r"|\b(?:(?:come|comes|came|coming|enter|enters|entered|entering)\s+into\s+(?:force|effect)|"
    r"(?:take|takes|took|taking)\s+effect|with\s+effect)(?:\s+(?:as\s+(?:of|at)|on|from|upon))?\W*(?:the\s+)?$"
    # Round 8: "This Agreement is in force from", "shall be valid as of": the same grammar of taking
    # effect, said of the agreement (a price list "in effect as of" is not).
    r"|\b(?:Agreement|Contract)\b[^.;]{0,40}?\b(?:in\s+(?:full\s+)?(?:force|effect)(?:\s+and\s+(?:force|effect))?|valid)\s+"
    r"(?:as\s+(?:of|at)|from|on)\W*(?:the\s+)?$"
    # "This Agreement shall be in full force and effect commencing on January 2, 2020"
    r"|\b(?:shall|will)\s+(?:be|remain)\s+in\s+(?:full\s+)?(?:force|effect)(?:\s+and\s+(?:force|effect))?\s+"
    r"(?:commencing|beginning|from|as\s+(?:of|at))(?:\s+on)?\W*(?:the\s+)?$"
    r"|\b(?:effective|commencement)\s+date\b[^.;]{0,40}?\b(?:is|will\s+be|shall\s+be)\s+(?:on\s+)?$"
    # Round 8: a label ("Contract start: 04-01-06", "Commencement Date: ...", "Start Date: ...").
    r"|" + _START_LABEL,
    re.IGNORECASE,
)
# "shall commence on December 1, 2001, which date shall be deemed the effective date".
_DEEMED_EFFECTIVE = re.compile(r"^[^.;]{0,40}?\bdeemed\s+(?:to\s+be\s+)?the\s+effective\s+date\b", re.IGNORECASE)
# The term's start stated as a date: "The term of this Agreement shall commence on July 19, 1999",
# "The duration of this Venture (the "Term") will begin on March 1, 2020", "The term of the
# Franchise shall be twenty (20) years, commencing on January 1, 2016".
_TERM_STARTS = re.compile(
    r"(?:\b(?:the|this|its)\s+(?:initial\s+)?term\b|[\"\u201c]Term[\"\u201d]|\bContract\s+Period\b|\bduration\s+of\s+this\b|"
    # Round 8: "This Agreement shall be for a term of two years beginning on", "The Agreement Term
    # begins on", "The period of this Agreement shall be from".
    r"\ban?\s+(?:initial\s+|fixed\s+)?term\s+of\b|(?-i:\b(?:Agreement|Contract)\s+Term\b)|\bperiod\s+of\s+this\s+(?:Agreement|Contract)\b|"
    r"\b(?:this|the)\s+(?:Agreement|Contract|Joint\s+Venture)\s+(?=(?:shall|will)\s+(?:commence|begin|start|run|be\s+for)))"
    r"[^.;]{0,80}?\b(?:commenc\w*|begin\w*|start\w*|"
    # "shall run from January 1, 2000", "shall be from", "is three years from": a term runs from its start.
    r"(?:run\w*|be|is|extend\w*|last\w*|continu\w*)\b[^.;]{0,40}?\bfrom)\s+(?:(?:up)?on\s+|as\s+(?:of|at)\s+|from\s+|with\s+)?"
    r"(?:the\s+)?$",
    re.IGNORECASE,
)
_EFFECTIVE_AFTER = re.compile(
    # "as of 12-23-2019 , 2019 (the "Effective Date")": the year typed twice.
    # Round 24: never the label of the next line ("Agreement Date: February 20, 2012 / Effective Date: March 1,
    # 2012", or in a table's cells without the colon), which names the date after it.
    r"^(?![ \t]*\n[ \t]*(?:Effective|Commencement)\s+Date\b)"
    r"(?:\s*,\s*(?:19|20)\d\d\b)?\W{0,4}(?:\(\s*)?(?:the\s+|this\s+|hereinafter\s+(?:the\s+)?|referred\s+to\s+as\s+(?:the\s+)?)?\W{0,2}"
    r"(?:Effective|Commencement)\s+Date\b(?!\s*:)"
    # Round 8: the definition is what the parenthesis defines, whatever words stand before its quoted
    # name ("(hereinafter referred to as the "Effective Date")", "(such date, the "Effective Date")",
    # "(the "Agreement Effective Date")", ", which shall be the "Effective Date"", "(the "Start Date")").
    r"|^(?:\s*,\s*(?:19|20)\d\d\b)?\s*(?:\(|,\s*(?=which\b|such\b|being\b))[^()\"\u201c\u201d;.]{0,40}?[\"\u201c\u2018']\s*"
    r"(?:the\s+)?(?:[A-Z][\w-]*\s+)?(?:Effective|Commencement|Start)\s+Date\b",
    re.IGNORECASE,
)
_EFFECTIVE_MEANS = re.compile(
    r"(?:[\"\u201c](?:Effective|Commencement)\s+Date[\"\u201d]\s*(?:shall\s+)?(?:means?|is|shall\s+be)|"
    r"\b(?:Effective|Commencement)\s+Date\s+(?:shall\s+)?means?)\s+",
    re.IGNORECASE,
)
# The agreement, or its term, takes effect when the agreement is made: "shall become effective as of
# the day and year first above written", "effective upon the date first written above", "The Term
# shall commence on the date of this Agreement", ""Effective Date" means the date of this Agreement".
_EFFECTIVE_IS_AGREEMENT = re.compile(
    r"(?:[\"\u201c]?(?:Effective|Commencement)\s+Date[\"\u201d]?\s*(?:shall\s+)?(?:means?|is|shall\s+be)\s+|"
    r"(?:\b(?i:this)\s+(?:[\w-]+\s+){0,3}?(?:Agreement|Contract|Amendment)|\bTerm\b|\b(?i:term\s+of\s+this)\b)[^.;]{0,80}?"
    # Round 9: the verbs in every form a term sentence writes them ("the term of this Agreement shall
    # be three years, commencing on the date of this Agreement"; "coming into force", "taking effect").
    r"\b(?:effective|commenc(?:e|es|ing)|begin(?:s|ning)?|start(?:s|ing)?|"
    r"(?:comes?|coming|enters?|entering)\s+into\s+(?:force|effect)|(?:takes?|taking)\s+effect)\s+"
    r"(?:as\s+(?:of|at)\s+|from\s+|(?:up)?on\s+|with\s+)?(?:on\s+)?"
    # "is entered into as of the date last written below ("the Effective Date")"
    r"|\b(?:entered\s+into|made|dated)\s+(?:as\s+(?:of|at)\s+|on\s+)(?=[^.;()]{0,60}\(\s*(?:the\s+)?[\"\u201c]\s*(?:the\s+)?Effective\s+Date))"
    r"the\s+(?:(?:date|day)\s+(?:and\s+year\s+)?(?:(?:first\s+|last\s+)(?:(?:herein)?above\s+|below\s+)?|"
    r"(?:herein)?above\s+|below\s+)(?:written|set\s+forth|stated|listed|shown|mentioned)|"
    r"(?:date|day)\s+(?:and\s+year\s+)?(?:written|set\s+forth|stated|listed|shown|mentioned)\s+(?:above|below)|"
    r"(?:date|day)\s+(?:above|hereof|of\s+(?:this|the)\s+(?:Agreement|Contract))|first\s+date\s+(?:above\s+)?written)",
    re.IGNORECASE,
)
# The agreement takes effect when signed: "shall become effective upon the completion of the
# execution by both Parties", "takes effect upon the signatures and seals", "will begin on the date
# this Agreement is signed by the last signatory", "commences upon execution of this document",
# ""Effective Date" is the date of the most recent final signature": its agreement date (the date
# it was signed) is the effective date.
_LAST_SIGNING = (
    r"(?:as\s+(?:of|at)|on|upon)\s+the\s+(?:(?:date|day)\s+of\s+(?:the\s+)?(?:last|later|latest|final)|"
    r"(?:later|latest|last)\s+of\s+the\s+(?:dates?|days?))\b[^.;]{0,40}?\b(?:sign|execut)\w*"
)
_EFFECTIVE_ON_SIGNING = re.compile(
    # Round 9: said of this agreement, not of its amendments ("Any amendment to this Agreement shall
    # become effective upon its execution by both parties" is no effective date of the agreement):
    # an amendment is the subject only when it is "this" one.
    r"(?:(?<!to\sthis\s)(?<!of\sthis\s)(?<!to\sthe\s)(?<!of\sthe\s)\b(?:Agreement|Contract|Term)|(?<=this\s)Amendment)\b[^.;]{0,50}?\b(?:(?:become|becomes|becoming|be|is)\s+effective|"
    r"(?:takes?|taking)\s+effect|(?:comes?|coming)\s+into\s+(?:force|effect)|(?:enters?|entering)\s+into\s+force|"
    r"commenc(?:e|es|ing)|begin(?:s|ning)?|start(?:s|ing)?)\s+"
    r"(?:(?:up)?on|as\s+(?:of|at)|from|with)\s+[^.;]{0,50}?\b(?:sign|execut)\w*"
    # "has been duly executed as of the date first set forth above and shall be effective simultaneously"
    r"|\bexecuted\b[^.;]{0,80}?\beffective\s+simultaneously"
    # Round 24: "effective as of the date of the last signature below", "entered into as of the later of
    # the dates of signature below (the "Effective Date")": the last party's signing.
    rf"|\beffective\s+{_LAST_SIGNING}|\b{_LAST_SIGNING}(?=[^.;]{{0,60}}?\bEffective\s+Date\b)"
    r"|\bEffective\s+Date[\"\u201d]?\s*(?:of\s+this\s+Agreement\s+)?(?:shall\s+)?(?:means?|is|be|shall\s+be)\s+the\s+"
    r"(?:date|later|last|latest)\b[^.;]{0,50}?\b(?:sign|execut)\w*",
    re.IGNORECASE,
)
PREAMBLE_CHARS = 6000


# Where the preamble and the recitals end and the body begins: the parties agree "as follows".
_OPERATIVE = re.compile(
    r"\bagree[sd]?\s+as\s+follows\b|\bNOW,?\s+THEREFORE\b|\bIT\s+IS\s+(?:HEREBY\s+)?AGREED\b"
)
_RECITAL = re.compile(r"\b(?:WHEREAS|Whereas)\b")


_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n")
# The words that make an agreement, and a header that names one between its parties ("Hosting
# Agreement between ELEPHANT TALK and T-Mobile, 18/9/2008").
_MAKING_VERB = re.compile(
    r"\b(?:made|enter(?:s|ed)?\s+into|execut(?:ed|es)|conclude[ds]|dated|signed|effective|agreement\s+date|"
    r"(?:agreement|contract)\s+between)\b",
    re.IGNORECASE,
)


def _paragraph(text: str, begin: int, end: int, date: StatedDate) -> tuple[int, int]:
    """The paragraph of ``text[begin:end]`` that holds ``date``."""
    breaks = [m for m in _PARAGRAPH_BREAK.finditer(text, begin, end)]
    start = max([m.end() for m in breaks if m.end() <= date.start], default=begin)
    stop = min([m.start() for m in breaks if m.start() >= date.end], default=end)
    return start, stop


def _in_making_paragraph(text: str, begin: int, end: int, date: StatedDate) -> bool:
    return _MAKING_VERB.search(text, *_paragraph(text, begin, end, date)) is not None


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
# The footer may run on inside a line too ("... 24.COUNTERPARTS. 22 Source: EL POLLO LOCO HOLDINGS,
# INC., 10-K, 3/6/2020 EXHIBITS ...").
_FILING_LINE = re.compile(
    # Round 8: in capitals too ("SOURCE: AZUL SA, F-1/A, 3/3/2017"), as a filing typed in capitals has it.
    r"^[ \t]*(?i:Source):[^\n]*$|\b(?i:Source):\s[^\n]{1,150}?,\s*[\w./() -]{1,30},\s*\d{1,2}/\d{1,2}/\d{4}\b",
    re.MULTILINE,
)
# A date alone on a line of a cover page ("NOV 02, 2019"), or a "Dated: ..." line.
# "Effective Date: July 1, 2019" and "Last Updated: April 6, 2007" head a contract the same way.
_DATE_LINE = re.compile(
    # Round 24: "Date of Agreement: February 20, 2012", "Date of this Contract:" (tried first).
    r"^[ \t]*(?P<label>Date\s+of\s+(?:this\s+|the\s+)?(?:Agreement|Contract):?\s*|"
    r"(?:(?:Effective|Agreement)\s+)?Dated?:?\s*|Last\s+(?:Updated|Revised):?\s*)?(?P<date>[^\n]{6,40})$",
    re.MULTILINE | re.IGNORECASE,
)


_PAGE_MARK = re.compile(r"\bPage\s+\d+\b", re.IGNORECASE)


# Definitions in guillemets (a translation's) or in single quotation marks (British drafting's "('Effective
# Date')") read as in the double ones every pattern here knows; a single quotation mark only where it opens
# or closes a phrase, never a word's apostrophe.
_OTHER_QUOTES = (("\u00ab", "\u201c"), ("\u00bb", "\u201d"), ("\u201e", "\u201c"))
# (The quotation mark first, then what stands before it: the search skips to each quotation mark.)
_SINGLE_QUOTED = re.compile(
    "['\u2018](?<![A-Za-z'\u2018\u2019].)([^'\u2018\u2019\"\n]{1,60}?)['\u2019](?![\\w'\u2019])"
)


def _double_quoted(text: str) -> str:
    """``text`` with its quotation marks made double (offsets kept)."""
    for other, double in _OTHER_QUOTES:
        if other in text:  # (str.replace is much faster than str.translate on a long contract)
            text = text.replace(other, double)
    if "'" not in text and "\u2018" not in text:
        return text
    return _SINGLE_QUOTED.sub(lambda m: "\u201c" + m.group(1) + "\u201d", text)


def _unfiled(text: str) -> str:
    """``text`` with the filing's footers blanked out and its quotation marks made double (offsets kept)."""
    return _FILING_LINE.sub(lambda m: " " * len(m.group(0)), _double_quoted(text))


def _lines(text: str) -> str:
    """``text`` with runs of three spaces or more as line breaks (offsets kept): a filing's text
    often sets a cover page's lines apart by spaces alone ("AGENCY AGREEMENT   May 25, 2016   ")."""
    return re.sub(r" {3,}", lambda m: "\n" + " " * (len(m.group(0)) - 1), text)


# A cover's labels before a date: the effective (or commencement) date's, the agreement's own.
_COVER_LABEL = re.compile(r"\b(?:Effective|Commencement|Start)\s+Date\s*[:\t]\s*$", re.IGNORECASE)
_AGREEMENT_LABEL = re.compile(
    r"(?:\bAgreement\s+Date|\bDate\s+of\s+(?:this\s+|the\s+)?(?:Agreement|Contract)|^[ \t]*Dated?)\s*[:\t]\s*$",
    re.IGNORECASE | re.MULTILINE,
)


def agreement_date(text: str) -> StatedDate | None:
    """The date of the preamble's sentence that makes the agreement, else a date standing alone on
    a line of the cover page, else the date the signature blocks give; None when it states none."""
    full = text
    text = _unfiled(text[: PREAMBLE_CHARS + 200])
    previous = ""
    sentences = _preamble_sentences(text)
    for index, (begin, end) in enumerate(sentences):
        sentence = text[begin:end]
        # An address's abbreviation ("Apt. 43, Constanta") may end a sentence early: the parties
        # named just before the date still make it the agreement's.
        joined, previous = previous + sentence, sentence
        if index and _OPERATIVE.search(text, sentences[index - 1][0], begin):
            # The parties have agreed "as follows": the body begins, and a date in it (a definition's
            # "License ... dated 25 June 1995", a clause's "Agreement ... dated as of February 1,
            # 2000") is not when this agreement was made.
            break
        if not _MAKES.search(sentence):
            continue
        stated = find_dates(text, begin, end) or _blank_dates(text, begin, end)
        # A recital ("WHEREAS, ... on or after July 30, 2002") gives the background, not the date
        # the agreement is made.
        dates = [
            d for d in stated if not another_agreements(text, d.start) and not _RECITAL.search(text, begin, d.start)
            # "The price list in effect as of January 1, 2001 shall apply": another subject's date.
            and not _said_of_another(text, d.start)
        ]
        if any(_in_making_paragraph(text, begin, end, d) for d in stated):
            # Round 9: a cover line run into the preamble's sentence ("Draft of March 3, 2020",
            # "Revised as of ...", then the title and "This Agreement is made ... between"): the
            # dates of the paragraphs that make the agreement, when they state one.
            dates = [d for d in dates if _in_making_paragraph(text, begin, end, d)]
        elif _MAKING_VERB.search(text, begin, end) and not any(
            _MAKING_VERB.search(text, *_paragraph(text, begin, end, d)) for d in dates
        ):
            dates = []  # the making words' paragraphs state none: the cover line's date is not theirs
        following = sentences[index + 1][1] if index + 1 < len(sentences) else end
        if not dates and _MAKES_BETWEEN.search(sentence) and not find_dates(text, end, following):
            # "This Cooperation Agreement is executed by and between the parties below ...": the
            # sentence that makes the agreement (and the one after it, which an abbreviation may
            # have cut from it) states no date, so a later sentence's date ("This
            # Agreement is effective on the day of May 1, 2013") is not when it was made; the cover
            # page or the signatures may say.
            break
        if dates and (_PARTIES_WORD.search(joined) or re.search(r"\bagreement\b", joined, re.IGNORECASE)):
            # "This Event is scheduled to take place on April 22, 2000, and this Sponsorship Agreement
            # ... dated as of April 14, 2000", "shall be effective as of May 1, 2020 ... and is made
            # and entered into this 10th day of January, 2020": the date the making words stand by.
            made = [d for d in dates if _MADE_ON.search(text, max(begin, d.start - 40), d.start)]
            chosen = (made or dates)[0]
            if not made and _COVER_LABEL.search(text, max(begin, chosen.start - 40), chosen.start):
                # Round 24: a cover's lines run into the preamble's sentence ("Effective Date: March 1,
                # 2012 / Agreement Date: February 20, 2012 / ... This Agreement is made between"): the
                # line labelled the agreement's date, when there is one.
                chosen = next(
                    (d for d in dates if _AGREEMENT_LABEL.search(text, max(begin, d.start - 40), d.start)), chosen
                )
            if not chosen.complete:
                # "dated as of this ____day of ____________, 2012, but made effective as of February
                # 20, 2012": the sentence's date left blank yields to the one it states whole.
                chosen = next((d for d in dates if d.complete), chosen)
            return chosen
    late = _late_preamble(full)
    if late is not None:
        return late
    lines = _lines(text)
    effective: StatedDate | None = None
    for line in _DATE_LINE.finditer(lines, 0, min(len(lines), 3000)):
        physical = text[text.rfind("\n", 0, line.start()) + 1 : (text.find("\n", line.end()) + 1 or len(text) + 1) - 1]
        if _PAGE_MARK.search(physical):
            # A page's running footer ("Commercial in Confidence   Page 3   May 2004") dates the page's
            # revision, not the agreement.
            continue
        dates = (
            find_dates(lines, line.start("date"), line.end("date"))
            or _blank_dates(lines, line.start(), line.end())
            or _month_year(lines, line.start("date"), line.end("date"))
        )
        if len(dates) == 1 and len(dates[0].text) >= len(line.group("date").strip()) - 2 and (
            dates[0].complete or line.start("date") < 1500
        ):
            label = (line.group("label") or "").lower()
            if label.startswith("effective"):
                # Round 24: a cover's "Effective Date: March 1, 2012" yields to its "Agreement Date:" or
                # "Date of Agreement:" line when it has one; alone, it still dates the agreement.
                effective = effective or dates[0]
                continue
            if effective is None or label.startswith(("agreement", "date of", "dated")):
                return dates[0]
    if effective is not None:
        return effective
    return signed_date(full)


# A cover page's line that gives the month and year alone ("April 2013", "JUNE, 2004"): a date
# without its day.
_MONTH_YEAR = re.compile(rf"\s*{_MONTH},?\s+{_YEAR}\s*$", re.IGNORECASE)


def _month_year(text: str, start: int, end: int) -> list[StatedDate]:
    match = _MONTH_YEAR.fullmatch(text, start, end)
    if match is None:
        return []
    words = " ".join(match.group(0).split())
    year, month = int(match.group("year")), _month(match.group("month"))
    return [StatedDate(words, match.start("month"), match.end(), year, month, 0)]


# "entered into that certain Share Purchase Agreement dated July 23, 2009", "have previously entered
# into a Selling Agreement, effective as of December 1, 2002", "the agreement executed between the
# Parties on the 21st day of February, 2017": the date of another agreement, not this one's.
_DETERMINERS = r"this|that\s+certain|certain|the|a|an|such|said|its|their"
# "<determiner> <up to six words> Agreement (<its definition>) <words> dated|effective|entered into
# ... <date>": the words between hold no other agreement, no sentence end.
_DATED_AGREEMENT = re.compile(
    rf"\b(?P<det>{_DETERMINERS})\s+(?:(?!(?:{_DETERMINERS})\b)[\w&/-]+[ \t]+){{0,6}}?"
    r"(?:agreement|contract|amendment|MSA|note|lease|license|plan|policy|instrument|deed)\b"
    # The words between may name the other agreement's parties, whose names hold periods ("by and
    # between the City of San Diego and Padres, L.P. dated as of February 1, 2000").
    r"(?:\s*\([^()]{0,80}\))?(?:(?!agreement|contract)(?:[^.;()]|"
    r"(?:(?<=ref)|(?<=Ref)|(?<=No)|(?<=no)|(?<=\b[A-Z])|(?<=Inc)|(?<=INC)|(?<=Ltd)|(?<=LTD)|(?<=Co)|(?<=Corp))\.)){0,80}?,?\s*"
    r"(?P<verb>dated|effective|executed|entered\s+into|made|signed)\b[^.;]{0,40}$",
    re.IGNORECASE,
)


# A definition's line: '"Master Transaction Agreement" means the Master Transaction Agreement entered into by
# and between E-House (China) Holdings Limited and ..., dated as of July 27, 2009'.
_DEFINITION_OF = re.compile(
    r"[\"\u201c](?P<term>[^\"\u201c\u201d\n]{1,80})[\"\u201d]\s*(?:\([^()]{0,40}\)\s*)?(?:means|shall\s+mean|refers\s+to)\b",
    re.IGNORECASE,
)
_DOCUMENT_TERM = re.compile(
    r"\b(?:agreement|contract|amendment|lease|licen[cs]e|plan|note|deed|instrument|indenture)s?$", re.IGNORECASE
)


def _defines_another(text: str, start: int) -> bool:
    """Whether the date at ``text[start:]`` stands in the definition of another document: its line
    defines a term naming an agreement (or lease, note ...) other than this one ("Agreement")."""
    begin = max(text.rfind("\n", 0, start) + 1, start - 400)
    definitions = list(_DEFINITION_OF.finditer(text, begin, start))
    if not definitions or ";" in text[definitions[-1].end() : start]:
        return False
    if re.match(r"\s*(?:this|these\s+presents)\b", text[definitions[-1].end() : start], re.IGNORECASE):
        return False  # '"License Agreement" means this License Agreement dated ...': this one
    term = " ".join(definitions[-1].group("term").split()).lower()
    return bool(_DOCUMENT_TERM.search(term)) and term not in ("agreement", "this agreement", "contract")


def another_agreements(text: str, start: int) -> bool:
    """Whether the date at ``text[start:]`` is the date of an agreement (or note, lease...) other
    than this one: the one the words before it date is "that certain", "a" or "the" one, not "this"
    one ("the Development Agreement ("Development Agreement") entered into on April 15, 2010", "a
    Demand Note, dated December 5, 1995"); or the date stands in the definition of another one."""
    if _defines_another(text, start):
        return True
    dated = _DATED_AGREEMENT.search(text, max(0, start - 200), start)
    if dated is None or dated.group("det").lower() == "this":
        return False
    # "This amendment to Section 2 ... of the Co-Branding Agreement is made effective December 9,
    # 1996": the present tense makes this document, the one "this" names; another agreement is
    # named by its past ("dated", "entered into on", "was made").
    making_this = _MAKING_NOW.search(text, max(0, dated.start("verb") - 12), dated.start("verb")) and (
        _THIS_DOCUMENT.search(text, max(0, dated.start() - 200), dated.start())
    )
    return not making_this


_MAKING_NOW = re.compile(r"\b(?:is|are)\s+(?:hereby\s+)?$", re.IGNORECASE)
_THIS_DOCUMENT = re.compile(
    r"\b(?i:this)\s+(?:[\w-]+\s+){0,4}?(?i:agreement|amendment|contract|addendum|letter|memorandum)\b(?![^.;]*[.;])"
)


# "AGREEMENT made as of the _____ day of ____, 2015 (the "Effective Date") by and between": the
# preamble after a long table of contents.
_LATE_PREAMBLE = re.compile(
    r"\b(?:AGREEMENT|Agreement|CONTRACT|Contract)\b[^.;]{0,120}?\b(?:is\s+)?(?:made|entered\s+into|dated)\b[^.;]{0,200}?"
    r"\b(?:by\s+and\s+)?(?:between|among)\b"
)
LATE_PREAMBLE_CHARS = 40_000


def _late_preamble(text: str) -> StatedDate | None:
    """The date of a preamble that a long table of contents pushes past the head: the first
    sentence that makes the agreement between its parties, in the first ``LATE_PREAMBLE_CHARS``."""
    if len(text) <= PREAMBLE_CHARS:
        return None
    text = _unfiled(text[: LATE_PREAMBLE_CHARS])
    match = _LATE_PREAMBLE.search(text, PREAMBLE_CHARS - 400)
    if match is None:
        return None
    dates = find_dates(text, match.start(), match.end()) or _blank_dates(text, match.start(), match.end())
    dates = [d for d in dates if not another_agreements(text, d.start)]
    return dates[0] if dates else None


# A date the preamble leaves blank without a blank line: "made as of this day of , 20 between",
# "as of , 2020 (the", "this 30th day of April (the "Effective Date")" (no year).
_BLANK_PREAMBLE = re.compile(
    r"\b(?:(?:this|the)\s+)?day\s+of\s+(?:_{2,}\s*)?,?\s*(?P<year>(?:19|20)(?:\d\d\b|_+|(?=\s)))"
    r"|\b(?:as\s+(?:of|at)|dated|on)\s+(?P<comma>,\s*(?P<year2>(?:19|20)\d\d)\b)"
    rf"|\b{_DAY}\s+day\s+of\s+{_MONTH}\s*,?\s*(?=\(|by\b|between\b)"
    r"|^[ \t]*(?P<line>,\s*(?P<year3>(?:19|20)\d\d))[ \t]*$"
    # Round 24: the month and year without a day: "made as of April, 2011", "entered into in April 2011",
    # "dated as of this day of April 2011" (a day left out, not blanked by a line).
    r"|\b(?:as\s+(?:of|at)|dated|on|(?:made|entered\s+into|executed|signed|concluded)\s+(?:in|during))\s+"
    r"(?:(?:this|the)\s+day\s+of\s+)?(?P<month5>January|February|March|April|May|June|July|August|September|"
    r"October|November|December)\s*,?\s+(?P<year5>(?:19|20)\d\d)\b",
    re.IGNORECASE | re.MULTILINE,
)


def _blank_dates(text: str, start: int, end: int) -> list[StatedDate]:
    """The dates the preamble leaves blank in a way ``find_dates`` does not read, with whatever
    year and month they give (0 where none): "made as of this day of , 20 between", "as of , 2020
    (the", "this 30th day of April (the "Effective Date")", a cover page's line ", 2006"."""
    found = []
    for match in _BLANK_PREAMBLE.finditer(text, start, end):
        g = match.groupdict()
        year_text = g["year"] or g["year2"] or g["year3"] or g["year5"] or ""
        year = int(year_text) if year_text.isdigit() and len(year_text) == 4 else 0
        month = _month(g["month"] or g["month5"]) if g["month"] or g["month5"] else 0
        day = int(g["day"]) if g["day"] else 0
        begin = (
            match.start("comma") if g["comma"] else match.start("line") if g["line"]
            else match.start("month5") if g["month5"] else match.start()
        )  # fmt: skip
        words = " ".join(text[begin : match.end()].split()).strip(" ,(") or text[begin : match.end()]
        found.append(StatedDate(words, begin, match.end(), year, month, day))
    return found


# Where the signatures are: after "IN WITNESS WHEREOF", else the end of the contract. A date there
# stands beside a signature ("By:", "/s/", "Name:", "(signature)", "Date:") or in a sentence that
# dates the agreement ("This Agreement is dated April 29, 2010").
_WITNESS = re.compile(r"\bIN\s+WITNESS\s+(?:WHEREOF|THEREOF)\b", re.IGNORECASE)
_SIGNATURE_MARK = re.compile(
    r"(?:/s/|\bBy\s*:|\bName\s*:|\bTitle\s*:|\bsignature|\bsigned\b|\bseal\b|\bDate\s*:|\bdated\b|"
    r"\bexecuted\b|\bsubscribed\b|\bParty\s+[A-C]\b)",
    re.IGNORECASE,
)
_SIGNED_BY = re.compile(r"/s/|\bBy\s*:|\bName\s*:|\bTitle\s*:")
# "December 8, 2005 ----------- Date": the label under the line the date is written on.
_DATE_UNDER = re.compile(r"[\s_-]*Date\b")
SIGNATURE_CHARS = 2500


def signed_date(text: str) -> StatedDate | None:
    """The date the signature blocks give (the last of them when they give several: the agreement
    is made when the last party signs); None when they give none."""
    start = None
    for witness in _WITNESS.finditer(text, len(text) // 5):
        start = witness.start()
        break
    if start is None:
        start = max(0, len(text) - SIGNATURE_CHARS)
    end = min(len(text), start + SIGNATURE_CHARS)
    region = _unfiled(text[:end])
    found = [d for d in find_dates(region, start, end) if d.year and d.month]
    # "Dated the ____ day of May, 2000.": a signing date left without its day, when none is whole.
    whole = [d for d in found if d.complete] or found
    dated = [
        d for d in whole
        if not another_agreements(region, d.start)
        and (_SIGNATURE_MARK.search(region[max(start, d.start - 250) : d.start]) or _DATE_UNDER.match(region, d.end))
    ]  # fmt: skip
    if not dated:
        # A signature page with the contract's schedules after it ("[Signature and Stamp Page] ...
        # Date: January 1, 2013 ... Annex 1"), past its last pages and without "IN WITNESS".
        dated = _dated_blocks(text, len(text) // 5, start)
    if not dated:
        # A signature page put first ("By: /s/ ... Title: VP, WW Sales Finance Date: 1/19/07 Date:
        # January 22, 2007 ... Exhibit 10.38 NONEXCLUSIVE VALUE ADDED DISTRIBUTOR AGREEMENT").
        head = _unfiled(text[: min(len(text), PREAMBLE_CHARS)])
        dated = [
            d for d in find_dates(head)
            if d.complete and _SIGNED_BY.search(head, max(0, d.start - 250), d.start)
            and not another_agreements(head, d.start)
        ]  # fmt: skip
    return max(dated, key=lambda d: (d.year, d.month, d.day)) if dated else None


# A signature block: a signature's marks close together ("/s/ ... Name: ... Title: ... Date:").
_BLOCK_MARK = re.compile(r"/s/|\bBy\s*:|\bName\s*:|\bTitle\s*:|\bSignature\b|\bSigned\b", re.IGNORECASE)
BLOCK_SPAN = 400
BLOCKS_CHARS = 20_000


def _dated_blocks(text: str, start: int, end: int) -> list[StatedDate]:
    """The complete dates beside the first signature block between ``start`` and ``end`` that
    dates its signatures: two signature marks within ``BLOCK_SPAN`` characters, a date beside
    them. Only the last ``BLOCKS_CHARS`` before ``end`` are read: the signatures end the agreement's
    own text, and a long contract is not read date by date."""
    start = max(start, end - BLOCKS_CHARS)
    region = " " * start + _unfiled(text[start:end])  # offsets kept
    stated = [d for d in find_dates(region, start, end) if d.complete]
    if not stated:
        return []
    marks = list(_BLOCK_MARK.finditer(region, start, end))
    for first, second in itertools.pairwise(marks):
        if second.start() - first.start() > BLOCK_SPAN or first.group(0).lower() == second.group(0).lower():
            continue
        # The date may stand over its signature, labelled under its line ("03/24/06 ____ Date").
        begin, stop = max(start, first.start() - BLOCK_SPAN), min(end, second.end() + BLOCK_SPAN)
        dated = [
            d for d in stated
            if begin <= d.start and d.end <= stop and not another_agreements(region, d.start)
            and (_SIGNATURE_MARK.search(region, max(begin, d.start - 250), d.start) or _DATE_UNDER.match(region, d.end))
        ]  # fmt: skip
        if dated:
            return dated
    return []


_EFFECTIVE_WORD = re.compile(r"\b(?:effective|commencement|force|effect|start)\b", re.IGNORECASE)
_OF_THE_AGREEMENT = re.compile(
    r"\b(?:this|the)\s+(?:[\w-]+\s+){0,4}?(?:agreement|contract|amendment|term)\b|\bhereof\b|\bhereunder\b|"
    r"(?:effective|commencement)\s+date",
    re.IGNORECASE,
)
# A sentence whose subject is something other than the agreement, its term or its dates ("The new rates
# shall ...", "Such termination will ...", "The Registration Statement was ...").
_OTHER_SUBJECT = re.compile(
    r"\s*(?:The|Such|Any|Each|All|Its|Their)\s+"
    r"(?!(?:[\w'-]+\s+){0,3}?(?i:agreement|contract|term|amendment|effective|commencement|part(?:y|ies))\b)"
    r"(?:[\w'-]+\s+){1,4}?(?:shall|will|is|are|was|were|has|have|became|become|becomes|may)\b"
)


_MAKING_WORDS = re.compile(
    r"\b(?:made|enter(?:s|ed)?\s+into|execut(?:ed|es)|conclude[ds]|dated|signed)\b", re.IGNORECASE
)


def _said_of_another(text: str, position: int) -> bool:
    """Whether the date at ``position`` stands in a sentence whose subject is something other than
    the agreement ("The new rates shall be effective as of July 1, 2002", "The price list in effect as
    of"), and that does not make an agreement ("The Company and the Distributor have entered into ...")."""
    begin = _sentence_start(text, position, 300)
    return bool(_OTHER_SUBJECT.match(text, begin, position)) and not _MAKING_WORDS.search(text, begin, position)


def _preamble_end(text: str) -> int:
    """Where the preamble ends: the parties agree "as follows", or the first numbered clause."""
    marks = (_OPERATIVE.search(text, 0, PREAMBLE_CHARS), _FIRST_CLAUSE.search(text, 0, PREAMBLE_CHARS))
    found = [m.start() for m in marks if m]
    return min(found) if found else PREAMBLE_CHARS


_FIRST_CLAUSE = re.compile(r"(?:^|\n)[ \t]*(?:(?:Section|Article|ARTICLE|SECTION)\s+)?(?:1|I)\.?[ \t]+[A-Z]")


# Where a sentence (or a clause after ";", or a paragraph) ends.
_SENTENCE_BREAK = re.compile(r"[.;:](?=\s)|\n\s*\n")


def _sentence_start(text: str, position: int, reach: int) -> int:
    """Where the sentence holding ``text[position]`` starts, at most ``reach`` characters back:
    "effective" is said of what the same sentence names ("The new rates shall be effective as of
    July 1, 2002" after a sentence about "this Agreement" is not said of the agreement)."""
    begin = max(0, position - reach)
    breaks = [m.end() for m in _SENTENCE_BREAK.finditer(text, begin, position)]
    return breaks[-1] if breaks else begin


def _recital_of_another(text: str, position: int) -> bool:
    """Whether the date at ``position`` is in a recital that is not about this agreement
    ("WHEREAS, the Company's Registration Statement became effective on March 3, 2000;"): a recital
    gives the background, as for the agreement date (``agreement_date``)."""
    begin = _sentence_start(text, position, 400)
    recital = _RECITAL.search(text, begin, position)
    return recital is not None and not _THIS_AGREEMENT.search(text, recital.end(), position)


_THIS_AGREEMENT = re.compile(r"\b(?i:this)\s+(?:[\w-]+\s+){0,3}?(?i:agreement|contract|amendment)\b")


_COMMENCE_WORD = re.compile(r"\b(?:commenc\w*|begin\w*|start\w*|from)\b", re.IGNORECASE)
# "entered into effective as of the 24th day of August 2018": the agreement date is the effective
# date. A preamble "as of" its date alone is not: the CUAD experts give no effective date for most
# of those (docs/decisions/key-terms.md).
_WHEN_CLOSE = re.compile(r"\beffective\b", re.IGNORECASE)


def effective_date(text: str, made: StatedDate | None) -> StatedDate | None:
    """The date the contract calls its effective (or commencement) date; the agreement date when
    the preamble makes it "as of" that date or defines the Effective Date as the date of the
    agreement; None otherwise."""
    text = _double_quoted(text)
    head = _unfiled(text[: max(PREAMBLE_CHARS, min(len(text), 150_000))])
    # Only the dates near the word: a long contract is not read date by date.
    candidates: dict[int, StatedDate] = {}
    for word in _EFFECTIVE_WORD.finditer(head):
        start, end = max(0, word.start() - 120), min(len(head), word.end() + 120)
        blank = _blank_dates(head, start, end) if start < PREAMBLE_CHARS else []
        for date in find_dates(head, start, end) + blank:
            candidates.setdefault(date.start, date)
    if made is not None and made.start < len(head):
        # The agreement's own date, wherever the preamble stands and however it is left blank: "AGREEMENT
        # made as of the _____ day of ______, 2015 (the "Effective Date")" after a table of contents.
        candidates.setdefault(made.start, made)
    preamble_end = _preamble_end(head)
    for date in sorted(candidates.values(), key=lambda d: d.start):
        own = made is not None and date.start == made.start
        if not own and another_agreements(head, date.start):
            continue  # (the agreement date was read as this agreement's already)
        before = head[max(0, date.start - 60) : date.start]
        after = head[date.end : date.end + 50]
        called = _EFFECTIVE_NEAR.search(before) or _EFFECTIVE_AFTER.search(after) or _DEEMED_EFFECTIVE.search(after)
        # Past the preamble, "effective October 8, 2014" must be said of the agreement or its term
        # ("This contract shall be effective as of November 1, 2002"), not of a maturity date
        # adjusted or directors appointed. Round 9: the preamble ends at its first numbered clause
        # or "agree as follows" (a short contract's body is within PREAMBLE_CHARS too), and what
        # "effective" is said of is named in the same sentence.
        presumed = date.start < PREAMBLE_CHARS and (date.start < preamble_end or _EFFECTIVE_AFTER.search(after))
        if presumed and not own and _said_of_another(head, date.start):
            # "The new rates shall be effective as of July 1, 2002", "The insurance policy shall be in
            # full force and effect from January 1, 2000" in a short contract without numbered clauses
            # (its whole body within the preamble's reach): the sentence says it of its own subject.
            presumed = False
        said_of_it = (
            own
            or presumed
            or _OF_THE_AGREEMENT.search(head, _sentence_start(head, date.start, 120), date.start)
            or re.search(_START_LABEL, before, re.IGNORECASE)  # a label is of the contract itself
        )
        if called and said_of_it and not _recital_of_another(head, date.start):
            return date
    for means in _EFFECTIVE_MEANS.finditer(head):
        # The definition's own sentence ("shall mean the Date of Installation of the PSS in Kuwait,
        # i.e. December 10, 1993"), not only its first words.
        stop = _SENTENCE_END.search(head, means.end(), means.end() + 160)
        dates = find_dates(head, means.end(), stop.start() if stop else means.end() + 60)
        if dates:
            return dates[0]
    for starts in _COMMENCE_WORD.finditer(head):
        for date in find_dates(head, starts.end(), min(len(head), starts.end() + 40)):
            before = head[max(0, date.start - 140) : date.start]
            if _TERM_STARTS.search(before) and not another_agreements(head, date.start):
                return date
    if made is not None:
        window = text[max(0, made.start - 80) : made.start]
        if _WHEN_CLOSE.search(window) or _EFFECTIVE_IS_AGREEMENT.search(text):
            return made
        if _EFFECTIVE_ON_SIGNING.search(text):
            # It takes effect when the last party signs: the last date the signature blocks give
            # ("Date: 5/11/2016" beside the preamble's "May 3, 2016"), else the agreement date. A
            # signature dated before the agreement's own date is no later signing (a slip, "25/05/2008"
            # under an agreement of May 25th, 2018).
            signed = signed_date(text)
            if signed is not None and signed.complete and made.complete and _ymd(signed) > _ymd(made):
                return signed
            return made
    return None


def _ymd(date: StatedDate) -> tuple[int, int, int]:
    return (date.year, date.month, date.day)
