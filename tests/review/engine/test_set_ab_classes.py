"""Classes read in round 15 (docs/decisions/redlines-qa.md, "Round 15"), each on a seen contract.
Both were seen on the round's final look (held-out contracts, counted before the fix) and fixed
after the count:

- a form's signature block whose labels stand empty, one after another ("By: By: Name: Name:
  Title: Title: Date: Date:"), with no conformed signature, rule or "IN WITNESS WHEREOF" to find it
  by: a clause added at the end went into it;
- a document labelled at its first words an attachment of another agreement ("Attachment C to
  Master Franchise Agreement MULTI-STATE ADDENDUM", a guarantee of that agreement): it took a
  liability cap, insurance and a walk-away right of its own.

The round's second look (held-out contracts again, counted before any fix) showed a shareholder
cooperation agreement (board nominees, a standstill) given a walk-away right, a cap and insurance.
And five read on the seen contracts' and the forms' output: a Common Paper form ends with its
definitions, and a clause added at the end of its body became one more numbered definition after
"“User” means ..."; a mutual termination agreement took a walk-away right
("Either party may terminate this Termination Agreement for convenience"), a bar on assigning it
and insurance; an untitled sub-clause about what follows termination
("6.5 ... the expiration or termination of this Agreement shall not release any of the Parties
...") was passed by a walk-away right put after it, as a titled "Survival" no longer is; "14. [Intentionally Omitted.] 15. Choice of Law - ..."
inside a page paragraph left 14 to 18 unread, so a clause added after them was numbered "14.";
and a clause added among clauses that carry titles
("7. Indemnification. Client shall ..." / "8. Limitation of Liability.") came untitled; it now takes
the playbook's ``heading``, in the siblings' case and with their mark.
"""

from __future__ import annotations

import dataclasses

import pytest

from contracts.document import structure_of
from contracts.insertion import insertion_point
from documents.docx.model import Paragraph, TextModel
from playbooks.loader import PlaybookInvalid, load_playbook
from playbooks.rules import PlaybookSpec, Rule
from review.engine.base import RevisionRequest
from review.engine.draft import part_of_another_agreement
from review.engine.playbook import PlaybookEngine
from tests.review.engine.test_insertion_titles import _contract
from tests.review.engine.test_set_c_classes import _cuad_coverage, _inserted_anyway

MAINTENANCE = "CardlyticsInc_20180112_S-1_EX-10.16_11002987_EX-10.16_Maintenance Agreement2"
STATE_ADDENDUM = "SoupmanInc_20150814_8-K_EX-10.1_9230148_EX-10.1_Franchise Agreement3"


def _model(*texts: str) -> TextModel:
    return TextModel(paragraphs=tuple(Paragraph(locator=f"p{i + 1}", text=t) for i, t in enumerate(texts)))


def test_empty_signature_labels_on_lines_of_their_own_start_the_block_with_the_sentence_that_signs() -> None:
    model = _contract(MAINTENANCE)
    structure = structure_of(model)
    assert structure.signature is not None
    at = structure.signature
    assert model.paragraphs[at.index].text.strip() == "THE FOREGOING IS UNDERSTOOD AND AGREED TO BY:"
    assert at.offset == 0
    labels = next(i for i, p in enumerate(model.paragraphs) if p.text.startswith("Name:    Name:"))
    assert at.index < labels
    # A clause added at the end of the body goes before that sentence, not among the labels.
    point = insertion_point(structure)
    assert point is not None and model.positions[point.locator] < at.index


