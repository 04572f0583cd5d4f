"""Factories shared by the whole suite."""

from __future__ import annotations

import factory
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group

from core.models import Team
from core.roles import LAWYER, PLAYBOOK_AUTHOR

PASSWORD = "correct horse battery staple"


class TeamFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Team
        django_get_or_create = ("name",)

    name = factory.Sequence(lambda n: f"Team {n}")


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.test")
    password = factory.PostGenerationMethodCall("set_password", PASSWORD)

    @factory.post_generation
    def roles(self, create: bool, extracted: list[str] | None, **kwargs: object) -> None:
        if create:
            names = extracted if extracted is not None else [LAWYER]
            # get_or_create: transactional tests flush the groups the data migration made.
            self.groups.add(*(Group.objects.get_or_create(name=name)[0] for name in names))
            self.save()

    @factory.post_generation
    def team(self, create: bool, extracted: Team | None, **kwargs: object) -> None:
        if create and extracted is not None:
            extracted.members.add(self)


def lawyer(**kwargs: object):  # type: ignore[no-untyped-def]
    return UserFactory(roles=[LAWYER], **kwargs)


def author(**kwargs: object):  # type: ignore[no-untyped-def]
    return UserFactory(roles=[LAWYER, PLAYBOOK_AUTHOR], **kwargs)
