"""Durations, money amounts and percentages: read from legal text, and written back in the
document's own style.

Reading: "sixty (60) days", "thirty-five days", "one hundred twenty (120) days", "60-day",
"net 60", "three (3) years", "ten (10) business days", "$2.5 million", "$5,000,000",
"USD 500,000", "five million dollars ($5,000,000)", "150%", "fifteen percent (15%)".
Where words and digits disagree ("sixty (30) days") the digits win: they are what courts and
counterparties read as the figure.

Durations are compared in calendar days: weeks x7, months x30, years x365
(docs/playbook-format.md, "How numbers are read"), and business/working days x7/5 (five
business days are a calendar week), so "thirty (30) business days" is longer than a 30-day
limit.

Writing changes only the number phrase and keeps its style: words with digits in brackets,
words only, digits only (with thousands separators if the document used them), capitalisation,
hyphenated adjectives ("60-day" -> "30-day"), the unit where the new value is a whole number of
it ("2 years" -> "1 year"), else days; singular and plural right.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

QuantityKind = Literal["days", "amount", "percent"]

_ONES = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
]  # fmt: skip
_TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
_SCALES = {"hundred": 100, "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000}
_WORD_VALUES: dict[str, int] = {word: value for value, word in enumerate(_ONES)}
_WORD_VALUES.update({word: 10 * index for index, word in enumerate(_TENS) if word})
_WORD_VALUES["fourty"] = 40  # a common misspelling in real contracts

_BASIC = (
    r"(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen"
    r"|sixteen|seventeen|eighteen|nineteen|twenty|thirty|fou?rty|fifty|sixty|seventy|eighty|ninety)"
)
_WORD = rf"{_BASIC}(?:-{_BASIC})?"
# "one hundred twenty", "two thousand five hundred", "one hundred and twenty"
NUMBER_WORDS = rf"{_WORD}(?:(?:\s+and)?\s+(?:{_WORD}|hundred|thousand|million|billion)\b)*"
_DIGITS = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_DASH = r"[-\u2010\u2011\u2012\u2013\u2014]"
# A figure with a fraction is one figure: "1 1/2" is one and a half, never "2" (a rewrite of that
# "2" wrote "1 1/21%"). Mixed numbers, plain and vulgar fractions; then any other figure.
_VULGAR = {"\u00bd": 0.5, "\u00bc": 0.25, "\u00be": 0.75}
# A fraction's terms have one or two digits ("1/2", "2/3", "7/16"): "30/360" is a day-count basis.
_FRACTION_PART = r"[1-9]\d?/[1-9]\d?(?![\d/])"
_FRACTION = (
    rf"\d+(?:\s+|\s*[-\u2010\u2011]\s*){_FRACTION_PART}|{_FRACTION_PART}|\d+\s?[\u00bd\u00bc\u00be]|[\u00bd\u00bc\u00be]"
)
_FIGURE = rf"(?:{_FRACTION}|{_DIGITS})"
# "two and one-half", "one and a quarter", "three and three-quarters": a whole number in words with
# its fraction, read as one figure (words_with_fraction).
_FRACTION_WORDS = rf"\s+and\s+(?:(?:(?:a|one){_DASH}?\s*)?(?:half|quarter)|three{_DASH}?\s*quarters)"
_FRACTION_VALUES = {"half": 0.5, "quarter": 0.25, "quarters": 0.75}
# Never a figure of its own: what stands right after a fraction bar or a mixed number's whole part,
# or after "one-half of" ("one-half of one percent" is half a percent, not one).
_PART_OF_A_FIGURE = re.compile(
    r"(?:[/\u00bd\u00bc\u00be]|\d(?:\s+|\s*-\s*)\d+/|\b(?:half|halves|quarters?|thirds?|tenths?|hundredths?)\s+of\s+(?:an?\s+|one\s+)?)$",
    re.IGNORECASE,
)
_FRACTION_AFTER = re.compile(r"^(?:\s+\d+/\d+|\s?[\u00bd\u00bc\u00be]|/\d)")


def part_of_a_larger_figure(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` is only a piece of a figure ("2%" of "1 1/2%", "$1" of "$1 1/2
    million", "one percent" of "one-half of one percent"): read as a figure, a rewrite of it
    would change another number than the one written."""
    return bool(_PART_OF_A_FIGURE.search(text[max(0, start - 40):start]) or _FRACTION_AFTER.match(text[end:end + 12]))


