"""Drafts for the bound on items (docs/decisions/hostile-input.md, "Items, forms and exports"):
built once here, used by tests/review/test_round_bounds.py and bench/bench_items.py."""

from __future__ import annotations

import io

from docx import Document as DocxDocument

from tests.documents.foreign_docs import _p, _r, _rev, foreign_docx


def docx_of(texts: list[str]) -> bytes:
    """A .docx with one plain paragraph per text."""
    document = DocxDocument()
    for text in texts:
        document.add_paragraph(text)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def our_clauses(n: int) -> list[str]:
    return [f"Clause {i}. The Supplier shall deliver item {i} within ten days of the order." for i in range(n)]


def wholly_different(n: int) -> list[str]:
    """Paragraphs that share no sentence with ``our_clauses``: every one is a change."""
    return [f"Paragraph {i}: zebra quantum {i * 7} umbrella vortex nightingale." for i in range(n)]


def tracked_insertions(n: int, per_paragraph: int = 10) -> bytes:
    """``n`` tracked insertions of theirs, ``per_paragraph`` in each paragraph (50,000 in 5,000
    paragraphs: well within the upload's paragraph limit)."""
    def change(k: int) -> str:
        return _r(f" word {k} ") + _rev("ins", 1000 + k, "Mallory", "2024-01-01T00:00:00Z", _r("more"))

    body = "".join(_p(_r(f"Clause {i} reads") + "".join(change(i * per_paragraph + k) for k in range(per_paragraph)))
                   for i in range(n // per_paragraph))
    return foreign_docx(body)
