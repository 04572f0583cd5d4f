from typing import Any

from django.core.management.base import BaseCommand, CommandError

from review.audit import verify_chain
from review.models import Review, ReviewEvent

FIELDS = ("review_id", "seq", "kind", "actor_id", "data", "created_at", "prev_hash", "hash")


class Command(BaseCommand):
    help = "Verify the hash chain of every review's audit trail: report edited or deleted events."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--review", type=int, default=None, help="only this review id")

    def handle(self, *args: Any, review: int | None, **options: Any) -> None:
        reviews = Review.objects.order_by("pk")
        if review is not None:
            reviews = reviews.filter(pk=review)
        problems = 0
        checked = 0
        for review_id, head, count in reviews.values_list("pk", "audit_head", "audit_count").iterator():
            events = list(ReviewEvent.objects.filter(review_id=review_id).order_by("seq").values(*FIELDS))
            for problem in verify_chain(events, head=head, count=count):
                problems += 1
                self.stderr.write(f"review {review_id}: {problem}")
            checked += 1
        if problems:
            raise CommandError(f"audit trail damaged: {problems} problem(s) in {checked} review(s)")
        self.stdout.write(f"audit trail intact: {checked} review(s) checked")
