"""The cross-tabulation of bench/bench_presence_labels.py on tiny hand-made inputs: an insertion over a
present label is one duplicate, nothing over an absent label is one miss."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from bench_presence_labels import crosstab, key_figures, markdown, outcome_of


def test_an_insertion_over_a_present_label_is_one_duplicate():
    table = crosstab([("insurance", True, "insert")])
    assert table["insurance"]["present"]["insert"] == 1
    assert key_figures(table) == {
        "duplicates": 1,
        "insertions": 1,
        "misses": 0,
        "absent": 0,
        "present": 1,
        "present_nothing": 0,
    }


def test_nothing_over_an_absent_label_is_one_miss_and_an_insertion_there_is_no_duplicate():
    table = crosstab(
        [
            ("audit-rights", False, "nothing"),
            ("audit-rights", False, "insert"),
            ("governing-law", True, "nothing"),
            ("governing-law", False, "finding"),
        ]
    )
    figures = key_figures(table)
    assert figures["duplicates"] == 0
    assert figures["insertions"] == 1
    assert figures["misses"] == 1
    assert figures["absent"] == 3
    assert figures["present"] == 1


def test_the_outcome_of_a_rule():
    assert outcome_of("missing", ["insert"]) == "insert"
    assert outcome_of("issue", ["replace", "insert"]) == "insert"
    assert outcome_of("issue", ["replace"]) == "edit"
    assert outcome_of("missing", []) == "finding"
    assert outcome_of("ok", []) == "nothing"
    assert outcome_of("not_expected", []) == "nothing"


def test_the_table_counts_every_row_once():
    rows = [("cap-on-liability", True, "insert"), ("cap-on-liability", True, "nothing"), ("insurance", False, "edit")]
    text = markdown(crosstab(rows))
    assert "| cap-on-liability | present | 2 | 1 | 0 | 0 | 1 |" in text
    assert "| insurance | absent | 1 | 0 | 1 | 0 | 0 |" in text
    assert "| **all six** | present | 2 | 1 | 0 | 0 | 1 |" in text
    assert "**1 of 1** insertions" in text
