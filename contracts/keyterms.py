# ruff: noqa: E501
"""The key terms a lawyer reads first, from the clause model's passages. Pure, no ORM.

Parties, agreement / effective / expiration dates, governing law, renewal term and the notice
period to terminate renewal are CUAD categories; for each, the best passage the model finds is the
source, and a short value is picked out of it when a plain pattern can (a date, "New York", "60
days", "five (5) years from the Effective Date"); otherwise the value is the passage itself. A
cover page's label / value cells state a term directly. Every term keeps its passage and
paragraph so the page can link to where it sits (docs/decisions/clause-types.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from contracts import numbers
from contracts.clauses import BY_SLUG, ClausePassage, detect
from contracts.dates import MONTHS, StatedDate, agreement_date, another_agreements, effective_date, settle
from contracts.document import contract_text, structure_of
from contracts.parties import (
    CUSTOMER_ROLES,
    DISCLOSER_ROLES,
    MAX_PARTIES,
    PROVIDER_ROLES,
    RECIPIENT_ROLES,
    Party,
    find_parties,
    head_paragraphs,
    role_side,
)
from contracts.terms import find_terms
from documents.docx.model import Paragraph, TextModel

KEY_TERMS: tuple[tuple[str, str], ...] = (
    ("parties", "Parties"),
    ("agreement-date", "Agreement date"),
    ("effective-date", "Effective date"),
    ("expiration-date", "Expiration date"),
    ("governing-law", "Governing law"),
    ("renewal-term", "Renewal term"),
    ("notice-period-to-terminate-renewal", "Notice period to terminate renewal"),
)

_MONTHS = r"(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.?"
_DAY = r"\d{1,2}(?:st|nd|rd|th)?"
_YEAR = r"(?:1[89]|20)\d{2}"
# "July 11 , 2006" and "May 3,2006" are how contracts are typed; "12-23-2019" and "1.4.2011" are
# dates too (kept as written: which is the day is the contract's convention, not ours).
_DATE = re.compile(
    rf"\b{_MONTHS}\s+{_DAY}(?:\s*,\s*|\s+){_YEAR}\b"
    rf"|\b{_DAY}\s+(?:day\s+of\s+)?{_MONTHS}(?:\s*,\s*|\s+){_YEAR}\b"
    rf"|\b\d{{1,2}}/\d{{1,2}}/(?:{_YEAR}|\d{{2}})\b|\b\d{{1,2}}-\d{{1,2}}-{_YEAR}\b|\b\d{{1,2}}\.\d{{1,2}}\.{_YEAR}\b"
    rf"|\b{_YEAR}-\d{{2}}-\d{{2}}\b",
    re.IGNORECASE,
)
# "is entered on this 9th day of October, 2001 and is deemed effective as of October 1, 2001 (the
# "Effective Date")": the effective date is the one its own words call so.
_EFFECTIVE_BEFORE = re.compile(r"\beffective\b(?:\W+\w+){0,4}\W*$", re.IGNORECASE)
_EFFECTIVE_AFTER = re.compile(r"^\W{0,6}(?:the\s+|this\s+)?\W?effective\s+date\b", re.IGNORECASE)


# A date left blank ("dated as of [•], 2020", "this ______ day of _______, 201__", "dated
# ………", "{effective_date}") is the answer too: the lawyer must see that it is not filled in.
_BLANK_DATE = re.compile(
    rf"(?:\[[\s•_.…*]*\]|_{{2,}}(?:\s*day\s+of\s+_{{2,}})?|[….]{{3,}}(?=\s*[(“\"]))(?:\s*,?\s*(?:{_YEAR}|\d{{2,3}}_+))?"
    r"|\{[a-z_]*date[a-z_]*\}",
    re.IGNORECASE,
)
_BLANK_BEFORE = re.compile(r"\b(?:dated|as\s+of|on|this|date|effective)\W*$", re.IGNORECASE)
# Where a passage is only a fallback, its date must be the kind asked for: "due September 15,
# 1999" is no expiration date, "Date: 3-29-2016" under a signature is an agreement date.
_DATE_LABEL = {
    "agreement-date": re.compile(r"\b(?:dated|date|as\s+of|made|entered|executed|signed|effective)\b\W*(?:\w+\W+){0,3}$", re.IGNORECASE),
    "effective-date": _EFFECTIVE_BEFORE,
    "expiration-date": re.compile(r"\b(?:terminat\w*|expir\w*|until|end\w*|through)\b\W*(?:\w+\W+){0,3}$", re.IGNORECASE),
}


def _date(slug: str, text: str, *, labelled: bool = False) -> str | None:
    """The date of ``text`` for ``slug``; ``labelled``: only a date that its words call so."""
    dates = list(_DATE.finditer(text))
    if slug in _STATED_DATES:
        # "... that certain Selling Agreement, effective as of December 1, 2002": another agreement's.
        dates = [m for m in dates if not another_agreements(text, m.start())]
    if slug == "effective-date" or labelled:
        for match in dates:
            before = text[max(0, match.start() - 60) : match.start()]
            after = text[match.end() : match.end() + 30]
            if _DATE_LABEL[slug].search(before) or (slug != "expiration-date" and _EFFECTIVE_AFTER.search(after)):
                return match.group(0).strip()
        if labelled:
            return None
    if dates:
        return dates[0].group(0).strip()
    if slug != "expiration-date":
        for match in _BLANK_DATE.finditer(text):
            if match.group(0).startswith("{") or _BLANK_BEFORE.search(text[max(0, match.start() - 25) : match.start()]):
                return re.sub(r"_{4,}", "____", re.sub(r"[….]{3,}", "…", match.group(0))).strip()
    return None


# "the laws of the State of New York", "THE LAWS OF THE STATE OF NEW YORK", "the laws of the
# province of Ontario": the jurisdiction is the capitalised name after "laws of" and an optional
# "the State of" (matched case-insensitively), up to the first word that is not part of it.
# "the laws in the State of Washington", "the legislation of the Republic of Kazakhstan".
# Round 8: "the laws in force in Israel", "the laws prevailing in Germany", "the laws applicable in".
_LAW_OF = re.compile(
    r"\b(?:laws?|legislation)\s+(?:(?:(?:in\s+)?force|prevailing|applicable|in\s+effect|effective)\s+)?(?:of|in)\s+",
    re.IGNORECASE,
)
_LAW_BY = re.compile(r"\bgoverned\s+by\s+(?:the\s+)?(?:internal\s+|substantive\s+)?([A-Z][\w.]*(?:\s+[A-Z][\w.]*){0,2})\s+law\b")
# A state's kind is left out ("the State of New York" is New York); a country's formal name is kept
# as the contract writes it ("the Republic of Kazakhstan", as the experts write it too; round 5 cut
# it to "Kazakhstan").
_LAW_KIND = re.compile(r"(?:the\s+)?(?:(?:State|Commonwealth|Province|Canton|Emirate)\s+of\s+)?", re.IGNORECASE)
_LAW_PLACEHOLDER = re.compile(r"\{[^{}]*\}|\[[^\[\]]*\]")
_LAW_WORD = re.compile(r"\s*([A-Z][\w.\u2019'-]*|of|and|the)(?=[\s,;:.)]|$)")
# Words that end the name even when written in capitals ("NEW YORK WITHOUT REGARD TO ...").
_LAW_STOP = {"without", "excluding", "except", "regardless", "as", "in", "applicable", "that", "which", "to", "with",
             "shall", "will", "governing", "notwithstanding", "including", "other", "applied", "and", "of", "the",
             "exclusive", "irrespective", "but", "for", "by", "any"}
_STATE_OF = re.compile(r"\b(?:State|Commonwealth|Province)\s+of\s+", re.IGNORECASE)
_GOVERNED = re.compile(r"\b(?:governed|construed|governing\s+law)\b", re.IGNORECASE)
_FEDERAL = re.compile(r"^(?:the\s+)?United\s+States(?:\s+of\s+America)?$", re.IGNORECASE)


def _jurisdiction_at(text: str, start: int) -> str | None:
    """The jurisdiction named at ``text[start:]`` (just after "laws of"): "New York", "Ontario",
    "Italy", "England and Wales", or a placeholder such as "{governing_law}"; None when what
    follows is no name ("the laws of any country")."""
    kind = _LAW_KIND.match(text, start)
    pos = kind.end() if kind else start
    placeholder = _LAW_PLACEHOLDER.match(text, pos)
    if placeholder:
        return placeholder.group(0)
    words: list[str] = []
    while len(words) < 6:
        match = _LAW_WORD.match(text, pos)
        if not match:
            break
        word = match.group(1)
        lower = word.lower()
        if lower in ("of", "and", "the"):
            # "District of Columbia", "England and Wales": a joining word only between two names.
            following = _LAW_WORD.match(text, match.end())
            if not words or following is None or following.group(1).lower() in _LAW_STOP:
                break
        elif lower in _LAW_STOP or not word[0].isupper():
            break
        if word.endswith(".."):
            words.append(word[:-1])  # "the laws of the R.O.C.. Article XII": the sentence ends
            break
        words.append(word)
        pos = match.end()
    name = " ".join(words).strip(" .")
    if not name:
        return None
    return name.title() if name.isupper() and len(name) > 3 else name


_ADJECTIVE_PLACE = {
    "english": "England", "scottish": "Scotland", "irish": "Ireland", "italian": "Italy", "french": "France",
    "german": "Germany", "swiss": "Switzerland", "dutch": "the Netherlands", "swedish": "Sweden",
    "israeli": "Israel", "japanese": "Japan", "chinese": "People's Republic of China",
    "prc": "People's Republic of China", "spanish": "Spain", "belgian": "Belgium", "danish": "Denmark",
    "singapore": "Singapore", "korean": "Korea", "indian": "India", "brazilian": "Brazil",
    "r.o.c": "Taiwan (Republic of China)", "roc": "Taiwan (Republic of China)",
}  # fmt: skip
_LAW_ADJECTIVE = re.compile(rf"\b({'|'.join(map(re.escape, _ADJECTIVE_PLACE))})\s+laws?\b", re.IGNORECASE)


def _governing_law(text: str) -> str | None:
    """The state, province or country whose law governs: a state named beside the United States
    ("the laws of the United States of America and of the Commonwealth of Pennsylvania") is the
    governing law a lawyer writes down; the federal law alone only when nothing else is named."""
    names = [name for m in _LAW_OF.finditer(text) if (name := _jurisdiction_at(text, m.end()))]
    names += [m.group(1) for m in _LAW_BY.finditer(text)]
    if not names:
        # "construed in accordance with English law", "the Italian Law", "PRC Laws": the law named
        # by its people's adjective or the country's initials.
        for match in _LAW_ADJECTIVE.finditer(text):
            names.append(_ADJECTIVE_PLACE[match.group(1).lower()])
            break
    # "PRC" and "English" ("governed by the laws of English ...") are the law's country by another word.
    names = [_ADJECTIVE_PLACE.get(n.lower().strip("."), n) for n in names]
    local = [n for n in names if not _FEDERAL.match(n)]
    if not local and (names or _GOVERNED.search(text)):
        # "... of the United States of America and of the Commonwealth of Pennsylvania"; "This
        # Agreement has been made in the State of California and shall be governed by ... the laws
        # thereof", "governed by the internal laws State of New York", "the internal laws, and not by
        # the laws regarding conflict of laws, of the State of North Carolina".
        local = [name for m in _STATE_OF.finditer(text) if (name := _jurisdiction_at(text, m.start()))]
    if local:
        # "governed by ... the laws of the State of California and the laws of Hong Kong": every
        # law the governing sentence names, once each.
        sentence = _GOVERNING_SENTENCE.search(text)
        together = [local[0]]
        if sentence is not None:
            words = sentence.group(0)
            inside = [name for m in _LAW_OF.finditer(words) if (name := _jurisdiction_at(words, m.end()))]
            for name in (_ADJECTIVE_PLACE.get(n.lower().strip("."), n) for n in inside):
                if not _FEDERAL.match(name) and name not in together:
                    together.append(name)
        return "; ".join(together)
    return names[0] if names else None


def governing_law_in(text: str) -> str | None:
    """The jurisdiction whose law a governing-law passage ``text`` chooses ("England and Wales",
    "New York; Hong Kong"), or None: the key term's reading, for wording that depends on it
    (contracts/conditions.py)."""
    return _governing_law(text)


_GOVERNING_SENTENCE = re.compile(
    r"[^.;]*\b(?:governed|construed|interpreted|governing)\b[^;]*?(?:\.(?=\s+[A-Z(]|\s*$)|;|$)", re.IGNORECASE
)


_PERIOD = re.compile(
    r"\b(?:\w+[\s-]+)?\(?\d{1,4}\)?[\s-]+(?:calendar\s+|business\s+)?(?:days?|months?|years?)\b"
    r"|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|thirty|sixty|ninety)[\s-]+(?:\(\d+\)\s+)?"
    r"(?:calendar\s+|business\s+)?(?:days?|months?|years?)\b",
    re.IGNORECASE,
)
_SUFFIXES = ("Inc", "LLC", "L.L.C", "Ltd", "Limited", "Corp", "Corporation", "Company", "plc", "PLC", "GmbH", "AG",
             "S.A", "B.V", "N.V", "LP", "L.P", "LLP")
# A company name ends in its legal form, written as a name is ("Inc." or "INC.", never the
# lower-case "a Delaware corporation" that describes it).
_SUFFIX = "|".join(sorted({re.escape(x) for x in _SUFFIXES} | {re.escape(x.upper()) for x in _SUFFIXES}, key=len, reverse=True))
_PARTY = re.compile(
    rf"\b((?:[A-Z][\w&.,'-]*|\d+)(?:\s+(?:[A-Z0-9][\w&.,'-]*|&)){{0,6}}\s*,?\s+(?:{_SUFFIX})\b\.?)"
)
# "a Delaware Corporation", "a New York Limited Liability Company": what a party is, not its name.
_JURISDICTIONS = {
    "alabama", "alaska", "arizona", "arkansas", "california", "colorado", "connecticut", "delaware", "florida",
    "georgia", "hawaii", "idaho", "illinois", "indiana", "iowa", "kansas", "kentucky", "louisiana", "maine",
    "maryland", "massachusetts", "michigan", "minnesota", "mississippi", "missouri", "montana", "nebraska",
    "nevada", "new hampshire", "new jersey", "new mexico", "new york", "north carolina", "north dakota", "ohio",
    "oklahoma", "oregon", "pennsylvania", "rhode island", "south carolina", "south dakota", "tennessee", "texas",
    "utah", "vermont", "virginia", "washington", "west virginia", "wisconsin", "wyoming", "ontario", "quebec",
    "british columbia", "alberta", "cayman islands", "bermuda", "england", "english", "irish", "israeli",
}
_FORM_WORDS = {"limited", "liability", "company", "corporation", "partnership", "inc", "ltd", "corp"}


def _is_description(name: str) -> bool:
    words = name.rstrip(".").split()
    form = [w for w in words if w.lower().strip(".,") in _FORM_WORDS]
    rest = " ".join(w for w in words if w.lower().strip(".,") not in _FORM_WORDS).lower()
    return bool(form) and rest in _JURISDICTIONS


# "VerticalNet Enterprises LLC, formerly known as Tradeum, Inc. which d/b/a VerticalNet
# Solutions", "NETWORKS ASSOCIATES, INC., a Delaware corporation, doing business as Network
# Associates, Inc.": a former or trading name is the party already named, not another party.
_ALIAS_BEFORE = re.compile(
    r"\b(?:formerly(?:\s+known\s+as)?|f/k/a|fka|d/b/a|dba|doing\s+business\s+as|a\.?k\.?a\.?|also\s+known\s+as|"
    r"trading\s+as|t/a|previously\s+(?:known\s+as|called))\W*$",
    re.IGNORECASE,
)


def _key(name: str) -> str:
    """A name compared without case or punctuation ("NETWORKS ASSOCIATES, INC" = "Networks Associates Inc.")."""
    return " ".join(re.sub(r"[^\w&]+", " ", name).lower().split())


# "This Company", "the Corporation": a reference back, not a name.
_NOT_A_NAME = {"this", "the", "such", "each", "any", "said", "either", "neither", "both", "that"}
# "The initial term of this Agreement shall be the Term": a reference to the definition, no value.
_CIRCULAR = re.compile(r"\bshall\s+be\s+the\s+Term\b")
_DATE_TERMS = ("agreement-date", "effective-date", "expiration-date")
# The dates whose value is a date or nothing (an expiration may be a period or an event instead).
_STATED_DATES = ("agreement-date", "effective-date")
NO_DATE = "no date stated"
# What a passage without a date may still say of one: a definition ("“Effective Date” means the
# date of last signature on the SOW"), another date it refers to ("as of the Effective Date"),
# a date the text extraction garbled ("May 3, 200ri").
_ABOUT_A_DATE = re.compile(
    r"\b(?:means|shall\s+mean|date\s+of|(?:[A-Z][\w-]*\s+)?Date\b|(?:January|February|March|April|May|June|July|"
    r"August|September|October|November|December)\b)"
)


def _no_date(slug: str, text: str) -> bool:
    """Whether ``text``, which holds no date, says nothing of the date ``slug`` asks for. A passage
    without a date never states the agreement date: "entered into as of the Effective Date", "as of
    the Agreement Date shown on the cover page", "[Date]" are no date (the passage stays, for the
    lawyer to read)."""
    if slug == "agreement-date":
        return True
    return _ABOUT_A_DATE.search(text) is None

_PERIOD_TERMS = ("renewal-term", "notice-period-to-terminate-renewal")
# Within the clause a period sits in: what stands just after it and just before it.
_CLAUSE_END = re.compile(r";|:\s|\.\s")
# "thirty (30) days' notice", "90 days prior", but not "ten (10) years by notice in writing given
# by XFN" (a renewal term renewed by notice).
_NOTICE_AFTER = re.compile(
    r"^\W*(?:(?!by\b|upon\b)\w+\W+){0,2}?(?:prior|before|in\s+advance|notice|preceding)\b", re.IGNORECASE
)
_NOTICE_BEFORE = re.compile(r"\b(?:notice|notif\w*|non-?renew\w*|not\s+to\s+(?:be\s+)?renew\w*|in\s+writing)\b", re.IGNORECASE)
_RENEWAL_BEFORE = re.compile(
    r"(?<!non-)(?<!non)\b(?:renew\w*|automatic\w*|extend\w*|extension|successive|additional|consecutive|subsequent|further)\b",
    re.IGNORECASE,
)


_NOTICE_WORD = re.compile(
    r"\b(?:notice|notif\w*|writing|written|elect\w*|intention|inform\w*|advis\w*|terminat\w*|cancel\w*|non-?renew\w*)\b",
    re.IGNORECASE,
)


def _sentence_around(text: str, start: int, end: int) -> str:
    """The sentence of ``text`` that holds ``text[start:end]``."""
    begin = max(text.rfind(". ", 0, start), text.rfind(";", 0, start)) + 1
    stops = [i for i in (text.find(". ", end), text.find(";", end)) if i >= 0]
    return text[begin : min(stops) if stops else len(text)]


# Round 9: what a renewal renews is the agreement or its term (CUAD: "the renewal term after the
# initial term expires"), named in the sentence that states the period: a warranty "extended for
# an additional six (6) months", insurance renewed "annually", are no renewal of the contract.
# "It is established by calendar year and renewed tacitly every year": the agreement as "it".
_RENEWED = re.compile(r"\b(?:agreement|contract|term|hereof|hereunder|it\s+(?:is|shall|will|may))\b", re.IGNORECASE)


def _period(slug: str, text: str) -> str | None:
    """The renewal period ("renew ... for additional two (2) year terms") or the notice period
    ("no less than 6 months prior", "written notice at least thirty (30) days before") of
    ``text``: the first period its own words stand next to, in the same clause."""
    for quantity in numbers.find_quantities(text, "days"):
        before = text[max(0, quantity.start - 60) : quantity.start]
        before = _CLAUSE_END.split(before)[-1]
        after = text[quantity.end : quantity.end + 30]
        notice_before = [m.end() for m in _NOTICE_BEFORE.finditer(before)]
        renewal_before = [m.end() for m in _RENEWAL_BEFORE.finditer(before)]
        is_notice = bool(_NOTICE_AFTER.search(after)) or bool(notice_before)
        if is_notice and not notice_before and not _NOTICE_WORD.search(_sentence_around(text, quantity.start, quantity.end)):
            # "unable to agree upon the terms for renewal ... at least six (6) months prior to the
            # expiration": a time before the term ends, but no one notifies anyone.
            is_notice = False
        if slug == "notice-period-to-terminate-renewal" and is_notice:
            return quantity.phrase
        if slug == "renewal-term" and renewal_before and not _NOTICE_AFTER.search(after) and (
            not notice_before or renewal_before[-1] > notice_before[-1]
        ) and _RENEWED.search(_sentence_around(text, quantity.start, quantity.end)):
            # "may agree in writing to extend the Agreement for successive One (1) Year periods":
            # the renewal words stand nearer the period than the notice's.
            return quantity.phrase
    return None


# "shall automatically renew for successive terms of the same duration", "for a like term": the
# renewal term is the initial term's period.
_SAME_TERM = re.compile(
    r"\b(?:(?:of|for)\s+(?:the\s+)?same\s+(?:duration|length|period)|(?:for\s+)?(?:a\s+)?like\s+(?:term|period)s?|"
    r"equal\s+(?:in\s+(?:duration|length)\s+)?to\s+the\s+(?:initial|original)\s+term)\b",
    re.IGNORECASE,
)


def _same_as_initial(text: str) -> str | None:
    """The initial term's period where the renewal is "of the same duration" as it; None otherwise."""
    if not _SAME_TERM.search(text):
        return None
    for quantity in numbers.find_quantities(text, "days"):
        if quantity.unit in ("month", "year") and not _NOTICE_AFTER.search(text[quantity.end : quantity.end + 30]):
            return quantity.phrase
    return None


