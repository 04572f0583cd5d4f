"""Classes read in round 21 on published contract templates outside our data (an NDA, a vendor's
service terms and purchase conditions, a software licence published as plain-English terms),
converted to the .docx a lawyer receives; none of nine edits was sendable
(docs/decisions/redlines-qa.md, "Round 21"). The documents are not ours to commit, so each class is
shown here on text in our own words with the same structure.
"""

from __future__ import annotations

import dataclasses

from documents.docx.model import Paragraph, TextModel
from playbooks.loader import load_playbook
from playbooks.services import LIBRARY_DIR
from review.engine.playbook import PlaybookEngine


def _doc(*lines: str, headings: tuple[int, ...] = ()) -> TextModel:
    return TextModel(paragraphs=tuple(
        Paragraph(locator=f"p{i}", text=t, heading_level=2 if i in headings else None)
        for i, t in enumerate(lines, 1)))


def _rule_results(model: TextModel, playbook: str, rule_id: str) -> list:
    spec = load_playbook((LIBRARY_DIR / f"{playbook}.yaml").read_bytes())
    (rule,) = [r for r in spec.rules if r.id == rule_id]
    return PlaybookEngine().analyze(model, type(spec)(name=spec.name, rules=(rule,), party=spec.party))


def test_a_clause_cited_by_its_title_is_not_the_subject_its_title_names() -> None:
    """Plain-English terms cite clauses by title ("make sure staff follow Keep Access Codes
    Confidential and Safe"): the word "Confidential" there names a clause on access codes, so the
    confidentiality rule neither reads that sentence as a one-way confidentiality duty nor replaces
    it (it struck a customer duty and left the list of uncapped claims pointing at the new text)."""
    cited = "Customer agrees to make sure its staff abide by Keep Access Codes Confidential and Safe and Use Rules."
    model = _doc(
        "Software Licence Terms",
        "Keep Access Codes Confidential and Safe",
        "Customer agrees to give access codes only to its staff who use the software under this agreement.",
        "Use Rules",
        "Customer agrees not to resell the software.",
        "Enforce Use Rules",
        cited,
        headings=(2, 4, 6),
    )
    (result,) = _rule_results(model, "saas-customer", "mutual-confidentiality")
    assert all(p.before != cited and cited not in (p.before or "") for p in result.recommendations)
    assert all(cited not in e.text for e in result.evidence)


ONE_WAY_NDA = (
    "NON-DISCLOSURE AGREEMENT",
    'This Non-disclosure Agreement (this "Agreement") is entered into by and between Acme Labs, Inc., a Delaware '
    'corporation ("Company") and Jordan Smith, an individual ("Recipient") (each a "Party", together the "Parties").',
    "1. Purpose.",
    'The Parties wish to explore a business opportunity of mutual interest (the "Opportunity"), and Company may '
    "disclose to Recipient certain confidential business information that Company desires Recipient to treat as "
    "confidential.",
    "2. Non-use and Non-disclosure.",
    "Recipient shall not disclose any Confidential Information to any third party without Company's prior written "
    "consent.",
    "3. Maintenance of Confidentiality.",
    "Recipient shall take reasonable measures to protect the secrecy of the Confidential Information.",
)


def test_a_one_way_nda_whose_deal_is_of_mutual_interest_still_has_one_recipient() -> None:
    """"Of mutual interest" describes the deal, not the duty: the roles stay the parties' names
    (the use restriction wrote "the discloser's" for Company's)."""
    from contracts.naming import disclosure_roles

    roles = disclosure_roles(_doc(*ONE_WAY_NDA))
    assert (roles.recipient, roles.discloser) == ("Recipient", "Company")


def test_wording_that_makes_a_partys_name_a_role_needs_the_lawyers_words() -> None:
    """'Each Party (as "Recipient")' where "Recipient" is the counterparty's name: every later
    "Recipient" would read as either party. Held back, with the reason."""
    (result,) = _rule_results(_doc(*ONE_WAY_NDA), "mutual-nda", "mutual-obligations")
    (proposal,) = result.recommendations
    assert '(as "Recipient")' in proposal.after
    assert [d.kind for d in proposal.defects] == ["term-clash"]
    assert "uses “Recipient” as one party's name" in proposal.defects[0].message


def _insurance(model: TextModel):
    (result,) = _rule_results(model, "cuad-coverage", "insurance")
    return result


def test_software_run_on_premises_is_no_premises_a_party_operates() -> None:
    """"Online services for users on premises and on multiple public clouds" says where software
    runs; no party runs premises there, and no general liability cover is inserted for it."""
    model = _doc(
        'These service terms are between Vendor Ltd ("Vendor") and the customer ("Customer").',
        "1. Services",
        "Vendor Services means a set of online services for users of the software on premises and on multiple "
        "public clouds.",
        "2. Fees",
        "Customer shall pay the fees in the order form.",
        "3. Liability",
        "Each party shall indemnify the other against third-party claims arising from its breach of this Agreement.",
    )
    result = _insurance(model)
    assert result.status == "missing" and not result.recommendations


def test_a_clause_without_a_title_among_clauses_titled_by_headings_is_held_back() -> None:
    """Plain-English terms title every clause with a heading. A mutual confidentiality clause
    inserted as a bare paragraph after the last section before the general terms would read as part
    of "Change Process": the checker holds it back for the lawyer to place and title."""
    model = TextModel(paragraphs=tuple(
        Paragraph(locator=f"p{i}", text=t, heading_level=level)
        for i, (level, t) in enumerate((
            (1, "Software Licence Terms"),
            (None, 'These terms are between Maker Ltd ("Developer") and Buyer Inc. ("Customer").'),
            (2, "Customer's Obligations"),
            (3, "Keep Access Codes Secure"),
            (None, "Customer agrees to secure access codes at least as well as Customer's own confidential "
                   "information."),
            (3, "Pay Fees"),
            (None, "Customer agrees to pay the licence fees on the order form."),
            (2, "Changes"),
            (3, "Change Process"),
            (None, "Customer and Developer agree to make changes allowed under these terms by notice."),
            (2, "General Contract Terms"),
            (3, "Governing Law"),
            (None, "The law of the place where Developer has its principal office governs these terms."),
        ), 1)))  # fmt: skip
    # (the rule without the title the library now gives it, round 29: the checker's class)
    spec = load_playbook((LIBRARY_DIR / "saas-customer.yaml").read_bytes())
    (rule,) = [dataclasses.replace(r, heading="") for r in spec.rules if r.id == "mutual-confidentiality"]
    (result,) = PlaybookEngine().analyze(model, type(spec)(name=spec.name, rules=(rule,), party=spec.party))
    (proposal,) = result.recommendations
    assert proposal.action == "insert" and not proposal.edit.title
    assert [d.kind for d in proposal.defects] == ["placement"]
    assert "would read as part of “Change Process”" in proposal.defects[0].message
    # With its title, the clause stands under a heading of its own and is offered.
    (result,) = _rule_results(model, "saas-customer", "mutual-confidentiality")
    (proposal,) = result.recommendations
    assert proposal.edit.title == "Confidentiality" and not proposal.defects
