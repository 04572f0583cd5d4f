"""Hostile text everywhere a user can put text: the contract, its file name, the playbook (name,
description, rule titles, guidance, positions, variants), rejection reasons and revision
instructions. Every page must show it as text."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from documents.services import document_create
from playbooks.models import PlaybookVersion
from playbooks.services import playbook_upload
from review.models import Review
from review.workflow import analysis_run, review_start
from tests.review.factories import contract_docx, decide, shown

SCRIPT = "<script>alert(1)</script>"
IMG = '"><img src=x onerror=alert(1)>'
PAYLOADS = (SCRIPT, IMG)

# File names cannot hold a slash (the path is cut off), so the file name carries the <img> one.
FILENAME = f"MSA {IMG}.docx"

CONTRACT = [
    ("Heading 1", f"1. Fees {SCRIPT}"),
    (None, f"Customer shall pay all invoices within sixty (60) days of receipt. Late fees apply {IMG}."),
    ("Heading 1", "2. Term"),
    (None, f"This Agreement renews automatically for successive renewal terms of three (3) years {SCRIPT}."),
    ("Heading 1", "3. Indemnification"),
    (None, f"Customer shall indemnify Provider against all claims arising from Customer's use {IMG}."),
    ("Heading 1", "4. General"),
    (None, "This Agreement is governed by the laws of the State of Delaware."),
]

# YAML single quotes: the payloads' double quotes and angle brackets are plain characters.
PLAYBOOK = f"""\
name: 'Hostile {SCRIPT} playbook'
description: 'Written by someone {IMG} creative.'
party: customer
rules:
  - id: payment-terms
    title: 'Payment {SCRIPT} within 30 days'
    severity: medium
    find:
      any: ["invoice", "payment"]
      all: ["days"]
    check: {{max_days: 30}}
    positions:
      - 'Customer shall pay undisputed invoices within thirty (30) days of receipt {SCRIPT}.'
      - 'Customer shall pay undisputed invoices within forty-five (45) days of receipt {IMG}.'
    guidance: 'Cash flow {SCRIPT} matters {IMG}.'
    variants:
      mutual: 'Each party shall pay within thirty (30) days {IMG}.'
  - id: renewal-term
    title: 'Renewals {IMG} of one year'
    severity: high
    find: {{any: ["renew"]}}
    check: {{max_days: 365}}
    positions: ['This Agreement renews for successive terms of one (1) year {IMG}.']
    guidance: 'Long renewals {IMG} lock us in.'
  - id: limitation-of-liability
    title: 'Liability cap {SCRIPT}'
    severity: critical
    find: {{any: ["limitation of liability", "total liability"]}}
    check: {{must_exist: true}}
    insert_after: {{any: ["indemnif"]}}
    positions:
      - "Neither party's total liability shall exceed the fees paid in the twelve (12) months before the claim."
    guidance: 'Uncapped {SCRIPT} liability.'
"""

# Version 2 changes text in every field the diff shows, again with payloads.
PLAYBOOK_V2 = (PLAYBOOK.replace("Cash flow", f"Cash {IMG} flow")
               .replace("Long renewals", f"Very {SCRIPT} long renewals")
               .replace("Written by someone", f"Rewritten {SCRIPT} by someone"))

REASON = f"Our client insists {SCRIPT} on this."
INSTRUCTION = f"replace with: Neither party's total liability shall exceed five (5) million dollars {IMG}."


@dataclass
class Hostile:
    owner: Any
    active: Review  # awaiting decisions; the liability card was revised (instruction shown)
    completed: Review  # every recommendation decided: accepted, rejected with a reason, revised
    version: PlaybookVersion  # v1 of the hostile playbook
    version_2: PlaybookVersion


def _start(owner: Any, version: PlaybookVersion) -> Review:
    document = document_create(owner=owner, team=None, filename=FILENAME, data=contract_docx(CONTRACT))
    review = review_start(owner=owner, team=None, document=document, playbook_version=version, enqueue=False)
    analysis_run(job_id=str(review.jobs.get().pk))
    review.refresh_from_db()
    return review


def build(owner: Any) -> Hostile:
    version, _ = playbook_upload(author=owner, source=PLAYBOOK)
    version_2, created = playbook_upload(author=owner, source=PLAYBOOK_V2, playbook=version.playbook)
    assert created

    active = _start(owner, version)
    revised = decide(active, shown(active, "limitation-of-liability"), "revise", instruction=INSTRUCTION)
    assert revised.outcome == "revised", revised.message

    completed = _start(owner, version)
    assert decide(completed, shown(completed, "payment-terms"), "accept").outcome == "applied"
    assert decide(completed, shown(completed, "renewal-term"), "reject", reason=REASON).outcome == "rejected"
    assert decide(completed, shown(completed, "limitation-of-liability"), "revise",
                  instruction=INSTRUCTION).outcome == "revised"
    assert decide(completed, shown(completed, "limitation-of-liability"), "accept").outcome == "applied"
    completed.refresh_from_db()
    assert completed.status == "completed", [(r.rule_id, r.status) for r in completed.recommendations.all()]
    return Hostile(owner=owner, active=active, completed=completed, version=version, version_2=version_2)
