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

from documents.docx.compare import Difference
from documents.docx.edit import apply_edit_to_model, resolve_edit
from documents.docx.model import DECISION_KINDS, Edit, EditError, TextModel
from documents.docx.tracked import ForeignChange, decision_edit, foreign_changes, short_date

from .base import Evidence, Proposal, RevisionError, RuleResult

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
        then = now if reject is None or reject.start is None else (
            now[: reject.start] + reject.after + now[reject.start + len(reject.before):]
        )
        if reject is not None and reject.start is None:
            then = ""
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
                paragraph = sent.get(edit.locator)
                assert edit.start is not None
                before = paragraph.text
                after = before[: edit.start] + edit.after + before[edit.start + len(edit.before):]
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


def counter_proposal(current: Proposal, instruction: str, model: TextModel) -> Proposal:
    """Our own wording instead of their change: "replace with: <text>" replaces the text their
    change put there (or inserts where they deleted), as our own edit beside their markup."""
    match = _OWN.match(instruction or "")
    if not match:
        raise RevisionError("For a change of theirs, give your own wording as “replace with: …”.")
    text = match.group("text")
    edit = current.edit
    paragraph = model.find(edit.locator)
    if paragraph is None:
        raise RevisionError("The paragraph of their change is no longer in the contract.")
    if edit.kind in DECISION_KINDS:
        # Their visible text (or the place of their deletion) becomes our wording.
        new = (Edit("replace", edit.locator, paragraph.text, text, start=0) if edit.start is None
               else Edit("replace", edit.locator, edit.before, text, start=edit.start))
    elif edit.kind == "replace":
        new = Edit("replace", edit.locator, edit.before, text, start=edit.start)
    elif edit.kind == "insert_after":
        new = Edit("insert_after", edit.locator, after=text)
    else:
        new = Edit("replace", edit.locator, paragraph.text, text, start=0)
    try:
        new = resolve_edit(model, new)
        applied = apply_edit_to_model(model, new)
    except EditError as exc:
        raise RevisionError(f"The counter-proposal does not apply to the current text: {exc}") from exc
    after = applied.get(new.new_locator or new.locator).text if new.kind == "insert_after" else (
        applied.get(new.locator).text)
    before = "" if new.kind == "insert_after" else paragraph.text
    return replace(current, action="insert" if new.kind == "insert_after" else "replace", edit=new, before=before,
                   after=after, explanation="Your counter-proposal to their change.", instruction=instruction)
