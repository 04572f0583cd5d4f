"""Reads of the playbooks app. Visibility: a playbook is seen by its owner and the members of
its team; everyone else gets a 404 from the views."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Max, OuterRef, Q, QuerySet, Subquery
from django.http import Http404
from django.shortcuts import get_object_or_404

from .models import Playbook, PlaybookVersion
from .suggestions import RuleInfo

User = AbstractBaseUser | AnonymousUser


def playbooks_visible_to(user: User) -> QuerySet[Playbook]:
    if not user.is_authenticated:
        return Playbook.objects.none()
    # A subquery rather than a join: no duplicate rows, and the queryset stays filterable.
    team_ids = user.teams.values("pk")  # type: ignore[union-attr]
    return Playbook.objects.filter(Q(owner=user) | Q(team__in=team_ids)).select_related("owner", "team")


def playbook_list_for(user: User) -> QuerySet[Playbook]:
    """Visible playbooks with their latest version number, for the list page."""
    return playbooks_visible_to(user).annotate(latest_number=Max("versions__number")).order_by("name", "pk")


def playbook_for(user: User, pk: int) -> Playbook:
    return get_object_or_404(playbooks_visible_to(user), pk=pk)


def version_for(user: User, playbook_pk: int, number: int) -> PlaybookVersion:
    return get_object_or_404(
        PlaybookVersion.objects.select_related("playbook", "author"),
        playbook__in=playbooks_visible_to(user),
        playbook_id=playbook_pk,
        number=number,
    )


def latest_version(playbook: Playbook) -> PlaybookVersion | None:
    return playbook.versions.select_related("author").order_by("-number").first()


def versions_of(playbook: Playbook) -> QuerySet[PlaybookVersion]:
    return playbook.versions.select_related("author").order_by("-number")


def versions_for_new_review(user: User) -> QuerySet[PlaybookVersion]:
    """The latest version of every playbook the user may see: what a new review can pin."""
    newest = PlaybookVersion.objects.filter(playbook=OuterRef("playbook")).order_by("-number").values("number")[:1]
    return (
        PlaybookVersion.objects.filter(playbook__in=playbooks_visible_to(user), number=Subquery(newest))
        .select_related("playbook")
        .order_by("playbook__name", "playbook__pk")
    )


# -- override statistics ----------------------------------------------------------------------


def playbook_for_author(user: User, pk: int) -> Playbook:
    """A playbook the user may author: visible to them and they hold the author role; any other
    gets a 404 (the statistics show decisions of the whole team)."""
    from core.roles import PLAYBOOK_AUTHOR, has_role

    if not has_role(user, PLAYBOOK_AUTHOR):
        raise Http404("No such playbook.")
    return playbook_for(user, pk)


def stats_rule_infos(playbook: Playbook) -> list[RuleInfo]:
    """The latest version's rules, each with the versions that had the same positions and the
    same find (what the suggestions may count)."""
    versions = list(versions_of(playbook))
    if not versions:
        return []
    latest = versions[0].playbook_spec
    infos = []
    for rule in latest.rules:
        same_positions, same_find = set(), set()
        for version in versions:
            try:
                old = version.playbook_spec.rule(rule.id)
            except KeyError:
                continue
            if old.positions == rule.positions:
                same_positions.add(version.number)
            if old.find == rule.find and old.check.kind == rule.check.kind:
                same_find.add(version.number)
        infos.append(
            RuleInfo(
                id=rule.id, title=rule.title, line=rule.line, positions=len(rule.positions),
                variants=tuple(name for name, _ in rule.variants), check_kind=rule.check.kind,
                same_positions_versions=frozenset(same_positions), same_find_versions=frozenset(same_find),
            )
        )
    return infos