# A renewal stated without a number: "from year to year", "successive annual periods", "month to
# month", "half a year"; one that runs on with no end of its own: "automatically continue until
# terminated", "indefinitely".
_RENEWS_BY_WORD = (
    # Round 8: "extend the Term for an additional year period", "for a further year": one year.
    (re.compile(r"\b(?:year[\s-]to[\s-]year|annual(?:ly)?|every\s+year|yearly|each\s+year|"
                r"(?:an?|one)\s+(?:additional|further|successive|extra|another)\s+year)\b", re.I), "1 year"),
    (re.compile(r"\b(?:month[\s-]to[\s-]month|monthly|every\s+month|each\s+month|"
                r"(?:an?|one)\s+(?:additional|further|successive|extra|another)\s+month)\b", re.I), "1 month"),
    (re.compile(r"\bhalf\s+a\s+year\b", re.I), "6 months"),
)
# Round 8: "shall be effective month to month": a term that runs on from month to month renews.
_RENEWS = re.compile(
    r"\b(?:renew\w*|extend\w*|extension|continu\w*|successive|thereafter|(?:year|month)[\s-]to[\s-](?:year|month))\b", re.I
)
_RUNS_ON = re.compile(
    r"\b(?:continue\w*|remain\w*|renew\w*|extend\w*)\b[^.;]{0,80}?\b(?:until\s+(?:terminated|either|one\s+of|such\s+time|"
    r"the\s+(?:earlier|date)\s+(?:of\s+)?(?:termination|on\s+which))|indefinitely|perpetu\w*|"
    r"(?:an?\s+)?(?:unlimited|indefinite)\s+(?:period|term|duration))",
    re.I,
)


