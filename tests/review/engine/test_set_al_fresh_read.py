"""Finder classes read in round 22's look at five published templates outside our data (a SaaS
terms of service, a software licence, a developer agreement, two NDAs; docs/decisions/redlines-qa.md,
"Round 22 lawyer read"). The documents are not ours to commit, so each class is shown on text in our
own words with the same structure and phrasing: each fails with the round's library playbooks as
they were."""

from __future__ import annotations

import dataclasses

from documents.docx.model import Paragraph, TextModel
from playbooks.loader import load_playbook
from playbooks.services import LIBRARY_DIR
from review.engine.playbook import PlaybookEngine


def _doc(*lines: str) -> TextModel:
    return TextModel(paragraphs=tuple(Paragraph(locator=f"p{i}", text=t) for i, t in enumerate(lines, 1)))


def _result(model: TextModel, playbook: str, rule_id: str):  # type: ignore[no-untyped-def]
    spec = load_playbook((LIBRARY_DIR / f"{playbook}.yaml").read_bytes())
    only = dataclasses.replace(spec, rules=tuple(r for r in spec.rules if r.id == rule_id))
    (result,) = PlaybookEngine().analyze(model, only)
    return result


def test_a_decimal_rate_of_late_interest_is_found_and_capped() -> None:
    # "late interest at the rate of 1.5% ... per month": the decimal point ended the search.
    model = _doc("3.3 Late Payments. Amounts not paid when due may accrue late interest at the rate of 1.5% of the "
                 "outstanding balance per month.")  # fmt: skip
    result = _result(model, "saas-customer", "late-payment-interest")
    assert result.status == "issue"
    (proposal,) = result.recommendations
    assert (proposal.edit.before, proposal.edit.after) == ("1.5%", "1%")


def test_a_plural_possessive_before_access_is_still_a_suspension() -> None:
    # "suspend Customer's and its Users' access": only "<word>'s" was allowed before the object.
    model = _doc("3.4 Suspension. If any amounts owed by Customer are overdue, Provider may suspend Customer's and "
                 "its Users' access to the Services.")  # fmt: skip
    result = _result(model, "saas-customer", "suspension-without-notice")
    assert result.status == "ok" and result.evidence  # found, and it does not say "without notice"
    with_it = _doc("If any amounts owed by Customer are overdue, Provider may suspend Customer's and its Users' access "
                   "to the Services without notice.")  # fmt: skip
    assert _result(with_it, "saas-customer", "suspension-without-notice").status == "issue"


def test_neither_party_shall_solicit_is_a_non_solicit_and_a_freedom_is_not() -> None:
    covenant = _doc("Specific Solicitations and Hires: until one year after this agreement ends, neither party shall "
                    "solicit to hire or hire any executive employed by the other party.")  # fmt: skip
    assert _result(covenant, "mutual-nda", "no-non-solicitation").status == "issue"
    freedom = _doc("Neither party shall be prevented from hiring any person who responds to a general advertisement "
                   "that is not aimed at the other party's employees.")  # fmt: skip
    assert _result(freedom, "mutual-nda", "no-non-solicitation").status != "issue"


def test_no_terms_grant_any_license_is_the_no_licence_clause() -> None:
    # Under a heading of its own ("No License"), one sentence: "No terms of this agreement grant any
    # license for any patent, trademark, copyright, or other intellectual property."
    model = _doc("Clarifications", "No terms of this agreement grant any license for any patent, trademark, copyright, "
                 "or other intellectual property.", "Each party shall bear its own costs.")  # fmt: skip
    result = _result(model, "mutual-nda", "no-license")
    assert result.status == "ok" and not result.recommendations
