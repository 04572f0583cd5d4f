"""Every revision kind (ladder, number, variant, own wording), its errors, and history."""

from __future__ import annotations

import pytest

from documents.docx.edit import apply_edit_to_model
from documents.docx.model import TextModel
from playbooks.rules import Rule
from review.engine.base import HistoryItem, Proposal, RevisionError, RevisionRequest
from review.engine.playbook import PlaybookEngine
from tests.review.engine.helpers import model_of, rule, spec

ENGINE = PlaybookEngine()
PAYMENT = rule(
    id="payment-terms",
    find={"any": ["invoice"]},
    check={"max_days": 30},
    positions=[
        "Customer shall pay undisputed invoices within thirty (30) days of receipt.",
        "Customer shall pay undisputed invoices within forty-five (45) days of receipt.",
    ],
    guidance="Longer terms hurt our cash flow.",
    variants={"mutual": "Each party shall pay undisputed invoices within thirty (30) days of receipt."},
)
CONF = rule(
    id="confidentiality",
    find={"any": ["confidential"]},
    check={"must_match": r"\beach party\b"},
    positions=[
        "Each party shall protect the other's Confidential Information with reasonable care.",
        "Each party shall protect the other's Confidential Information as it protects its own.",
    ],
    variants={"mutual": "Each party shall keep the other's Confidential Information confidential."},
)
LOL = rule(
    id="lol",
    find={"any": ["total liability"]},
    check={"must_exist": True},
    positions=[
        "Each party's total liability shall not exceed the fees paid in the twelve (12) months before the claim.",
        "Each party's total liability shall not exceed the fees paid in the twenty-four (24) months before the claim.",
    ],
)
STRIKE = rule(id="no-exclusivity", find={"any": ["exclusively"]}, check={"must_not_exist": True})

PAY_MODEL = model_of("4. Payment. Customer shall pay each invoice within sixty (60) days of receipt. Late fees apply.")
CONF_MODEL = model_of("Vendor shall keep Confidential Information secret. Other text.")
LOL_MODEL = model_of("1. Fees.", "2. Notices.", next_insert=3)
STRIKE_MODEL = model_of("Supply. Customer shall buy exclusively from Vendor. Prices are fixed.")


def first(model: TextModel, r: Rule) -> Proposal:
    (result,) = ENGINE.analyze(model, spec(r), citation_label="SaaS v2")
    return result.recommendations[0]


def revise(model: TextModel, r: Rule, current: Proposal, instruction: str, history: tuple = ()) -> Proposal:
    request = RevisionRequest(rule=r, current=current, instruction=instruction, history=history,
                              citation=f"{r.id} @ SaaS v2")  # fmt: skip
    return ENGINE.revise(request, model)


def text_after(model: TextModel, proposal: Proposal, locator: str = "p1") -> str:
    return apply_edit_to_model(model, proposal.edit).get(locator).text


# --- ladder ------------------------------------------------------------------------------------


@pytest.mark.parametrize("instruction", ["softer", "fallback", "more lenient", "Please make it softer."])
def test_softer_moves_to_the_next_position_on_a_clause(instruction: str) -> None:
    current = first(CONF_MODEL, CONF)
    revised = revise(CONF_MODEL, CONF, current, instruction)
    assert revised.position == 1
    assert revised.after == CONF.positions[1]
    assert revised.instruction == instruction
    assert revised.edit.locator == current.edit.locator and revised.edit.start == current.edit.start
    assert text_after(CONF_MODEL, revised).startswith(CONF.positions[1])
    assert "confidentiality @ SaaS v2" in revised.explanation


@pytest.mark.parametrize("instruction", ["stricter", "tougher", "preferred"])
def test_stricter_and_preferred_move_back(instruction: str) -> None:
    softer = revise(CONF_MODEL, CONF, first(CONF_MODEL, CONF), "softer")
    back = revise(CONF_MODEL, CONF, softer, instruction)
    assert back.position == 0
    assert back.after == CONF.positions[0]


def test_ladder_ends_are_clear_errors() -> None:
    current = first(CONF_MODEL, CONF)
    with pytest.raises(RevisionError, match="preferred"):
        revise(CONF_MODEL, CONF, current, "stricter")
    softest = revise(CONF_MODEL, CONF, current, "softer")
    with pytest.raises(RevisionError, match="already the most lenient position the playbook allows"):
        revise(CONF_MODEL, CONF, softest, "softer")


