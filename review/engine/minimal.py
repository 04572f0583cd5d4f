"""Minimal edits: a new wording changes only the words that differ from the text it replaces.

Proposals are written by the engine as whole sentences or clauses (a playbook position, a
lawyer's own wording); what is applied is the stretch between the first and the last changed
word, and the clause number that opens the sentence is kept. The docx step then splits that
stretch word by word (documents/docx/edit.py), so every untouched word keeps its run.
"""

from __future__ import annotations

import re
from dataclasses import replace

from contracts.sentences import split_sentences
from documents.docx.diff import word_diff
from documents.docx.model import Edit, TextModel
from review.engine.base import Proposal


def minimal_replace(locator: str, start: int, before: str, after: str) -> Edit:
    """Replace the wording ``before`` (at ``start`` of paragraph ``locator``) with ``after``,
    changing only the words that differ.

    A clause number that opens ``before`` ("3.2", "(a)", "Section 5.1") stays when the new
    wording does not bring its own: positions are written without numbers. Then the words both
    texts share at the start and at the end are left out of the edit, so the edit covers exactly
    the changed stretch; untouched words keep their runs and formatting, and the redline strikes
    and inserts only what changed (documents/docx/edit.py splits that stretch word by word again).
    """
    lead = clause_number_length(before)
    if lead and not clause_number_length(after):
        start, before = start + lead, before[lead:]
    diffs = word_diff(before, after)
    prefix = len(diffs[0][1]) if diffs and diffs[0][0] == 0 else 0
    suffix = len(diffs[-1][1]) if len(diffs) > 1 and diffs[-1][0] == 0 else 0
    if prefix >= len(before) or prefix >= len(after):
        prefix = 0  # one text contains the other: keep the whole stretch
    if suffix and (prefix + suffix > len(before) or prefix + suffix > len(after)):
        suffix = 0
    return Edit(
        kind="replace",
        locator=locator,
        before=before[prefix : len(before) - suffix],
        after=after[prefix : len(after) - suffix],
        start=start + prefix,
    )


def clause_number_length(text: str) -> int:
    """Length of a typed clause number at the start of ``text``, with the space after it."""
    match = _CLAUSE_NUMBER.match(text)
    return match.end() if match else 0


_CLAUSE_NUMBER = re.compile(
    # "3.2", "1.1.", "12.", "4(b)", "Section 5.1" before the clause's first word (a capital, a
    # quote or a bracket, so "30 days after ..." is not a number); "(a)", "a)", "(iv)" before any.
    r"(?:(?:Section|SECTION|Clause|CLAUSE|Article|ARTICLE)\s+)?"
    r"(?:(?:\d{1,3}(?:\.\d{1,3})+\.?|\d{1,2}\.?|\d{1,3}(?:\.\d{1,3})*\.?\([a-z0-9]{1,4}\))"
    r"[ \t\u00a0]+(?=[A-Z\"\u201c'\u2018(\[])"
    r"|(?:\([a-zA-Z0-9]{1,4}\)|[a-z]\)|[ivx]{1,5}\))[ \t\u00a0]+(?=\S)"
    # (a paragraph numbered in superscript figures, "² All business secrets ...", as Swiss terms are)
    r"|[\u00b9\u00b2\u00b3\u2070\u2074-\u2079]{1,3}[ \t\u00a0]+(?=\S))"
)


def shown(proposal: Proposal, edit: Edit, model: TextModel) -> Proposal:
    """``proposal`` with ``edit`` (a replace on ``model``) in place of its own, and the sentence a
    lawyer reads around it worked out again on ``model``: from the start of the first sentence the
    edit touches (clause number included) to the end of the last."""
    text = model.get(edit.locator).text
    assert edit.start is not None
    end = edit.start + len(edit.before)
    spans = [(a, b) for a, b in split_sentences(text) if a <= end and edit.start <= b]
    first = min([edit.start, *(a for a, _ in spans)])
    last = max([end, *(b for _, b in spans)])
    before = text[first:last]
    after = text[first : edit.start] + edit.after + text[end:last]
    return replace(proposal, edit=edit, before=before, after=after)
