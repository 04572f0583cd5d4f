"""The library SaaS playbook is the customer's: its payment rule asks for at least thirty days to
pay (playbooks/library/saas-customer.yaml ``payment-terms``). A short period of ours is lengthened;
a long one stands; other clocks that mention invoices or payment are not the period to pay. On the
payment sentences of real cuad-train contracts, and one cure period in our own words."""

from __future__ import annotations

import pytest

from documents.docx.textmodel import build_text_model
from review.engine.playbook import PlaybookEngine
from tests.conftest import shared_data
from tests.review.engine.helpers import model_of, spec
from tests.review.engine.test_redlines_on_real_contracts import _rule
from tests.review.engine.test_sendable_on_real_contracts import _cuad_train

ENGINE = PlaybookEngine()
PAYMENT = _rule("saas-customer.yaml", "payment-terms")


def _paragraph(prefix: str, needle: str):  # type: ignore[no-untyped-def]
    (paragraph,) = [p for p in _cuad_train(prefix).paragraphs if needle in p.text][:1]
    return model_of(paragraph.text)


def _edits(model) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    (result,) = ENGINE.analyze(model, spec(PAYMENT))
    return [(p.edit.before, p.edit.after) for p in result.recommendations]


def test_the_customer_rule_asks_for_at_least_thirty_days() -> None:
    assert PAYMENT.check.kind == "min_days" and PAYMENT.check.value == 30
    assert "thirty (30) days" in PAYMENT.positions[0]


@pytest.mark.parametrize(
    ("prefix", "needle", "before"),
    [
        # "payments pursuant to this Agreement shall be made within fifteen (15) days after the date
        # of receipt of an Invoice by Recipient from Provider": the recipient of the services pays.
        ("ABILITYINC_06_15_2020", "shall be made within fifteen (15) days", "fifteen (15) days"),
        # "due and payable within fifteen (15) days of the applicable VOTOCAST invoice".
        ("VitalibisInc_20180316", "due and payable within fifteen", "fifteen (15) days"),
    ],
)
def test_a_short_time_to_pay_is_lengthened_to_thirty_days(prefix: str, needle: str, before: str) -> None:
    assert _edits(_paragraph(prefix, needle)) == [(before, "thirty (30) days")]


@pytest.mark.parametrize(
    ("prefix", "needle"),
    [
        # "Payment of FCC invoices shall be due within sixty (60) days of the respective invoice
        # date": longer than we ask, and ours to keep.
        ("FLOTEKINDUSTRIESINCCN_05_09_2019", "Payment of FCC invoices shall be due within"),
        # "Payment terms are net 30 days after the date of the invoice, or ... if the invoice is
        # received more than 10 days after the date of the invoice": the ten days is a threshold,
        # and "net 30 days" is thirty days (it was once read "net 3").
        ("LiquidmetalTechnologiesInc_20200205", "Payment terms are net 30 days"),
        # "shall be paid within the first five days of the following calendar month": a day of the
        # month, not a period to lengthen.
        ("SLINGERBAGINC_05_27_2020", "within the first five days"),
        # "In case of any complaint ... PC Financial shall raise the problems within 20 business days
        # after getting Mobimaigc's invoice": the time to complain, not to pay.
        ("OPERALTD_04_30_2020", "In case of any complaint"),
    ],
)
def test_a_long_period_and_other_clocks_stand(prefix: str, needle: str) -> None:
    assert _edits(_paragraph(prefix, needle)) == []


def test_a_dispute_window_and_a_cure_period_are_not_the_time_to_pay() -> None:
    form = build_text_model(
        shared_data("forms", "commonpaper_docx", "commonpaper_professional_services_agreement.docx").read_bytes()
    )
    dispute = next(p.text for p in form.paragraphs if "resolve the dispute within 15 days" in p.text)
    assert _edits(model_of(dispute)) == []
    cure = ("Provider may terminate this Agreement if a failure to pay any undisputed amount remains not cured "
            "for ten (10) days after notice.")  # fmt: skip
    assert _edits(model_of(cure)) == []
    # The same period said of paying is a finding.
    assert _edits(model_of("Customer shall pay each invoice within ten (10) days of receipt.")) == [
        ("ten (10) days", "thirty (30) days")
    ]
