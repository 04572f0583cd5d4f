"""Short vendor terms that speak to "you" and of "we" and define both in their opening: the
parties are read from those words, and the vendor's own promises written with "we" ("We will
defend you ...", "We warrant that ...", "Each of us will keep ...") are found, not inserted again
(docs/decisions/redlines-qa.md, round 23). Text in our own words."""

from __future__ import annotations

import dataclasses

from contracts.naming import detect, speaks_to_you
from documents.docx.model import Paragraph, TextModel
from playbooks.loader import load_playbook
from playbooks.services import LIBRARY_DIR
from review.engine.playbook import PlaybookEngine

_OPENING = ("These Terms of Service (the \u201cTerms\u201d) are an agreement between Acme Cloud, Inc. (\u201cAcme\u201d, "
            "\u201cwe\u201d, \u201cus\u201d or \u201cour\u201d) and the organization that accepts them (\u201cyou\u201d or "
            "\u201cyour\u201d).")  # fmt: skip
_LINES = (
    "Terms of Service",
    _OPENING,
    "1. Services. We will provide the Services to you as described in the Documentation. You will use the Services "
    "only for your internal business purposes, and you are responsible for your users. Acme may update the Services "
    "and will tell you of material changes.",
    "2. Fees. You will pay the fees stated in your Order within thirty (30) days of the invoice date. We may change "
    "our fees on renewal, and you may dispute an invoice in good faith.",
    "3. Our Indemnity. We will defend you against any third-party claim alleging that the Services, as provided by "
    "us, infringe that claimant's patent, copyright or trademark, and we will pay any damages finally awarded.",
    "4. Warranty. We warrant that the Services will perform substantially as described in the Documentation.",
    "5. Liability. In no event will either of us be liable for indirect damages. Our total liability will not exceed "
    "the fees you paid in the twelve months before the claim.",
    "6. Confidentiality. Each of us will keep the other's confidential information confidential and use it only to "
    "perform these Terms.",
    "7. Law. These Terms are governed by the laws of the State of New York.",
)


def _model() -> TextModel:
    return TextModel(paragraphs=tuple(Paragraph(locator=f"p{i}", text=t) for i, t in enumerate(_LINES, 1)))


def _results() -> dict[str, object]:
    spec = load_playbook((LIBRARY_DIR / "saas-customer.yaml").read_bytes())
    wanted = {"vendor-ip-indemnity", "provider-warranty", "mutual-confidentiality"}
    only = dataclasses.replace(spec, rules=tuple(r for r in spec.rules if r.id in wanted))
    return {r.rule_id: r for r in PlaybookEngine().analyze(_model(), only)}


def test_terms_that_define_you_and_we_in_their_opening_name_the_parties_so() -> None:
    model = _model()
    assert speaks_to_you(model)
    parties = detect(model, "customer")
    assert (parties.us, parties.them) == ("you", "Acme")


def test_the_vendors_promises_written_with_we_are_found_not_inserted_again() -> None:
    results = _results()
    for rule_id in ("vendor-ip-indemnity", "provider-warranty"):
        result = results[rule_id]
        assert result.status == "ok" and not result.recommendations, rule_id  # type: ignore[attr-defined]


def test_each_of_us_is_a_duty_of_both() -> None:
    result = _results()["mutual-confidentiality"]
    assert result.status == "ok" and not result.recommendations  # type: ignore[attr-defined]
