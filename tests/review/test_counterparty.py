"""The other side's tracked changes are review items in the same queue: accept and reject each
make a version that resolves exactly that change, revise counter-proposes our own wording, a
rule finding in text they inserted says it is theirs, all through the same workflow."""

from __future__ import annotations

import pytest

from documents.docx.model import EditRecord
from documents.docx.replay import materialise, materialise_redline
from documents.docx.textmodel import build_text_model
from documents.docx.tracked import foreign_changes
from review.engine.counterparty import RULE_TRACKED
from review.models import DecisionOutcome, RecommendationOrigin, RecommendationSource, RecommendationStatus
from review.workflow import recommendation_prepare
from tests.documents.foreign_docs import JANE, RICHARD, foreign_docx
from tests.documents.test_foreign import foreign_signature
from tests.review.factories import decide, make_review

pytestmark = pytest.mark.django_db

PLAYBOOK = """\
name: Counterparty test playbook
party: customer
rules:
  - id: payment-terms
    title: Payment within 30 days at most
    severity: medium
    find: {any: ["invoice"], all: ["days"]}
    check: {max_days: 30}
    positions: ["The Customer shall pay each invoice within 30 days of receipt."]
  - id: audit
    title: No audit rights for the other side
    severity: high
    find: {any: ["audit"]}
    check: {must_not_exist: true}
"""


def _theirs(review):  # type: ignore[no-untyped-def]
    return list(review.recommendations.filter(rule_id=RULE_TRACKED).order_by("ordinal"))


def _at(review, locator: str):  # type: ignore[no-untyped-def]
    """Their item on paragraph ``locator``, as the lawyer sees it (prepared on the cursor)."""
    review.refresh_from_db()
    rec = next(r for r in _theirs(review) if r.evidence[0]["locator"] == locator)
    return recommendation_prepare(review=review, recommendation=rec)


def _versions(review) -> tuple[bytes, list]:  # type: ignore[no-untyped-def]
    review.refresh_from_db()
    original = bytes(review.document.original.data)
    edits = [v.edit_object for v in review.document.versions.order_by("number") if v.edit]
    return original, edits


def test_each_tracked_change_of_theirs_is_an_item_with_its_author_and_date():
    review = make_review(playbook=PLAYBOOK, contract=foreign_docx())
    theirs = _theirs(review)
    assert len(theirs) == len(foreign_changes(foreign_docx())) == 8
    first = theirs[0]
    assert first.source == RecommendationSource.COUNTERPARTY and first.origin == RecommendationOrigin.TRACKED_CHANGE
    assert first.rule_title == "Jane Roe replaced “60” with “90” on 20 Nov 2024"
    assert (first.author, first.changed_at.isoformat()) == (JANE, "2024-11-20T09:30:00+00:00")
    assert {r.author for r in theirs} == {JANE, RICHARD}
    # The playbook read their text: 90 days breaks the 30-day rule, and the audit clause Richard
    # inserted breaks the audit rule; both findings say they come from their change.
    payment = review.recommendations.get(rule_id="payment-terms")
    assert (payment.source, payment.origin, payment.author) == ("counterparty", RecommendationOrigin.THEIR_TEXT, JANE)
    outcome = review.rule_outcomes.get(rule_id="audit")
    assert outcome.status == "issue"


def test_accepting_or_rejecting_one_of_their_changes_resolves_exactly_that_one():
    review = make_review(playbook=PLAYBOOK, contract=foreign_docx())
    before = foreign_signature(foreign_docx())
    law = _at(review, "p8")  # Jane deleted "English "
    result = decide(review, law, "reject", reason="keep English law")
    assert result.outcome == DecisionOutcome.REJECTED, result.message
    assert "version 2" in result.message
    law.refresh_from_db()
    assert law.status == RecommendationStatus.REJECTED
    original, edits = _versions(review)
    assert review.current_version.text_model.get("p8").text == "8. Law. This Agreement is governed by English law."
    for export in (materialise(original, edits), materialise_redline(original, [])):
        assert [p.text for p in build_text_model(export).paragraphs][7] in (
            "8. Law. This Agreement is governed by English law.", "8. Law. This Agreement is governed by law.")
    gone = before - foreign_signature(materialise(original, edits))
    assert [key[:2] for key in gone] == [("del", JANE)]

    fees = _at(review, "p1")
    result = decide(review, fees, "accept")
    assert result.outcome == DecisionOutcome.APPLIED, result.message
    original, edits = _versions(review)
    left = foreign_signature(materialise(original, edits))
    assert not [key for key in left if key[0] in ("del", "ins") and key[3] in ("60", "90", "English ")]
    assert len(left) == len(before) - 3
    # At most once: the same decision again changes nothing.
    again = decide(review, fees, "accept")
    assert again.outcome != DecisionOutcome.APPLIED
    assert review.document.versions.count() == 3


