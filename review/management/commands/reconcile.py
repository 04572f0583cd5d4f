from typing import Any

from django.core.management.base import BaseCommand

from review.reconcile import reconcile


class Command(BaseCommand):
    help = "Re-drive lost analysis jobs, complete idle reviews, report decisions recorded but not applied."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--stale-after", type=float, default=None, help="seconds (default: setting)")

    def handle(self, *args: Any, stale_after: float | None, **options: Any) -> None:
        report = reconcile(stale_after=stale_after)
        self.stdout.write(report.summary())
