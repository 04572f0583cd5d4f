"""Round 24 of the parties (docs/decisions/key-terms.md, "Round 24"): drafting styles written for this
round in our own words, each failing on the code before it."""

import pytest

from contracts.parties import Party, find_parties
from documents.docx.model import Paragraph


def _parties(text: str) -> list[tuple[str, str]]:
    """(name, defined name) of each party, one paragraph per line as a converted upload gives them."""
    paragraphs = tuple(Paragraph(locator=f"p{i}", text=line) for i, line in enumerate(text.split("\n")))
    found: tuple[Party, ...] = find_parties(paragraphs, {})
    return [(p.name, p.defined) for p in found]


_UK_PARTY = (
    "{name} incorporated and registered in England and Wales with company number {number} whose registered "
    "office is at {address}"
)
_ALDER = _UK_PARTY.format(name="ALDER TOOLS LIMITED", number="01234567", address="1 High Street, Leeds LS1 1AA")
_BIRCH = _UK_PARTY.format(name="BIRCHWOOD TRADING LIMITED", number="07654321", address="2 Low Road, York YO1 2BB")


def test_a_uk_description_without_a_comma_ends_the_name() -> None:
    # The English precedent style: "(1) NAME incorporated and registered in ... whose registered office
    # is at ... (Role)." under a "PARTIES" heading, with no comma before the description.
    text = (
        "THIS AGREEMENT is dated 14 June 2018\n\nPARTIES\n\n"
        f"(1) {_ALDER} (Supplier).\n\n(2) {_BIRCH} (Distributor).\n\nBACKGROUND\n\n(A) The Supplier makes tools."
    )
    assert _parties(text) == [("ALDER TOOLS LIMITED", "Supplier"), ("BIRCHWOOD TRADING LIMITED", "Distributor")]


def test_the_same_with_quoted_definitions_after_between() -> None:
    text = (
        "THIS AGREEMENT is made on 14 June 2018\n\nBETWEEN\n\n"
        f'(1) {_ALDER} (the "Supplier"); and\n\n(2) {_BIRCH} (the "Distributor").'
    )
    assert _parties(text) == [("ALDER TOOLS LIMITED", "Supplier"), ("BIRCHWOOD TRADING LIMITED", "Distributor")]


def test_a_name_organised_under_the_laws_without_a_comma() -> None:
    text = (
        'This Agreement is made on 2 May 2016 between Corvid Media Ltd organised under the laws of Ireland ("Corvid") '
        'and Dunlin Games Limited established in Malta with registered number C 12345 ("Dunlin").'
    )
    assert _parties(text) == [("Corvid Media Ltd", "Corvid"), ("Dunlin Games Limited", "Dunlin")]


def test_parties_listed_by_commas_after_their_legal_forms() -> None:
    # A guaranty's makers listed "A Corp., B Inc. and C LLC" before what they are called together.
    text = (
        "GUARANTY AGREEMENT\n\nThis Guaranty Agreement is made as of June 1, 2015 by Alder Corp., Birch Inc. and "
        'Cedar LLC (collectively, the "Guarantors") in favor of Dune Capital LP (the "Lender").'
    )
    names = [name for name, _ in _parties(text)]
    assert names == ["Alder Corp.", "Birch Inc.", "Cedar LLC", "Dune Capital LP"]


def test_a_comma_after_a_legal_form_before_an_address_joins_no_parties() -> None:
    # "c/o Acme Management, Inc., Acme Plaza, 10 Main Street": an address after the form, no party.
    text = (
        'ENDORSEMENT AGREEMENT\n\nTHIS AGREEMENT, made as of January 1, 2001, by and between Finch Apparel, Inc. ("Company"), '
        "and Gull Sports Enterprises, Inc. c/o Harrier Management, Inc., Harrier Plaza, 10 Main Street, Cleveland, "
        'Ohio 44114 ("Licensor"):'
    )
    assert [name for name, _ in _parties(text)] == ["Finch Apparel, Inc.", "Gull Sports Enterprises, Inc."]


