"""Every check kind of docs/playbook-format.md with each status it can produce, and the resolved edits."""

from __future__ import annotations

import pytest

from documents.docx.edit import apply_edit_to_model
from documents.docx.model import TextModel
from review.engine import ENGINE_VERSION, UnknownEngineVersion, get_engine, known_versions
from review.engine.base import RuleResult
from review.engine.playbook import PlaybookEngine
from tests.review.engine.helpers import model_of, rule, spec

ENGINE = PlaybookEngine()
PAYMENT = rule(
    id="payment-terms",
    find={"any": ["invoice", "payment"], "all": ["days"]},
    check={"max_days": 30},
    positions=["Customer shall pay undisputed invoices within thirty (30) days of receipt."],
    guidance="Longer terms hurt our cash flow.",
)


def run(model: TextModel, *rules: object, label: str = "SaaS purchasing v2") -> list[RuleResult]:
    return ENGINE.analyze(model, spec(*rules), citation_label=label)  # type: ignore[arg-type]


def applied(model: TextModel, result: RuleResult) -> TextModel:
    for proposal in result.recommendations:
        model = apply_edit_to_model(model, proposal.edit)
    return model


# --- registry ----------------------------------------------------------------------------------


def test_registry_current_and_unknown_versions() -> None:
    assert get_engine(use_llm=False).version == ENGINE_VERSION
    assert get_engine(ENGINE_VERSION, use_llm=False).version == ENGINE_VERSION
    assert ENGINE_VERSION in known_versions()
    with pytest.raises(UnknownEngineVersion, match="playbook-0"):
        get_engine("playbook-0")


# --- must_exist --------------------------------------------------------------------------------

LOL = rule(
    id="limitation-of-liability",
    find={"any": ["limitation of liability", "total liability"]},
    check={"must_exist": True},
    insert_after={"any": ["indemnif"]},
    positions=[
        "Neither party's total liability shall exceed the fees paid in the twelve (12) months before the claim."
    ],
    guidance="Uncapped liability is unacceptable.",
)


def test_must_exist_ok_with_evidence() -> None:
    model = model_of("1. Fees.", "9. Limitation of Liability. Each party's total liability is capped. Other text.")
    (result,) = run(model, LOL)
    assert result.status == "ok"
    # The clause's title names it but is not it: only the sentence is evidence.
    assert [e.sentence for e in result.evidence] == ["Each party's total liability is capped."]
    assert result.evidence[0].locator == "p2"
    assert model.get("p2").text[result.evidence[0].start : result.evidence[0].end] == result.evidence[0].sentence
    assert result.recommendations == ()


def test_must_exist_missing_inserts_after_anchor() -> None:
    model = model_of("1. Fees.", "8. Indemnification. Vendor shall indemnify.", "10. Notices.", next_insert=4)
    (result,) = run(model, LOL)
    assert result.status == "missing"
    (proposal,) = result.recommendations
    assert proposal.action == "insert"
    assert proposal.edit.kind == "insert_after"
    assert proposal.edit.locator == "p2"
    assert proposal.edit.new_locator == "n4"
    # Numbered like its siblings: the next free number after clause 8.
    assert proposal.after == "9. " + LOL.positions[0]
    assert "limitation-of-liability @ SaaS purchasing v2" in proposal.explanation
    assert "Uncapped liability is unacceptable." in proposal.explanation
    after = applied(model, result)
    assert [p.locator for p in after.paragraphs] == ["p1", "p2", "n4", "p3"]


def test_must_exist_missing_without_anchor_goes_at_the_end() -> None:
    model = model_of("1. Fees.", "10. Notices.", "")
    (result,) = run(model, LOL)
    assert result.recommendations[0].edit.locator == "p2"  # the last paragraph with text


def test_several_inserts_get_distinct_new_locators() -> None:
    second = rule(id="insurance", find={"any": ["insurance"]}, check={"must_exist": True}, positions=["Insure."])
    model = model_of("Fees.", next_insert=7)
    results = run(model, LOL, second)
    locators = [r.recommendations[0].edit.new_locator for r in results]
    assert locators == ["n7", "n8"]
    after = model
    for result in results:
        after = applied(after, result)
    # Both go after the last paragraph; each applies exactly, in either order.
    assert sorted(p.locator for p in after.paragraphs) == ["n7", "n8", "p1"]
    assert after.get("n7").text == LOL.positions[0]
    assert after.get("n8").text == "Insure."


