"""Classes read in round 21's second look, on published templates outside our data (a plain-English
web design contract, a master services agreement, a mutual NDA, a software development agreement),
converted to the .docx a lawyer receives (docs/decisions/redlines-qa.md, "Round 21 lawyer read").
The documents are not ours to commit, so each class is shown here on text in our own words with the
same structure and phrasing, and on ../shared/data where the class shows there.
"""

from __future__ import annotations

import dataclasses

from contracts.document import structure_of
from contracts.naming import as_own_name, detect, own_name
from contracts.places import forum_countries
from documents.docx.model import Paragraph, TextModel
from playbooks.loader import load_playbook
from playbooks.services import LIBRARY_DIR
from review.engine.playbook import PlaybookEngine
from review.engine.proof import check_edit


def _doc(*lines: str, headings: tuple[int, ...] = ()) -> TextModel:
    return TextModel(paragraphs=tuple(
        Paragraph(locator=f"p{i}", text=t, heading_level=3 if i in headings else None)
        for i, t in enumerate(lines, 1)))


def _result(model: TextModel, playbook: str, rule_id: str):  # type: ignore[no-untyped-def]
    spec = load_playbook((LIBRARY_DIR / f"{playbook}.yaml").read_bytes())
    only = dataclasses.replace(spec, rules=tuple(r for r in spec.rules if r.id == rule_id))
    (result,) = PlaybookEngine().analyze(model, only)
    return result


# A plain-English web design contract: "we" the studio, "you" the client, English courts.
DESIGN_CONTRACT = (
    "Contract for web design",
    "Between us [our company name] and you [customer name].",
    "What both parties agree to",
    "You have the authority to enter into this contract on behalf of yourself or your business. We'll carry out "
    "the work described in the attached schedule, and you'll pay us the fees in it.",
    "Changing your mind",
    "If, at any stage, you're not happy with the direction our work is taking, you'll pay us in full for "
    "everything we've produced until that point and cancel this contract.",
    "The small print",
    "Just like a parking ticket, you can't transfer this contract to anyone else without our permission. This "
    "contract stays in place and need not be renewed.",
    "Although the language is simple, the intentions are serious and this contract is a legal document under "
    "exclusive jurisdiction of [English and Welsh] courts.",
    "The dotted line",
    "Signed by and on behalf of [company name] Signed by and on behalf of [customer name] Date [date]",
    "Everyone should sign above and keep a copy for their records.",
)
HEADINGS = (3, 5, 7, 10)


def test_a_block_that_signs_on_behalf_of_each_party_ends_the_body() -> None:
    """"Signed by and on behalf of [company name] Signed by and on behalf of [customer name]" is the
    signature block, British style, without "By:" or "Name:" labels: nothing is inserted after it."""
    model = _doc(*DESIGN_CONTRACT, headings=HEADINGS)
    signature = structure_of(model).signature
    assert signature is not None and model.paragraphs[signature.index].text in ("The dotted line",
                                                                                 DESIGN_CONTRACT[10])


def test_a_contract_that_calls_itself_this_contract_is_called_so_in_new_wording() -> None:
    model = _doc(*DESIGN_CONTRACT, headings=HEADINGS)
    assert own_name(structure_of(model)) == "contract"
    assert as_own_name("This Agreement shall be governed by ...", "contract") == "This contract shall be governed by ..."


def test_a_bar_on_transfer_and_a_cancel_at_any_stage_are_the_clauses_in_plain_words() -> None:
    model = _doc(*DESIGN_CONTRACT, headings=HEADINGS)
    assignment = _result(model, "cuad-coverage", "anti-assignment")
    assert assignment.status == "ok" and not assignment.recommendations
    walk_away = _result(model, "cuad-coverage", "termination-for-convenience")
    assert walk_away.status == "ok" and not walk_away.recommendations


def test_a_law_of_elsewhere_than_the_courts_the_contract_submits_to_is_the_lawyers_choice() -> None:
    assert forum_countries("under exclusive jurisdiction of [English and Welsh] courts") == {"United Kingdom"}
    assert forum_countries("the parties submit to the courts of the State of New York") == {"United States"}
    assert forum_countries("any court of competent jurisdiction") == set()
    result = _result(_doc(*DESIGN_CONTRACT, headings=HEADINGS), "cuad-coverage", "governing-law")
    (proposal,) = result.recommendations
    assert "State of New York" in proposal.after
    assert [d.kind for d in proposal.defects] == ["foreign-law"]
    assert "courts of United Kingdom" in proposal.defects[0].message


