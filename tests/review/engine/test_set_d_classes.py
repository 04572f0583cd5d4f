"""The classes round 7's set D showed (docs/decisions/redlines-qa.md: cuad-coverage on five cuad-train
contracts no test used), each on the text that showed it: a new clause put between a numbered
clause and its next paragraph, which has no number of its own; an insertion whose anchor's title
reads "Section 13. Limitation of Liability; Indemnification." not recognised as a title; "Section 2A"
not read as a clause number, so three insertions after "Section 2" all took it."""

from __future__ import annotations

import dataclasses

from contracts.document import structure_of
from contracts.insertion import insertion_point, renumber_clause
from documents.docx.model import Edit, Paragraph, TextModel
from review.engine.base import Proposal
from review.engine.playbook import PlaybookEngine
from review.engine.proof import check_edit
from tests.review.engine.test_edit_checker import insertion
from tests.review.engine.test_insertion_titles import _contract
from tests.review.engine.test_set_c_classes import _cuad_coverage, _inserted_anyway, _inserted_whatever_is_paid

ICORE = "ICORECONNECTINC"  # "7. INDEMNITY ... USA MCO shall indemnify ..." / "Notwithstanding ..., IMedicor shall ..."
CURO = "CUROGROUPHOLDINGSCORP"  # a servicing agreement numbered "Section 1." to "Section 21."
INSURANCE = ("7A. Each party shall maintain commercial general liability insurance with limits of at least "
             "$2,000,000 per occurrence.")  # fmt: skip


def _index(model: TextModel, starts: str) -> int:
    (index,) = [i for i, p in enumerate(model.paragraphs) if p.text.lstrip().startswith(starts)]
    return index


def test_no_clause_goes_between_a_numbered_clause_and_its_next_paragraph() -> None:
    model = _contract(ICORE)
    between = insertion(model, "7. INDEMNITY", INSURANCE)
    (defect,) = check_edit(model=model, proposal=between)
    assert defect.kind == "placement" and "two paragraphs of clause 7" in defect.message
    assert "“Notwithstanding anything to the contrary herein," in defect.message
    # After the clause's last paragraph, right before "8. NO JOINT VENTURE": nothing to say.
    last = next(p for p in reversed(model.paragraphs[: _index(model, "8. NO JOINT VENTURE")]) if p.text.strip())
    assert "IMedicor" in last.text
    assert check_edit(model=model, proposal=insertion(model, last.text[:60], INSURANCE)) == ()


def test_an_insertion_after_a_numbered_clause_goes_past_its_other_paragraphs() -> None:
    model = _contract(ICORE)
    structure = structure_of(model)
    point = insertion_point(structure, after=(_index(model, "7. INDEMNITY"), 40))
    assert point is not None and point.number.startswith("7A")
    following = next(p for p in model.paragraphs[model.positions[point.locator] + 1 :] if p.text.strip())
    assert following.text.lstrip().startswith("8. NO JOINT VENTURE")
    # (an alliance to market a physicians' network online takes no insurance since round 19: the
    # rule runs without that condition, for the place's sake)
    (result,) = PlaybookEngine().analyze(model, _inserted_anyway("insurance"))
    (proposal,) = result.recommendations
    assert not proposal.defects
    placed = model.positions[proposal.edit.locator]
    assert "IMedicor" in model.paragraphs[placed].text and not model.paragraphs[placed].text.lstrip().startswith("7.")


def test_a_section_title_with_two_subjects_is_the_title_of_its_clauses() -> None:
    model = _contract(CURO)
    expected = {
        # After "Section 7. Term of Agreement; Resignation and Removal of Servicer." (its grounds),
        # before "Section 8. Action upon Termination, Resignation ...", what is done once it ends.
        "termination-for-convenience": "Section 7A. Termination for Convenience.",
        "anti-assignment": "Section 12A.",  # "Section 12. Notices."
        "insurance": "Section 13A. Insurance.",  # "Section 13. Limitation of Liability; Indemnification."
    }
    # (a cap is not inserted there: Section 13 is titled for it, and the finding compares it)
    (cap,) = PlaybookEngine().analyze(model, _cuad_coverage("cap-on-liability"))
    assert not cap.recommendations and "(clause Section 13)" in cap.message
    # (A servicer of loans does nothing general liability insurance covers, and takes no insurance
    # since round 19: the rules run without their conditions, for the numbers' sake.)
    for rule_id, number in expected.items():
        (result,) = PlaybookEngine().analyze(model, _inserted_anyway(rule_id))
        (proposal,) = result.recommendations
        assert proposal.after.startswith(number), (rule_id, proposal.after[:30])
        assert not proposal.defects