def words_to_number(text: str) -> int | None:
    """Parse English number words ("one hundred twenty", "thirty-five"); None if not a number."""
    tokens = [t for t in re.split(r"[\s\-\u2010\u2011\u2013]+", text.lower().strip()) if t and t != "and"]
    if not tokens:
        return None
    total = 0
    current = 0
    for token in tokens:
        if token in _WORD_VALUES:
            current += _WORD_VALUES[token]
        elif token == "hundred":
            current = (current or 1) * 100
        elif token in _SCALES:
            total += (current or 1) * _SCALES[token]
            current = 0
        else:
            return None
    return total + current


def number_to_words(number: int) -> str:
    """0 <= number < 10**12, American style without "and": 120 -> "one hundred twenty"."""
    if number < 0:
        raise ValueError("negative numbers are not written in words")
    if number < 20:
        return _ONES[number]
    if number < 100:
        tens, ones = divmod(number, 10)
        return _TENS[tens] + (f"-{_ONES[ones]}" if ones else "")
    if number < 1000:
        hundreds, rest = divmod(number, 100)
        return f"{_ONES[hundreds]} hundred" + (f" {number_to_words(rest)}" if rest else "")
    for scale_word, scale in (("billion", 10**9), ("million", 10**6), ("thousand", 10**3)):
        if number >= scale:
            head, rest = divmod(number, scale)
            return f"{number_to_words(head)} {scale_word}" + (f" {number_to_words(rest)}" if rest else "")
    raise AssertionError("unreachable")


def _parse_digits(text: str) -> float:
    text = text.replace(",", "").strip()
    if "/" in text:
        text = re.sub(r"\s*[-\u2010\u2011]\s*|\s+", " ", text)  # "1-1/2", "1- 1/2" are "1 1/2"
    whole, _, rest = text.rpartition(" ") if "/" in text else ("", "", text)
    if "/" in rest:
        numerator, denominator = rest.split("/")
        return float(whole or 0) + (float(numerator) / float(denominator) if float(denominator) else 0.0)
    if rest and rest[-1] in _VULGAR:
        return float(rest[:-1].strip() or 0) + _VULGAR[rest[-1]]
    return float(rest)


def words_value(text: str) -> float | None:
    """A number in words with its fraction ("two and one-half" = 2.5); None if not a number."""
    fraction = re.search(_FRACTION_WORDS + r"$", text, re.IGNORECASE)
    whole = words_to_number(text[: fraction.start()] if fraction else text)
    if whole is None:
        return None
    if not fraction:
        return float(whole)
    last = re.split(r"[\s\-\u2010\u2011]+", fraction.group(0).strip().lower())[-1]
    return whole + _FRACTION_VALUES[last]


def _format_number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _format_digits(value: float, commas: bool, decimals: int = 0) -> str:
    if decimals:
        return f"{value:,.{decimals}f}" if commas else f"{value:.{decimals}f}"
    if float(value).is_integer():
        return f"{int(value):,}" if commas else str(int(value))
    return f"{value:,}" if commas else f"{value:g}"


def _case_like(template: str, text: str) -> str:
    """Write ``text`` in the case pattern of ``template``: UPPER, Capitalised or lower."""
    letters = [c for c in template if c.isalpha()]
    if letters and all(c.isupper() for c in letters) and len(letters) > 1:
        return text.upper()
    parts = [p for p in re.split(r"[\s\-]+", template) if p[:1].isalpha()]
    if len(parts) > 1 and all(p[0].isupper() for p in parts):
        # Title Case ("Two Hundred Thousand"): every word, hyphenated parts too.
        return re.sub(r"[A-Za-z]+", lambda m: m.group(0).capitalize(), text)
    if letters and letters[0].isupper():
        return text[:1].upper() + text[1:]
    return text


@dataclass(frozen=True)
class Quantity:
    """A number phrase found in text: ``text[start:end]`` is exactly ``phrase``.

    ``number`` is the figure as written (in ``unit``); ``value`` the measure the checks compare:
    calendar days, a money amount, or a percentage.
    """

    kind: QuantityKind
    start: int
    end: int
    phrase: str
    number: float
    value: float
    unit: str = ""  # day | week | month | year (durations); currency or "" otherwise
    style: dict[str, str] = field(default_factory=dict, compare=False, hash=False)


# --- durations ---------------------------------------------------------------------------------

