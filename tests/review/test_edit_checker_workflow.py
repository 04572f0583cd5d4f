"""Every proposal passes the edit checker before it is offered (docs/decisions/edit-checker.md):
an edit with defects is not one click. The card shows the reasons and opens edit-in-place; a
direct accept is refused; the number-only batch and headless accept-all leave it pending and say
so; the lawyer's own wording with a defect is accepted only with an override, in the audit trail."""

from __future__ import annotations

import io
import json
import uuid

import pytest
from django.core.management import call_command
from django.urls import reverse

from review.models import DecisionOutcome, Proposal, RecommendationStatus, ReviewEvent
from review.workflow import bulk_accept, card_decide
from tests.review.factories import PLAYBOOK_YAML, contract_docx, decide, make_review, shown

pytestmark = pytest.mark.django_db

# The contract's parties are Customer and Provider (tests/review/factories.py); the playbook's
# wording for a missing clause speaks of a "Supplier" it does not have.
SUPPLIER = "Supplier shall keep all information received under this Agreement confidential."
PLAYBOOK = PLAYBOOK_YAML + f"""\
  - id: confidentiality
    title: Confidentiality must be agreed
    severity: high
    find: {{any: ["zzzz not in the contract"]}}
    check: {{must_exist: true}}
    positions: ["{SUPPLIER}"]
"""


def held(review):  # type: ignore[no-untyped-def]
    rec = shown(review, "confidentiality")
    assert rec.current_proposal.needs_wording
    assert [d.kind for d in rec.current_proposal.defect_items] == ["undefined-term"]
    return rec


def test_an_engine_edit_with_a_defect_is_refused_on_accept_and_changes_nothing() -> None:
    review = make_review(playbook=PLAYBOOK)
    rec = held(review)
    version = review.current_version_id
    result = decide(review, rec, "accept")
    assert result.outcome == DecisionOutcome.FAILED
    assert "needs your wording" in result.message and "“Supplier”" in result.message
    rec.refresh_from_db()
    review.refresh_from_db()
    assert rec.status == RecommendationStatus.PENDING and review.current_version_id == version
    # Not even with an override: the engine's edit is worded by the lawyer first.
    assert decide(review, rec, "accept", override=True).outcome == DecisionOutcome.FAILED  # type: ignore[arg-type]


def test_the_card_shows_the_reasons_and_opens_edit_in_place_without_an_accept_button(client) -> None:
    review = make_review(playbook=PLAYBOOK)
    rec = held(review)
    client.force_login(review.owner)
    page = client.get(reverse("review:recommendation", args=[review.pk, rec.pk])).content.decode()
    card = page[page.index('id="card"'):page.index('id="sidebar"')]
    assert 'id="edit-defects"' in card and "needs your wording" in card
    assert "a term or party this contract neither defines nor uses" in card
    assert 'id="accept-form"' not in card and 'data-shortcut="a"' not in card
    assert '<details id="edit-in-place" open>' in card
    assert SUPPLIER in card  # the draft, in the wording box
    # A card without defects keeps its Accept button and a closed edit-in-place.
    plain = shown(review, "payment-terms")
    page = client.get(reverse("review:recommendation", args=[review.pk, plain.pk])).content.decode()
    assert 'id="accept-form"' in page and '<details id="edit-in-place">' in page and 'id="edit-defects"' not in page


def test_a_stale_client_posting_accept_gets_a_clear_message(client) -> None:
    review = make_review(playbook=PLAYBOOK)
    rec = held(review)
    client.force_login(review.owner)
    response = client.post(reverse("review:decide", args=[review.pk]), {
        "recommendation": rec.pk, "proposal": rec.current_proposal_id, "key": uuid.uuid4().hex, "action": "accept",
    }, follow=True)  # fmt: skip
    texts = [str(m) for m in response.context["messages"]]
    assert any("needs your wording" in t for t in texts), texts
    rec.refresh_from_db()
    assert rec.status == RecommendationStatus.PENDING


