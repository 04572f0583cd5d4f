"""Drafting checks: what a careful lawyer checks before a contract goes out, with no LLM.

Pure, no ORM, over the text model and its structure (documents/docx/structure.py):

- ``hygiene-undefined-term``: a capitalised term used as a defined term ("the Licensed
  Products", "such Confidential Information") that the contract never defines;
- ``hygiene-unused-term``: a term the contract defines and never uses again;
- ``hygiene-missing-reference``: a cross-reference ("Section 9.4") to a clause the body does not
  have;
- ``hygiene-numbering``: typed clause numbers that skip ("3.1, 3.3") or repeat ("3.2, 3.2");
- ``hygiene-words-digits``: words and digits that disagree ("thirty (60) days").

Only the last has an unambiguous edit, and even there the words or the figure may be the one
that is wrong, so both fixes are offered as two recommendations (accepting one supersedes the
other: the mismatch is gone). The others are reported as rule results with their evidence:
fixing them needs the lawyer (define the term, drop the definition, point the reference at the
right clause). Decisions and measured precision: docs/decisions/drafting-checks.md and
bench/README.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from documents.docx.model import Edit, TextModel
from documents.docx.structure import Structure, structure_of
from review.engine import numbers
from review.engine.base import Evidence, Proposal, RuleResult

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


# --- terms -------------------------------------------------------------------------------------

_DETERMINER = r"(?i:the|such|any|each|all|this|that|these|those|said|its|their)"
_CAP_WORD = r"[A-Z][a-z]+(?:-[A-Z][A-Za-z]+)*"
# A later word of a term may be in capitals ("Background IP", "M&P Expenses", "JSC Matter").
_NEXT_WORD = rf"(?:{_CAP_WORD}|[A-Z][A-Z&]{{1,5}}s?)"
_USE = re.compile(
    rf"\b{_DETERMINER}\s+({_CAP_WORD}(?:\s+(?:of\s+|and\s+|for\s+|to\s+|in\s+|on\s+)?{_NEXT_WORD}){{0,4}})"
    r"(?![\w&/-])"
)
# "the Products (as defined in Exhibit A)", "the Account Representatives (as defined below)".
_BY_REFERENCE = re.compile(
    r"^\W{0,3}(?:as\s+)?(?:defined|described|set\s+forth)\s+(?:in|below|above|herein|under)", re.IGNORECASE
)
_ENTITY_AFTER = re.compile(r"^,?\s*(?:Inc|LLC|L\.L\.C|Ltd|Limited|Corporation|Corp|Company|Co\.|&|L\.P|LP|plc|GmbH)\b")
_TITLE_AFTER = re.compile(r"^(?:,?\s+(?:and\s+)?[A-Z][a-z]+)*\s+(?:Agreement|Act|Code|Terms|Policy)\b")
_NUMBER_BEFORE = re.compile(r"(?:^|\s)(?:\d{1,3}(?:\.\d{1,3})*\.?|\([a-z0-9]{1,4}\)|[a-z]\.)\s*$")
# Capitalised words that are not defined terms: names of places, courts, months, document parts
# and the words every contract capitalises without defining.
_NOT_TERMS = {
    "Agreement", "Section", "Sections", "Article", "Articles", "Clause", "Clauses", "Exhibit", "Exhibits",
    "Schedule", "Schedules", "Annex", "Appendix", "Attachment", "Party", "Parties", "Paragraph", "State",
    "States", "United", "Court", "Courts", "Government", "Internet", "Act", "Code", "Rules", "Rule", "Laws",
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
    "November", "December", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
    "Delaware", "California", "New", "York", "Texas", "Florida", "Nevada", "Washington", "Illinois",
    "England", "Wales", "Canada", "Ontario", "Israel", "Ireland", "Europe", "European", "Union", "America",
    "American", "Federal", "Republic", "Kingdom", "City", "County", "Province", "District", "Southern",
    "Northern", "Eastern", "Western", "Central", "Board", "Directors", "Securities", "Exchange",
    "Commission", "Bankruptcy", "Revenue", "Service", "Office", "Department", "Treasury", "Secretary",
    "President", "Chief", "Executive", "Officer", "Vice", "General", "Counsel", "Director", "Manager",
    "Page", "Table", "Contents", "Recitals", "Whereas", "Confidential", "Treatment", "Requested", "Dollars",
    "Standard", "Time", "Pacific", "English", "Chinese", "Japanese", "German", "French",
    "Spanish", "Mr", "Mrs", "Ms", "Dr", "Inc", "Ltd", "Corporation", "Company", "Commercial", "Uniform",
    "International", "Chamber", "Arbitration", "Association", "Part", "Parts", "Commonwealth", "Federation",
    "League", "National", "Amendment", "Subsection", "Middle", "East", "West", "North", "South",
}  # fmt: skip


def _variants(term: str) -> set[str]:
    out = {term}
    if term.endswith("ies"):
        out.add(term[:-3] + "y")
    elif term.endswith("s"):
        out.add(term[:-1])
    else:
        out.update({term + "s", term + "es", term[:-1] + "ies" if term.endswith("y") else term + "s"})
    return out


def _count_uses(text: str, forms: list[str]) -> int:
    """Occurrences of any of ``forms`` as whole words (a plural, a possessive or a compound such
    as "TCP/IP-based" counts). Plain ``str.find``: a regex with a look-behind tried at every
    position of a long contract costs seconds."""
    count = 0
    for form in forms:
        start = text.find(form)
        while start >= 0:
            end = start + len(form)
            before = text[start - 1] if start else " "
            rest = text[end : end + 3]
            plural = re.match(r"(?:s|es|'s|\u2019s)?(?!\w)", rest)
            if not (before.isalnum() or before == "_") and plural is not None:
                count += 1
            start = text.find(form, end)
    return count


def _plain(text: str) -> str:
    """Soft hyphens and runs of spaces (PDF extraction) read as a hyphen and one space."""
    return re.sub(r"[ \t\u00a0]{2,}", " ", text.replace("\u00ad", "-"))


def _base(term: str) -> str:
    """ "CUSTOMER(S)" -> "CUSTOMER"; a term defined in capitals is used in title case."""
    return re.sub(r"\((?:s|S|es|ES)\)$", "", term).strip()


def _defined_forms(structure: Structure) -> set[str]:
    forms: set[str] = set()
    for term in structure.terms:
        base = _base(term)
        forms.update(_variants(base))
        if base.isupper():
            forms.update(_variants(base.title()))
    for party in structure.parties:
        forms.update(_variants(party.defined))
        forms.update(party.name.split())
    return forms


def _quoted_anywhere(model: TextModel) -> set[str]:
    found: set[str] = set()
    for paragraph in model.paragraphs:
        for match in re.finditer(r"[\"\u201c]([A-Z][^\"\u201d]{0,60})[\"\u201d]", paragraph.text):
            found.update(_variants(" ".join(match.group(1).split()).strip(" ,.;:")))
    return found


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


def undefined_terms(model: TextModel, structure: Structure) -> list[Finding]:
    if len(structure.terms) < 3 or _is_form(model):
        return []  # a contract that defines nothing in quotes (capitals are its style), or a form
    if any(_ELSEWHERE.search(p.text) for p in model.paragraphs if "apitali" in p.text or "efinitions" in p.text):
        # "Capitalised terms not defined here have the meanings given in the Separation
        # Agreement": the terms are defined in another document this check cannot see.
        return []
    defined = _defined_forms(structure) | _quoted_anywhere(model)
    # "Effective Date: March 1, 1996" on a cover page defines by its label.
    defined |= {
        _plain(m.group(1)) for m in re.finditer(r"(?:^|\n|\s{2})([A-Z][a-z]+(?: [A-Z][a-z]+){0,3}):\s+\S", model.text)
    }
    defined = {_plain(d) for d in defined}
    # Names of companies and instruments written with their suffix somewhere in the contract.
    names = {
        m.group(1)
        for m in re.finditer(
            rf"({_CAP_WORD}(?:\s+{_CAP_WORD}){{0,3}})(?=,?\s*(?:Inc|LLC|Ltd|Corporation|&))", model.text
        )
    }
    uses: dict[str, list[tuple[str, int, int]]] = {}
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
        for match in _USE.finditer(text):
            term = _plain(match.group(1))
            if any(
                all(part in defined for part in term.split(joiner)) for joiner in (" and ", " or ") if joiner in term
            ):
                continue  # "the Licensed Patents and Licensed Technical Information": two terms
            words = term.replace("-", " ").split()
            if any(word in _NOT_TERMS for word in words) or term in defined:
                continue
            after = text[match.end(1) : match.end(1) + 60]
            if _BY_REFERENCE.match(after):
                defined.update(_variants(term))  # defined by reference to another part
                continue
            if _ENTITY_AFTER.match(after) or _TITLE_AFTER.match(after) or term in names:
                continue  # a company's or an instrument's name
            if is_title and match.start(1) < len(first_sentence):
                continue  # the clause's own title ("Governing Law and Chosen Courts.")
            if any(term.startswith(d + " ") for d in defined if " " not in d and d[:1].isupper() and len(d) > 3):
                continue  # "the Product Specifications" with "Product" defined: a compound of a term
            uses.setdefault(term, []).append((paragraph.locator, match.start(1), match.end(1)))
    findings: list[Finding] = []
    for term, places in uses.items():
        if len(places) < 2:
            continue  # one capitalised phrase may be a name; a term is used again
        plural, singular = term + "s", term[:-1]
        if (plural in uses and len(uses[plural]) >= len(places)) or (
            term.endswith("s") and singular in uses and len(uses[singular]) > len(places)
        ):
            continue  # "Product" and "Products": one finding, for the form used more
        locator, start, end = places[0]
        findings.append(
            Finding(
                "hygiene-undefined-term", locator, start, end, term,
                f"“{term}” is used as a defined term {len(places)} times but the contract never defines it.",
            )
        )  # fmt: skip
    return findings


def unused_terms(model: TextModel, structure: Structure) -> list[Finding]:
    text = _plain(model.text)
    findings: list[Finding] = []
    for term, found in structure.terms.items():
        base = _plain(_base(term))
        if len(base) < 2 or base.isdigit():
            continue
        if text.count(base) >= 3:
            continue  # used (a cheap count first: the exact one below only where it matters)
        # "Tournament Bonus or Bonuses" is used as "Tournament Bonuses": any one form is a use.
        alternatives = [base, *(re.sub(r"\S+\s+or\s+", "", base, count=1),)] if " or " in base else [base]
        forms = [*alternatives, *([base.title()] if base.isupper() else [])]
        count = _count_uses(text, forms)
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
    if len(findings) > 15 and (len(findings) > 0.3 * len(structure.terms) or imported >= 10):
        # A glossary shared by several transaction documents: most of its terms are used in
        # the others, so "unused here" says nothing about this one.
        return []
    return findings


# --- cross-references and numbering --------------------------------------------------------------


def missing_references(model: TextModel, structure: Structure) -> list[Finding]:
    labels = structure.labels
    if len([n for n in structure.body_numbers if n.level != 9]) < 5:
        return []  # too few clause numbers found to say that one is missing
    opening = " ".join(p.text for p in model.paragraphs[:8])[:1500]
    if re.search(r"\bAMENDMENT\b|\bAmendment\s+(?:No\.|Number|#)|\bamends\b|\bAmendment\b.{0,40}\bto\b", opening):
        return []  # an amendment's references are to the agreement it amends
    first = structure.body_numbers[0].index if structure.body_numbers else 0
    has_articles = any("{R}" in n.template for n in structure.body_numbers)
    text = model.text
    findings: list[Finding] = []
    for ref in structure.references:
        if ref.index < first or not structure.in_body(ref.index, ref.start):
            continue
        item = ref.text.split(" ", 1)[1] if " " in ref.text else ref.text
        head = re.match(r"\d+(?:\.\d+)*", item)
        if head is None and not has_articles:
            continue  # "Article V" in a contract whose articles were not recognised
        decimal = tuple(head.group(0).split(".")) if head else tuple(p for p in ref.target if p.isdigit())
        if not decimal or decimal in labels:
            continue
        paragraph = model.paragraphs[ref.index].text
        before = paragraph[: ref.start - len(ref.text.split(" ", 1)[0]) - 1]
        at_start = not before.strip() or re.search(r"[.;:]\s*$", before) is not None
        if at_start and re.match(r"\.?\s+[A-Z]", paragraph[ref.end :]):
            continue  # "Article V. Payment Method": the clause's own heading, not a reference
        if _written_as_clause(text, ".".join(decimal)):
            continue  # the clause is there, its number was not recognised where it stands
        findings.append(
            Finding(
                "hygiene-missing-reference", ref.locator, ref.start, ref.end, ref.text,
                f"{ref.text} is referred to, but the contract has no clause {'.'.join(decimal)}.",
            )
        )  # fmt: skip
    return findings


def _written_as_clause(text: str, number: str) -> bool:
    """``number`` (or a sub-clause of it) stands somewhere in the text as a clause number: at a
    line start or after a gap, not after "Section"/"Clause"/"and"/a comma (a reference)."""
    padded = re.sub(r"\.(\d)(?=\.|$)", r".0?\1", re.escape(number).replace("\\.", "."))
    pattern = re.compile(rf"(?<![\w.$,/-])(?:{padded})(?=\.\d|\.?[\s(])")
    for match in pattern.finditer(text):
        before = text[max(0, match.start() - 14) : match.start()]
        if re.search(
            r"(?:[Ss]ections?|[Cc]lauses?|[Aa]rticles?|[Pp]aragraphs?|SECTIONS?|and|or|to|through|,)\s*$", before
        ):
            continue
        return True
    return False


def numbering(model: TextModel, structure: Structure) -> list[Finding]:
    findings: list[Finding] = []
    last: dict[tuple[str, ...], int] = {}
    for number in structure.body_numbers:
        if number.kind != "typed" or number.level == 9 or not all(p.isdigit() for p in number.parts):
            continue
        # "ARTICLE III" and "3." are two sequences (articles over sections, say).
        family = number.template.split(" ")[0].lower() if " " in number.template else ""
        parent, value = (family, *number.parts[:-1]), int(number.parts[-1])
        previous = last.get(parent)
        paragraph = model.paragraphs[number.index]
        where = (paragraph.locator, number.start, number.end, number.label)
        after_number = paragraph.text[number.end : number.end + 6]
        if number.start == 0 and re.search(r"(?:;|;\s*(?:and|or)|,)\s*$", paragraph.text):
            continue  # "7. Use and retention of standard forms;": an item of a list, not a clause
        if re.match(r"\s*\([a-z0-9]{1,3}\)", after_number):
            continue  # "3.5 (b)": a sub-item of 3.5, not a second 3.5
        if previous is not None:
            if value == previous:
                findings.append(
                    Finding("hygiene-numbering", *where, f"Clause {number.label} repeats the number before it.")
                )
            elif previous + 1 < value <= previous + 3 and not _written_as_clause(
                model.text, ".".join((*number.parts[:-1], str(previous + 1)))
            ):
                missing = ".".join((*number.parts[:-1], str(previous + 1)))
                findings.append(
                    Finding(
                        "hygiene-numbering", *where,
                        f"The numbering skips from {'.'.join((*number.parts[:-1], str(previous)))} to "
                        f"{number.label}: there is no {missing}.",
                    )
                )  # fmt: skip
            elif value < previous:
                # A new list (an exhibit, a table of contents before the body): start again.
                for key in [k for k in last if k[: len(parent)] == parent]:
                    del last[key]
        last[parent] = value
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
            lead = re.search(r"\b([a-z]+[-\s]+(?:hundred|thousand)(?:[-\s]+and)?[-\s]+)$", text[: match.start()], re.I)
            if lead is not None:
                # "one-hundred twenty (120)": the words start before the match.
                whole_words = numbers.words_to_number(lead.group(1) + match.group("words"))
                if whole_words is not None and float(whole_words) == float(match.group("digits").replace(",", "")):
                    continue
            said = numbers.words_to_number(match.group("words"))
            figure_text = match.group("digits")
            figure = float(figure_text.replace(",", ""))
            if said is None or float(said) == figure or figure != int(figure):
                continue
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


def findings(model: TextModel) -> list[Finding]:
    structure = structure_of(model)
    out: list[Finding] = []
    for check in (undefined_terms, unused_terms, missing_references, numbering, words_and_digits):
        out.extend(check(model, structure))
    return out


def _sentence_around(model: TextModel, finding: Finding) -> Evidence:
    from review.engine.sentences import split_sentences

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
        out.append(
            RuleResult(
                rule_id=check, title=title, severity="low", status="issue",
                evidence=tuple(_sentence_around(model, f) for f in mine), recommendations=tuple(proposals),
                message=message,
            )
        )  # fmt: skip
    return out