# A renewal whose length the filing redacted: "renew for additional successive [***] terms",
# "extendable for a further * years".
_REDACTED_RENEWAL = re.compile(
    r"\b(?:successive|additional|further|consecutive|renewal|extension)\s+(?:(?:period|term)s?\s+of\s+)?"
    r"(?:\[\s*\*[\s*]*\]|\*+(?:\s\*+)*)(?:\s*(?:calendar\s+)?(?:years?|months?|days?|periods?|terms?)\b)?",
    re.IGNORECASE,
)


def _redacted_renewal(text: str) -> str | None:
    """A renewal period the filing redacted, as written ("successive [***] terms"): a period all the
    same, not a renewal "until terminated"."""
    if not _RENEWS.search(text):
        return None
    match = _REDACTED_RENEWAL.search(text)
    return " ".join(match.group(0).split()) if match else None


def _renewal_in_words(text: str) -> str | None:
    """A renewal period stated in words, or "perpetual" for a term that runs on until ended."""
    if not _RENEWS.search(text):
        return None
    for pattern, period in _RENEWS_BY_WORD:
        if pattern.search(text):
            return period
    if _RUNS_ON.search(text):
        return "perpetual (continues until terminated)"
    return None


_NONRENEW = re.compile(
    r"\b(?:non-?renew\w*|not\s+to\s+(?:be\s+)?(?:renew|extend)\w*|intention\s+not|elects?\s+not|"
    r"terminate\s+(?:this\s+agreement\s+)?(?:at|upon|as\s+of|effective\s+(?:at|upon))\s+the\s+(?:end|expiration))\b",
    re.IGNORECASE,
)
_RENEW_WORD = re.compile(r"renew", re.IGNORECASE)


