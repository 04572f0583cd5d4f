"""Round 6 of the parties (contracts/parties.py), each mechanism on a seen cuad-train contract's own
words: what a page's layout puts before a name, a letter's addressee, a definition said where a
party is named again, a name in the preamble's place for a party without a legal form, an address
never a name, short names the contract keeps using, and more ways of saying a defined name."""

import pytest

from contracts.parties import Party, find_parties
from documents.docx.model import Paragraph


def _parties(text: str) -> tuple[Party, ...]:
    """One paragraph per line, as a converted upload gives them."""
    return find_parties(tuple(Paragraph(locator=f"p{i}", text=line) for i, line in enumerate(text.split("\n"))), {})


def _named(text: str) -> dict[str, tuple[str, ...]]:
    return {p.name: (p.defined, *p.also) for p in _parties(text)}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A definition that names no party ends the text before the next name (UAGH, Maintenance
        # Agreement): not "Exhibit 10.18 MAINTENANCE AGREEMENT MAINTENANCE AGREEMENT".
        ('Exhibit 10.18   MAINTENANCE AGREEMENT   MAINTENANCE AGREEMENT (this "Agreement"), dated as of July 23, '
         '2003, made by Universal Access, Inc., a corporation organized and existing under the laws of the State of '
         'Delaware (the "Company"), and CityNet Telecommunications, Inc., a corporation organized and existing under '
         'the laws of the State of Delaware (the "Provider"). All capitalized terms used herein and not otherwise '
         'defined shall have the meaning set forth in the Purchase Agreement (as defined below).   WITNESSETH:',
         {"Universal Access, Inc.": ("Company",), "CityNet Telecommunications, Inc.": ("Provider",)}),
        # A list numbered "1.", "2." (HealthGate, Hosting and Management Agreement).
        ("This AGREEMENT is made the 20 March day of 1998\nBETWEEN\n1. HealthGate Data Corp., a Delaware corporation "
         '("HealthGate"), having an address at 380 Pleasant Street, Malden, Massachusetts, 02148, USA\nAND\n2. '
         'Blackwell Science Limited a company registered in England ("Blackwell"), whose registered office is Osney '
         'Mead, Oxford OX2 OEL, England, and Munksgaard A/S, a company registered in Denmark ("Munksgaard"), having '
         "an address at 35 Norre Sogade, Copenhagen DK-1016, Denmark\nWHEREAS:",
         {"HealthGate Data Corp.": ("HealthGate",), "Blackwell Science Limited": ("Blackwell",),
          "Munksgaard A/S": ("Munksgaard",)}),
        # An address on the line of the definition is no name: the name is the line before
        # (Enterprise Products Partners, Transportation Contract).
        ("     THIS CONTRACT is entered into by and between ENTERPRISE TRANSPORTATION COMPANY, a division of "
         'Enterprise Products Company, ("Carrier"),\nand  ENTERPRISE PRODUCTS OPERATING L.P., a Delaware limited '
         "partnership - ------------------------------------------------------------------------------\n     P.O. "
         'Box 4324            Houston,          TX   77210     ("Shipper"). - ----------------------------------\n'
         "     Shipper is engaged in business as a manufacturer, distributor or dealer of chemicals",
         {"ENTERPRISE TRANSPORTATION COMPANY, a division of Enterprise Products Company": ("Carrier",),
          "ENTERPRISE PRODUCTS OPERATING L.P.": ("Shipper",)}),
        # A name in quotation marks (Pareteum, Hosting Agreement).
        ('This Agreement is made between "Elephant Talk Communication Holding AG", a company incorporated under the '
         "laws of Switzerland, having its registered office at Baarerstrasse 135, CH-6301 Zug, Switzerland, legally "
         "and duly represented by its Chief Executive Officer Steven van der Velden and its Chief Operations Officer "
         'and Chief Technology Officer Martin Zuurbier, hereinafter referred to as: "ELEPHANT TALK"\nand\nT-Mobile '
         "Netherlands B.V., a company incorporated under the laws of the Netherlands, having its registered office at "
         "the Waldorpstraat 60, 2521 CC Den Haag, the Netherlands, legally and duly represented by its Managing "
         'Director Niek Jan van Damme and its Marketing Director, Bart Weijermars, hereinafter referred to as: '
         '"T-Mobile"\neach individually referred to as "Party" and together as "Parties".   WHEREAS:',
         {"Elephant Talk Communication Holding AG": ("ELEPHANT TALK",), "T-Mobile Netherlands B.V.": ("T-Mobile",)}),
        # "in favor of" joins the parties; a sentence's opening words are no part of a name (SunTron,
        # Maintenance Agreement; Quaker Chemical, Non-Competition Agreement).
        ('THIS MAINTENANCE AGREEMENT (this "Agreement") is made and entered into as of the 28th day of March 2006 '
         'by THAYER EQUITY INVESTORS IV, L.P. (the "Investor"), in favor of U.S. BANK NATIONAL ASSOCIATION, a '
         "national banking association in its capacity as administrative agent (in such capacity and together with "
         'its successors and assigns in such capacity, the "Agent"), for itself and the lending institutions.\n'
         "RECITALS:",
         {"THAYER EQUITY INVESTORS IV, L.P.": ("Investor",), "U.S. BANK NATIONAL ASSOCIATION": ("Agent",)}),
        ('is entered into by Quaker Chemical Corporation ("Buyer"), a Pennsylvania corporation, and GOCL Corporation '
         'Limited, a public limited company incorporated in India ("Gulf Oil"). In addition, Gulf Oil Lubricants '
         'India, Ltd, a public limited company incorporated in India ("Gulf India"), is executing this Agreement '
         "solely for purposes of Section 1(c).",
         {"Quaker Chemical Corporation": ("Buyer",), "GOCL Corporation Limited": ("Gulf Oil",),
          "Gulf Oil Lubricants India, Ltd": ("Gulf India",)}),
    ],
)
def test_where_a_name_starts_and_ends(text: str, expected: dict[str, tuple[str, ...]]) -> None:
    assert _named(text) == expected


