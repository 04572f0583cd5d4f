"""The review page and the statistics drill-down show their rows a page at a time
(docs/decisions/hostile-input.md): a review of thousands of items is a page of a bounded number
of rows, whatever the number of items (the bound is tested, not the size in bytes)."""

from __future__ import annotations

import copy
import re

import pytest
from django.urls import reverse

from review import selectors
from review.models import Recommendation
from review.workflow import review_cancel
from tests.review.factories import make_review

pytestmark = pytest.mark.django_db

MANY = 3 * selectors.REVIEW_PAGE_SIZE + 17


def _review_with_many_items():  # type: ignore[no-untyped-def]
    review = make_review()
    template = review.recommendations.order_by("ordinal").last()
    top = template.ordinal
    clones = []
    for offset in range(1, MANY - top + 1):
        clone = copy.copy(template)
        clone.pk = None
        clone.ordinal = top + offset
        clone.rule_title = f"Item {top + offset}"
        clones.append(clone)
    Recommendation.objects.bulk_create(clones)
    assert review.recommendations.count() == MANY
    return review


def test_the_sidebar_shows_a_window_around_the_current_item(client):
    review = _review_with_many_items()
    client.force_login(review.owner)
    middle = review.recommendations.get(ordinal=MANY // 2)
    page = client.get(reverse("review:recommendation", args=[review.pk, middle.pk])).content.decode()
    items = re.findall(r'<li id="rec-(\d+)"', page)
    assert len(items) == 2 * selectors.SIDEBAR_WINDOW + 1
    assert str(middle.pk) in items
    earlier = MANY // 2 - selectors.SIDEBAR_WINDOW - 1
    later = MANY - MANY // 2 - selectors.SIDEBAR_WINDOW
    assert f"{earlier} earlier items" in page and f"{later} later items" in page


def test_the_finished_page_lists_one_page_of_rows_and_links_the_next(client):
    review = _review_with_many_items()
    review_cancel(review=review, actor=review.owner, reason="too big")
    client.force_login(review.owner)
    url = reverse("review:detail", args=[review.pk])
    first = client.get(url).content.decode()
    table = first[first.index('id="decisions-table"'):first.index("</table>", first.index('id="decisions-table"'))]
    assert table.count("<tr>") == selectors.REVIEW_PAGE_SIZE + 1  # the header row and one page
    assert f"Rows 1 to {selectors.REVIEW_PAGE_SIZE} of {MANY}." in first and 'href="?page=2"' in first
    last = client.get(url, {"page": "4"}).content.decode()
    assert f"Rows {3 * selectors.REVIEW_PAGE_SIZE + 1} to {MANY} of {MANY}." in last
    for hostile in ("²", "9" * 5000, "-1", "0"):
        response = client.get(url, {"page": hostile})
        assert response.status_code == 200 and f"Rows 1 to {selectors.REVIEW_PAGE_SIZE} of" in response.content.decode()


def test_the_statistics_drill_down_is_paginated(client, monkeypatch):
    from review.authoring import views
    from tests.playbooks.history import build_history

    monkeypatch.setattr(views, "DRILL_PAGE_SIZE", 2)
    history = build_history()
    client.force_login(history.author)
    url = reverse("playbooks:stats_decisions", args=[history.playbook.pk])
    first = client.get(url, {"rule": "payment-terms", "bucket": "rejected"}).content.decode()
    assert first.count('class="drill-row"') == 2
    assert "(5)" in first and "Rows 1 to 2 of 5." in first
    assert "rule=payment-terms&amp;bucket=rejected&amp;page=2" in first
    third = client.get(url, {"rule": "payment-terms", "bucket": "rejected", "page": "3"}).content.decode()
    assert third.count('class="drill-row"') == 1 and "Rows 5 to 5 of 5." in third
    assert client.get(url, {"rule": "payment-terms", "bucket": "rejected", "page": "²"}).status_code == 200
    assert client.get(url, {"rule": "payment-terms", "bucket": "reason", "group": "²"}).status_code == 404