def _nonrenewal_notice(text: str) -> str | None:
    """The notice period to stop a renewal that a renewal sentence itself states ("... (c) neither
    party provided ... notice of such party's intention not to renew this Agreement at least
    thirty (30) days prior to any year's Expiration Date"): a period its own clause ties to not
    renewing."""
    for quantity in numbers.find_quantities(text, "days"):
        before = _CLAUSE_END.split(text[max(0, quantity.start - 160) : quantity.start])[-1]
        after = text[quantity.end : quantity.end + 30]
        if _NONRENEW.search(before) and (_NOTICE_AFTER.search(after) or _NOTICE_BEFORE.search(before)):
            return quantity.phrase
        if (
            _NOTICE_AFTER.search(after)
            and _BEFORE_TERM_ENDS.match(text, quantity.end)
            and not _OPTS_IN.search(text, max(0, quantity.start - 200), quantity.end + 150)
        ):
            # "... automatic renewal of one year thereafter until terminated by either party with one
            # (1) year written notice prior to the expiration of the initial period or any extension
            # period": notice before the term ends is notice not to renew, unless it is the notice
            # to renew ("if both parties wish to renew ... agree ... at least thirty (30) days before
            # the expiry", "Cisco may, by written notice ... given at least thirty (30) days prior to
            # the end of the then-current term ..., extend the term").
            return quantity.phrase
    return None