def test_empty_signature_labels_inside_a_page_paragraph_start_after_its_last_sentence() -> None:
    model = _model(
        "1. The Supplier shall deliver the goods.",
        "2. VIOLATION OF THIS CONTRACT MAY RESULT IN PENALTIES. SUPPLIER PURCHASER (Name of Company - Please "
        "Print) By: By: Title: Title: Date: Date: Bank of America, N.A. Name: Name:",
    )
    at = structure_of(model).signature
    assert at is not None and at.index == 1
    assert model.paragraphs[1].text[at.offset :].startswith("SUPPLIER PURCHASER")
    # An initial's full stop ("N.A.") ends no sentence: the block is not cut there.
    only_labels = _model("1. The Supplier shall deliver the goods.", "Bank of America, N.A. By: By: Name: Name:")
    at = structure_of(only_labels).signature
    assert at is not None and (at.index, at.offset) == (1, 0)


def test_a_document_labelled_an_attachment_of_another_agreement_takes_none_of_its_clauses() -> None:
    model = _contract(STATE_ADDENDUM)
    assert part_of_another_agreement(model) == "part of the Master Franchise Agreement"
    rules = ("cap-on-liability", "insurance", "termination-for-convenience", "governing-law", "anti-assignment")
    results = PlaybookEngine().analyze(model, _cuad_coverage(*rules))
    missing = [r for r in results if r.status == "missing"]
    assert missing and not any(r.recommendations for r in missing)
    assert all("part of the Master Franchise Agreement" in r.message for r in missing)


def test_an_agreement_attached_whole_or_an_edgar_exhibit_number_is_an_agreement_of_its_own() -> None:
    assert part_of_another_agreement(_model("Schedule 2 to the Supply Agreement", "Pricing")) == (
        "part of the Supply Agreement"
    )
    for opening in (
        "EXHIBIT B TO ASSET PURCHASE AGREEMENT FORM OF LICENSE AGREEMENT",
        "Exhibit A to Distribution Agreement TRADEMARK LICENSE AGREEMENT",
        "Exhibit 10.1 to Supply Agreement",
        "EXHIBIT 10.16 SUPPORT AND MAINTENANCE AGREEMENT",
    ):
        assert part_of_another_agreement(_model(opening, "This Agreement is made between A and B.")) == "", opening
    # The form's title on a line of its own.
    attached = _model("EXHIBIT B TO ASSET PURCHASE AGREEMENT", "", "TRADEMARK LICENSE AGREEMENT", "This Agreement ...")
    assert part_of_another_agreement(attached) == ""


# --- a new clause titled as the clauses beside it -------------------------------------------------

SERVICE = "BLACKSTONEGSOLONG-SHORTCREDITINCOMEFUND_05_11_2020-EX-99.(K)(1)-SERVICE AGREEMENT"
ENDORSEMENT_GOLF = "ADAMSGOLFINC_03_21_2005-EX-10.17-ENDORSEMENT AGREEMENT"


def test_a_clause_among_titled_clauses_takes_the_playbooks_heading_as_they_write_theirs() -> None:
    # "7. Indemnification. Client shall indemnify ..." / "8. Limitation of Liability.": the
    # insurance is "7A. Insurance. Each party shall maintain ...". (A fund's shareholder servicing
    # takes none since round 19, nothing in it being what general liability insurance covers: the
    # rule runs here without that condition, for the heading's sake.)
    before, clause, after = _inserted(SERVICE, "insurance", _inserted_anyway("insurance"))
    assert before.startswith("7. Indemnification.") or "indemnif" in before.lower()
    assert clause.startswith("7A. Insurance. Each party shall maintain")
    assert after.startswith("8. Limitation of Liability")
    # "34. NOTICE" / "35.": headings in capitals over their text. (The cap follows the last
    # clause: "14. INDEMNITY" stands under "CONSULTANT'S OBLIGATIONS", one party's part, since
    # round 18.)
    _, clause, _ = _inserted(ENDORSEMENT_GOLF, "cap-on-liability")
    assert clause.startswith("35. LIMITATION OF LIABILITY. Except for a party's indemnification obligations")


