"""Parties from the signature blocks when the preamble does not name them, and never the person
signing for a company (contracts/parties.py, round 5), on the words of seen cuad-train contracts."""

from contracts.parties import SIGNATURE_CHARS, find_parties, head_paragraphs
from documents.docx.model import Paragraph


def _parties(text: str):  # type: ignore[no-untyped-def]
    return find_parties(tuple(Paragraph(locator=f"p{i}", text=line) for i, line in enumerate(text.split("\n"))), {})


def test_two_columns_of_signature_blocks_name_the_parties():
    # MTITechnology, Reseller Agreement Premier Addendum: no preamble names them.
    parties = _parties(
        "This Agreement, and all Addendums and attachments hereto, constitute the entire agreement between McDATA "
        "and Reseller with respect to the subject matter hereof.\n"
        "ACCEPTED AND AGREED TO BY:            ACCEPTED AND AGREED TO BY:\n"
        "McDATA CORPORATION(McDATA)            RESELLER MTI TECHNOLOGY CORPORATION\n"
        "SIGNED: /s/ Bruce Chumley             SIGNED: /s/ Ron Umagat\n"
        "NAME: Bruce Chumley                   NAME: Ron Umagat"
    )
    assert [p.name for p in parties] == ["McDATA CORPORATION", "MTI TECHNOLOGY CORPORATION"]


def test_signature_lines_in_the_flow_of_the_text():
    # PelicanDelivers, Software Development Agreement; SmithElectricVehicles, Fleet Maintenance
    # ("duly authorised for and on behalf of ... DAIRY CREST LIMITED").
    pelican = _parties(
        "IN WITNESS WHEREOF, the Parties have executed this Agreement as of the Effective Date. Acceptance by "
        "Developer SEATTLE SOFTWARE DEVELOPERS, Inc. By: /s/ Julian Valentine Julian Valentine, VP\n"
        "Acceptance by Client: PELICAN DELIVERS INC. By: /s/ Dave Comeau Dave Comeau, Shareholder"
    )
    assert [p.name for p in pelican] == ["SEATTLE SOFTWARE DEVELOPERS, Inc.", "PELICAN DELIVERS INC."]
    smith = _parties(
        "SIGNED by MARK ARLEN    )         duly authorised for and on behalf of    )    /s/ Mark Arlen    DAIRY CREST "
        "LIMITED    )\nSIGNED by STEPHEN FISHER    )\nduly authorised for and on behalf of    )    /s/ S. Fisher    SEV "
        "GROUP LIMITED    )"
    )
    assert [p.name for p in smith] == ["DAIRY CREST LIMITED", "SEV GROUP LIMITED"]


def test_what_a_signing_company_is_and_who_signs_are_no_party():
    # ElPolloLoco, Development Agreement: "a Delaware Corporation" over a blank for the developer;
    # AllisonTransmission, Cooperation Agreement: the officer's title above the next company.
    el_pollo = _parties(
        "IN WITNESS WHEREOF, the parties hereto have duly executed, sealed and delivered this Agreement.\n"
        "FRANCHISOR: DEVELOPER: EL POLLO LOCO, INC., a Delaware Corporation ____________________________, an "
        "individual By: By: Name: Name: Title: Title: An individual Date: Date:"
    )
    assert all("Delaware" not in p.name for p in el_pollo)
    allison = _parties(
        "IN WITNESS WHEREOF, each of the parties hereto has executed this COOPERATION AGREEMENT.\n"
        "VA Partners I, LLC    By:  /s/ George F. Hamel, Jr. Name:  George F. Hamel, Jr. Title:  Chief Operating "
        "Officer\nValueAct Capital Master Fund, L.P.    By:  /s/ George F. Hamel, Jr. Name:  George F. Hamel, Jr. "
        "Title:  Chief Operating Officer"
    )
    assert [p.name for p in allison] == ["VA Partners I, LLC", "ValueAct Capital Master Fund, L.P."]


def test_the_person_signing_for_a_company_in_the_preamble_is_not_the_party():
    # Freecook, Website Design, Development and Hosting Agreement.
    parties = _parties(
        'This Website Design, Development and Hosting Agreement the ("Agreement") is entered into on January 11, '
        '2018 by and between Natalija Tunevic, director of FreeCook (hereinafter referred to as "Client") and '
        "Mitchell Vitalis, director of Mitchell's Web Advance, PLC (hereinafter referred to as \"Company\")."
    )
    assert [(p.name, p.defined) for p in parties] == [("FreeCook", "Client"), ("Mitchell's Web Advance, PLC", "Company")]


