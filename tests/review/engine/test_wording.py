"""What a number-only edit leaves out of the playbook's wording (review/engine/wording.py), on
real contracts from ../shared/data with the library SaaS playbook, and the revision that puts the
playbook's full wording in its place."""

from __future__ import annotations

from documents.docx.edit import apply_edit_to_model
from review.engine.base import Proposal, RevisionRequest
from review.engine.playbook import PlaybookEngine
from review.engine.revise import FULL_WORDING
from review.engine.wording import left_out
from tests.review.engine.helpers import spec
from tests.review.engine.test_edit_checker import contract
from tests.review.engine.test_redlines_on_real_contracts import _rule, payee_payment

ENGINE = PlaybookEngine()
PAYMENT = payee_payment()  # as a payee writes it: these contracts pay in 60 days
PRICE = _rule("saas-customer.yaml", "price-increase-cap")
# "Payment of FCC invoices shall be due within sixty (60) days of the respective invoice date."
FLOTEK = "FLOTEKINDUSTRIESINCCN_05_09_2019"
# "Changepoint agrees not to increase its Maintenance Fees annually by more than six percent (6%) ..."
CHANGEPOINT = "CHANGEPOINTCORP_03_08_2000"


def number_edit(prefix: str, rule) -> Proposal:  # type: ignore[no-untyped-def]
    (result,) = ENGINE.analyze(contract(prefix), spec(rule))
    (proposal,) = result.recommendations
    assert proposal.edit.kind == "replace" and proposal.edit.before[0].isalpha()  # the figure only
    return proposal


def test_the_payment_edit_changes_the_days_and_leaves_out_undisputed() -> None:
    proposal = number_edit(FLOTEK, PAYMENT)
    assert (proposal.edit.before, proposal.edit.after) == ("sixty (60) days", "thirty (30) days")
    found = left_out(PAYMENT.positions[0], proposal.after)
    assert "undisputed" in found.phrases
    # What the sentence has (the figure, "invoices", "within", "days") is never reported.
    assert not any(word in " ".join(found.phrases) for word in ("thirty", "(30)", "invoice", "within", "days"))
    marked = [p["text"] for p in found.pieces() if p["mark"]]
    assert "".join(str(p["text"]) for p in found.pieces()) == PAYMENT.positions[0] and marked == list(found.phrases)


def test_the_price_increase_edit_leaves_out_the_notice_before_renewal() -> None:
    proposal = number_edit(CHANGEPOINT, PRICE)
    assert " ".join(proposal.edit.after.split()) == "three percent (3%)"
    found = left_out(PRICE.positions[0], proposal.after)
    assert any("sixty (60) days' written notice before the renewal" in phrase for phrase in found.phrases)
    assert not any("three percent" in phrase for phrase in found.phrases)


def test_a_sentence_that_already_says_it_all_leaves_nothing_out() -> None:
    sentence = "Customer shall pay undisputed invoices within thirty (30) days after receipt."
    assert left_out(PAYMENT.positions[0], sentence).spans == ()


def test_the_full_wording_revision_puts_the_position_in_place_of_the_sentence() -> None:
    model = contract(FLOTEK)
    proposal = number_edit(FLOTEK, PAYMENT)
    revised = ENGINE.revise(RevisionRequest(rule=PAYMENT, current=proposal, instruction=FULL_WORDING), model)
    assert revised.position == 0 and revised.action == "replace"
    paragraph = apply_edit_to_model(model, revised.edit).get(proposal.edit.locator).text
    assert "shall pay undisputed invoices within thirty (30) days after receipt." in paragraph
    assert "sixty (60) days of the respective invoice date" not in paragraph
    assert "full wording" in revised.explanation


# --- a revision onto one of the playbook's own fallbacks ------------------------------------------


def test_a_revision_onto_the_playbooks_fallback_is_labelled_as_that_fallback() -> None:
    model = contract(FLOTEK)
    proposal = number_edit(FLOTEK, PAYMENT)  # the library rule: 30 days preferred, 45 a fallback
    for instruction in ("fallback", "45 days"):
        revised = ENGINE.revise(RevisionRequest(rule=PAYMENT, current=proposal, instruction=instruction), model)
        assert revised.edit.after == "forty-five (45) days"
        assert revised.position == 1, instruction
        assert "fallback 1 of 1 of the playbook" in revised.explanation, instruction
        assert "beyond the playbook" not in revised.explanation, instruction
    # A figure the playbook does not offer is still beyond it.
    beyond = ENGINE.revise(RevisionRequest(rule=PAYMENT, current=proposal, instruction="50 days"), model)
    assert beyond.position is None and "This goes beyond the playbook" in beyond.explanation
