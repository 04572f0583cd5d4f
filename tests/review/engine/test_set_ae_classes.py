"""Missing means missing, round 18: an obligation of a rule's type stated as one item of
a list run on in one paragraph, read on a seen contract's own text.

A franchise agreement's "5.1 ... You must:   5.1.1 ...;   5.1.2 ...;" runs twenty-five items into a
few paragraphs, and item 5.1.22 is its insurance: "after the Effective Date, maintain, at your
expense, insurance of the types and in the minimum amounts we specify in the Standards. All such
insurance must be with insurers ... If you fail or neglect to obtain or maintain the insurance ...
pay us the premiums ...;". The sentence splitter cuts at full stops, so the item's first words end
a sentence that begins three items earlier, and its last sentence runs on through the items after
it: no passage the clause model scored held the obligation whole, none read as insurance, and the
playbook inserted a second insurance clause. Each item of such a list is now also scored whole
(contracts/clauses/passages.py ``list_items``), for the presence checks only.
"""

from __future__ import annotations

from contracts.clauses import SLUGS, detect_type, get_model
from contracts.clauses.passages import cut, list_items
from review.engine.playbook import PlaybookEngine
from tests.review.engine.test_insertion_titles import _contract
from tests.review.engine.test_set_c_classes import _cuad_coverage

FRANCHISE = "HOSPITALITYINVESTORSTRUST,INC_04_07_2014"


def test_an_insurance_obligation_that_is_one_item_of_a_list_is_compared_not_inserted_again() -> None:
    model = _contract(FRANCHISE)
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("insurance"))
    assert result.recommendations == ()
    assert result.status == "missing"  # a finding still: the lawyer compares the two
    assert "nothing is inserted" in result.message and "Insurance" in result.message
    # The item is quoted whole, under its own number.
    assert "(clause 5.1.22): \u201c5.1.22 after the Effective Date, maintain" in result.message
    (evidence,) = result.evidence
    assert "5.1.22 after the Effective Date, maintain, at your expense, insurance of the types" in evidence.sentence


def test_the_item_is_scored_whole_and_reads_as_insurance() -> None:
    model = _contract(FRANCHISE)
    scored = get_model().score(model)
    confidence = scored.column(SLUGS.index("insurance"))
    items = [(float(confidence[row]), p) for row, p in enumerate(scored.passages) if p.item]
    best, item = max(items, key=lambda x: x[0])
    assert best >= 0.5
    assert item.text.startswith("5.1.22 after the Effective Date, maintain, at your expense, insurance")
    assert item.text.endswith("pay us the premiums and cost we incur in obtaining this insurance;")
    # No sentence does: the item's pieces are drowned in the other items or cut from them.
    assert max(float(confidence[row]) for row, p in enumerate(scored.passages) if not p.item) < 0.25
    # The items are never passages ``detect`` returns (what the rules quote and edit).
    assert all(not p.text.startswith("5.1.22") for p in detect_type(model, "insurance", min_confidence=0.0))


def test_the_items_of_a_list_run_on_in_one_paragraph_that_run_past_a_full_stop_are_passages() -> None:
    text = (
        "You must:   5.1.1 operate the Hotel at all times;   5.1.2 keep the Hotel clean. Repairs are "
        "yours;   5.1.3 maintain insurance. It must name us; and   5.1.4 pay the fees. 6.0 FEES 6.1 Payment."
    )
    paragraphs = [("p1", text)]
    items = [p.text for p in list_items(paragraphs, cut(paragraphs))]
    # 5.1.1 and 5.1.4 are each held whole by one sentence, as the model reads them already.
    assert items == ["5.1.2 keep the Hotel clean. Repairs are yours;", "5.1.3 maintain insurance. It must name us;"]


def test_an_item_inside_one_sentence_is_no_passage_of_its_own() -> None:
    # Alone, "(x) insurance premiums;" reads as insurance: one word outweighs what the item says.
    text = (
        "The Fund pays its expenses, including: (ix) the cost of office supplies; (x) insurance premiums; "
        "and (xi) brokerage. The payment is monthly."
    )
    paragraphs = [("p1", text)]
    assert list_items(paragraphs, cut(paragraphs)) == []


def test_a_paragraph_without_a_run_on_list_has_no_items() -> None:
    text = "The fee is payable as follows: 12.5 percent on signature. The rest follows: on delivery."
    paragraphs = [("p1", text)]
    assert list_items(paragraphs, cut(paragraphs)) == []
