from django.conf import settings
from django.db import models


class Team(models.Model):
    """A legal team. Contracts, reviews and playbooks belong to an owner and, optionally, a
    team: members of the team see them too; nobody else does (404)."""

    name = models.CharField(max_length=120, unique=True)
    members = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="teams", blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class LoginFailure(models.Model):
    """One failed login, kept for the throttling window (``core/throttle.py``). In the database,
    not in a process's memory or a cache: every gunicorn process sees the same count, and the
    embedded app needs no Redis for it."""

    username = models.CharField(max_length=150, blank=True)  # case-folded, as typed
    ip = models.GenericIPAddressField(null=True, blank=True)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["-created_at"]
        indexes = [
            models.Index(fields=["username", "created_at"]),
            models.Index(fields=["ip", "created_at"]),
            models.Index(fields=["created_at"]),
        ]

    def __str__(self) -> str:
        return f"{self.username or '?'} from {self.ip or '?'} at {self.created_at:%Y-%m-%d %H:%M:%S}"
