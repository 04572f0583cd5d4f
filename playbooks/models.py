"""Playbooks and their immutable versions (docs/playbook-format.md); a review pins the version it
started with (docs/architecture.md, "The workflow")."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from django.conf import settings
from django.db import models

from .rules import PlaybookSpec


class ImmutableVersionError(Exception):
    """A playbook version never changes once stored: reviews cite it by number."""


_SPECS: dict[tuple[int | None, str], PlaybookSpec] = {}


class Playbook(models.Model):
    """A named set of rules, owned by its first author and shared with a team. Its name,
    description and party follow the latest version's file."""

    name = models.CharField(max_length=200)
    description = models.TextField(blank=True)
    party = models.CharField(max_length=100, blank=True)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="playbooks")
    team = models.ForeignKey("core.Team", on_delete=models.PROTECT, null=True, blank=True, related_name="playbooks")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return self.name


class PlaybookVersion(models.Model):
    """One uploaded file, exactly as uploaded, with its parsed rules. Never changed after save."""

    playbook = models.ForeignKey(Playbook, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    source = models.TextField(help_text="The YAML file exactly as uploaded.")
    sha256 = models.CharField(max_length=64, help_text="SHA-256 of the source's UTF-8 bytes.")
    spec = models.JSONField(help_text="The validated rules (PlaybookSpec.to_dict()).")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="playbook_versions")
    created_at = models.DateTimeField(auto_now_add=True)
    change_note = models.CharField(max_length=500, blank=True)

    class Meta:
        ordering = ["playbook", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["playbook", "number"], name="playbook_version_number_unique"),
        ]

    def __str__(self) -> str:
        return self.label

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise ImmutableVersionError(f"{self.label} is immutable: upload a changed file to make a new version.")
        super().save(*args, **kwargs)

    @cached_property
    def playbook_spec(self) -> PlaybookSpec:
        # Versions are immutable: one parsed spec per version and process.
        key = (self.pk, self.sha256)
        spec = _SPECS.get(key)
        if spec is None:
            spec = _SPECS[key] = PlaybookSpec.from_dict(self.spec)
        return spec

    @property
    def label(self) -> str:
        # The version's own name: a later rename of the playbook does not rewrite what a
        # review pinned.
        name = (self.spec or {}).get("name") or getattr(self.playbook, "name", "") or "Playbook"
        return f"{name} v{self.number}"

    @property
    def rule_count(self) -> int:
        return len((self.spec or {}).get("rules", []))

    @property
    def filename(self) -> str:
        from django.utils.text import slugify

        return f"{slugify(self.label) or 'playbook'}.yaml"
