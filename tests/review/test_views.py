from __future__ import annotations

import io
import re
import zipfile

import pytest
from django.urls import reverse

from review.models import Decision, DecisionOutcome, RecommendationStatus, ReviewStatus
from tests.factories import TeamFactory, UserFactory
from tests.review.factories import author_user, contract_docx, make_review

pytestmark = pytest.mark.django_db


def hx(client, method: str, url: str, data: dict | None = None):
    return getattr(client, method)(url, data or {}, HTTP_HX_REQUEST="true")


def card_fields(html: str) -> dict[str, str]:
    form = html[html.index('id="decision-form"'):]
    return dict(re.findall(r'name="(recommendation|proposal|key)" value="([^"]*)"', form)[:3])


def test_review_page_shows_one_card_with_redline_and_all_recommendations_in_the_sidebar(client):
    review = make_review()
    client.force_login(review.owner)
    response = client.get(reverse("review:detail", args=[review.pk]))
    html = response.content.decode()
    assert response.status_code == 200
    assert html.count('id="card"') == 1
    assert "Payment within 30 days at most" in html
    assert "<ins>" in html and "<del>" in html  # word-level redline
    assert "payment-terms</code> @ Test SaaS playbook v1" in html
    assert "Renewal terms of one year at most" in html  # sidebar
    assert "Rule results" in html and "passed" in html and "not found" in html  # coverage
    for shortcut in ('data-shortcut="a"', 'data-shortcut="r"', 'data-shortcut="e"', 'data-shortcut="j"'):
        assert shortcut in html


def test_accept_through_htmx_renders_the_next_card_and_pushes_its_url(client):
    review = make_review()
    client.force_login(review.owner)
    page = client.get(reverse("review:detail", args=[review.pk])).content.decode()
    fields = card_fields(page)
    response = hx(client, "post", reverse("review:decide", args=[review.pk]), {**fields, "action": "accept"})
    assert response.status_code == 200
    html = response.content.decode()
    # Only the next card, and out of band what changed around it.
    assert 'id="card"' in html and 'id="workspace"' not in html and 'id="card-title">Renewal terms' in html
    review.refresh_from_db()
    decided = review.recommendations.get(rule_id="payment-terms")
    nxt = review.recommendations.get(rule_id="renewal-term")
    assert f'<li id="rec-{decided.pk}" class="" hx-swap-oob="true"' in html and "Accepted</span>" in html
    assert f'<li id="rec-{nxt.pk}" class="current" hx-swap-oob="true"' in html
    assert 'id="counts" hx-swap-oob="true">1 decided · 2 to decide' in html
    assert f"Recommendation {nxt.ordinal} of 3<" in html  # not "of 0": the card's context has the total
    assert 'id="review-header" hx-swap-oob="true"' in html and "document version 2" in html
    assert "version 2 of the contract was made" in html
    assert response["HX-Push-Url"] == reverse("review:recommendation", args=[review.pk, nxt.pk])
    # The same click again (double submit): same result, nothing applied twice.
    again = hx(client, "post", reverse("review:decide", args=[review.pk]), {**fields, "action": "accept"})
    assert again.status_code == 200
    assert Decision.objects.filter(review=review, outcome=DecisionOutcome.APPLIED).count() == 1
    assert review.document.versions.count() == 2


def test_a_stale_click_shows_the_message_and_the_current_card(client):
    review = make_review()
    client.force_login(review.owner)
    tab_a = card_fields(client.get(reverse("review:detail", args=[review.pk])).content.decode())
    tab_b = card_fields(client.get(reverse("review:detail", args=[review.pk])).content.decode())
    assert tab_a["key"] != tab_b["key"]
    hx(client, "post", reverse("review:decide", args=[review.pk]), {**tab_a, "action": "accept"})
    response = hx(client, "post", reverse("review:decide", args=[review.pk]), {**tab_b, "action": "reject"})
    html = response.content.decode()
    assert "This changed since you opened it" in html
    assert "Renewal terms of one year at most" in html  # the current card
    rec = review.recommendations.get(rule_id="payment-terms")
    assert rec.status == RecommendationStatus.ACCEPTED  # never read as rejected


def test_completed_review_offers_downloads_from_the_current_version(client):
    review = make_review()
    client.force_login(review.owner)
    for _ in range(3):
        page = client.get(reverse("review:detail", args=[review.pk])).content.decode()
        client.post(reverse("review:decide", args=[review.pk]), {**card_fields(page), "action": "accept"})
    review.refresh_from_db()
    assert review.status == ReviewStatus.COMPLETED
    page = client.get(reverse("review:detail", args=[review.pk])).content.decode()
    assert reverse("review:download", args=[review.pk, "clean"]) in page
    assert "Preview of version 4" in page and "<ins>" in page
    clean = client.get(reverse("review:download", args=[review.pk, "clean"]))
    redline = client.get(reverse("review:download", args=[review.pk, "redline"]))
    assert clean.status_code == redline.status_code == 200
    assert 'contract-v4-clean.docx' in clean["Content-Disposition"]
    with zipfile.ZipFile(io.BytesIO(redline.content)) as package:
        xml = package.read("word/document.xml").decode()
    assert "<w:ins " in xml and "<w:del " in xml
    # Downloading again gives the same bytes.
    assert client.get(reverse("review:download", args=[review.pk, "clean"])).content == clean.content


