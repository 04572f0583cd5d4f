"""Small playbook sources shared by the playbook tests."""

from __future__ import annotations

V1 = """name: SaaS purchasing (customer side)
description: Positions we take when buying software.
party: customer
rules:
  - id: payment-terms
    title: Payment within 30 days at most
    severity: medium
    find: {any: ["invoice", "payment"], all: ["days"]}
    check: {max_days: 30}
    positions:
      - "Customer shall pay undisputed invoices within thirty (30) days of receipt."
      - "Customer shall pay undisputed invoices within forty-five (45) days of receipt."
    guidance: Longer terms hurt our cash flow; 45 days is the most we concede.
    variants:
      mutual: "Each party shall pay undisputed invoices within thirty (30) days of receipt."
  - id: data-use
    title: No use of our data for any purpose
    severity: high
    find: {any: ["customer data"]}
    check: {must_not_match: "any purpose"}
    positions: ["Provider shall use Customer Data only to provide the Services to Customer."]
"""

# One rule changed (payment-terms: 45 days, softer guidance), one added, one removed.
V2 = (
    V1.replace("check: {max_days: 30}", "check: {max_days: 45}")
    .replace("45 days is the most we concede", "60 days is the most we concede")
    .split("  - id: data-use")[0]
    + """  - id: governing-law
    title: Our governing law
    find: {any: ["governed by"]}
    check: {must_match: "New York"}
    positions: ["This Agreement is governed by the laws of the State of New York."]
"""
)
