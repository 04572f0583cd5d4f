"""The demo: a user, a team, and a contract written for this project with one-sided terms.

The contract is built with python-docx at seed time (headings, numbered clauses, bold defined
terms split across runs) so the demo exercises the same paths as a real Word document.
"""

from __future__ import annotations

import io

DEMO_USERNAME = "demo"
DEMO_PASSWORD = "redpen-demo"
ADMIN_USERNAME = "admin"
DEMO_TEAM = "Demo legal team"
DEMO_CONTRACT_TITLE = "Cloudwise Master Subscription Agreement (demo)"

# (heading, [clauses]) — deliberately vendor-friendly so a customer-side playbook finds work.
DEMO_CONTRACT: list[tuple[str, list[str]]] = [
    (
        "1. Definitions",
        [
            "1.1 \"Agreement\" means this Master Subscription Agreement between Cloudwise Systems, Inc. "
            "(\"Provider\") and Northwind Traders Ltd. (\"Customer\"), including each Order Form.",
            "1.2 \"Services\" means the hosted software services described in an Order Form, e.g. the "
            "Cloudwise analytics platform, and any related support.",
            "1.3 \"Customer Data\" means all data submitted to the Services by or for Customer.",
        ],
    ),
    (
        "2. Fees and Payment",
        [
            "2.1 Customer shall pay all invoices within ten (10) days of the invoice date.",
            "2.2 Provider may increase the fees at each renewal by up to fifteen percent (15%) without notice.",
            "2.3 Late payments bear interest at two percent (2%) per month, and Provider may suspend the "
            "Services for any payment more than five (5) days late.",
        ],
    ),
    (
        "3. Term and Termination",
        [
            "3.1 This Agreement starts on the Effective Date and continues for an initial term of three (3) "
            "years.",
            "3.2 This Agreement renews automatically for successive renewal terms of three (3) years unless "
            "Customer gives notice of non-renewal at least one hundred twenty (120) days before the end of "
            "the then-current term.",
            "3.3 Provider may terminate this Agreement for convenience on thirty (30) days' notice. Customer "
            "may not terminate this Agreement for convenience.",
        ],
    ),
    (
        "4. Customer Data",
        [
            "4.1 Provider may use Customer Data for any purpose, including to improve its products.",
            "4.2 Upon termination, Provider may delete Customer Data immediately and without notice.",
        ],
    ),
    (
        "5. Warranties",
        [
            "5.1 THE SERVICES ARE PROVIDED \"AS IS\" AND PROVIDER DISCLAIMS ALL WARRANTIES, EXPRESS OR "
            "IMPLIED.",
        ],
    ),
    (
        "6. Indemnification",
        [
            "6.1 Customer shall indemnify, defend and hold harmless Provider from any claim arising out of "
            "Customer's use of the Services.",
        ],
    ),
    (
        "7. Confidentiality",
        [
            "7.1 Customer shall keep Provider's Confidential Information confidential for a period of two "
            "(2) years after termination.",
        ],
    ),
    (
        "8. General",
        [
            "8.1 This Agreement is governed by the laws of the State of Delaware, U.S.A., and the courts of "
            "Wilmington, Delaware have exclusive jurisdiction.",
            "8.2 Provider may assign this Agreement without Customer's consent. Customer may not assign "
            "this Agreement without Provider's prior written consent.",
            "8.3 Provider may change these terms at any time by posting a new version on its website.",
        ],
    ),
]


def demo_contract_text() -> str:
    lines = [DEMO_CONTRACT_TITLE]
    for heading, clauses in DEMO_CONTRACT:
        lines.append(heading)
        lines.extend(clauses)
    return "\n".join(lines)


def build_demo_contract_docx() -> bytes:
    from docx import Document  # local import: only the seed and tests need it

    document = Document()
    document.core_properties.title = DEMO_CONTRACT_TITLE
    document.core_properties.author = "Redpen demo"
    document.add_heading(DEMO_CONTRACT_TITLE, level=0)
    for heading, clauses in DEMO_CONTRACT:
        document.add_heading(heading, level=1)
        for clause in clauses:
            paragraph = document.add_paragraph()
            number, _, body = clause.partition(" ")
            paragraph.add_run(number + " ").bold = True
            if body.startswith('"'):
                # Defined terms in bold, in their own run, as Word documents do.
                term, _, rest = body[1:].partition('"')
                paragraph.add_run('"')
                paragraph.add_run(term).bold = True
                paragraph.add_run('"' + rest)
            else:
                paragraph.add_run(body)
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()
