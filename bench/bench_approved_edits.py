"""Approved edits land: every CUAD contract of shared/data reviewed headless with the
SaaS playbook, accept-all, every approval given by an approver (``review --decide accept-all
--approve-as``). Counts the contracts whose approved liability cap is in the final contract,
and those where an approval could not be applied (a failed application: the review stays open
with the item re-proposed).

    PYTHONPATH=$PWD nice -n 10 .venv/bin/python bench/bench_approved_edits.py
"""

from __future__ import annotations

import io
import json
import sys
import tempfile
from pathlib import Path

from common import SHARED, django_setup, md_table, save_result, write_section

PLAYBOOK = Path(__file__).resolve().parent.parent / "playbooks" / "library" / "saas-customer.yaml"


def main() -> None:
    var = tempfile.mkdtemp(prefix="bench-approved-")
    django_setup(var)
    from django.core.management import call_command

    from core.models import Team
    from review.management.commands.review import HEADLESS_TEAM
    from review.models import Approval, ApprovalStatus
    from tests.factories import UserFactory

    approver = UserFactory(username="head-of-legal", is_superuser=True)
    Team.objects.get_or_create(name=HEADLESS_TEAM)[0].members.add(approver)
    from django.contrib.auth.models import Group

    approver.groups.add(*Group.objects.all())
    contracts = sorted((SHARED / "cuad" / "docx").glob("*.docx"))
    if len(sys.argv) > 1:
        contracts = contracts[: int(sys.argv[1])]
    rows, results = [], []
    for path in contracts:
        out = Path(var) / path.stem
        before = set(Approval.objects.values_list("pk", flat=True))
        # Which party is ours, where the contract does not say: answered as bench_redlines.py does.
        from bench_redlines import ours_for

        from playbooks.loader import load_playbook

        spec = load_playbook(PLAYBOOK.read_bytes())

        call_command("review", str(path), playbook=str(PLAYBOOK), decide="accept-all", author="Ada Lovelace",
                     out=str(out), approve_as=approver.username, ours=ours_for(path, spec),
                     stdout=io.StringIO())
        report = json.loads((out / "report.json").read_text())
        approvals = Approval.objects.exclude(pk__in=before)
        cap = [a for a in approvals if a.recommendation.rule_id == "limitation-of-liability"]
        asked = bool(cap)
        applied = any(a.status == ApprovalStatus.APPROVED for a in cap)
        failed = sum(1 for a in approvals if a.status == "failed_application")
        results.append({"contract": path.stem, "cap_asked": asked, "cap_applied": applied,
                        "failed_applications": failed, "status": report["status"]})
        rows.append((path.stem, "yes" if asked else "no", "yes" if applied else ("NO" if asked else "—"),
                     failed, report["status"]))
        print(rows[-1], flush=True)
    asked = sum(1 for r in results if r["cap_asked"])
    applied = sum(1 for r in results if r["cap_applied"])
    save_result("approved_edits", {"results": results, "asked": asked, "applied": applied})
    body = (f"Contracts whose liability cap went to approval: {asked}; applied after approval: {applied}.\n\n"
            + md_table(("contract", "cap sent for approval", "cap applied", "failed applications", "review"), rows))
    write_section("approved-edits", "Approved edits land (review --decide accept-all --approve-as)", body)
    print(body)


if __name__ == "__main__":
    main()
