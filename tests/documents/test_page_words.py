"""What the contract pages say to a lawyer (docs/decisions/ui-polish.md)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_the_upload_form_does_not_say_docx_only_when_it_converts_pdf_and_office_files(client):
    client.force_login(UserFactory())
    page = client.get(reverse("documents:upload")).content.decode()
    assert "PDF" in page  # the field's label and help list what is converted
    assert "Word .docx files only" not in page
    assert "Not accepted: documents with macros (.docm) or a password." in page


def test_the_empty_contract_list_says_how_to_add_one(client):
    client.force_login(UserFactory())
    page = client.get(reverse("documents:list")).content.decode()
    assert "No contracts yet." in page
    assert f'href="{reverse("documents:upload")}">Upload one</a>' in page
    assert f'href="{reverse("review:new")}">start a review</a>' in page
