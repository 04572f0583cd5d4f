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
