"""Conditional wording fitted to the contract (contracts/conditions.py), on seen contracts' own text.

Round 18's looks read a cap that carves out "breach of confidentiality" where the contract has no
such duty, a cap measured by twelve months' payments in a twenty-year licence priced in five
instalments (nil in most years), an English-law talent agreement's cap without the carve-out for
death or personal injury that English law requires, and "$2,000,000" in a contract that writes
"US$" (docs/decisions/redlines-qa.md, "Round 18").
"""

from __future__ import annotations

import pytest

from contracts.conditions import (
    WordingError,
    check_wording,
    dollars_as_written,
    dollars_foreign_to,
    fit_wording,
    holds,
)
from documents.docx.model import Paragraph, TextModel
from playbooks.loader import PlaybookInvalid, load_playbook
from review.engine.playbook import PlaybookEngine
from tests.review.engine.test_insertion_titles import _contract
from tests.review.engine.test_set_c_classes import _cuad_coverage

NEWS_LICENCE = "XinhuaSportsEntertainmentLtd_20070221_F-1_EX-99.4_645553_EX-99.4_Content License"
SUPPLY = "FLOTEKINDUSTRIESINCCN_05_09_2019-EX-10.1-SUPPLY AGREEMENT"
SERVICES_ENGLAND = "OAKTREECAPITALGROUP,LLC_03_02_2020-EX-10.8-Services Agreement"
SPONSORSHIP = "TICKETSCOMINC_06_22_1999-EX-10.22-SPONSORSHIP AGREEMENT"
FUND_SPONSORSHIP = "DOMINIADVISORTRUST_02_18_2005-EX-99.(H)(2)-SPONSORSHIP AGREEMENT"

CAP = (
    "Except for {if indemnity}a party's indemnification obligations, {end}{if confidentiality}breach of "
    "confidentiality, {end}gross negligence or wilful misconduct{if english-law}, death or personal injury caused "
    "by negligence or fraud{end}, neither party's total liability shall exceed {if recurring-payments}the amounts "
    "paid or payable under this Agreement in the twelve (12) months before the event giving rise to the claim"
    "{else}the total amounts paid or payable under this Agreement{end}."
)


def _text(*paragraphs: str) -> TextModel:
    return TextModel(paragraphs=tuple(Paragraph(locator=f"p{i}", text=t) for i, t in enumerate(paragraphs, 1)))


def test_a_filings_redaction_legend_is_no_duty_of_confidentiality() -> None:
    sponsorship = _contract(SPONSORSHIP)
    assert "CONFIDENTIAL TREATMENT HAS BEEN REQUESTED" in sponsorship.text
    assert not holds("confidentiality", sponsorship)
    assert holds("confidentiality", _contract(SUPPLY))  # "12. Confidentiality. All proprietary ..."


def test_a_price_in_fixed_instalments_is_not_paid_periodically_royalties_are() -> None:
    licence = _contract(NEWS_LICENCE)
    assert "US$220,000" in licence.text
    assert not holds("recurring-payments", licence)
    assert holds("recurring-payments", _text("Licensee shall pay a royalty of five percent (5%) of Net Sales."))
    assert holds("recurring-payments", _text("Client shall pay a fee of $5,000 per month for the Services."))


def test_the_laws_that_void_a_limit_on_liability_for_negligent_death_are_read_from_the_governing_law() -> None:
    assert holds("english-law", _contract(SERVICES_ENGLAND))  # "governed by the laws of England and Wales"
    assert holds("english-law", _contract(NEWS_LICENCE))  # "the laws of Hong Kong"
    assert not holds("english-law", _contract(SUPPLY))


def test_the_cap_excepts_only_what_the_contract_has_and_what_its_law_requires() -> None:
    text, notes = fit_wording(CAP, _contract(NEWS_LICENCE))
    assert text == (
        "Except for a party's indemnification obligations, gross negligence or wilful misconduct, death or personal "
        "injury caused by negligence or fraud, neither party's total liability shall exceed the total amounts paid "
        "or payable under this Agreement."
    )
    assert any("breach of confidentiality" in n and "no duty of confidentiality" in n for n in notes)
    assert any(n.startswith("\u201cthe amounts paid or payable") and "instalments" in n for n in notes)
    assert any(n.startswith("\u201cdeath or personal injury") for n in notes)
    supply, supply_notes = fit_wording(CAP, _contract(SUPPLY))
    assert supply == (
        "Except for a party's indemnification obligations, breach of confidentiality, gross negligence or wilful "
        "misconduct, neither party's total liability shall exceed the amounts paid or payable under this Agreement "
        "in the twelve (12) months before the event giving rise to the claim."
    )
    assert supply_notes == ()  # every condition holds but the rare one, whose absence is not noted


