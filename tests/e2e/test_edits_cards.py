"""Cards for edits that cannot be applied, and for text outside the body, in a real Chromium."""

from __future__ import annotations

import pytest
from django.urls import reverse

from review.models import Decision
from tests.conftest import login, screenshot, writes_sent_while
from tests.factories import PASSWORD
from tests.review.factories import make_review
from tests.review.test_fields import CONTRACT, DROPS, PLAYBOOK

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_field_edit_that_cannot_apply_offers_no_accept_and_the_key_does_nothing(browser_page):
    from tests.documents.lawfirm import field_docx

    review = make_review(playbook=PLAYBOOK % DROPS, contract=field_docx(CONTRACT))
    page = browser_page
    login(page, review.owner.username, PASSWORD)
    page.goto(reverse("review:detail", args=[review.pk]))
    page.wait_for_selector("#cannot-apply")
    screenshot(page, "card-cannot-apply")
    assert "cannot be applied automatically" in page.locator("#cannot-apply").inner_text()
    assert page.locator("button[value=accept]").count() == 0
    # The key sends nothing (checked once the page has run what the key press queued), so no
    # decision can still be on its way when the database is read.
    assert writes_sent_while(page, lambda: page.keyboard.press("a")) == []
    assert Decision.objects.filter(review=review).count() == 0
    assert page.locator("button[value=reject]").count() == 1
