"""A returned draft of a real contract: ten untracked edits of different kinds, made with
python-docx as a counterparty's Word would save them (not with Redpen's editor). Used by the
compare tests and bench/bench_compare.py; no Django here."""

from __future__ import annotations

import copy
import io

import docx
import docx.text.paragraph

CONTRACT = ("forms", "commonpaper_docx", "commonpaper_software_license_agreement.docx")


def _replace_in_runs(paragraph, old: str, new: str) -> None:  # type: ignore[no-untyped-def]
    for run in paragraph.runs:
        if old in run.text:
            run.text = run.text.replace(old, new, 1)
            return
    raise AssertionError(f"{old!r} is not within one run")


def returned_draft(data: bytes) -> tuple[bytes, list[str]]:
    """Ten untracked edits, as a counterparty makes them in Word; and the expected kinds."""
    document = docx.Document(io.BytesIO(data))
    paragraphs = document.paragraphs  # body paragraphs in order (no tables in this contract)
    by_start = {p.text[:40]: p for p in paragraphs if p.text.strip()}

    def para(start: str):  # type: ignore[no-untyped-def]
        return next(p for key, p in by_start.items() if key.startswith(start))

    # 1. a word changed
    _replace_in_runs(para("License.  During"), "a limited,", "a broad,")
    # 2. a sentence added
    updates = para("Updates. During")
    updates.runs[-1].text += " Provider will give 30 days notice of any Update."
    # 3. a paragraph deleted
    gone = para("Use of the Product must comply")
    gone._element.getparent().remove(gone._element)
    # 4. a number changed
    _replace_in_runs(para("Suspension."), "more than 30 days", "more than 60 days")
    # 5. a clause rewritten at its start ("Unless ..., all" becomes "All")
    _replace_in_runs(para("Fees.  Unless"), "Unless the Order Form specifies a different currency, all", "All")
    # 6. a paragraph moved (Taxes after Payment Dispute)
    taxes, dispute = para("Taxes.  Customer"), para("Payment Dispute.")
    dispute._element.addnext(taxes._element)
    # 7. a paragraph inserted
    force = para("Force Majeure.")
    new = copy.deepcopy(force._element)
    force._element.addnext(new)
    inserted = docx.text.paragraph.Paragraph(new, force._parent)
    inserted.text = "Business Continuity.  Provider will keep a business continuity plan and test it once a year."
    # 8. a paragraph split in two at a sentence
    mutual = para("Mutual.  Each party")
    text = mutual.text
    cut = text.index("; (b)") + 1
    second = copy.deepcopy(mutual._element)
    mutual._element.addnext(second)
    mutual.text = text[:cut]
    docx.text.paragraph.Paragraph(second, mutual._parent).text = text[cut + 1:]
    # 9. two paragraphs merged
    provider, customer = para("Protection by Provider."), para("Protection by Customer.")
    provider.runs[-1].text += " " + customer.text
    customer._element.getparent().remove(customer._element)
    # 10. words deleted in a long clause, far from the others
    _replace_in_runs(para("Non-Use and Non-Disclosure."), "using at least the same", "using the same")
    out = io.BytesIO()
    document.save(out)
    kinds = ["changed", "inserted_text", "paragraph_deleted", "changed", "changed", "moved",
             "paragraph_inserted", "split", "merged", "deleted_text"]
    return out.getvalue(), kinds