_UNIT_DAYS = {"day": 1, "week": 7, "month": 30, "year": 365}
_NUMBER_WORDS_FRACTION = rf"{NUMBER_WORDS}(?:{_FRACTION_WORDS})?"
_DURATION = re.compile(
    rf"(?<![\w$.,])(?:(?P<words>{_NUMBER_WORDS_FRACTION})\s*\(\s*(?P<wdigits>{_FIGURE})\s*\)"
    rf"|(?P<only_words>{_NUMBER_WORDS_FRACTION})|(?P<digits>{_FIGURE})|\(\s*(?P<bdigits>{_FIGURE})\s*\))"
    # ("thirty (30) or more days overdue": the figure is the duration, "or more" kept as written.)
    rf"(?P<sep>\s*{_DASH}\s*|\s+(?:or\s+(?:more|longer)\s+)?|)"
    rf"(?:(?P<qual>business|calendar|working|banking)(?P<qsep>\s*{_DASH}\s*|\s+))?"
    r"(?P<unit>days?|weeks?|months?|years?)(?![\w])",
    re.IGNORECASE,
)
_NET = re.compile(
    rf"\b(?P<net>net)(?P<sep>\s+|\s*{_DASH}\s*)(?:(?P<words>{NUMBER_WORDS})\s*\(\s*(?P<wdigits>\d+)\s*\)|(?P<digits>\d+))"
    # Not part of a figure: "net 30 days" is the duration "30 days" (backtracking would read "net 3").
    r"(?!\d|\s*(?:[-\u2013]\s*)?(?:\(|days?|weeks?|months?|years?|%|percent)|[\w,.]\d)",
    re.IGNORECASE,
)


def _number_style(match: re.Match[str]) -> tuple[float, dict[str, str]]:
    groups = match.groupdict()
    if groups.get("words") and groups.get("wdigits"):
        # Where the words and the digits disagree ("ninety (30) days'"), the words prevail, as a court reads
        # them: the figure is the words', and an edit of it writes both again.
        return _said_or(groups["words"], groups["wdigits"]), {
            "form": "words_digits", "words": groups["words"], "digits": groups["wdigits"],
        }  # fmt: skip
    if groups.get("only_words"):
        value = words_value(groups["only_words"])
        return float(value or 0), {"form": "words", "words": groups["only_words"]}
    if groups.get("bdigits"):
        return _parse_digits(groups["bdigits"]), {"form": "bracket_digits", "digits": groups["bdigits"]}
    return _parse_digits(groups["digits"]), {"form": "digits", "digits": groups["digits"]}


def find_durations(text: str) -> list[Quantity]:
    found: list[Quantity] = []
    for match in _DURATION.finditer(text):
        if part_of_a_larger_figure(text, match.start(), match.end()):
            continue
        number, style = _number_style(match)
        if style["form"] == "words" and words_value(style["words"]) is None:
            continue
        unit_word = match.group("unit")
        unit = unit_word.lower().rstrip("s")
        qualifier = (match.group("qual") or "").lower()
        factor = _UNIT_DAYS[unit] * (7 / 5 if qualifier in {"business", "working", "banking"} else 1)
        style.update(
            sep=match.group("sep"), unit_word=unit_word, qual=match.group("qual") or "", qsep=match.group("qsep") or ""
        )
        found.append(Quantity("days", match.start(), match.end(), match.group(0), number, number * factor, unit, style))
    for match in _NET.finditer(text):
        if any(q.start <= match.start() < q.end for q in found):
            continue
        number, style = _number_style(match)
        style.update(form="net" if style["form"] == "digits" else "net_" + style["form"], net=match.group("net"),
                     sep=match.group("sep"))  # fmt: skip
        found.append(Quantity("days", match.start(), match.end(), match.group(0), number, number, "day", style))
    found.sort(key=lambda q: q.start)
    return found


def _write_number(style: dict[str, str], number: float) -> str:
    """The figure in the phrase's style (words and/or digits, case)."""
    form = style["form"].removeprefix("net_")
    integral = float(number).is_integer()
    digits_template = style.get("digits", "")
    commas = "," in digits_template or number >= 10_000
    decimals = len(digits_template.split(".")[1]) if "." in digits_template else 0
    digits = _format_digits(number, commas, decimals)
    if form in {"words_digits", "words"} and integral:
        words = _case_like(style["words"], number_to_words(int(number)))
        return f"{words} ({digits})" if form == "words_digits" else words
    if form in {"words_digits", "words"}:
        return digits  # 2.5 is not written in words
    if form == "bracket_digits":
        return f"({digits})"
    return digits


