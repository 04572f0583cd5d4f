from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from .sources import count_for


def inbox(request: HttpRequest) -> dict[str, object]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    # Lazy: counted only when a page shows the navigation, never for an HTMX partial.
    return {"inbox_count": SimpleLazyObject(lambda: count_for(user))}
