"""Documents for tests, made through the real service (validation, text model, version 1)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from core.demo import build_demo_contract_docx
from documents.models import Document
from documents.services import document_create
from tests.conftest import shared_data
from tests.factories import UserFactory


def fixture_bytes(*parts: str) -> bytes:
    return Path(shared_data(*parts)).read_bytes()


def tricky_bytes() -> bytes:
    return fixture_bytes("fixtures", "tricky.docx")


def make_document(*, owner: Any | None = None, team: Any | None = None, data: bytes | None = None,
                  filename: str = "contract.docx", title: str = "") -> Document:
    owner = owner or UserFactory()
    return document_create(
        owner=owner, team=team, filename=filename, data=data if data is not None else build_demo_contract_docx(),
        title=title,
    )
