"""The three roles, as Django groups created by a data migration."""

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

LAWYER = "Lawyer"
PLAYBOOK_AUTHOR = "Playbook author"
ADMIN = "Admin"
ALL_ROLES = (LAWYER, PLAYBOOK_AUTHOR, ADMIN)


def has_role(user: AbstractBaseUser | AnonymousUser, role: str) -> bool:
    if not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    # Cached per request object: templates and views ask several times.
    cache = getattr(user, "_redpen_roles", None)
    if cache is None:
        cache = set(user.groups.values_list("name", flat=True))  # type: ignore[attr-defined]
        user._redpen_roles = cache  # type: ignore[union-attr]
    return role in cache or (role != ADMIN and ADMIN in cache)
