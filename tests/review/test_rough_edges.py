"""The rough edges a lawyer met in the browser, each pinned by a test that fails without its fix."""

from __future__ import annotations

import pytest
from django.test import override_settings
from django.urls import reverse

from review.models import Approval, ApprovalStatus
from tests.factories import UserFactory
from tests.review.factories import PLAYBOOK_YAML, decide, make_review, shown
from tests.review.test_approvals import GATED_PLAYBOOK, gated_review, teammate

pytestmark = pytest.mark.django_db


def page_of(client, review) -> str:  # type: ignore[no-untyped-def]
    return client.get(reverse("review:detail", args=[review.pk])).content.decode()


def test_waiting_for_approval_has_its_own_words(client):
    from django.contrib.auth.models import Group

    teammate(username="sam-senior").groups.add(Group.objects.get_or_create(name="Senior counsel")[0])
    review = gated_review()
    decide(review, shown(review, "payment-terms"), "accept")  # gated: waits for approval
    decide(review, shown(review, "renewal-term"), "accept")
    decide(review, shown(review, "limitation-of-liability"), "accept")
    client.force_login(review.owner)
    page = page_of(client, review)
    assert 'id="review-status">Waiting for approval<' in page
    assert "0 pending" not in page and "Awaiting decision" not in page


def test_a_critical_item_is_approved_only_with_an_explicit_confirmation(client):
    from django.contrib.auth.models import Group

    senior = teammate(username="sam-senior")
    senior.groups.add(Group.objects.get_or_create(name="Senior counsel")[0])
    review = gated_review()
    decide(review, shown(review, "limitation-of-liability"), "reject", reason="Not now.")  # critical deviation
    approval = Approval.objects.get(review=review)
    assert approval.recommendation.severity == "critical"
    client.force_login(senior)
    item = client.get(reverse("review:approval", args=[approval.pk])).content.decode()
    assert 'name="confirm_critical"' in item and "required" in item
    client.post(reverse("review:approval_act", args=[approval.pk]), {"action": "approve"})
    approval.refresh_from_db()
    assert approval.status == ApprovalStatus.OPEN  # one key press cannot approve it
    client.post(reverse("review:approval_act", args=[approval.pk]), {"action": "approve", "confirm_critical": "yes"})
    approval.refresh_from_db()
    assert approval.status == ApprovalStatus.APPROVED


def test_only_the_rules_own_variants_are_offered_and_a_missing_one_is_named(client):
    review = make_review()
    client.force_login(review.owner)
    page = page_of(client, review)  # payment-terms: it has a mutual variant
    assert "this rule&#x27;s variants (mutual)" in page or "this rule's variants (mutual)" in page
    decide(review, shown(review, "payment-terms"), "accept")
    renewal = shown(review, "renewal-term")
    page = client.get(reverse("review:recommendation", args=[review.pk, renewal.pk])).content.decode()
    assert "mutual" not in page.split('id="revise-help"')[1].split("</p>")[0]
    response = client.post(reverse("review:decide", args=[review.pk]), {
        "recommendation": renewal.pk, "proposal": renewal.current_proposal_id, "action": "revise",
        "key": "k-mutual", "instruction": "mutual"}, follow=True)
    text = response.content.decode()
    assert "This rule has no “mutual” version" in text and "could not understand" not in text.lower()
    # The attempt is a recorded decision like any other (trail, idempotency key), nothing changed.
    assert review.decisions.filter(idempotency_key="k-mutual", outcome="failed").count() == 1


def test_the_clause_is_shown_once_with_every_matched_sentence_marked(client):
    playbook = PLAYBOOK_YAML.replace('      any: ["invoice", "payment"]\n      all: ["days"]',
                                     '      any: ["invoice", "payment"]')
    from tests.review.factories import contract_docx

    contract = contract_docx([(None, "Customer shall pay all invoices within sixty (60) days of receipt. "
                                     "Late payment bears interest of 2% per month.")])
    review = make_review(playbook=playbook, contract=contract)
    rec = review.recommendations.get(rule_id="payment-terms")
    assert len(rec.evidence) >= 1
    client.force_login(review.owner)
    page = client.get(reverse("review:recommendation", args=[review.pk, rec.pk])).content.decode()
    assert page.count('<blockquote class="redline clause"') == 1
    assert page.count("<mark>") == len({e["sentence"] for e in rec.evidence})