def test_a_lettered_section_number_is_a_clause_number() -> None:
    model = _contract(CURO)
    at = _index(model, "Section 14. Amendments")
    inserted = Paragraph(locator="new", text="Section 13A. Each party shall maintain insurance.")
    after = TextModel(paragraphs=(*model.paragraphs[:at], inserted, *model.paragraphs[at:]))
    structure = structure_of(after)
    assert ("13A",) in structure.labels
    # Proposed against the contract before the first insertion was accepted, the second takes the next.
    assert renumber_clause("Section 13A. Except for a party's indemnification obligations ...", structure).startswith(
        "Section 13B. "
    )


PHL = "PHLVARIABLEINSURANCECOCT"  # four parties (PHLVIC, PLIC, PEPCO, ICC), clauses numbered "12.01", "12.01.1"
BERKELEY = "BERKELEYLIGHTS"  # "2.5 Termination of Workflow Development Plans." and "... Term. 13. TERM AND TERMINATION"


def test_either_party_is_any_party_among_several() -> None:
    (result,) = PlaybookEngine().analyze(_contract(PHL), _cuad_coverage("termination-for-convenience"))
    (proposal,) = result.recommendations
    assert "Any Party may terminate this Agreement" in proposal.after and "to each other Party" in proposal.after
    assert "Either" not in proposal.after


def test_a_new_clause_goes_after_the_sub_clauses_of_its_anchor_numbered_as_its_sibling() -> None:
    model = _contract(PHL)
    # (an alliance to offer an annuity takes no insurance since round 19: without that condition here)
    (result,) = PlaybookEngine().analyze(model, _inserted_anyway("insurance"))
    (proposal,) = result.recommendations
    # "12.01 Indemnification by the PHL Parties." / "12.01.1 ..." / "12.01.2 Limitation. ...": after
    # 12.01.2, as "12.01A" (the contract's zero-padding kept: never "12.2"), before "12.02".
    assert proposal.after.startswith("12.01A ") and not proposal.defects
    placed = model.paragraphs[model.positions[proposal.edit.locator]].text
    assert placed.lstrip().startswith("12.01.2 Limitation.")


def test_a_clause_goes_under_the_highest_title_that_names_it() -> None:
    model = _contract(BERKELEY)
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("termination-for-convenience"))
    (proposal,) = result.recommendations
    assert proposal.after.startswith("13.") and not proposal.defects  # not "2.5A" among the workflow plans


def cuad_train_read_by(reader):  # type: ignore[no-untyped-def]
    """``reader``'s answer for every cuad-train contract, by file name."""
    import gzip
    import json

    from tests.conftest import shared_data

    with gzip.open(shared_data("cuad-train", "contracts.jsonl.gz"), "rt", encoding="utf-8") as handle:
        return {
            row["cuad_filename"]: reader(
                TextModel(paragraphs=tuple(Paragraph(locator=f"p{i}", text=t) for i, t in enumerate(row["text"].split("\n"))))
            )
            for row in map(json.loads, handle)
        }


def test_a_joint_filing_agreement_takes_no_commercial_clauses() -> None:
    # Seen in the corpus run after set D: four Schedule 13D/13G joint filing agreements each got a
    # liability cap, insurance, a termination right, audit rights ... inserted.
    from review.engine.draft import takes_no_commercial_terms

    read = cuad_train_read_by(takes_no_commercial_terms)
    taken = sorted(name for name, what in read.items() if "joint filing" in what)
    assert len(taken) == 6 and all("JOINT FILING" in name.upper() for name in taken)  # and no other document
    (result, *others) = PlaybookEngine().analyze(_contract("QBIOMEDINC"), _cuad_coverage(
        "insurance", "cap-on-liability", "termination-for-convenience", "audit-rights"))
    for each in (result, *others):
        assert each.recommendations == ()
    assert "joint filing agreement under the Securities Exchange Act" in result.message


# --- set E (docs/decisions/redlines-qa.md, round 7): the classes its first reading showed ---------

GSV = "GSVINC"  # "9.    TERM AND TERMINATION" over "a) ... g)", "CONFIDENTIAL" atop every page
VNUE = "VNUE,INC"  # "... agree as follows:   1. Sponsorship.   (a) ..." in PDF pages
SIBANNAC = "SIBANNAC"  # "... clients.   3) Obligations of the Parties" inline in PDF pages
AGAPE = "AgapeAtpCorp"  # a signature page opening "EQUITY HOLDINGS LIMITED by the duly authorised Officer: ____"


def test_a_running_header_is_no_heading_that_ends_a_list() -> None:
    model = _contract(GSV)
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("termination-for-convenience"))
    (proposal,) = result.recommendations
    # After the list's last item, as its next item, not between b) and c) on either side of the
    # page's "CONFIDENTIAL".
    assert proposal.after.startswith("h) ") and not proposal.defects
    placed = model.paragraphs[model.positions[proposal.edit.locator]].text
    assert placed.lstrip().startswith("g)")
    b = next(p for p in model.paragraphs if p.text.lstrip().startswith("b)    Sixty (60) days"))
    (defect,) = check_edit(model=model, proposal=insertion(model, b.text.lstrip()[:30], "Either party may terminate."))
    assert defect.kind == "placement" and "middle of a list" in defect.message


