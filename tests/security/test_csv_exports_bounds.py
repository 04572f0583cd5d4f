"""One CSV writer (review/tabular.py) for every CSV the project writes: every cell quoted, and a
formula start neutralised after any separator a spreadsheet may split on (Excel in a semicolon
locale reads an unquoted "…receipt;=2+5" as two cells, the second live). Downloads name their
file with Django's ``content_disposition_header`` (a non-ASCII name kept, no header broken)."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.urls import reverse
from django.utils.http import content_disposition_header

from core.downloads import content_disposition
from review.tabular import Table, csv_cell, rows_csv, table_csv

HOSTILE = [
    "The Customer shall pay within 30 days of receipt;=2+5;@SUM(1+9)",
    "Mallory;=cmd|'/C calc'!A0;",
    "a,+1+2",
    "tab\t-3+4",
    "line\n=HYPERLINK(\"http://x\")",
    "=1+1",
    "pipe|@A1",
]


def _split_like_a_semicolon_locale(line: str) -> list[str]:
    """How a spreadsheet that ignores quotes splits a line: on every separator."""
    return re.split(r"[,;\t|]", line)


@pytest.mark.parametrize("cell", HOSTILE)
def test_no_piece_of_a_csv_cell_starts_a_formula_wherever_it_is_split(cell):
    written = rows_csv([[cell, 3]]).decode("utf-8-sig")
    for line in written.splitlines():
        for piece in _split_like_a_semicolon_locale(line):
            assert piece.strip().strip('"').lstrip()[:1] not in ("=", "+", "-", "@"), (cell, piece)


def test_every_cell_is_quoted_and_reads_back_with_only_apostrophes_added():
    written = rows_csv([["section", "count"], [HOSTILE[0], 3], [HOSTILE[1], None]]).decode("utf-8-sig")
    lines = written.splitlines()
    assert lines[0] == '"section","count"'
    assert all(line.startswith('"') and line.endswith('"') for line in lines)
    back = list(csv.reader(io.StringIO(written)))
    assert back[1] == ["The Customer shall pay within 30 days of receipt;'=2+5;'@SUM(1+9)", "3"]
    assert back[2] == ["Mallory;'=cmd|'/C calc'!A0;", ""]


def test_plain_text_is_left_as_it_is():
    assert csv_cell("Net 30; late fees apply") == "Net 30; late fees apply"
    assert csv_cell(0.82) == "0.82"


def test_the_table_writer_is_the_one_writer():
    table = Table(sheet="x", header=["a"], rows=[[HOSTILE[1]]], widths=[10])
    assert table_csv(table) == rows_csv([["a"], [HOSTILE[1]]])


@pytest.mark.django_db
def test_the_playbook_statistics_csv_goes_through_the_one_writer(client):
    from tests.playbooks.history import build_history

    history = build_history()
    client.force_login(history.author)
    response = client.get(reverse("playbooks:stats_csv", args=[history.playbook.pk]))
    lines = response.content.decode("utf-8-sig").splitlines()
    assert lines and all(line.startswith('"') for line in lines)


@pytest.mark.parametrize("name", ["Vertrag über Dienste-v1-clauses.csv", "契約-v1-clauses.xlsx",
                                  'a "quoted"; name.csv', "line\nbreak.csv"])
def test_a_download_name_is_written_by_djangos_content_disposition_header(name):
    header = content_disposition(name)
    header.encode("latin-1")
    assert "\n" not in header
    cleaned = name.replace("\n", "")
    if cleaned.isascii():
        assert header == content_disposition_header(True, cleaned.replace('"', "_").replace(";", "_"))
    else:
        assert header.startswith('attachment; filename="')
        assert header.endswith(content_disposition_header(True, cleaned).removeprefix("attachment; "))


@pytest.mark.django_db
def test_the_clause_map_export_keeps_a_non_ascii_file_name(client):
    from documents.services import document_create
    from playbooks.services import playbook_upload
    from review.workflow import analysis_run, review_start
    from tests.review.factories import PLAYBOOK_YAML, author_user, contract_docx

    owner = author_user()
    version, _ = playbook_upload(author=owner, source=PLAYBOOK_YAML)
    document = document_create(owner=owner, team=None, filename="Vertrag über Dienste.docx", data=contract_docx())
    review = review_start(owner=owner, document=document, playbook_version=version, enqueue=False)
    analysis_run(job_id=str(review.jobs.get().pk))
    client.force_login(owner)
    response = client.get(reverse("review:clauses_export", args=[review.pk, "csv"]))
    assert response["Content-Disposition"].endswith(
        content_disposition_header(True, "Vertrag über Dienste-v1-clauses.csv").removeprefix("attachment; "))