def test_a_playbook_without_a_heading_inserts_the_clause_untitled() -> None:
    playbook = _inserted_anyway("insurance")  # (the fund's servicing takes none since round 19)
    untitled = dataclasses.replace(playbook, rules=tuple(dataclasses.replace(r, heading="") for r in playbook.rules))
    (result,) = PlaybookEngine().analyze(_contract(SERVICE), untitled)
    assert result.recommendations[0].after.startswith("7A. Each party shall maintain")


def _inserted(prefix: str, rule_id: str, playbook=None) -> tuple[str, str, str]:  # type: ignore[no-untyped-def]
    model = _contract(prefix)
    (result,) = PlaybookEngine().analyze(model, playbook or _cuad_coverage(rule_id))
    (proposal,) = result.recommendations
    assert not proposal.defects and not proposal.warnings  # the title's words are no undefined terms
    assert "titled as the clauses beside it are" in proposal.explanation
    at = model.positions[proposal.edit.locator]
    if proposal.edit.kind == "insert_after":
        following = next(p.text for p in model.paragraphs[at + 1 :] if p.text.strip())
        return model.paragraphs[at].text, proposal.after, following.strip()
    start = proposal.edit.start or 0
    return model.paragraphs[at].text[:start], proposal.after, model.paragraphs[at].text[start:].strip()


def test_heading_is_stored_with_the_rule_and_checked_when_loaded() -> None:
    source = (
        "name: P\nrules:\n  - id: walk\n    title: T\n    find: {any: [convenience]}\n    check: {must_exist: true}\n"
        "    positions: [Either party may terminate.]\n    heading: Termination  for Convenience\n"
    )
    (rule,) = load_playbook(source.encode()).rules
    assert rule.heading == "Termination for Convenience"
    assert type(rule).from_dict(rule.to_dict()) == rule
    with pytest.raises(PlaybookInvalid) as info:
        load_playbook(source.replace("{must_exist: true}", "{max_days: 30}").encode())
    assert "heading: only applies to must_exist and must_match rules" in str(info.value)
    for wrong in ("Termination for Convenience.", "A Title Of Far Too Many Words For Any Clause Of A Contract"):
        with pytest.raises(PlaybookInvalid) as info:
            load_playbook(source.replace("Termination  for Convenience", f'"{wrong}"').encode())
        assert "heading: must be a clause title" in str(info.value)


def test_a_revision_of_a_titled_clause_keeps_its_number_and_title() -> None:
    rule = Rule.from_dict({
        "id": "lol", "title": "Liability is capped", "find": {"any": ["total liability"]},
        "check": {"must_exist": True}, "heading": "Limitation of Liability",
        "positions": [
            "Each party's total liability shall not exceed the fees paid in the twelve (12) months before the claim.",
            "Each party's total liability shall not exceed the fees paid in the twenty-four (24) months before the claim.",
        ],
    })  # fmt: skip
    model = _model("1. Fees. Customer shall pay the fees.", "2. Notices. Notices are given in writing.")
    engine = PlaybookEngine()
    (result,) = engine.analyze(model, PlaybookSpec(name="P", rules=(rule,)))
    current = result.recommendations[0]
    assert current.after == f"3. Limitation of Liability. {rule.positions[0]}"
    assert current.warnings == ()  # "Limitation" and "Liability" are its title, no terms it uses

    def revised(instruction: str) -> str:
        request = RevisionRequest(rule=rule, current=current, instruction=instruction, history=(), citation="lol @ P")
        return engine.revise(request, model).after

    assert revised("softer") == f"3. Limitation of Liability. {rule.positions[1]}"
    # The lawyer's own wording with its own title keeps that title, numbered as before.
    assert revised("replace with: Liability Cap. Neither party is liable beyond the fees.") == (
        "3. Liability Cap. Neither party is liable beyond the fees."
    )


