from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from .roles import PLAYBOOK_AUTHOR, has_role


def navigation(request: HttpRequest) -> dict[str, object]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    # Lazy: asked only when a page shows the navigation, never for an HTMX partial.
    return {"can_author_playbooks": SimpleLazyObject(lambda: has_role(user, PLAYBOOK_AUTHOR))}
