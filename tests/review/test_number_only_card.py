"""A number-only edit whose playbook wording says more (docs/decisions/number-only-edits.md): the
card names what the edit leaves out and offers the full wording as a revision, on the real
payment sentence of a cuad-train contract with the library SaaS playbook, its payment rule as a
payee writes it (the customer's own rule leaves a sixty-day period alone)."""

from __future__ import annotations

import uuid

import pytest
from django.urls import reverse

from review.models import RecommendationStatus
from tests.review.engine.test_edit_checker import contract
from tests.review.factories import contract_docx, make_review, payee_saas_yaml, shown

pytestmark = pytest.mark.django_db


def flotek_payment() -> str:
    model = contract("FLOTEKINDUSTRIESINCCN_05_09_2019")
    return next(p.text for p in model.paragraphs if "Payment of FCC invoices shall be due within" in p.text)


def payment_review():  # type: ignore[no-untyped-def]
    docx = contract_docx([("Heading 1", "5. Payment"), (None, flotek_payment())])
    review = make_review(playbook=payee_saas_yaml(), contract=docx)
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
    assert "“undisputed”" in card and "<strong class=\"left-out\">undisputed</strong>" in card
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
    review = make_review(playbook=payee_saas_yaml(),
                         contract=contract_docx([("Heading 1", "5. Payment"), (None, sentence)]))
    rec = shown(review, "payment-terms")
    assert rec.current_proposal.edit["after"] == "thirty (30) days"
    assert 'id="left-out"' not in card_of(client, review, rec)


# --- the comment for the other side follows a revision -------------------------------------------

THIRTY = "We pay all our suppliers on thirty-day terms"  # the library rule's comment:


def test_the_comment_for_the_other_side_follows_a_revision_onto_the_fallback(client) -> None:
    from review.exports import review_redline
    from tests.review.factories import decide
    from tests.review.test_exports import comments_of

    review, rec = payment_review()
    assert THIRTY in card_of(client, review, rec)
    assert decide(review, rec, "revise", instruction="fallback").outcome == "revised"
    rec = shown(review, "payment-terms")
    assert rec.current_proposal.edit["after"] == "forty-five (45) days"
    card = card_of(client, review, rec)
    assert "We pay all our suppliers on forty-five-day terms" in card and THIRTY not in card
    # The lawyer's own figure too, and the redline's Word comment is the one for what was accepted.
    assert decide(review, rec, "revise", instruction="40 days").outcome == "revised"
    rec = shown(review, "payment-terms")
    assert "on forty-day terms" in card_of(client, review, rec)
    assert decide(review, rec, "accept").outcome == "applied"
    review.refresh_from_db()
    comments, _ = comments_of(review_redline(review))
    assert "We pay all our suppliers on forty-day terms" in comments and "thirty-day" not in comments


def test_a_comment_the_lawyer_wrote_is_theirs_and_is_kept_over_a_revision(client) -> None:
    from review.services import recommendation_comment_save
    from tests.review.factories import decide

    review, rec = payment_review()
    recommendation_comment_save(recommendation=rec, text="Thirty days, as with every supplier.", actor=review.owner)
    decide(review, rec, "revise", instruction="fallback")
    assert "Thirty days, as with every supplier." in card_of(client, review, shown(review, "payment-terms"))


def test_accept_my_wording_with_the_comment_box_untouched_gives_the_comment_for_that_wording(client) -> None:
    from review.exports import review_redline
    from tests.review.test_exports import comments_of

    review, rec = payment_review()
    shown_comment = " ".join(THIRTY.split()) + "; this keeps our payment runs uniform. Undisputed amounts are always paid on time."
    assert shown_comment in " ".join(card_of(client, review, rec).split())
    wording = flotek_payment().replace("sixty (60)", "forty-five (45)")
    client.post(reverse("review:decide", args=[review.pk]), {
        "recommendation": rec.pk, "proposal": rec.current_proposal_id, "key": uuid.uuid4().hex, "action": "edit",
        "wording": wording, "comment_sent": "1", "comment": shown_comment, "comment_shown": shown_comment,
    })  # fmt: skip
    rec.refresh_from_db()
    assert rec.status == RecommendationStatus.ACCEPTED and rec.comment is None
    review.refresh_from_db()
    comments, _ = comments_of(review_redline(review))
    assert "We pay all our suppliers on forty-five-day terms" in comments
    # A comment the lawyer changed in the box is theirs, whatever the wording.
    other, other_rec = payment_review()
    client.force_login(other.owner)
    client.post(reverse("review:decide", args=[other.pk]), {
        "recommendation": other_rec.pk, "proposal": other_rec.current_proposal_id, "key": uuid.uuid4().hex,
        "action": "edit", "wording": wording, "comment_sent": "1", "comment": "Our own words.",
        "comment_shown": shown_comment,
    })  # fmt: skip
    other_rec.refresh_from_db()
    assert other_rec.comment == "Our own words."


def test_what_is_left_out_is_read_from_the_wording_fitted_to_the_contract(client) -> None:
    # A position with a conditional part (docs/playbook-format.md, "Conditional wording") the
    # Flotek supply agreement does not call for: the card names what the edit leaves out of the
    # wording this contract gets, never the author's markers or the part left out for it.
    playbook = payee_saas_yaml().replace(
        '"{us} shall pay undisputed invoices within thirty (30) days after receipt."',
        '"{us} shall pay undisputed invoices within thirty (30) days after receipt{if data-protection}, with each '
        'invoice listing the personal data processed{end}."',
    )
    assert "{if data-protection}" in playbook
    docx = contract_docx([("Heading 1", "5. Payment"), (None, flotek_payment())])
    review = make_review(playbook=playbook, contract=docx)
    card = card_of(client, review, shown(review, "payment-terms"))
    assert 'id="left-out"' in card and "<strong class=\"left-out\">undisputed</strong>" in card
    assert "{if" not in card and "{end}" not in card and "personal data processed" not in card
