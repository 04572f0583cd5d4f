from django.http import HttpRequest

from .sources import count_for


def inbox(request: HttpRequest) -> dict[str, object]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"inbox_count": count_for(user)}
