"""The clause map page and its exports: scoped to the review's owner and team."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from tests.factories import UserFactory
from tests.review.factories import contract_docx, make_review

pytestmark = pytest.mark.django_db

CONTRACT = [
    (None, "MASTER SERVICES AGREEMENT"),
    (None, "This Master Services Agreement is entered into as of March 3, 2024 by and between Acme Software, Inc., "
           "a Delaware corporation, and Beta Retail LLC, a New York limited liability company."),
    ("Heading 1", "12. Governing Law"),
    (None, "This Agreement shall be governed by and construed in accordance with the laws of the State of New York, "
           "without regard to its conflict of laws principles."),
    ("Heading 1", "13. Assignment"),
    (None, "Neither party may assign this Agreement without the prior written consent of the other party."),
]


def test_the_owner_sees_clause_types_passages_links_and_key_terms(client):
    review = make_review(contract=contract_docx(CONTRACT))
    client.force_login(review.owner)
    html = client.get(reverse("review:clauses", args=[review.pk])).content.decode()
    assert "Key terms" in html and "Clause types found" in html
    assert 'data-type="governing-law"' in html and 'data-type="anti-assignment"' in html
    preview = reverse("review:preview", args=[review.pk])
    assert f'href="{preview}#loc-p4"' in html  # the governing-law passage links to where it sits
    assert ">paragraph 4</a>" in html and "paragraph p4" not in html  # in words, not the locator
    assert "the State of New York" in html
    detail = client.get(reverse("review:detail", args=[review.pk])).content.decode()
    assert reverse("review:clauses", args=[review.pk]) in detail


def test_another_team_gets_a_404_for_the_page_and_the_exports(client):
    review = make_review(contract=contract_docx(CONTRACT))
    stranger = UserFactory()
    client.force_login(stranger)
    for url in (
        reverse("review:clauses", args=[review.pk]),
        reverse("review:clauses_export", args=[review.pk, "csv"]),
        reverse("review:clauses_export", args=[review.pk, "xlsx"]),
    ):
        assert client.get(url).status_code == 404


def test_exports_csv_and_xlsx_hold_the_key_terms_and_clauses(client):
    review = make_review(contract=contract_docx(CONTRACT))
    client.force_login(review.owner)
    response = client.get(reverse("review:clauses_export", args=[review.pk, "csv"]))
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == ["section", "clause type", "slug", "value", "confidence", "paragraph", "text"]
    law = [r for r in rows if r[0] == "key term" and r[2] == "governing-law"]
    assert law and "New York" in law[0][3] and law[0][5] == "p4"
    assert any(r[0] == "clause" and r[2] == "anti-assignment" for r in rows)
    response = client.get(reverse("review:clauses_export", args=[review.pk, "xlsx"]))
    sheet = load_workbook(io.BytesIO(response.content)).active
    values = [[c.value for c in row] for row in sheet.iter_rows()]
    assert values[0][0] == "section" and any(r[2] == "governing-law" for r in values[1:])
    assert client.get(reverse("review:clauses_export", args=[review.pk, "pdf"])).status_code == 404


CLAUSE_PLAYBOOK = """name: Clause card
rules:
  - id: no-foreign-law
    title: No governing-law clause
    severity: high
    find: {clause: governing-law}
    check: {must_not_exist: true}
"""


def test_the_review_card_says_what_the_model_found_it_as(client):
    review = make_review(contract=contract_docx(CONTRACT), playbook=CLAUSE_PLAYBOOK)
    client.force_login(review.owner)
    html = client.get(reverse("review:detail", args=[review.pk])).content.decode()
    assert 'id="card-title">No governing-law clause' in html
    found = html[html.index('class="muted small found-as"') :]
    assert re.fullmatch(r"found as Governing Law \((?:0\.[5-9]\d|1\.00)\)", found.split("</p>", 1)[0].split(">", 1)[1])


def test_a_type_with_many_passages_shows_its_most_confident_and_the_exports_list_them_all(client):
    # cuad_supply_01: CUAD's Parties type finds dozens of sentences naming the parties. The page
    # lists the SHOWN_PER_TYPE most confident, in document order, and says how many more the
    # exports hold; the CSV has every one.
    from review.clause_map import SHOWN_PER_TYPE, clause_map_of
    from tests.conftest import shared_data

    data = shared_data("cuad", "docx", "cuad_supply_01.docx").read_bytes()
    review = make_review(contract=data)
    client.force_login(review.owner)
    (parties,) = [g for g in clause_map_of(review.current_version.text_model).groups if g.slug == "parties"]
    assert len(parties.passages) > SHOWN_PER_TYPE
    best = sorted(p.confidence for p in parties.passages)[-SHOWN_PER_TYPE:]
    assert sorted(p.confidence for p in parties.shown) == best
    assert [p.locator for p in parties.shown] == [p.locator for p in parties.passages if p in parties.shown]
    html = client.get(reverse("review:clauses", args=[review.pk])).content.decode()
    section = html[html.index('data-type="parties"') :].split("</details>", 1)[0]
    assert section.count("<blockquote>") == SHOWN_PER_TYPE
    assert f"{parties.more} more passages of this type are in the CSV and .xlsx exports" in section
    rows = list(csv.reader(io.StringIO(
        client.get(reverse("review:clauses_export", args=[review.pk, "csv"])).content.decode("utf-8-sig")
    )))  # fmt: skip
    assert sum(1 for r in rows if r[0] == "clause" and r[2] == "parties") == len(parties.passages)