_OPTS_IN = re.compile(
    r"\b(?:wish\w*|desir\w*|intention)\s+to\s+(?:renew|extend)|\bextend\s+the\s+term\b|\bagree\w*\s+(?:on|to)\b", re.IGNORECASE
)
_BEFORE_TERM_ENDS = re.compile(
    r"\W*(?:[\w']+\W+){0,4}?(?:prior\s+to|before)\s+(?:the\s+)?(?:end|expiration|expiry)\s+of\s+"
    r"(?:the\s+|any\s+|each\s+|such\s+)?(?:(?:then[\s-]current|current|initial|renewal|extension|applicable)\s+)+"
    r"(?:term|period)",
    re.IGNORECASE,
)


# "terminating on the eighth anniversary of the Commencement Date", "until the fifth (5th)
# anniversary of the Effective Date".
_ANNIVERSARY = re.compile(
    r"\b(?:the\s+)?[\w-]+\s+(?:\(\d+(?:st|nd|rd|th)?\)\s+)?anniversary\s+of\s+(?:the\s+|this\s+)?"
    r"(?:[A-Z][\w-]*|date\s+of\s+this\s+Agreement)(?:\s+[A-Z][\w-]*){0,2}"
)
# What a term's period runs from: "five (5) years from the Effective Date".
_FROM = re.compile(
    r"\s+(?:from|after|following)\s+(?:the\s+)?(?:date\s+(?:first\s+)?(?:set\s+forth|written)\s+above|"
    r"date\s+of\s+(?:this|the)\s+Agreement|[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,2})"
)
# "shall terminate when all obligations ... are performed", "terminate on the date that is the last
# day of the Warranty Period ...": a short end stated in words.
_ENDS = re.compile(
    r"\b(?:terminat\w*|expir\w*|end\w*|continu\w*(?:\s+in\s+(?:full\s+force\s+and\s+)?effect)?)\s+"
    r"((?:on|when|upon|until)\s+[^.;]+?)(?=,?\s+unless\b|,?\s+subject\s+to\b|[.;(]|$)",
    re.IGNORECASE,
)


_WHICHEVER = re.compile(r"\b(?:longer|shorter|earlier|later|earliest|latest)\s+of\b[^;:]*$", re.IGNORECASE)


def _expiry(text: str) -> str | None:
    """When the term ends, as the term sentence states it: a date, an anniversary, the initial
    period ("five (5) years from the Effective Date"), or a short end in words."""
    date = _date("expiration-date", text)
    if date is not None:
        return date
    anniversary = _ANNIVERSARY.search(text)
    if anniversary:
        return anniversary.group(0).strip()
    for quantity in numbers.find_quantities(text, "days"):
        before = _CLAUSE_END.split(text[max(0, quantity.start - 60) : quantity.start])[-1]
        after = text[quantity.end : quantity.end + 30]
        if _NOTICE_AFTER.search(after) or _NOTICE_BEFORE.search(before) or _RENEWAL_BEFORE.search(before):
            continue
        if re.match(r"\s+ha(?:ve|s)\s+elapsed\b", after):
            break  # "until 12 months have elapsed since the end of ...": the end in words below
        if _WHICHEVER.search(before):
            return None  # "the longer of one year or until ...": one period alone would mislead
        tail = _FROM.match(text, quantity.end)
        return quantity.phrase + (tail.group(0) if tail else "")
    end = _ENDS.search(text)
    if end and len(end.group(1)) <= 120 and not _WHICHEVER.search(end.group(1)):
        return re.sub(r"^on\s+", "", " ".join(end.group(1).split()))
    return None