def test_dollars_are_written_as_the_contract_writes_them() -> None:
    licence = _contract(NEWS_LICENCE)
    text, notes = dollars_as_written("limits of at least $2,000,000 per occurrence", licence)
    assert text == "limits of at least US$2,000,000 per occurrence"
    assert notes == ("\u201c$\u201d is written \u201cUS$\u201d, as this contract writes amounts",)
    same, none = dollars_as_written("limits of at least $2,000,000 per occurrence", _contract(SUPPLY))
    assert (same, none) == ("limits of at least $2,000,000 per occurrence", ())


def test_the_library_cap_inserted_in_a_hong_kong_licence_priced_in_instalments() -> None:
    model = _contract(NEWS_LICENCE)
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("cap-on-liability"))
    (proposal,) = result.recommendations
    assert "the total amounts paid or payable under this Agreement" in proposal.after
    assert "twelve (12) months" not in proposal.after
    assert "breach of confidentiality" not in proposal.after
    assert "death or personal injury caused by negligence or fraud" in proposal.after
    assert "{" not in proposal.after and not proposal.defects


@pytest.mark.parametrize(
    ("wording", "message"),
    [
        ("Except for {if secrecy}breach of confidentiality, {end}...", "unknown condition 'secrecy'"),
        ("Except for {if confidentiality}breach of confidentiality, ...", "without its {end}"),
        ("Except for breach of confidentiality{end}, ...", "{end} without its {if"),
    ],
)
def test_conditional_wording_that_does_not_parse_is_the_authors_error(wording: str, message: str) -> None:
    with pytest.raises(WordingError, match=message.replace("{", r"\{").replace("}", r"\}")):
        check_wording(wording)
    source = (
        "name: Caps\nrules:\n  - id: cap\n    title: Cap\n    find: {any: [\"liability\"]}\n"
        f"    check: {{must_exist: true}}\n    positions:\n      - \"{wording}\"\n"
    ).encode()
    with pytest.raises(PlaybookInvalid) as error:
        load_playbook(source)
    assert "positions.1" in str(error.value) and message.split("'")[0].strip() in str(error.value)


def test_a_cap_that_excepts_no_party_duty_still_binds_both_and_is_compared_with_a_titled_clause() -> None:
    # The fund's sponsorship agreement has no indemnity and no duty of confidentiality, so the cap
    # opens "Except for gross negligence ..., neither party's": still wording for both parties,
    # so "4. Limitation of Liability of the Sponsor" is the clause to compare, not a second cap.
    model = _contract(FUND_SPONSORSHIP)
    assert not holds("indemnity", model) and not holds("confidentiality", model)
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("cap-on-liability"))
    assert not result.recommendations
    assert "limitation of liability of the sponsor" in result.message


GOOD_SAM_ENDORSEMENT = "HOLIDAYRVSUPERSTORESINC_04_15_2002-EX-10.13-ENDORSEMENT AGREEMENT"


def test_a_royalty_is_paid_periodically_where_it_is_reckoned_not_where_it_is_named() -> None:
    # Round 19's first look: a $1,500,000 fee paid on signing under the heading "4. Royalties." got
    # a cap of twelve months' payments, nil for two of its three years; so did a sponsorship whose
    # only royalty is a tax citation. A filing's "Securities and Exchange Commission" is no
    # commission, "a non-royalty bearing license" pays none.
    endorsement = _contract(GOOD_SAM_ENDORSEMENT)
    assert "4. Royalties." in endorsement.text
    assert not holds("recurring-payments", endorsement)
    assert not holds("recurring-payments", _contract(SPONSORSHIP))  # "... with the Securities and Exchange Commission"
    assert not holds("recurring-payments", _text(
        "This Agreement grants ENVISION a non-exclusive and non-royalty bearing license to use the mark.",
        "qualified sponsorship payments and royalties under Section 513(i) of the Internal Revenue Code.",
    ))  # fmt: skip
    assert holds("recurring-payments", _text("Licensee shall pay Licensor a royalty equal to 6% of Net Sales."))
    assert holds("recurring-payments", _text("Licensee shall deliver quarterly royalty reports."))
    assert holds("recurring-payments", _text("Agent shall receive commissions on all Products sold."))