def test_new_parties_before_a_collective_definition_that_names_an_earlier_one() -> None:
    # An agency agreement's other agents, defined only together with the lead agent already named.
    text = (
        "AGENCY AGREEMENT\n\nThis Agency Agreement is made as of January 8, 2016 among Flint Pharma Inc. (the "
        '"Corporation"), Garnet Securities Ltd. (the "Lead Agent"), and Heron Capital Inc. and Ibis Partners Ltd. '
        '(collectively with the Lead Agent, the "Agents" and each an "Agent").'
    )
    names = [name for name, _ in _parties(text)]
    assert names == ["Flint Pharma Inc.", "Garnet Securities Ltd.", "Heron Capital Inc.", "Ibis Partners Ltd."]


def test_a_collective_definition_of_the_parties_already_named_is_no_party() -> None:
    text = (
        'This Endorsement Agreement is made on May 2, 2012 between Kite Brands LLC ("Company"), Lark Sports Inc. '
        '("Lender") and Mina Rowe ("Athlete") (collectively, Lender and Athlete are referred to as the "Talent Parties").'
    )
    assert [d for _, d in _parties(text)] == ["Company", "Lender", "Athlete"]


def test_for_whom_a_party_acts_is_no_part_of_its_name() -> None:
    text = (
        "SERVICES AGREEMENT\n\nThis Services Agreement is entered into as of July 1, 2018 by and between Quail "
        'Health, Inc., on behalf of itself and its Affiliates ("Quail"), and Raven Data LLC ("Vendor").'
    )
    assert _parties(text) == [("Quail Health, Inc.", "Quail"), ("Raven Data LLC", "Vendor")]


def test_whom_a_party_succeeds_is_no_party() -> None:
    text = (
        "SUPPLY AGREEMENT\n\nThis Supply Agreement is made as of July 1, 2018 between Teal Foods Inc., successor in "
        'interest to Teal Farms LLC ("Teal"), and Umber Stores Corp. ("Umber").'
    )
    assert _parties(text) == [("Teal Foods Inc.", "Teal"), ("Umber Stores Corp.", "Umber")]


def test_a_legal_form_of_two_words_before_a_registration_number() -> None:
    # An Australian company's "Pty Ltd" then its company number, without a comma or a parenthesis.
    text = (
        'This Agreement is made on 3 March 2008 between Bittern Software Inc a company incorporated in Delaware ("Bittern") '
        'and Crane Systems Pty Ltd ACN 123 456 789 ("Crane").'
    )
    assert _parties(text) == [("Bittern Software Inc", "Bittern"), ("Crane Systems Pty Ltd", "Crane")]


