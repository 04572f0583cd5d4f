"""Edits beside a field (a REF cross-reference): applied around the field when the new wording
keeps it, otherwise shown as "cannot be applied automatically", never with an Accept button that
fails every time (documents/docx/edit.py ``check_replace``, review/presenters.py ``cannot_apply``)."""

from __future__ import annotations

import io
import zipfile

import pytest
from django.urls import reverse

from documents.docx.textmodel import build_text_model
from documents.selectors import version_docx
from review.models import DecisionOutcome
from tests.documents.lawfirm import field_docx
from tests.review.factories import decide, make_review, shown

pytestmark = pytest.mark.django_db

PLAYBOOK = """\
name: Field playbook
rules:
  - id: unilateral-changes
    title: No unilateral changes to the terms
    severity: high
    find: {any: ["change these terms"]}
    check: {must_not_match: 'provider may change'}
    positions:
      - "%s"
"""
KEEPS = "As set out in Section 4.2, any change to these terms must be signed by both parties."
DROPS = "Any change to these terms must be signed by both parties."
CONTRACT = [("As set out in Section ", ", Provider may change these terms at any time.")]


def test_a_clause_with_a_cross_reference_is_edited_around_the_field(client):
    review = make_review(playbook=PLAYBOOK % KEEPS, contract=field_docx(CONTRACT))
    rec = shown(review)
    client.force_login(review.owner)
    html = client.get(reverse("review:detail", args=[review.pk])).content.decode()
    assert 'data-shortcut="a"' in html and "cannot be applied automatically" not in html
    result = decide(review, rec, "accept")
    assert result.outcome == DecisionOutcome.APPLIED, result.message
    review.refresh_from_db()
    data = version_docx(review.current_version)
    assert build_text_model(data).paragraphs[0].text == KEEPS
    xml = zipfile.ZipFile(io.BytesIO(data)).read("word/document.xml").decode()
    assert "REF _Ref42" in xml and xml.count("w:fldChar ") == 3  # the field is whole, still a field


def test_an_edit_that_would_cut_through_a_field_offers_no_accept(client):
    review = make_review(playbook=PLAYBOOK % DROPS, contract=field_docx(CONTRACT))
    rec = shown(review)
    client.force_login(review.owner)
    html = client.get(reverse("review:detail", args=[review.pk])).content.decode()
    assert "This edit cannot be applied automatically:" in html
    assert "would change a field" in html
    card = html[html.index('id="decision-form"'):]
    assert 'value="accept"' not in card and 'data-shortcut="a"' not in card
    assert 'value="reject"' in card and 'value="revise"' in card  # the lawyer can still decide
    # A hand-made accept is refused and changes nothing; reject works.
    assert decide(review, rec, "accept").outcome == DecisionOutcome.FAILED
    review.refresh_from_db()
    assert review.current_version.number == 1
    assert decide(review, shown(review), "reject", reason="handled by hand").outcome == DecisionOutcome.REJECTED


def test_revising_it_with_wording_that_keeps_the_field_makes_it_acceptable(client):
    review = make_review(playbook=PLAYBOOK % DROPS, contract=field_docx(CONTRACT))
    rec = shown(review)
    result = decide(review, rec, "revise", instruction=f"replace with: {KEEPS}")
    assert result.outcome == DecisionOutcome.REVISED, result.message
    rec = shown(review)
    client.force_login(review.owner)
    html = client.get(reverse("review:detail", args=[review.pk])).content.decode()
    assert "cannot be applied automatically" not in html and 'data-shortcut="a"' in html
    assert decide(review, rec, "accept").outcome == DecisionOutcome.APPLIED
