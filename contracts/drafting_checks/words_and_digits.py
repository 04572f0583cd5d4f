"""The drafting check ``hygiene-words-digits``: words and digits that disagree ("thirty (60) days").

Pure, no ORM; registered in contracts/drafting_checks/registry.py.
"""

from __future__ import annotations

import re

from contracts import numbers
from contracts.drafting_checks.registry import Finding, drafting_check
from contracts.structure import Structure
from documents.docx.model import Edit, TextModel

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


@drafting_check(
    "hygiene-words-digits",
    title="Numbers in words and digits agree",
    advice="Make the words and the figure say the same amount.",
    order=50,
)
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