def test_a_counter_proposal_is_our_own_edit_beside_their_change():
    review = make_review(playbook=PLAYBOOK, contract=foreign_docx())
    fees = _at(review, "p1")
    result = decide(review, fees, "revise", instruction="replace with: 45")
    assert result.outcome == DecisionOutcome.REVISED, result.message
    fees.refresh_from_db()
    # The sentence of their change, not the paragraph (docs/decisions/negotiation-rounds.md).
    assert fees.current_proposal.after == "The Customer shall pay each invoice within 45 days of receipt."
    result = decide(review, fees, "accept")
    assert result.outcome == DecisionOutcome.APPLIED, result.message
    original, edits = _versions(review)
    redline = materialise_redline(original, [EditRecord(edit=e, author="Dana Demo", date="2025-01-01T00:00:00Z")
                                             for e in edits])
    signature = foreign_signature(redline)
    assert ("ins", JANE, "2024-11-20T09:30:00Z", "90") in signature  # theirs, holding our deletion
    assert ("del", JANE, "2024-11-20T09:30:00Z", "60") in signature


def test_a_stale_decision_on_their_change_is_refused_and_changes_nothing():
    review = make_review(playbook=PLAYBOOK, contract=foreign_docx())
    payment = review.recommendations.get(rule_id="payment-terms")
    assert decide(review, payment, "accept").outcome == DecisionOutcome.APPLIED  # replaces their 90
    versions = review.document.versions.count()
    fees = _at(review, "p1")
    result = decide(review, fees, "accept")
    assert result.outcome != DecisionOutcome.APPLIED
    assert review.document.versions.count() == versions


def test_analyze_json_marks_their_items_and_findings_in_their_text(tmp_path):
    import io
    import json

    from django.core.management import call_command

    contract, playbook = tmp_path / "theirs.docx", tmp_path / "playbook.yaml"
    contract.write_bytes(foreign_docx())
    playbook.write_text(PLAYBOOK)
    out = io.StringIO()
    call_command("analyze", str(contract), "--playbook", str(playbook), "--json", stdout=out)
    payload = json.loads(out.getvalue())
    by_rule = {r["rule_id"]: r for r in payload["results"]}
    assert (by_rule["payment-terms"]["source"], by_rule["payment-terms"]["author"]) == ("counterparty", JANE)
    assert (by_rule["audit"]["source"], by_rule["audit"]["author"]) == ("counterparty", RICHARD)
    changes = payload["counterparty_changes"]
    assert len(changes) == 8 and {c["source"] for c in changes} == {"counterparty"}
    assert changes[0]["title"] == "Jane Roe replaced “60” with “90” on 20 Nov 2024"
    assert [c["author"] for c in payload["comments"]] == [JANE, RICHARD, JANE]


def test_the_lawyer_answers_their_comment_with_a_reply_comment_in_the_redline(client):
    import io
    import zipfile

    from django.urls import reverse
    from lxml import etree

    from documents import selectors as document_selectors
    from tests.documents.helpers import document_root, q

    review = make_review(playbook=PLAYBOOK, contract=foreign_docx())
    rec = _at(review, "p2")
    client.force_login(review.owner)
    response = client.post(reverse("review:comment_reply", args=[review.pk]),
                           {"comment": "0", "text": "A cap at fees paid is our standard.", "recommendation": rec.pk, "key": "r1"},
                           follow=True)
    assert "Your reply to Jane Roe comment is in the redline (version 2)" in response.content.decode()
    review.refresh_from_db()
    assert review.current_version.number == 2
    assert review.current_version.text_model.text == build_text_model(foreign_docx()).text  # text unchanged
    redline = document_selectors.version_redline(review.current_version)
    comments_xml = etree.fromstring(zipfile.ZipFile(io.BytesIO(redline)).read("word/comments.xml"))
    found = [(c.get(q("id")), c.get(q("author")), "".join(t.text or "" for t in c.iter(q("t"))))
             for c in comments_xml.iter(q("comment"))]
    assert found[0][:2] == ("0", JANE)
    reply_id, author, text = found[1]
    assert (author, text) == (review.owner.get_full_name() or review.owner.get_username(),
                              "A cap at fees paid is our standard.")
    # Anchored on the same text as theirs, in the same paragraph.
    p2 = document_root(redline).find(q("body")).findall(q("p"))[1]
    ids = [(etree.QName(e).localname, e.get(q("id"))) for e in p2.iter(q("commentRangeStart"), q("commentRangeEnd"),
                                                                     q("commentReference"))]
    assert ("commentRangeStart", reply_id) in ids and ("commentReference", reply_id) in ids
    # Their three comments are still theirs, unchanged.
    assert [f[1] for f in found] == [JANE, author, RICHARD, JANE]
    # The clean export has no comment of ours.
    clean = document_selectors.version_docx(review.current_version)
    assert zipfile.ZipFile(io.BytesIO(clean)).read("word/comments.xml") == zipfile.ZipFile(
        io.BytesIO(foreign_docx())).read("word/comments.xml")
