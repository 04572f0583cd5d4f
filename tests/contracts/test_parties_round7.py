"""Round 7 of the parties (contracts/parties.py): mechanisms of how every preamble names its parties
rather than one contract's phrase, each shown on a seen cuad-train contract's own words as another
layout or a conversion would give them (its capitals, its quotation marks lost)."""

import pytest

from contracts.parties import Party, find_parties
from documents.docx.model import Paragraph


def _parties(text: str) -> tuple[Party, ...]:
    """One paragraph per line, as a converted upload gives them."""
    return find_parties(tuple(Paragraph(locator=f"p{i}", text=line) for i, line in enumerate(text.split("\n"))), {})


def _named(text: str) -> dict[str, tuple[str, ...]]:
    return {p.name: (p.defined, *p.also) for p in _parties(text)}


# KNOWLABS, Intellectual Property Agreement: its preamble, and the same typed in capitals.
_KNOWLABS = (
    'THIS AGREEMENT (the "Agreement"), dated June 16, 2004, is made and entered into by and between VISUALANT '
    'INCORPORATED, a Nevada corporation (the "Company") and KENNETH TURPIN ("Turpin"),\n\nWHEREAS, the Company is '
    "in the business of researching ..."
)


def test_a_preamble_typed_in_capitals_is_read_as_one_in_ordinary_case() -> None:
    assert _named(_KNOWLABS) == {"VISUALANT INCORPORATED": ("Company",), "KENNETH TURPIN": ("Turpin",)}
    # The same preamble in capitals: ", A NEVADA CORPORATION" is a description, "BY AND BETWEEN" opens
    # the list; the names and defined names are given as the contract writes them.
    assert _named(_KNOWLABS.upper()) == {"VISUALANT INCORPORATED": ("COMPANY",), "KENNETH TURPIN": ("TURPIN",)}


def test_capitals_keep_a_legal_form_and_a_label() -> None:
    # ALCO Stores, Agency Agreement, in capitals: "OF" inside a name is given back as written.
    text = (
        'THIS AGENCY AGREEMENT IS MADE AS OF DECEMBER 14, 2005 BY AND BETWEEN BANK OF AMERICA, N.A., A NATIONAL '
        'BANKING ASSOCIATION ("BANK") AND FJORD SYSTEMS AS ("FJORD").'
    )
    assert _named(text) == {"BANK OF AMERICA, N.A.": ("BANK",), "FJORD SYSTEMS AS": ("FJORD",)}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Bizzingo, Endorsement Agreement, its quotation marks lost: a defined name that is a word of
        # the name ("Theismann"), before another parenthesis.
        ("This ENDORSEMENT AGREEMENT is made as of this March 14, 2012 but effective as of March 1, 2012 (Effective "
         "Date) by and between Bizzingo, Inc., a Nevada  corporation with offices at 63 Main Street, Suite 202, "
         "Flemington, NJ 08822 (Bizzingo) and Joseph Theismann, an individual whose address is 21495  Ridgetop "
         "Circle, Suite 304A, Sterling Virginia 20166 (Theismann) (collectively the Parties).\n\nWITNESSETH:",
         {"Bizzingo, Inc.": ("Bizzingo",), "Joseph Theismann": ("Theismann",)}),
        # Lifeway Foods, Endorsement Agreement, its quotation marks lost: a role before words of the
        # sentence ("(Individual) on her own behalf").
        ("This Endorsement Agreement (Agreement) is made this 14th day of March, 2016 (Effective Date), by and "
         "between Lifeway Foods, Inc. (Lifeway) with a principal business address of 6431 West Oakton Street, "
         "Morton Grove, IL 60053 and Ludmila Smolyansky(Individual) on her own behalf with an address of 182 N. "
         "Harbor Drive, Chicago, IL 60602. Lifeway and Individual are collectively referred to as the parties.",
         {"Lifeway Foods, Inc.": ("Lifeway",), "Ludmila Smolyansky": ("Individual",)}),
        # Freeze Tag, Sponsorship Agreement, its quotation marks lost: "(Association)" is a word of
        # the second party's name.
        ("This Agreement (Agreement) is made effective March 22, 2018, by and between Freeze Tag Inc., a Delaware "
         "Corporation (Company), with its principal place of business located at 1720 Bray Central Drive, "
         "McKinney, TX 75069 and the American Diabetes Association, Inc. (Association), an Ohio not-for profit "
         "corporation, with its principal place of business located at 2451 Crystal Drive.",
         {"Freeze Tag Inc.": ("Company",), "American Diabetes Association, Inc.": ("Association",)}),
    ],
)
def test_a_definition_without_quotation_marks_that_fits_the_name(text: str, expected: dict) -> None:
    assert _named(text) == expected


