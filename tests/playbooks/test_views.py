"""Authoring pages: upload, errors beside their lines, rules table, diff, download, try a rule,
and who may see or change what."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from playbooks.models import Playbook, PlaybookVersion
from playbooks.services import playbook_upload
from tests.factories import TeamFactory, author, lawyer
from tests.playbooks.helpers import V1, V2

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def upload_file(client, url: str, content: str | bytes, **extra):  # type: ignore[no-untyped-def]
    data = content.encode() if isinstance(content, str) else content
    return client.post(url, {"file": SimpleUploadedFile("playbook.yaml", data, "text/yaml"), **extra})


def test_author_uploads_v1_then_v2_sees_the_diff_and_downloads_v1_byte_identical(client):
    team = TeamFactory()
    user = author(team=team)
    client.force_login(user)
    raw_v1 = ("\ufeff" + V1).replace("\n", "\r\n").encode()  # a Windows editor's file, BOM and all

    response = upload_file(client, reverse("playbooks:upload"), raw_v1, team=team.pk, change_note="First")
    playbook = Playbook.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("playbooks:version", args=[playbook.pk, 1])
    assert playbook.team == team

    response = client.get(response["Location"])
    page = response.content.decode()
    assert "SaaS purchasing (customer side) v1" in page
    assert "at most 30 days" in page and 'class="badge sev-medium"' in page
    assert "Preferred" in page and "Fallback 1" in page and "forty-five (45) days" in page
    assert "Variant “mutual”" in page
    assert "Longer terms hurt our cash flow" in page

    response = upload_file(client, reverse("playbooks:upload_version", args=[playbook.pk]), V2, change_note="45 days")
    assert response["Location"] == reverse("playbooks:version", args=[playbook.pk, 2])
    assert PlaybookVersion.objects.filter(playbook=playbook).count() == 2

    diff = client.get(reverse("playbooks:diff", args=[playbook.pk]), {"from": 1, "to": 2}).content.decode()
    assert "1 added" in diff and "1 removed" in diff and "1 changed" in diff
    assert 'id="changed-payment-terms"' in diff and 'id="added-governing-law"' in diff
    assert 'id="removed-data-use"' in diff
    assert "at most <del>30</del><ins>45</ins> days" in diff
    assert "<del>45</del><ins>60</ins> days is the most we concede" in diff

    download = client.get(reverse("playbooks:download", args=[playbook.pk, 1]))
    assert download.status_code == 200
    assert download["Content-Type"] == "text/yaml; charset=utf-8"
    assert download["Content-Disposition"] == 'attachment; filename="saas-purchasing-customer-side-v1.yaml"'
    assert download.content == raw_v1


def test_uploading_the_same_file_again_makes_no_version_and_says_so(client):
    user = author()
    client.force_login(user)
    version, _ = playbook_upload(author=user, source=V1)
    response = client.post(
        reverse("playbooks:upload_version", args=[version.playbook.pk]), {"source": V1.replace("\n", "\r\n")}
    )
    assert response["Location"] == reverse("playbooks:version", args=[version.playbook.pk, 1])
    assert PlaybookVersion.objects.count() == 1
    assert "identical to SaaS purchasing (customer side) v1" in client.get(response["Location"]).content.decode()


def test_errors_are_shown_next_to_their_lines_and_nothing_is_stored(client):
    client.force_login(author())
    broken = V1.replace("check: {max_days: 30}", "check: {max_dayz: 30}").replace("severity: high", "severity: hihg")
    response = client.post(reverse("playbooks:upload"), {"source": broken})
    assert response.status_code == 200
    page = response.content.decode()
    assert "2 problems found — nothing was stored" in page
    assert '<tr id="L9" class="line-error">' in page
    assert (
        "▲ rule payment-terms, check: unknown check &#x27;max_dayz&#x27; — did you mean &#x27;max_days&#x27;?"
        in page
    )
    assert '<tr id="L18" class="line-error">' in page
    assert '<tr id="L10">' in page  # lines without a problem are not marked
    assert not Playbook.objects.exists()


def test_htmx_upload_renders_only_the_form_partial_and_redirects_on_success(client):
    client.force_login(author())
    response = client.post(reverse("playbooks:upload"), {"source": "name: x\n"}, **HTMX)
    assert response.status_code == 200
    page = response.content.decode()
    assert page.lstrip().startswith('<div id="upload-form"')
    assert "<html" not in page
    assert "rules: required field missing" in page
    response = client.post(reverse("playbooks:upload"), {"source": V1}, **HTMX)
    assert response.status_code == 200
    assert response["HX-Redirect"] == reverse("playbooks:version", args=[Playbook.objects.get().pk, 1])


def test_a_bad_file_upload_puts_its_text_in_the_textarea_for_fixing(client):
    client.force_login(author())
    response = upload_file(client, reverse("playbooks:upload"), V1.replace("max_days", "max_dayz"))
    assert response.status_code == 200
    textarea = response.content.decode().split('name="source"')[1].split("</textarea>")[0]
    assert "check: {max_dayz: 30}" in textarea and "name: SaaS purchasing (customer side)" in textarea


def test_upload_form_refuses_nothing_and_both(client):
    client.force_login(author())
    assert "Choose a YAML file or paste its text." in client.post(reverse("playbooks:upload"), {}).content.decode()
    response = upload_file(client, reverse("playbooks:upload"), V1, source=V1)
    assert "Choose a file or paste the YAML, not both." in response.content.decode()
    assert not Playbook.objects.exists()


def test_lawyer_sees_team_playbooks_read_only_and_cannot_upload(client):
    team = TeamFactory()
    version, _ = playbook_upload(author=author(team=team), source=V1, team=team)
    user = lawyer(team=team)
    client.force_login(user)
    listing = client.get(reverse("playbooks:list")).content.decode()
    assert "SaaS purchasing (customer side)" in listing
    assert "Upload a playbook" not in listing
    page = client.get(reverse("playbooks:version", args=[version.playbook.pk, 1])).content.decode()
    assert "Upload a new version" not in page and "Download YAML" in page
    assert client.get(reverse("playbooks:upload")).status_code == 403
    assert client.post(reverse("playbooks:upload"), {"source": V2}).status_code == 403
    assert client.get(reverse("playbooks:upload_version", args=[version.playbook.pk])).status_code == 403
    assert (
        client.post(reverse("playbooks:upload_version", args=[version.playbook.pk]), {"source": V2}).status_code == 403
    )
    assert PlaybookVersion.objects.count() == 1


def test_other_teams_playbooks_are_404_everywhere(client):
    mine, theirs = TeamFactory(), TeamFactory()
    version, _ = playbook_upload(author=author(team=theirs), source=V1, team=theirs)
    playbook_upload(author=author(team=theirs), source=V2, playbook=version.playbook)
    client.force_login(author(team=mine))
    assert "SaaS purchasing" not in client.get(reverse("playbooks:list")).content.decode()
    pk = version.playbook.pk
    for url in (
        reverse("playbooks:detail", args=[pk]),
        reverse("playbooks:version", args=[pk, 1]),
        reverse("playbooks:download", args=[pk, 1]),
        reverse("playbooks:diff", args=[pk]),
        reverse("playbooks:upload_version", args=[pk]),
    ):
        assert client.get(url).status_code == 404, url
    assert (
        client.post(reverse("playbooks:try", args=[pk, 1]), {"rule": "payment-terms", "text": "x"}).status_code == 404
    )
    assert client.post(reverse("playbooks:upload_version", args=[pk]), {"source": V2}).status_code == 404


def test_playbook_detail_redirects_to_the_latest_version(client):
    user = author()
    v1, _ = playbook_upload(author=user, source=V1)
    playbook_upload(author=user, source=V2, playbook=v1.playbook)
    client.force_login(user)
    response = client.get(reverse("playbooks:detail", args=[v1.playbook.pk]))
    assert response["Location"] == reverse("playbooks:version", args=[v1.playbook.pk, 2])
    assert client.get(reverse("playbooks:diff", args=[v1.playbook.pk]), {"from": 7, "to": 2}).status_code == 404


def test_playbook_text_is_escaped_everywhere(client):
    user = author()
    hostile = V1.replace(
        "guidance: Longer terms hurt our cash flow; 45 days is the most we concede.",
        'guidance: "<script>alert(1)</script> <img src=x onerror=alert(2)>"',
    ).replace("title: Payment within 30 days at most", 'title: "<b>bold</b> title"')
    version, _ = playbook_upload(author=user, source=hostile)
    client.force_login(user)
    pages = [
        client.get(reverse("playbooks:version", args=[version.playbook.pk, 1])).content.decode(),
        client.get(reverse("playbooks:list")).content.decode(),
    ]
    playbook_upload(author=user, source=hostile.replace("alert(1)", "alert(3)"), playbook=version.playbook)
    pages.append(client.get(reverse("playbooks:diff", args=[version.playbook.pk])).content.decode())
    bad_upload = client.post(reverse("playbooks:upload"), {"source": "name: <script>x</script>\nrules: 3\n"})
    pages.append(bad_upload.content.decode())
    for page in pages:
        assert "<script>alert" not in page and "<img src=x" not in page and "<b>bold</b>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in pages[0]
    assert "&lt;b&gt;bold&lt;/b&gt; title" in pages[0]
    assert "alert(<del>1</del><ins>3</ins>)" in pages[2]
    assert "&lt;script&gt;x&lt;/script&gt;" in pages[3]


def test_try_a_rule_shows_what_it_finds_and_recommends(client):
    team = TeamFactory()
    version, _ = playbook_upload(author=author(team=team), source=V1, team=team)
    client.force_login(lawyer(team=team))  # trying is reading: lawyers may too
    url = reverse("playbooks:try", args=[version.playbook.pk, 1])
    text = "Fees are set out in the Order Form.\nCustomer shall pay all invoices within sixty (60) days of receipt."
    response = client.post(url, {"rule": "payment-terms", "text": text}, **HTMX)
    assert response.status_code == 200
    page = response.content.decode()
    assert page.lstrip().startswith('<section id="try-panel"')
    assert "<html" not in page
    assert '<span class="badge st-issue">Issue</span>' in page
    found = page.split("Sentences the rule found")[1].split("Recommendation")[0]
    assert "<q>Customer shall pay all invoices within sixty (60) days of receipt.</q>" in found
    assert "(line 2)" in found and "Fees are set out" not in found
    assert "Recommendation: replace" in page
    assert (
        "Customer shall pay all invoices within <del>sixty</del><ins>thirty</ins> (<del>60</del><ins>30</ins>) days"
        in page
    )


def test_try_a_rule_reports_ok_and_missing(client):
    user = author()
    version, _ = playbook_upload(author=user, source=V1)
    client.force_login(user)
    url = reverse("playbooks:try", args=[version.playbook.pk, 1])
    ok = client.post(url, {"rule": "payment-terms", "text": "Customer shall pay invoices within 20 days."}, **HTMX)
    assert '<span class="badge st-ok">OK</span>' in ok.content.decode()
    assert "Nothing to change" in ok.content.decode()
    none = client.post(url, {"rule": "data-use", "text": "The sky is blue."}, **HTMX)
    assert '<span class="badge st-not_found">Not found</span>' in none.content.decode()
    assert "The rule found no sentence in this text." in none.content.decode()


def test_try_a_rule_refuses_unknown_rules_and_empty_text(client):
    user = author()
    version, _ = playbook_upload(author=user, source=V1)
    client.force_login(user)
    url = reverse("playbooks:try", args=[version.playbook.pk, 1])
    page = client.post(url, {"rule": "nope", "text": ""}, **HTMX).content.decode()
    assert "Select a valid choice" in page and "This field is required" in page


def test_try_a_rule_without_htmx_renders_the_whole_page(client):
    user = author()
    version, _ = playbook_upload(author=user, source=V1)
    client.force_login(user)
    url = reverse("playbooks:try", args=[version.playbook.pk, 1])
    page = client.post(
        url, {"rule": "payment-terms", "text": "Customer shall pay all invoices within 90 days."}
    ).content.decode()
    assert "<html" in page and "Sentences the rule found" in page