def test_the_lawyers_own_wording_with_a_defect_is_accepted_after_an_override_recorded_in_the_trail() -> None:
    review = make_review(playbook=PLAYBOOK)
    rec = held(review)

    def edit(wording: str, **kwargs: bool):  # type: ignore[no-untyped-def]
        now = shown(review, "confidentiality")
        return card_decide(review=review, actor=review.owner, recommendation_id=now.pk,
                           proposal_id=now.current_proposal_id, action="edit", idempotency_key=uuid.uuid4().hex,
                           wording=wording, **kwargs)

    own = "Vendor shall keep all information received under this Agreement confidential."
    refused = edit(own)
    assert refused.outcome == DecisionOutcome.FAILED and "warns about your wording" in refused.message
    now = shown(review, "confidentiality")
    # (the new clause takes the number of its place, after "3. Indemnification" and before "4. General")
    assert now.status == RecommendationStatus.PENDING and now.current_proposal.after == f"3A. {own}"
    assert now.current_proposal.has_warnings and not now.current_proposal.needs_wording
    assert "“Vendor”" in now.current_proposal.defect_items[0].message
    assert not ReviewEvent.objects.filter(review=review, kind="decision.override").exists()
    accepted = decide(review, now, "accept", override=True)  # type: ignore[arg-type]
    assert accepted.outcome == DecisionOutcome.APPLIED
    review.refresh_from_db()
    assert own in review.current_version.text_model.text
    (event,) = ReviewEvent.objects.filter(review=review, kind="decision.override")
    assert event.data["defects"] == ["undefined-term"] and event.data["rule"] == "confidentiality"
    assert event.actor == review.owner and rec.pk == event.data["recommendation"]
    from review.templatetags.review_words import event_words

    assert event_words(event) == ("Own wording accepted despite the edit checker's warnings — confidentiality, "
                                  "term the contract does not use")


def test_the_lawyers_own_wording_without_a_defect_is_accepted_in_one_step() -> None:
    review = make_review(playbook=PLAYBOOK)
    rec = held(review)
    wording = "Provider shall keep all information received under this Agreement confidential."
    result = card_decide(review=review, actor=review.owner, recommendation_id=rec.pk,
                         proposal_id=rec.current_proposal_id, action="edit", idempotency_key=uuid.uuid4().hex,
                         wording=wording)
    assert result.outcome == DecisionOutcome.APPLIED
    assert not ReviewEvent.objects.filter(review=review, kind="decision.override").exists()


NUMBERS = """\
name: Number-only batch
party: customer
rules:
  - id: payment-terms
    title: Payment within 30 days at most
    severity: low
    find: {any: ["invoices"], all: ["days"]}
    check: {max_days: 30}
  - id: service-credits
    title: Service credits within 30 days
    severity: low
    find: {any: ["service credits"], all: ["days"]}
    check: {max_days: 30}
"""
TWO_NUMBERS = [
    ("Heading 1", "1. Fees"),
    (None, "Customer shall pay all invoices within sixty (60) days of receipt."),
    (None, "Provider shall issue service credits within ninety (90) days of the end of the month."),
]


def test_the_number_only_batch_skips_an_edit_with_defects_and_says_how_many(client) -> None:
    review = make_review(playbook=NUMBERS, contract=contract_docx(TWO_NUMBERS))
    payment, credits = shown(review, "payment-terms"), shown(review, "service-credits")
    # As the checker stores it: this number edit would leave words and digits that disagree.
    Proposal.objects.filter(pk=credits.current_proposal_id).update(
        defects=[{"kind": "words-digits", "message": "In “ninety (30) days” the words and digits disagree."}]
    )
    client.force_login(review.owner)
    page = client.get(reverse("review:bulk_accept", args=[review.pk])).content.decode()
    assert 'id="bulk-held"' in page and "ninety (30) days" in page
    assert f'value="{payment.pk}:{payment.current_proposal_id}"' in page
    assert f'value="{credits.pk}:' not in page
    # A stale page that still lists both: the held one is skipped and counted.
    items = [(payment.pk, payment.current_proposal_id), (credits.pk, credits.current_proposal_id)]
    result = bulk_accept(review=review, actor=review.owner, items=items, batch="b1")
    assert (result.accepted, result.skipped, result.held) == (1, 0, 1)
    credits.refresh_from_db()
    assert credits.status == RecommendationStatus.PENDING
    response = client.post(reverse("review:bulk_accept", args=[review.pk]),
                           {"item": [f"{credits.pk}:{credits.current_proposal_id}"], "batch": "b2"}, follow=True)
    texts = [str(m) for m in response.context["messages"]]
    assert any("Accepted 0 number-only edits. 1 needs your wording" in t for t in texts), texts


