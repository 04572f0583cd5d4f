"""Differences between two playbook versions, rule by rule (added, removed, changed) with
word-level changes for the text of changed rules."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.safestring import SafeString, mark_safe

from documents.docx.diff import word_diff_html

from .presentation import rule_in_words
from .rules import PlaybookSpec, Rule


@dataclass
class FieldChange:
    field: str
    html: SafeString  # escaped word diff: <del>old</del><ins>new</ins>


@dataclass
class RuleChange:
    rule_id: str
    old: Rule | None
    new: Rule | None
    changes: list[FieldChange] = field(default_factory=list)


@dataclass
class SpecDiff:
    added: list[Rule]
    removed: list[Rule]
    changed: list[RuleChange]
    unchanged: int
    playbook_changes: list[FieldChange]

    @property
    def empty(self) -> bool:
        return not (self.added or self.removed or self.changed or self.playbook_changes)


def _change(name: str, old: str, new: str) -> FieldChange | None:
    if old == new:
        return None
    # word_diff_html escapes every piece of text it returns.
    return FieldChange(name, mark_safe(word_diff_html(old, new)))


def rule_changes(old: Rule, new: Rule) -> list[FieldChange]:
    changes: list[FieldChange] = []
    before, after = rule_in_words(old), rule_in_words(new)
    for name in before:
        change = _change(name, before[name], after[name])
        if change:
            changes.append(change)
    for index in range(max(len(old.positions), len(new.positions))):
        a = old.positions[index] if index < len(old.positions) else ""
        b = new.positions[index] if index < len(new.positions) else ""
        label = "preferred position" if index == 0 else f"fallback {index}"
        change = _change(label, a, b)
        if change:
            changes.append(change)
    old_variants, new_variants = old.variant_map, new.variant_map
    for name in [*old_variants, *(n for n in new_variants if n not in old_variants)]:
        change = _change(f"variant “{name}”", old_variants.get(name, ""), new_variants.get(name, ""))
        if change:
            changes.append(change)
    return changes


def spec_diff(old: PlaybookSpec, new: PlaybookSpec) -> SpecDiff:
    old_rules = {rule.id: rule for rule in old.rules}
    new_rules = {rule.id: rule for rule in new.rules}
    added = [rule for rule in new.rules if rule.id not in old_rules]
    removed = [rule for rule in old.rules if rule.id not in new_rules]
    changed: list[RuleChange] = []
    unchanged = 0
    for rule in new.rules:
        if rule.id not in old_rules:
            continue
        changes = rule_changes(old_rules[rule.id], rule)
        if changes:
            changed.append(RuleChange(rule.id, old_rules[rule.id], rule, changes))
        else:
            unchanged += 1
    playbook_changes = [
        change
        for change in (
            _change("name", old.name, new.name),
            _change("description", old.description, new.description),
            _change("party", old.party, new.party),
        )
        if change
    ]
    return SpecDiff(added, removed, changed, unchanged, playbook_changes)
