"""What leaves a review: comments for the other side in the redline (never the guidance), the issue
list as .csv and .xlsx, the number-only batch, the contract view, and the headless command."""

from __future__ import annotations

import csv
import io
import json
import zipfile
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse
from openpyxl import load_workbook

from documents.docx.textmodel import build_text_model
from review.bulk import is_number_only
from review.contract_view import Mark, render_contract
from review.exports import issue_rows, issues_csv, issues_xlsx, review_redline
from review.services import recommendation_comment_save
from tests.conftest import shared_data
from tests.e2e.test_lawyer_review import COMMENTED_PLAYBOOK
from tests.review.factories import contract_docx, decide, make_review, shown

pytestmark = pytest.mark.django_db


def comments_of(data: bytes) -> tuple[str, str]:
    package = zipfile.ZipFile(io.BytesIO(data))
    return package.read("word/comments.xml").decode(), package.read("word/document.xml").decode()


def test_redline_comments_hold_the_lawyers_text_or_the_rules_never_the_guidance():
    review = make_review(playbook=COMMENTED_PLAYBOOK)
    payment = shown(review, "payment-terms")
    recommendation_comment_save(recommendation=payment, text="Thirty days suits our payment run.",
                                actor=review.owner)
    decide(review, payment, "accept")
    decide(review, shown(review, "renewal-term"), "accept")  # a rule without a comment
    decide(review, shown(review, "limitation-of-liability"), "accept")  # the rule's own comment
    review.refresh_from_db()
    comments, document = comments_of(review_redline(review))
    assert comments.count("<w:comment ") == 2
    assert "Thirty days suits our payment run." in comments
    assert "We pay every supplier" not in comments  # replaced by the lawyer's text
    assert "market standard for SaaS" in comments
    assert "cash flow" not in comments and "red line" not in comments and "lock us in" not in comments
    assert document.count("<w:commentRangeStart ") == 2 == document.count("<w:commentReference ")
    owner_name = review.owner.get_full_name() or review.owner.username
    assert f'w:author="{owner_name}"' in comments
    package = zipfile.ZipFile(io.BytesIO(review_redline(review)))
    assert "comments.xml" in package.read("word/_rels/document.xml.rels").decode()
    assert "/word/comments.xml" in package.read("[Content_Types].xml").decode()
    # Without comments: exactly the plain redline.
    assert "word/comments.xml" not in zipfile.ZipFile(io.BytesIO(review_redline(review, comments=False))).namelist()


def test_an_emptied_comment_leaves_no_word_comment():
    review = make_review(playbook=COMMENTED_PLAYBOOK)
    payment = shown(review, "payment-terms")
    recommendation_comment_save(recommendation=payment, text="", actor=review.owner)
    decide(review, payment, "accept")
    review.refresh_from_db()
    assert "word/comments.xml" not in zipfile.ZipFile(io.BytesIO(review_redline(review))).namelist()


def test_a_decided_recommendations_comment_cannot_change():
    review = make_review(playbook=COMMENTED_PLAYBOOK)
    payment = shown(review, "payment-terms")
    decide(review, payment, "accept")
    payment.refresh_from_db()
    assert not recommendation_comment_save(recommendation=payment, text="Changed afterwards", actor=review.owner)
    payment.refresh_from_db()
    assert payment.comment is None


def test_issue_rows_cover_every_rule_with_decision_reason_and_comment():
    review = make_review(playbook=COMMENTED_PLAYBOOK)
    decide(review, shown(review, "payment-terms"), "accept")
    decide(review, shown(review, "renewal-term"), "reject", reason="Fine for this vendor.")
    rows = issue_rows(review)
    assert len(rows) == review.rule_outcomes.count()  # three recommendations + two rules without one
    by_rule = {row.rule.split(" (")[-1].rstrip(")"): row for row in rows}
    assert by_rule["payment-terms"].decision == "accepted (edit applied)"
    assert by_rule["payment-terms"].asked_for.startswith("Customer shall pay")
    assert by_rule["payment-terms"].comment.startswith("We pay every supplier")
    assert by_rule["renewal-term"].decision == "rejected" and by_rule["renewal-term"].reason == "Fine for this vendor."
    assert by_rule["governing-law"].status == "passed"
    assert by_rule["limitation-of-liability"].status == "Pending"
    assert {row.source for row in rows} == {"playbook"}
    assert all("cash flow" not in value for row in rows for value in map(str, row.__dict__.values()))

    table = list(csv.reader(io.StringIO(issues_csv(rows).decode("utf-8-sig"))))
    assert table[0][:2] == ["#", "Source"] and len(table) == len(rows) + 1
    sheet = load_workbook(io.BytesIO(issues_xlsx(rows, title=review.title))).active
    assert sheet.max_row == len(rows) + 1 and sheet["A1"].value == "#"
    assert any(cell.value == "Fine for this vendor." for cell in sheet["I"])