def test_a_letter_agreement_is_made_with_its_addressee() -> None:
    # The cells of a cover line set apart by spaces and the salutation are no part of a name; the
    # company the letter is addressed to is a party, defined where it is named again (Bluerock
    # Residential Growth REIT, Agency Agreement).
    text = (
        "Exhibit 1.1   400,000 Shares   BLUEROCK RESIDENTIAL GROWTH REIT, INC.   8.250% Series A Cumulative "
        "Redeemable Preferred Stock   AGENCY AGREEMENT   May 25, 2016   Compass Point Research & Trading, LLC 1055 "
        "Thomas Jefferson Street N.W. Suite 303 Washington, DC 20007   As Sales Agent   Dear Ladies and Gentlemen:   "
        'Bluerock Residential Growth REIT, Inc., a Maryland corporation (the "Company"), together with Bluerock '
        "Residential Holdings, L.P., a Delaware limited partnership for which the Company is the sole general "
        'partner (the "Operating Partnership" and together with the Company, the "Transaction Entities") and BRG '
        'Manager, LLC, a Delaware limited liability company (the "Manager"), agrees that it may issue and sell '
        'through Compass Point Research & Trading, LLC, acting as agent (the "Agent"), up to a total of 400,000 '
        "shares"
    )
    assert _named(text) == {
        "Bluerock Residential Growth REIT, Inc.": ("Company",),
        "Bluerock Residential Holdings, L.P.": ("Operating Partnership",),
        "BRG Manager, LLC": ("Manager",),
        "Compass Point Research & Trading, LLC": ("Agent",),
    }


