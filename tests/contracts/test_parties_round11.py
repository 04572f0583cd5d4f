"""Round 11 of the parties (contracts/parties.py): each class shown on a seen cuad-train contract's own
preamble, as written or in one of bench/bench_party_layouts.py's layouts or bench/bench_party_styles.py's
styles."""

from contracts.parties import Party, find_parties
from documents.docx.model import Paragraph


def _parties(text: str) -> tuple[Party, ...]:
    """One paragraph per line, as a converted upload gives them."""
    return find_parties(tuple(Paragraph(locator=f"p{i}", text=line) for i, line in enumerate(text.split("\n"))), {})


def test_a_definition_without_quotation_marks_before_the_colon_that_ends_the_preamble() -> None:
    # Mossimo, Endorsement Agreement, its quotation marks lost in a conversion: the last party's
    # definition is followed by the colon that ends its line, before "WITNESSETH".
    text = (
        "ENDORSEMENT AGREEMENT\n         THIS AGREEMENT, made and entered into as of this 1st day of January, "
        "2000, by and between MOSSIMO, INC., 2450 White Road, 2nd Floor, Irvine, California 92614 (Company), and "
        "DAVID DUVAL ENTERPRISES, INC. c/o International Management, Inc., IMG Center, 1360 East 9th Street, Suite "
        "100, Cleveland, Ohio 44114 (Licensor):\n                                   WITNESSETH:\n         WHEREAS, "
        "David Duval (Duval) is recognized as a highly skilled professional golfer."
    )
    assert [(p.name, p.defined) for p in _parties(text)] == [
        ("MOSSIMO, INC.", "Company"),
        ("DAVID DUVAL ENTERPRISES, INC.", "Licensor"),
    ]


def test_a_definition_without_quotation_marks_that_goes_on_to_name_the_parties_together() -> None:
    # Hertz Group Realty Trust, Trademark License Agreement, its quotation marks lost in a conversion: the
    # licensee's definition goes on with what names both parties, "and together with Licensor, the Parties".
    text = (
        "Exhibit 10.8 FORM OF TRADEMARK LICENSE AGREEMENT This TRADEMARK LICENSE AGREEMENT ( Agreement), is "
        "entered into as of September ___, 2019 (Effective Date), by and between HERTZ INVESTMENT GROUP, LLC, a "
        "Delaware limited liability company, having a principal place of business at 21860 Burbank Blvd., Suite "
        "300 South, Woodland Hills, CA 91367 (Licensor), and HERTZ GROUP REALTY TRUST, INC., a Maryland "
        "corporation, having a principal place of business at 21860 Burbank Blvd., Suite 300 South, Woodland "
        "Hills, CA 91367 (Licensee and together with Licensor, the Parties), and the Parties agree as follows: "
        "ARTICLE 1. BACKGROUND AND DEFINITIONS 1.1 Licensor has adopted, is using, and is the owner of all"
    )
    assert [(p.name, p.defined) for p in _parties(text)] == [
        ("HERTZ INVESTMENT GROUP, LLC", "Licensor"),
        ("HERTZ GROUP REALTY TRUST, INC.", "Licensee"),
    ]


def test_parties_labelled_by_a_letter_in_a_head_typed_in_capitals() -> None:
    # ZTO Express, Road Transportation Agreement, its head typed in capitals: read in ordinary case, the
    # field after each name ("ADDRESS:") has its common word lowered, and still ends the name.
    text = (
        "EXHIBIT 10.10   ROAD TRANSPORTATION AGREEMENT   PARTY A (SHIPPER): ZTO EXPRESS CO., LTD. ADDRESS: "
        "BUILDING 1, NO. 1685, HUAZHI ROAD, HUAXIN TWON, QINGPU DISTRICT, SHANGHAI   PARTY B (CARRIER): TONGLU "
        "TONGZE LOGISTICS LTD. ADDRESS: 12 FLOOR, HSBC TOWER, YINCHUN SOUTH ROAD, TONGLU COUNTY, ZHEJIANG PROVINCE   "
        "DUE TO THE NEED FOR LOGISTICS BUSINESS, PARTY A AND PARTY B ENTER INTO THIS ROAD TRANSPORTATION AGREEMENT "
        '(THIS "AGREEMENT"), IN WHICH PARTY A PAYS THE FREIGHT AND PARTY B PROVIDES PARCEL TRANSPORTATION SERVICES '
        "TO PARTY A."
    )
    assert [(p.name, p.defined) for p in _parties(text)] == [
        ("ZTO EXPRESS CO., LTD.", "PARTY A"),
        ("TONGLU TONGZE LOGISTICS LTD.", "PARTY B"),
    ]


def test_a_numbered_list_of_parties_typed_in_capitals() -> None:
    # BicycleTx, Service Agreement, its head typed in capitals: "A COMPANY INCORPORATED" ends the first
    # name as "a company incorporated" does, "(COMPANY NUMBER 11036101)" defines nothing, "(THE ''EMPLOYEE")"
    # defines the second party, and "OF" before it (his address left out) is no part of his name.
    text = (
        "EXHIBIT 10.11\nDATED 26 SEPTEMBER 2019\nBICYCLETX LTD\nAND\nNIGEL CROCKETT\n"
        "___________________________________________________\nSERVICE AGREEMENT\n"
        "___________________________________________________\nTHIS AGREEMENT IS MADE ON 26 SEPTEMBER 2019\n"
        "BETWEEN:\n(1) BICYCLETX LIMITED A COMPANY INCORPORATED UNDER THE LAWS OF ENGLAND AND WALES (COMPANY NUMBER "
        "11036101) WHOSE REGISTERED OFFICE IS AT BUILDING 900 BABRAHAM RESEARCH CAMPUS, BABRAHAM, CAMBRIDGESHIRE, "
        'CB22 3AT, UNITED KINGDOM (THE "COMPANY"); AND\n(2) NIGEL CROCKETT OF (THE \'\'EMPLOYEE").\n'
        "IT IS AGREED AS FOLLOWS:\n1. COMMENCEMENT OF EMPLOYMENT\n"
        '1.1 THIS AGREEMENT SHALL TAKE EFFECT 26  SEPTEMBER 2019 (THE "EFFECTIVE DATE").'
    )
    assert [(p.name, p.defined) for p in _parties(text)] == [
        ("BICYCLETX LIMITED", "COMPANY"),
        ("NIGEL CROCKETT", "EMPLOYEE"),
    ]