def test_must_exist_missing_without_positions_has_no_recommendation() -> None:
    bare = rule(id="x", find={"any": ["escrow"]}, check={"must_exist": True})
    (result,) = run(model_of("Nothing here."), bare)
    assert result.status == "missing"
    assert result.recommendations == ()


# --- must_not_exist ----------------------------------------------------------------------------

EXCL = rule(id="no-exclusivity", find={"any": ["exclusively"]}, check={"must_not_exist": True},
            guidance="We keep our options open.")  # fmt: skip


def test_must_not_exist_deletes_the_sentence_only() -> None:
    model = model_of("3. Supply. Customer shall buy exclusively from Vendor. Prices are fixed.")
    (result,) = run(model, EXCL)
    assert result.status == "issue"
    (proposal,) = result.recommendations
    assert proposal.action == "delete"
    assert proposal.before == "Customer shall buy exclusively from Vendor."
    assert applied(model, result).get("p1").text == "3. Supply. Prices are fixed."


def test_must_not_exist_last_sentence_takes_the_space_before() -> None:
    model = model_of("Prices are fixed. Customer shall buy exclusively from Vendor.")
    (result,) = run(model, EXCL)
    assert applied(model, result).get("p1").text == "Prices are fixed."


def test_must_not_exist_whole_paragraph_is_deleted() -> None:
    model = model_of("Fees.", "Customer shall buy exclusively from Vendor.", "Notices.")
    (result,) = run(model, EXCL)
    assert result.recommendations[0].edit.kind == "delete_paragraph"
    assert [p.text for p in applied(model, result).paragraphs] == ["Fees.", "Notices."]


def test_must_not_exist_replaces_with_position_each_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    # The replacement itself, without the clause model's check for a clause of another type
    # (tested on real contracts in test_redlines_on_real_contracts.py): no model installed.
    import contracts.clauses as clauses

    def no_model() -> object:
        raise clauses.ModelMissing("not installed")

    monkeypatch.setattr(clauses, "get_model", no_model)
    with_position = rule(id="no-excl", find={"any": ["exclusively"]}, check={"must_not_exist": True},
                         positions=["Customer may buy from any supplier."])  # fmt: skip
    model = model_of("Acme buys exclusively from Vendor. Fine.", "Beta sells exclusively to Gamma.")
    (result,) = run(model, with_position)
    assert result.status == "issue"
    assert len(result.recommendations) == 2
    assert all(p.action == "replace" and p.position == 0 for p in result.recommendations)
    after = applied(model, result)
    assert after.get("p1").text == "Customer may buy from any supplier. Fine."
    assert after.get("p2").text == "Customer may buy from any supplier."


def test_must_not_exist_in_a_clause_of_another_type_keeps_the_finding_without_an_edit() -> None:
    # "exclusively" inside an IP assignment: replacing it with the no-exclusivity wording would
    # delete the assignment (docs/decisions/edits-a-lawyer-can-send.md, "Clauses of another type").
    with_position = rule(id="no-excl", find={"any": ["exclusively"]}, check={"must_not_exist": True},
                         positions=["Customer may buy from any supplier."])  # fmt: skip
    model = model_of(
        "6. Intellectual Property.",
        "6.1 All inventions, discoveries, improvements, works of authorship and other intellectual property "
        "conceived or made by CRO in performing the Services, and all rights in them, shall belong fully and "
        "exclusively to Client, and CRO hereby assigns to Client all of its right, title and interest in them.",
    )
    (result,) = run(model, with_position)
    assert result.status == "issue" and result.evidence
    assert result.recommendations == ()
    assert "IP Ownership Assignment" in result.message


def test_must_not_exist_not_found() -> None:
    (result,) = run(model_of("Nothing relevant."), EXCL)
    assert result.status == "not_found"
    assert result.recommendations == ()


# --- must_match / must_not_match ---------------------------------------------------------------

MUTUAL = rule(id="mutual-confidentiality", find={"any": ["confidential"]}, check={"must_match": r"\beach party\b"},
              positions=["Each party shall keep the other's Confidential Information confidential."])  # fmt: skip


def test_must_match_ok_evidence_is_the_passing_sentences() -> None:
    model = model_of("Vendor shall keep Confidential Information safe. Each party shall protect confidential data.")
    (result,) = run(model, MUTUAL)
    assert result.status == "ok"
    assert [e.sentence for e in result.evidence] == ["Each party shall protect confidential data."]


