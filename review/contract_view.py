"""The whole contract beside the card: the current version's text with every recommendation
marked where it sits. Pure (text model and marks in, safe HTML out, no ORM); every piece of
contract text goes through ``html.escape``.

A mark highlights its sentence in its paragraph when the sentence is still there, or the whole
paragraph when an accepted edit changed it; a missing clause is a marker after the paragraph it
would follow. Several marks on one paragraph each keep their own span; overlapping spans are
merged into the first mark (one click target per piece of text).
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from documents.docx.model import TextModel


@dataclass(frozen=True)
class Mark:
    rec_id: int
    locator: str
    sentence: str  # "" marks the whole paragraph
    severity: str
    status: str
    title: str
    url: str
    missing: bool = False  # a clause to insert after ``locator``


def _attrs(mark: Mark) -> str:
    e = html.escape
    return (f'href="{e(mark.url)}" hx-get="{e(mark.url)}" hx-target="#workspace" hx-swap="outerHTML" '
            f'hx-push-url="true" class="hl sev-{e(mark.severity)} st-{e(mark.status)}" data-rec="{mark.rec_id}" '
            f'data-severity="{e(mark.severity)}" data-status="{e(mark.status)}" title="{e(mark.title)}"')


def _spans(text: str, marks: list[Mark]) -> list[tuple[int, int, Mark]]:
    spans: list[tuple[int, int, Mark]] = []
    for mark in marks:
        start = text.find(mark.sentence) if mark.sentence else -1
        if start < 0:
            spans.append((0, len(text), mark))
        else:
            spans.append((start, start + len(mark.sentence), mark))
    spans.sort(key=lambda s: (s[0], -s[1]))
    merged: list[tuple[int, int, Mark]] = []
    for start, end, mark in spans:
        if merged and start < merged[-1][1]:
            continue  # overlaps an earlier mark: that one is the click target here
        merged.append((start, end, mark))
    return merged


def render_contract(model: TextModel, marks: list[Mark]) -> str:
    by_locator: dict[str, list[Mark]] = {}
    missing_after: dict[str, list[Mark]] = {}
    for mark in marks:
        (missing_after if mark.missing else by_locator).setdefault(mark.locator, []).append(mark)
    out = ['<div class="contract-text">']
    for paragraph in model.paragraphs:
        text = paragraph.text
        level = paragraph.heading_level
        tag = f"h{min(level + 2, 6)}" if level else "p"
        css = "ctr-h" if level else "ctr-p"
        if not text.strip() and paragraph.locator not in missing_after:
            continue
        loc = html.escape(paragraph.locator)
        out.append(f'<{tag} class="{css}" id="ctr-{loc}" data-locator="{loc}">')
        position = 0
        for start, end, mark in _spans(text, by_locator.get(paragraph.locator, [])):
            out.append(html.escape(text[position:start]))
            out.append(f"<a {_attrs(mark)}>{html.escape(text[start:end])}</a>")
            position = end
        out.append(html.escape(text[position:]))
        out.append(f"</{tag}>")
        for mark in missing_after.get(paragraph.locator, []):
            out.append(f'<p class="ctr-missing"><a {_attrs(mark)}>+ Missing: {html.escape(mark.title)}</a></p>')
    out.append("</div>")
    return "".join(out)