def test_a_letter_written_by_the_undersigned() -> None:
    # "Dear Mr. Harris: The undersigned, Dundee Securities Ltd." and the addressee, defined later as
    # "the Corporation" (Old API Wind-Down, Agency Agreement).
    text = (
        "Exhibit 1.3 AGENCY AGREEMENT May 21, 2015 Tribute Pharmaceuticals Canada Inc. 151 Steeles Avenue East "
        "Milton, Ontario L9T 1Y1 Attention: Rob Harris, President and Chief Executive Officer Dear Mr. Harris: The "
        'undersigned, Dundee Securities Ltd. (the "Lead Agent"), Kes 7 Capital Inc., and Bloom Burton & Co. Ltd. '
        '(collectively with the Lead Agent, the "Agents" and each individually an "Agent") understand that Tribute '
        'Pharmaceuticals Canada Inc. (the "Corporation") proposes to issue and sell up to 13,043,695 common shares'
    )
    # Round 24: the other agents, defined only together with the lead agent, are parties too (as the
    # experts list them).
    assert _named(text) == {
        "Dundee Securities Ltd.": ("Lead Agent",),
        "Kes 7 Capital Inc.": ("Kes 7 Capital Inc.",),
        "Bloom Burton & Co. Ltd.": ("Agents", "Agent"),
        "Tribute Pharmaceuticals Canada Inc.": ("Corporation",),
    }


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Right after "between", defined by its initials (iVillage, Sponsorship Agreement); a division
        # is named with its company.
        ('This Sponsorship Agreement ("Agreement") is entered into as of December 18, 1998, by and between Ford '
         'Motor Media, a division of J. Walter Thompson ("FMM") with offices at 300 Renaissance Center, Detroit, '
         'Michigan 48243 and iVillage, Inc., ("iVillage") with offices at 170 Fifth Avenue, New York, New York '
         '10010. FMM and iVillage may be referred to generically as a "Party", or collectively as "Parties".',
         {"Ford Motor Media, a division of J. Walter Thompson": ("FMM",), "iVillage, Inc.": ("iVillage",)}),
        # After the previous party's definition, defined by a role word, in justified text
        # (Alamogordo Financial, Agency Agreement).
        ("Ladies and Gentlemen:\n         Alamogordo   Financial   Corporation,   a  federal   corporation   (the "
         '"Company"), AF Mutual Holding Company (the "MHC") and Alamogordo Federal Savings and Loan Association,  a '
         'federally  chartered stock savings and loan association (the  "Bank")  with its  deposit  accounts  '
         'insured by the  Savings  Association Insurance  Fund  ("SAIF"), hereby confirm their agreement',
         {"Alamogordo Financial Corporation": ("Company",), "AF Mutual Holding Company": ("MHC",),
          "Alamogordo Federal Savings and Loan Association": ("Bank",)}),
    ],
)
def test_a_name_in_the_place_of_a_party(text: str, expected: dict[str, tuple[str, ...]]) -> None:
    assert _named(text) == expected


def test_a_name_out_of_place_with_a_definition_that_does_not_fit_is_no_party() -> None:
    # "the Securities and Exchange Commission ("SEC")" in a later sentence: not where parties are named.
    text = (
        'This Agreement is made by and between Acme Widgets, Inc. ("Acme") and Beta Tools LLC ("Beta"). Each '
        'party shall file its reports with the Securities and Exchange Commission ("SEC") as required.'
    )
    assert list(_named(text)) == ["Acme Widgets, Inc.", "Beta Tools LLC"]


def test_short_names_the_contract_keeps_using() -> None:
    # "LKPL" for Link Plus Corporation, "Axiometric" for Axiometric, LLC; never "AMR", which shortens
    # nothing of either (Link Plus, Affiliate Agreement).
    text = (
        "This Agreement entered into as of the Effective Date by and between Link Plus Corporation and Axiometric, "
        "LLC.\nRECITALS\nWHEREAS, Axiometric has developed certain computer software including wireless mesh "
        "networking technology and AMR devices and systems;\nWHEREAS, LKPL has developed certain radio devices and "
        "systems along with hardware manufacturing capacities and plans to develop AMR devices and systems;\n"
        "WHEREAS, LKPL and Axiometric believe it will be in their mutual best interests to cooperate in further "
        "developing AMR product suites;\nWHEREAS, LKPL and Axiometric entered into a Letter of Intent.\n2.1 During "
        "the term of this Agreement, LKPL will provide Axiometric with a license to use office space in LKPL's "
        "corporate facility."
    )
    assert _named(text) == {"Link Plus Corporation": ("LKPL",), "Axiometric, LLC": ("Axiometric",)}