def test_spreadsheet_cells_never_run_as_formulas():
    review = make_review()
    decide(review, shown(review, "payment-terms"), "reject", reason="=HYPERLINK(\"http://x\")")
    rows = issue_rows(review)
    sheet = load_workbook(io.BytesIO(issues_xlsx(rows, title="t"))).active
    reasons = [cell.value for cell in sheet["I"] if cell.value and "HYPERLINK" in cell.value]
    assert reasons == ["'=HYPERLINK(\"http://x\")"]
    assert "'=HYPERLINK" in issues_csv(rows).decode("utf-8-sig")


def test_issue_list_views_are_scoped_to_the_owner(client):
    from tests.factories import UserFactory

    review = make_review()
    client.force_login(review.owner)
    url = reverse("review:issues", args=[review.pk])
    page = client.get(url)
    assert page.status_code == 200 and b'id="issues"' in page.content
    xlsx = client.get(url + "?format=xlsx")
    assert xlsx["Content-Type"].startswith("application/vnd.openxmlformats")
    assert xlsx["Content-Disposition"].startswith('attachment; filename="contract-issues.xlsx"')
    assert client.get(url + "?format=csv")["Content-Type"].startswith("text/csv")
    client.force_login(UserFactory())
    assert client.get(url).status_code == 404
    assert client.get(url + "?format=csv").status_code == 404


def test_non_ascii_file_names_download_with_rfc_6266_filename_star(client):
    from documents.services import document_create
    from playbooks.services import playbook_upload
    from review.workflow import analysis_run, review_start
    from tests.review.factories import PLAYBOOK_YAML, author_user

    owner = author_user()
    version, _ = playbook_upload(author=owner, source=PLAYBOOK_YAML)
    document = document_create(owner=owner, team=None, filename="Vertrag über Dienste.docx", data=contract_docx())
    review = review_start(owner=owner, document=document, playbook_version=version, enqueue=False)
    analysis_run(job_id=str(review.jobs.get().pk))
    client.force_login(owner)
    disposition = client.get(reverse("review:download", args=[review.pk, "clean"]))["Content-Disposition"]
    assert disposition.startswith('attachment; filename="Vertrag uber Dienste-v1-clean.docx"; ')
    assert "filename*=utf-8''Vertrag%20%C3%BCber%20Dienste-v1-clean.docx" in disposition
    disposition.encode("latin-1")  # a valid header value


def test_number_only_edits():
    assert is_number_only("within sixty (60) days", "within thirty (30) days")
    assert is_number_only("a cap of $1,000,000", "a cap of $2,000,000")
    assert is_number_only("twenty-four (24) months", "twelve (12) months")
    assert not is_number_only("within 60 days", "within 30 business days")
    assert not is_number_only("Customer shall pay", "Each party shall pay")
    assert not is_number_only("", "thirty (30) days")


def test_the_contract_view_marks_each_recommendation_once_and_escapes_the_text():
    model = build_text_model(contract_docx([(None, "Pay in <b>60</b> days. Renews for 3 years."),
                                            (None, "Indemnity.")]))
    marks = [
        Mark(rec_id=1, locator="p1", sentence="Pay in <b>60</b> days.", severity="low", status="pending",
             title="Payment", url="/r/1/"),
        Mark(rec_id=2, locator="p1", sentence="Renews for 3 years.", severity="high", status="accepted",
             title="Renewal", url="/r/2/"),
        Mark(rec_id=3, locator="p2", sentence="", severity="critical", status="pending", title="Cap",
             url="/r/3/", missing=True),
    ]
    html = render_contract(model, marks)
    assert "<b>" not in html and "&lt;b&gt;60&lt;/b&gt;" in html
    assert html.count('data-rec="1"') == 1 and html.count('data-rec="2"') == 1
    assert 'class="hl sev-high st-accepted"' in html
    assert "+ Missing: Cap" in html
    assert html.index('id="ctr-p2"') < html.index("+ Missing: Cap")