# The places a governing-law passage may name without a "laws of" the parser reads ("being either
# Illinois or New York", "in accordance with Ohio law", "IN SAN DIEGO COUNTY, THE STATE OF
# CALIFORNIA"): the states, provinces and countries a contract's law is chosen from, and the cities
# named as one ("Beijing").
_PLACES = _JURISDICTIONS | {n.lower() for n in _ADJECTIVE_PLACE.values()} | {
    "united states", "usa", "u.s.a", "america", "district of columbia", "puerto rico", "canada", "manitoba",
    "saskatchewan", "nova scotia", "new brunswick", "newfoundland", "prince edward island", "mexico",
    "united kingdom", "wales", "northern ireland", "ireland", "scotland", "portugal", "netherlands", "luxembourg",
    "austria", "norway", "finland", "iceland", "poland", "czech republic", "hungary", "greece", "turkey", "russia",
    "russian federation", "ukraine", "china", "prc", "p.r.c", "hong kong", "macau", "taiwan", "korea", "malaysia",
    "thailand", "indonesia", "philippines", "vietnam", "australia", "new zealand", "argentina", "chile", "colombia",
    "peru", "south africa", "egypt", "nigeria", "kenya", "united arab emirates", "dubai", "saudi arabia", "qatar",
    "cyprus", "malta", "gibraltar", "british virgin islands", "bahamas", "barbados", "jersey", "guernsey",
    "isle of man", "kazakhstan", "guam", "beijing", "shanghai", "shenzhen", "london", "paris", "tokyo", "seoul",
    "toronto", "vancouver", "sydney", "munich", "zurich", "geneva",
}
_PLACE = re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, _PLACES), key=len, reverse=True)) + r")\b", re.IGNORECASE)


def _names_a_place(text: str) -> bool:
    return _PLACE.search(text) is not None


@dataclass(frozen=True)
class KeyTerm:
    slug: str
    label: str
    value: str  # "" when the contract has no passage of this kind
    passage: ClausePassage | None

    @property
    def found(self) -> bool:
        # The parties may come from the preamble's structure when no passage scored as one.
        return self.passage is not None or bool(self.value)


def _value(slug: str, passage: ClausePassage, *, fallback: bool = False) -> str:
    """The short value of ``passage``, or its text when none; ``fallback``: the passage is not the
    most confident one, so only a value its words label as this term counts."""
    text = passage.text
    if slug == "governing-law":
        law = _governing_law(text)
        return law if law is not None else text
    if slug == "parties":
        names: list[str] = []
        for match in _PARTY.finditer(text):
            name = match.group(1).strip(" ,")
            if name.split()[0].lower() in _NOT_A_NAME or _is_description(name):
                continue
            if _ALIAS_BEFORE.search(text[max(0, match.start() - 40) : match.start()]):
                continue  # "formerly known as Tradeum, Inc.": the same party under another name
            if _key(name) not in {_key(n) for n in names}:
                names.append(name)
        return "; ".join(names[:4]) if names else text
    if slug in _PERIOD_TERMS:
        # "an initial term of five (5) years ... renew for additional two (2) year terms unless
        # ... notice of non-renewal no less than 6 months prior": the period the term is about,
        # not the first one; none found is the passage itself, never another period.
        period = _period(slug, text)
        if period is None and slug == "renewal-term" and _RENEWED.search(text):
            period = _same_as_initial(text) or _redacted_renewal(text) or _renewal_in_words(text)
        return period if period is not None else (text if fallback else "")
    if slug == "expiration-date":
        expiry = _date(slug, text, labelled=True) if fallback else _expiry(text)
        return expiry if expiry is not None else text
    if slug in _DATE_TERMS:
        date = _date(slug, text, labelled=fallback or slug == "agreement-date")
        return date if date is not None else text
    return text


def _many_words_no_role(name: str) -> bool:
    """A name of two words or more that is no role word ("JOHN ROGERS" on a cover page, not "Service
    Provider")."""
    return len(name.split()) >= 2 and not role_side(name) and " ".join(name.lower().split()) not in (*DISCLOSER_ROLES, *RECIPIENT_ROLES)


def _named(parties: tuple[Party, ...]) -> list[Party]:
    """The parties the preamble names (not a role word or a placeholder standing for one)."""
    return [
        p for p in parties
        if p.name.strip() and "{" not in p.name
        and (p.name != p.defined or _PARTY.search(p.name + " ") or _many_words_no_role(p.name)
             or _one_word_name(p))
    ]


def _one_word_name(party: Party) -> bool:
    """A one-word name that is no role word ("XIMAGE", "Galacticomm"): a party the contract calls
    by its name alone, not a role ("Seller") standing for one the preamble leaves unnamed."""
    word = party.name.strip()
    return len(word.split()) == 1 and word[:1].isupper() and not party.role and word.lower() not in (
        *DISCLOSER_ROLES, *RECIPIENT_ROLES)


def _parties_value(parties: tuple[Party, ...], passage: ClausePassage | None) -> str:
    """The preamble's parties as the structure model read them, each with the name the contract
    uses for it ("CRO Consulting (Pty) Limited ("CRO")"), then any company name of the model's
    passage that the preamble did not give; a role word alone ("Seller") only when nothing else."""
    named = _named(parties)
    values = [
        f"{p.name} ({', '.join(chr(0x201c) + d + chr(0x201d) for d in (p.defined, *p.also))})"
        if p.defined != p.name else p.name
        for p in named
    ]
    if passage is not None and len(named) < 2:
        # Only when the preamble gives fewer than two parties: beside a preamble that names both,
        # the passage's other company names are a recital's third party or what a party is
        # ("A Texas Corporation"), not another party.
        extra = _value("parties", passage)
        if extra != passage.text:
            for name in extra.split("; "):
                name = " ".join(name.split())  # "Pretzel  Time,  Inc." as a filing spaces it out
                if not any(_key(name) in _key(p.name) or _key(p.name) in _key(name) for p in named):
                    values.append(name)
    if not values:
        values = [p.defined for p in parties if p.defined.strip()]
    elif len(named) < len(parties):
        # "... and the Franchisee ("you", "your")", "an individual ("Developer")": a party the preamble
        # defines by its role alone, its name left to a cover page or a blank, is still a party; it is
        # named by its role, as the experts name it; only beside the named parties in the preamble (or
        # called "you"), not a role word the definitions give ("Licensee" of an escrow agreement).
        near = {p.locator for p in named}
        for p in parties:
            if (p not in named and p.name.strip() and "{" not in p.name and p.name == p.defined
                    and (p.also or p.locator in near)):
                values.append(f"{p.name} ({', '.join(chr(0x201c) + d + chr(0x201d) for d in p.also)})" if p.also else p.name)
    return "; ".join(values[:MAX_PARTIES])


