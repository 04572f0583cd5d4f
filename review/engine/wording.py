"""What a number-only edit leaves out of the playbook's wording (docs/decisions/number-only-edits.md).

A number rule's edit changes only the figure ("sixty (60) days" -> "thirty (30) days"), which is
the edit a lawyer can send unchanged. The rule's position often says more than the figure: pay
*undisputed* invoices, increase the fees *on at least sixty (60) days' written notice*. Those
words are what the number-only edit does not ask for; the card names them and offers the full
wording. Pure: plain strings in, spans out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from contracts import numbers

# Words that carry no term of their own: their absence from the contract's sentence is not
# something the playbook asks for ("within thirty days *after* receipt" against "*of* receipt").
_NEUTRAL = frozenset(
    """
a an the of to in on at by for from with within after before and or any each all its their his her such this
that these those shall will may must can should be is are was were been being no not than more less least
most other over under upon as per which who whom whose into onto hereunder thereof thereunder herein hereof
it they so if then only also up
    """.split()  # noqa: SIM905 (a word list reads best as words)
)
_TOKEN = re.compile(r"\{\w+\}|[^\W_][\w'\u2019]*%?|\$[\d,.]+")
_POSSESSIVE = re.compile(r"['\u2019]s?$")


@dataclass(frozen=True)
class LeftOut:
    """The playbook's wording with the stretches the contract's sentence lacks: ``spans`` are
    (start, end) offsets into ``wording``; ``phrases`` the same stretches as text."""

    wording: str
    spans: tuple[tuple[int, int], ...]

    @property
    def phrases(self) -> tuple[str, ...]:
        return tuple(self.wording[a:b] for a, b in self.spans)

    def pieces(self) -> list[dict[str, object]]:
        """The wording as pieces ``{"text", "mark"}`` (marked: left out), for a template to escape."""
        out: list[dict[str, object]] = []
        position = 0
        for start, end in self.spans:
            if start > position:
                out.append({"text": self.wording[position:start], "mark": False})
            out.append({"text": self.wording[start:end], "mark": True})
            position = end
        if position < len(self.wording):
            out.append({"text": self.wording[position:], "mark": False})
        return out


def _norm(word: str) -> str:
    word = _POSSESSIVE.sub("", word.lower())
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]  # "invoices" is "invoice"
    return word


def _kind(token: str) -> str:
    """"neutral" (placeholders, names and defined terms, which the engine adapts to the contract;
    words of no term), else "content"."""
    if token.startswith("{") or token[:1].isupper() or _norm(token) in _NEUTRAL:
        return "neutral"
    return "content"


def left_out(wording: str, sentence: str) -> LeftOut:
    """The stretches of ``wording`` (a playbook position) whose words ``sentence`` (the contract's
    sentence as the edit leaves it) does not have. A stretch runs from a missing word to the
    last missing word before a word the sentence has, over neutral words in between."""
    have = {_norm(m.group(0)) for m in _TOKEN.finditer(sentence)}
    tokens = [(m.start(), m.end(), m.group(0)) for m in _TOKEN.finditer(wording)]
    spans: list[tuple[int, int]] = []
    run: tuple[int, int] | None = None
    for start, end, token in tokens:
        if _kind(token) == "neutral":
            continue
        if _has(have, _norm(token)):
            if run is not None:
                spans.append(run)
                run = None
            continue
        run = (run[0], end) if run is not None else (start, end)
    if run is not None:
        spans.append(run)
    return LeftOut(wording=wording, spans=tuple(_closed(wording, a, b) for a, b in spans))


def _has(have: set[str], word: str) -> bool:
    """Whether the sentence has the word, or a longer word it is the stem of ("pay" in "Payment"; not
    "notice" in "not")."""
    if word in have:
        return True
    return len(word) >= 3 and any(h.startswith(word) for h in have)


def _closed(text: str, start: int, end: int) -> tuple[int, int]:
    """A stretch that opens a bracket ends after it: "sixty (60" is "sixty (60)"."""
    if text[start:end].count("(") > text[start:end].count(")") and text[end:end + 1] == ")":
        end += 1
    return start, end


# --- the comment for the other side, following a revision -----------------------------------------

_KINDS: tuple[numbers.QuantityKind, ...] = ("days", "percent", "amount")


def comment_following(
    comment: str, *, preferred: str, chosen: str | None = None, kind: numbers.QuantityKind | None = None,
    limit: float | None = None, value: float | None = None, wording: str = "",
) -> str:
    """The rule's comment for the other side, written for the proposal the lawyer now has
    (docs/decisions/number-only-edits.md): a figure of the comment that the playbook's preferred
    wording (``preferred``) or its figure (``limit``) has is rewritten, in the comment's own
    style, to the figure the proposal has instead: the figure of the same place in the position
    it moved to (``chosen``), or its number (``value``, a figure of ``kind``; without one, the
    only figure of ``kind`` in the proposal's ``wording``, the lawyer's own). "We pay all our
    suppliers on thirty-day terms" after a revision to the forty-five-day fallback says
    "forty-five-day terms". A comment without such a figure is unchanged."""
    mapping: dict[tuple[str, float], float] = {}
    if chosen:
        for k in _KINDS:
            olds, news = numbers.find_quantities(preferred, k), numbers.find_quantities(chosen, k)
            if len(olds) != len(news):
                continue  # which figure became which is not known
            for old, new in zip(olds, news, strict=True):
                if old.value != new.value:
                    mapping.setdefault((k, old.value), new.value)
    if kind is not None and value is None and wording:
        figures = {q.value for q in numbers.find_quantities(wording, kind)}
        value = figures.pop() if len(figures) == 1 else None
    if kind is not None and value is not None:
        bases = {q.value for q in numbers.find_quantities(preferred, kind)[:1]}
        if limit is not None:
            bases.add(float(limit))
        for base in bases - {value}:
            mapping[(kind, base)] = value
    if not mapping:
        return comment
    text = comment
    for k in _KINDS:
        for quantity in reversed(numbers.find_quantities(text, k)):
            new_value = mapping.get((k, quantity.value))
            if new_value is not None:
                text = text[: quantity.start] + numbers.write_quantity(quantity, new_value) + text[quantity.end :]
    return text
