"""Round 9 of the parties (contracts/parties.py): preambles drafted in other styles than the seen
contracts' (bench/bench_party_styles.py): parties named without definitions ("by and between Acme
Inc., a Delaware corporation, and Beta LLC, ..."), listed before the one a definition names, joined
by a comma after a description, as a numbered list, "of the one part", a trade name before the
definition; each shown on a seen cuad-train contract's own preamble, as written or in that style."""

from contracts.parties import Party, find_parties
from documents.docx.model import Paragraph


def _parties(text: str) -> tuple[Party, ...]:
    """One paragraph per line, as a converted upload gives them."""
    return find_parties(tuple(Paragraph(locator=f"p{i}", text=line) for i, line in enumerate(text.split("\n"))), {})


def _names(text: str) -> list[str]:
    return [p.name for p in _parties(text)]


def _named(text: str) -> dict[str, tuple[str, ...]]:
    return {p.name: (p.defined, *p.also) for p in _parties(text)}


def test_parties_known_by_their_legal_form_and_their_description() -> None:
    # e-centives / Excite@Home, Co-Branding Agreement, its preamble without its definitions: each name
    # ends in its legal form; the second's is written in lower case.
    text = (
        "E-CENTIVES - EXCITE@HOME CO-BRANDING AGREEMENT\n\nThis agreement is entered into as of the 16th day "
        "of February, 2000, by and between the At Home Corporation, located at 450 Broadway, Redwood City, "
        "California 94063, and e-centives, Inc., a Delaware corporation, located at 6903 Rockledge Drive, Suite "
        "1200, Bethesda, MD 20817.\n\n                                 RECITALS\n\nA.   Excite@Home provides the "
        "@Home Service, maintains sites on the Internet."
    )
    assert _names(text) == ["At Home Corporation", "e-centives, Inc."]


def test_a_person_known_by_where_she_lives() -> None:
    # Lifeway Foods, Endorsement Agreement, without its definitions: a person without a legal form is a
    # party by what follows her name (her address), in whose name she signs left out.
    text = (
        "EXHIBIT 10.24 ENDORSEMENT AGREEMENT\n\nThis Endorsement Agreement is made this 14th day of March, 2016, "
        "by and between Lifeway Foods, Inc. with a principal business address of 6431 West Oakton Street, Morton "
        "Grove, IL 60053 and Ludmila Smolyansky on her own behalf with an address of 182 N. Harbor Drive, "
        "Chicago, IL 60602. Lifeway and Individual are collectively referred to as the parties. The terms of "
        "the Agreement are as follows: 1. License - Individual grants Lifeway ..."
    )
    assert _names(text) == ["Lifeway Foods, Inc.", "Ludmila Smolyansky"]


def test_an_and_inside_a_description_joins_no_parties() -> None:
    # BicycleTx, Service Agreement, without its definitions: "England and Wales" is the first party's
    # description; the second party opens the numbered list's next item.
    text = (
        "SERVICE AGREEMENT\n\nTHIS AGREEMENT is made on 26 September 2019\n\nBETWEEN:\n\n(1) BICYCLETX LIMITED a "
        "company incorporated under the laws of England and Wales (Company Number 11036101) whose registered "
        "office is at Building 900 Babraham Research Campus, Babraham, Cambridgeshire, CB22 3AT, United "
        "Kingdom; and\n\n(2) NIGEL CROCKETT of.\n\nIT IS AGREED as follows:\n\n1. COMMENCEMENT OF EMPLOYMENT"
    )
    assert _names(text) == ["BICYCLETX LIMITED", "NIGEL CROCKETT"]


def test_an_and_inside_a_name_joins_no_parties() -> None:
    # Kentucky Utilities, Gas Transportation Agreement, without its definitions: "GAS AND ELECTRIC" is
    # the second party's name, not two parties.
    text = (
        "GAS TRANSPORTATION AGREEMENT (For Use under FT-A Rate Schedule)   THIS AGREEMENT is made and entered "
        "into as of the 1st day of November, 2002, by and between TENNESSEE GAS PIPELINE COMPANY, a Delaware "
        "Corporation, and LOUISVILLE GAS AND ELECTRIC COMPANY, a Kentucky Corporation. Transporter and Shipper "
        "shall collectively be referred to herein as the Parties.   ARTICLE I - DEFINITIONS"
    )
    assert _names(text) == ["TENNESSEE GAS PIPELINE COMPANY", "LOUISVILLE GAS AND ELECTRIC COMPANY"]


def test_parties_listed_before_the_one_a_definition_names() -> None:
    # Pharmagen, Endorsement Agreement, its first party's definition left out: the definition after
    # "and Paul Silas" is his; the company listed before him, known by its legal form and its
    # description, is a party without a definition of its own (not the one "Celebrity" names).
    text = (
        'This Endorsement Agreement is entered into this ____day of ____________, 2012, but  made effective as of '
        'February 20, 2012 ("Effective Date") between Healthcare Distribution Specialists LLC, a  Delaware '
        'corporation, and Paul Silas ("Celebrity), an individual.    AGREEMENT    1. Engagement. HDS engages '
        "Celebrity and Celebrity hereby accepts the engagement."
    )
    assert _named(text) == {"Healthcare Distribution Specialists LLC": ("Healthcare Distribution Specialists LLC",),
                            "Paul Silas": ("Celebrity",)}