def test_a_parenthesis_in_capitals_before_a_word_is_no_definition() -> None:
    # HPIL, Cooperation Agreement: "a Nevada (USA) corporation" defines nothing.
    text = (
        'THIS COOPERATION AGREEMENT ("Agreement") is signed this 5th day of January, 2015 (the "Closing Date"), by '
        'and between HPIL ENERGYTECH Inc., a Nevada (USA) corporation (hereafter "HPIL ET") and GINARES GROUP AG, a '
        'Swiss corporation (hereafter "GINARES").'
    )
    assert _named(text) == {"HPIL ENERGYTECH Inc.": ("HPIL ET",), "GINARES GROUP AG": ("GINARES",)}


def test_a_body_that_signs_is_a_party_as_a_company_is() -> None:
    # Movado Group, Endorsement Agreement: its first recital names the trust without a legal form;
    # the trust signs ("THE GRINBERG FAMILY TRUST / By: ..."), and is the Trust the recital defines.
    text = (
        "EXHIBIT 10.28\n\nMOVADO GROUP, INC.\n\nENDORSEMENT AGREEMENT\n\n"
        'WHEREAS, Movado Group, Inc. (the "Company") and the Trustees of the Grinberg Family Trust (the "Trust") '
        "entered into a Policy Collateral Assignment And Split Dollar Agreement, dated as of December 5, 1995 (the "
        '"Split Dollar Agreement"); and\n\n'
        "18. Counterparts. This Agreement may be executed by one or more of the parties hereto.\n\n"
        "IN WITNESS WHEREOF, the parties hereto have executed this Agreement as of this 4th day of April, 2003.\n\n"
        "MOVADO GROUP, INC.\n\nBy: /s/ Timothy F. Michno\nName: Timothy F. Michno\nTitle: General Counsel\n\n"
        "THE GRINBERG FAMILY TRUST\n\nBy: /s/ Efraim Grinberg\nEfraim Grinberg, Trustee"
    )
    assert _named(text) == {"MOVADO GROUP, INC.": ("Company",), "THE GRINBERG FAMILY TRUST": ("Trust",)}


# Aimmune Therapeutics, License, Development and Commercialization Agreement, as a text wrapped at
# 70 characters gives it (a PDF's or a plain-text filing's extraction): "Aimmune Therapeutics," at
# the end of one line, "Inc." at the start of the next.
_AIMMUNE = (
    "LICENSE, DEVELOPMENT AND COMMERCIALIZATION AGREEMENT\n\n"
    'This License, Development and Commercialization Agreement (this "Agreement"), dated as of February 4, 2020 '
    '(the "Effective Date"), is made by and between Xencor, Inc. ("Xencor"), and Aimmune Therapeutics, Inc. '
    '("Aimmune"). Xencor and Aimmune are sometimes referred to herein individually as a "Party" and collectively '
    'as the "Parties".\n\nRECITALS\n\n'
    "WHEREAS, Xencor has developed the Antibody (as defined below);\n\n"
    "WHEREAS, Aimmune is interested in further developing and commercializing the Antibody; and\n\n"
    "WHEREAS, Xencor wishes to grant a license to Aimmune under certain intellectual property rights related to "
    "the Antibody to develop, manufacture and commercialize the Product (as defined below), and Aimmune wishes to "
    "take such license, in each case in accordance with the terms and conditions set forth below."
)


def test_a_text_wrapped_at_a_fixed_width_is_read_as_its_paragraphs() -> None:
    import textwrap

    wrapped = "\n".join(textwrap.fill(paragraph, 70) if paragraph else "" for paragraph in _AIMMUNE.split("\n"))
    assert "Therapeutics,\nInc." in wrapped
    expected = {"Xencor, Inc.": ("Xencor",), "Aimmune Therapeutics, Inc.": ("Aimmune",)}
    assert _named(_AIMMUNE) == expected
    assert _named(wrapped) == expected