def test_headless_accept_all_never_applies_an_edit_with_defects_and_reports_it(tmp_path) -> None:
    contract, playbook = tmp_path / "contract.docx", tmp_path / "playbook.yaml"
    contract.write_bytes(contract_docx())
    playbook.write_text(PLAYBOOK)
    out = io.StringIO()
    call_command("review", str(contract), playbook=str(playbook), decide="accept-all", author="Ada Lovelace",
                 out=str(tmp_path / "out"), stdout=out)
    report = json.loads((tmp_path / "out" / "report.json").read_text())
    assert report["status"] == "awaiting_decision" and report["pending"] == ["confidentiality"]
    (entry,) = report["needs_wording"]
    assert entry["rule_id"] == "confidentiality" and [d["kind"] for d in entry["defects"]] == ["undefined-term"]
    assert {"rule_id": "confidentiality", "action": "accept", "outcome": "needs_wording",
            "source": "playbook"} in report["decisions"]  # fmt: skip
    item = next(i for i in report["items"] if i["rule_id"] == "confidentiality")
    assert item["status"] == "pending" and item["defects"] == entry["defects"]
    clean = (tmp_path / "out" / "clean.docx").read_bytes()
    from documents.docx.textmodel import build_text_model

    assert SUPPLIER not in build_text_model(clean).text
    printed = out.getvalue()
    assert "held back by the edit checker" in printed
    assert "confidentiality: not applied, needs a lawyer's wording:" in printed and "“Supplier”" in printed


def test_headless_decisions_apply_the_lawyers_own_wording_only_with_an_override(tmp_path) -> None:
    contract, playbook = tmp_path / "contract.docx", tmp_path / "playbook.yaml"
    contract.write_bytes(contract_docx())
    playbook.write_text(PLAYBOOK)
    own = "Vendor shall keep all information received under this Agreement confidential."

    def run(name: str, override: bool):  # type: ignore[no-untyped-def]
        decisions = tmp_path / f"{name}.json"
        accept = {"rule_id": "confidentiality", "action": "accept", **({"override": True} if override else {})}
        decisions.write_text(json.dumps([
            {"rule_id": "confidentiality", "action": "revise", "instruction": f"replace with: {own}"}, accept,
        ]))  # fmt: skip
        call_command("review", str(contract), playbook=str(playbook), decide=str(decisions), author="Ada Lovelace",
                     out=str(tmp_path / name), stdout=io.StringIO())
        return json.loads((tmp_path / name / "report.json").read_text())

    warned = run("warned", override=False)
    assert [d["outcome"] for d in warned["decisions"]] == ["revised", "needs_wording"]
    assert warned["needs_wording"][0]["defects"][0]["kind"] == "undefined-term"
    sent = run("sent", override=True)
    assert [d["outcome"] for d in sent["decisions"]] == ["revised", "applied"]
    assert sent["needs_wording"] == [] and "confidentiality" not in sent["pending"]
    assert next(i for i in sent["items"] if i["rule_id"] == "confidentiality")["status"] == "accepted"


def test_a_counter_proposal_to_their_change_is_checked_too() -> None:
    from review.engine.counterparty import RULE_TRACKED
    from review.workflow import recommendation_prepare
    from tests.documents.foreign_docs import foreign_docx

    review = make_review(playbook=NUMBERS, contract=foreign_docx())
    fees = next(r for r in review.recommendations.filter(rule_id=RULE_TRACKED) if r.evidence[0]["locator"] == "p1")
    fees = recommendation_prepare(review=review, recommendation=fees)
    result = decide(review, fees, "revise", instruction="replace with: 45 days or as the Steering Committee decides")
    assert result.outcome == DecisionOutcome.REVISED, result.message
    fees.refresh_from_db()
    proposal = fees.current_proposal
    assert proposal.has_warnings and "“Steering Committee”" in proposal.defect_items[0].message
    assert decide(review, fees, "accept").outcome == DecisionOutcome.FAILED
    assert decide(review, fees, "accept", override=True).outcome == DecisionOutcome.APPLIED  # type: ignore[arg-type]
    assert ReviewEvent.objects.filter(review=review, kind="decision.override").count() == 1
