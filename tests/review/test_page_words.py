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


def test_the_admin_shows_parties_durations_and_versions_in_words(admin_client):
    from review.models import AnalysisJob, Review

    review = make_review()
    Review.objects.filter(pk=review.pk).update(parties={
        "us": "Customer", "them": "Provider", "side": "customer", "corrected": False,
        "detected": [{"name": "Acme <Cloud> Inc.", "defined": "Provider"}],
    })
    AnalysisJob.objects.filter(review=review).update(duration_s=0.973849670997879)
    page = admin_client.get(reverse("admin:review_review_change", args=[review.pk])).content.decode()
    assert "us: Customer · them: Provider · our side: customer" in page
    assert "found in the contract: Acme &lt;Cloud&gt; Inc. (“Provider”)" in page  # escaped
    assert 'name="parties"' not in page  # read-only, not a form field
    assert "&quot;detected&quot;" not in page and '"detected"' not in page.split("Parties:", 1)[1][:600]
    assert "0.97 s" in page and "0.973849670997879" not in page
    assert "(original upload)" in page and "(decision —)" not in page


def test_with_several_playbooks_the_new_review_form_picks_none_for_the_lawyer(client):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from playbooks.services import playbook_upload
    from tests.review.factories import PLAYBOOK_YAML, author_user, contract_docx

    user = author_user()
    playbook_upload(author=user, source=PLAYBOOK_YAML)
    playbook_upload(author=user, source=PLAYBOOK_YAML.replace("name: Test SaaS playbook", "name: Another playbook"))
    client.force_login(user)
    page = client.get(reverse("review:new")).content.decode()
    assert '<option value="" selected>Choose a playbook…</option>' in page
    upload = SimpleUploadedFile("msa.docx", contract_docx())
    response = client.post(reverse("review:new"), {"contract": upload, "playbook_version": ""})
    assert response.status_code == 200
    assert "Choose the playbook to review the contract against." in response.content.decode()


def test_with_one_playbook_it_is_picked(client):
    review = make_review()
    client.force_login(review.owner)
    page = client.get(reverse("review:new")).content.decode()
    assert "Choose a playbook…" not in page


def test_the_review_list_counts_in_the_review_page_s_words(client):
    review = make_review()
    client.force_login(review.owner)
    total = review.recommendations.count()
    page = client.get(reverse("review:list")).content.decode()
    assert f"{total} recommendations, {total} to decide" in page
    assert "pending" not in page.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    detail = client.get(reverse("review:detail", args=[review.pk])).content.decode()
    assert f"{total} to decide" in detail