def test_a_changed_heading_shows_in_the_playbook_versions_diff() -> None:
    from playbooks.diffing import rule_changes

    old = Rule.from_dict({"id": "walk", "title": "T", "find": {"any": ["convenience"]}, "check": {"must_exist": True},
                          "positions": ["Either party may terminate."], "heading": "Termination"})  # fmt: skip
    new = dataclasses.replace(old, heading="Termination for Convenience")
    (change,) = rule_changes(old, new)
    assert change.field == "heading of an inserted clause" and "Convenience" in change.html


def test_the_title_of_a_new_clause_is_no_undefined_term_on_its_card() -> None:
    rule = Rule.from_dict({
        "id": "walk", "title": "A party may terminate without cause", "find": {"any": ["for convenience"]},
        "check": {"must_exist": True}, "heading": "Termination for Convenience",
        "positions": ["Either party may terminate this Agreement on ninety (90) days' written notice."],
    })  # fmt: skip
    model = _model("1. Fees. Customer shall pay the fees.", "2. Notices. Notices are given in writing.")
    (result,) = PlaybookEngine().analyze(model, PlaybookSpec(name="P", rules=(rule,)))
    proposal = result.recommendations[0]
    assert proposal.after.startswith("3. Termination for Convenience. Either party")
    assert proposal.warnings == () and proposal.defects == ()


LIFEWAY = "LifewayFoodsInc_20160316_10-K_EX-10.24_9489766_EX-10.24_Endorsement Agreement"


def test_a_clause_number_before_a_bracket_and_after_one_is_read_inside_a_page_paragraph() -> None:
    model = _contract(LIFEWAY)
    labels = [n.label.rstrip(".") for n in structure_of(model).numbers]
    assert labels[labels.index("13") : labels.index("13") + 6] == ["13", "14", "15", "16", "17", "18"]
    # The walk-away right, anchored on the survival clause (the contract's one "terminat"), is
    # "15A" before it (its title read after the dash since round 18), not "14." after "18. Waiver".
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("termination-for-convenience"))
    assert result.recommendations[0].after.startswith("15A. Termination for Convenience - Either party")
    assert result.recommendations[0].edit.before.startswith("16. Survival")


DISTRIBUTOR_TERMS = "VISIUMTECHNOLOGIES,INC_10_20_2004-EX-10.20-DISTRIBUTOR AGREEMENT"
DRILLING = "TRUENORTHENERGYCORP_02_08_2007-EX-10.1-DEVELOPMENT AGREEMENT"


def test_an_untitled_clause_about_what_follows_termination_is_passed_by_no_new_clause() -> None:
    # "14.3. Termination of this Agreement shall not release either party ...", "14.4. Upon
    # expiration of this Agreement ...": the walk-away right goes after 14.2, not after 14.5.
    before, clause, _ = _inserted_between_plain(DISTRIBUTOR_TERMS, "termination-for-convenience")
    assert before.startswith("14.2. Termination for Cause by Power2Ship")
    assert clause.startswith("14.2A. Either party may terminate")
    # "6.5 Notwithstanding anything in this Agreement to the contrary, the expiration or termination
    # of this Agreement shall not release ...": "6.4A", not "6.6".
    # (A farm-in paid by a share of one well's drilling costs shows no running relationship: since
    # round 20 it takes no walk-away right, and the rule runs without its conditions here.)
    rule = "termination-for-convenience"
    before, clause, after = _inserted_between_plain(DRILLING, rule, _inserted_anyway(rule))
    assert before.startswith("6.4 ") and clause.startswith("6.4A Either Party may terminate")
    assert after.startswith("6.5 ")


def _inserted_between_plain(prefix: str, rule_id: str, playbook=None) -> tuple[str, str, str]:  # type: ignore[no-untyped-def]
    model = _contract(prefix)
    (result,) = PlaybookEngine().analyze(model, playbook or _cuad_coverage(rule_id))
    (proposal,) = result.recommendations
    assert not proposal.defects and proposal.edit.kind == "insert_after"
    at = model.positions[proposal.edit.locator]
    following = next(p.text for p in model.paragraphs[at + 1 :] if p.text.strip())
    return model.paragraphs[at].text.strip(), proposal.after, following.strip()


