"""Missing means missing, for terms published as web pages and converted to Word: each clause has a
heading of its own ("Return of Materials", "Indemnify Customer") or a title run into its text
("B. Exceptions. Confidential Information shall not, however, include ..."), and says the clause
in words a rule's narrow search misses. A section titled for the rule's clause whose text says
much of the playbook's wording is compared, never duplicated (review/engine/presence.py); the
rules' searches also read a few more ways of saying the clause. The documents are written here in
our own words, in the structure and phrasing of the terms that showed the class."""

from __future__ import annotations

import dataclasses

import pytest

from documents.docx.model import Paragraph, TextModel
from playbooks.loader import PlaybookInvalid, load_playbook
from playbooks.services import LIBRARY_DIR
from review.engine.playbook import PlaybookEngine


def _library(name: str, *rule_ids: str):  # type: ignore[no-untyped-def,unused-ignore]
    playbook = load_playbook((LIBRARY_DIR / f"{name}.yaml").read_bytes())
    return dataclasses.replace(playbook, rules=tuple(r for r in playbook.rules if r.id in rule_ids))


def _document(*lines: tuple[int | None, str]) -> TextModel:
    """Paragraphs, each with its heading level (None for body text), as a converted web page has them."""
    return TextModel(
        paragraphs=tuple(
            Paragraph(locator=f"p{i + 1}", text=text, heading_level=level,
                      style=f"Heading {level}" if level else "Body Text")
            for i, (level, text) in enumerate(lines)
        )
    )  # fmt: skip


# A one-way NDA: one side shares, the other receives.
ONE_WAY_NDA = _document(
    (1, "ACME LABS CONFIDENTIALITY AGREEMENT"),
    (None, 'This Confidentiality Agreement (this "Agreement") is made between Acme Labs, Inc. ("Owner") and '
           'the person signing below ("Reviewer").'),
    (2, "1. Background."),
    (None, 'The Owner and the Reviewer are discussing a possible joint project (the "Project") and the Owner '
           "will share technical material with the Reviewer for it."),
    (2, "2. Confidential Information."),
    (None, 'A. Meaning. "Confidential Information" means anything the Owner shares with the Reviewer in '
           "connection with the Project, in any form."),
    (None, "B. Exceptions. Confidential Information shall not, however, include any information that the "
           "Reviewer can show: (i) was publicly available before the Owner shared it with the Reviewer; (ii) "
           "becomes publicly available later through no fault of the Reviewer; or (iii) was rightfully in the "
           "Reviewer's hands without any confidentiality restriction when the Owner shared it."),
    (2, "3. Non-use and Non-disclosure."),
    (None, "The Reviewer shall not use any Confidential Information for any purpose except to assess the "
           "Project. The Reviewer shall not disclose Confidential Information to anyone but its staff who need "
           "it for the Project and who are bound to keep it confidential."),
    (2, "4. Return of Documents."),
    (None, "Every document holding Confidential Information remains the Owner's property and shall be "
           "returned promptly to the Owner or destroyed, at the Owner's request."),
    (2, "5. Governing Law."),
    (None, "This Agreement is governed by the laws of the State of New York."),
    (None, "IN WITNESS WHEREOF, the parties have signed this Agreement."),
)  # fmt: skip


def test_a_run_in_title_of_another_name_marks_the_exclusions_the_lawyer_compares() -> None:
    # Three exclusions and no independent development: one limb is added by the lawyer, never a
    # second list.
    (result,) = PlaybookEngine().analyze(ONE_WAY_NDA, _library("mutual-nda", "standard-exclusions"))
    assert result.status == "missing" and not result.recommendations
    assert "\u201cExceptions\u201d is titled for this clause" in result.message
    assert "shall not, however, include" in result.message and "(clause 2)" in result.message


