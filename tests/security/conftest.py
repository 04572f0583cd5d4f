"""Fixtures of the security tests: the project's URLs read from the resolver, and a "world" of
real objects (users, a team, reviews analysed by the real engine, documents with two versions,
playbooks with two versions) whose ids fill those URLs."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from core.models import Team
from playbooks.models import PlaybookVersion
from playbooks.services import playbook_upload
from review.models import Approval, Recommendation, RecommendationStatus, Review
from tests.factories import TeamFactory
from tests.review.factories import PLAYBOOK_YAML, author_user, decide, make_review, shown


@dataclass(frozen=True)
class Route:
    namespace: str
    name: str
    route: str
    params: tuple[str, ...]

    @property
    def view_name(self) -> str:
        return f"{self.namespace}:{self.name}" if self.namespace else self.name


def project_routes() -> list[Route]:
    """Every URL pattern of the project's own apps (the admin is Django's and skipped)."""
    routes: list[Route] = []

    def walk(patterns: list, prefix: str, namespace: str) -> None:
        for entry in patterns:
            if isinstance(entry, URLResolver):
                if str(entry.pattern).startswith("admin/"):
                    continue
                walk(entry.url_patterns, prefix + str(entry.pattern), entry.namespace or namespace)
            elif isinstance(entry, URLPattern):
                assert entry.name, f"unnamed URL pattern {prefix}{entry.pattern}: name it so tests can reverse it"
                converters = getattr(entry.pattern, "converters", {})
                routes.append(Route(namespace, entry.name, prefix + str(entry.pattern), tuple(converters)))

    walk(get_resolver().url_patterns, "", "")
    return routes


def fill(route: Route, values: dict[str, dict[str, list[Any]]]) -> list[str]:
    """The URLs of ``route`` with every combination of the given values of its parameters.
    Raises KeyError for a parameter nobody said how to fill."""
    if not route.params:
        return [reverse(route.view_name)]
    by_param = values[route.namespace]
    choices = [by_param[param] for param in route.params]
    return [reverse(route.view_name, kwargs=dict(zip(route.params, combo, strict=True)))
            for combo in itertools.product(*choices)]


# Decisions on renewals need a second human (docs/decisions/approvals.md), so the world holds an open approval too.
GATED_YAML = PLAYBOOK_YAML.replace("    guidance: Long renewals lock us in.\n",
                                   "    guidance: Long renewals lock us in.\n    requires_approval: true\n")
assert GATED_YAML != PLAYBOOK_YAML
V2_YAML = GATED_YAML.replace("Longer terms hurt our cash flow", "Long payment terms hurt our cash flow")


@dataclass
class Objects:
    """One user's review and everything it points at."""

    review: Review
    playbook_v2: PlaybookVersion
    decided: Recommendation
    pending: Recommendation
    approval: Approval
    conversion: Any = None  # an upload being converted (documents/conversions.py)

    @property
    def document(self) -> Any:
        return self.review.document

    @property
    def playbook(self) -> Any:
        return self.review.playbook_version.playbook

    def url_values(self) -> dict[str, dict[str, list[Any]]]:
        """How to fill each (namespace, parameter) with this user's ids. A new URL parameter must be
        added here, or the IDOR probe fails: no page escapes it."""
        return {
            "review": {
                "review_id": [self.review.pk],
                "recommendation_id": [self.pending.pk, self.decided.pk],
                "kind": ["clean", "redline"],
                "approval_id": [self.approval.pk],
                "fmt": ["csv", "xlsx"],
            },
            "documents": {"pk": [self.document.pk], "number": [1, 2], "kind": ["clean", "redline"],
                          "conversion_id": [self.conversion.pk]},
            "playbooks": {"pk": [self.playbook.pk], "number": [1, 2]},
        }

    def post_data(self) -> dict[str, Any]:
        """One body for every POST: whatever a view reads, it finds a real value of this user."""
        return {
            "recommendation": self.pending.pk,
            "proposal": self.pending.current_proposal_id,
            "action": "reject",
            "key": "probe-key",
            "reason": "probe",
            "instruction": "softer",
            "rule": "payment-terms",
            "text": "Customer shall pay all invoices within ninety (90) days.",
            "source": V2_YAML.replace("Long payment", "Probed payment"),
            "change_note": "probe",
            "playbook_version": self.review.playbook_version_id,
            "party": "customer",
            "title": "probe",
            "confirm": "yes",  # the cancel page's confirmation
            "decision": self.decided.decisions.filter(outcome="applied").values_list("pk", flat=True).first(),
        }


def build_objects(owner: Any, team: Team | None) -> Objects:
    """A review analysed by the real engine, one recommendation accepted (document version 2),
    one rejected and waiting for approval, the playbook at version 2; the review still awaits
    decisions."""
    review = make_review(owner, team=team, playbook=GATED_YAML)
    first = shown(review, "payment-terms")
    assert decide(review, first, "accept").outcome == "applied"
    decide(review, shown(review, "renewal-term"), "reject", reason="gated")
    approval = Approval.objects.get(review=review, status="open")
    review.refresh_from_db()
    playbook = review.playbook_version.playbook
    v2, created = playbook_upload(author=owner, source=V2_YAML, playbook=playbook)
    assert created and v2.number == 2
    pending = review.recommendations.filter(status=RecommendationStatus.PENDING).order_by("ordinal").first()
    assert pending is not None and review.document.versions.count() == 2
    from documents.models import Conversion
    from documents.services import blob_store

    conversion = Conversion.objects.create(owner=owner, team=team, filename="returned.pdf",
                                           source=blob_store(data=b"%PDF-1.4 probe"))
    return Objects(review=review, playbook_v2=v2, decided=Recommendation.objects.get(pk=first.pk), pending=pending,
                   approval=approval, conversion=conversion)


@dataclass
class World:
    owner: Any
    teammate: Any
    stranger: Any
    team: Team
    shared: Objects  # the owner's, shared with the team
    private: Objects  # the owner's alone
    extras: dict[str, Any] = field(default_factory=dict)


@pytest.fixture
def world(db) -> World:  # type: ignore[no-untyped-def]
    team = TeamFactory(name="Owner's team")
    owner = author_user(username="owner", team=team)
    teammate = author_user(username="teammate", team=team)
    # The stranger has every role and a team of their own: only scoping can stop them.
    stranger = author_user(username="stranger", team=TeamFactory(name="Stranger's team"))
    return World(owner=owner, teammate=teammate, stranger=stranger, team=team,
                 shared=build_objects(owner, team), private=build_objects(owner, None))
