import pytest

from playbooks.models import ImmutableVersionError, PlaybookVersion
from playbooks.rules import PlaybookSpec
from playbooks.services import playbook_upload
from tests.factories import author
from tests.playbooks.helpers import V1

pytestmark = pytest.mark.django_db


def test_a_version_keeps_the_source_its_hash_and_its_parsed_rules():
    user = author()
    version, created = playbook_upload(author=user, source=V1, change_note="First cut")
    version.refresh_from_db()
    assert created and version.number == 1
    assert version.source == V1
    assert len(version.sha256) == 64
    assert version.author == user and version.change_note == "First cut"
    assert isinstance(version.playbook_spec, PlaybookSpec)
    assert version.playbook_spec.rule("payment-terms").check.value == 30
    assert version.label == "SaaS purchasing (customer side) v1"
    assert version.rule_count == 2
    assert version.filename == "saas-purchasing-customer-side-v1.yaml"
    playbook = version.playbook
    assert (playbook.name, playbook.party, playbook.owner) == ("SaaS purchasing (customer side)", "customer", user)
    assert list(playbook.versions.all()) == [version]


def test_a_stored_version_cannot_be_saved_again():
    version, _ = playbook_upload(author=author(), source=V1)
    version.source = "name: tampered"
    with pytest.raises(ImmutableVersionError):
        version.save()
    assert PlaybookVersion.objects.get(pk=version.pk).source == V1


def test_version_numbers_are_unique_per_playbook():
    from django.db import IntegrityError, transaction

    version, _ = playbook_upload(author=author(), source=V1)
    with pytest.raises(IntegrityError), transaction.atomic():
        PlaybookVersion.objects.create(
            playbook=version.playbook, number=1, source=V1, sha256="x", spec=version.spec, author=version.author
        )
