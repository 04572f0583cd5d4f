"""A one-way NDA's roles and purpose in the contract's own words (docs/decisions/redlines-qa.md,
round 5): the mutual-nda library wording says "Recipient", "Discloser" and "the Purpose"; where
one named party alone is bound to keep the other's information confidential, they are that
party's and the other party's names, and "the Purpose" is the purpose the contract's use
restriction names. Real text from ../shared/data."""

from __future__ import annotations

import functools
import gzip
import hashlib
import json

from contracts.naming import adapt_terms, disclosure_roles
from documents.docx.model import Paragraph, TextModel
from documents.docx.textmodel import build_text_model
from playbooks.loader import load_playbook
from playbooks.services import LIBRARY_DIR
from review.engine.playbook import PlaybookEngine
from tests.conftest import shared_data

ENGINE = PlaybookEngine()


@functools.cache
def _nda():  # type: ignore[no-untyped-def]
    return load_playbook((LIBRARY_DIR / "mutual-nda.yaml").read_bytes())


def _wording(rule_id: str, model: TextModel) -> str:
    (rule,) = [r for r in _nda().rules if r.id == rule_id]
    return adapt_terms(rule.positions[0], model)[0]


@functools.cache
def _franchise_nda() -> TextModel:
    """PF Hospitality's sample non-disclosure agreement between a franchisee and its personnel
    (cuad-train, the one the round 5 reading took, var/identity-cuad-train/9a079c73...docx), one
    paragraph a line as the corpus run writes it."""
    with gzip.open(shared_data("cuad-train", "contracts.jsonl.gz"), "rt", encoding="utf-8") as handle:
        (text,) = [row["text"] for row in map(json.loads, handle)
                   if hashlib.sha256(row["cuad_filename"].encode()).hexdigest().startswith("9a079c73")]  # fmt: skip
    return TextModel(paragraphs=tuple(Paragraph(locator=f"p{i + 1}", text=t) for i, t in enumerate(text.split("\n"))))


def _docx(*parts: str) -> TextModel:
    return build_text_model(shared_data(*parts).read_bytes())


def test_a_one_way_nda_names_its_member_and_franchisee_and_the_purpose_its_use_restriction_names() -> None:
    # "Member shall not ... communicate, divulge or use, for any purpose other than the operation of
    # the Franchised Business, any confidential information ..."; the Franchisee is the other party.
    model = _franchise_nda()
    roles = disclosure_roles(model)
    assert (roles.recipient, roles.discloser) == ("Member", "Franchisee")
    compelled = _wording("compelled-disclosure", model)
    assert compelled.startswith("Notwithstanding anything to the contrary in this Agreement, Member may disclose "
                               "Confidential Information to the extent required by law")
    assert "gives Franchisee reasonable prior notice" in compelled and "at Franchisee's expense" in compelled
    returned = _wording("return-or-destroy", model)
    assert returned.startswith("On Franchisee's written request, Member shall promptly return or destroy Franchisee's")
    licence = _wording("no-license", model)
    assert licence.startswith("Franchisee keeps all rights in its Confidential Information; this Agreement grants Member")
    assert licence.endswith("the limited right to use it for the operation of the Franchised Business.")
    exclusions = _wording("standard-exclusions", model)
    assert "through no fault of Member" in exclusions and "before receiving it from Franchisee" in exclusions
    for rule in ("compelled-disclosure", "return-or-destroy", "no-license", "standard-exclusions", "use-restriction"):
        wording = _wording(rule, model).lower()
        assert "recipient" not in wording and "discloser" not in wording and "purpose" not in wording


def test_the_inserted_clauses_of_the_franchise_nda_speak_of_member_and_franchisee() -> None:
    (result,) = [r for r in ENGINE.analyze(_franchise_nda(), _nda()) if r.rule_id == "compelled-disclosure"]
    (proposal,) = result.recommendations
    assert "Member may disclose" in proposal.after and "the recipient" not in proposal.after


def test_another_one_way_nda_names_its_recipient_and_discloser_and_the_agreements_purposes() -> None:
    # "Ciufo (a) must receive and hold the Proprietary Information in trust and in strictest
    # confidence ..." for National Medical Health Card Systems ("Health Card"); its use restriction
    # ("except to perform the Project") names no purpose in those words.
    model = _docx("ndas", "nda_cnli_dev_09.docx")
    assert (disclosure_roles(model).recipient, disclosure_roles(model).discloser) == ("Ciufo", "Health Card")
    assert _wording("compelled-disclosure", model).startswith(
        "Notwithstanding anything to the contrary in this Agreement, Ciufo may disclose Proprietary Information to "
        "the extent required by law, regulation or court order, if it "
        "gives Health Card reasonable prior notice"
    )
    assert _wording("no-license", model).endswith("the limited right to use it for the purposes of this Agreement.")


def test_a_mutual_nda_keeps_the_generic_roles() -> None:
    # Bonterms' mutual NDA binds each party: "the recipient" is either party in turn.
    model = _docx("forms", "bonterms", "bonterms_mutual_nda_openagreements.docx")
    assert disclosure_roles(model).recipient == "" and disclosure_roles(model).discloser == ""
    compelled = _wording("compelled-disclosure", model)
    assert compelled.startswith("Notwithstanding anything to the contrary in this Agreement, the recipient may "
                               "disclose") and "gives the discloser reasonable" in compelled
    # It defines no purpose and calls itself "this NDA".
    assert _wording("no-license", model).endswith("the limited right to use it for the purposes of this NDA.")
    # One that defines its roles keeps its own terms.
    defined = _wording("compelled-disclosure", _docx("ndas", "nda_cnli_dev_01.docx"))
    assert defined.startswith("Notwithstanding anything to the contrary in this Agreement, the Receiving Party may disclose")
