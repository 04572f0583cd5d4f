"""The number a rule is about (contracts/subject.py): a number check changes the quantity its
subject governs, once per sentence, and a number revision changes that same quantity."""

from __future__ import annotations

import dataclasses

import pytest

from core.demo import build_demo_contract_docx
from documents.docx.edit import apply_edit_to_model
from documents.docx.textmodel import build_text_model
from playbooks.loader import load_playbook
from playbooks.rules import Check
from review.engine.base import RevisionRequest
from review.engine.playbook import PlaybookEngine
from tests.conftest import ROOT
from tests.review.engine.helpers import model_of, rule, spec

ENGINE = PlaybookEngine()
NOTICE_60 = rule(id="non-renewal-notice", find={"any": ["non-renewal"]}, check={"max_days": 60},
                 positions=["... at least sixty (60) days before the end of the then-current term."])  # fmt: skip
RENEWAL_365 = rule(id="renewal-term", find={"any": ["renew"]}, check={"max_days": 365})
ISSUE_SENTENCE = (
    "3.2 This Agreement renews automatically for successive renewal terms of one (1) year unless Customer gives "
    "notice of non-renewal at least one hundred twenty (120) days before the end of the then-current term."
)


def demo_sentence_model():
    """The demo contract, and the same with its renewal term already cut to one year (as the
    renewal-term rule's accepted edit leaves it)."""
    model = build_text_model(build_demo_contract_docx())
    (paragraph,) = [p for p in model.paragraphs if "non-renewal" in p.text]
    return model, paragraph.locator


def analyze(model, r):
    (result,) = ENGINE.analyze(model, spec(r))
    return result


def revise(model, r, current, instruction):
    return ENGINE.revise(RevisionRequest(rule=r, current=current, instruction=instruction, citation=r.id), model)


@pytest.mark.parametrize("one_year", [False, True])
def test_notice_rule_on_the_demo_contract_makes_one_recommendation_on_the_hundred_twenty(one_year):
    model, locator = demo_sentence_model()
    if one_year:
        (renewal,) = analyze(model, RENEWAL_365).recommendations
        model = apply_edit_to_model(model, renewal.edit)
        assert "renewal terms of one (1) year unless" in model.get(locator).text
    result = analyze(model, NOTICE_60)
    assert result.status == "issue"
    (proposal,) = result.recommendations
    assert proposal.edit.before == "one hundred twenty (120) days"
    assert proposal.edit.after == "sixty (60) days"
    # "use 45 days" changes that same number, nothing else in the sentence.
    revised = revise(model, NOTICE_60, proposal, "use 45 days")
    assert (revised.edit.start, revised.edit.before) == (proposal.edit.start, "one hundred twenty (120) days")
    assert revised.edit.after == "forty-five (45) days"
    before, after = model.get(locator).text, apply_edit_to_model(model, revised.edit).get(locator).text
    assert after == before.replace("one hundred twenty (120) days", "forty-five (45) days")


def test_the_renewal_rule_on_the_same_sentence_is_about_the_renewal_term():
    result = analyze(model_of(ISSUE_SENTENCE), rule(id="renewal-term", find={"any": ["renew"]},
                                                    check={"max_days": 180}))  # fmt: skip
    (proposal,) = result.recommendations
    assert proposal.edit.before == "one (1) year"


def test_a_pinned_subject_wins_over_the_find_words():
    loose = rule(id="notice", find={"any": ["renew"]}, check={"max_days": 60})
    pinned = rule(id="notice", find={"any": ["renew"]}, check={"max_days": 60, "near": ["notice"]})
    assert [p.edit.before for p in analyze(model_of(ISSUE_SENTENCE), loose).recommendations] == ["one (1) year"]
    assert [p.edit.before for p in analyze(model_of(ISSUE_SENTENCE), pinned).recommendations] == [
        "one hundred twenty (120) days"
    ]


@pytest.mark.parametrize(
    ("sentence", "find", "check", "expected"),
    [
        # The notice period after its subject word, a term of years before it.
        ("Either party may terminate this Agreement after the initial term of two (2) years on ninety (90) days' "
         "written notice.", {"all": ["notice"], "any": ["terminat"]}, {"max_days": 60}, "ninety (90) days"),
        # A term of years first, then months of notice.
        ("The term of this Agreement is five (5) years, and Licensee shall give at least six (6) months' prior "
         "written notice of non-renewal.", {"any": ["non-renewal"]}, {"max_days": 60}, "six (6) months"),
        # A payment period with a grace period for interest in the same sentence.
        ("Payment is due within forty-five (45) days after receipt of an invoice, and interest accrues on amounts "
         "unpaid ten (10) days after the due date.", {"any": ["payment"]}, {"max_days": 30},
         "forty-five (45) days"),
        # The subject word after the quantity ("a 90-day cure period").
        ("Licensee shall have a cure period of ninety (90) days; this Agreement continues for three (3) years.",
         {"any": ["cure period"]}, {"max_days": 30}, "ninety (90) days"),
        # An amount: the cap, not the insurance figure beside it.
        ("Supplier's total liability shall not exceed $5,000,000, and Supplier shall carry insurance of "
         "$1,000,000.", {"any": ["total liability"]}, {"max_amount": 2000000}, "$5,000,000"),
    ],
)
def test_sentences_of_this_shape(sentence, find, check, expected):
    result = analyze(model_of(sentence), rule(id="r", find=find, check=check))
    assert [p.edit.before for p in result.recommendations] == [expected]


def test_use_45_days_on_a_whole_clause_position_changes_the_notice_period_not_the_renewal_term():
    # The starter playbook's non-renewal positions are a whole sentence with a one-year renewal
    # term and a thirty-day notice period; a rule that proposes them for a pattern check (the
    # library rule itself changes only the number) is revised with "use 45 days": that is about
    # the notice period.
    playbook = load_playbook((ROOT / "playbooks" / "library" / "saas-customer.yaml").read_text())
    notice = dataclasses.replace(
        playbook.rule("non-renewal-notice"),
        check=Check(kind="must_not_match", value=r"notice[^.;]{0,60}?\(\s*(?:6[1-9]|[7-9]\d|[1-9]\d{2,})\s*\)\s*days"),
    )
    model, locator = demo_sentence_model()
    (proposal,) = analyze(model, notice).recommendations
    revised = revise(model, notice, proposal, "use 45 days")
    text = apply_edit_to_model(model, revised.edit).get(locator).text
    assert text.startswith("3.2 ")
    assert "renewal terms of one (1) year unless either party gives notice of non-renewal at least forty-five (45) " \
           "days before" in text