def _pluralize(unit_template: str, unit: str, number: float, adjectival: bool) -> str:
    word = unit if (number == 1 or adjectival) else unit + "s"
    return _case_like(unit_template, word)


def write_duration(quantity: Quantity, number: float, unit: str | None = None, qualifier: str | None = None) -> str:
    """Rewrite a duration phrase with a new figure.

    ``unit`` (day/week/month/year) defaults to the phrase's own unit; ``qualifier`` ("business")
    defaults to the phrase's own. ``write_days`` picks the unit for a calendar-day limit.
    """
    style = quantity.style
    if style["form"].startswith("net"):
        return f"{style['net']}{style['sep']}{_write_number(style, number)}"
    unit = unit or quantity.unit
    qual_word = style.get("qual", "") if qualifier is None else qualifier
    adjectival = bool(re.fullmatch(rf"\s*{_DASH}\s*", style.get("sep", ""))) and style.get("qual", "") == ""
    word = style.get("unit_word", "")
    if word and not word.lower().endswith("s") and quantity.unit in _UNIT_DAYS and quantity.value:
        # "a twenty (20) day notice period": the unit is an adjective, it stays singular.
        adjectival = adjectival or quantity.number > 1
    if adjectival and qual_word:
        adjectival = False
    sep = style.get("sep") or ("" if style["form"] == "bracket_digits" else " ")
    qual = ""
    if qual_word:
        qual = _case_like(style.get("qual") or style["unit_word"], qual_word.lower()) + (style.get("qsep") or " ")
    template = style["unit_word"]
    if style.get("qual") and not qual_word and template[:1].isupper() and not template.isupper():
        # "five (5) Business Days" written in calendar days: the capital was the defined "Business
        # Day"'s, and a bare "Days" is no term of the contract ("thirty (30) days").
        template = template.lower()
    unit_text = _pluralize(template, unit, number, adjectival)
    return f"{_write_number(style, number)}{sep}{qual}{unit_text}"


def write_days(quantity: Quantity, days: float) -> str:
    """Rewrite a duration to a calendar-day value, in the phrase's unit where it divides evenly
    ("2 years" with 365 -> "1 year"), else in days; a business-day qualifier is dropped because
    the limit is in calendar days."""
    if quantity.style["form"].startswith("net"):
        return write_duration(quantity, days)
    unit = quantity.unit
    factor = _UNIT_DAYS[unit]
    if unit == "month" and days % 365 == 0:
        return write_duration(quantity, days / 365 * 12, unit, qualifier="")  # a year is twelve months
    if days % factor == 0:
        return write_duration(quantity, days / factor, unit, qualifier="")
    return write_duration(quantity, days, "day", qualifier="")


# --- money -------------------------------------------------------------------------------------

_MULTIPLIERS = {"thousand": 1e3, "k": 1e3, "million": 1e6, "mm": 1e6, "m": 1e6, "billion": 1e9, "bn": 1e9}
_CURRENCY_PREFIX = r"(?:US\s?\$|U\.S\.\s?\$|C\$|A\$|\$|USD|EUR|GBP|CAD|AUD|CHF|JPY|€|£|¥)"
_CURRENCY_WORD = r"(?:U\.S\.\s+|US\s+)?(?:dollars|euros?|pounds(?:\s+sterling)?|USD|EUR|GBP)"
_MULT = r"(?:thousand|million|billion|mm|bn|k|m)"
_AMOUNT = re.compile(
    # "five million dollars ($5,000,000)" / "Two Hundred Thousand U.S. Dollars (US$200,000)"
    rf"(?<![\w$])(?P<words>{NUMBER_WORDS})\s+(?P<wcur>{_CURRENCY_WORD})\s*\(\s*(?P<bcur>{_CURRENCY_PREFIX})\s?"
    rf"(?P<bnum>{_DIGITS})(?:\s*(?P<bmult>{_MULT})\b)?\s*\)"
    # "$5,000,000", "$2.5 million", "USD 500,000"
    rf"|(?<![\w$])(?P<cur>{_CURRENCY_PREFIX})\s?(?P<num>{_DIGITS})(?:\s*(?P<mult>{_MULT})(?![\w]))?"
    # "500,000 dollars", "2 million USD"
    rf"|(?<![\w$.,])(?P<pnum>{_DIGITS})(?:\s*(?P<pmult>thousand|million|billion))?\s+(?P<pcur>{_CURRENCY_WORD})\b",
    re.IGNORECASE,
)


