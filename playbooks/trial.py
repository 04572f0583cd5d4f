"""The "try a rule" panel: run one rule of a version on text an author pastes.

It uses the review engine exactly as a review would (one paragraph per pasted line), so what
the panel shows is what a review would recommend."""

from __future__ import annotations

from dataclasses import dataclass

from documents.docx.model import Paragraph, TextModel

from .rules import PlaybookSpec

MAX_TRIAL_CHARS = 20_000


@dataclass
class Trial:
    model: TextModel
    results: list  # list[review.engine.base.RuleResult]


def text_model(text: str) -> TextModel:
    lines = [line.strip() for line in text.replace("\r\n", "\n").split("\n")]
    paragraphs = [line for line in lines if line]
    return TextModel(tuple(Paragraph(locator=f"p{i}", text=line) for i, line in enumerate(paragraphs, 1)))


def _engine():  # type: ignore[no-untyped-def]
    # Imported late: the engine imports this app's rules module, and tests may replace it.
    from review.engine.playbook import PlaybookEngine

    return PlaybookEngine()


def rule_try(*, spec: PlaybookSpec, rule_id: str, text: str, citation_label: str = "") -> Trial:
    rule = spec.rule(rule_id)
    single = PlaybookSpec(name=spec.name, description=spec.description, party=spec.party, rules=(rule,))
    model = text_model(text)
    return Trial(model=model, results=list(_engine().analyze(model, single, citation_label=citation_label)))
