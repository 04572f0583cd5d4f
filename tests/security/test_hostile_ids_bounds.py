"""One id parser (core/ids.py) for every id and page number a query string or a form carries:
"²" and "٣" are digits to ``str.isdigit`` and not ASCII numbers, 20 or 5,000 digits name no row;
each is a 404, a form error or the first page, never a server error."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from core.ids import parse_id
from review.models import Decision
from tests.documents.foreign_docs import foreign_docx
from tests.review.factories import decide, make_review, shown

pytestmark = pytest.mark.django_db

HOSTILE_IDS = ["²", "٣", "1²", "99999999999999999999", "9" * 5000, "-1", " 1", "1.0", ""]


@pytest.mark.parametrize("value", ["²", "٣", "1²", "9" * 20, "9" * 5000, "-1", "+1", "1 ", "0x1"])
def test_parse_id_takes_only_short_ascii_digits(value):
    assert parse_id(value) is None
    assert parse_id("42") == 42


@pytest.fixture
def owner_client_and_review():  # type: ignore[no-untyped-def]
    review = make_review(contract=foreign_docx())
    client = Client(raise_request_exception=False)
    client.force_login(review.owner)
    return client, review


@pytest.mark.parametrize("value", HOSTILE_IDS)
def test_preview_pages_read_a_hostile_page_number_as_the_first_page(owner_client_and_review, value):
    client, review = owner_client_and_review
    version = review.current_version
    for url in (reverse("review:preview", args=[review.pk]),
                reverse("documents:preview", args=[review.document.pk, version.number]),
                reverse("documents:latest_preview", args=[review.document.pk])):
        response = client.get(url, {"page": value})
        assert response.status_code == 200, (url, value, response.status_code)


@pytest.mark.parametrize("value", HOSTILE_IDS)
def test_undo_with_a_hostile_decision_id_is_an_incomplete_request(owner_client_and_review, value):
    client, review = owner_client_and_review
    rec = shown(review)
    decide(review, rec, "reject", reason="no")
    response = client.post(reverse("review:undo", args=[review.pk]), {"decision": value, "key": "u1"}, follow=True)
    assert response.status_code == 200
    assert "That request was incomplete" in response.content.decode()
    assert not Decision.objects.filter(undoes__isnull=False).exists()


@pytest.mark.parametrize("value", HOSTILE_IDS)
def test_a_comment_reply_with_a_hostile_recommendation_id_goes_back_to_the_review(owner_client_and_review, value):
    client, review = owner_client_and_review
    response = client.post(reverse("review:comment_reply", args=[review.pk]),
                           {"comment": "0", "text": "Agreed.", "recommendation": value, "key": f"k{len(value)}"})
    assert response.status_code == 302
    assert response["Location"] == reverse("review:detail", args=[review.pk])


@pytest.mark.parametrize("value", HOSTILE_IDS)
def test_bulk_accept_with_hostile_item_ids_accepts_nothing(owner_client_and_review, value):
    client, review = owner_client_and_review
    for item in (f"{value}:1", f"1:{value}", value):
        response = client.post(reverse("review:bulk_accept", args=[review.pk]), {"item": item, "batch": "b"})
        assert response.status_code == 302, (item, response.status_code)
    assert not Decision.objects.exists()


@pytest.mark.parametrize("value", ["²", "٣", "9" * 5000])
def test_playbook_pages_with_a_hostile_version_number_are_404(value):
    from playbooks.models import Playbook
    from tests.review.factories import author_user

    review = make_review(owner=author_user())
    client = Client(raise_request_exception=False)
    client.force_login(review.owner)
    playbook = Playbook.objects.get()
    assert client.get(reverse("playbooks:diff", args=[playbook.pk]), {"to": value}).status_code == 404
    assert client.get(reverse("playbooks:stats", args=[playbook.pk]), {"version": value}).status_code == 404