def find_amounts(text: str) -> list[Quantity]:
    found = []
    for match in _AMOUNT.finditer(text):
        groups = match.groupdict()
        if part_of_a_larger_figure(text, match.start(), match.end()):
            continue
        if groups["words"]:
            mult = _MULTIPLIERS.get((groups["bmult"] or "").lower(), 1)
            number = _parse_digits(groups["bnum"])
            style = {
                "form": "words_cur_digits", "words": groups["words"], "wcur": groups["wcur"],
                "cur": groups["bcur"], "digits": groups["bnum"], "mult": groups["bmult"] or "",
                "between": match.group(0)[len(groups["words"]) : match.start("wcur") - match.start()],
                "open": match.group(0)[match.end("wcur") - match.start() : match.start("bcur") - match.start()],
                "cursep": match.group(0)[match.end("bcur") - match.start() : match.start("bnum") - match.start()],
            }  # fmt: skip
            unit = groups["bcur"]
        elif groups["cur"]:
            mult = _MULTIPLIERS.get((groups["mult"] or "").lower(), 1)
            number = _parse_digits(groups["num"])
            multsep = ""
            if groups["mult"]:
                multsep = text[match.end("num") : match.start("mult")]
            style = {
                "form": "cur_digits", "cur": groups["cur"], "digits": groups["num"], "mult": groups["mult"] or "",
                "cursep": text[match.end("cur") : match.start("num")], "multsep": multsep,
            }  # fmt: skip
            unit = groups["cur"]
        else:
            mult = _MULTIPLIERS.get((groups["pmult"] or "").lower(), 1)
            number = _parse_digits(groups["pnum"])
            style = {
                "form": "digits_cur", "digits": groups["pnum"], "mult": groups["pmult"] or "",
                "cur": groups["pcur"], "tail": text[match.end("pnum") : match.start("pcur")],
            }  # fmt: skip
            unit = groups["pcur"]
        found.append(Quantity("amount", match.start(), match.end(), match.group(0), number, number * mult, unit, style))
    return found


def _amount_figure(style: dict[str, str], amount: float) -> tuple[str, str]:
    """(digits, multiplier word) for ``amount`` in the style of the original figure."""
    mult_word = style.get("mult", "")
    template = style.get("digits", "")
    mult = _MULTIPLIERS.get(mult_word.lower(), 1) if mult_word else 1
    if mult > 1 and amount >= mult:
        scaled = amount / mult
        return _format_digits(round(scaled, 6), "," in template), mult_word
    decimals = len(template.split(".")[1]) if "." in template and mult == 1 else 0
    commas = "," in template or mult > 1 or amount >= 10_000
    return _format_digits(amount, commas, decimals), ""


def write_amount(quantity: Quantity, amount: float) -> str:
    style = quantity.style
    digits, mult_word = _amount_figure(style, amount)
    if style["form"] == "cur_digits":
        tail = f"{style.get('multsep') or ' '}{mult_word}" if mult_word else ""
        return f"{style['cur']}{style['cursep']}{digits}{tail}"
    if style["form"] == "digits_cur":
        mult_part = style["tail"] if mult_word else " "
        if mult_word:
            mult_part = style["tail"].replace(style["mult"], mult_word)
        return f"{digits}{mult_part}{style['cur']}"
    # words + currency word + (digits)
    words = _case_like(style["words"], number_to_words(int(amount))) if float(amount).is_integer() else digits
    mult_tail = f" {mult_word}" if mult_word else ""
    return f"{words}{style['between']}{style['wcur']}{style['open']}{style['cur']}{style['cursep']}{digits}{mult_tail})"


# --- percentages -------------------------------------------------------------------------------

