"""Authorisation: every page that takes an id is scoped to the object's owner and
team. A stranger probing every URL of the project with the owner's ids gets exactly what a
made-up id gets (404, or 405 for a method the page never accepts): nothing tells them the object
exists, and nothing changes."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client

from documents.models import Document, DocumentVersion
from playbooks.models import PlaybookVersion
from review.models import Decision, Review, ReviewEvent, ReviewStatus
from tests.security.conftest import Objects, World, fill, project_routes

pytestmark = pytest.mark.django_db

MISSING = 2_000_000_000  # an id no row has
# Pages that answer the owner with a redirect to the object's own page, not with the page itself.
REDIRECTS_TO_ITSELF = {"playbooks:detail"}


def id_routes():  # type: ignore[no-untyped-def]
    return [route for route in project_routes() if route.params]


def urls_of(objects: Objects) -> list[tuple[str, str]]:
    return [(route.view_name, url) for route in id_routes() for url in fill(route, objects.url_values())]


def missing_values(objects: Objects) -> dict:
    """The same shapes with ids that exist nowhere (``kind`` keeps its real values)."""
    values = objects.url_values()
    return {ns: {p: (v if p == "kind" else [_missing(x) for x in v]) for p, v in params.items()}
            for ns, params in values.items()}


def _missing(value: object) -> object:
    """An id of the same kind that exists nowhere (a conversion's id is a UUID)."""
    return uuid.UUID(int=0) if isinstance(value, uuid.UUID) else MISSING


def client_for(user) -> Client:  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(user)
    return client


def snapshot() -> dict[str, object]:
    return {
        "decisions": Decision.objects.count(),
        "events": ReviewEvent.objects.count(),
        "statuses": sorted(Review.objects.values_list("pk", "status")),
        "documents": Document.objects.count(),
        "versions": DocumentVersion.objects.count(),
        "playbook_versions": PlaybookVersion.objects.count(),
    }


def test_every_url_with_an_id_can_be_filled_by_the_probe(world: World):
    """A new page with a parameter the probe does not know fails here, so it cannot escape the
    IDOR test: teach ``Objects.url_values`` how to fill it."""
    unknown = []
    for route in id_routes():
        try:
            fill(route, world.shared.url_values())
        except KeyError as exc:
            unknown.append(f"{route.route} ({route.view_name}): parameter {exc}")
    assert not unknown, unknown
    assert len(id_routes()) >= 15  # the walk found the apps' pages


def test_the_owner_and_the_team_open_every_page_of_a_shared_review(world: World):
    for user in (world.owner, world.teammate):
        client = client_for(user)
        for view_name, url in urls_of(world.shared):
            response = client.get(url)
            if response.status_code == 405:  # a POST-only page (decide, cancel, try)
                continue
            expected = 302 if view_name in REDIRECTS_TO_ITSELF else 200
            assert response.status_code == expected, (user.username, url, response.status_code)
            if expected == 302:
                assert response["Location"].startswith(url), url


def test_the_owner_opens_every_page_of_a_private_review_and_a_teammate_gets_404(world: World):
    owner, teammate = client_for(world.owner), client_for(world.teammate)
    for view_name, url in urls_of(world.private):
        status = owner.get(url).status_code
        if status == 405:
            continue
        assert status == (302 if view_name in REDIRECTS_TO_ITSELF else 200), url
        assert teammate.get(url).status_code == 404, url


def probe(client: Client, objects: Objects, url: str, method: str, *, htmx: bool = False) -> int:
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    if method == "GET":
        return client.get(url, **headers).status_code
    return client.post(url, objects.post_data(), **headers).status_code


@pytest.mark.parametrize("which", ["shared", "private"])
def test_a_stranger_probing_every_url_gets_what_a_made_up_id_gets(world: World, which: str):
    objects: Objects = getattr(world, which)
    stranger = client_for(world.stranger)
    before = snapshot()
    real = [url for route in id_routes() for url in fill(route, objects.url_values())]
    fake = [url for route in id_routes() for url in fill(route, missing_values(objects))]
    assert len(real) == len(fake) >= 20
    leaks = []
    for real_url, fake_url in zip(real, fake, strict=True):
        statuses = []
        for method in ("GET", "POST"):
            for htmx in (False, True):
                got = probe(stranger, objects, real_url, method, htmx=htmx)
                baseline = probe(stranger, objects, fake_url, method, htmx=htmx)
                if got != baseline or got not in (404, 405):
                    leaks.append(f"{method}{' (htmx)' if htmx else ''} {real_url}: {got} (made-up id: {baseline})")
                statuses.append(got)
        if 404 not in statuses:
            leaks.append(f"{real_url}: never answered 404 ({statuses}), so it does not look the object up")
    assert not leaks, "\n".join(leaks)
    # The POSTs (decide, cancel, upload a version, try a rule) changed nothing.
    assert snapshot() == before
    assert Review.objects.get(pk=objects.review.pk).status == ReviewStatus.AWAITING_DECISION


def test_a_strangers_own_review_cannot_reach_the_owners_recommendation(world: World):
    """The nested id is checked against the parent: the stranger's review + the owner's
    recommendation is a 404, and a decision naming it decides nothing of the owner's."""
    from tests.review.factories import make_review

    theirs = make_review(world.stranger)
    stranger = client_for(world.stranger)
    rec = world.shared.pending
    assert stranger.get(f"/reviews/{theirs.pk}/recommendations/{rec.pk}/").status_code == 404
    before = Decision.objects.filter(recommendation=rec).count()
    response = stranger.post(f"/reviews/{theirs.pk}/decide/", {
        "recommendation": rec.pk, "proposal": rec.current_proposal_id, "action": "accept", "key": "cross",
    })
    assert response.status_code in (200, 302)
    assert Decision.objects.filter(recommendation=rec).count() == before
    rec.refresh_from_db()
    assert rec.status == "pending"
    assert not Decision.objects.filter(actor=world.stranger).exclude(review=theirs).exists()


def test_a_new_review_cannot_pin_someone_elses_playbook(world: World):
    from tests.review.factories import contract_docx

    stranger = client_for(world.stranger)
    version = world.private.review.playbook_version
    page = stranger.get("/reviews/new/").content.decode()
    assert version.playbook.name not in page or f'value="{version.pk}"' not in page
    upload = _docx_upload(contract_docx())
    response = stranger.post("/reviews/new/", {"contract": upload, "playbook_version": version.pk, "party": ""})
    assert response.status_code == 200  # the form again, with an error
    assert "Select a valid choice" in response.content.decode()
    assert not Review.objects.filter(owner=world.stranger).exists()
    assert not Document.objects.filter(owner=world.stranger).exists()


def test_a_document_cannot_be_shared_with_someone_elses_team(world: World):
    from tests.review.factories import contract_docx

    stranger = client_for(world.stranger)
    response = stranger.post("/documents/upload/", {"file": _docx_upload(contract_docx()), "team": world.team.pk})
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    assert not Document.objects.filter(owner=world.stranger).exists()


def test_a_playbook_cannot_be_put_in_someone_elses_team(world: World):
    stranger = client_for(world.stranger)
    source = "name: Sneaky\nrules:\n  - id: x\n    title: X\n    severity: low\n    find: {any: [x]}\n    check: {must_exist: true}\n"
    response = stranger.post("/playbooks/upload/", {"source": source, "team": world.team.pk})
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    assert not PlaybookVersion.objects.filter(playbook__name="Sneaky").exists()


def test_lists_show_only_what_the_user_may_see(world: World):
    stranger = client_for(world.stranger)
    links = [f"/reviews/{world.shared.review.pk}/", f"/documents/{world.shared.document.pk}/",
             f"/playbooks/{world.shared.playbook.pk}/"]
    for url in ("/reviews/", "/documents/", "/playbooks/"):
        html = stranger.get(url).content.decode()
        assert not [link for link in links if link in html], url
    teammate = client_for(world.teammate)
    html = teammate.get("/reviews/").content.decode()
    assert f"/reviews/{world.shared.review.pk}/" in html
    assert f"/reviews/{world.private.review.pk}/" not in html


def _docx_upload(data: bytes):  # type: ignore[no-untyped-def]
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("contract.docx", data,
                              "application/vnd.openxmlformats-officedocument.wordprocessingml.document")