def test_the_making_sentence_after_a_long_table_of_contents() -> None:
    # No "between": the sentence that makes the agreement names the parties even past the first
    # pages (the preamble of Quaker Chemical's Non-Competition Agreement after a table of contents).
    contents = "\n".join(f"{n}. Section heading number {n} of the agreement ........ {n + 2}" for n in range(1, 70))
    text = (
        "NON-COMPETITION AND NON-SOLICITATION AGREEMENT\nTABLE OF CONTENTS\n" + contents + "\nTHIS NON-COMPETITION "
        'AND NON-SOLICITATION AGREEMENT (this "Agreement"), dated as of August 1, 2019, is made by Quaker '
        'Chemical Corporation ("Buyer"), a Pennsylvania corporation, and GOCL Corporation Limited, a public limited '
        'company incorporated in India ("Gulf Oil").\nBACKGROUND'
    )
    assert len(text.split("THIS NON-COMPETITION")[0]) > 3000
    assert _named(text) == {"Quaker Chemical Corporation": ("Buyer",), "GOCL Corporation Limited": ("Gulf Oil",)}


@pytest.mark.parametrize(
    "definition",
    ['(hereafter "Acme")', '(as "Acme")', '(designated "Acme")', 'hereinafter "Acme"', "(hereinafter referred to as ACME)"],
)
def test_more_ways_of_saying_a_defined_name(definition: str) -> None:
    # The forms beside '(hereinafter referred to as "TKCI")' (Turnkey Capital, Strategic Alliance
    # Agreement), here on its own preamble.
    text = (
        "This Agreement is made and entered into this 30th day of June 2017,\nBetween: Acme Capital Inc., having "
        f"its office located at 2929 E. Commercial Blvd, Suite PH-D, Ft. Lauderdale, Florida, {definition};\nAnd: "
        'Seminole Holdings LLC, having an office located at 1800 Frank Huff Road, hereinafter referred to as "SIC".'
    )
    defined = _named(text)["Acme Capital Inc."]
    assert defined[0].lower() == "acme"


def test_the_capacities_a_party_acts_in_are_its_defined_names() -> None:
    # Verizon ABS, Transfer and Servicing Agreement.
    text = (
        'TRANSFER AND SERVICING AGREEMENT, dated as of January 29, 2020 (this "Agreement"), among VERIZON OWNER '
        'TRUST 2020-A, a Delaware statutory trust, as issuer (the "Issuer"), VERIZON ABS LLC, a Delaware limited '
        'liability company, as depositor (the "Depositor"), and Cellco Partnership d/b/a Verizon Wireless, a '
        'Delaware general partnership ("Cellco"), as servicer (in such capacity, the "Servicer"), as marketing agent '
        '(in such capacity, the "Marketing Agent") and as custodian (in such capacity, the "Custodian").\nBACKGROUND'
    )
    assert _named(text)["Cellco Partnership"] == ("Cellco", "Verizon Wireless", "Servicer", "Marketing Agent", "Custodian")
    assert len(_named(text)) == 3


def test_other_names_said_without_a_parenthesis() -> None:
    # Azul, Global Maintenance Agreement: 'Hereafter referred to as the "Company" or "AZUL",'.
    text = (
        'THIS GLOBAL MAINTENANCE MASTER AGREEMENT IS MADE ON March 9th 2015:\nBETWEEN:\nAZUL LINHAS AÉREAS '
        "BRASILEIRAS S/A, a company incorporated under the laws of Brazil, the registered office of which is located "
        "at Avenida Marcos Penteado de Ulhôa Rodrigues, 939, identified under Cadastro Nacional de pessoa Juridica "
        '(CNPJ) number 09.296.295/0001-60.\nHereafter referred to as the "Company" or "AZUL",\non the one part,\n'
        "AND:\nAVIONS DE TRANSPORT REGIONAL, G.I.E., a French groupement d'intérêt économique established under "
        "articles L.251-1 to L251-23 of the French Commercial Code, whose registered office is at 1 allée Pierre "
        'Nadot, 31712 Blagnac, France\nHereafter referred to as the "Repairer"or "ATR",\non the other part.\n'
        'Hereinafter individually referred to as the "Party" or collectively as the "Parties", as the context requires.'
    )
    assert _named(text) == {
        "AZUL LINHAS AÉREAS BRASILEIRAS S/A": ("Company", "AZUL"),
        "AVIONS DE TRANSPORT REGIONAL, G.I.E.": ("Repairer", "ATR"),
    }


