"""``must_match``: a sentence about the rule must have the wording a pattern describes; else the
closest one is rewritten with the playbook's wording (or the wording is inserted)."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from yaml.nodes import Node, SequenceNode

from contracts.naming import Parties, information_of_one_side
from playbooks.checks import ValueReader
from playbooks.loader.find_field import regex_problem
from playbooks.rules import MAX_PATTERNS_PER_CHECK, Rule, check_patterns, matches_any
from review.engine.base import RuleResult
from review.engine.checks.registry import EvaluatedCheckKind, RuleContext
from review.engine.draft import closest_to_wording, is_mutual, propose_for_failing
from review.engine.find import Sentence
from review.engine.verify import binds_only_them, is_not_the_duty, states_confidentiality_duty

# A limit of liability or a survival list: it names the duty of confidence, it does not state it.
_NAMES_ONLY = re.compile(r"\bliabilit|\bsurviv")


def read_pattern(reader: ValueReader, kind: str, rule_id: str, node: Node) -> str | tuple[str, ...] | None:
    """``{must_match: 'PATTERN'}``: a pattern RE2 runs (docs/playbook-format.md, "Patterns"); or a list of
    them (``[A, B]``), any of which matching is a match, each within the limits of one."""
    if not isinstance(node, SequenceNode):
        pattern = reader.text(rule_id, f"check.{kind}", node)
        if pattern is None:
            return None
        problem = regex_problem(pattern)
        if problem:
            reader.error(rule_id, f"check.{kind}", node, problem)
            return None
        return pattern
    if len(node.value) > MAX_PATTERNS_PER_CHECK:
        reader.error(
            rule_id, f"check.{kind}", node,
            f"lists {len(node.value)} patterns; the limit is {MAX_PATTERNS_PER_CHECK}: join some with |",
        )  # fmt: skip
        return None
    patterns = reader.text_list(rule_id, f"check.{kind}", node, "['PATTERN', 'ANOTHER PATTERN']")
    if patterns is None:
        return None
    ok = True
    for index, (pattern, item) in enumerate(zip(patterns, node.value, strict=True)):
        problem = regex_problem(pattern)
        if problem:
            reader.error(rule_id, f"check.{kind}[{index + 1}]", item, problem)
            ok = False
    return tuple(patterns) if ok else None


def in_words_of_patterns(value: Any) -> str:
    patterns = check_patterns(value)
    if len(patterns) == 1:
        return f"the pattern {patterns[0]}"
    return "one of the patterns " + "; ".join(patterns)


@dataclass(frozen=True)
class MustMatch:
    name: str = "must_match"
    takes_near: bool = False
    wording_needed_to: str = "put in place of the clause"
    shows_pattern: bool = True
    edit_without_positions: str = "Change only the number."

    def read_value(self, reader: ValueReader, rule_id: str, node: Node) -> str | tuple[str, ...] | None:
        return read_pattern(reader, self.name, rule_id, node)

    def value_from_cell(self, raw: str) -> Any:
        return raw

    def in_words(self, value: Any) -> str:
        return f"must match {in_words_of_patterns(value)}"

    def in_plain_words(self, value: Any) -> str:
        return "must match a text pattern"

    def evaluate(self, rule: Rule, found: list[Sentence], context: RuleContext) -> RuleResult:
        if not found:
            return context.nothing_found()
        base, document = context.base, context.document
        patterns = check_patterns(rule.check.value)
        # (a sentence that only names the matter passes nothing: "Each party's total liability ... shall not apply to
        # a breach of confidentiality" has the mutual words, not a mutual duty of confidence)
        passing = [
            s for s in found
            if matches_any(patterns, s.norm, document.budget)
            and not (_NAMES_ONLY.search(s.lower) and is_not_the_duty(rule, s))
        ]  # fmt: skip
        if passing:
            return RuleResult(**base, status="ok", evidence=tuple(s.evidence() for s in passing))
        failing = [closest_to_wording(found, rule.positions[0])] if rule.positions else found[:1]
        mutual = bool(rule.positions) and is_mutual(rule.positions[0])
        one_way = information_of_one_side(document.model) if mutual else None
        parties = document.parties
        if one_way is not None and _same_party(one_way.recipient, parties):
            # A one-way NDA that protects only what the other side discloses ("Company will
            # disclose Confidential Information to Consultant"), and we receive: a mutual duty in
            # place of ours protects nothing of ours, since what is confidential is still defined
            # as theirs, and it rewrites their protection. Making it mutual is the lawyer's drafting.
            return RuleResult(
                **base, status="issue", evidence=tuple(s.evidence() for s in found),
                message=(
                    f"This agreement is one-way: the information it protects is {one_way.discloser}'s, "
                    f"and only {one_way.recipient} is bound. Making it mutual needs a definition that covers "
                    f"what {one_way.recipient} discloses as well, which is for the lawyer to word; if "
                    f"{one_way.recipient} discloses nothing, nothing is needed. No edit is proposed."
                ),
            )  # fmt: skip
        bound = binds_only_them(failing[0], parties) if mutual else None
        if bound is None and mutual and parties is not None and parties.them:
            # A one-sided duty of the other party among the sentences found, none binding us (the
            # sentence nearest the wording may be the definition of what it protects).
            # Only the sentences that state a duty of confidentiality count ("you will pay us for
            # any resulting costs" of defending it binds us to pay, not to keep anything).
            duties = [s for s in found if states_confidentiality_duty(s.lower)]
            swapped = replace(parties, us=parties.them, them=parties.us)
            bound = next((b for s in duties if (b := binds_only_them(s, parties))), None)
            if bound is not None and any(binds_only_them(s, swapped) for s in duties):
                bound = None
        if bound is not None:
            # "CONSULTANT will keep confidential and will not ... use Proprietary
            # Information": a one-sided duty of the other party protects us. The mutual
            # wording would weaken it and bind us too: the finding stands, no edit.
            return RuleResult(
                **base, status="issue", evidence=tuple(s.evidence() for s in found),
                message=(
                    f"The sentence found binds only {bound}, which protects us; the playbook's "
                    "mutual wording would weaken that duty and bind us as well, so no edit is proposed."
                ),
            )  # fmt: skip
        return propose_for_failing(
            rule, document, found, failing, evidence=found, base=base, citation=context.citation,
            guidance=context.guidance, next_insert=context.next_insert,
            reason="none of the sentences about this rule has the required wording",
            restates=True, wording_required=True,
        )  # fmt: skip


def _same_party(name: str, parties: Parties | None) -> bool:
    """``name`` (as the contract writes a role) is our party."""
    if parties is None or not parties.us:
        return False

    def bare(text: str) -> str:
        return re.sub(r"^the\s+", "", text.strip(), flags=re.IGNORECASE).lower()

    return bare(name) == bare(parties.us)


KINDS: tuple[EvaluatedCheckKind, ...] = (MustMatch(),)
