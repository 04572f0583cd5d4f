"""A figure with a fraction is one figure ("1 1/2%", "one and one-half percent (1.5%)", "1-1/2%"):
read whole, rewritten whole, and a piece of it ("2%" of "1 1/2%", "one percent" of "one-half of one
percent", "360 day" of "30/360 day basis") is never read as a figure of its own. Before, "1 1/2%
per month" was read as 2% and a late-interest rule rewrote it to "1 1/21%"."""

from __future__ import annotations

import gzip
import json
import re

import pytest

from contracts.numbers import find_amounts, find_durations, find_percents, write_days, write_percent
from tests.conftest import shared_data


@pytest.mark.parametrize(
    ("text", "phrase", "value", "rewritten"),
    [
        # Late-payment interest as real contracts write it (cuad-train).
        ("Overdue payments shall accrue interest, at the lesser of 1 1/2% per month or the maximum",
         "1 1/2%", 1.5, "1%"),
        ("late charges of 1-1/2% per month, or the maximum amount allowa", "1-1/2%", 1.5, "1%"),
        ("a rate equal to the lesser of one and one-half percent (1- 1/2%) per month",
         "one and one-half percent (1- 1/2%)", 1.5, "one percent (1%)"),
        ("a late charge equal to one and one-half percent (1.5%) per month", "one and one-half percent (1.5%)",
         1.5, "one percent (1%)"),
        ("the rate of one and a half percent (1.5%) per month", "one and a half percent (1.5%)", 1.5,
         "one percent (1%)"),
        ("at the lesser of one and one half percent (1 1/2%) per month", "one and one half percent (1 1/2%)",
         1.5, "one percent (1%)"),
        ("if Availability is ninety six and one-half percent (96.5%) or less", "ninety six and one-half percent (96.5%)",
         96.5, "one percent (1%)"),
        ("interest at 1\u00bd% per month", "1\u00bd%", 1.5, "1%"),
    ],
)  # fmt: skip
def test_a_percentage_with_a_fraction_is_read_and_rewritten_whole(text: str, phrase: str, value: float,
                                                                    rewritten: str) -> None:
    (found,) = find_percents(text)
    assert found.phrase == phrase and found.value == pytest.approx(value)
    assert write_percent(found, 1) == rewritten


@pytest.mark.parametrize(
    "text",
    ["0.5% being one-half of one percent of the fee", "one-half percent (1/2%) of the fee"],
)
def test_a_piece_of_a_figure_is_no_percentage(text: str) -> None:
    assert [q.phrase for q in find_percents(text)] == (["0.5%"] if text.startswith("0.5") else [])


def test_durations_and_amounts_with_fractions() -> None:
    (term,) = find_durations("shall not exceed one and one-half days")
    assert term.value == 1.5 and write_days(term, 1) == "one day"
    (years,) = find_durations("for two and one-half (2 1/2) years")
    assert years.value == pytest.approx(2.5 * 365) and write_days(years, 730) == "two (2) years"
    assert find_durations("monthly on a 30/360 day basis at 0.15%") == []  # a day-count basis, no duration
    assert find_amounts("a fee of $1 1/2 million") == []  # "$1" is a piece of the figure


def test_every_late_interest_figure_with_a_fraction_in_cuad_train_reads_as_written() -> None:
    # The whole corpus, not a chosen sentence: every "one and one-half percent (...)" and "1 1/2%"
    # reads as 1.5, and a rewrite keeps words and digits agreeing.
    pattern = re.compile(r"(?:one and (?:one[- ])?half percent \([^)]*\)|\b1(?: |-|- )1/2\s?%)", re.IGNORECASE)
    seen = 0
    with gzip.open(shared_data("cuad-train", "contracts.jsonl.gz"), "rt", encoding="utf-8") as handle:
        for line in handle:
            text = json.loads(line)["text"]
            for match in pattern.finditer(text):
                window = text[max(0, match.start() - 30): match.end() + 30]
                found = [q for q in find_percents(window) if match.group(0) in q.phrase]
                assert len(found) == 1 and found[0].value == pytest.approx(1.5), window
                assert "1 1/2" not in write_percent(found[0], 1) and "half" not in write_percent(found[0], 1)
                seen += 1
    assert seen >= 15