def test_a_party_defined_by_its_role_alone_is_given_by_its_role() -> None:
    # Hospitality Investors Trust, Franchise Agreement: the franchisee's name is left to the cover
    # page; the key terms give it as the preamble does, "Franchisee" ("you", "your").
    from contracts.keyterms import _parties_value

    text = (
        '  FRANCHISE AGREEMENT   This Franchise Agreement between Homewood Suites Franchise LLC ("we," "us," "our" '
        'or "Franchisor") and the Franchisee ("you," "your" or "Franchisee") set forth in the Addendum attached to '
        'this Agreement, is dated as of the Effective Date. We and you may collectively be referred to as the '
        '"Parties."   INTRODUCTION'
    )
    parties = _parties(text)
    assert _parties_value(parties, None) == (
        "Homewood Suites Franchise LLC (\u201cFranchisor\u201d, \u201cwe\u201d, \u201cus\u201d, \u201cour\u201d); "
        "Franchisee (\u201cyou\u201d, \u201cyour\u201d)"
    )


def test_a_role_the_definitions_give_is_no_party_beside_a_named_one() -> None:
    # NCC Escrow (HealthGate): "Licensee" defined in the clauses, not beside the preamble's party.
    from contracts.keyterms import _parties_value

    named = Party("NCC ESCROW INTERNATIONAL LIMITED", "NCC", "", "p1")
    role = Party("Licensee", "Licensee", "customer", "p9")
    assert _parties_value((named, role), None) == "NCC ESCROW INTERNATIONAL LIMITED (\u201cNCC\u201d)"


def test_a_name_cut_before_its_definition_takes_the_whole_name_said_before() -> None:
    # Imperial Garden, Outsourcing Contract: the whole name, the label "Covenanter:" cut, a definition
    # in title case followed by "hereby", and "(II)." later is a list's mark, never a defined name.
    text = (
        "Exhibit 10.13   Outsourcing Contract on Development of Miaoli Royal Resort Hotel   Planning Unit: Chang "
        "Chen-Bin Architects Office October 29, 2015\n  Outsourcing Contract on Development of Miaoli Royal Resort "
        "Hotel   The Covenanter: The HUANG JIA Country CLUB and Recreation Inc. (hereinafter referred to as Party "
        "A) and the Covenanter: Chang Chen- Bin Architects Office (hereinafter referred to as Party B) hereby agree "
        "to establish the following terms and conditions with regard to the development of Miaoli Royal Resort "
        "Hotel:   Article I. Outsourced Project\nPart IV: Establishment of Documents Relevant to Change of Land "
        "Usage (I) Establishment of Documents and Drawings Relevant to Change of Land Usage. (II). Attendance of "
        "Concerned Work Coordination Meeting"
    )
    assert _named(text) == {
        "The HUANG JIA Country CLUB and Recreation Inc.": ("Party A",),
        "Chang Chen- Bin Architects Office": ("Party B",),
    }


def test_a_definition_after_the_name_that_does_not_fit_it_is_not_its_own() -> None:
    # Veoneer, Amendment of a Joint Venture Agreement: "Veoneer AB's outstanding shares in VNBJ (the
    # "VNBJ SPA," ...)" defines an agreement, not Veoneer AB.
    text = (
        "This AMENDMENT is made and entered into effective as of October 30, 2019 by and among Veoneer AB and Nissin "
        "Kogyo Co., Ltd.\nWHEREAS, Nissin and Veoneer AB entered into those certain (1) VNBJ Share Purchase "
        "Agreement, pursuant to which Veoneer AB is selling, and Honda and Nissin are purchasing, all of Veoneer "
        "AB's outstanding shares in VNBJ (the \"VNBJ SPA,\" and the consummation of the transactions pursuant to the "
        'terms of the VNBJ SPA, the "VNBJ Closing")'
    )
    assert [p.defined for p in _parties(text) if p.name == "Veoneer AB"] == ["Veoneer AB"]  # not "VNBJ SPA"