def test_softer_on_a_number_edit_uses_the_fallback_figure_in_the_documents_style() -> None:
    current = first(PAY_MODEL, PAYMENT)
    assert current.edit.after == "thirty (30) days"
    revised = revise(PAY_MODEL, PAYMENT, current, "fallback")
    assert revised.edit.before == "sixty (60) days"
    assert revised.edit.after == "forty-five (45) days"
    assert revised.position == 1 and revised.value == 45
    assert "fallback 1 of 1 of the playbook" in revised.explanation
    assert "beyond the playbook" not in revised.explanation
    assert text_after(PAY_MODEL, revised) == (
        "4. Payment. Customer shall pay each invoice within forty-five (45) days of receipt. Late fees apply."
    )


def test_softer_on_an_insert_keeps_the_new_paragraph_place() -> None:
    current = first(LOL_MODEL, LOL)
    revised = revise(LOL_MODEL, LOL, current, "softer")
    assert revised.action == "insert"
    assert (revised.edit.locator, revised.edit.new_locator) == (current.edit.locator, current.edit.new_locator)
    # ... and its number (the clauses before it are 1. and 2.).
    assert apply_edit_to_model(LOL_MODEL, revised.edit).get("n3").text == "3. " + LOL.positions[1]


def test_no_positions_to_move_between() -> None:
    current = first(STRIKE_MODEL, STRIKE)
    with pytest.raises(RevisionError, match="no positions"):
        revise(STRIKE_MODEL, STRIKE, current, "softer")


# --- numbers -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("instruction", "after", "value"),
    [
        ("45 days", "forty-five (45) days", 45),
        ("use 2 years", "two (2) years", 730),
        ("make it 3 weeks", "three (3) weeks", 21),
        ("20", "twenty (20) days", 20),
        ("ten business days", "ten (10) business days", 14),
    ],
)
def test_number_applied_to_the_number_phrase(instruction: str, after: str, value: float) -> None:
    revised = revise(PAY_MODEL, PAYMENT, first(PAY_MODEL, PAYMENT), instruction)
    assert revised.edit.before == "sixty (60) days"
    assert revised.edit.after == after
    assert revised.value == pytest.approx(value)
    assert revised.position == (1 if value == 45 else None)  # 45 days is the playbook's own fallback
    assert after in text_after(PAY_MODEL, revised)


def test_number_of_the_wrong_kind_is_an_error() -> None:
    with pytest.raises(RevisionError, match="percentage"):
        revise(PAY_MODEL, PAYMENT, first(PAY_MODEL, PAYMENT), "10%")


def test_number_applied_to_the_position_text() -> None:
    current = first(LOL_MODEL, LOL)
    revised = revise(LOL_MODEL, LOL, current, "18 months")
    assert revised.after == (  # numbered like the clauses before it (1., 2.)
        "3. Each party's total liability shall not exceed the fees paid in the eighteen (18) months before the claim."
    )
    assert revised.action == "insert"


def test_amount_and_percent_numbers() -> None:
    cap = rule(id="cap", find={"any": ["liability"]}, check={"max_amount": 1_000_000})
    model = model_of("Total liability shall not exceed $5,000,000.")
    revised = revise(model, cap, first(model, cap), "$2,000,000")
    assert revised.edit.after == "$2,000,000"
    uplift = rule(id="uplift", find={"any": ["increase"]}, check={"max_percent": 3})
    model = model_of("Vendor may increase fees by fifteen percent (15%) a year.")
    assert revise(model, uplift, first(model, uplift), "5%").edit.after == "five percent (5%)"


def test_number_in_wording_without_a_figure_is_an_error() -> None:
    with pytest.raises(RevisionError, match="no duration"):
        revise(CONF_MODEL, CONF, first(CONF_MODEL, CONF), "45 days")


# --- variants and own wording --------------------------------------------------------------------


def test_variant_by_name_replaces_the_whole_sentence_of_a_number_edit() -> None:
    revised = revise(PAY_MODEL, PAYMENT, first(PAY_MODEL, PAYMENT), "make it mutual")
    assert revised.variant == "mutual"
    assert revised.before == "Customer shall pay each invoice within sixty (60) days of receipt."
    # Only the words that differ are in the edit: "Customer shall pay" ... "days of receipt." stay.
    assert revised.edit.before == "Customer shall pay each invoice within sixty (60"
    assert text_after(PAY_MODEL, revised) == (
        "4. Payment. Each party shall pay undisputed invoices within thirty (30) days of receipt. Late fees apply."
    )


