"""The "try a rule" panel: run one rule of a version on text an author pastes.

The caller passes the review engine (review/authoring/views.py: ``PlaybookEngine()``), which runs
exactly as in a review (one paragraph per pasted line), so what the panel shows is what a review
would recommend. Passed in, not imported: the engine sits above playbooks."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

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


class RuleEngine(Protocol):
    """What the panel needs of an engine: the analysis of a text model with a playbook."""

    def analyze(self, model: TextModel, playbook: PlaybookSpec, *, citation_label: str = "") -> Iterable[Any]: ...


def rule_try(*, spec: PlaybookSpec, rule_id: str, text: str, engine: RuleEngine, citation_label: str = "") -> Trial:
    rule = spec.rule(rule_id)
    single = PlaybookSpec(name=spec.name, description=spec.description, party=spec.party, rules=(rule,))
    model = text_model(text)
    return Trial(model=model, results=list(engine.analyze(model, single, citation_label=citation_label)))
