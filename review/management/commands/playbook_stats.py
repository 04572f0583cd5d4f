"""Override statistics of one playbook, headless.

    python manage.py playbook_stats NAME [--team TEAM] [--playbook-version N] [--json]

With ``--json`` it prints::

    {"playbook": NAME, "versions": [...], "reviews": N, "totals": {...},
     "rules": [{"rule_id", "title", "recommendations", "accepted", "revised", "rejected",
                "open", "superseded", "sent_back", "fallback",
                "reasons": [{"text", "count"}], "reasons_redacted", "reasons_missing",
                "instructions": [{"text", "count"}], "instructions_redacted", "by_version": {...}}]}

``accepted`` is accepted as proposed, ``revised`` accepted after a revision (the two never
overlap). Without ``--json``, a table. Several playbooks of that name (different teams): name
the team. An unknown playbook or version: one line on stderr, non-zero exit.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from playbooks.models import Playbook
from review.authoring.stats import playbook_stats


class Command(BaseCommand):
    help = "Print a playbook's override statistics (per rule: recommended, accepted, revised, rejected, reasons)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("name", help="the playbook's name (as on the Playbooks page)")
        parser.add_argument("--team", help="the team that owns it, when several playbooks have that name")
        parser.add_argument("--playbook-version", dest="playbook_version", type=int,
                            help="only reviews pinned to this version (default: all)")
        parser.add_argument("--json", action="store_true", help="print JSON")

    def handle(self, *args: Any, **options: Any) -> None:
        matches = Playbook.objects.filter(name__iexact=options["name"].strip()).select_related("team")
        if options.get("team"):
            matches = matches.filter(team__name__iexact=options["team"].strip())
        found = list(matches.order_by("pk"))
        if not found:
            raise CommandError(f"no playbook named {options['name']!r}")
        if len(found) > 1:
            teams = ", ".join(sorted(str(p.team or f"{p.owner} only") for p in found))
            raise CommandError(f"{len(found)} playbooks are named {options['name']!r} ({teams}): add --team")
        playbook = found[0]
        version = options.get("playbook_version")
        if version is not None and not playbook.versions.filter(number=version).exists():
            raise CommandError(f"{playbook.name} has no version {version}")
        result = playbook_stats(playbook, version)
        if options["json"]:
            self.stdout.write(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
            return
        scope = f"v{version}" if version else "all versions"
        self.stdout.write(f"{playbook.name} ({scope}): {result.reviews} reviews, "
                          f"{result.totals.recommendations} recommendations")
        self.stdout.write(f"{'rule':<36} {'rec':>5} {'acc':>5} {'rev':>5} {'rej':>5} {'back':>5}  top reason")
        for rule in result.rules:
            c = rule.totals
            top = f"{rule.reasons[0].text} ({rule.reasons[0].count})" if rule.reasons else ""
            self.stdout.write(f"{rule.rule_id[:36]:<36} {c.recommendations:>5} {c.accepted:>5} {c.revised:>5} "
                              f"{c.rejected:>5} {c.sent_back:>5}  {top}")