def test_a_comma_after_a_legal_form_before_the_name_it_trades_under_joins_no_parties() -> None:
    text = (
        "DEVELOPMENT AGREEMENT THIS DEVELOPMENT AGREEMENT IS MADE BETWEEN JUNCO BEVERAGES, INC., A DELAWARE "
        'CORPORATION ("JUNCO") AND K L BREWING CONCEPTS INC., DBA KESTREL RIVER BREWING COMPANY, AN OREGON '
        'CORPORATION ("COMPANY"), EFFECTIVE AS OF MAY 1, 2019.'
    )
    names = [name for name, _ in _parties(text)]
    assert len(names) == 2 and names[0] == "JUNCO BEVERAGES, INC." and names[1].startswith("K L BREWING CONCEPTS INC.")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "TECHNICAL SERVICE AGREEMENT\n\nParty A: Shenzhen Lark Technology Co., Ltd.\nRegistered Address: 1 Science "
            'Road, Shenzhen\nLegal Representative: Wang Fang\n(hereinafter referred to as "Party A")\n\nParty B: '
            "Guangzhou Magpie Network Co., Ltd.\nRegistered Address: 8 Pearl Street, Guangzhou\nLegal Representative: "
            'Chen Lu\n(hereinafter referred to as "Party B")\n\nParty A and Party B agree as follows:',
            [
                ("Shenzhen Lark Technology Co., Ltd.", "Party A"),
                ("Guangzhou Magpie Network Co., Ltd.", "Party B"),
            ],
        ),
        (
            "EXCLUSIVE SERVICE AGREEMENT\n\nThis Agreement is entered into in Beijing on June 1, 2018 by and between:\n\n"
            "Beijing Lark Technology Co., Ltd.\nAddress: 1 Science Road, Beijing\nLegal Representative: Wang Fang\n"
            '(hereinafter referred to as "Party A")\n\nand\n\nZhang Wei\nID Card No.: 110101198001010011\n'
            'Address: 2 Garden Road, Beijing\n(hereinafter referred to as "Party B")',
            [("Beijing Lark Technology Co., Ltd.", "Party A"), ("Zhang Wei", "Party B")],
        ),
        (
            "SERVICES AGREEMENT\n\nThis Services Agreement is made on June 1, 2018 between:\n\nOtter Systems, Inc.\n"
            'Attention: General Counsel\n("Provider")\n\nand\n\nPelican Foods LLC\nAttention: Chief Executive Officer\n'
            '("Customer")',
            [("Otter Systems, Inc.", "Provider"), ("Pelican Foods LLC", "Customer")],
        ),
    ],
)
def test_a_partys_field_lines_between_its_name_and_its_definition(text: str, expected: list[tuple[str, str]]) -> None:
    # A translation's layout: the address, the legal representative, an identity number on lines of their
    # own under the name, then the definition; the representative is never the party.
    assert _parties(text) == expected


def test_a_definition_run_into_a_field_line_is_read_from_that_line() -> None:
    # The definition does not open a line of its own: the field lines above are not walked past, and the
    # party is never the label of a field ("Tel.").
    text = (
        "DISTRIBUTOR AGREEMENT\n\nTHIS AGREEMENT, made as of May 1, 2006 by and between Alder Paints (Shanghai) Co Ltd "
        '(hereinafter "Alder"), of 1 River Road, Shanghai,\nTel. : (86-21) 1234 5678 Fax : (86-21) 1234 5679\n'
        'Legal representative : John Roe, and Birch Repair Services Inc. hereinafter referred to as ("DISTRIBUTOR")'
    )
    found = _parties(text)
    assert found[0] == ("Alder Paints (Shanghai) Co Ltd", "Alder")
    assert not any(name.startswith("Tel") for name, _ in found)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "LICENSE AGREEMENT\n\nThis License Agreement is a legal agreement between you (either an individual or a "
            'single entity) ("Licensee") and Starling Software Corp. ("Starling").',
            [("You", "Licensee"), ("Starling Software Corp.", "Starling")],
        ),
        (
            'TERMS OF SERVICE\n\nThis Agreement is between Robin Cloud Inc. ("Robin", "we" or "us") and you, the '
            'customer ("you" or "Customer").',
            [("Robin Cloud Inc.", "Robin"), ("You", "Customer")],
        ),
    ],
)
def test_the_reader_as_a_party(text: str, expected: list[tuple[str, str]]) -> None:
    # Terms a reader accepts: "you" is the party, never the words before it ("This License Agreement").
    assert _parties(text) == expected


def test_an_order_forms_name_labels() -> None:
    # "Customer Name:" labels the party the form then calls Customer.
    body = (
        "\n\n1. SERVICES\n1.1 Provider shall provide the Services to Customer.\n1.2 Customer shall pay Provider the "
        "fees.\n1.3 Provider may suspend the Services if Customer fails to pay."
    )
    text = (
        "ORDER FORM\n\nCustomer Name: Lynx Retail Corp.\nCustomer Address: 5 Market St, Austin TX\nProvider Legal Name: "
        "Marten Cloud Inc.\nOrder Date: June 1, 2020\n\nThis Order Form is governed by the Master Subscription "
        "Agreement between Provider and Customer." + body
    )
    assert _parties(text) == [("Lynx Retail Corp.", "Customer"), ("Marten Cloud Inc.", "Provider")]
