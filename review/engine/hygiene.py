"""The drafting checks (contracts/drafting_checks/) as rule results: one result per registered
check, in the registry's order, like a rule's result: its findings as evidence and, where a
finding has an unambiguous edit, a recommendation per fix (words and figures that disagree get
two, and accepting one withdraws the other).
"""

from __future__ import annotations

from contracts.drafting_checks import CHECKS, findings
from contracts.drafting_checks.registry import Finding
from contracts.sentences import split_sentences
from documents.docx.model import TextModel
from review.engine.base import Evidence, Proposal, RuleResult


def _sentence_around(model: TextModel, finding: Finding) -> Evidence:
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
    for check, registered in CHECKS.items():
        title = registered.title
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
        message += f" {registered.advice}"
        out.append(
            RuleResult(
                rule_id=check, title=title, severity="low", status="issue",
                evidence=tuple(_sentence_around(model, f) for f in mine), recommendations=tuple(proposals),
                message=message,
            )
        )  # fmt: skip
    return out
