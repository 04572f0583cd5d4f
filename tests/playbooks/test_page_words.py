"""What the playbook pages say to an author (docs/decisions/ui-polish.md)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import author

pytestmark = pytest.mark.django_db


def test_the_spreadsheet_import_form_shows_its_hints(client):
    client.force_login(author())
    page = client.get(reverse("playbooks:import")).content.decode()
    assert "Defaults to the file&#x27;s name." in page or "Defaults to the file's name." in page
    assert "e.g. customer" in page
