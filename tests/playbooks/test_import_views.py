"""The import page: mapping shown, errors by row and column, the draft published through the
ordinary upload."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from playbooks.models import Playbook
from tests.factories import TeamFactory, author, lawyer
from tests.playbooks.spreadsheets import POSITIONS, xlsx

pytestmark = pytest.mark.django_db

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def post(client, data: bytes, name: str = "saas_positions.xlsx", **fields):  # type: ignore[no-untyped-def]
    return client.post(reverse("playbooks:import"), {"file": SimpleUploadedFile(name, data, XLSX), **fields})


def test_import_shows_the_mapping_and_publishes_the_draft_through_the_upload(client):
    team = TeamFactory()
    user = author(team=team)
    client.force_login(user)
    assert client.get(reverse("playbooks:import")).status_code == 200
    page = post(client, xlsx(POSITIONS), party="customer").content.decode()
    assert "20 positions read, the draft is valid" in page
    assert re.search(r"<td>D</td><td>Standard Text</td><td>the preferred position", page)
    assert f'action="{reverse("playbooks:upload")}"' in page
    source = unescape(re.search(r'<textarea name="source"[^>]*>(.*?)</textarea>', page, re.S).group(1))
    assert 'name: "saas positions"' in source and Playbook.objects.count() == 0  # nothing stored yet

    response = client.post(reverse("playbooks:upload"), {"source": source, "team": team.pk,
                                                         "change_note": "Imported"})
    assert response.status_code == 302
    playbook = Playbook.objects.get()
    assert playbook.team == team and playbook.versions.get().rule_count == 20


def test_a_bad_cell_is_reported_with_its_row_and_column(client):
    client.force_login(author())
    rows = [list(r) for r in POSITIONS]
    rows[5][7] = "Urgent"
    page = post(client, xlsx(rows)).content.decode()
    assert "1 problem — nothing was stored" in page
    assert re.search(r"<td>7</td><td>H \(Severity\)</td><td>unknown severity &#x27;urgent&#x27;", page)
    assert 'name="source"' not in page  # no draft to publish


def test_only_authors_import_and_uploads_are_bounded(client):
    client.force_login(lawyer())
    assert client.get(reverse("playbooks:import")).status_code == 403
    client.force_login(author())
    big = post(client, b"x" * (2 * 1024 * 1024 + 1), name="big.csv").content.decode()
    assert "the limit is 2048 KB" in big
    assert "Upload an Excel workbook" in post(client, b"%PDF", name="x.pdf").content.decode()
