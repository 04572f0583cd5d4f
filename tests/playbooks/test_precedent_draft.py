"""A draft playbook from precedents, on real documents: the Common Paper cloud service agreement
drafts a playbook that validates, that the agreement passes entirely, and that flags the
differences on a CUAD contract."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from documents.docx.textmodel import build_text_model
from playbooks.drafting import detect_parties, draft_from_precedents
from playbooks.loader import load_playbook
from playbooks.models import Playbook
from review.engine import PlaybookEngine
from tests.conftest import shared_data
from tests.factories import TeamFactory, author, lawyer

CSA = ("forms", "commonpaper_docx", "commonpaper_cloud_service_agreement.docx")
CUAD = ("cuad", "docx", "cuad_hosting_01.docx")
DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


@pytest.fixture(scope="module")
def csa():  # type: ignore[no-untyped-def]
    path = shared_data(*CSA)
    return path, build_text_model(path.read_bytes())


@pytest.fixture(scope="module")
def draft(csa):  # type: ignore[no-untyped-def]
    path, model = csa
    return draft_from_precedents([(path.name, model)], name="Cloud services (customer)", side="customer",
                                 engine=PlaybookEngine())


def test_the_draft_validates_with_one_rule_per_clause_type(draft):
    spec = load_playbook(draft.source)
    assert spec.name == "Cloud services (customer)" and spec.party == "customer"
    slugs = [r.id for r in spec.rules]
    assert len(slugs) == len(set(slugs)) >= 5
    assert all(r.find.to_dict().get("clause") == r.id for r in spec.rules)
    assert all(r.guidance == "" and r.positions for r in spec.rules)
    # Parties as placeholders, never the role words themselves.
    wording = " ".join(p for r in spec.rules for p in r.positions)
    # Which passages the clause model picks depends on the model; whatever it picks names no party by
    # its role word (tests/playbooks/test_drafting.py pins the mapping itself, and that a compound
    # defined term such as "Customer Content" stays as written).
    assert not re.search(r"\b(?:Customer|Provider)\b(?! [A-Z])", wording)


def test_the_precedent_passes_its_own_draft_entirely(csa, draft):
    _, model = csa
    parties = detect_parties(model, side="customer")
    assert (parties.ours, parties.theirs) == (("Customer",), ("Provider",))
    results = PlaybookEngine().analyze(model, load_playbook(draft.source))
    assert results and {r.status for r in results} == {"ok"}


def test_the_draft_flags_the_differences_on_a_cuad_contract(draft):
    model = build_text_model(shared_data(*CUAD).read_bytes())
    results = PlaybookEngine().analyze(model, load_playbook(draft.source))
    flagged = [r for r in results if r.status in ("issue", "missing")]
    assert flagged, [(r.rule_id, r.status) for r in results]
    assert any(r.recommendations for r in flagged)


def test_a_cuad_precedent_gives_number_checks_from_its_figures_and_passes_them():
    path = shared_data(*CUAD)
    model = build_text_model(path.read_bytes())
    draft = draft_from_precedents([(path.name, model)], name="Hosting", side="customer", engine=PlaybookEngine())
    spec = load_playbook(draft.source)
    checks = {r.id: r.check.to_dict() for r in spec.rules}
    assert checks["source-code-escrow"] == {"max_days": 60}  # "Within sixty (60) days of the Effective Date"
    assert {r.status for r in PlaybookEngine().analyze(model, spec)} == {"ok"}


@pytest.mark.django_db
def test_playbook_draft_command_writes_a_valid_draft(tmp_path: Path, csa):
    path, _ = csa
    out = tmp_path / "draft.yaml"
    call_command("playbook_draft", str(path), "--out", str(out), "--side", "customer")
    assert load_playbook(out.read_bytes()).rules
    with pytest.raises(CommandError, match="no such file"):
        call_command("playbook_draft", str(tmp_path / "nope.docx"), "--out", str(out))
    (tmp_path / "x.txt").write_text("hello")
    with pytest.raises(CommandError, match=r"not a \.docx"):
        call_command("playbook_draft", str(tmp_path / "x.txt"), "--out", str(out))


@pytest.mark.django_db
def test_the_draft_page_drafts_and_the_author_publishes_it(client, csa):
    path, _ = csa
    team = TeamFactory()
    client.force_login(author(team=team))
    page = client.post(reverse("playbooks:draft"), {
        "files": [SimpleUploadedFile(path.name, path.read_bytes(), DOCX)], "side": "customer",
        "name": "Cloud services (customer)",
    }).content.decode()
    assert 'id="draft-rules"' in page and f'action="{reverse("playbooks:upload")}"' in page
    import re
    from html import unescape

    source = unescape(re.search(r'<textarea name="source"[^>]*>(.*?)</textarea>', page, re.S).group(1))
    assert Playbook.objects.count() == 0
    response = client.post(reverse("playbooks:upload"), {"source": source, "team": team.pk})
    assert response.status_code == 302 and Playbook.objects.get().name == "Cloud services (customer)"

    bad = client.post(reverse("playbooks:draft"), {
        "files": [SimpleUploadedFile("notes.txt", b"hello", "text/plain")], "side": "customer",
    }).content.decode()
    assert "is not a Word document" in bad
    client.force_login(lawyer(team=team))
    assert client.get(reverse("playbooks:draft")).status_code == 403
