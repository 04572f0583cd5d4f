"""Writes of the core app: the demo's users and team (idempotent; review/demo.py seeds the rest)."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractUser, Group
from django.db import transaction

from . import demo, roles
from .models import Team


@dataclass
class DemoSeed:
    user: AbstractUser
    admin: AbstractUser
    team: Team
    playbooks: int = 0
    contract_created: bool = False


@transaction.atomic
def demo_seed_users() -> DemoSeed:
    """Create (or repair) the demo lawyer/author, the demo admin and their team. Running it
    again changes nothing but resets the demo passwords to the documented ones."""
    User = get_user_model()
    team, _ = Team.objects.get_or_create(name=demo.DEMO_TEAM)
    user, _ = User.objects.get_or_create(
        username=demo.DEMO_USERNAME, defaults={"first_name": "Dana", "last_name": "Demo"}
    )
    user.set_password(demo.DEMO_PASSWORD)
    user.save()
    user.groups.add(*(Group.objects.get_or_create(name=name)[0] for name in (roles.LAWYER, roles.PLAYBOOK_AUTHOR)))
    admin, _ = User.objects.get_or_create(username=demo.ADMIN_USERNAME, defaults={"first_name": "Ada"})
    admin.is_staff = True
    admin.is_superuser = True
    admin.set_password(demo.DEMO_PASSWORD)
    admin.save()
    admin.groups.add(Group.objects.get_or_create(name=roles.ADMIN)[0])
    team.members.add(user, admin)
    return DemoSeed(user=user, admin=admin, team=team)