TERMINATION_AGREEMENT = "LejuHoldingsLtd_20140121_DRS (on F-1)_EX-10.26_8473102_EX-10.26_Content License Agreement2"


def test_an_agreement_that_ends_another_takes_none_of_a_playbooks_clauses() -> None:
    from review.engine.draft import takes_no_commercial_terms

    model = _contract(TERMINATION_AGREEMENT)
    assert takes_no_commercial_terms(model) == "an agreement that ends another or settles what the parties owe each other"
    rules = ("termination-for-convenience", "anti-assignment", "insurance")
    results = PlaybookEngine().analyze(model, _cuad_coverage(*rules))
    assert [r.status for r in results] == ["missing"] * 3 and not any(r.recommendations for r in results)
    assert all("ends another or settles" in r.message for r in results)
    # A licence, a services agreement: their titles name no ending.
    assert takes_no_commercial_terms(_model("SERVICES AGREEMENT", "This Agreement is made between A and B.")) == ""


def _form(name: str) -> TextModel:
    from documents.docx.textmodel import build_text_model
    from tests.conftest import shared_data

    return build_text_model(shared_data("forms", "commonpaper_docx", name).read_bytes())


def test_a_clause_added_at_the_end_goes_before_the_definitions_that_end_the_contract() -> None:
    model = _form("commonpaper_pilot_agreement.docx")
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("insurance"))
    (proposal,) = result.recommendations
    assert not proposal.defects and proposal.edit.kind == "insert_after"
    at = model.positions[proposal.edit.locator]
    # After the general terms' last clause, which Word numbers (the new paragraph copies its
    # number, "7.14"), and titled as that list's clauses are; not after "“User” means ...".
    assert model.paragraphs[at].text.startswith("Signature.")
    following = next(p.text for p in model.paragraphs[at + 1 :] if p.text.strip())
    assert following.strip() == "Definitions"
    assert proposal.after.startswith("Insurance. Each party shall maintain")
    assert "before the definitions that end the contract" in proposal.explanation
    assert "titled as the clauses beside it are" in proposal.explanation


def test_a_revision_of_a_clause_titled_in_a_list_word_numbers_keeps_its_title() -> None:
    model = _form("commonpaper_pilot_agreement.docx")
    playbook = _cuad_coverage("insurance")
    (rule,) = playbook.rules
    engine = PlaybookEngine()
    (result,) = engine.analyze(model, playbook)
    request = RevisionRequest(
        rule=rule, current=result.recommendations[0], instruction="replace with: Each party shall be insured.",
        history=(), citation="insurance @ cuad-coverage",
    )
    assert engine.revise(request, model).after == "Insurance. Each party shall be insured."


COOPERATION_WITH_SHAREHOLDERS = "ELFBEAUTY,INC_07_02_2020-EX-10.1-COOPERATION AGREEMENT"


def test_a_cooperation_agreement_with_shareholders_takes_none_of_a_playbooks_clauses() -> None:
    from review.engine.draft import _AFTER_IT_ENDS, takes_no_commercial_terms

    model = _contract(COOPERATION_WITH_SHAREHOLDERS)
    what = "an agreement between a company and shareholders about its board and their shares"
    assert takes_no_commercial_terms(model) == what
    results = PlaybookEngine().analyze(model, _cuad_coverage("termination-for-convenience", "cap-on-liability"))
    assert not any(r.recommendations for r in results)
    assert all(what in r.message for r in results if r.status == "missing")
    # A commercial cooperation agreement names no shares, board or standstill.
    commercial = _model("COOPERATION AGREEMENT", "The parties shall cooperate in marketing the Products in China.")
    assert takes_no_commercial_terms(commercial) == ""
    # (and "Rights and Obligations upon Termination" is a title about what follows an ending)
    assert _AFTER_IT_ENDS.match("rights and obligations upon termination")