def test_the_contract_pane_and_the_bulk_accept(client):
    review = make_review(playbook=COMMENTED_PLAYBOOK)
    client.force_login(review.owner)
    pane = client.get(reverse("review:contract", args=[review.pk])).content.decode()
    assert pane.count('<a href=') == review.recommendations.count()  # the legend's swatches are spans
    page = client.get(reverse("review:bulk_accept", args=[review.pk])).content.decode()
    assert page.count('name="item"') == 1
    payment = review.recommendations.get(rule_id="payment-terms")
    item = f"{payment.pk}:{payment.current_proposal_id}"
    response = client.post(reverse("review:bulk_accept", args=[review.pk]), {"batch": "b1", "item": [item]})
    assert response.status_code == 302
    payment.refresh_from_db()
    assert payment.status == "accepted"
    # A retry of the same confirmation applies nothing twice.
    client.post(reverse("review:bulk_accept", args=[review.pk]), {"batch": "b1", "item": [item]})
    assert review.document.versions.count() == 2
    # A recommendation that was not number-only cannot ride along with a forged item.
    renewal = review.recommendations.get(rule_id="renewal-term")
    client.post(reverse("review:bulk_accept", args=[review.pk]),
                {"batch": "b2", "item": [f"{renewal.pk}:{renewal.current_proposal_id + 999}"]})
    renewal.refresh_from_db()
    assert renewal.status == "pending"


def test_review_command_writes_issue_lists_and_a_commented_redline(tmp_path):
    from django.contrib.auth.models import Group

    from core.models import Team
    from tests.factories import UserFactory

    head = UserFactory(username="head-of-legal")
    head.groups.add(Group.objects.get_or_create(name="Admin")[0])
    Team.objects.get_or_create(name="Headless reviews")[0].members.add(head)
    contract = shared_data("forms", "commonpaper_docx", "commonpaper_pilot_agreement.docx")
    playbook = Path(__file__).resolve().parents[2] / "playbooks" / "library" / "saas-customer.yaml"
    out = tmp_path / "out"
    call_command("review", str(contract), playbook=str(playbook), decide="accept-all", author="Ada Lovelace",
                 out=str(out), approve_as="head-of-legal", stdout=io.StringIO())
    report = json.loads((out / "report.json").read_text())
    assert report["status"] == "completed"
    rows = list(csv.reader(io.StringIO((out / "issues.csv").read_text(encoding="utf-8-sig"))))
    assert rows[0][1] == "Source" and len(rows) > 1
    assert load_workbook(out / "issues.xlsx").active.max_row == len(rows)
    package = zipfile.ZipFile(out / "redline.docx")
    names = package.namelist()
    applied = {d["rule_id"] for d in report["decisions"] if d["outcome"] == "applied"}
    assert "vendor-ip-indemnity" in applied  # a rule with a comment: for the other side
    assert "word/comments.xml" in names
    comments = package.read("word/comments.xml").decode()
    assert 'w:author="Ada Lovelace"' in comments
    assert "best placed to manage infringement claims" in comments
    assert "off-market" not in comments and "carries the infringement risk" not in comments  # its guidance
    call_command("review", str(contract), playbook=str(playbook), decide="accept-all", author="Ada Lovelace",
                 out=str(tmp_path / "plain"), approve_as="head-of-legal", no_comments=True, stdout=io.StringIO())
    assert "word/comments.xml" not in zipfile.ZipFile(tmp_path / "plain" / "redline.docx").namelist()


def test_a_new_table_format_is_one_entry_in_the_map(client, monkeypatch):
    """review/tabular.py: both table downloads (issue list, clause map) serve every format of
    ``TABLE_FORMATS``, so a new format is one entry and its writer."""
    from review import tabular

    def tsv(table: tabular.Table) -> bytes:
        return "\n".join("\t".join(str(v) for v in row) for row in [table.header, *table.rows]).encode()

    monkeypatch.setitem(tabular.TABLE_FORMATS, "tsv", tabular.TableFormat("text/tab-separated-values", "tsv", tsv))
    review = make_review()
    client.force_login(review.owner)
    issues = client.get(reverse("review:issues", args=[review.pk]) + "?format=tsv")
    assert issues["Content-Type"] == "text/tab-separated-values"
    assert issues["Content-Disposition"].startswith('attachment; filename="contract-issues.tsv"')
    assert issues.content.decode().startswith("#\tSource\tClause")
    clauses = client.get(reverse("review:clauses_export", args=[review.pk, "tsv"]))
    assert clauses.status_code == 200 and clauses.content.decode().startswith("section\tclause type")
