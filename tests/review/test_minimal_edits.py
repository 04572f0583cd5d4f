"""Accepting every recommendation leaves the document as a lawyer would: clause numbers and their
bold stay, untouched words keep their runs, and no new word is bold (review/engine/minimal.py,
documents/docx/edit.py ``body_rpr``). Through the headless review, i.e. the workflow services."""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

import pytest
from lxml import etree

from core.demo import DEMO_CONTRACT, build_demo_contract_docx
from tests.conftest import ROOT
from tests.documents.lawfirm import bold_words, build_law_firm_docx, clause_numbers
from tests.review.test_review_command import run

pytestmark = pytest.mark.django_db

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
SAAS = ROOT / "playbooks" / "library" / "saas-customer.yaml"


def _bold(run: etree._Element) -> bool:
    b = run.find(f"{W}rPr/{W}b")
    return b is not None and b.get(f"{W}val") not in ("0", "false")


def runs_by_paragraph(data: bytes) -> list[list[tuple[str, bool, str]]]:
    """(text, bold, revision) of every run, per body paragraph; revision is "ins", "del" or ""."""
    root = etree.fromstring(zipfile.ZipFile(io.BytesIO(data)).read("word/document.xml"))
    out = []
    for p in root.iter(f"{W}p"):
        runs = []
        for r in p.iter(f"{W}r"):
            parent = r.getparent().tag
            revision = "ins" if parent == f"{W}ins" else "del" if parent == f"{W}del" else ""
            text = "".join(t.text or "" for t in r.iter(f"{W}t", f"{W}delText"))
            if text:
                runs.append((text, _bold(r), revision))
        out.append(runs)
    return out


def accept_all(tmp_path: Path, data: bytes) -> tuple[dict, bytes, bytes]:
    from django.contrib.auth.models import Group

    from core.models import Team
    from tests.factories import UserFactory

    head = UserFactory(username="head-of-legal")
    head.groups.add(Group.objects.get_or_create(name="Admin")[0])
    Team.objects.get_or_create(name="Headless reviews")[0].members.add(head)
    contract = tmp_path / "contract.docx"
    contract.write_bytes(data)
    report = run(tmp_path, contract, SAAS, "accept-all", "accept", approve_as="head-of-legal")
    return report, (tmp_path / "accept" / "clean.docx").read_bytes(), (tmp_path / "accept" / "redline.docx").read_bytes()


def check_numbers_and_bold(numbers: list[str], allowed_bold: set[str], clean: bytes, redline: bytes) -> None:
    paragraphs = runs_by_paragraph(clean)
    openings = [(runs[0][0].strip(), runs[0][1], runs[0][2]) for runs in paragraphs if runs]
    for number in numbers:
        # The clause still opens with its number, in its own bold run.
        assert (number, True, "") in openings, number
    for runs in paragraphs:
        for text, bold, _ in runs:
            if bold:
                assert set(re.findall(r"\w+", text)) <= allowed_bold, f"new bold text: {text!r}"
    for runs in runs_by_paragraph(redline):
        for text, bold, revision in runs:
            if revision == "ins":
                assert not bold, f"inserted words are bold: {text!r}"
            if revision == "del":
                assert text.strip() not in numbers, f"a clause number was struck: {text!r}"


def test_law_firm_contract_keeps_numbers_and_bold(tmp_path):
    report, clean, redline = accept_all(tmp_path, build_law_firm_docx())
    applied = [d for d in report["decisions"] if d["outcome"] == "applied"]
    assert len(applied) >= 6, report["decisions"]
    check_numbers_and_bold(clause_numbers(), bold_words(), clean, redline)
    # The redline shows only changed words: a number-only change strikes the number phrase, not
    # the sentence ("sixty (60)" goes, "Customer shall pay all invoices within" stays).
    struck = [text for runs in runs_by_paragraph(redline) for text, _, rev in runs if rev == "del"]
    assert not any("shall pay all invoices within" in text for text in struck), struck


def test_demo_contract_keeps_numbers_and_bold(tmp_path):
    _, clean, redline = accept_all(tmp_path, build_demo_contract_docx())
    numbers = [clause.split(" ", 1)[0] for _, clauses in DEMO_CONTRACT for clause in clauses]
    allowed = {w for number in numbers for w in re.findall(r"\w+", number)}
    allowed |= {"Agreement", "Services", "Customer", "Data"}  # the bold defined terms of section 1
    check_numbers_and_bold(numbers, allowed, clean, redline)
