"""Classes read in round 15 (docs/decisions/redlines-qa.md, "Round 15"), each on a seen contract.
Both were seen on the round's final look (held-out contracts, counted before the fix) and fixed
after the count:

- a form's signature block whose labels stand empty, one after another ("By: By: Name: Name:
  Title: Title: Date: Date:"), with no conformed signature, rule or "IN WITNESS WHEREOF" to find it
  by: a clause added at the end went into it;
- a document labelled at its first words an attachment of another agreement ("Attachment C to
  Master Franchise Agreement MULTI-STATE ADDENDUM", a guarantee of that agreement): it took a
  liability cap, insurance and a walk-away right of its own.
"""

from __future__ import annotations

from contracts.document import structure_of
from contracts.insertion import insertion_point
from documents.docx.model import Paragraph, TextModel
from review.engine.draft import part_of_another_agreement
from review.engine.playbook import PlaybookEngine
from tests.review.engine.test_insertion_titles import _contract
from tests.review.engine.test_set_c_classes import _cuad_coverage

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
