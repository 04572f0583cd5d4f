"""Drafting checks: what a careful lawyer checks before a contract goes out, with no LLM.

Pure, no ORM, over the text model and its structure (contracts/structure.py):

- ``hygiene-undefined-term``: a capitalised term used as a defined term ("the Licensed
  Products", "such Confidential Information") that the contract never defines;
- ``hygiene-unused-term``: a term the contract defines and never uses again;
- ``hygiene-missing-reference``: a cross-reference ("Section 9.4") to a clause the body does not
  have;
- ``hygiene-numbering``: typed clause numbers that skip ("3.1, 3.3") or repeat ("3.2, 3.2");
- ``hygiene-words-digits``: words and digits that disagree ("thirty (60) days").

A check reports only what it read with confidence (a finding below ``REPORT_AT`` is kept for the
bench, not reported): a reference past the end of a cleanly numbered level, two numbers written
alike, a promised definition never given. Only the last check has an unambiguous edit, and
even there the words or the figure may be the one that is wrong, so both fixes are offered as
two recommendations (accepting one supersedes the other: the mismatch is gone). The others are
reported as rule results with their evidence: fixing them needs the lawyer (define the term,
drop the definition, point the reference at the right clause). Decisions and measured
precision: docs/decisions/drafting-checks.md and bench/README.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from contracts import numbers
from contracts.document import structure_of
from contracts.numbering import ClauseNumber, to_roman
from contracts.parties import CUSTOMER_ROLES, PROVIDER_ROLES
from contracts.structure import Structure
from contracts.terms import NOT_TERMS, defined_forms, quoted_anywhere, term_base, term_variants
from documents.docx.model import Edit, TextModel
from review.engine.base import Evidence, Proposal, RuleResult

# What the lawyer does about a finding: said once per result, after the findings.
ADVICE: dict[str, str] = {
    "hygiene-undefined-term": "Define the term, or write it in lower case where no defined meaning is intended.",
    "hygiene-unused-term": "Delete the definition, or use the term where the clause meant it.",
    "hygiene-missing-reference": "Point the reference at the clause it means (it may have been renumbered).",
    "hygiene-numbering": "Renumber the clauses, and the references to them.",
    "hygiene-words-digits": "Make the words and the figure say the same amount.",
}

CHECKS: dict[str, str] = {
    "hygiene-undefined-term": "Capitalised terms are defined",
    "hygiene-unused-term": "Defined terms are used",
    "hygiene-missing-reference": "Cross-references point at clauses that exist",
    "hygiene-numbering": "Clause numbering does not skip or repeat",
    "hygiene-words-digits": "Numbers in words and digits agree",
}


@dataclass(frozen=True)
class Finding:
    check: str
    locator: str
    start: int
    end: int
    text: str  # the words the finding is about, as in the contract
    message: str
    # (what the fix does, the edit) — only where the fix is unambiguous.
    fixes: tuple[tuple[str, Edit], ...] = field(default_factory=tuple)
    # How sure the check is, 0..1: findings below REPORT_AT are not reported (bench/README.md,
    # "Drafting checks", gives the precision measured at each level).
    confidence: float = 1.0


# A lawyer turns off a check that is wrong more often than one time in five: only findings of
# the kinds measured at 80% or better on contracts they were not tuned on are reported.
REPORT_AT = 0.8


# --- terms -------------------------------------------------------------------------------------

_DETERMINER = r"(?i:the|such|any|each|all|this|that|these|those|said|its|their)"
_CAP_WORD = r"[A-Z][a-z]+(?:-[A-Z][A-Za-z]+)*"
# A later word of a term may be in capitals ("Background IP", "M&P Expenses", "JSC Matter").
_NEXT_WORD = rf"(?:{_CAP_WORD}|[A-Z][A-Z&]{{1,5}}s?)"
_USE = re.compile(
    rf"\b{_DETERMINER}\s+({_CAP_WORD}(?:\s+(?:of\s+|and\s+)?{_NEXT_WORD}){{0,4}})"
    r"(?![\w&/-])"
)
# "the Products (as defined in Exhibit A)", "the Account Representatives (as defined below)".
_BY_REFERENCE = re.compile(
    r"^\W{0,3}(?:as\s+)?(?:defined|described|set\s+forth)\s+(?:in|below|above|herein|under)", re.IGNORECASE
)
_ENTITY_AFTER = re.compile(r"^,?\s*(?:Inc|LLC|L\.L\.C|Ltd|Limited|Corporation|Corp|Company|Co\.|&|L\.P|LP|plc|GmbH)\b")
_TITLE_AFTER = re.compile(r"^(?:,?\s+(?:and\s+)?[A-Z][a-z]+)*\s+(?:Agreement|Act|Code|Terms|Policy)\b")
_NUMBER_BEFORE = re.compile(r"(?:^|\s)(?:\d{1,3}(?:\.\d{1,3})*\.?|\([a-z0-9]{1,4}\)|[a-z]\.)\s*$")


def _count_uses(text: str, forms: list[str]) -> int:
    """Places where any of ``forms`` stands as whole words (a plural, a possessive or a compound
    such as "TCP/IP-based" counts; two forms found at one place count once). Plain ``str.find``:
    a regex with a look-behind tried at every position of a long contract costs seconds."""
    places: set[int] = set()
    for form in forms:
        start = text.find(form)
        while start >= 0:
            end = start + len(form)
            before = text[start - 1] if start else " "
            rest = text[end : end + 3]
            plural = re.match(r"(?:s|es|'s|\u2019s)?(?!\w)", rest)
            if not (before.isalnum() or before == "_") and plural is not None:
                places.add(start)
            start = text.find(form, end)
    return len(places)


def _plain(text: str) -> str:
    """Soft and Unicode hyphens and runs of spaces (PDF extraction) read as a hyphen and one space."""
    text = text.replace("\u00ad", "-").replace("\u2010", "-").replace("\u2011", "-")
    return re.sub(r"[ \t\u00a0]{2,}", " ", text)


_ELSEWHERE = re.compile(
    r"capitali[sz]ed\s+terms\s+(?:used\s+)?(?:herein|in\s+this\s+\w+)?[^.]{0,80}?(?:not\s+(?:otherwise\s+)?defined|"
    r"shall\s+have\s+the\s+meaning)|(?:in\s+addition\s+to\s+the\s+)?definitions\s+set\s+forth\s+in\b",
    re.IGNORECASE,
)


def _is_form(model: TextModel) -> bool:
    """A form whose terms are Variables filled in on a cover page ({placeholders}): its
    capitalised terms are defined there, not in this text."""
    text = model.text
    return len(re.findall(r"\{[a-z_]{3,40}\}", text)) >= 3 or bool(
        re.search(r"[\"\u201c]Variables?[\"\u201d]\s+means", text)
    )


# The last noun of a phrase that drafters define ("the Licensed Products", "the Contract
# Price", "any Event of Default"): a capitalised phrase ending otherwise ("the Super Bowl",
# "the Middle East", "the British Open", "the Miami Dolphins") is a name, not a term.
_TERM_HEADS = {
    "product", "service", "software", "material", "information", "data", "date", "period", "term",
    "territory", "fee", "price", "payment", "cost", "expense", "right", "property", "mark", "trademark",
    "patent", "technology", "documentation", "deliverable", "specification", "area", "country", "customer",
    "plan", "program", "programme", "affiliate", "event", "notice", "order", "forecast", "royalty",
    "milestone", "sale", "claim", "loss", "indemnitee", "year", "quarter", "facility", "site", "premises",
    "equipment", "unit", "level", "procedure", "revenue", "account", "default", "content", "work", "deposit",
    "amount", "charge", "report", "budget", "improvement", "invention", "know-how", "system", "component",
    "person", "entity", "standard", "requirement", "guideline", "application", "platform", "website",
    "location", "store", "business", "field", "purpose", "project", "phase", "task", "item", "good", "asset",
    "share", "interest", "obligation", "liability", "personnel", "representative", "licence", "license",
    "agreement", "document", "record", "commitment", "target", "quota", "minimum", "territories", "ip",
    "process", "formula", "code", "release", "version", "update", "upgrade", "enhancement", "module",
    "feature", "deliverables", "milestones", "results", "know", "brand", "logo", "name", "designation",
    "compound", "molecule", "indication", "device", "kit", "tool", "tooling", "mold", "inventory",
}  # fmt: skip
# Role words of parties: "the Principal" in a contract between a Manufacturer and a Customer is
# a word left over from another contract's template.
_ROLE_WORDS = {
    *(r.title() for r in (*PROVIDER_ROLES, *CUSTOMER_ROLES) if " " not in r),
    "Principal", "Agent", "Franchisee", "Franchisor", "Sponsor", "Promoter", "Employer", "Employee",
    "Contractor", "Subcontractor", "Distributor", "Dealer", "Agency", "Publisher", "Partner", "Investor",
    "Borrower", "Lender", "Guarantor", "Owner", "Operator", "Manager", "Servicer", "Recipient", "Discloser",
}  # fmt: skip
# "the Licensed Products (later defined)": the contract promises a definition of its own.
_PROMISED = re.compile(
    r"^\W{0,3}(?:as\s+)?(?:later|hereinafter|hereafter|subsequently)?\s*(?:defined|described)\s*"
    r"(?:below|hereafter|hereinafter|later|herein)?\s*[),]",
    re.IGNORECASE,
)
# "... (as defined in Exhibit A)", "... as defined in the Indenture": defined in another part.
_DEFINED_ELSEWHERE = re.compile(
    r"^\W{0,3}(?:as\s+)?(?:such\s+term\s+is\s+)?(?:defined|described|set\s+forth|specified|identified|listed)\s+"
    r"(?:in|on|at|under|by)\b",
    re.IGNORECASE,
)


def _head(term: str) -> str:
    words = term.split(" of ")[0].split()
    word = words[-1].lower() if words else ""
    for suffix, replacement in (("ies", "y"), ("sses", "ss"), ("es", "e"), ("s", "")):
        if word.endswith(suffix) and word[: -len(suffix)] + replacement in _TERM_HEADS:
            return word[: -len(suffix)] + replacement
    return word


def _incorporates_definitions(model: TextModel) -> bool:
    """The contract takes its capitalised terms from another document: "Capitalised terms not
    defined here have the meanings given in the Separation Agreement", or several definitions
    pointing at another agreement ("'Joint CI' has the meaning set forth in the Asset Purchase
    Agreement")."""
    if any(_ELSEWHERE.search(p.text) for p in model.paragraphs if "apitali" in p.text or "efinitions" in p.text):
        return True
    return len(_POINTER.findall(_plain(model.text))) >= 2


# '"Credit Agreement" has the meaning set forth in the ECCA', '"Purchase Order" is defined in the
# MESPA', '... shall have the meaning given to it in the Indenture'.
_POINTER = re.compile(
    r"[\"\u201d]\s*(?:shall\s+)?(?:ha(?:s|ve)\s+the\s+meanings?\s+(?:stated|set\s+forth|given|assigned|ascribed|"
    r"provided)(?:\s+(?:to\s+)?(?:it|them|such\s+term))?\s+(?:in|under)|(?:is|are)\s+(?:as\s+)?defined\s+in)\s+"
    r"(?!this\b|Section|Article|Clause|Schedule|Exhibit|paragraph|section|article|clause)(?:the\s+)?[A-Z]"
)


def _described(text: str, term: str, *, attachments: bool = True) -> bool:
    """``term`` is defined without quotes: by description at a sentence's start ("Average Daily
    Assets shall be the sum ...", "The Designated Area is described ..."), as a label ("Effective
    Date: ..."), or by reference to an attachment ("the Products listed in Schedule A")."""
    escaped = re.escape(term)
    return bool(
        re.search(
            rf"(?:^|[.:;]\s+|\n|\)\s+|\s{{2}})(?:(?:The|Each|A|An)\s+)?{escaped}(?:e?s)?\s*(?:\([^)]{{0,60}}\)\s*)?"
            r"(?:shall\s+mean|means?\b|shall\s+include|(?:shall|will)\s+be\s+(?:the|those|defined|deemed)\b|"
            r"(?:is|are)\s+(?:the|those|defined|described|deemed)\b|refers?\s+to|:)",
            text,
        )
        or re.search(rf"{escaped}(?:e?s)?,?\s+(?:identified|designated|referred\s+to)\s+(?:herein\s+)?as\b", text)
        # "Investor. Any person who purchases Notes ...": a glossary entry without quotes.
        or re.search(rf"(?:^|\n|[.;:]\s)[ \t]*{escaped}\.[ \t]+(?:Any|The|A|An|Each|All)\b", text)
        # "PDMS and Gateway (Agent)": a name given in a parenthesis without quotes.
        or re.search(rf"\(\s*(?:the\s+|each\s+an?\s+)?{escaped}\s*\)", text)
        # "a monthly Continuing Fee equal to five percent (5%) of Gross Sales"
        or re.search(rf"\b(?:a|an)\s+(?:[a-z]+\s+)?{escaped}\s+(?:equal|equivalent)\s+to\b", text)
        or (
            attachments
            and re.search(
                rf"{escaped}(?:e?s)?,?\s+(?:\([^)]{{0,60}}\)\s*)?(?:as\s+)?(?:(?:listed|described|set\s+forth|specified|"
                r"identified|attached|contained|shown|defined|included)\s+(?:in|on|at|under)\b|in\s+(?:Exhibit|Schedule|"
                r"Annex|Appendix|Attachment)\b)",
                text,
            )
            is not None
        )
    )


def _listed(text: str, term: str) -> bool:
    """``term`` heads an entry of a numbered glossary without quotes ("1.24 Licensed Programs -
    the computer programs ...", "1.52 Work Product all information ...") or names an attachment
    ("Annex 1 Terms of Reference for ...")."""
    escaped = re.escape(term)
    return bool(
        re.search(
            rf"(?:^|\n)[ \t]*(?:\d{{1,2}}(?:\.\d{{1,3}})+\.?|\([a-z]{{1,3}}\)|[a-z]\.)[ \t]+{escaped}(?:e?s)?\b", text
        )
        or re.search(
            rf"\b(?:Annex|Schedule|Exhibit|Appendix|Attachment)\s+[\dA-Z]{{1,3}}\.?\s*[-:\u2013]?\s*{escaped}\b", text
        )
    )


def _names_in_front_matter(model: TextModel, structure: Structure) -> str:
    """The title, the headings, the parties' names and addresses: a capitalised phrase that
    stands there is a name or a title, not an undefined term."""
    first = structure.body_numbers[0].index if structure.body_numbers else 5
    parts = [p.text for p in model.paragraphs[: max(3, min(first, 12))] if len(p.text) < 200]
    parts += [model.paragraphs[i].text for i in structure.headings if i < len(model.paragraphs)]
    parts += [party.name for party in structure.parties]
    return "\n".join(parts)


def undefined_terms(model: TextModel, structure: Structure) -> list[Finding]:
    if len(structure.terms) < 3 or _is_form(model) or _is_amendment(model):
        return []  # a contract that defines nothing in quotes (capitals are its style), a form, an amendment
    if _incorporates_definitions(model):
        # "Capitalised terms not defined here have the meanings given in the Separation
        # Agreement": the terms are defined in another document this check cannot see.
        return []
    # Only the terms the contract itself promises to define are checked in a contract with few
    # definitions; the others need a contract that defines its terms as a matter of course.
    many = len(structure.terms) >= 8
    defined = defined_forms(structure) | quoted_anywhere(model)
    # "Effective Date: March 1, 1996" on a cover page defines by its label.
    defined |= {
        _plain(m.group(1)) for m in re.finditer(r"(?:^|\n|\s{2})([A-Z][a-z]+(?: [A-Z][a-z]+){0,3}):\s+\S", model.text)
    }
    defined = {_plain(d) for d in defined}
    roles = {party.defined for party in structure.parties} | {w for p in structure.parties for w in p.name.split()}
    # Names of companies and instruments written with their suffix somewhere in the contract.
    names = {
        m.group(1)
        for m in re.finditer(
            rf"({_CAP_WORD}(?:\s+{_CAP_WORD}){{0,3}})(?=,?\s*(?:Inc|LLC|Ltd|Corporation|&))", model.text
        )
    }
    front = _names_in_front_matter(model, structure)
    uses: dict[str, list[tuple[str, int, int]]] = {}
    promised: set[str] = set()
    elsewhere: set[str] = set()
    parts: set[str] = set()
    for index, paragraph in enumerate(model.paragraphs):
        text = paragraph.text
        if not text or index in structure.headings or not structure.in_body(index):
            continue
        letters = [c for c in text if c.isalpha()]
        if letters and sum(c.isupper() for c in letters) / len(letters) > 0.6:
            continue  # capitals throughout (a disclaimer, a heading): no term can be told apart
        text = re.sub(r"\((?:s|es)\)", lambda m: " " * len(m.group(0)), text)  # "Event(s) of Default"
        first_sentence = re.split(r"\.\s", text, maxsplit=1)[0]
        title_words = [w for w in re.sub(r"^[\s\d.()a-z]{0,8}\s", "", first_sentence).split() if len(w) > 3]
        is_title = len(first_sentence.split()) <= 8 and all(w[0].isupper() for w in title_words)
        # Words inside quotes are a title or a name ('"... Cooperation in the Fields of Content"').
        quoted = [(q.start(), q.end()) for q in re.finditer(r"[\"\u201c][^\"\u201d]{1,300}[\"\u201d]", text)]
        for match in _USE.finditer(text):
            if any(a < match.start(1) < b for a, b in quoted):
                continue
            term = _plain(match.group(1))
            if any(
                all(part in defined for part in term.split(joiner)) for joiner in (" and ", " or ") if joiner in term
            ):
                continue  # "the Licensed Patents and Licensed Technical Information": two terms
            if " and " in term or " or " in term:
                continue  # two phrases joined: which words make the term is a guess
            words = term.replace("-", " ").split()
            if any(word in NOT_TERMS for word in words) or term in defined:
                continue
            after = text[match.end(1) : match.end(1) + 60]
            if _PROMISED.match(after):
                promised.add(term)
            elif _DEFINED_ELSEWHERE.match(after):
                elsewhere.update(term_variants(term))  # defined by reference to another part
            if _ENTITY_AFTER.match(after) or _TITLE_AFTER.match(after) or term in names:
                continue  # a company's or an instrument's name
            if re.match(r"\s+(?:above|below|hereto|attached)\b", after):
                parts.add(term)  # "the Deal Terms above": a part of the document, named by its heading
                continue
            if is_title and match.start(1) < len(first_sentence):
                continue  # the clause's own title ("Governing Law and Chosen Courts.")
            if any(term.startswith(d + " ") for d in defined if " " not in d and d[:1].isupper() and len(d) > 3):
                continue  # "the Product Specifications" with "Product" defined: a compound of a term
            uses.setdefault(term, []).append((paragraph.locator, match.start(1), match.end(1)))
    plain = _plain(model.text)
    findings: list[Finding] = []
    for term, places in uses.items():
        variants = term_variants(term)
        if term in defined or term in parts or (term not in promised and any(v in elsewhere for v in variants)):
            continue  # defined by reference to another part ("as defined in Exhibit A")
        plural, singular = term + "s", term[:-1]
        if (plural in uses and len(uses[plural]) >= len(places)) or (
            term.endswith("s") and singular in uses and len(uses[singular]) > len(places)
        ):
            continue  # "Product" and "Products": one finding, for the form used more
        # Measured on held-out contracts (bench/README.md): a promised definition never given and
        # a party's role word no party has are right nearly always; a phrase merely shaped like a
        # defined term only about half the time (glossaries without quotes, annex titles).
        confidence = 0.9
        if term in promised:
            why = "is said to be defined (“later defined”, “as defined below”) but the contract never defines it"
        elif len(places) < 2:
            continue  # one capitalised phrase may be a name; a term is used again
        elif term in _ROLE_WORDS and term not in roles and len(structure.parties) >= 2:
            why = "is used as a party's name, but no party of this contract is called that"
        elif not many:
            continue
        elif (
            _head(term) in _TERM_HEADS
            and len(term.split()) >= 2
            and (len({p[0] for p in places}) > 1 or len(places) > 2)
        ):
            why = "is used as a defined term but the contract never defines it"
            confidence = 0.5
        else:
            continue  # a single capitalised word, a phrase that ends like a name, or one clause's words
        if term in front or _described(plain, term, attachments=term not in promised) or _listed(plain, term):
            continue  # a name in the title, a heading or a party's name; or defined by description
        if " " in term and term not in promised and re.search(rf"\b{re.escape(term.lower())}\b", plain):
            continue  # also written in lower case: the capitals are emphasis, not a definition
        locator, start, end = places[0]
        findings.append(
            Finding(
                "hygiene-undefined-term", locator, start, end, term,
                f"“{term}” {why} (used {'once' if len(places) == 1 else f'{len(places)} times'}).",
                confidence=confidence,
            )
        )  # fmt: skip
    return findings


# A company's name just before a definition: 'NETGEAR, INC. ("Vendor")'.
_PARTY_BEFORE = r"\b(?:Inc|LLC|Ltd|Limited|Corporation|Corp|Company|plc|GmbH|L\.?P)\.?,?\s*\(\s*(?:the\s+)?\W?$"


def _alternative_used(model: TextModel, structure: Structure, term: str, text: str) -> bool:
    """``term`` is one of several names given in one definition ('"GLP" or "Good Laboratory
    Practices" means', '"Day" or "Daily"', '("GMPs" or "cGMPs")', '"Divest" and "Divested"'), and
    another of them is used."""
    found = structure.terms[term]
    paragraph = model.get(found.locator).text
    # 'Background IP or "Background Technology" means': the other name written without quotes.
    unquoted = re.search(r"([A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,4})\s+or\s+[\"\u201c]$", paragraph[: found.start])
    if unquoted is not None and _count_uses(text, [unquoted.group(1)]) >= 2:
        return True
    window_start = max(0, found.start - 140)
    for quoted in re.finditer(r"[\"\u201c]([^\"\u201d]{1,60})[\"\u201d]", paragraph[window_start : found.start + 140]):
        other = " ".join(quoted.group(1).split()).strip(" ,.;:")
        start = window_start + quoted.start(1)
        if not other or other == term or start == found.start:
            continue
        first, second = sorted(((found.start, term), (start, other)))
        between = paragraph[first[0] + len(first[1]) : second[0]]
        if (
            len(between) <= 24
            # Joined by "or", "and", "abbreviated" or an opening parenthesis, not by a sentence end.
            and re.fullmatch(
                r"[\"\u201d\u2019'\s,/]*(?:\(|\b(?:or|and|and/or|abbreviated)\b)[\s\"\u201c\u2018',/(]*"
                r"(?:(?:also|each|the|a|an|to|or)\b[\s\"\u201c\u2018',/(]*)*",
                between,
            )
            and _count_uses(text, [_plain(term_base(other))]) >= 2
        ):
            return True
    return False


def unused_terms(model: TextModel, structure: Structure) -> list[Finding]:
    text = _plain(model.text)
    # "One- Month" (a hyphen at a PDF line break) reads as "One-Month".
    joined = re.sub(r"(?<=\w)- (?=\w)", "-", text)
    lowered = joined.lower()
    findings: list[Finding] = []
    # An amendment restates the parties' names from the agreement it amends, which uses them.
    restated: set[str] = set()
    if _is_amendment(model):
        restated = {party.defined for party in structure.parties}
        for name, where in structure.terms.items():
            before = model.get(where.locator).text[max(0, where.start - 40) : where.start]
            if re.search(_PARTY_BEFORE, before, re.IGNORECASE):
                restated.add(name)  # 'NETGEAR, INC. ("Vendor")'

    for term, found in structure.terms.items():
        base = _plain(term_base(term))
        if len(base) < 2 or base.isdigit() or not re.search(r"\w$", base) or term in restated:
            continue  # "OOS /": quotes read wrong, not a term
        if text.count(base) >= 3:
            continue  # used (a cheap count first: the exact one below only where it matters)
        paragraph = model.get(found.locator).text
        definition = paragraph[found.start + len(term) : found.start + len(term) + 120]
        if re.search(
            r"\b(?:(?:Exhibit|Schedule|Annex|Appendix|Attachment)\s+[\dA-Z.]{1,6}|(?:Section|Article)\s+\d+\.0)\s*\(\W{0,2}$",
            paragraph[: found.start],
        ):
            continue  # 'Exhibit 3 ("Main Elements ...")', 'Section 6.0 ("Payment")': a part's title
        if _POINTER.match(definition) or re.match(
            r"^[\"\u201d]?\s*(?:shall\s+)?(?:ha(?:s|ve)\s+the\s+meaning|(?:is|are)\s+defined\s+in)", definition
        ):
            continue  # a pointer to a definition elsewhere, kept for the documents that use it
        # "Tournament Bonus or Bonuses" is used as "Tournament Bonuses": any one form is a use.
        alternatives = [base, *(re.sub(r"\S+\s+or\s+", "", base, count=1),)] if " or " in base else [base]
        hyphen = re.sub(r"(?<=\w)- (?=\w)", "-", base)
        # "Accuray Regions" is used as "the Accuray Region".
        singular = re.sub(r"ies$", "y", base) if base.endswith("ies") else base[:-1] if base.endswith("s") else base
        if _alternative_used(model, structure, term, joined):
            continue  # '"Develop" or "Development" or "Developing" means ...': one definition, used
        # "Client Intellectual Property" is used as "Client's Intellectual Property".
        possessive = re.sub(r"^(\S+) ", r"\1's ", base)
        count = max(
            _count_uses(joined, list(dict.fromkeys([*alternatives, hyphen, singular, possessive]))),
            # A term defined in capitals is used in any case ("EMPLOYEE NDA" as "Employee NDA"),
            # a phrase in any capitals ("Net sales" as "Net Sales").
            _count_uses(lowered, [base.lower()]) if base.isupper() or " " in base else 0,
            # "Parent Name and Parent Marks" is used as "Parent Marks": either half is a use.
            min(_count_uses(joined, [half.strip()]) for half in re.split(r"\s+(?:and|or)\s+", base)) + 1
            if re.search(r"\s(?:and|or)\s", base)
            else 0,
            # "Glam is" read from "Glamis": a space the extraction put inside a word.
            _count_uses(joined, [base.replace(" ", "")]) + 1 if " " in base else 0,
        )
        if count <= 1:
            findings.append(
                Finding(
                    "hygiene-unused-term", found.locator, found.start, found.start + len(term), term,
                    f"“{term}” is defined but never used again.",
                )
            )  # fmt: skip
    imported = len(
        re.findall(
            r"ha(?:s|ve) the meanings?\s+(?:stated|set\s+forth|given|assigned)\s+(?:to\s+it\s+)?in\s+"
            r"(?:Section\s+\S+\s+of\s+)?the\s+[A-Z]",
            text,
        )
    )
    if imported >= 10 or (len(findings) > 15 and len(findings) > 0.3 * len(structure.terms)):
        # A glossary shared by several transaction documents: most of its terms are used in
        # the others, so "unused here" says nothing about this one.
        return []
    return findings


# --- cross-references and numbering --------------------------------------------------------------

# What may follow a reference before "of the Separation Agreement": more references, their
# parentheses, "respectively".
_CHAIN = (
    r"(?:[\s,;]|\([^)]{0,120}\)|\b(?:and|or|through|to|respectively|inclusive)\b|[-\u2013]"
    r"|\b(?:[Ss]ections?|SECTIONS?|[Aa]rticles?|ARTICLES?|[Cc]lauses?|[Pp]aragraphs?)\b"
    r"|\b[\dIVX]{1,4}(?:\.\d{1,3})*[A-Z]?(?:\s?\([a-z0-9]{1,4}\))*)*"
)
# "... of the Separation Agreement", "... of each of the Company's Participation Agreement(s)",
# "... respectively, of the applicable Receivables Transfer Agreement", "... of Article 4 of the
# APA", "... thereof": the references belong to another instrument.
_OF_ANOTHER = re.compile(
    rf"^{_CHAIN}\s*(?:(?:of|in|under)\s+(?!this\b|these\b|the\s+Agreement\b|hereof\b)"
    r"(?:(?:the|each|any|such|its|their|an?|that|applicable|of|relevant)\s+)*"
    r"(?:[\w&'\u2019().-]+\s+){0,6}?[A-Z0-9]|thereof\b|therein\b|of\s+(?:such|that|the\s+applicable)\b)"
)
# "that Section 2.2.1", "such other agreement's Section 4": not this contract's numbering.
_OTHER_BEFORE = re.compile(r"(?:\bthat|\bits|\btheir|'s|\u2019s|\bthe\s+[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*)\s*$")


_ANOTHER_INSTRUMENT = re.compile(
    r"\b(?:of|under|in|to)\s+the\s+(?!Agreement\b)(?:[A-Z][\w-]*\s+){0,4}"
    r"(?:[A-Z]{2,}s|Agreement|Clauses|Plan|Terms|Contract|Addendum|Indenture)\b"
)


def _in_list_about_another(model: TextModel, index: int) -> bool:
    """The reference is an item of a list whose lead-in ("For each module, the following applies:")
    follows text about another instrument ("Module Two of the EEA SCCs ..."): "In Clause 17" is
    then a clause of that instrument."""
    paragraphs = model.paragraphs
    if len(paragraphs[index].text) > 300:
        return False
    for lead in range(index - 1, max(-1, index - 10), -1):
        if paragraphs[lead].text.rstrip().endswith(":"):
            context = " ".join(p.text for p in paragraphs[max(0, lead - 3) : lead + 1])
            return _ANOTHER_INSTRUMENT.search(context) is not None
    return False


def _sequences(structure: Structure) -> dict[tuple[str, ...], list[int]]:
    """For each parent clause path, the values of its read sub-clauses in order ("4" -> [1, 2,
    ..., 7]); () holds the top-level clauses."""
    out: dict[tuple[str, ...], list[int]] = {}
    for number in structure.body_numbers:
        if number.level == 9 or not number.parts or not all(p.isdigit() for p in number.parts):
            continue
        parts = tuple(str(int(p)) for p in number.parts)
        out.setdefault(parts[:-1], []).append(int(parts[-1]))
    return out


def _read_with_confidence(values: list[int]) -> bool:
    """A level is read with confidence when its clauses go 1, 2, 3 ... with no gap and no
    repeat: then a number past its end is missing, not misread."""
    return len(values) >= 2 and values == list(range(1, len(values) + 1))


def missing_references(model: TextModel, structure: Structure) -> list[Finding]:
    labels = {tuple(str(int(p)) if p.isdigit() else p for p in label) for label in structure.labels}
    if len([n for n in structure.body_numbers if n.level != 9]) < 5:
        return []  # too few clause numbers found to say that one is missing
    if _is_amendment(model):
        return []  # an amendment's references are to the agreement it amends
    sequences = _sequences(structure)
    first = structure.body_numbers[0].index if structure.body_numbers else 0
    # The word the contract uses for its own parts ("Section"): a "Clause 13" in a contract whose
    # resolved references all say "Section" is a clause of another instrument (the SCCs).
    own_words = {
        ref.text.split(" ", 1)[0].lower().rstrip("s")
        for ref in structure.references
        if tuple(str(int(p)) if p.isdigit() else p for p in ref.target[:1]) in labels
    }
    text = model.text
    findings: list[Finding] = []
    for ref in structure.references:
        if ref.index < first or not structure.in_body(ref.index, ref.start):
            continue
        word, _, item = ref.text.partition(" ")
        head = re.match(r"\d+(?:\.\d+)*", item)
        if head is None:
            continue  # "Article V": roman numbers are too often headings read as references
        decimal = tuple(str(int(p)) for p in head.group(0).split("."))
        if decimal in labels:
            continue
        if own_words and word.lower().rstrip("s") not in own_words:
            continue
        parent = decimal[:-1]
        siblings = sequences.get(parent, [])
        if not _read_with_confidence(siblings) or (parent and parent not in labels):
            continue  # the level was not read cleanly: a number past it may simply be unread
        if not siblings[-1] < int(decimal[-1]) <= siblings[-1] + 2:
            continue  # far past the last clause read: a statute's or another document's section
        paragraph = model.paragraphs[ref.index].text
        word_at = ref.start - len(word) - 1
        while word_at > 0 and not paragraph[word_at:].startswith(word):
            word_at -= 1  # "Sections 4.2 and 4.3": the word is before the first of the list
        before = paragraph[:word_at]
        at_start = not before.strip() or re.search(r"[.;:]\s*$", before) is not None
        if at_start and re.match(r"\.?\s+[A-Z]", paragraph[ref.end :]):
            continue  # "Article V. Payment Method": the clause's own heading, not a reference
        rest = re.split(r"(?<=[a-z)])\.\s", paragraph[ref.end : ref.end + 300], maxsplit=1)[0]
        if _OF_ANOTHER.match(rest) or _OTHER_BEFORE.search(before) or _in_list_about_another(model, ref.index):
            continue  # a clause of another agreement
        if _written_as_clause(text, ".".join(decimal)):
            continue  # the clause is there, its number was not recognised where it stands
        findings.append(
            Finding(
                "hygiene-missing-reference", ref.locator, ref.start, ref.end, ref.text,
                f"{ref.text} is referred to, but the contract has no clause {'.'.join(decimal)} "
                f"(the last clause at that level is {'.'.join((*parent, str(siblings[-1])))}).",
            )
        )  # fmt: skip
    return findings


def _written_as_clause(text: str, number: str) -> bool:
    """``number`` (or a sub-clause of it) stands somewhere in the text as a clause number: at a
    line start or after a gap, not after "Section"/"Clause"/"and"/a comma (a reference)."""
    padded = re.sub(r"\.(\d)(?=\.|$)", r".0?\1", re.escape(number).replace("\\.", "."))
    # "7.11Technical Assistance", '1.11"Span of Control"': a number run into its heading counts.
    pattern = re.compile(rf"(?<![\w.$,/-])(?:{padded})(?=\.\d|\.?[\s(\"\u201c]|\.?[A-Z][a-z])")
    for match in pattern.finditer(text):
        before = text[max(0, match.start() - 14) : match.start()]
        if re.search(r"\n[ \t\u00a0]*$", before) or not before:
            return True  # at a paragraph's start: a clause ("...; or" ends the paragraph before)
        if re.search(
            r"(?:[Ss]ections?|[Cc]lauses?|[Aa]rticles?|[Pp]aragraphs?|SECTIONS?|and|or|to|through|,)\s*$", before
        ):
            continue
        return True
    return False


def _is_amendment(model: TextModel) -> bool:
    opening = " ".join(p.text for p in model.paragraphs[:8])[:1500]
    return bool(
        re.search(
            r"\bAMENDMENT\b|\bAmendment\s+(?:No\.|Number|#)|\bamends\b|\bAmendment\b.{0,40}\bto\b|\bThis\s+Amendment\b",
            opening,
        )
    )


def _shape(text: str) -> str:
    """ "heading" when the words after a clause number are a title ("TERMINATION", "Good Faith."),
    else "sentence"."""
    title = re.split(r"[.:;]\s|[.:;]$|\s{2,}", text.strip(), maxsplit=1)[0]
    words = [w for w in re.findall(r"[A-Za-z][\w'\u2019-]*", title) if len(w) > 3]
    if title and len(title.split()) <= 8 and all(w[0].isupper() for w in words):
        return "heading"
    return "sentence"


def _contents_line(text: str) -> bool:
    """ "SECTION 1.0 DEFINITIONS ........ Page 4", "14.1 Indemnification of Supplier   33": a line
    of a table of contents (its numbers still start a sequence again, never a finding)."""
    return (
        re.search(r"\.{4,}|\s(?:Page|PAGE)\s+\d+(?:\s+of\s+\d+)?\s*$|\S\s{2,}\d{1,3}(?:\s|$)", text) is not None
        # "1. Power of Attorney 17 2. Incentive Plans 18": titles, page numbers and the next number.
        or re.search(r"[A-Za-z]\s+\d{1,3}\s+\d{1,2}\.\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)*\s+\d{1,3}\b", text) is not None
    )


def _written_with_word(text: str, family: str, value: int) -> bool:
    """ "ARTICLE XIII - NOTICE" inside a paragraph: the article is there, unread as a number."""
    if not family:
        return False
    return re.search(rf"\b{re.escape(family)}\s+(?:{to_roman(value)}|{value})\b", text, re.IGNORECASE) is not None


def numbering(model: TextModel, structure: Structure) -> list[Finding]:
    findings: list[Finding] = []
    # A number the contract refers to ("Section 5.4") is a clause whose number was lost in the
    # text (Word's numbering dropped), not a skip.
    referenced = {
        tuple(str(int(p)) for p in m.group(0).split("."))
        for ref in structure.references
        if (m := re.match(r"\d+(?:\.\d+)*", ref.text.partition(" ")[2])) is not None
    }
    last: dict[tuple[str, ...], tuple[int, ClauseNumber]] = {}
    for number in structure.body_numbers:
        if number.kind != "typed" or number.level == 9 or not all(p.isdigit() for p in number.parts):
            continue
        # "ARTICLE III" and "3." are two sequences (articles over sections, say).
        family = number.template.split(" ")[0].lower() if " " in number.template else ""
        parent, value = (family, *number.parts[:-1]), int(number.parts[-1])
        paragraph = model.paragraphs[number.index]
        where = (paragraph.locator, number.start, number.end, number.label)
        after_number = paragraph.text[number.end : number.end + 6]
        if number.start == 0 and re.search(r"(?:;|;\s*(?:and|or)|,)\s*$", paragraph.text):
            continue  # "7. Use and retention of standard forms;": an item of a list, not a clause
        if re.match(r"\s*\([a-z0-9]{1,3}\)", after_number):
            continue  # "3.5 (b)": a sub-item of 3.5, not a second 3.5
        letters = [c for c in paragraph.text[:300] if c.isalpha()]
        # "10 LIABILITY RELATES. EXCEPT ...": a page number run into a disclaimer in capitals.
        disclaimer = len(paragraph.text) > 100 and sum(c.isupper() for c in letters) > 0.8 * len(letters)
        previous = last.get(parent)
        if previous is not None:
            before, other = previous
            other_text = model.paragraphs[other.index].text
            mine, theirs = paragraph.text[number.end :], other_text[other.end :]
            # Only between two numbers written alike, starting their paragraphs, and of one
            # kind (two clause titles, or two sub-clauses' sentences): a number that differs
            # in any of these is more often a list inside a clause or a misread number.
            alike = (
                not disclaimer
                and not _contents_line(paragraph.text)
                and not _contents_line(other_text)
                and number.template == other.template
                and number.start <= 3
                and other.start <= 3
                and len(number.parts[-1]) == len(other.parts[-1])
                and _shape(mine) == _shape(theirs)
                and (_shape(mine) == "heading" or number.level >= 1)
            )
            if value == before and alike and " ".join(mine.split()[:4]).lower() != " ".join(theirs.split()[:4]).lower():
                findings.append(
                    Finding("hygiene-numbering", *where, f"Clause {number.label} repeats the number before it.")
                )
            elif (
                alike
                and before + 1 < value <= before + 3
                and not _written_as_clause(model.text, ".".join((*number.parts[:-1], str(before + 1))))
                and not _written_with_word(model.text, family, before + 1)
                and (*number.parts[:-1], str(before + 1)) not in referenced
            ):
                width = len(number.parts[-1])
                missing = ".".join((*number.parts[:-1], str(before + 1).zfill(width)))
                findings.append(
                    Finding(
                        "hygiene-numbering", *where,
                        f"The numbering skips from {other.label.rstrip('.')} to {number.label.rstrip('.')}: "
                        f"there is no {missing}.",
                    )
                )  # fmt: skip
            elif value < before:
                # A new list (an exhibit, a table of contents before the body): start again.
                for key in [k for k in last if k[: len(parent)] == parent]:
                    del last[key]
        last[parent] = (value, number)
        own = (family, *number.parts)
        for key in [k for k in last if len(k) > len(own) - 1 and k[: len(own)] == own and k != parent]:
            del last[key]
    return findings


# --- words and digits ----------------------------------------------------------------------------

_WORDS_DIGITS = re.compile(
    rf"(?<![\w\-\u2010\u2011])(?P<words>{numbers.NUMBER_WORDS})(?P<mid>\s*(?:percent\s*|per\s+cent\s*|(?:U\.S\.\s+)?dollars\s*)?\(\s*)"
    r"(?P<cur>\$|US\$|USD\s?)?(?P<digits>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?P<pct>\s?%)?\s*\)",
    re.IGNORECASE,
)


def _like_case(template: str, words: str) -> str:
    if template.isupper():
        return words.upper()
    if template[:1].isupper():
        return words[:1].upper() + words[1:]
    return words


def words_and_digits(model: TextModel, structure: Structure) -> list[Finding]:
    findings: list[Finding] = []
    for paragraph in model.paragraphs:
        text = paragraph.text
        if "(" not in text:
            continue
        for match in _WORDS_DIGITS.finditer(text):
            lead = re.search(
                rf"((?:\b(?:{numbers.NUMBER_WORDS}|hundred|thousand|million|billion|and)\b[\s,\-\u2010\u2011]*)+)$",
                text[: match.start()],
                re.I,
            )
            if lead is not None:
                # "one-hundred twenty (120)", "twenty- four (24)", "FOURTEEN MILLION, EIGHT HUNDRED
                # SIXTY TWO THOUSAND DOLLARS ($14,862,000)": the words start before the match. When
                # the whole of them cannot be read, which amount they say is not known: no finding.
                spoken = re.sub(r"-\s+", "-", lead.group(1) + match.group("words")).replace(",", " ")
                whole_words = numbers.words_to_number(" ".join(spoken.split()))
                if whole_words is None or float(whole_words) == float(match.group("digits").replace(",", "")):
                    continue
            said = numbers.words_to_number(match.group("words"))
            figure_text = match.group("digits")
            figure = float(figure_text.replace(",", ""))
            if said is None or float(said) == figure or figure != int(figure):
                continue
            scale = re.match(r"\s*(million|billion|thousand)\b", text[match.end() :], re.IGNORECASE)
            if (
                scale is not None
                and float(said) * {"thousand": 1e3, "million": 1e6, "billion": 1e9}[scale.group(1).lower()] == figure
            ):
                continue  # "Six (6,000,000) Million shares": the words go on after the figure
            whole = match.group(0)
            words_at = match.start("words") - match.start()
            digits_at = match.start("digits") - match.start()
            new_digits = f"{said:,}" if "," in figure_text else str(said)
            new_words = _like_case(match.group("words"), numbers.number_to_words(int(figure)))
            # Both fixes rewrite the whole "words (digits)" phrase (the redline still shows only
            # the word that changes), so once one is accepted the other no longer applies.
            by_words = whole[:digits_at] + new_digits + whole[digits_at + len(figure_text) :]
            by_figure = whole[:words_at] + new_words + whole[words_at + len(match.group("words")) :]
            findings.append(
                Finding(
                    "hygiene-words-digits", paragraph.locator, match.start(), match.end(), whole,
                    f"“{whole}”: the words say {said:,} and the figure says {figure_text}.",
                    fixes=(
                        (
                            f"make the figure match the words ({figure_text} becomes {new_digits})",
                            Edit(kind="replace", locator=paragraph.locator, before=whole, after=by_words,
                                 start=match.start()),
                        ),
                        (
                            f"make the words match the figure (“{match.group('words')}” becomes “{new_words}”)",
                            Edit(kind="replace", locator=paragraph.locator, before=whole, after=by_figure,
                                 start=match.start()),
                        ),
                    ),
                )
            )  # fmt: skip
    return findings


# --- the checks as rule results --------------------------------------------------------------------


def findings(model: TextModel, *, at: float = REPORT_AT) -> list[Finding]:
    """The findings of every check with a confidence of ``at`` or more (``at=0`` gives all, for
    the bench)."""
    structure = structure_of(model)
    out: list[Finding] = []
    for check in (undefined_terms, unused_terms, missing_references, numbering, words_and_digits):
        out.extend(f for f in check(model, structure) if f.confidence >= at)
    return out


def _sentence_around(model: TextModel, finding: Finding) -> Evidence:
    from contracts.sentences import split_sentences

    text = model.get(finding.locator).text
    for start, end in split_sentences(text):
        if start <= finding.start < end:
            return Evidence(locator=finding.locator, sentence=text[start:end], start=start, end=end)
    return Evidence(locator=finding.locator, sentence=text, start=0, end=len(text))


def results(model: TextModel, *, citation_label: str = "") -> list[RuleResult]:
    """One result per drafting check, in ``CHECKS`` order, like a rule's result: ``ok`` when the
    check finds nothing, else ``issue`` with every finding as evidence and, where there is an
    unambiguous edit, a recommendation."""
    found = findings(model)
    out: list[RuleResult] = []
    for check, title in CHECKS.items():
        mine = [f for f in found if f.check == check]
        if not mine:
            out.append(RuleResult(rule_id=check, title=title, severity="low", status="ok"))
            continue
        citation = f"{check} @ {citation_label}" if citation_label else check
        proposals: list[Proposal] = []
        for finding in mine:
            evidence = _sentence_around(model, finding)
            for index, (what, edit) in enumerate(finding.fixes):
                other = finding.fixes[1 - index][0] if len(finding.fixes) == 2 else ""
                sentence_after = (
                    evidence.sentence[: edit.start - evidence.start]  # type: ignore[operator]
                    + edit.after
                    + evidence.sentence[edit.start - evidence.start + len(edit.before) :]  # type: ignore[operator]
                )
                also = (
                    f" The other fix is offered as its own recommendation: {other}; accepting one withdraws the other."
                    if other
                    else ""
                )
                proposals.append(
                    Proposal(
                        action="replace", edit=edit, before=evidence.sentence, after=sentence_after,
                        explanation=(
                            f"{title} ({citation}): {finding.message} Which one is wrong is for you to say: "
                            f"when words and figures differ, the words usually prevail. Proposed: {what}.{also}"
                        ),
                    )
                )  # fmt: skip
        messages = [f.message for f in mine]
        message = " ".join(messages[:12]) + (f" … and {len(messages) - 12} more." if len(messages) > 12 else "")
        message += f" {ADVICE[check]}"
        out.append(
            RuleResult(
                rule_id=check, title=title, severity="low", status="issue",
                evidence=tuple(_sentence_around(model, f) for f in mine), recommendations=tuple(proposals),
                message=message,
            )
        )  # fmt: skip
    return out
