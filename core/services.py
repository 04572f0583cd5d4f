"""Writes of the core app: the demo seed (idempotent)."""

from __future__ import annotations

import contextlib
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


def demo_seed(*, with_review: bool = True) -> DemoSeed:
    """The whole demo: users and team, the starter playbooks, the demo contract and, the first
    time, a review of it with the SaaS playbook (its analysis runs on the worker). Idempotent."""
    from documents.models import Document
    from documents.services import document_create
    from playbooks.models import PlaybookVersion
    from playbooks.services import library_import
    from review.workflow import ReviewRefused, review_start

    seed = demo_seed_users()
    versions = library_import(owner=seed.user, team=seed.team)
    seed.playbooks = len(versions)
    if not Document.objects.filter(owner=seed.user, title=demo.DEMO_CONTRACT_TITLE).exists():
        document = document_create(owner=seed.user, team=seed.team, filename="cloudwise-msa-demo.docx",
                                   data=demo.build_demo_contract_docx(), title=demo.DEMO_CONTRACT_TITLE)
        seed.contract_created = True
        saas = (PlaybookVersion.objects.filter(playbook__team=seed.team, playbook__name__icontains="SaaS")
                .order_by("-number").first())
        if with_review and saas is not None:
            # At the cap, the contract is still there to start a review by hand.
            with contextlib.suppress(ReviewRefused):
                review_start(owner=seed.user, team=seed.team, document=document, playbook_version=saas)
    return seed
