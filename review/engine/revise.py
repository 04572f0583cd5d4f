"""Stage 5, revise (docs/architecture.md "The engine"): a lawyer's instruction turned into a new proposal.

History (invariant 7, docs/architecture.md): ``revise`` reads the decisions the workflow passes in. Earlier instructions
on the same rule are cited in the explanation ("Earlier instructions: ..."); an instruction that
was already tried on this rule and whose result was rejected is reported in the explanation with
the rejection reason, so the lawyer sees they are going round in circles; and a request to go
back to the preferred position after the lawyer rejected it says so too. History never silently
changes the wording: the same request on the same proposal gives the same result.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cached_property

from contracts import numbers, subject
from contracts.clause_titles import title_prefix
from contracts.numbering import leading_number
from contracts.sentences import split_sentences
from documents.docx.model import Edit, TextModel
from review.engine.base import HistoryItem, Proposal, RevisionError, RevisionRequest
from review.engine.checks.limits import KIND_NOUN, LIMIT_KIND, subject_words
from review.engine.draft import quote, tidy, titled_wording
from review.engine.minimal import clause_number_length, minimal_replace

_OWN_WORDING = re.compile(
    r"^\s*(?:please\s+)?(?:replace\s+(?:it\s+|this\s+|the\s+\w+\s+)?with|use\s+(?:this\s+|my\s+)?(?:own\s+)?wording"
    r"|own\s+wording|my\s+wording|wording|rewrite\s+as|change\s+(?:it\s+)?to)\s*:\s*(?P<text>.+?)\s*$",
    re.IGNORECASE | re.DOTALL,
)
_SOFTER = re.compile(
    r"\b(?:softer|fallback|fall\s+back|more\s+lenient|lenient|less\s+strict|weaker|looser|concede|next\s+position"
    r"|compromise)\b",
    re.IGNORECASE,
)
_PREFERRED = re.compile(r"\b(?:preferred|original\s+position|first\s+position|playbook\s+position)\b", re.IGNORECASE)
_STRICTER = re.compile(
    r"\b(?:stricter|tougher|harder|firmer|stronger|more\s+strict|previous\s+position)\b", re.IGNORECASE
)
# "Use the playbook's full wording": the position as the playbook words it, where the edit changed
# only its figure (review/engine/wording.py names what that leaves out).
FULL_WORDING = "playbook's full wording"
_FULL = re.compile(r"\b(?:full|whole|complete)\s+wording\b|\bplaybook(?:'s|\u2019s)?\s+wording\b", re.IGNORECASE)
_BARE_NUMBER = re.compile(r"^\D*?(\d[\d,]*(?:\.\d+)?)\D*$")
UNDERSTOOD = (
    "'softer' or 'fallback' (next position in the playbook), 'stricter' or 'preferred' (back towards the "
    "preferred position), a number such as '45 days', '2 years', '$2,000,000' or '10%', {variants}"
    "or your own text as 'replace with: ...'"
)


def is_own_wording(instruction: str) -> bool:
    """Whether a revision instruction gives the lawyer's own words ("replace with: ..."): those are
    applied as written, even over words an earlier accepted edit wrote."""
    return _OWN_WORDING.match(instruction.strip()) is not None


def _norm_instruction(text: str) -> str:
    return " ".join(text.lower().split()).strip(" .!")


@dataclass(frozen=True)
class _HistoryView:
    """What earlier decisions on the same rule say about this revision."""

    instructions: tuple[str, ...]
    rejected: dict[str, str]  # instruction -> rejection reason
    rejected_original: str | None  # reason the first recommendation was rejected, if it was

    @classmethod
    def of(cls, rule_id: str, history: tuple[HistoryItem, ...]) -> _HistoryView:
        instructions: list[str] = []
        rejected: dict[str, str] = {}
        rejected_original: str | None = None
        last_instruction: str | None = None
        for item in history:
            if item.rule_id != rule_id:
                continue
            if item.action == "revise":
                instructions.append(item.text)
                last_instruction = item.text
            elif item.action == "reject":
                if last_instruction is None:
                    rejected_original = item.text
                else:
                    rejected[_norm_instruction(last_instruction)] = item.text
                last_instruction = None
            else:
                last_instruction = None
        return cls(tuple(instructions), rejected, rejected_original)


class Reviser:
    def __init__(self, request: RevisionRequest, model: TextModel) -> None:
        self.request = request
        self.rule = request.rule
        self.current = request.current
        self.model = model
        self.instruction = request.instruction.strip()
        self.history = _HistoryView.of(self.rule.id, request.history)
        self.citation = request.citation or self.rule.id
        self.limit_kind = LIMIT_KIND.get(self.rule.check.kind)

    # The number phrase the current proposal changes, if it is a number-only edit.
    @cached_property
    def number_phrase(self) -> numbers.Quantity | None:
        edit = self.current.edit
        if edit.kind != "replace" or not edit.before:
            return None
        for kind in ("days", "amount", "percent"):
            for quantity in numbers.find_quantities(edit.before, kind):
                if quantity.start == 0 and quantity.end == len(edit.before):
                    return quantity
        return None

    def run(self) -> Proposal:
        if not self.instruction:
            raise RevisionError(f"The instruction is empty. Understood: {self._understood()}.")
        own = _OWN_WORDING.match(self.instruction)
        if own:
            return self._own_wording(own.group("text").strip().strip("\"'\u201c\u201d\u2018\u2019").strip())
        variant = self._variant_name()
        if variant is not None:
            return self._with_text(
                self.rule.variant_map[variant], what=f"the playbook's {variant!r} wording", variant=variant
            )
        if _FULL.search(self.instruction):
            return self._full_wording()
        if _PREFERRED.search(self.instruction):
            return self._ladder_to(0)
        if _SOFTER.search(self.instruction):
            return self._ladder_to(self._ladder_index() + 1)
        if _STRICTER.search(self.instruction):
            return self._ladder_to(self._ladder_index() - 1)
        quantity = self._instruction_quantity()
        if quantity is not None:
            return self._number(quantity)
        raise RevisionError(f"Could not understand {self.instruction!r}. Understood: {self._understood()}.")

    def _understood(self) -> str:
        names = ", ".join(f"'{name}'" for name, _ in self.rule.variants)
        return UNDERSTOOD.format(variants=f"a variant of this rule ({names}), " if names else "")

    # -- the pieces of a new proposal --

    def _explain(self, what: str, extra: str = "", position: int | None = None) -> str:
        parts = [f"{self.rule.title} ({self.citation}): revised as asked ({quote(self.instruction, 120)}): {what}."]
        if extra:
            parts.append(extra)
        if self.rule.guidance:
            parts.append(f"Playbook guidance: {quote(self.rule.guidance)}.")
        if self.history.instructions:
            earlier = ", ".join(quote(i, 80) for i in self.history.instructions)
            parts.append(f"Earlier instructions on this rule: {earlier}.")
        reason = self.history.rejected.get(_norm_instruction(self.instruction))
        if reason is not None:
            because = f" (reason given: {quote(reason, 160)})" if reason else ""
            parts.append(
                f"Note: {quote(self.instruction, 80)} was already tried on this rule and its result was "
                f"rejected{because}."
            )
        if self.history.rejected_original is not None and position == 0:
            # Going back to the wording the lawyer already rejected once.
            because = (
                f" (reason: {quote(self.history.rejected_original, 160)})" if self.history.rejected_original else ""
            )
            parts.append(f"The playbook's first recommendation for this rule was rejected earlier{because}.")
        return tidy(" ".join(parts))

    def _insertion(self, text: str) -> tuple[str, Edit]:
        """New wording for an insertion, placed and numbered as the current one is (the clause
        number it was given, and the text it is pinned before inside a paragraph)."""
        if self.current.edit.kind == "insert_after" and self.current.edit.title:
            # Titled by a heading of its own ("4. Records and Audit" over its text): the title stays,
            # unless the new wording opens with a title line of its own.
            titled = titled_wording(self.current.edit, text)
            return titled.shown, titled
        number = leading_number(self.current.after)
        if not leading_number(text):
            # ... and titled as it was, where it was titled as the clauses beside it are
            # ("9A. Insurance. ", or "Insurance. " in a list Word numbers), unless the new wording
            # brings its own title.
            rest = self.current.after.lstrip()[len(number) :].lstrip() if number else self.current.after
            title = title_prefix(rest)
            if title and (title_prefix(text) or not self.rule.heading
                          or not title.lower().startswith(self.rule.heading.lower())):
                title = ""  # (a title of the lawyer's own wording, not the playbook's heading)
            text = " ".join(part for part in (number, f"{title}{text}") if part)
        edit = self.current.edit
        if edit.kind == "insert_after":
            return text, replace(edit, after=text)
        return text, replace(edit, after=f"{text} {edit.before}")

    def _sentence_target(self) -> tuple[str, int, str, str, int]:
        """(locator, start, before, suffix, shown_start) of the text a whole-wording change
        replaces.

        The sentence (or sentences) holding the current edit, in the current version, without
        its clause number (``shown_start`` is where the sentence starts with its number, for what
        the card shows); for a struck sentence, the sentence without the white space the strike
        took (kept as ``suffix`` so the new wording stays separated)."""
        edit = self.current.edit
        if edit.kind == "delete_paragraph":
            return edit.locator, 0, edit.before, "", 0
        assert edit.start is not None
        if not edit.after and edit.before.strip() != edit.before:
            stripped = edit.before.strip()
            lead = len(edit.before) - len(edit.before.lstrip())
            suffix = edit.before[lead + len(stripped) :]
            return edit.locator, edit.start + lead, stripped, suffix, edit.start + lead
        paragraph = self.model.find(edit.locator)
        if paragraph is None:
            raise RevisionError("The sentence this recommendation changes is no longer in the document.")
        text = paragraph.text
        end = edit.start + len(edit.before)
        spans = [(a, b) for a, b in split_sentences(text) if a <= end and edit.start <= b]
        if not spans:
            return edit.locator, edit.start, edit.before, "", edit.start
        first, last = min(a for a, _ in spans), max(b for _, b in spans)
        first, last = min(first, edit.start), max(last, end)
        lead = clause_number_length(text[first:last])
        return edit.locator, first + lead, text[first + lead : last], "", first

    def _with_text(
        self,
        text: str,
        *,
        what: str,
        position: int | None = None,
        variant: str | None = None,
        value: float | None = None,
    ) -> Proposal:
        text = text.strip()
        if not text:
            raise RevisionError("The new wording is empty.")
        edit = self.current.edit
        if self.current.action == "insert":
            text, new_edit = self._insertion(text)
            return Proposal(
                action="insert", edit=new_edit, before="", after=text, explanation=self._explain(what, "", position),
                position=position, variant=variant, value=value, instruction=self.instruction,
            )  # fmt: skip
        locator, start, before, suffix, shown_start = self._sentence_target()
        if edit.kind == "delete_paragraph":
            new_edit = minimal_replace(locator, 0, before, text)
            shown_before, shown_after = before, text
        else:
            number = self.model.get(locator).text[shown_start:start]
            lead = clause_number_length(text)
            if number and lead and text[:lead].strip() == number.strip():
                text = text[lead:]  # the wording came with the clause's own number
            after = text + suffix if suffix and before else text
            new_edit = minimal_replace(locator, start, before + suffix, after)
            shown_before, shown_after = number + before, number + text
        if new_edit.before == new_edit.after:
            raise RevisionError("The contract already reads like this; there is nothing to change.")
        return Proposal(
            action="replace", edit=new_edit, before=shown_before, after=shown_after,
            explanation=self._explain(what, "", position),
            position=position, variant=variant, value=value, instruction=self.instruction,
        )  # fmt: skip

    # -- instruction kinds --

    def _variant_name(self) -> str | None:
        lowered = self.instruction.lower()
        for name, _ in self.rule.variants:
            if re.search(rf"(?<!\w){re.escape(name.lower())}(?!\w)", lowered):
                return name
        return None

    def _ladder_index(self) -> int:
        return self.current.position if self.current.position is not None else 0

    def _ladder_to(self, index: int) -> Proposal:
        positions = self.rule.positions
        if not positions:
            raise RevisionError(
                f"Rule {self.rule.id} has no positions to move between. Give a number or your own wording "
                "('replace with: ...')."
            )
        if index >= len(positions):
            raise RevisionError(
                f"This is already the most lenient position the playbook allows for rule {self.rule.id} "
                f"(position {len(positions)} of {len(positions)}). Give your own wording ('replace with: ...') "
                "if you want to go further."
            )
        if index < 0:
            raise RevisionError(
                f"This is already the playbook's preferred (strictest) position for rule {self.rule.id}."
            )
        text = positions[index]
        label = "preferred position" if index == 0 else f"fallback position {index} of {len(positions) - 1}"
        if self.limit_kind is not None and self.number_phrase is not None:
            # A number-only recommendation moves along the ladder by the positions' figures.
            figures = numbers.find_quantities(text, self.limit_kind)
            if figures:
                return self._number_from_value(
                    figures[0].value, what=f"the playbook's {label}", position=index, quantity=figures[0]
                )
        return self._with_text(text, what=f"the playbook's {label}", position=index)

    def _full_wording(self) -> Proposal:
        """The whole sentence in the playbook's wording of the current position, in place of the
        contract's sentence (not only its figure)."""
        positions = self.rule.positions
        if not positions:
            raise RevisionError(f"Rule {self.rule.id} has no wording of its own; give yours ('replace with: ...').")
        index = min(self._ladder_index(), len(positions) - 1)
        label = "preferred position" if index == 0 else f"fallback position {index} of {len(positions) - 1}"
        return self._with_text(positions[index], what=f"the playbook's full wording of its {label}", position=index)

    def _instruction_quantity(self) -> numbers.Quantity | None:
        kinds: list[numbers.QuantityKind] = ["days", "amount", "percent"]
        if self.limit_kind is not None:
            kinds.remove(self.limit_kind)
            kinds.insert(0, self.limit_kind)
        for kind in kinds:
            found = numbers.find_quantities(self.instruction, kind)
            if found:
                return found[0]
        bare = _BARE_NUMBER.match(self.instruction)
        target_kind = self.limit_kind or (self.number_phrase.kind if self.number_phrase else None)
        if bare and target_kind is not None:
            figure = float(bare.group(1).replace(",", ""))
            unit = "day" if target_kind == "days" else ""
            return numbers.Quantity(target_kind, 0, 0, bare.group(1), figure, figure, unit, {"form": "digits"})
        return None

    def _number(self, quantity: numbers.Quantity) -> Proposal:
        return self._number_from_value(quantity.value, what=f"use {quote(quantity.phrase)}", quantity=quantity)

    def _number_from_value(
        self, value: float, *, what: str, quantity: numbers.Quantity, position: int | None = None
    ) -> Proposal:
        phrase = self.number_phrase
        if position is None:
            # A figure the playbook itself offers ("45 days" where its fallback says forty-five
            # days) is that position, not a step beyond the playbook.
            position = self._position_of(value, quantity.kind)
            if position:
                what = f"{what}, {self._ladder_label(position)}"
        extra = self._limit_note(value, quantity.kind, position)
        if phrase is not None:
            if phrase.kind != quantity.kind:
                raise RevisionError(
                    f"This recommendation changes a {KIND_NOUN[phrase.kind]} ({phrase.phrase!r}); "
                    f"{quantity.phrase!r} is a {KIND_NOUN[quantity.kind]}."
                )
            new_phrase = self._write_like(phrase, quantity, value)
            edit = self.current.edit
            assert edit.start is not None
            sentence_start, sentence = self._sentence_of(edit.locator, edit.start)
            local = edit.start - sentence_start
            after_sentence = sentence[:local] + new_phrase + sentence[local + len(edit.before) :]
            return Proposal(
                action="replace", edit=replace(edit, after=new_phrase), before=sentence, after=after_sentence,
                explanation=self._explain(f"{what}, written {quote(new_phrase)}", extra, position),
                position=position, value=value, instruction=self.instruction,
            )  # fmt: skip
        # A clause proposal (replace or insert): change the figure inside the proposed wording.
        wording = self.current.after
        figures = numbers.find_quantities(wording, quantity.kind)
        target = subject.pick(wording, figures, subject_words(self.rule))
        if target is None:
            raise RevisionError(
                f"The proposed wording has no {KIND_NOUN[quantity.kind]} to change to {quantity.phrase!r}. "
                f"Understood: {self._understood()}."
            )
        new_phrase = self._write_like(target, quantity, value)
        text = wording[: target.start] + new_phrase + wording[target.end :]
        return self._with_text(
            text, what=f"{what} in the proposed wording", position=self.current.position, value=value
        ) if self.current.action != "insert" else Proposal(
            action="insert", edit=self._insertion(text)[1], before="", after=self._insertion(text)[0],
            explanation=self._explain(f"{what} in the proposed clause", extra), position=self.current.position,
            value=value, instruction=self.instruction,
        )  # fmt: skip

    @staticmethod
    def _write_like(phrase: numbers.Quantity, quantity: numbers.Quantity, value: float) -> str:
        if phrase.kind == "days" and quantity.unit in {"week", "month", "year"} and quantity.style.get("form") != "net":
            # "use 2 years": keep the lawyer's unit, in the document's number style.
            return numbers.write_duration(
                phrase, quantity.number, quantity.unit, quantity.style.get("qual", "").lower()
            )
        if phrase.kind == "days" and quantity.style.get("qual"):
            return numbers.write_duration(phrase, quantity.number, "day", quantity.style["qual"].lower())
        return numbers.write_quantity(phrase, value)

    def _sentence_of(self, locator: str, offset: int) -> tuple[int, str]:
        text = self.model.get(locator).text
        for start, end in split_sentences(text):
            if start <= offset < end:
                return start, text[start:end]
        return 0, text

    def _position_of(self, value: float, kind: numbers.QuantityKind) -> int | None:
        """The playbook position whose figure is ``value`` (the first figure of that kind in its
        wording, as ``_ladder_to`` moves by), or None."""
        if self.limit_kind != kind:
            return None
        for index, text in enumerate(self.rule.positions):
            figures = numbers.find_quantities(text, kind)
            if figures and figures[0].value == value:
                return index
        return None

    def _ladder_label(self, index: int) -> str:
        count = len(self.rule.positions) - 1
        return "the playbook's preferred position" if index == 0 else f"fallback {index} of {count} of the playbook"

    def _limit_note(self, value: float, kind: numbers.QuantityKind, position: int | None = None) -> str:
        if self.limit_kind != kind:
            return ""
        limit = self.rule.check.limit
        is_max = self.rule.check.kind.startswith("max_")
        if (value > limit) if is_max else (value < limit):
            bound = "at most" if is_max else "at least"
            if position and self._position_of(value, kind) == position:
                # One of the playbook's own fallbacks: within the playbook, past its preferred figure.
                return (
                    f"This is {self._ladder_label(position)}: the playbook prefers {bound} "
                    f"{numbers.describe(limit, kind)} and allows this as a fallback; it may need approval."
                )
            return (
                f"This goes beyond the playbook, which accepts {bound} {numbers.describe(limit, kind)}; "
                "it may need approval."
            )
        return ""

    def _own_wording(self, text: str) -> Proposal:
        phrase = self.number_phrase
        if phrase is not None:
            figures = numbers.find_quantities(text, phrase.kind)
            if len(figures) == 1 and figures[0].start == 0 and figures[0].end == len(text):
                edit = self.current.edit
                assert edit.start is not None
                sentence_start, sentence = self._sentence_of(edit.locator, edit.start)
                local = edit.start - sentence_start
                return Proposal(
                    action="replace", edit=replace(edit, after=text), before=sentence,
                    after=sentence[:local] + text + sentence[local + len(edit.before) :],
                    explanation=self._explain(f"the lawyer's own figure {quote(text)}"),
                    value=figures[0].value, instruction=self.instruction,
                )  # fmt: skip
        return self._with_text(text, what="the lawyer's own wording")
