import pytest
from django.core.exceptions import PermissionDenied

from playbooks.loader.issues import PlaybookInvalid
from playbooks.models import Playbook, PlaybookVersion
from playbooks.selectors import latest_version, playbooks_visible_to, versions_for_new_review
from playbooks.services import playbook_upload, source_sha256
from tests.factories import TeamFactory, author, lawyer
from tests.playbooks.helpers import V1, V2

pytestmark = pytest.mark.django_db


def test_identical_upload_makes_no_new_version():
    user = author()
    first, created = playbook_upload(author=user, source=V1)
    again, created_again = playbook_upload(author=user, source=V1.encode(), playbook=first.playbook)
    assert created and not created_again
    assert again.pk == first.pk
    assert PlaybookVersion.objects.count() == 1


def test_identical_upload_without_picking_the_playbook_finds_it_by_name():
    team = TeamFactory()
    user = author(team=team)
    first, _ = playbook_upload(author=user, source=V1, team=team)
    again, created = playbook_upload(author=user, source=V1, team=team)
    assert not created and again == first
    assert Playbook.objects.count() == 1


def test_changed_upload_makes_version_two_and_the_playbook_follows_it():
    user = author()
    v1, _ = playbook_upload(author=user, source=V1)
    v2, created = playbook_upload(author=user, source=V2, playbook=v1.playbook, change_note="45 days")
    assert created and v2.number == 2 and v2.playbook == v1.playbook
    assert latest_version(v1.playbook) == v2
    assert v2.playbook_spec.rule("payment-terms").check.value == 45
    v1.refresh_from_db()
    assert v1.source == V1 and v1.playbook_spec.rule("payment-terms").check.value == 30


def test_reverting_to_an_older_file_is_a_new_version():
    user = author()
    v1, _ = playbook_upload(author=user, source=V1)
    playbook_upload(author=user, source=V2, playbook=v1.playbook)
    v3, created = playbook_upload(author=user, source=V1, playbook=v1.playbook)
    assert created and v3.number == 3 and v3.sha256 == v1.sha256


def test_bytes_are_stored_so_that_they_encode_back_identically():
    raw = ("\ufeff" + V1).replace("\n", "\r\n").encode("utf-8")
    version, _ = playbook_upload(author=author(), source=raw)
    assert version.source.encode("utf-8") == raw
    assert version.sha256 == source_sha256(version.source)


def test_invalid_file_stores_nothing():
    with pytest.raises(PlaybookInvalid) as info:
        playbook_upload(author=author(), source=V1.replace("max_days", "max_dayz"))
    assert str(info.value.errors[0]) == "rule payment-terms, check: unknown check 'max_dayz' (line 9)"
    assert not Playbook.objects.exists() and not PlaybookVersion.objects.exists()


def test_lawyers_cannot_upload():
    with pytest.raises(PermissionDenied):
        playbook_upload(author=lawyer(), source=V1)
    assert not Playbook.objects.exists()


def test_authors_cannot_upload_into_other_teams_or_their_playbooks():
    mine, theirs = TeamFactory(), TeamFactory()
    outsider = author(team=mine)
    with pytest.raises(PermissionDenied):
        playbook_upload(author=outsider, source=V1, team=theirs)
    other_version, _ = playbook_upload(author=author(team=theirs), source=V1, team=theirs)
    with pytest.raises(PermissionDenied):
        playbook_upload(author=outsider, source=V2, playbook=other_version.playbook)
    assert PlaybookVersion.objects.count() == 1


def test_visibility_owner_and_team_members_only():
    team, other = TeamFactory(), TeamFactory()
    owner = author(team=team)
    member, stranger = lawyer(team=team), lawyer(team=other)
    version, _ = playbook_upload(author=owner, source=V1, team=team)
    private, _ = playbook_upload(author=owner, source=V2)  # no team: the owner's own
    assert set(playbooks_visible_to(owner)) == {version.playbook, private.playbook}
    assert list(playbooks_visible_to(member)) == [version.playbook]
    assert list(playbooks_visible_to(stranger)) == []


def test_versions_for_new_review_are_the_latest_visible_ones():
    team = TeamFactory()
    user = author(team=team)
    v1, _ = playbook_upload(author=user, source=V1, team=team)
    v2, _ = playbook_upload(author=user, source=V2, playbook=v1.playbook)
    other, _ = playbook_upload(author=author(), source=V1)
    assert list(versions_for_new_review(lawyer(team=team))) == [v2]
    assert other not in versions_for_new_review(user)
