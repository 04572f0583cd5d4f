"""A card shows a bounded part of the paragraph it is anchored in (docs/decisions/hostile-input.md):
a card in a paragraph of megabytes is a page of kilobytes, with the evidence and the edit and some
context either side."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.review.factories import CONTRACT_PARAGRAPHS, contract_docx, make_review, shown

pytestmark = pytest.mark.django_db



def _filler(words: int) -> str:
    """Text that compresses as prose does (a repeated sentence reads as a zip bomb)."""
    import random

    rng = random.Random(7)
    vocabulary = ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(2, 9)))
                  for _ in range(5000)]
    return " ".join(rng.choice(vocabulary) for _ in range(words)) + ". "


def test_a_card_anchored_in_a_huge_paragraph_is_a_small_page(client):
    huge = _filler(200_000)  # about 1.2 MB of text either side of the evidence
    paragraphs = [(style, text) for style, text in CONTRACT_PARAGRAPHS]
    index = next(i for i, (_, text) in enumerate(paragraphs) if "invoice" in text and "days" in text)
    style, text = paragraphs[index]
    paragraphs[index] = (style, huge + text + " " + huge)
    review = make_review(contract=contract_docx(paragraphs))
    rec = shown(review, "payment-terms")
    client.force_login(review.owner)
    page = client.get(reverse("review:recommendation", args=[review.pk, rec.pk])).content.decode()
    assert len(page) < 100_000, len(page)
    assert "<mark>" in page and "within" in page  # the evidence is there, with its context
    assert "… " in page


def test_the_edit_shows_its_changed_stretch_with_context():
    from review.presenters import CARD_CONTEXT_CHARS, CARD_SPAN_CHARS, _edit_window

    before = "A" * 100_000 + " thirty (30) days " + "B" * 100_000
    after = "A" * 100_000 + " ninety (90) days " + "B" * 100_000
    shown_before, shown_after = _edit_window(before, after)
    assert len(shown_before) < 2 * CARD_CONTEXT_CHARS + CARD_SPAN_CHARS + 10
    assert "thirty (30)" in shown_before and "ninety (90)" in shown_after
    assert shown_before.startswith("… ") and shown_before.endswith(" …")
    assert _edit_window("short", "text") == ("short", "text")


def test_a_long_author_name_of_theirs_is_clipped_on_the_page(client):
    from review.models import Recommendation
    from review.templatetags.rounds import AUTHOR_SHOWN, who
    from tests.documents.foreign_docs import foreign_docx

    review = make_review(contract=foreign_docx())
    rec = review.recommendations.filter(evidence__0__locator="p2").first()
    Recommendation.objects.filter(pk=rec.pk).update(author="Mallory " * 12_500)  # 100,000 characters
    client.force_login(review.owner)
    page = client.get(reverse("review:recommendation", args=[review.pk, rec.pk])).content.decode()
    assert "Mallory " * 11 not in page
    assert f"<strong>{who('Mallory ' * 12_500)}</strong>" in page
    assert len(who("x" * 100_000)) == AUTHOR_SHOWN and who("Jane\nRoe") == "Jane Roe"