@pytest.mark.parametrize("rule_id, evidence", [
    ("use-restriction", "for any purpose except to assess the Project"),
    ("return-or-destroy", "returned promptly to the Owner or destroyed"),
])  # fmt: skip
def test_a_use_limit_or_a_return_in_other_words_is_the_clause(rule_id: str, evidence: str) -> None:
    (result,) = PlaybookEngine().analyze(ONE_WAY_NDA, _library("mutual-nda", rule_id))
    assert result.status == "ok" and not result.recommendations
    assert evidence in result.evidence[0].sentence


def test_also_titled_is_stored_with_the_rule_and_belongs_to_must_exist_rules() -> None:
    head = "name: T\nrules:\n  - id: r\n    title: T\n    find: {any: [x]}\n"
    playbook = load_playbook(
        (head + "    check: {must_exist: true}\n    positions: [Either party may end it.]\n"
         "    also_titled: [Exceptions,  Carve  Outs]\n").encode()
    )  # fmt: skip
    (rule,) = playbook.rules
    assert rule.also_titled == ("Exceptions", "Carve Outs")
    assert type(rule).from_dict(rule.to_dict()).also_titled == rule.also_titled
    with pytest.raises(PlaybookInvalid) as info:
        load_playbook((head + "    check: {must_not_exist: true}\n    also_titled: [Exceptions]\n").encode())
    assert "also_titled: only applies to must_exist rules" in str(info.value)


def test_a_title_names_its_kind_by_its_head_word_not_by_a_word_that_qualifies_another() -> None:
    """A co-branding agreement's "Development, Operation and Administration of Insurance Center"
    is about a web site named for insurance, and a dev contract's "Modifications by Converge" about
    modifications (the party "Converge" shares five letters with "Convenience"): neither is the
    clause, and the clause is inserted as before."""
    from tests.conftest import shared_data
    from tests.review.engine.test_insertion_titles import _contract

    ebix = _contract("EbixInc_20010515_10-Q_EX-10.3_4049767_EX-10.3_Co-Branding Agreement")
    (result,) = PlaybookEngine().analyze(ebix, _library("cuad-coverage", "insurance"))
    assert "Insurance Center" not in result.message
    assert [p.action for p in result.recommendations] == ["insert"]
    from documents.docx.textmodel import build_text_model

    maintenance = build_text_model(shared_data("cuad", "docx", "cuad_maintenance_03.docx").read_bytes())
    (result,) = PlaybookEngine().analyze(maintenance, _library("cuad-coverage", "termination-for-convenience"))
    assert "Modifications by Converge" not in result.message
    assert [p.action for p in result.recommendations] == ["insert"]


def _licence(section: str, duty: str) -> TextModel:
    return _document(
        (1, "Software Licence Terms"),
        (None, 'These terms are between Maker Ltd ("Developer") and Buyer Inc. ("Customer").'),
        (2, "Developer's Obligations"),
        (3, section),
        (None, duty),
        (3, "Pay Fees"),
        (None, "Customer agrees to pay the licence fees on the order form."),
    )


def test_a_one_sided_duty_is_present_where_its_section_has_the_same_party_bound() -> None:
    """"Indemnify Customer: Developer agrees to give Customer indemnification for claims by others
    that use of the software infringes" is the vendor's IP indemnity in plain-English terms; the
    section titled for the other side's ("Indemnify Developer: Customer agrees to ...") is not."""
    rules = _library("saas-customer", "vendor-ip-indemnity")
    ours = _licence(
        "Indemnify Customer",
        "Developer agrees to give Customer indemnification for claims by others alleging that use of the Software "
        "infringes any copyright, trade mark, trade secret or patent right, and to pay the damages and costs awarded.",
    )
    (result,) = PlaybookEngine().analyze(ours, rules)
    assert not result.recommendations and "Indemnify Customer" in result.message
    theirs = _licence(
        "Indemnify Developer",
        "Customer agrees to give Developer indemnification for claims by others alleging that Customer's content "
        "infringes any copyright, trade mark, trade secret or patent right, and to pay the damages and costs awarded.",
    )
    (result,) = PlaybookEngine().analyze(theirs, rules)
    assert [p.action for p in result.recommendations] == ["insert"]
