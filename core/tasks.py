from celery import shared_task
from django.contrib.auth import get_user_model


@shared_task(name="core.ping")
def ping(token: str) -> dict[str, object]:
    """Round trip through broker, worker and database: used by tests and operators."""
    return {"token": token, "users": get_user_model().objects.count()}
