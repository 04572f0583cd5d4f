"""Drafting helpers: parties into role placeholders, number checks from a precedent's figures."""

from __future__ import annotations

import pytest

from documents.docx.model import Paragraph, TextModel
from playbooks.drafting import detect_parties, infer_number_check

PREAMBLE = (
    'This Agreement is between Acme Inc. ("Customer") and Fjord Systems AS, a Norwegian company (the "Provider"). '
    "Provider will host the service. Customer will pay the fees. Provider may suspend Customer's access."
)
PRECEDENT = TextModel(paragraphs=(Paragraph(locator="p1", text=PREAMBLE),))


def test_parties_become_us_and_them_by_our_side():
    parties = detect_parties(PRECEDENT, side="customer")
    assert parties.ours == ("Acme Inc.", "Customer") and parties.theirs == ("Fjord Systems AS", "Provider")
    text = "Fjord Systems AS will not use Customer\u2019s data; Provider may audit Acme Inc. once a year."
    assert parties.placeholder(text) == "{them} will not use {us}\u2019s data; {them} may audit {us} once a year."
    # The other side of the same contract.
    vendor = detect_parties(PRECEDENT, side="provider")
    assert vendor.placeholder("Customer will pay Provider.") == "{them} will pay {us}."
    # Lower-case uses and other words are left alone; placeholders already there are untouched.
    assert parties.placeholder("the customer{s} and Customers") == "the customer{s} and Customers"
    # A compound defined term of the contract's own stays as written.
    assert parties.placeholder("Provider will delete Customer Content.") == "{them} will delete Customer Content."


@pytest.mark.parametrize(
    ("text", "kind", "value"),
    [
        ("Customer shall pay undisputed invoices within thirty (30) days of receipt.", "max_days", 30),
        ("Upon request, Provider will delete Customer Content within 60 days.", "max_days", 60),
        ("has an outstanding balance for more than 30 days", "max_days", 30),
        ("on at least sixty (60) days' written notice", "min_days", 60),
        ("upon ninety (90) days prior written notice", "min_days", 90),
        ("insurance of at least $2,000,000 per claim", "min_amount", 2_000_000),
        ("total liability will not exceed $500,000", "max_amount", 500_000),
        ("increase the fees by no more than three percent (3%)", "max_percent", 3),
    ],
)
def test_number_checks_follow_the_words_around_the_figure(text, kind, value):
    check = infer_number_check(text)
    assert check is not None and (check.kind, check.value) == (kind, value)


def test_no_check_without_a_direction():
    assert infer_number_check("This Agreement renews for successive terms of one (1) year.") is None
    assert infer_number_check("Each party shall keep the information confidential.") is None