def test_a_templates_bracketed_parties_are_its_parties() -> None:
    """'by and between [Company] ("Company") and [Customer] ("Customer")': the opening's defined
    names are the parties, so a customer playbook writes the vendor as "Company", not "Provider"."""
    model = _doc(
        "MASTER SERVICES AGREEMENT",
        'This Master Services Agreement is made and entered into on [__________] (the "Effective Date") by and '
        'between [Company] ("Company") and [Customer] ("Customer").',
        "Company will provide the Services described in each Order Form, and Customer will pay the Fees.",
    )
    parties = detect(model, "customer")
    assert (parties.us, parties.them) == ("Customer", "Company")


def test_independent_development_and_an_nda_term_in_other_words() -> None:
    """A mutual NDA's exclusion of information "developed by employees or agents of the Receiving
    Party who had no access to any Confidential Information" is independent development; "This
    Agreement will terminate five years after the Effective Date" is the NDA's term."""
    model = _doc(
        "MUTUAL NON-DISCLOSURE AGREEMENT",
        'This Agreement is entered into between Acme, Inc. ("Acme") and Beta LLC ("Beta") (each a "Party").',
        "The Receiving Party will not have any obligations with respect to Confidential Information that the "
        "Receiving Party can document: (a) was in the public domain when disclosed; (b) was rightfully received "
        "from a third party; or (c) was developed by employees or agents of the Receiving Party who had no access "
        "to any Confidential Information.",
        "This Agreement will terminate five years after the Effective Date, or may be terminated by either Party "
        "at any time upon 30 days' prior written notice to the other Party.",
    )
    exclusions = _result(model, "mutual-nda", "standard-exclusions")
    assert exclusions.status == "ok" and not exclusions.recommendations
    term = _result(model, "mutual-nda", "nda-term")
    (proposal,) = term.recommendations
    assert "terminate three years after the Effective Date" in proposal.after


def test_a_number_taken_from_a_stray_item_sections_away_is_held_back_and_the_clause_written_without_one() -> None:
    """A services agreement whose clauses carry run-in titles and no numbers, but one section of
    which opens a numbered item ("1. Setup Responsibilities."): a new warranty placed four sections
    later was numbered "2." after it. The checker holds that number back, and the engine writes the
    clause as its neighbours are written: a run-in title, no number (round 30)."""
    model = _doc(
        "MASTER SERVICES AGREEMENT",
        'This Master Services Agreement is made by and between Maker Inc. ("Company") and Buyer LLC ("Customer").',
        "SERVICES.",
        "1. Setup Responsibilities. Before deployment, Customer will give Company access to its systems.",
        "Service Levels. Company will make the Services available in accordance with the service levels.",
        "FEES.",
        "Fees. Customer will pay the Fees set out in each Order Form within sixty (60) days after receipt.",
        "CONFIDENTIALITY.",
        "Confidential Information. Each party will keep the other's Confidential Information confidential.",
        "WARRANTIES AND DISCLAIMERS.",
        "Disclaimers. EXCEPT FOR THE LIMITED WARRANTIES IN THIS SECTION, THE SERVICES ARE PROVIDED AS IS.",
        "Customer Warranty. Customer represents and warrants to Company that it owns the Customer Data.",
        "LIMITATION OF LIABILITY.",
        "Exclusion of Damages. Neither party will be liable for indirect damages.",
    )
    spec = load_playbook((LIBRARY_DIR / "saas-customer.yaml").read_bytes())
    only = dataclasses.replace(spec, rules=tuple(r for r in spec.rules if r.id == "provider-warranty"))
    (result,) = PlaybookEngine().analyze(model, only, parties=detect(model, "customer"))
    (proposal,) = result.recommendations
    assert proposal.after.startswith("Service Warranty. ") and not proposal.defects
    numbered = dataclasses.replace(
        proposal, after="2. " + proposal.after, edit=dataclasses.replace(proposal.edit, after="2. " + proposal.edit.after)
    )
    defects = check_edit(model=model, proposal=numbered, rule=only.rules[0])
    assert [d.kind for d in defects] == ["numbering"]
    assert "stands sections earlier" in defects[0].message


def test_signing_lines_that_sign_on_behalf_of_each_party_end_the_body_on_real_text() -> None:
    """A fleet maintenance agreement signed "SIGNED by MARK ARLEN ) duly authorised for and on behalf
    of ) ... DAIRY CREST" and again for the other party, with no "By:" or "Name:" labels: its body
    ends before them, so no clause is inserted after the signatures."""
    from tests.review.engine.test_insertion_titles import _contract

    model = _contract("SMITHELECTRICVEHICLESCORP_04_04_2012-EX-10.26-FLEET MAINTENANCE AGREEMENT")
    signature = structure_of(model).signature
    assert signature is not None
    following = [p.text for p in model.paragraphs[signature.index:] if p.text.strip()]
    assert following[1].strip().startswith("SIGNED by MARK ARLEN")