_PERCENT_WORD = r"(?:percent|per\s+cent|per\s*centum|pct\.?)"
_PERCENT = re.compile(
    # "fifteen percent (15%)", "one and one-half percent (1 1/2%)"
    rf"(?<![\w])(?P<words>{_NUMBER_WORDS_FRACTION})(?P<wsep>\s+){_PERCENT_WORD}\s*\(\s*(?P<wdigits>{_FIGURE})\s*%\s*\)"
    # "fifteen (15%) percent" / "fifteen (15) percent"
    rf"|(?<![\w])(?P<words2>{_NUMBER_WORDS_FRACTION})\s*\(\s*(?P<wdigits2>{_FIGURE})\s*(?P<inner>%?)\s*\)(?P<psep>\s*)(?P<pword>{_PERCENT_WORD})?"
    # "150%", "15 percent", "1 1/2%"
    rf"|(?<![\w.,])(?P<digits>{_FIGURE})(?P<dsep>\s*)(?P<dword>%|{_PERCENT_WORD})"
    # "fifteen percent"
    rf"|(?<![\w])(?P<only_words>{_NUMBER_WORDS_FRACTION})(?P<osep>\s+)(?P<oword>{_PERCENT_WORD})",
    re.IGNORECASE,
)


# A figure in brackets right after a percentage in words: the words are the figure's too.
_AFTER_PERCENT_WORD = re.compile(rf"{_PERCENT_WORD}\s*\(\s*$", re.IGNORECASE)


def _said_or(words: str, digits: str) -> float:
    """The figure of "words (digits)": the words', where they are a number."""
    said = words_value(words)
    return said if said is not None else _parse_digits(digits)


def find_percents(text: str) -> list[Quantity]:
    found = []
    for match in _PERCENT.finditer(text):
        groups = match.groupdict()
        if part_of_a_larger_figure(text, match.start(), match.end()):
            continue
        if groups["digits"] and _AFTER_PERCENT_WORD.search(text[max(0, match.start() - 20):match.start()]):
            continue  # "one-half percent (1/2%)": words this reader does not take stand before it
        # (words that disagree with their digits prevail, as for durations: "seven percent (5%)" is seven)
        if groups["words"]:
            number = _said_or(groups["words"], groups["wdigits"])
            style = {"form": "words_pct_digits", "words": groups["words"], "digits": groups["wdigits"]}
        elif groups["words2"]:
            if not groups["inner"] and not groups["pword"]:
                continue  # "fifteen (15)" alone is not a percentage
            number = _said_or(groups["words2"], groups["wdigits2"])
            style = {"form": "words_digits_pct", "words": groups["words2"], "digits": groups["wdigits2"]}
        elif groups["digits"]:
            number = _parse_digits(groups["digits"])
            style = {"form": "digits", "digits": groups["digits"]}
        else:
            parsed = words_value(groups["only_words"])
            if parsed is None:
                continue
            number = parsed
            style = {"form": "words", "words": groups["only_words"]}
        found.append(Quantity("percent", match.start(), match.end(), match.group(0), number, number, "%", style))
    return found


def write_percent(quantity: Quantity, percent: float) -> str:
    style = quantity.style
    phrase = quantity.phrase
    integral = float(percent).is_integer()
    digits = _format_digits(percent, False)
    form = style["form"]
    if form == "digits":
        return phrase.replace(style["digits"], digits, 1)
    words = _case_like(style["words"], number_to_words(int(percent))) if integral else digits
    if form in {"words_pct_digits", "words_digits_pct"}:
        # Replace the words at the front and the digits inside the brackets; keep the rest.
        rest = phrase[len(style["words"]) :]
        index = rest.index(style["digits"])
        rest = rest[:index] + digits + rest[index + len(style["digits"]) :]
        return words + rest
    return words + phrase[len(style["words"]) :]


# --- one entry point ---------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def _find_cached(text: str, kind: QuantityKind) -> tuple[Quantity, ...]:
    if kind == "days":
        return tuple(find_durations(text))
    if kind == "amount":
        return tuple(find_amounts(text))
    return tuple(find_percents(text))


def find_quantities(text: str, kind: QuantityKind) -> list[Quantity]:
    """Every quantity of ``kind`` in ``text`` (cached: several rules often read one sentence)."""
    return list(_find_cached(text, kind))


def write_quantity(quantity: Quantity, value: float) -> str:
    """Rewrite ``quantity`` to ``value`` (calendar days, amount or percent), in its own style."""
    if quantity.kind == "days":
        return write_days(quantity, value)
    if quantity.kind == "amount":
        return write_amount(quantity, value)
    return write_percent(quantity, value)


def describe(value: float, kind: QuantityKind) -> str:
    """A plain rendering for explanations: "30 days", "$1,000,000", "5%"."""
    if kind == "days":
        return f"{_format_number(value)} day{'s' if value != 1 else ''}"
    if kind == "amount":
        return f"{_format_digits(value, True)}"
    return f"{_format_number(value)}%"
