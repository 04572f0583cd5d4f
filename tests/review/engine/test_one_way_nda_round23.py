"""A one-way NDA read in round 22's second look (docs/decisions/redlines-qa.md, "Round 22 lawyer
read"): a programme that discloses specifications to a consultant. The document is not ours to
commit, so its classes are shown on text in our own words with the same structure; each test
fails with round 22's code."""

from __future__ import annotations

import dataclasses

from contracts.document import structure_of
from contracts.insertion import closing_sections
from contracts.naming import Parties, disclosure_roles
from documents.docx.model import Paragraph, TextModel
from playbooks.loader import load_playbook
from playbooks.services import LIBRARY_DIR
from review.engine.playbook import PlaybookEngine

_LINES = (
    "MAPLE STANDARDS GROUP SPECIFICATION ACCESS AGREEMENT FOR ENGINEERS",
    "This Specification Access Agreement (the \u201cAgreement\u201d) is made by and between Maple Standards Group, a "
    "Delaware nonprofit corporation (\u201cGroup\u201d), and the undersigned engineer, an individual residing at the "
    "address below (\u201cEngineer\u201d), as of the date of the Group\u2019s signature below.",
    "1. Access",
    "Group hereby admits Engineer to its specification programme as of the Effective Date.",
    "2. Confidential Information",
    "Engineer acknowledges that Group will disclose Confidential Information to Engineer. \u201cConfidential "
    "Information\u201d means the specifications listed on Exhibit A, as Exhibit A may be changed upon mutual written "
    "agreement of the parties, and any other information Group does not publish.",
    "3. Obligations",
    "Notwithstanding anything to the contrary in Section 2, Engineer will not at any time disclose, divulge or make "
    "accessible to any person any Confidential Information, for any reason whatsoever.",
    "4. Return",
    "Engineer will return all Confidential Information to Group when this Agreement ends.",
    "5. Injunction",
    "Engineer agrees Group shall be entitled to injunctive relief to stop any breach of this Agreement.",
    "6. Governing Law",
    "This Agreement is governed by the laws of the State of Delaware.",
    "7. Attorney Fees",
    "The prevailing party shall be entitled to its reasonable attorney fees.",
    "8. Waiver",
    "A failure to demand strict performance is no waiver.",
    "9. Successors and Assigns",
    "This Agreement binds Engineer\u2019s heirs and may be assigned by Group.",
    "10. Severability and Enforcement",
    "An invalid provision shall be modified as necessary to make it enforceable.",
    "11. Opportunity for Review",
    "Engineer acknowledges having read the foregoing Agreement and signed it voluntarily.",
)


def _model() -> TextModel:
    return TextModel(paragraphs=tuple(Paragraph(locator=f"p{i}", text=t) for i, t in enumerate(_LINES, 1)))


def _result(model: TextModel, rule_id: str, parties: Parties):  # type: ignore[no-untyped-def]
    spec = load_playbook((LIBRARY_DIR / "mutual-nda.yaml").read_bytes())
    only = dataclasses.replace(spec, rules=tuple(r for r in spec.rules if r.id == rule_id))
    (result,) = PlaybookEngine().analyze(model, only, parties=parties)
    return result


def test_mutual_written_agreement_does_not_make_a_duty_mutual() -> None:
    # "as Exhibit A may be changed upon mutual written agreement": an amendment by both, not a duty
    # of both. The roles are the Engineer (bound) and the Group.
    roles = disclosure_roles(_model())
    assert (roles.recipient, roles.discloser) == ("Engineer", "Group")


def test_a_one_way_ndas_duty_is_not_rewritten_as_mutual_for_its_recipient() -> None:
    from contracts.naming import information_of_one_side

    model = _model()
    assert information_of_one_side(model) is not None
    result = _result(model, "mutual-obligations", Parties(us="Engineer", them="Group", side="", corrected=True))
    # The finding stands, with the reason; no mutual duty replaces the Engineer's own, since
    # what is confidential stays the Group's specifications.
    assert result.status == "issue" and not result.recommendations
    assert "one-way" in result.message and "Group's" in result.message


def test_a_one_way_nda_that_speaks_of_the_recipients_own_information_is_not_one_sided_information() -> None:
    from contracts.naming import information_of_one_side

    lines = list(_LINES)
    lines[5] += " Engineer may disclose its own confidential information to Group as well."
    model = TextModel(paragraphs=tuple(Paragraph(locator=f"p{i}", text=t) for i, t in enumerate(lines, 1)))
    assert information_of_one_side(model) is None


def test_boilerplate_titles_close_the_contract_and_a_new_clause_goes_before_the_signing_words() -> None:
    model = _model()
    structure = structure_of(model)
    titles = [model.paragraphs[i].text for i in closing_sections(structure, len(model.paragraphs) - 1)]
    assert titles == ["6. Governing Law", "7. Attorney Fees", "8. Waiver", "9. Successors and Assigns",
                      "10. Severability and Enforcement", "11. Opportunity for Review"]  # fmt: skip
    result = _result(model, "compelled-disclosure", Parties(us="Engineer", them="Group", side="", corrected=True))
    (proposal,) = result.recommendations
    # Not "12. Compelled Disclosure" after the words the Engineer says on signing.
    assert proposal.after.startswith("5A. Compelled Disclosure")
    # ... and it prevails over section 3's "will not at any time disclose ... for any reason".
    assert ("Notwithstanding anything to the contrary in this Agreement, Engineer may disclose Confidential "
            "Information to the extent required by law") in proposal.after


def test_exclusions_that_lack_only_independent_development_are_quoted_not_repeated() -> None:
    # Three exclusions written into the definition, independent development not among them: a
    # second, four-item list beside it would repeat three. The finding quotes the list.
    lines = list(_LINES)
    lines[5] += (" Confidential Information shall not, however, include any information which Engineer can establish"
                 " (i) was publicly known before its disclosure to Engineer, (ii) becomes publicly known through no"
                 " fault of Engineer, or (iii) was rightfully received by Engineer from a third party.")
    model = TextModel(paragraphs=tuple(Paragraph(locator=f"p{i}", text=t) for i, t in enumerate(lines, 1)))
    result = _result(model, "standard-exclusions", Parties(us="Engineer", them="Group", side="", corrected=True))
    assert result.status == "missing" and not result.recommendations
    assert "shall not, however, include any information which Engineer can establish" in result.message
    # Without the list, the exclusions go in as a clause of their own.
    bare = _result(_model(), "standard-exclusions", Parties(us="Engineer", them="Group", side="", corrected=True))
    (proposal,) = bare.recommendations
    assert "independently develops" in proposal.after
