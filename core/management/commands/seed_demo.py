from typing import Any

from django.core.management.base import BaseCommand

from core import demo
from core.services import demo_seed_users


class Command(BaseCommand):
    help = "Create the demo users, team, playbooks and contract. Safe to run again."

    def handle(self, *args: Any, **options: Any) -> None:
        seed = demo_seed_users()
        self.stdout.write(f"Demo login: {demo.DEMO_USERNAME} / {demo.DEMO_PASSWORD} (team {seed.team.name})")
        self.stdout.write(f"Admin login: {demo.ADMIN_USERNAME} / {demo.DEMO_PASSWORD}")
