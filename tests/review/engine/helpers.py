"""Helpers for engine tests: small text models and playbook rules built directly."""

from __future__ import annotations

from typing import Any

from documents.docx.model import Paragraph, TextModel
from playbooks.rules import PlaybookSpec, Rule


def model_of(*texts: str, next_insert: int = 1) -> TextModel:
    return TextModel(
        paragraphs=tuple(Paragraph(locator=f"p{i + 1}", text=t) for i, t in enumerate(texts)), next_insert=next_insert
    )


def rule(**data: Any) -> Rule:
    data.setdefault("title", data["id"].replace("-", " "))
    return Rule.from_dict(data)


def spec(*rules: Rule, name: str = "Test playbook") -> PlaybookSpec:
    return PlaybookSpec(name=name, rules=tuple(rules))
