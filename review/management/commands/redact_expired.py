from typing import Any

from django.core.management.base import BaseCommand

from review.retention import redact_expired


class Command(BaseCommand):
    help = "Redact finished reviews older than the retention window (REDPEN_RETENTION_DAYS)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--older-than-days", type=int, default=None)

    def handle(self, *args: Any, older_than_days: int | None, **options: Any) -> None:
        self.stdout.write(redact_expired(older_than_days=older_than_days).summary())