def test_audit_trail_and_version_list_speak_in_words(client):
    review = make_review()
    decide(review, shown(review, "payment-terms"), "accept")
    decide(review, shown(review, "renewal-term"), "reject")
    decide(review, shown(review, "limitation-of-liability"), "accept")
    client.force_login(review.owner)
    page = page_of(client, review)
    trail = page.split('id="audit-trail"')[1]
    assert "Edit accepted — Payment within 30 days at most (payment-terms)" in trail
    assert "decision.applied" not in trail and "version.created" not in trail
    versions = client.get(reverse("documents:detail", args=[review.document.pk])).content.decode()
    assert "Replaced “sixty (60)” with “thirty (30)” in paragraph 2" in versions or "Replaced “" in versions
    assert "replace</span>" not in versions and ">p2<" not in versions


def test_revision_history_does_not_count_a_reanchoring_as_a_proposal(client):
    review = make_review()
    decide(review, shown(review, "renewal-term"), "accept")  # moves the cursor: payment is re-anchored
    payment = shown(review, "payment-terms")
    assert payment.proposals.count() == 2
    client.force_login(review.owner)
    page = client.get(reverse("review:recommendation", args=[review.pk, payment.pk])).content.decode()
    assert "Revision history (1 proposal)" in page and "moved to version 2 unchanged" in page


def test_error_pages_are_in_the_sites_layout(client):
    review = make_review()
    client.force_login(UserFactory())
    missing = client.get(reverse("review:detail", args=[review.pk]))
    assert missing.status_code == 404
    assert b'class="topbar"' in missing.content and b"Page not found" in missing.content
    from django.template.loader import render_to_string

    assert 'class="topbar"' in render_to_string("500.html")
    assert 'class="topbar"' in render_to_string("403.html", request=missing.wsgi_request)


def test_the_upload_form_states_the_size_limit_and_the_playbook_format_is_linked(client):
    from tests.review.factories import author_user

    user = author_user()
    client.force_login(user)
    with override_settings(REDPEN_MAX_UPLOAD_BYTES=5 * 1024 * 1024):
        assert "at most 5 MB" in client.get(reverse("review:new")).content.decode()
    upload = client.get(reverse("playbooks:upload")).content.decode()
    assert reverse("playbooks:format") in upload
    fmt = client.get(reverse("playbooks:format")).content.decode()
    assert "<table>" in fmt and "comment" in fmt and 'class="topbar"' in fmt


def test_a_pasted_playbook_over_the_limit_gets_the_form_error(client):
    from tests.review.factories import author_user

    client.force_login(author_user())
    just_over = "name: x\n# " + "a" * (260 * 1024) + "\n"
    response = client.post(reverse("playbooks:upload"), {"source": just_over})
    assert response.status_code == 200 and "the limit is 256 KB" in response.content.decode()
    far_over = "name: x\n# " + "a" * (3 * 1024 * 1024) + "\n"
    response = client.post(reverse("playbooks:upload"), {"source": far_over})
    assert response.status_code == 200 and "far larger than the 256 KB limit" in response.content.decode()


def test_yaml_syntax_errors_show_their_line_once(client):
    from tests.review.factories import author_user

    client.force_login(author_user())
    response = client.post(reverse("playbooks:upload"), {"source": GATED_PLAYBOOK.replace("  - id: renewal-term",
                                                                                          "  - id: renewal-term\n   x: [")})
    page = response.content.decode()
    listed = page.split('class="issue-list"')[1].split("</ul>")[0]
    import re

    assert len(re.findall(r"\bline \d+", listed, flags=re.IGNORECASE)) == 1, listed
    assert "YAML syntax error" not in listed and "block mapping" not in listed


def test_the_favicon_answers_without_a_login(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response["Location"].endswith("favicon.svg")