def test_must_match_issue_replaces_the_first_found_sentence() -> None:
    model = model_of("Vendor keeps Confidential Information safe. Customer keeps confidential data too.")
    (result,) = run(model, MUTUAL)
    assert result.status == "issue"
    assert len(result.evidence) == 2
    (proposal,) = result.recommendations
    assert proposal.before == "Vendor keeps Confidential Information safe."
    assert applied(model, result).get("p1").text.startswith("Each party shall keep")


def test_must_match_not_found() -> None:
    assert run(model_of("Fees are due."), MUTUAL)[0].status == "not_found"


NO_UNILATERAL = rule(
    id="unilateral", find={"any": ["amend", "modify"]}, check={"must_not_match": r"\bsole discretion\b"}
)


def test_must_not_match_issue_for_each_matching_sentence() -> None:
    model = model_of(
        "Vendor may modify these terms in its sole discretion. Amendments require writing.",
        "Vendor may amend prices at its sole\u00a0discretion.",
    )
    (result,) = run(model, NO_UNILATERAL)
    assert result.status == "issue"
    assert [e.locator for e in result.evidence] == ["p1", "p2"]
    assert all(p.action == "delete" for p in result.recommendations)
    after = applied(model, result)
    assert after.get("p1").text == "Amendments require writing."


def test_must_not_match_ok() -> None:
    model = model_of("Amendments require a writing signed by both parties.")
    (result,) = run(model, NO_UNILATERAL)
    assert result.status == "ok"
    assert result.evidence[0].sentence == "Amendments require a writing signed by both parties."


# --- limits ------------------------------------------------------------------------------------


def test_max_days_issue_changes_only_the_number_phrase() -> None:
    model = model_of("4.1 Payment. Customer shall pay each invoice within sixty (60) days of receipt. Late fees apply.")
    (result,) = run(model, PAYMENT)
    assert result.status == "issue"
    (proposal,) = result.recommendations
    assert proposal.edit.before == "sixty (60) days"
    assert proposal.edit.after == "thirty (30) days"
    assert model.get("p1").text[proposal.edit.start : proposal.edit.start + 15] == "sixty (60) days"
    assert proposal.before == "Customer shall pay each invoice within sixty (60) days of receipt."
    assert proposal.after == "Customer shall pay each invoice within thirty (30) days of receipt."
    assert proposal.value == 30
    assert "payment-terms @ SaaS purchasing v2" in proposal.explanation
    assert "Longer terms hurt our cash flow." in proposal.explanation
    assert "sixty (60) days" in proposal.explanation
    assert applied(model, result).get("p1").text.endswith("within thirty (30) days of receipt. Late fees apply.")


def test_max_days_ok_and_not_found() -> None:
    assert run(model_of("Customer shall pay each invoice within 30 days."), PAYMENT)[0].status == "ok"
    no_figure = run(model_of("Payment is due in days agreed later."), PAYMENT)[0]
    assert no_figure.status == "not_found"
    assert "none states a duration" in no_figure.message
    assert run(model_of("Nothing about money."), PAYMENT)[0].status == "not_found"


@pytest.mark.parametrize(
    ("text", "before", "after"),
    [
        ("Payment terms are net 60 days from invoice.", "60 days", "30 days"),
        ("Invoices are payable net 60.", "net 60", "net 30"),
        ("Invoices are due within 2 months, in days.", "2 months", "1 month"),
    ],
)
def test_max_days_styles(text: str, before: str, after: str) -> None:
    (result,) = run(model_of(text), rule(id="p", find={"any": ["invoice", "payment"]}, check={"max_days": 30}))
    assert result.status == "issue"
    assert (result.recommendations[0].edit.before, result.recommendations[0].edit.after) == (before, after)


def test_min_days() -> None:
    notice = rule(id="notice", find={"any": ["notice"]}, check={"min_days": 60})
    (issue,) = run(model_of("Either party may terminate on thirty (30) days' notice."), notice)
    assert issue.status == "issue"
    assert issue.recommendations[0].edit.after == "sixty (60) days"
    assert run(model_of("Either party may terminate on ninety (90) days' notice."), notice)[0].status == "ok"