# A cover page (Common Paper and the like) is a table of label cells each followed by its value
# cell ("Effective Date" | "{effective_date}"); an option list marks the chosen one ("[ x ]
# Expires {mnda_term} from Effective Date." over "[    ] Continues until terminated ...").
_COVER_LABELS = {
    "effective date": "effective-date",
    "governing law": "governing-law",
    "term": "expiration-date",
    "mnda term": "expiration-date",
    "nda term": "expiration-date",
    "agreement term": "expiration-date",
    "auto-renewal": "renewal-term",
    "renewal": "renewal-term",
    "renewal term": "renewal-term",
}
_TICKED = re.compile(r"^\s*[\[(]\s*[xX\u2713\u2714]\s*[\])]\s*|^\s*[\u2612\u25a0]\s*")
_UNTICKED = re.compile(r"^\s*[\[(]\s*[\])]\s*|^\s*[\u2610\u25a1]\s*")
_ROLE_LABEL = re.compile(
    rf"^\s*({'|'.join(re.escape(r) for r in PROVIDER_ROLES + CUSTOMER_ROLES)})\s*:\s*(\S.*)$", re.IGNORECASE
)
_ROW_LABELS = {"signature", "print name", "name", "title", "company", "notice address", "address", "date", "email"}


def _cells(model: TextModel) -> list[list[Paragraph]]:
    """The table cells in document order, each its non-empty paragraphs (empty cells dropped)."""
    cells: dict[str, list[Paragraph]] = {}
    for paragraph in model.paragraphs:
        if paragraph.cell and paragraph.text.strip():
            cells.setdefault(paragraph.cell, []).append(paragraph)
    return list(cells.values())


def _cover_passage(slug: str, text: str, paragraph: Paragraph) -> ClausePassage:
    # Read from the label the contract gives it, not scored by the model: confidence 1.
    return ClausePassage(slug, BY_SLUG[slug].title, text, 1.0, paragraph.locator, 0, len(paragraph.text))


def _cover_page(model: TextModel) -> dict[str, tuple[str, ClausePassage]]:
    """Key terms a cover page states as label / value cells: slug -> (value, passage). A value
    that is a placeholder ("{effective_date}") is kept as it is: the form is not filled in."""
    found: dict[str, tuple[str, ClausePassage]] = {}
    cells = _cells(model)
    parties: list[tuple[str, Paragraph]] = []
    for i, cell in enumerate(cells):
        label = cell[0].text.strip().rstrip(":").strip().lower()
        role = _ROLE_LABEL.match(cell[0].text)
        if role and len(cell) == 1 and len(parties) < 4:
            # "PROVIDER: {provider_legal_name}"
            entry = f"{role.group(2).strip()} (\u201c{role.group(1).title()}\u201d)"
            if all(entry != n for n, _ in parties):
                parties.append((entry, cell[0]))
            continue
        if label == "company" and not parties:
            # A signature grid's "Company" row: the parties' names, one cell each.
            for other in cells[i + 1 : i + 3]:
                name = other[0].text.strip()
                if name.rstrip(":").lower() in _ROW_LABELS or not ("{" in name or _PARTY.search(name)):
                    break
                parties.append((other[0].text.strip(), other[0]))
            continue
        slug = _COVER_LABELS.get(label)
        if slug is None or slug in found or i + 1 >= len(cells):
            continue
        options = cells[i + 1]
        ticked = [p for p in options if _TICKED.match(p.text)]
        chosen = ticked or [p for p in options if not _UNTICKED.match(p.text)]
        if not chosen:
            continue
        text = " ".join(_TICKED.sub("", p.text).strip() for p in chosen)
        if slug == "renewal-term" and re.search(r"\bnotice\b", text, re.IGNORECASE):
            # "Auto-renewal" | "( x ) Non-Renewal Notice Date: At least {payment_terms_days} days
            # before the end of the current Subscription Period": the ticked option keeps renewal
            # and states the notice period, not the renewal term.
            slug = "notice-period-to-terminate-renewal"
            if slug in found:
                continue
            text = re.sub(r"^[^:]{0,40}:\s*", "", text)
        passage = _cover_passage(slug, f"{cell[0].text.strip()}: {text}", chosen[0])
        value = _value(slug, _cover_passage(slug, text, chosen[0])) or text
        found[slug] = (value, passage)
    if parties:
        text = "; ".join(name for name, _ in parties)
        found["parties"] = (text, _cover_passage("parties", text, parties[0][1]))
    return found


_SIGNED_WORDS = re.compile(r"\b(?:sign\w*|execut\w*)\b", re.IGNORECASE)


def stated_value(date: StatedDate) -> str:
    """A complete date written one way ("July 15, 2010"); a date left blank as the contract
    writes it ("September ___, 2019")."""
    if date.complete and not date.ambiguous:
        return f"{MONTHS[date.month - 1].title()} {date.day}, {date.year}"
    # Left blank, or "3/4/05" in a contract that does not say which number is the day.
    return date.text


def _stated_dates(model: TextModel) -> dict[str, StatedDate | None]:
    """The agreement and effective dates the preamble and the definitions state, read once."""
    derived = model.derived
    key = ("keyterms", "stated-dates")
    found = derived.get(key)  # type: ignore[call-overload]
    if found is None:
        text = model.text
        made = agreement_date(text)
        # A numeric date by the contract's own convention ("1.4.2011" is April 1).
        found = derived[key] = {  # type: ignore[index]
            "agreement-date": settle(text, made),
            "effective-date": settle(text, effective_date(text, made)),
        }
    return found


