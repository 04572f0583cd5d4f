"""What the review pages say to a lawyer (docs/decisions/ui-polish.md)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.e2e.test_lawyer_review import COMMENTED_PLAYBOOK
from tests.review.factories import make_review

pytestmark = pytest.mark.django_db


def test_one_number_only_edit_is_spoken_of_in_the_singular(client):
    review = make_review(playbook=COMMENTED_PLAYBOOK)
    client.force_login(review.owner)
    page = client.get(reverse("review:bulk_accept", args=[review.pk])).content.decode()
    assert page.count('name="item"') == 1
    assert "This edit changes only numbers and is low severity." in page
    assert "Accept this edit</button>" in page
    assert "These 1" not in page and "these 1" not in page


def test_the_reason_for_rejecting_has_a_hint_a_phone_can_show_whole(client):
    review = make_review()
    client.force_login(review.owner)
    page = client.get(reverse("review:detail", args=[review.pk])).content.decode()
    assert 'placeholder="Reason for rejecting (optional)"' in page