def test_max_and_min_amount() -> None:
    cap = rule(id="cap", find={"any": ["liability"]}, check={"max_amount": 1_000_000})
    (result,) = run(model_of("Total liability shall not exceed $5,000,000."), cap)
    assert result.status == "issue"
    assert (result.recommendations[0].edit.before, result.recommendations[0].edit.after) == ("$5,000,000", "$1,000,000")
    assert run(model_of("Total liability shall not exceed $500,000."), cap)[0].status == "ok"
    insurance = rule(id="ins", find={"any": ["insurance"]}, check={"min_amount": 2_000_000})
    (low,) = run(model_of("Vendor shall carry insurance of $1 million."), insurance)
    assert low.recommendations[0].edit.after == "$2 million"


def test_max_and_min_percent() -> None:
    uplift = rule(id="uplift", find={"any": ["increase"]}, check={"max_percent": 5})
    (result,) = run(model_of("Vendor may increase fees by fifteen percent (15%) a year."), uplift)
    assert result.recommendations[0].edit.after == "five percent (5%)"
    assert run(model_of("Vendor may increase fees by 3% a year."), uplift)[0].status == "ok"
    credit = rule(id="credit", find={"any": ["service credit"]}, check={"min_percent": 10})
    assert run(model_of("The service credit is 5% of fees."), credit)[0].recommendations[0].edit.after == "10%"


def test_only_violating_numbers_are_changed() -> None:
    model = model_of("Invoices are due in 30 days, or 90 days for disputed invoices.")
    (result,) = run(model, PAYMENT)
    assert [p.edit.before for p in result.recommendations] == ["90 days"]


# --- matching ----------------------------------------------------------------------------------


def test_find_any_all_regex_combined_and_normalised() -> None:
    combined = rule(id="c", find={"any": ["\u201cfees\u201d"], "all": ["non-refundable"], "regex": r"\bpaid\b"},
                    check={"must_exist": True})  # fmt: skip
    model = model_of('All "Fees" paid are non\u2011refundable.', '"Fees" are non-refundable.')
    (result,) = run(model, combined)
    assert [e.locator for e in result.evidence] == ["p1"]


def test_results_in_rule_order_one_per_rule() -> None:
    results = run(model_of("Fees."), LOL, EXCL, PAYMENT)
    assert [r.rule_id for r in results] == ["limitation-of-liability", "no-exclusivity", "payment-terms"]


def test_a_pattern_that_backtracks_elsewhere_gets_its_real_answer() -> None:
    evil = rule(id="evil", find={"regex": r"(x+x+)+y"}, check={"must_exist": True})
    (result,) = run(model_of("x" * 5000), evil)
    assert result.status == "missing"
    assert not result.message.startswith("Rule evil could not be checked")
    (result,) = run(model_of("x" * 5000 + "y"), evil)
    assert result.status == "ok"


def test_deterministic() -> None:
    model = model_of("Customer shall pay within sixty (60) days.", "Buy exclusively here.")
    assert run(model, PAYMENT, EXCL, LOL) == run(model, PAYMENT, EXCL, LOL)


def test_analysis_of_2500_paragraphs_finds_every_late_payment() -> None:
    # Speed is measured in bench/bench_analysis.py (bench/README.md); this checks the result on a
    # contract of that size. A realistic mix: most paragraphs are ordinary clauses, one in 25 is about payment (and late).
    texts = [
        f"{i}.1 The Supplier shall deliver the Products within sixty (60) days of the order, and invoices are "
        f"payable within forty-five (45) days. Clause {i} applies to the U.S. market only."
        if i % 25 == 0
        else f"{i}.1 The Supplier shall perform the Services in a professional manner, in accordance with "
        f"Schedule {i} and applicable law, and shall keep the Customer informed of progress. Each party "
        "shall comply with its obligations under this Agreement in good faith."
        for i in range(2500)
    ]
    model = model_of(*texts)
    rules = [PAYMENT, LOL, EXCL, MUTUAL, NO_UNILATERAL] * 3
    results = ENGINE.analyze(model, spec(*[rule(**{**r.to_dict(), "id": f"{r.id}-{i}"}) for i, r in enumerate(rules)]))
    assert len(results) == 15
    payment = [r for r in results if r.rule_id.startswith(PAYMENT.id)]
    assert payment and all(r.status == "issue" for r in payment)
    assert all(len(r.evidence) == 100 for r in payment)