def _parties(model: TextModel) -> tuple[Party, ...]:
    """The contract's parties: the structure's when it is built, else read from the head of the
    contract alone (the same answer, contracts/parties.py's ``find_parties``), so the key terms
    of a long contract do not build its whole structure."""
    text = contract_text(model)
    if "structure" in text.__dict__:
        return structure_of(model).parties
    derived = model.derived
    key = ("keyterms", "parties")
    found = derived.get(key)  # type: ignore[call-overload]
    if found is None:
        head = head_paragraphs(model.paragraphs)
        found = derived[key] = find_parties(head, find_terms(head))  # type: ignore[index]
    return found


def _passage_at(model: TextModel, slug: str, date: StatedDate) -> ClausePassage:
    """The paragraph that states ``date`` (an offset into ``model.text``) as the term's passage."""
    offset = 0
    for paragraph in model.paragraphs:
        end = offset + len(paragraph.text)
        if date.start <= end:
            start = max(0, date.start - offset)
            return ClausePassage(slug, BY_SLUG[slug].title, paragraph.text, 1.0, paragraph.locator, start,
                                 min(len(paragraph.text), date.end - offset))  # fmt: skip
        offset = end + 1
    last = model.paragraphs[-1]
    return ClausePassage(slug, BY_SLUG[slug].title, last.text, 1.0, last.locator, 0, len(last.text))


def key_terms(model: TextModel, passages: list[ClausePassage] | None = None) -> list[KeyTerm]:
    """One entry per key term, in ``KEY_TERMS`` order; the best (most confident) passage of each.
    ``passages``: the clause map already detected, to score the contract only once."""
    if passages is None:
        passages = detect(model, types=[slug for slug, _ in KEY_TERMS])
    by_type: dict[str, list[ClausePassage]] = {}
    for passage in passages:
        by_type.setdefault(passage.type, []).append(passage)
    cover = _cover_page(model)
    terms = []
    for slug, label in KEY_TERMS:
        assert slug in BY_SLUG
        if slug in cover and not (slug == "parties" and _named(_parties(model))):
            # The cover page states the term where the parties filled it in: it wins over a
            # passage of the standard terms that only refers to it ("... from the Effective Date").
            value, passage = cover[slug]
            terms.append(KeyTerm(slug, label, value, passage))
            continue
        # Most confident first; ties keep the document's order.
        ranked = sorted(by_type.get(slug, []), key=lambda p: -p.confidence)
        found = ranked[0] if ranked else None
        if slug == "notice-period-to-terminate-renewal":
            # The renewal sentence's own notice of non-renewal wins over a notice passage that is
            # not about renewal at all ("ninety (90) days' advance written notice of termination at
            # any time after the expiration of the Initial Term").
            renewals = sorted(by_type.get("renewal-term", []), key=lambda p: -p.confidence)[:3]
            inside = next(((n, p) for p in renewals if (n := _nonrenewal_notice(p.text)) is not None), None)
            if inside is not None and (found is None or not _RENEW_WORD.search(found.text)):
                terms.append(KeyTerm(slug, label, inside[0], inside[1]))
                continue
        if slug in _STATED_DATES:
            stated = _stated_dates(model)[slug]
            if stated is not None:
                terms.append(KeyTerm(slug, label, stated_value(stated), _passage_at(model, slug, stated)))
                continue
        if slug == "parties":
            value = _parties_value(_parties(model), found) or (found.text if found else "")
        else:
            value = _value(slug, found) if found else ""
            if found is not None and not value and slug in _PERIOD_TERMS:
                # The most confident passage states no period: the next one of the type that does;
                # none is no period (the passage stays, for the lawyer to read).
                for other in ranked[1:3]:
                    other_value = _value(slug, other)
                    if other_value:
                        found, value = other, other_value
                        break
            if found is not None and not value and slug == "renewal-term" and _SAME_TERM.search(found.text):
                # "... automatically renew for successive terms of the same duration": the initial
                # term's period, as the expiration states it ("five (5) years from the Effective Date").
                expiry = next((t.value for t in terms if t.slug == "expiration-date"), "")
                initial = numbers.find_quantities(expiry, "days") if len(expiry) < 120 else []
                if initial and initial[0].unit in ("month", "year"):
                    value = initial[0].phrase
            if found is not None and value == found.text:
                # The most confident passage holds no short value (a preamble without its date):
                # the next passage of the type that does ("The Effective Date ... is September
                # 21, 1998"), rather than the whole preamble.
                # "The initial term of this Agreement shall be the Term": the definition of the
                # Term ("... terminating on the eighth anniversary of the Commencement Date") is
                # read in full; otherwise only a labelled date.
                circular = slug == "expiration-date" and bool(_CIRCULAR.search(found.text))
                for other in ranked[1:]:
                    other_value = _value(slug, other, fallback=not circular)
                    if other_value != other.text:
                        found, value = other, other_value
                        break
        if slug == "effective-date" and found is not None and (
            (_DATE.search(value) and len(value) < 60) or not _SIGNED_WORDS.search(value) or len(value) > 160
        ):
            # No date the contract calls effective, nor a preamble "as of" its date: a passage's
            # other date (a closing date, a signature's) is not its effective date; a definition
            # in words ("the date of last signature") still is the answer.
            value, found = "", None
        if found is not None and value == found.text and slug == "governing-law" and not _names_a_place(value):
            # No passage of the type names its law ("... governed by ... the laws of the ***", "The
            # terms of the Governing Law ... provisions of the Distribution Agreement will apply to
            # this Addendum"): a passage that names no place names no governing law (it stays, for
            # the lawyer to read).
            value = ""
        if found is not None and value == found.text and slug in _STATED_DATES and _no_date(slug, value):
            # No passage of the type states a date ("is entered into by and between ______ and
            # the Boston Public Schools", a cover page's "Expires {mnda_term} from Effective
            # Date."): the value says so; the passage stays, for the lawyer to read.
            value = NO_DATE
        if found is not None and value == found.text and _TICKED.match(value):
            value = _TICKED.sub("", value)  # "[ x ]\tDate of last signature ...": the chosen option
        terms.append(KeyTerm(slug, label, value, found))
    return terms
