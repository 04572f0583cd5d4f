from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from documents.docx.diff import word_diff, word_diff_html


def test_changes_are_whole_words():
    diffs = word_diff("Customer shall pay within sixty (60) days.", "Customer shall pay within thirty (30) days.")
    assert diffs == [
        (0, "Customer shall pay within "),
        (-1, "sixty"),
        (1, "thirty"),
        (0, " ("),
        (-1, "60"),
        (1, "30"),
        (0, ") days."),
    ]
    assert (-1, "six") not in diffs


def test_html_is_escaped_and_marked():
    html = word_diff_html('Pay <b>"net 60"</b> & more', 'Pay <b>"net 30"</b> & more')
    assert html == "Pay &lt;b&gt;&quot;net <del>60</del><ins>30</ins>&quot;&lt;/b&gt; &amp; more"
    assert word_diff_html("same", "same") == "same"
    assert word_diff_html("", "new <text>") == "<ins>new &lt;text&gt;</ins>"


TEXT = st.lists(st.sampled_from([*"ab c.,()\u00e9\u201c\u201d\t", "sixty", " thirty"]), max_size=20).map("".join)


@given(a=TEXT, b=TEXT)
def test_diff_reconstructs_both_sides(a, b):
    diffs = word_diff(a, b)
    assert "".join(text for op, text in diffs if op <= 0) == a
    assert "".join(text for op, text in diffs if op >= 0) == b