def test_variant_on_a_clause() -> None:
    revised = revise(CONF_MODEL, CONF, first(CONF_MODEL, CONF), "mutual")
    assert revised.after == CONF.variant_map["mutual"]


@pytest.mark.parametrize("prefix", ["replace with:", "Replace it with:", "use this wording:", "own wording:"])
def test_own_wording(prefix: str) -> None:
    revised = revise(CONF_MODEL, CONF, first(CONF_MODEL, CONF), f'{prefix} "Both parties keep secrets."')
    assert revised.after == "Both parties keep secrets."
    assert revised.position is None
    assert text_after(CONF_MODEL, revised) == "Both parties keep secrets. Other text."


def test_own_figure_on_a_number_edit_changes_only_the_phrase() -> None:
    revised = revise(PAY_MODEL, PAYMENT, first(PAY_MODEL, PAYMENT), "replace with: forty (40) days")
    assert revised.edit.before == "sixty (60) days"
    assert revised.edit.after == "forty (40) days"


def test_own_wording_on_a_strike_becomes_a_replacement() -> None:
    current = first(STRIKE_MODEL, STRIKE)
    assert current.action == "delete"
    revised = revise(STRIKE_MODEL, STRIKE, current, "replace with: Customer may buy from anyone.")
    assert revised.action == "replace"
    assert text_after(STRIKE_MODEL, revised) == "Supply. Customer may buy from anyone. Prices are fixed."


def test_own_wording_on_a_deleted_paragraph() -> None:
    model = model_of("Fees.", "Customer shall buy exclusively from Vendor.")
    current = first(model, STRIKE)
    assert current.edit.kind == "delete_paragraph"
    revised = revise(model, STRIKE, current, "replace with: Customer may buy from anyone.")
    assert apply_edit_to_model(model, revised.edit).get("p2").text == "Customer may buy from anyone."


def test_empty_own_wording_is_an_error() -> None:
    with pytest.raises(RevisionError):
        revise(CONF_MODEL, CONF, first(CONF_MODEL, CONF), 'replace with: ""')


# --- not understood ----------------------------------------------------------------------------


@pytest.mark.parametrize("instruction", ["make it nicer", "", "   "])
def test_not_understood_lists_what_is_understood(instruction: str) -> None:
    with pytest.raises(RevisionError) as caught:
        revise(PAY_MODEL, PAYMENT, first(PAY_MODEL, PAYMENT), instruction)
    message = str(caught.value)
    for understood in ("softer", "stricter", "45 days", "mutual", "replace with"):
        assert understood in message


# --- history -----------------------------------------------------------------------------------


def test_explanation_mentions_previous_instructions() -> None:
    history = (HistoryItem("payment-terms", "revise", "45 days"), HistoryItem("other-rule", "revise", "softer"))
    revised = revise(PAY_MODEL, PAYMENT, first(PAY_MODEL, PAYMENT), "40 days", history)
    assert "Earlier instructions on this rule: \u201c45 days\u201d" in revised.explanation
    assert "softer" not in revised.explanation.split("Earlier instructions")[1]


def test_instruction_already_tried_and_rejected_is_reported() -> None:
    history = (
        HistoryItem("payment-terms", "revise", "softer"),
        HistoryItem("payment-terms", "reject", "45 days is too long for us"),
    )
    revised = revise(PAY_MODEL, PAYMENT, first(PAY_MODEL, PAYMENT), "Softer", history)
    assert "already tried on this rule and its result was rejected" in revised.explanation
    assert "45 days is too long for us" in revised.explanation
    fresh = revise(PAY_MODEL, PAYMENT, first(PAY_MODEL, PAYMENT), "40 days", ())
    assert "already tried" not in fresh.explanation


def test_rejected_first_recommendation_is_reported_on_going_back_to_it() -> None:
    history = (HistoryItem("confidentiality", "reject", "we never accept this"),)
    softer = revise(CONF_MODEL, CONF, first(CONF_MODEL, CONF), "softer", history)
    back = revise(CONF_MODEL, CONF, softer, "preferred", history)
    assert "first recommendation for this rule was rejected" in back.explanation
    assert "we never accept this" in back.explanation


def test_revision_is_deterministic() -> None:
    current = first(PAY_MODEL, PAYMENT)
    assert revise(PAY_MODEL, PAYMENT, current, "45 days") == revise(PAY_MODEL, PAYMENT, current, "45 days")
