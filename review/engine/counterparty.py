"""The other side's changes as review items (pure: values in, values out).

- Their tracked changes in version 1 (``documents/docx/tracked.py``): one item each. Accept
  applies ``accept_change`` (their change is accepted in the document, a new version), reject
  applies ``reject_change``, revise is a counter-proposal: our own wording for the text their
  change touched, as our own edit beside theirs.
- Their returned draft (``documents/docx/compare.py``): one item per edit of each difference;
  accept applies their wording to our version, reject keeps ours.
- Playbook findings in text they wrote: the rule result whose evidence lies in one of their
  insertions is marked as theirs, with the author.

Every item is an engine ``Proposal`` like a playbook recommendation, so the workflow stores,
re-anchors, decides, gates and audits it the same way.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from difflib import SequenceMatcher

from contracts.sentences import split_sentences
from documents.docx.compare import Difference
from documents.docx.edit import apply_edit_to_model, resolve_edit
from documents.docx.model import DECISION_KINDS, Edit, EditError, TextModel
from documents.docx.tracked import ForeignChange, decision_edit, foreign_changes, short_date

from .base import Evidence, Proposal, RevisionError, RuleResult
from .minimal import clause_number_length

RULE_TRACKED = "counterparty-change"
RULE_RETURNED = "counterparty-draft"
OTHER_SIDE = "The other side"

_OWN = re.compile(r"^\s*(?:replace\s+(?:it\s+|this\s+)?with|counter(?:-?propose)?|use|wording)\s*:\s*(?P<text>.+?)\s*$",
                  re.IGNORECASE | re.DOTALL)


@dataclass(frozen=True)
class CounterpartyItem:
    rule_id: str
    title: str  # what they did, for the card and the report: "Jane Roe replaced “60” with “90” on 20 Nov 2024"
    author: str
    date: str  # ISO 8601 from their file, or ""
    origin: str  # tracked_change | returned_draft
    proposal: Proposal
    reject_edit: Edit | None
    evidence: tuple[Evidence, ...]

    def to_dict(self) -> dict[str, object]:
        return {
            "source": "counterparty",
            "origin": self.origin,
            "author": self.author,
            "date": self.date,
            "title": self.title,
            "locator": self.proposal.edit.locator,
            "before": self.proposal.before,
            "after": self.proposal.after,
        }


def _paragraph_evidence(model: TextModel, locator: str) -> tuple[Evidence, ...]:
    paragraph = model.find(locator)
    if paragraph is None:
        return ()
    return (Evidence(locator=locator, sentence=paragraph.text, start=0, end=len(paragraph.text)),)


def tracked_change_items(original: bytes, model: TextModel) -> list[CounterpartyItem]:
    """One item per tracked change of theirs in version 1 (``model`` is version 1's)."""
    items: list[CounterpartyItem] = []
    for change in foreign_changes(original):
        try:
            accept = decision_edit(change, accept=True)
        except EditError:
            accept = None
        try:
            reject: Edit | None = decision_edit(change, accept=False)
        except EditError:
            reject = None
        if accept is None and reject is None:
            continue
        paragraph = model.find(change.locator)
        if paragraph is None:
            continue
        now = paragraph.text
        if reject is not None and reject.start is not None:
            # The sentence a lawyer reads (docs/decisions/negotiation-rounds.md): theirs as it
            # reads now, and ours before their change; the editor is pre-filled with it.
            first, last = sentence_around(now, reject.start, reject.start + len(reject.before))
            then = now[first: reject.start] + reject.after + now[reject.start + len(reject.before): last]
            now = now[first:last]
        elif reject is not None:
            then = ""
        else:
            then = now
        title = change.describe()
        explanation = (
            f"{title}. Accept keeps their change in the contract; reject restores the text before it; revise with "
            "“replace with: …” to counter-propose your own wording."
        )
        edit = accept or Edit("accept_change", change.locator, change="")
        proposal = Proposal(action="replace", edit=edit, before=then, after=now, explanation=explanation)
        items.append(CounterpartyItem(
            rule_id=RULE_TRACKED, title=title, author=change.author, date=change.date, origin="tracked_change",
            proposal=proposal, reject_edit=reject, evidence=_paragraph_evidence(model, change.locator),
        ))
    return items


def returned_draft_items(differences: list[Difference], sent: TextModel, author: str = "",
                         tracked: dict[int, list[ForeignChange]] | None = None) -> list[CounterpartyItem]:
    """One item per edit of each difference between our sent draft and their returned one. A
    difference that lies in a tracked change of theirs carries that change's author and date
    (``tracked``: their changes by returned paragraph index)."""
    items: list[CounterpartyItem] = []
    for difference in differences:
        parts = len(difference.edits)
        change = _tracked_change_of(difference, (tracked or {}).get(difference.returned_index or -1, []))
        who_of = (change.author if change is not None and change.author else author) or OTHER_SIDE
        date = change.date if change is not None else ""
        when = short_date(date)
        for index, edit in enumerate(difference.edits, start=1):
            what = difference.describe()
            title = (f"{who_of} {what}" + (f" on {when}" if when else "")
                     + (f" (part {index} of {parts})" if parts > 1 else ""))
            action = {"replace": "replace", "insert_after": "insert", "delete_paragraph": "delete"}[edit.kind]
            if edit.kind == "replace":
                # Ours and theirs: the sentence around their change.
                text = sent.get(edit.locator).text
                assert edit.start is not None
                end = edit.start + len(edit.before)
                first, last = sentence_around(text, edit.start, end)
                before, after = text[first:last], text[first:edit.start] + edit.after + text[end:last]
            elif edit.kind == "insert_after":
                before, after = "", edit.after
            else:
                before, after = edit.before, ""
            # "the other side changed …", but "Jane Roe changed …": a name keeps its case.
            lead = title[0].lower() + title[1:] if title.startswith(OTHER_SIDE) else title
            explanation = (f"In their returned draft, {lead}. Accept takes their wording; "
                           "reject keeps ours; revise with “replace with: …” to counter-propose.")
            items.append(CounterpartyItem(
                rule_id=RULE_RETURNED, title=title, author=who_of if who_of != OTHER_SIDE else author,
                date=date, origin="returned_draft",
                proposal=Proposal(action=action, edit=edit, before=before, after=after,  # type: ignore[arg-type]
                                  explanation=explanation),
                reject_edit=None, evidence=_paragraph_evidence(sent, edit.locator),
            ))
    return items


def _tracked_change_of(difference: Difference, changes: list[ForeignChange]) -> ForeignChange | None:
    """The tracked change of theirs (in their returned paragraph) whose text is this difference's."""
    after = difference.after.strip()
    for change in changes:
        shown = change.new or change.old
        if shown and (shown.strip() in after or after in shown) and (after or change.old):
            return change
    return changes[0] if len(changes) == 1 else None


def changes_of(original: bytes) -> list[ForeignChange]:
    return foreign_changes(original)


def finding_in_their_text(result: RuleResult, changes: list[ForeignChange]) -> ForeignChange | None:
    """The change of theirs a rule result's evidence lies in (their inserted text), if any."""
    for evidence in result.evidence:
        for change in changes:
            if change.locator != evidence.locator or change.end <= change.start:
                continue
            if change.kind not in ("insert", "replace", "move_to", "paragraph_insert"):
                continue
            if change.start < evidence.end and evidence.start < change.end:
                return change
    return None


SENTENCE_MATCH = 0.5  # share of words a counter must have in common with the clause's sentence to replace it


def sentence_around(text: str, start: int, end: int) -> tuple[int, int]:
    """From the start of the first sentence ``[start, end)`` touches to the end of the last."""
    spans = [(a, b) for a, b in split_sentences(text) if a <= end and start <= b]
    return min([start, *(a for a, _ in spans)]), max([end, *(b for _, b in spans)])


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower())