def test_another_users_review_is_a_404_everywhere(client):
    review = make_review()
    rec = review.recommendations.first()
    intruder = UserFactory()
    client.force_login(intruder)
    urls = [
        reverse("review:detail", args=[review.pk]),
        reverse("review:progress", args=[review.pk]),
        reverse("review:recommendation", args=[review.pk, rec.pk]),
        reverse("review:download", args=[review.pk, "clean"]),
        reverse("review:download", args=[review.pk, "redline"]),
        reverse("review:preview", args=[review.pk]),
    ]
    for url in urls:
        assert client.get(url).status_code == 404, url
    for url in (reverse("review:decide", args=[review.pk]), reverse("review:cancel", args=[review.pk])):
        assert client.post(url, {"recommendation": rec.pk, "proposal": rec.current_proposal_id, "key": "x",
                                 "action": "accept"}).status_code == 404
    review.refresh_from_db()
    assert review.status == ReviewStatus.AWAITING_DECISION
    assert not Decision.objects.exists()


def test_team_members_see_the_review(client):
    team = TeamFactory()
    owner = author_user(team=team)
    review = make_review(owner, team=team)
    colleague = UserFactory(team=team)
    client.force_login(colleague)
    assert client.get(reverse("review:detail", args=[review.pk])).status_code == 200


def test_new_review_uploads_the_contract_and_starts_the_analysis(client, monkeypatch,
                                                                 django_capture_on_commit_callbacks):
    owner = author_user()
    from playbooks.services import playbook_upload
    from tests.review.factories import PLAYBOOK_YAML

    version, _ = playbook_upload(author=owner, source=PLAYBOOK_YAML)
    client.force_login(owner)
    page = client.get(reverse("review:new"))
    assert page.status_code == 200 and "Test SaaS playbook v1" in page.content.decode()
    upload = io.BytesIO(contract_docx())
    upload.name = "msa.docx"
    sent: list = []
    from review.workflow import jobs

    # Only the broker edge is replaced here; tests/review/test_tasks.py runs a real worker.
    monkeypatch.setattr(jobs, "enqueue", lambda name, args, **k: sent.append({"name": name, **k}))
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("review:new"), {"contract": upload, "playbook_version": version.pk})
    assert response.status_code == 302
    review = owner.reviews.get()
    assert review.status == ReviewStatus.ANALYZING
    assert sent and sent[0]["task_id"] == str(review.jobs.get().pk)
    progress = client.get(reverse("review:detail", args=[review.pk])).content.decode()
    assert "Analysing the contract" in progress and 'hx-trigger="load delay:500ms, every 1s"' in progress


def test_new_review_refuses_a_non_docx_with_a_clear_message_and_stores_nothing(client,
                                                                              django_capture_on_commit_callbacks):
    owner = author_user()
    from playbooks.services import playbook_upload
    from tests.review.factories import PLAYBOOK_YAML

    version, _ = playbook_upload(author=owner, source=PLAYBOOK_YAML)
    client.force_login(owner)
    upload = io.BytesIO(b"%PDF-1.7 not a word file")
    upload.name = "contract.pdf"
    # A PDF is converted by a job (documents/conversions.py): the request returns at once, and the
    # conversion's page says why this one cannot be read.
    from config.celery import app

    app.conf.task_always_eager = True
    try:
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(reverse("review:new"), {"contract": upload, "playbook_version": version.pk})
    finally:
        app.conf.task_always_eager = False
    assert response.status_code == 302
    page = client.get(response["Location"])
    assert page.status_code == 200 and "The PDF could not be read" in page.content.decode()
    assert ".docx" in page.content.decode()
    assert not owner.reviews.exists()


def test_progress_redirects_into_the_review_when_analysis_is_done(client):
    review = make_review()
    client.force_login(review.owner)
    response = hx(client, "get", reverse("review:progress", args=[review.pk]))
    assert response["HX-Redirect"] == reverse("review:detail", args=[review.pk])


def test_contract_text_is_escaped_on_the_card(client):
    paragraphs = [(None, "Customer shall pay all invoices within sixty (60) days <script>alert(1)</script>.")]
    review = make_review(contract=contract_docx(paragraphs))
    client.force_login(review.owner)
    html = client.get(reverse("review:detail", args=[review.pk])).content.decode()
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;" in html


def test_login_page_is_where_anonymous_users_go(client):
    review = make_review()
    response = client.get(reverse("review:detail", args=[review.pk]))
    assert response.status_code == 302 and "/login/" in response["Location"]


def test_admin_shows_a_review_with_its_versions_and_inlines(admin_client):
    review = make_review()
    from tests.review.factories import decide, shown

    decide(review, shown(review, "payment-terms"), "accept")
    page = admin_client.get(reverse("admin:review_review_change", args=[review.pk])).content.decode()
    assert "v1 — " in page and "v2 — " in page and "← current" in page
    assert "payment-terms" in page and "decision.applied" in page
