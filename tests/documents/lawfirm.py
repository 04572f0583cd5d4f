"""A .docx built the way law firms build them, for tests of what edits do to formatting.

Clause numbers are typed text in their own bold run ("3.2" then a space), defined terms are
bold ("Customer", "Customer Data") wherever they are used, headings are bold Heading 1
paragraphs, and a run-in heading opens a clause ("Warranty."). The text is one-sided on purpose
so the starter SaaS playbook (customer side) finds work in most clauses.
"""

from __future__ import annotations

import io
import re

# (heading, [clauses]); **x** marks a bold run.
LAW_FIRM_CONTRACT: list[tuple[str, list[str]]] = [
    (
        "1. DEFINITIONS",
        [
            '1.1 "**Agreement**" means this subscription agreement between Cloudwise Systems, Inc. '
            '("**Provider**") and Northwind Traders Ltd. ("**Customer**").',
            '1.2 "**Customer Data**" means all data submitted to the Services by or for **Customer**.',
        ],
    ),
    (
        "2. FEES",
        [
            "2.1 **Customer** shall pay all invoices within sixty (60) days of the invoice date.",
            "2.2 **Provider** may increase the fees at each renewal by up to ten percent (10%) without notice.",
        ],
    ),
    (
        "3. TERM",
        [
            "3.1 This **Agreement** renews automatically for successive renewal terms of two (2) years unless "
            "**Customer** gives notice of non-renewal at least ninety (90) days before the end of the "
            "then-current term.",
            "3.2 **Provider** may terminate this **Agreement** for convenience on thirty (30) days' notice.",
        ],
    ),
    (
        "4. DATA",
        [
            "4.1 **Provider** may use **Customer Data** for any purpose, including to improve its products.",
            "4.2 Upon termination, **Provider** may delete **Customer Data** immediately and without notice.",
        ],
    ),
    (
        "5. WARRANTY",
        ['5.1 **Warranty.** THE SERVICES ARE PROVIDED "AS IS" AND **PROVIDER** DISCLAIMS ALL WARRANTIES.'],
    ),
    (
        "6. GENERAL",
        [
            "6.1 **Provider** may assign this **Agreement** without **Customer**'s consent.",
            "6.2 **Provider** may change these terms at any time by posting a new version on its website.",
        ],
    ),
]

_BOLD = re.compile(r"\*\*(.+?)\*\*")


def clause_numbers() -> list[str]:
    return [clause.split(" ", 1)[0] for _, clauses in LAW_FIRM_CONTRACT for clause in clauses]


def bold_words() -> set[str]:
    """Every word the contract sets in bold (numbers, defined terms, headings, run-in headings)."""
    words: set[str] = set()
    for heading, clauses in LAW_FIRM_CONTRACT:
        words.update(re.findall(r"\w+", heading))
        for clause in clauses:
            words.update(re.findall(r"\w+", clause.split(" ", 1)[0]))
            for term in _BOLD.findall(clause):
                words.update(re.findall(r"\w+", term))
    return words


def build_law_firm_docx() -> bytes:
    from docx import Document

    document = Document()
    for heading, clauses in LAW_FIRM_CONTRACT:
        document.add_heading(heading, level=1)
        for clause in clauses:
            paragraph = document.add_paragraph()
            number, _, body = clause.partition(" ")
            paragraph.add_run(number).bold = True
            paragraph.add_run(" ")
            for index, piece in enumerate(_BOLD.split(body)):
                if piece:
                    paragraph.add_run(piece).bold = index % 2 == 1
    document.add_paragraph("IN WITNESS WHEREOF the parties have signed this Agreement.")
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def accept_every_recommendation(data: bytes, playbook: str = "saas-customer.yaml") -> tuple[list, list]:
    """Accept, one rule at a time, the first recommendation of every rule, re-analysing the
    current text after each accept (what a lawyer clicking Accept throughout gets, without the
    workflow): (resolved edits, final text model)."""
    from pathlib import Path

    from documents.docx.edit import apply_edit_to_model, resolve_edit
    from documents.docx.textmodel import build_text_model
    from playbooks.loader import load_playbook
    from review.engine.playbook import PlaybookEngine

    root = Path(__file__).resolve().parents[2]
    spec = load_playbook((root / "playbooks" / "library" / playbook).read_text())
    model = build_text_model(data)
    decided: set[str] = set()
    edits = []
    while True:
        todo = [
            (result.rule_id, proposal)
            for result in PlaybookEngine().analyze(model, spec)
            for proposal in result.recommendations
            if result.rule_id not in decided
        ]
        if not todo:
            return edits, model
        rule_id, proposal = todo[0]
        decided.add(rule_id)
        edit = resolve_edit(model, proposal.edit)
        model = apply_edit_to_model(model, edit)
        edits.append(edit)


def field_docx(paragraphs: list[tuple[str, str]]) -> bytes:
    """Paragraphs "before{REF}after": a REF cross-reference field to "4.2" between two texts
    (fldChar begin / instrText / separate / result / end, as Word writes it)."""
    from docx import Document
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn

    document = Document()
    for before, after in paragraphs:
        paragraph = document.add_paragraph()
        paragraph.add_run(before)
        for kind, text in (("begin", None), ("instr", " REF _Ref42 \\r \\h "), ("separate", None), ("result", "4.2"),
                           ("end", None)):  # fmt: skip
            run = paragraph.add_run()
            if kind == "instr":
                instr = OxmlElement("w:instrText")
                instr.set(qn("xml:space"), "preserve")
                instr.text = text
                run._r.append(instr)
            elif kind == "result":
                run.text = text
            else:
                char = OxmlElement("w:fldChar")
                char.set(qn("w:fldCharType"), kind)
                run._r.append(char)
        paragraph.add_run(after)
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()