def test_definitions_in_single_quotation_marks_name_the_parties_together_after_the_last() -> None:
    # Hertz Group Realty Trust, Trademark License Agreement, its definitions in single quotation marks (as
    # British drafting writes them): the words before the licensee's definition never run across the
    # quotation mark that opens it, to the parties' collective name after it.
    text = (
        "Exhibit 10.8 FORM OF TRADEMARK LICENSE AGREEMENT This TRADEMARK LICENSE AGREEMENT ( 'Agreement'), is "
        "entered into as of September ___, 2019 ('Effective Date'), by and between HERTZ INVESTMENT GROUP, LLC, a "
        "Delaware limited liability company, having a principal place of business at 21860 Burbank Blvd., Suite "
        "300 South, Woodland Hills, CA 91367 ('Licensor'), and HERTZ GROUP REALTY TRUST, INC., a Maryland "
        "corporation, having a principal place of business at 21860 Burbank Blvd., Suite 300 South, Woodland "
        "Hills, CA 91367 ('Licensee' and together with Licensor, the 'Parties'), and the Parties agree as follows: "
        "ARTICLE 1. BACKGROUND AND DEFINITIONS 1.1 Licensor has adopted, is using, and is the owner of all"
    )
    assert [(p.name, p.defined) for p in _parties(text)] == [
        ("HERTZ INVESTMENT GROUP, LLC", "Licensor"),
        ("HERTZ GROUP REALTY TRUST, INC.", "Licensee"),
    ]


def test_a_role_word_in_single_quotation_marks_after_a_long_description() -> None:
    # Fulucai Productions, Content Distribution and License Agreement, its definitions in single quotation
    # marks: the producer's role word, after what it may be ("... any and all referred to herein as the
    # 'Producer'"), is its defined name as in double quotation marks.
    text = (
        "  This CONTENT DISTRIBUTION AND LICENSE AGREEMENT (the 'Agreement') is entered into as of November 15, "
        "2012 (the 'Effective Date') by and between, CONVERGTV, INC., a Delaware Corporation, ('ConvergTV'), "
        "whose principal place of business is located at 3201 Budinger Ave., St. Cloud, FL 34769, P.O. Box 540817, "
        "Merritt Island, Florida 32954, and Fulucai Productions Ltd. (the producer, publisher, content owner, "
        "authorized distributor, agent, or assignee of the Program rights, licensor, and grantor, any and all "
        "referred to herein as the 'Producer'), whose principal place of business is located at 3632- 13 St. SW, "
        "Calgary, Alberta, Canada."
    )
    assert [(p.name, p.defined) for p in _parties(text)] == [
        ("CONVERGTV, INC.", "ConvergTV"),
        ("Fulucai Productions Ltd.", "Producer"),
    ]




def test_a_definition_referred_to_in_this_agreement() -> None:
    # VNUE, Promotion Agreement, its definitions drafted "(referred to in this Agreement as ...)": the words
    # of where the name is used stand between "referred to" and "as".
    text = (
        "Exhibit 10.1   PROMOTION AGREEMENT   This Promotion Agreement (referred to in this Agreement as "
        '"Agreement") is entered into effective September 10, 2015 between BookingEntertainment.com (referred to '
        'in this Agreement as "Promoter") of 275 Madison Avenue, 6t h Floor, New York, NY 10016 and VNUE, Inc., '
        '(referred to in this Agreement as "VNUE"), a Nevada corporation quoted on the OTCMarkets, with offices at '
        "104 West 29th Street 11th Floor, New York, NY 10001.   WHEREAS, Promoter has substantial business "
        "experience in the music industry."
    )
    assert [(p.name, p.defined) for p in _parties(text)] == [
        ("BookingEntertainment.com", "Promoter"),
        ("VNUE, Inc.", "VNUE"),
    ]


def test_definitions_in_guillemets() -> None:
    # VNUE, Promotion Agreement, its definitions in guillemets (as a translation may give them): read as in
    # double quotation marks.
    text = (
        "Exhibit 10.1   PROMOTION AGREEMENT   This Promotion Agreement (\u00abAgreement\u00bb) is entered into "
        "effective September 10, 2015 between BookingEntertainment.com (\u00abPromoter\u00bb) of 275 Madison Avenue, "
        "6t h Floor, New York, NY 10016 and VNUE, Inc., (\u00abVNUE\u00bb), a Nevada corporation quoted on the "
        "OTCMarkets, with offices at 104 West 29th Street 11th Floor, New York, NY 10001.   WHEREAS, Promoter has "
        "substantial business experience in the music industry."
    )
    assert [(p.name, p.defined) for p in _parties(text)] == [
        ("BookingEntertainment.com", "Promoter"),
        ("VNUE, Inc.", "VNUE"),
    ]
