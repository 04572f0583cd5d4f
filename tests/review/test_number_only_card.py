"""A number-only edit whose playbook wording says more (docs/decisions/number-only-edits.md): the
card names what the edit leaves out and offers the full wording as a revision, on the real
payment sentence of a cuad-train contract with the library SaaS playbook."""

from __future__ import annotations

import uuid

import pytest
from django.urls import reverse

from playbooks.services import LIBRARY_DIR
from review.models import RecommendationStatus
from tests.review.engine.test_edit_checker import contract
from tests.review.factories import contract_docx, make_review, shown

pytestmark = pytest.mark.django_db


def flotek_payment() -> str:
    model = contract("FLOTEKINDUSTRIESINCCN_05_09_2019")
    return next(p.text for p in model.paragraphs if "Payment of FCC invoices shall be due within" in p.text)


def payment_review():  # type: ignore[no-untyped-def]
    docx = contract_docx([("Heading 1", "5. Payment"), (None, flotek_payment())])
    review = make_review(playbook=(LIBRARY_DIR / "saas-customer.yaml").read_text(), contract=docx)
    return review, shown(review, "payment-terms")


def card_of(client, review, rec) -> str:  # type: ignore[no-untyped-def]
    client.force_login(review.owner)
    page = client.get(reverse("review:recommendation", args=[review.pk, rec.pk])).content.decode()
    return page[page.index('id="card"'):page.index('id="sidebar"')]


def test_the_card_says_what_the_number_only_edit_leaves_out_and_offers_the_full_wording(client) -> None:
    review, rec = payment_review()
    assert (rec.current_proposal.edit["before"], rec.current_proposal.edit["after"]) == (
        "sixty (60) days", "thirty (30) days")
    card = card_of(client, review, rec)
    assert 'id="left-out"' in card and "This edit changes only the number." in card
    assert "“undisputed”" in card and "<mark>undisputed</mark>" in card
    assert 'id="use-full-wording"' in card

    # The button is a revision: the sentence becomes the playbook's, still to be accepted.
    response = client.post(reverse("review:decide", args=[review.pk]), {
        "recommendation": rec.pk, "proposal": rec.current_proposal_id, "key": uuid.uuid4().hex,
        "action": "revise", "instruction": "playbook's full wording",
    })  # fmt: skip
    assert response.status_code in (200, 302)
    rec.refresh_from_db()
    assert rec.status == RecommendationStatus.PENDING
    assert "undisputed invoices within thirty (30) days after receipt" in rec.current_proposal.after
    assert "sixty (60) days" not in rec.current_proposal.after
    # The full wording is not a number-only edit: nothing is left out any more.
    assert 'id="left-out"' not in card_of(client, review, shown(review, "payment-terms"))


def test_a_number_only_edit_that_leaves_nothing_out_has_no_note(client) -> None:
    sentence = "Customer shall pay undisputed invoices within sixty (60) days after receipt."
    review = make_review(playbook=(LIBRARY_DIR / "saas-customer.yaml").read_text(),
                         contract=contract_docx([("Heading 1", "5. Payment"), (None, sentence)]))
    rec = shown(review, "payment-terms")
    assert rec.current_proposal.edit["after"] == "thirty (30) days"
    assert 'id="left-out"' not in card_of(client, review, rec)
