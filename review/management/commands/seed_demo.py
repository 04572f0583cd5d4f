from typing import Any

from django.core.management.base import BaseCommand

from core import demo
from review.demo import demo_seed


class Command(BaseCommand):
    help = "Create the demo users, team, playbooks and contract. Safe to run again."

    def handle(self, *args: Any, **options: Any) -> None:
        seed = demo_seed()
        contract = "created (its review is analysed once a worker runs)" if seed.contract_created else "already there"
        self.stdout.write(f"Playbooks: {seed.playbooks} in the library; demo contract {contract}")
        self.stdout.write(f"Demo login: {demo.DEMO_USERNAME} / {demo.DEMO_PASSWORD} (team {seed.team.name})")
        self.stdout.write(f"Admin login: {demo.ADMIN_USERNAME} / {demo.DEMO_PASSWORD}")
