from django.http import HttpRequest

from .roles import PLAYBOOK_AUTHOR, has_role


def navigation(request: HttpRequest) -> dict[str, object]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"can_author_playbooks": has_role(user, PLAYBOOK_AUTHOR)}
