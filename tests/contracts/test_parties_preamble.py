"""Parties from the preamble across drafting styles (contracts/parties.py, round 4)."""

import pytest

from contracts.keyterms import _parties_value
from contracts.parties import find_parties
from documents.docx.model import Paragraph


def _parties(text: str):  # type: ignore[no-untyped-def]
    return find_parties((Paragraph(locator="p1", text=text),), {})


@pytest.mark.parametrize(
    ("text", "names"),
    [
        # An individual with a description before the name.
        ('This Agreement is entered into on January 13, 2005 between professional golfer, TOM WATSON, (hereinafter '
         'referred to as "CONSULTANT") and ADAMS GOLF, LTD. (hereinafter referred to as "ADAMS GOLF").',
         ["TOM WATSON", "ADAMS GOLF, LTD."]),
        # A party without a legal form that its description calls a corporation; addresses never part of a name.
        ('This Reseller Agreement is entered as of this ___ day of _________, 2004 by and between PivX Corporation, a '
         'California corporation, having its principal place of business at 23 Corporate Plaza Drive ("PivX") and '
         'Detto Technologies, a Washington corporation, having its principal place of business at 14320 NE 21st '
         'Street ("Detto").', ["PivX Corporation", "Detto Technologies"]),
        ('by and between Bizzingo, Inc., a Nevada corporation with offices at 63 Main Street ("Bizzingo") and Joseph '
         'Theismann, an individual whose address is 21495 Ridgetop Circle ("Theismann") (collectively the "Parties").',
         ["Bizzingo, Inc.", "Joseph Theismann"]),
        # A name written in lower case.
        ('is by and between About.com, Inc. ("About"), a Delaware corporation, and ebix.com, Inc. ("Ebix"), a '
         'Delaware corporation', ["About.com, Inc.", "ebix.com, Inc."]),
        # A person named right before a role definition, after the first party's address.
        ('THIS AGREEMENT is made and entered into this 1st day of June, 2017 by and between Prudential Bank '
         '(hereinafter referred to as the "Employer"), located in Philadelphia, Pennsylvania and Jeffrey Hanuscin, '
         '(hereinafter referred to as the "Employee"), residing at 2406 Sanibel Circle, Palmyra, NJ 08065.',
         ["Prudential Bank", "Jeffrey Hanuscin"]),
        # A numbered list of parties: "is a company ..." ends a name; a person's redacted address after the name.
        ('THIS AGREEMENT is entered into between the parties on 1 April, 2020. PARTIES (1) Theravance Biopharma UK '
         'Limited is a company registered in the United Kingdom and whose registered office is at 12 New Fetter Lane, '
         'London, United Kingdom, EC4A 1JP (the "Employer"); and (2) Brett Haumann of [address removed] (the '
         '"Executive").', ["Theravance Biopharma UK Limited", "Brett Haumann"]),
        # The article before a party's name; a company "is a company ..." ends its name.
        ('made and entered into this 17th day of November, 2015, by and between the TOWN OF VINTON, VIRGINIA, a '
         'Virginia municipal corporation ("Grantor"), and ROANOKE GAS COMPANY, a Virginia corporation ("Grantee").',
         ["TOWN OF VINTON, VIRGINIA", "ROANOKE GAS COMPANY"]),
    ],
)
def test_every_party_of_the_preamble_is_found(text, names):
    assert [p.name for p in _parties(text)] == names


def test_two_defined_names_joined_in_a_preamble_are_no_party():
    parties = _parties(
        'WHEREAS, Movado Group, Inc. (the "Company") and the Trustees of the Grinberg Family Trust (the "Trust") '
        'entered into a Split Dollar Agreement; a Demand Note between the Company and the Trust (the "Demand Note")'
    )
    assert all("Demand Note" not in (p.defined, *p.also) for p in parties)


def test_a_party_keeps_all_its_defined_names_but_not_the_collective_one():
    (first, second) = _parties(
        'between AZUL LINHAS AEREAS BRASILEIRAS S.A. ("Company", "AZUL") and Domini Social Investments LLC '
        '("Domini" or the "Sponsor") (together the "Parties").'
    )
    assert (first.defined, first.also) == ("Company", ("AZUL",))
    assert (second.defined, second.also) == ("Domini", ("Sponsor",))
    assert second.role == "Sponsor"
    assert _parties_value((first, second), None).startswith("AZUL LINHAS AEREAS BRASILEIRAS S.A. (\u201cCompany\u201d, \u201cAZUL\u201d)")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Labels run together on one line, the name of a government among them.
        ("Cooperation Agreement of 50MWp Photovoltaic Project   Party A: People's Government of Fenyi County Party B: "
         "Xinyu Xinwei New Energy Co., Ltd.   Party A welcomes and supports Party B to invest and develop",
         [("People's Government of Fenyi County", "Party A"), ("Xinyu Xinwei New Energy Co., Ltd.", "Party B")]),
        # A role in parentheses after the label; the address field ends the name.
        ("Road Transportation Agreement   Party A (Shipper): ZTO Express Co., Ltd. Address: Building 1, No. 1685, "
         "Huazhi Road   Party B (Carrier): Tonglu Tongze Logistics Ltd. Address: 12 Floor, HSBC Tower",
         [("ZTO Express Co., Ltd.", "Party A"), ("Tonglu Tongze Logistics Ltd.", "Party B")]),
    ],
)
def test_parties_labelled_party_a_party_b(text, expected):
    assert [(p.name, p.defined) for p in _parties(text)] == expected


@pytest.mark.parametrize(
    ("lines", "names"),
    [
        # A cover page without "between": a company and a person in capitals, joined by a lone "and".
        (["Exhibit 4.28", "SERVICE AGREEMENT", "1 OCTOBER 2019", "WPP 2005 LIMITED", "and", "JOHN ROGERS",
          "Table of Contents"], ["WPP 2005 LIMITED", "JOHN ROGERS"]),
        # The two names on one line, spaced apart.
        (["Exhibit 10.2    SHBV (HONG KONG) LTD.     and     WASTE2ENERGY GROUP HOLDINGS PLC",
          "   STRATEGIC ALLIANCE AGREEMENT"], ["SHBV (HONG KONG) LTD.", "WASTE2ENERGY GROUP HOLDINGS PLC"]),
    ],
)
def test_parties_of_a_cover_page_without_between(lines, names):
    paragraphs = tuple(Paragraph(locator=f"p{i}", text=line) for i, line in enumerate(lines))
    parties = find_parties(paragraphs, {})
    assert [p.name for p in parties] == names
    # The key terms give a person's name too, not only a name with a legal form.
    assert _parties_value(parties, None) == "; ".join(names)


def test_five_parties_of_a_preamble_are_all_given():
    parties = _parties(
        'by and among Veoneer AB ("Veoneer AB"), Veoneer US, Inc. ("Veoneer US"), Nissin Kogyo Co., Ltd. ("Nissin"), '
        'Nissin Kogyo Holdings USA, Inc. ("Nissin Holding") and Zhongshan Nissin Industry Co., Ltd. ("NBZ").'
    )
    assert [p.defined for p in parties] == ["Veoneer AB", "Veoneer US", "Nissin", "Nissin Holding", "NBZ"]