def test_a_fee_labelled_royalties_is_nothing_an_audit_of_records_checks() -> None:
    (result,) = PlaybookEngine().analyze(_contract(GOOD_SAM_ENDORSEMENT), _cuad_coverage("audit-rights"))
    assert result.status == "missing" and not result.recommendations
    assert "inserts it only where the contract has what it applies to" in result.message


DIDI_COOPERATION = "SENMIAOTECHNOLOGYLTD_02_19_2019-EX-10.5-Collaboration Agreement"


def test_dollars_in_a_contract_that_writes_its_amounts_in_another_currency_only_are_the_lawyers_call() -> None:
    # Round 19's second look: "US$2,000,000" of insurance "as this contract writes amounts" in a
    # Chinese-law cooperation agreement that writes every one of its amounts in RMB.
    assert dollars_foreign_to("limits of at least $2,000,000", _text("a deposit of RMB 5,000 per vehicle")) == "RMB"
    assert dollars_foreign_to("limits of at least $2,000,000", _text("a fee of RMB 5,000 and US$100")) == ""
    assert dollars_foreign_to("limits of at least $2,000,000", _text("a fee of five thousand dollars")) == ""
    assert dollars_foreign_to("the total amounts paid", _text("a deposit of RMB 5,000")) == ""
    (result,) = PlaybookEngine().analyze(_contract(DIDI_COOPERATION), _cuad_coverage("insurance"))
    (proposal,) = result.recommendations
    assert [d.kind for d in proposal.defects] == ["foreign-currency"]
    assert "$2,000,000" in proposal.after and "US$" not in proposal.after


def test_a_clause_for_both_parties_is_no_item_of_one_partys_sub_clause_inside_a_page() -> None:
    # "3. Rights and Obligations 3.1 Party A's rights and obligations: ... 3.2 Party B's rights and
    # obligations: 3.2.1 ..." run into pages: the audit went in as "3.2.12A", one of Party B's duties.
    (result,) = PlaybookEngine().analyze(_contract(DIDI_COOPERATION), _cuad_coverage("audit-rights"))
    (proposal,) = result.recommendations
    assert not proposal.after.startswith("3.") and not proposal.defects
    assert "after the last clause" in proposal.explanation


def test_a_duty_a_proposed_clause_creates_counts_how_the_contract_pays_does_not() -> None:
    """``proposed`` (the clauses the same review inserts) can create a duty the wording asks
    about, with a note saying so; it never changes what is read from the deal itself."""
    model = TextModel(paragraphs=(Paragraph(locator="p1", text="The Buyer shall pay the price of $100 on signing."),))
    assert not holds("indemnity", model) and not holds("recurring-payments", model)
    wording = "Except for {if indemnity}indemnities, {end}fraud, {if recurring-payments}twelve months{else}the total{end}."
    alone, _ = fit_wording(wording, model)
    assert alone == "Except for fraud, the total."
    inserted = "Provider shall defend and indemnify Customer against third-party claims; fees are payable monthly."
    fitted, notes = fit_wording(wording, model, proposed=inserted)
    assert fitted == "Except for indemnities, fraud, the total."
    assert any("is kept: a clause this review proposes to insert has an indemnity" in note for note in notes)


def test_a_nested_condition_that_drops_its_whole_block_gives_one_note_with_every_reason() -> None:
    """The SaaS cap nests the data-protection carve-out in the confidentiality one: where neither
    holds, the card names the dropped place once, with both reasons (not once per level)."""
    (cap,) = [w for w in _library_wordings("saas-customer") if "{if data-protection}" in w]
    licence = _contract(NEWS_LICENCE)
    assert not holds("confidentiality", licence) and not holds("data-protection", licence)
    text, notes = fit_wording(cap, licence)
    assert "confidentiality" not in text and "data protection" not in text
    (note,) = [n for n in notes if "confidentiality" in n or "personal data" in n]
    assert note.startswith("\u201cbreach of confidentiality or data protection obligations, or\u201d is left out: ")
    assert "no duty of confidentiality" in note and "no personal data" in note


def _library_wordings(name: str) -> list[str]:
    from pathlib import Path

    playbook = load_playbook((Path(__file__).resolve().parents[2] / "playbooks" / "library" / f"{name}.yaml").read_text())
    return [position for rule in playbook.rules for position in rule.positions]
