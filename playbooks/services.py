"""Writes of the playbooks app: uploading a file (a new version, or none if identical) and
importing the starter library. Validation happens before anything is stored."""

from __future__ import annotations

import hashlib
from pathlib import Path

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, Group
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction

from core.models import Team
from core.roles import PLAYBOOK_AUTHOR, has_role

from .loader import load_playbook
from .loader.issues import PlaybookInvalid, ValidationIssue
from .models import Playbook, PlaybookVersion
from .rules import PlaybookSpec
from .selectors import playbooks_visible_to

LIBRARY_DIR = Path(__file__).resolve().parent / "library"
LIBRARY_NOTE = "Imported from the starter library"


def source_text(source: str | bytes) -> str:
    """The stored text: bytes decode without touching a byte-order mark or line endings, so
    the download encodes back to exactly what was uploaded."""
    return source.decode("utf-8") if isinstance(source, bytes) else source


def source_sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _is_member(user: AbstractBaseUser, team: Team) -> bool:
    return bool(user.is_superuser) or team.members.filter(pk=user.pk).exists()  # type: ignore[attr-defined]


def approver_issues(spec: PlaybookSpec, team: Team) -> list[ValidationIssue]:
    """Approvers named by the playbook must belong to the team it is uploaded for
    (docs/decisions/approvals.md): a named user must be a member (or a superuser), a named
    group must have a member in the team. A name that does not exist is left to the approval
    routing, which falls back to the default approver."""
    issues: list[ValidationIssue] = []
    members = team.members.all()
    named = [(None, "approvals.approver", spec.approver)] + [(r.id, "approver", r.approver) for r in spec.rules]
    for rule_id, field_name, ref in named:
        kind, _, name = (ref or "").partition(":")
        name = name.strip()
        if kind == "user":
            user = get_user_model().objects.filter(username=name, is_active=True).first()
            if user is not None and not user.is_superuser and not members.filter(pk=user.pk).exists():
                issues.append(ValidationIssue(rule_id, field_name, None,
                                              f"{name} is not a member of the team {team.name}: approvers must be"))
        elif kind == "group":
            group = Group.objects.filter(name=name).first()
            if group is not None and not group.user_set.filter(pk__in=members).exists() \
                    and not group.user_set.filter(is_superuser=True).exists():
                issues.append(ValidationIssue(rule_id, field_name, None,
                                              f"no member of the group {name} is in the team {team.name}"))
    return issues


def playbook_upload(
    *,
    author: AbstractBaseUser,
    source: str | bytes,
    playbook: Playbook | None = None,
    team: Team | None = None,
    change_note: str = "",
) -> tuple[PlaybookVersion, bool]:
    """Store an uploaded playbook file as the next version of a playbook.

    Returns ``(version, created)``. A file identical to the latest version makes no version
    (``created`` is False). Without ``playbook``, the playbook of the same name in ``team`` (or,
    with no team, the author's own) receives the version, or a new playbook is made. Raises
    ``loader.PlaybookInvalid`` (nothing stored) or ``PermissionDenied``.
    """
    if not has_role(author, PLAYBOOK_AUTHOR):
        raise PermissionDenied("Only playbook authors may upload playbooks.")
    spec = load_playbook(source)
    text = source_text(source)
    digest = source_sha256(text)
    if playbook is not None:
        if not playbooks_visible_to(author).filter(pk=playbook.pk).exists():
            raise PermissionDenied("This playbook is not yours or your team's.")
        team = playbook.team
    elif team is not None and not _is_member(author, team):
        raise PermissionDenied("You are not a member of that team.")
    if team is not None:
        issues = approver_issues(spec, team)
        if issues:
            raise PlaybookInvalid(issues)

    # Two uploads at once may both compute number N+1: the unique constraint lets one win and
    # the other retries with N+2 (or finds the identical file already stored).
    for attempt in range(3):
        try:
            with transaction.atomic():
                return _store_version(
                    author=author,
                    spec_name=spec.name,
                    spec=spec.to_dict(),
                    text=text,
                    digest=digest,
                    playbook=playbook,
                    team=team,
                    change_note=change_note,
                )
        except IntegrityError:
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


def _store_version(
    *,
    author: AbstractBaseUser,
    spec_name: str,
    spec: dict,
    text: str,
    digest: str,
    playbook: Playbook | None,
    team: Team | None,
    change_note: str,
) -> tuple[PlaybookVersion, bool]:
    if playbook is None:
        same_name = Playbook.objects.filter(name=spec_name)
        same_name = same_name.filter(team=team) if team is not None else same_name.filter(team=None, owner=author)
        playbook = same_name.order_by("pk").first()
    if playbook is None:
        playbook = Playbook.objects.create(
            name=spec_name, description=spec["description"], party=spec["party"], owner=author, team=team
        )
    else:
        playbook = Playbook.objects.select_for_update().get(pk=playbook.pk)
    latest = playbook.versions.order_by("-number").first()
    if latest is not None and latest.sha256 == digest:
        return latest, False
    version = PlaybookVersion.objects.create(
        playbook=playbook,
        number=(latest.number + 1) if latest else 1,
        source=text,
        sha256=digest,
        spec=spec,
        author=author,
        change_note=change_note.strip()[:500],
    )
    # The playbook shows what its latest file says.
    playbook.name = spec_name
    playbook.description = spec["description"]
    playbook.party = spec["party"]
    playbook.save(update_fields=["name", "description", "party", "updated_at"])
    return version, True


def library_files() -> list[Path]:
    return sorted(LIBRARY_DIR.glob("*.yaml"))


def library_import(*, owner: AbstractBaseUser, team: Team | None) -> list[PlaybookVersion]:
    """Load every playbook of ``playbooks/library/`` for ``owner`` and ``team``. Idempotent:
    running it again stores nothing unless a library file changed (then it is a new version)."""
    versions: list[PlaybookVersion] = []
    for path in library_files():
        version, _ = playbook_upload(author=owner, source=path.read_bytes(), team=team, change_note=LIBRARY_NOTE)
        versions.append(version)
    return versions