def test_short_lines_are_not_joined() -> None:
    # A cover page's lines (XIMAGE, Maintenance Agreement) are no text wrapped at a width.
    text = "MAINTENANCE AGREEMENT\n\n        BETWEEN\n\n        XIMAGE\n\n          AND\n\nSAGEM S.A., DEPARTEMENT MORPHO SYSTEMES"
    assert [p.name for p in _parties(text)] == ["XIMAGE", "SAGEM S.A., DEPARTEMENT MORPHO SYSTEMES"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # InMode, Turn-Key Manufacturing Agreement, its quotation marks lost: a role word after
        # "Hereinafter referred to as", without a parenthesis.
        ("This Turn - Key Manufacturing Agreement (the Agreement) is effective as of the 1.4.2011 (the Effective "
         "Date) by and between: INVASIX LTD., with a principal place of business at Tavor Building, Shaar Yokneam, "
         "POB 533, Yokneam 20692, Israel. Hereinafter referred to as Customer And FLEXTRONICS ISRAEL LTD. with a "
         "principal place of business at Industrial Zone Migdal Haemek 23108 P.O.B. 867, Israel. Hereinafter "
         "referred to as Contractor. Whereas Customer designs, manufactures and sells the Products",
         {"INVASIX LTD.": ("Customer",), "FLEXTRONICS ISRAEL LTD.": ("Contractor",)}),
        # Virtuoso Surgical, Non-Exclusive License Agreement, its quotation marks lost: "(hereinafter JHU)".
        ("This Non-Exclusive License Agreement (hereinafter Agreement) is entered into by and between The Johns "
         "Hopkins University (hereinafter JHU), a corporation of the State of Maryland, having a principal place of "
         "business 3400 N. Charles Street, Baltimore, Maryland 21218-2695 and Virtuoso Surgical, Inc. (hereinafter "
         "Company), a Tennessee corporation, having a principal place of business at 3401 West End Ave.",
         {"The Johns Hopkins University": ("JHU",), "Virtuoso Surgical, Inc.": ("Company",)}),
    ],
)
def test_hereinafter_without_quotation_marks(text: str, expected: dict) -> None:
    assert _named(text) == expected


def test_a_word_without_quotation_marks_the_contract_uses_as_a_name() -> None:
    # ARC Group, Jacksonville Jaguars Sponsorship Agreement, its quotation marks lost: "(Club)" neither
    # fits "Jacksonville Jaguars, LLC" nor is a role word, but the contract goes on to call it so.
    text = (
        "This Sponsorship Agreement (this Agreement) is entered into as of November 27, 2017 (the Execution Date) "
        "by and between Jacksonville Jaguars, LLC, a Delaware limited liability company (Club), and The ARC Group, "
        "Inc., a Florida corporation (owner and operator of Dick's Wings and Grill) (Sponsor).\n\nRECITALS\n\n"
        "A. Club owns and operates the National Football League (NFL) team known as the Jacksonville Jaguars (the "
        "Team) and has the right to grant sponsorship rights.\n\nB. Sponsor desires to obtain from Club certain "
        "rights, and Club is willing to grant them.\n\n1. Club shall provide the Sponsor the rights listed. Club "
        "and Sponsor agree as follows."
    )
    assert _named(text) == {"Jacksonville Jaguars, LLC": ("Club",), "The ARC Group, Inc.": ("Sponsor",)}
    # Used fewer than five times, "(Delaware)" after a name defines nothing.
    assert "Delaware" not in {d for names in _named(text.replace("(Club)", "(Delaware)")).values() for d in names}


def test_parties_labelled_in_capitals() -> None:
    # SPI Energy, Cooperation Agreement, its head in capitals: "PARTY A:" labels a party as "Party A:" does.
    text = (
        "Exhibit 10.47   Cooperation Agreement of 50MWp Photovoltaic Grid-connected Power Generation Project in "
        "Yangqiao of Fenyi County   Party A: People's Government of Fenyi County Party B: Xinyu Xinwei New Energy "
        "Co., Ltd.   Party A welcomes and supports Party B to invest and develop new energy project in Fenyi County"
    )
    expected = {"People's Government of Fenyi County": ("Party A",), "Xinyu Xinwei New Energy Co., Ltd.": ("Party B",)}
    assert _named(text) == expected
    assert _named(text.upper()) == {k.upper(): tuple(d.upper() for d in v) for k, v in expected.items()}


def test_a_preamble_made_on_a_date_by_its_parties() -> None:
    # drkoop.com, Sponsorship Agreement, written "entered into as of <date> by" rather than "by and
    # between": the parties follow the date, the first one's name in lower case.
    text = (
        'EXHIBIT 10.28\n\n                              SPONSORSHIP AGREEMENT\n\n         This Sponsorship Agreement '
        '(the "Agreement") is entered into as of the 11th day of March, 1999 by drkoop.com, inc., a Delaware '
        'corporation, located at 8920 Business Park Drive, Longhorn Suite, Austin, Texas 78759 ("drkoop.com"), and '
        "Vitamin Shoppe Industries, Inc., a New Jersey corporation, located at 4700 Westside Avenue, North Bergen, "
        'New Jersey 07047 ("Sponsor").\n\n         WHEREAS, drkoop.com develops, markets and maintains an integrated '
        "suite of Internet enabled, consumer oriented software applications and services."
    )
    assert _named(text) == {"drkoop.com, inc": ("drkoop.com",), "Vitamin Shoppe Industries, Inc.": ("Sponsor",)}
