"""The whole demo (``manage.py seed_demo``, ``make run``): the users and team of core, the starter
playbooks, the demo contract and its first review. It lives in review, the app that may use all the
others; core/services.py seeds only the users and team."""

from __future__ import annotations

import contextlib

from core import demo
from core.services import DemoSeed, demo_seed_users
from documents.models import Document
from documents.services import document_create
from playbooks.models import PlaybookVersion
from playbooks.services import library_import

from .workflow import ReviewRefused, review_start


def demo_seed(*, with_review: bool = True) -> DemoSeed:
    """The whole demo: users and team, the starter playbooks, the demo contract and, the first
    time, a review of it with the SaaS playbook (its analysis runs on the worker). Idempotent."""
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