def test_the_signature_pages_of_a_long_contract_are_read():
    # The head of a long contract and its last pages: the parties read from them alone are the same
    # as from the whole contract.
    body = [Paragraph(locator=f"b{i}", text="The Supplier shall deliver the Products on time. " * 20) for i in range(200)]
    ending = [
        Paragraph(locator="s1", text="IN WITNESS WHEREOF the parties have executed this Agreement."),
        Paragraph(locator="s2", text="ACME WIDGETS LIMITED By: /s/ Jane Roe"),
        Paragraph(locator="s3", text="NORTHWIND TRADING GMBH By: /s/ Max Muster"),
    ]
    paragraphs = (*body, *ending)
    head = head_paragraphs(paragraphs)
    assert head[-3:] == tuple(ending)
    assert sum(len(p.text) for p in head) < sum(len(p.text) for p in paragraphs)
    assert len(" ".join(p.text for p in head[len(head) - 6 :])) < SIGNATURE_CHARS + 2000
    assert [p.name for p in find_parties(paragraphs, {})] == [p.name for p in find_parties(head, {})] == [
        "ACME WIDGETS LIMITED", "NORTHWIND TRADING GMBH"
    ]


def test_signing_names_with_ampersands_articles_and_parentheses():
    # OneMainHoldings, Joint Filing Agreement; GulfSouthMedicalSupply ("PHYSICIAN SALES & SERVICE, INC.").
    parties = _parties(
        "IN WITNESS WHEREOF, the undersigned have executed this Agreement as of February 20, 2020.\n"
        "THE VÄRDE FUND VI-A, L.P. By: /s/ David A. Marple\n"
        "VÄRDE INVESTMENT PARTNERS (OFFSHORE) MASTER, L.P. By: /s/ David A. Marple\n"
        "PHYSICIAN SALES & SERVICE, INC. By: /s/ Patrick C. Kelly"
    )
    assert [p.name for p in parties] == [
        "THE VÄRDE FUND VI-A, L.P.", "VÄRDE INVESTMENT PARTNERS (OFFSHORE) MASTER, L.P.", "PHYSICIAN SALES & SERVICE, INC."
    ]


def test_the_role_a_company_signs_in_is_its_defined_name():
    # PelicanDelivers ("Acceptance by Developer ...", "Acceptance by Client: ..."); MTITechnology
    # ("RESELLER MTI TECHNOLOGY CORPORATION"); BlackRock's "Date: April 7, 2020" above a name.
    pelican = _parties(
        "IN WITNESS WHEREOF, the Parties have executed this Agreement as of the Effective Date. Acceptance by "
        "Developer SEATTLE SOFTWARE DEVELOPERS, Inc. By: /s/ Julian Valentine Julian Valentine, VP\n"
        "Acceptance by Client: PELICAN DELIVERS INC. By: /s/ Dave Comeau Dave Comeau, Shareholder"
    )
    assert [(p.name, p.defined, p.side) for p in pelican] == [
        ("SEATTLE SOFTWARE DEVELOPERS, Inc.", "Developer", "provider"), ("PELICAN DELIVERS INC.", "Client", "customer")
    ]
    dated = _parties(
        "Date: April 7, 2020 BANK OF AMERICA CORPORATION By: /s/ John Doe\n"
        "BANC OF AMERICA PREFERRED FUNDING CORPORATION By: /s/ John Doe"
    )
    assert [p.name for p in dated] == ["BANK OF AMERICA CORPORATION", "BANC OF AMERICA PREFERRED FUNDING CORPORATION"]


def test_a_party_without_a_definition_is_known_by_the_short_name_the_contract_uses():
    # SmithElectricVehicles, Fleet Maintenance Agreement: signed by DAIRY CREST LIMITED and SEV GROUP
    # LIMITED, called "DCL" and "SEV" throughout, never defined.
    parties = _parties(
        "10.1 DCL shall allow SEV and authorised sub-contractors reasonable access to any premises controlled by DCL.\n"
        "11.7 DCL will reimburse Redundancy Costs to SEV in accordance with Clause 11.6.\n"
        "12.1 SEV shall invoice DCL monthly.\n"
        "SIGNED by MARK ARLEN    )         duly authorised for and on behalf of    )    /s/ Mark Arlen    DAIRY CREST "
        "LIMITED    )\nSIGNED by STEPHEN FISHER    )\nduly authorised for and on behalf of    )    /s/ S. Fisher    SEV "
        "GROUP LIMITED    )"
    )
    assert [(p.name, p.defined) for p in parties] == [("DAIRY CREST LIMITED", "DCL"), ("SEV GROUP LIMITED", "SEV")]