def test_a_person_named_after_a_company_described_by_where_it_is() -> None:
    # Prudential Bancorp, Split-Dollar Endorsement Agreement, its preamble as written: the bank described by where it
    # is, then the employee the definition names.
    text = (
        "THIS AGREEMENT is made and entered into this 1st day of June, 2017 by and between Prudential Bank, "
        "located in Philadelphia, Pennsylvania and Jeffrey Hanuscin, (hereinafter referred to as the "
        '"Employee"), residing at 2406 Sanibel Circle, Palmyra, NJ 08065.\n\nWHEREAS, the Employee has performed '
        "his duties in an efficient and capable manner; and"
    )
    assert _named(text)["Jeffrey Hanuscin"] == ("Employee",)
    assert "Prudential Bank" in _named(text)


def test_a_comma_after_a_description_joins_two_parties() -> None:
    # Rocky Mountain Chocolate Factory, Strategic Alliance Agreement, without its definitions: three
    # parties, the first two joined by a comma after the first's description; the comma inside
    # "Edible Arrangements, LLC" joins nothing.
    text = (
        "STRATEGIC ALLIANCE AGREEMENT\n\nThis STRATEGIC ALLIANCE AGREEMENT, dated as of December 20, 2019, by and "
        "among Farids & Co. LLC, a Delaware limited liability company, Edible Arrangements, LLC, a Delaware "
        "limited liability company, and Rocky Mountain Chocolate Factory, Inc., a Delaware corporation. W I T N E "
        "S S E T H: WHEREAS, the Company is an international franchisor"
    )
    assert _names(text) == ["Farids & Co. LLC", "Edible Arrangements, LLC", "Rocky Mountain Chocolate Factory, Inc."]


def test_a_numbered_list_of_parties_in_lower_case() -> None:
    # drkoop.com, Sponsorship Agreement, its parties as a numbered list: a name in lower case after
    # its list mark.
    text = (
        'This Sponsorship Agreement (the "Agreement") is entered into as of the 11th day of March, 1999 '
        'BETWEEN:\n\n(1) drkoop.com, inc., a Delaware corporation, located at 8920 Business Park Drive, Longhorn '
        'Suite, Austin, Texas 78759 ("drkoop.com"); and\n\n(2) Vitamin Shoppe Industries, Inc., a New Jersey '
        'corporation, located at 4700 Westside Avenue, North Bergen, New Jersey 07047 ("Sponsor").\n\n'
        "WHEREAS, drkoop.com develops, markets and maintains an integrated suite of Internet enabled ..."
    )
    assert _named(text) == {"drkoop.com, inc": ("drkoop.com",), "Vitamin Shoppe Industries, Inc.": ("Sponsor",)}


def test_a_numbered_list_of_parties_signed_for_by_an_officer() -> None:
    # FreeCook, Hosting Agreement, its parties as a numbered list: the company, not the director who
    # signs for it.
    text = (
        'Website Design, Development and Hosting Agreement the ("Agreement") is entered into on January 11, 2018 '
        'BETWEEN:\n\n(1) Natalija Tunevic, director of FreeCook (hereinafter referred to as "Client"); and\n\n(2) '
        "Mitchell Vitalis, director of Mitchell's Web Advance, PLC (hereinafter referred to as \"Company\").\n\n"
        "1. Website Design and Development. Client agrees to pay to Company the sum of $5,000."
    )
    assert _named(text) == {"FreeCook": ("Client",), "Mitchell's Web Advance, PLC": ("Company",)}


def test_the_part_a_party_is_of_ends_it() -> None:
    # Accuray, Distributor Agreement, as a deed writes it ("... of the one part, and ... of the other
    # part"): the first party's part is no part of the second's name.
    text = (
        'This Multiple LINAC and Multi-Modality Distributor Agreement ("Agreement") is entered into by and between '
        "ACCURAY  INCORPORATED, a Delaware corporation with its executive offices located at 1310 Chesapeake "
        'Terrace, Sunnyvale, California 94089, USA  ("Accuray") of the one part, and SIEMENS AKTIENGESELLSCHAFT, a '
        "corporation formed under the laws of the Federal Republic of Germany, with its registered  offices located "
        'at Berlin and Munich ("Siemens") of the other part, as of June 8, 2010 ("Effective Date").     RECITALS'
    )
    assert _named(text) == {"ACCURAY INCORPORATED": ("Accuray",), "SIEMENS AKTIENGESELLSCHAFT": ("Siemens",)}


def test_the_name_a_party_trades_under_before_its_definition() -> None:
    # Lifeway Foods, Endorsement Agreement, its individual trading under a name (a style of the seen
    # preamble): the name she trades under is one of her names, not the text her name is read from.
    text = (
        'This Endorsement Agreement ("Agreement") is made this 14th day of March, 2016 ("Effective Date"), by and '
        'between Lifeway Foods, Inc. ("Lifeway") with a principal business address of 6431 West Oakton Street, '
        "Morton Grove, IL 60053 and Ludmila Smolyansky d/b/a Bluewater Sales (\"Individual\") on her own behalf "
        "with an address of 182 N. Harbor Drive, Chicago, IL 60602. Lifeway and Individual are collectively "
        'referred to as the "parties," or individually as a "party."'
    )
    assert _named(text)["Ludmila Smolyansky"] == ("Individual", "Bluewater Sales")