def countered_span(paragraph: str, edit: Edit, wording: str) -> tuple[int, int]:
    """What a counter-proposal replaces in the current ``paragraph``: their changed text
    (``replace with: New York`` counters "Delaware"), or, when the lawyer wrote the clause's
    sentence anew (the editor is pre-filled with it), that whole sentence. Never a sentence
    pasted in place of one word ("…the State of 8.1 This Agreement is governed by…")."""
    if edit.start is None:
        return 0, len(paragraph)
    start, end = edit.start, edit.start + len(edit.before)
    first, last = sentence_around(paragraph, start, end)
    sentence = paragraph[first:last]
    ours, theirs = _words(wording), _words(sentence)
    if (ours and theirs and (first, last) != (start, end)
            and SequenceMatcher(None, ours, theirs, autojunk=False).ratio() >= SENTENCE_MATCH):
        # The clause number that opens the sentence stays unless the lawyer typed one.
        number = clause_number_length(sentence)
        if number and not clause_number_length(wording) and first + number <= start:
            first += number
        return first, last
    return start, end


def counter_proposal(current: Proposal, instruction: str, model: TextModel) -> Proposal:
    """Our own wording instead of their change: it replaces what it counters (their changed text,
    or the clause's sentence when the lawyer rewrote it: ``countered_span``), as our own edit
    beside their markup; the one call point where the edit checker of a counter goes is the
    workflow's revision step (review/workflow/revisions.py), which receives this proposal."""
    match = _OWN.match(instruction or "")
    if not match:
        raise RevisionError("For a change of theirs, give your own wording as “replace with: …”.")
    text = match.group("text")
    edit = current.edit
    paragraph = model.find(edit.locator)
    if paragraph is None:
        raise RevisionError("The paragraph of their change is no longer in the contract.")
    if edit.kind in DECISION_KINDS or edit.kind == "replace":
        # Their visible text (or the place of their deletion), or our text they changed, or the
        # sentence around it, becomes our wording.
        start, end = countered_span(paragraph.text, edit, text)
        if edit.kind == "replace" and edit.start is not None and not paragraph.text.startswith(edit.before,
                                                                                               edit.start):
            raise RevisionError("The text of their change is no longer in the contract as it was.")
        new = Edit("replace", edit.locator, paragraph.text[start:end], text, start=start)
    elif edit.kind == "insert_after":
        new = Edit("insert_after", edit.locator, after=text)
    else:
        new = Edit("replace", edit.locator, paragraph.text, text, start=0)
    try:
        new = resolve_edit(model, new)
        apply_edit_to_model(model, new)
    except EditError as exc:
        raise RevisionError(f"The counter-proposal does not apply to the current text: {exc}") from exc
    if new.kind == "insert_after":
        before, after = "", text
    else:
        # The sentence a lawyer reads, ours now and with the counter: when the counter is the
        # sentence rewritten, ``after`` is exactly the wording ("Accept my wording" accepts it).
        assert new.start is not None
        end = new.start + len(new.before)
        first, last = sentence_around(paragraph.text, new.start, end)
        number = clause_number_length(paragraph.text[first:last])
        if number and first + number <= new.start:
            first += number  # the clause number is not the lawyer's wording: shown apart
        before = paragraph.text[first:last]
        after = paragraph.text[first:new.start] + new.after + paragraph.text[end:last]
    return replace(current, action="insert" if new.kind == "insert_after" else "replace", edit=new, before=before,
                   after=after, explanation="Your counter-proposal to their change.", instruction=instruction)
