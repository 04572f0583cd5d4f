"""The drafting check ``hygiene-undefined-term``: a capitalised term used as a defined term ("the Licensed
Products", "such Confidential Information") that the contract never defines.

Pure, no ORM; registered in contracts/drafting_checks/registry.py.
"""

from __future__ import annotations

import re

from contracts.drafting_checks.reading import POINTER, is_amendment, plain_text
from contracts.drafting_checks.registry import Finding, drafting_check
from contracts.parties import CUSTOMER_ROLES, PROVIDER_ROLES
from contracts.structure import Structure
from contracts.terms import NOT_TERMS, defined_forms, quoted_anywhere, term_variants
from documents.docx.model import TextModel

_DETERMINER = r"(?i:the|such|any|each|all|this|that|these|those|said|its|their)"
_CAP_WORD = r"[A-Z][a-z]+(?:-[A-Z][A-Za-z]+)*"


# A later word of a term may be in capitals ("Background IP", "M&P Expenses", "JSC Matter").
_NEXT_WORD = rf"(?:{_CAP_WORD}|[A-Z][A-Z&]{{1,5}}s?)"
_USE = re.compile(
    rf"\b{_DETERMINER}\s+({_CAP_WORD}(?:\s+(?:of\s+|and\s+)?{_NEXT_WORD}){{0,4}})"
    r"(?![\w&/-])"
)
_ENTITY_AFTER = re.compile(r"^,?\s*(?:Inc|LLC|L\.L\.C|Ltd|Limited|Corporation|Corp|Company|Co\.|&|L\.P|LP|plc|GmbH)\b")


_TITLE_AFTER = re.compile(r"^(?:,?\s+(?:and\s+)?[A-Z][a-z]+)*\s+(?:Agreement|Act|Code|Terms|Policy)\b")
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
    return len(POINTER.findall(plain_text(model.text))) >= 2


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


@drafting_check(
    "hygiene-undefined-term",
    title="Capitalised terms are defined",
    advice="Define the term, or write it in lower case where no defined meaning is intended.",
    order=10,
)
def undefined_terms(model: TextModel, structure: Structure) -> list[Finding]:
    if len(structure.terms) < 3 or _is_form(model) or is_amendment(model):
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
        plain_text(m.group(1))
        for m in re.finditer(r"(?:^|\n|\s{2})([A-Z][a-z]+(?: [A-Z][a-z]+){0,3}):\s+\S", model.text)
    }
    defined = {plain_text(d) for d in defined}
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
            term = plain_text(match.group(1))
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
    plain = plain_text(model.text)
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