def test_the_preambles_as_follows_is_no_lead_in_of_a_list() -> None:
    model = _contract(VNUE)
    # (its fee is a fixed sum, so the library audit is no longer inserted here: the placement is
    # read with the same rule inserted whatever is paid)
    (result,) = PlaybookEngine().analyze(model, _inserted_whatever_is_paid("audit-rights"))
    (proposal,) = result.recommendations
    assert proposal.after.startswith("1A. ") and not proposal.defects  # numbered, before "2. Sponsorship Consideration"


def test_a_number_written_inline_and_not_read_is_in_use() -> None:
    model = _contract(SIBANNAC)
    third = next(p for p in model.paragraphs if "3) Obligations of the Parties" in p.text)
    (defect,) = [d for d in check_edit(model=model, proposal=insertion(model, third.text.lstrip()[:40], "3) Each party shall keep records."))
                 if d.kind == "numbering"]  # fmt: skip
    assert "3 is already used" in defect.message
    for rule_id in ("audit-rights", "cap-on-liability", "insurance"):
        (result,) = PlaybookEngine().analyze(model, _cuad_coverage(rule_id))
        (proposal,) = result.recommendations
        assert proposal.after.startswith("14) ") and not proposal.defects  # after "13) Entire Agreement"


def test_a_signature_page_the_reader_did_not_take_for_one_gets_no_clause() -> None:
    model = _contract(AGAPE)
    page = next(p for p in model.paragraphs if p.text.startswith("EQUITY HOLDINGS LIMITED by the duly authorised"))
    signed = "Duly authorized to sign on behalf of Organic Preparations INC."
    offset = page.text.index(signed) + len(signed)
    edit = Edit(kind="replace", locator=page.locator, start=offset, before=page.text[offset:],
                after=" 14.11 Each party shall maintain insurance." + page.text[offset:])  # fmt: skip
    proposal = Proposal(action="insert", edit=edit, before="", after="14.11 Each party shall maintain insurance.",
                        explanation="", position=0)  # fmt: skip
    assert any(d.kind == "placement" and "signature" in d.message for d in check_edit(model=model, proposal=proposal))
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("cap-on-liability"))
    (cap,) = result.recommendations
    assert cap.after.startswith("14.11 ") and not cap.defects
    assert "14.10 HOW TO ACHIEVE SUPER HEALTH" in model.paragraphs[model.positions[cap.edit.locator]].text


# --- set F (docs/decisions/redlines-qa.md, round 7) ------------------------------------------------

BORROW = "BORROWMONEYCOM"  # a joint venture of '(individually the "Member" and collectively the "Members")'
WHITESMOKE = "WHITESMOKE"  # "10." an IP indemnity in 10.1 to 10.6


def test_a_party_is_called_what_the_contract_calls_its_parties() -> None:
    from contracts.naming import adapt_terms

    written, notes = adapt_terms("Either party may terminate on notice to the other party; a third party.",
                                 _contract(BORROW))  # fmt: skip
    assert written == "Either Member may terminate on notice to the other Member; a third party."
    assert any("as this contract calls its parties" in n for n in notes)
    # A contract of "Parties" keeps them; one of several sellers never calls every party a seller.
    assert adapt_terms("Either party may terminate.", _contract(WHITESMOKE))[0] == "Either party may terminate."


def test_a_number_written_after_an_inline_heading_is_in_use() -> None:
    # "... prior to valuation. Transfer of Member Interest 41. A Member may assign ...", unread.
    model = _contract(BORROW)
    for rule_id in ("termination-for-convenience", "cap-on-liability"):
        # (the playbook inserts neither in a joint venture: numbering is read as for any contract)
        playbook = _cuad_coverage(rule_id)
        anywhere = tuple(dataclasses.replace(r, not_inserted_in=()) for r in playbook.rules)
        (result,) = PlaybookEngine().analyze(model, dataclasses.replace(playbook, rules=anywhere))
        (proposal,) = result.recommendations
        assert proposal.after.startswith("69. ") and not proposal.defects  # after 68., never a second "41."


def test_a_clause_goes_after_the_whole_clause_its_words_title() -> None:
    model = _contract(WHITESMOKE)
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("insurance"))
    (proposal,) = result.recommendations
    # Not "10.1A" between Google's IP indemnity (10.1) and its exclusions (10.2).
    assert proposal.after.startswith("10.7 ") and not proposal.defects
    assert model.paragraphs[model.positions[proposal.edit.locator]].text.lstrip().startswith("10.6 ")
