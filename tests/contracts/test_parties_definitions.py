"""How preambles define their parties, on real text of the seen part of cuad-train (round 5,
contracts/parties.py): defined names in any case, loose quotation marks, words before the quoted
name, several parentheses, and where a name starts when lines or other defined names come before."""

import pytest

from contracts.parties import find_parties
from documents.docx.model import Paragraph


def _parties(text: str):  # type: ignore[no-untyped-def]
    """One paragraph per line, as a converted upload gives them."""
    lines = [line for line in text.split("\n")]
    return find_parties(tuple(Paragraph(locator=f"p{i}", text=line) for i, line in enumerate(lines)), {})


def _named(text: str) -> dict[str, tuple[str, ...]]:
    return {p.name: (p.defined, *p.also) for p in _parties(text)}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A defined name in lower case (EbixInc, Co-Branding Agreement).
        ('This Agreement (the "Agreement"), dated this 19th day of January, 2001 (the "Effective Date"), is by and '
         'between About.com, Inc. ("About"), a Delaware corporation, located at 1440 Broadway, 19th Floor, New York, '
         'NY 10018 and ebix.com, Inc. ("ebix"), a Delaware corporation, located at 1900 E.Golf Road, Schaumberg, IL '
         '60173', {"About.com, Inc.": ("About",), "ebix.com, Inc.": ("ebix",)}),
        # Doubled opening quotation marks (BicycleTherapeutics, Service Agreement).
        ("THIS AGREEMENT is made on 26 September 2019\nBETWEEN:\n(1) BICYCLETX LIMITED a company incorporated under "
         "the laws of England and Wales (Company Number 11036101) whose registered office is at Building 900 "
         "Babraham Research Campus, Babraham, Cambridgeshire, CB22 3AT, United Kingdom (the \"Company\"); and\n"
         "(2) NIGEL CROCKETT of (the ''Employee\").\nIT IS AGREED as follows:",
         {"BICYCLETX LIMITED": ("Company",), "NIGEL CROCKETT": ("Employee",)}),
        # The closing quotation mark left out (Pharmagen, Endorsement Agreement).
        ('THIS ENDORSEMENT AGREEMENT (the "Agreement") is dated as of this ____day of ____________, 2012, but made '
         'effective as of February 20, 2012 ("Effective Date") between Healthcare Distribution Specialists LLC '
         '("HDS"), a Delaware corporation, and Paul Silas ("Celebrity), an individual.',
         {"Healthcare Distribution Specialists LLC": ("HDS",), "Paul Silas": ("Celebrity",)}),
        # Words of the parenthesis before the quoted name (Bellicum, Supply Agreement).
        ('This Supply Agreement (this "Agreement") is made and entered into, effective as of March 27, 2019 (the '
         '"Effective Date"), by and between Miltenyi Biotec GmbH, a German corporation having an address at '
         'Friedrich-Ebert-Str. 68, 51429 Bergisch Gladbach, Germany (hereinafter referred to as "Miltenyi"), and '
         'Bellicum Pharmaceuticals, Inc., a US corporation, having a registered office at 2130 West Holcombe '
         'Boulevard, Suite 800, Houston, TX 77030 (on behalf of itself and its Affiliates, individually and '
         'collectively referred to as "Bellicum"). Miltenyi and Bellicum are sometimes referred to herein '
         'individually as a "Party" and collectively as the "Parties."',
         {"Miltenyi Biotec GmbH": ("Miltenyi",), "Bellicum Pharmaceuticals, Inc.": ("Bellicum",)}),
        # The next party starts after the whole parenthesis, not after its first defined name
        # (GoldResource, Strategic Alliance Agreement).
        ("BETWEEN:\n  GOLD RESOURCE CORPORATION, a company organized under the laws of the State of Colorado, with "
         "registered office located at 222 Milwaukee Street, Suite 301, Denver, CO 80206 (\"GRC\" or \"the "
         "Company\")\nAND:\n  HOCHSCHILD MINING HOLDINGS LIMITED, a private limited company organized under the "
         "laws of England and Wales, with registered office located at 46 Albemarle Street, London, England W1S "
         "4JL (\"HOC\")\nWHEREAS:",
         {"GOLD RESOURCE CORPORATION": ("GRC", "Company"), "HOCHSCHILD MINING HOLDINGS LIMITED": ("HOC",)}),
        # "AND:" in capitals joins the second party, whose address follows its name
        # (AgapeAtp, Supply Agreement).
        ("ODM SUPPLY AGREEMENT THIS AGREEMENT is made on the 15t h day of January 2018. BETWEEN: ORGANIC "
         "PREPARATIONS INC. 2nd Floor, Transpacific Haus Lini Highway, Port Vila. Vanuatu ('the Manufacturer') of "
         "one part AND: AGAPE ATP INTERNATIONAL HOLDING LIMITED Unit 05, 4F, Energy Plaza No. 92, Granville Road "
         "Tsim Sha Tsui East Kowloon, Hong Kong ('the Customer') of the other part. RECITALS",
         {"ORGANIC PREPARATIONS INC.": ("Manufacturer",), "AGAPE ATP INTERNATIONAL HOLDING LIMITED": ("Customer",)}),
        # A legal form of Romania ("SRL") says the name is an entity; "dba Galaxy Telecom" is a name the
        # party also goes by (AsianDragon, Reseller Agreement).
        ('This Agreement is made and entered into by and between 695014 B.C. Ltd. dba Galaxy Telecom, having a '
         'principal office at 200 - 375 Water Street, Vancouver, British Columbia V6B 5C6 Canada ("Galaxy") and '
         'Galaxy Telnet SRL, having a principal office at Aleea Malinului, Nr. 11, Bl. D, Scara C, Apt. 43, '
         'Constanta, Judetul Constanta, Romania ("Telnet") as of the 1s t day of June, 2004.',
         {"695014 B.C. Ltd.": ("Galaxy", "Galaxy Telecom"), "Galaxy Telnet SRL": ("Telnet",)}),
        # The words announcing the list are no part of the first name (Scansource, Addendum).
        ('THIS ADDENDUM ("Addendum") is made on the 4th day of February 2019 ("Effective Date") between the '
         'following parties: Zebra Technologies International, LLC, with an office at 3 Overlook Point, '
         'Lincolnshire IL 60069 ("Zebra");\nXplore Technologies Corporation of America, a company incorporated and '
         'organized under the laws of Delaware, with offices at 8601 RR 2222, Bldg II, Austin, Texas 78730 '
         '("Xplore");',
         {"Zebra Technologies International, LLC": ("Zebra",),
          "Xplore Technologies Corporation of America": ("Xplore",)}),
        # The name starts the line of its definition, after a cover page (NETGEAR, Distributor Agreement).
        ("DISTRIBUTOR AGREEMENT BETWEEN INGRAM MICRO AND NETGEAR\nNETGEAR Agreement Number: N115   Effective Date: "
         "March 1, 1996   Term: 1 Year\nIngram Micro, a corporation organized under the laws of the State of "
         "California, having a place of business located at 1600 E. St. Andrew Place, Santa Ana, California, USA, "
         "(\"Distributor\") and NETGEAR, Inc. (\"NETGEAR\"), a wholly owned subsidiary of Bay Networks, Inc.",
         {"Ingram Micro": ("Distributor",), "NETGEAR, Inc.": ("NETGEAR",)}),
        # A jurisdiction and a legal form without an article (Apollo, Manufacturing and Supply Agreement).
        ('This Manufacturing and Supply Agreement (this "Agreement") is entered into as of the Effective Date (as '
         'defined below) by and between (1) Apollo Endosurgery, Delaware corporation having offices at 1120 S '
         'Capital of Texas Highway #300, Austin, TX 78746 ("APOLLO"), and (2) Establishment Labs, S.A a '
         'corporation organized under the laws of Costa Rica and having a principal place of business at Coyol '
         'Free Zone, B15, Alajuela, 20113, Costa Rica ("ESTABLISHMENT").',
         {"Apollo Endosurgery": ("APOLLO",), "Establishment Labs, S.A": ("ESTABLISHMENT",)}),
        # A line of a list of parties after the previous one's address (AmbassadorEyewear, Endorsement).
        ('This Endorsement Agreement ("Agreement") is made and entered into as of August 24, 1995, by and among the '
         'following parties:\n(b) The Sterling/Winters Co. ("SW"), 1900 Avenue of the Stars, Suite #1640, Los '
         'Angeles, California 90067; and\n(c) Diplomat Ambassador Eyewear Group ("Diplomat"), 1010 Arch Street, '
         '3rd Floor, Philadelphia, Pennsylvania 19107.\n1. Recitals.',
         {"The Sterling/Winters Co.": ("SW",), "Diplomat Ambassador Eyewear Group": ("Diplomat",)}),
    ],
)
def test_each_party_with_its_defined_names(text, expected):
    assert _named(text) == expected


def test_a_franchisor_called_we_is_known_by_its_role():
    # HospitalityInvestorsTrust, Franchise Agreement: "we", "us", "our" stay among its defined names.
    parties = _parties(
        'This Franchise Agreement between Homewood Suites Franchise LLC ("we," "us," "our" or "Franchisor") and the '
        'Franchisee ("you," "your" or "Franchisee") set forth in the Addendum attached to this Agreement, is dated '
        'as of the Effective Date.'
    )
    assert parties[0].name == "Homewood Suites Franchise LLC"
    assert parties[0].defined == "Franchisor"
    assert set(parties[0].also) == {"we", "us", "our"}


def test_a_second_parenthesis_adds_a_defined_name():
    # BiofronteraAG, Supply Agreement: '("Ferrer")("Supplier")'.
    parties = _parties(
        'This Supply Agreement is made by and between Cutanea Life Sciences, Inc., a Delaware corporation '
        '("CUTANEA"), and Ferrer Internacional, S.A., a Spanish corporation ("Ferrer")("Supplier"); (together '
        '"Parties").'
    )
    assert [(p.name, p.defined, p.also) for p in parties] == [
        ("Cutanea Life Sciences, Inc.", "CUTANEA", ()),
        ("Ferrer Internacional, S.A.", "Ferrer", ("Supplier",)),
    ]
    assert parties[1].side == "provider"


def test_a_list_item_of_a_clause_is_no_party():
    # EcoScienceSolutions: a clause's lettered item after the preamble defines a term, not a party.
    parties = _parties(
        'This Agreement is made between Eco Science Solutions, Inc. ("ESSI") and Stephen Marley ("Talent").\n'
        "3. Grant. ESSI shall have the right to use the name of Talent in the venue(s) as follows:\n"
        'A. Promotional Territories ("Territories") shall include various online, outdoor, radio and television '
        "promotional spots"
    )
    assert [p.name for p in parties] == ["Eco Science Solutions, Inc.", "Stephen Marley"]


def test_words_of_a_sentence_in_lower_case_are_no_defined_name():
    parties = _parties(
        'WHEREAS HEMISPHERX is a biopharmaceutical company with headquarters at One Penn Center ("HEMISPHERX") and '
        'Scientific Products Pharmaceutical Co. LTD is a pharmaceutical company (" SCIEN"), each a "Party".\n'
        'an agreement between Hemispherx Biopharma, Inc. under current ("current Good Manufacturing Practices")'
    )
    assert all(p.defined != "current Good Manufacturing Practices" for p in parties)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A role word defined without quotation marks, in capitals (MarshallHoldings, Endorsement).
        ('This ENDORSEMENT AGREEMENT (the "Agreement") is made this 1st day of November, 2003 by and between Bruce '
         'Jenner, Individual ("CELEBRITY"), with his offices located in California; and The Right Solution, a Nevada '
         "Corporation (the COMPANY), with its offices located at 3035 East Patrick Lane, Suite 14, Las Vegas, Nevada "
         "89120.", {"Bruce Jenner": ("CELEBRITY",), "The Right Solution": ("COMPANY",)}),
        # Initials without quotation marks (iCoreConnect, Strategic Alliance Agreement).
        ('THIS AGREEMENT is made this 15 th day of July, 2010 ("Effective Date") by and between IMedicor, Inc, a '
         "Nevada Corporation whose address is 523 Avalon Gardens Drive, Nanuet, New York 10954, USA (\"IMedicor\") and "
         "USA Managed Care Organization (USA MCO) A Texas Corporation whose address is 916 South Capital of Texas "
         "highway, Austin Texas.",
         {"IMedicor, Inc": ("IMedicor",), "USA Managed Care Organization": ("USA MCO",)}),
        # "The" in capitals before the quoted name; a person between two companies (Ashworth, Promotion).
        ('THIS AGREEMENT is entered into by and among ASHWORTH, INC. (The "Company" or "Ashworth"), JAMES W. NANTZ '
         'III ("Nantz") and NANTZ COMMUNICATIONS, INC. ("Nantz Communications"), effective as of June 1, 1998.',
         {"ASHWORTH, INC.": ("Company", "Ashworth"), "JAMES W. NANTZ III": ("Nantz",),
          "NANTZ COMMUNICATIONS, INC.": ("Nantz Communications",)}),
        # A name in lower case with its legal form in lower case (drkoop.com, Sponsorship Agreement).
        ('This Sponsorship Agreement (the "Agreement") is entered into as of the 11th day of March, 1999 by and '
         "between drkoop.com, inc., a Delaware corporation, located at 8920 Business Park Drive, Longhorn Suite, "
         'Austin, Texas 78759 ("drkoop.com"), and Vitamin Shoppe Industries, Inc., a New Jersey corporation, located '
         'at 4700 Westside Avenue, North Bergen, New Jersey 07047 ("Sponsor").',
         {"drkoop.com, inc": ("drkoop.com",), "Vitamin Shoppe Industries, Inc.": ("Sponsor",)}),
        # Names with their addresses ("of Boston House, ...", "of 90 High Street, ..."), and the person an
        # agent acts for (LegacyEducationAlliance, Talent Endorsement Agreement).
        ("THIS SUPPLEMENTAL AGREEMENT is made as of this _____ day of ______________ 2013 by and between Tigrent "
         "Learning UK Limited of Boston House, 69 — 75 Boston Manor Road, Brentford, Middlesex, TW8 9.1J "
         '("Company") and Celebrity Speakers of 90 High Street, Burnham, Buckinghamshire, SL1 7JT ("CSA") agent for '
         'Robbie Fowler ("Talent") in his individual capacity or his duly appointed Representative (collectively the '
         '"Parties").',
         {"Tigrent Learning UK Limited": ("Company",), "Celebrity Speakers": ("CSA",), "Robbie Fowler": ("Talent",)}),
        # "represented herein by its general partner" ends a name; "(hereinafter called ...)" is one
        # parenthesis (HealthCentral, Co-Branding Content Agreement).
        ("BETWEEN:\n          MEDIALINX INTERACTIVE, L.P.,           represented herein by its general partner        "
         "   MediaLinx Interactive Inc.           a corporation incorporated under the laws           of the Province "
         "of Ontario           20 Richmond Street East           Suite 600           Toronto, Ontario           M5C "
         '3B5\n          (hereinafter called "MLX", or "Party")\n               - and -\n          HEALTHCENTRAL.COM '
         "INC.           a corporation incorporated under the           laws of the state of California           "
         'Marketplace Tower           6001 Shellmound Street, Suite 800           Emeryville, CA. 94608\n          '
         '(hereinafter called "HCI" or "Party")\n          (both MLX and HCI to be collectively referred to as the '
         '"Parties")\nWHEREAS MLX owns',
         {"MEDIALINX INTERACTIVE, L.P.": ("MLX",), "HEALTHCENTRAL.COM INC.": ("HCI",)}),
        # The name after the last "between" of a cover page and the preamble (KentuckyUtilities).
        ("EXHIBIT 10.65   EXHIBIT II   NOVEMBER 1, 2002, RATE FT-A AGREEMENT   BETWEEN LG&E AND TENNESSEE GAS "
         "PIPELINE COMPANY\n  Service Package No: 40715 Amendment No:   GAS TRANSPORTATION AGREEMENT (For Use under "
         "FT-A Rate Schedule)   THIS AGREEMENT is made and entered into as of the 1st day of November, 2002, by and "
         'between TENNESSEE GAS PIPELINE COMPANY, a Delaware Corporation, hereinafter referred to as "Transporter" '
         'and LOUISVILLE GAS AND ELECTRIC COMPANY, a Kentucky Corporation, hereinafter referred to as "Shipper."',
         {"TENNESSEE GAS PIPELINE COMPANY": ("Transporter",), "LOUISVILLE GAS AND ELECTRIC COMPANY": ("Shipper",)}),
        # A person defined as "Individual" right after the first party's address (LifewayFoods).
        ('This Endorsement Agreement ("Agreement") is made this 14th day of March, 2016 ("Effective Date"), by and '
         'between Lifeway Foods, Inc. ("Lifeway") with a principal business address of 6431 West Oakton Street, '
         'Morton Grove, IL 60053 and Ludmila Smolyansky("Individual") on her own behalf with an address of 182 N. '
         "Harbor Drive, Chicago, IL 60602.",
         {"Lifeway Foods, Inc.": ("Lifeway",), "Ludmila Smolyansky": ("Individual",)}),
    ],
)
def test_names_as_drafted(text, expected):
    assert _named(text) == expected


def test_a_recital_of_another_agreement_names_no_party():
    # MercataInc, Sponsorship Agreement: "R E C I T A L S" spaced out; a recital's "between" is another
    # agreement's.
    parties = _parties(
        'This Sponsorship Agreement is entered into by and between FOOTBALL NORTHWEST LLC, a Washington limited '
        'liability company ("FNW"), and MERCATA, Inc., a Delaware corporation ("Sponsor").\n'
        "R E C I T A L S\n"
        "A.  Pursuant to that certain Consent to Assignment and Amendment of Use Agreement dated January 7, 1997, as "
        'amended, between King County, Washington ("King County") and FNW, FNW is granted the exclusive right'
    )
    assert [p.name for p in parties] == ["FOOTBALL NORTHWEST LLC", "MERCATA, Inc."]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Quotation marks lost by the conversion: "(the Company)" (WPP, Service Agreement).
        ("THIS AGREEMENT is made on 1 October 2019\nBETWEEN: (1) WPP 2005 LIMITED (registered number 01003653) whose "
         "registered office is at Sea Containers, 19 Upper Ground, London SE1 9GL (the Company) (2) JOHN ROGERS (the "
         "Executive).\nIT IS AGREED as follows: 1. INTERPRETATION 1.1 In this Agreement:",
         {"WPP 2005 LIMITED": ("Company",), "JOHN ROGERS": ("Executive",)}),
        # ... and "(Bioeq)", the first word of the name, or "(Licensee)", a role word (Coherus, License and
        # Development Agreement).
        ("This LICENSE AND DEVELOPMENT AGREEMENT (this Agreement) is entered into effective as of Nov. 02, 2019 (the "
         "Effective Date) by and between Bioeq IP AG, having its place of business at [***] (Bioeq) and Coherus "
         "BioSciences, Inc., having its principal place of business at 333 Twin Dolphin Drive, Suite 600, Redwood "
         "City, CA, 94065, USA (Licensee).",
         {"Bioeq IP AG": ("Bioeq",), "Coherus BioSciences, Inc.": ("Licensee",)}),
        # No "between": the first sentence names them all the same (AduroBiotech, Consulting Agreement).
        ("Exhibit 10.7\nCONSULTING AGREEMENT\nAduro Biotech, Inc., with a place of business at 740 Heinz Avenue, "
         'Berkeley, CA 94710 ("Aduro") and IREYA B.V having an address at Staalwijkstraat 16, 2313 XR Leiden, the '
         'Netherlands, represented by Andrea van Elsas, ("Consultant") agree to all terms and conditions of this '
         'Consulting Agreement ("Agreement") dated June 1, 2020.',
         {"Aduro Biotech, Inc.": ("Aduro",), "IREYA B.V": ("Consultant",)}),
        # "listed on Schedule A" ends a name (GWG Holdings, Orderly Marketing Agreement).
        ('This ORDERLY MARKETING AGREEMENT is entered into by and between GWG Holdings, Inc., a Delaware '
         'corporation ("GWG"), and the Trust Advisors to the Seller Trusts listed on Schedule A hereto ("Trust '
         'Advisors").',
         {"GWG Holdings, Inc.": ("GWG",), "Trust Advisors to the Seller Trusts": ("Trust Advisors",)}),
    ],
)
def test_names_without_quotation_marks_or_between(text, expected):
    assert _named(text) == expected


def test_a_sentence_before_a_definition_is_no_party():
    # BanuestraFinancial, Agency Agreement: no "between"; what the Company did is no party.
    parties = _parties(
        'El Banco Financial Corporation, a Georgia corporation (the "Company"), proposes, subject to the terms and '
        'conditions stated herein, to engage the sales agent identified on the signature page to this Agreement '
        '(the "Agent" or "you") to assist the Company.\n'
        "The Company has prepared and filed, in accordance with the provisions of the Securities Act of 1933 and the "
        'rules and regulations thereunder (collectively, the "1933 Act"), with the Securities and Exchange '
        'Commission (the "Commission") a registration statement.'
    )
    assert all("has prepared" not in p.name for p in parties)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Named on the signature page: the party as the preamble describes it (BiopureCorp, Agency
        # Agreement; BanuestraFinancial, "the sales agent identified on the signature page").
        ('This "Agency" Agreement is made as of March 29, 1999, by and between Biopure Corporation, a Delaware '
         'corporation (the "Company") and the Agent named on the signature page hereof (the "Agent").',
         {"Biopure Corporation": ("Company",), "Agent named on the signature page": ("Agent",)}),
        # ... and the first party without a definition of its own (PfHospitalityGroup, Franchise Agreement).
        ('This Franchise Agreement (the "Agreement") is entered into as of the Agreement Date shown on the cover '
         "page between Pizza Fusion Holding, Inc., a Florida corporation, and the individual or legal entity "
         'identified on the cover page ("Franchisee").',
         {"Pizza Fusion Holding, Inc.": ("Pizza Fusion Holding, Inc.",),
          "individual or legal entity identified on the cover page": ("Franchisee",)}),
        # A form's labelled line names the party the preamble calls "the Reseller named above"
        # (Salesforce, Sub-Reseller Agreement) ...
        ("Signature Page\nReseller Full Legal Name Salesforce.org, a nonprofit public benefit corporation having its "
         "principal place of business at 50 Fremont Street, Suite 300, San Francisco, California 94105\nThis Form of "
         'Sub-Reseller Agreement (this "Sub-Reseller Agreement") is made and entered in by and between '
         "salesforce.com, inc., a Delaware corporation having its principal place of business at The Landmark @ One "
         'Market, Suite 300, San Francisco, California 94105 ("SFDC" or "Salesforce") and the Reseller named above '
         "and amends that certain Reseller Agreement between Salesforce and Reseller dated as of August 1, 2015.",
         {"salesforce.com, inc": ("SFDC", "Salesforce"), "Salesforce.org": ("Reseller",)}),
        # ... or "the above-named Supplier" (Cardlytics, Software License Agreement).
        ("Effective Date:  11/4/10\nCompany Name:  Cardlytics, Inc.\nCompany Address:  621 North Avenue NE  Suite "
         'C-30  Atlanta, GA 30308\nThis SOFTWARE LICENSE, CUSTOMIZATION AND MAINTENANCE AGREEMENT ("Agreement") is '
         'entered into as of the Effective Date by and between Bank of America, N.A. ("Bank of America"), a national '
         "banking association, and the above-named Supplier, a corporation, and consists of this signature page.",
         {"Bank of America, N.A.": ("Bank of America",), "Cardlytics, Inc.": ("Supplier",)}),
    ],
)
def test_parties_named_elsewhere(text, expected):
    assert _named(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A parenthesis that defines nothing is part of an address (AnixaBiosciences, Collaboration Agreement).
        ('This Collaboration Agreement (the "Agreement") is made as of April 14th, 2020 (the "Effective Date") by and '
         "between Anixa Biosciences, Inc., a Delaware corporation, located at 3150 Almaden Expressway, Suite 250, San "
         'Jose, CA 95118, U.S.A. ("Anixa"), and OntoChem GmbH, a German limited liability company, located at '
         'Blücherstr. 24, D-06120 Halle (Saale), Germany ("OntoChem").',
         {"Anixa Biosciences, Inc.": ("Anixa",), "OntoChem GmbH": ("OntoChem",)}),
        # Two parties before one definition: the first described at length has none of its own
        # (iBio, Master Joint Development Agreement).
        ('This Master Joint Development Agreement ("Agreement") is between iBio Inc., a Public corporation, with a '
         "location at iBio Inc., 600 Madison Ave, Suite 01601 NY, NY 10022-1735 and Beijing CC-Pharming Ltd. of "
         'Beijing, China ("CC-Pharming"), a Chinese Corporation with a location at Shunyi District, Beijing, China, '
         '101312, each of the foregoing being individually referred to as a "Party".',
         {"iBio Inc.": ("iBio Inc.",), "Beijing CC-Pharming Ltd.": ("CC-Pharming",)}),
        # "a Delaware Corporation" after a definition is no name (ManakoaServices, Strategic Alliance).
        ('This Strategic Alliance Agreement is made and entered into this 14 day of June 2006, by and between UTEK '
         'Corporation ("UTEK"), a Delaware Corporation, 2109 Palm Avenue, Tampa, Florida 33605, and Manakoa Services '
         'Corporation ("MKOS"), a Nevada Corporation, 7203 W Deschutes Avenue, Suite B, Kennewick, Washington 99336.',
         {"UTEK Corporation": ("UTEK",), "Manakoa Services Corporation": ("MKOS",)}),
        # "and the American Diabetes Association, Inc." after the first party's address (FreezeTag).
        ('This Agreement ("Agreement") is made effective March 22, 2018, by and between Freeze Tag Inc., a Delaware '
         'Corporation ("Company"), with its principal place of business located at 1720 Bray Central Drive, '
         'McKinney, TX 75069 and the American Diabetes Association, Inc. ("Association"), an Ohio not-for profit '
         "corporation.",
         {"Freeze Tag Inc.": ("Company",), "American Diabetes Association, Inc.": ("Association",)}),
    ],
)
def test_where_one_party_ends_and_the_next_begins(text, expected):
    assert _named(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # No "between": the name its description follows (Ominto, Reseller Agreement).
        ('THIS AGREEMENT (the "AGREEMENT") entered into as of the 19 day of March, 2004 (the "EFFECTIVE DATE") '
         "provides the terms and conditions under which MediaNet Group Technologies, Inc., a Nevada corporation "
         'having an address at 5100 W. Copans Road Suite 710 Margate, FL 33063 USA ("MEDIANET GROUP TECHNOLOGIES"), '
         "authorizes International Direct Response, Inc., a Pennsylvania Corporation, having an address at 1125 "
         'Lancaster Avenue, Berwyn, PA 19312("RESELLER") to be its true and lawful representative',
         {"MediaNet Group Technologies, Inc.": ("MEDIANET GROUP TECHNOLOGIES",),
          "International Direct Response, Inc.": ("RESELLER",)}),
        # A name the party also goes by ("a/k/a") is one of its defined names; a name starting with a
        # number (SFGFinancial, Software License and Maintenance Agreement).
        ("by and between SFG Financial Corp, a/k/a E-Path FX, a Delaware Corporation whose principal address is 575 "
         'Madison Avenue, 8th Floor, New  York, NY 10022 ("Licensor"), and 551 FX IB Associates, LLC a Delaware '
         "Limited Liability Company, whose principal address is located at 575 Madison Avenue, 8th Floor, New York, "
         'NY 10022 ("Licensee").',
         {"SFG Financial Corp": ("Licensor", "E-Path FX"), "551 FX IB Associates, LLC": ("Licensee",)}),
        # A name starting with a number, in capitals (2TheMart, Co-Branding Agreement).
        ('by and between I-ESCROW, INC., with its principal place of business at 1730 S. Amphlett Blvd., Suite 233, '
         'San Mateo, California 94402 ("i-Escrow"), and 2THEMART.COM, INC. having its principal place of business at '
         '18301 Von Karman Avenue, 7th Floor, Irvine, California 92612 ("2TheMart").',
         {"I-ESCROW, INC.": ("i-Escrow",), "2THEMART.COM, INC.": ("2TheMart",)}),
    ],
)
def test_names_found_by_their_description_or_alias(text, expected):
    assert _named(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Words of the parenthesis and a comma before the quoted name (AlcoStores, Agency Agreement).
        ('THIS AGENCY AGREEMENT, dated November 9, 2005 ("Agreement"), between General Electric Capital Corporation, '
         'a Delaware corporation (together with its successors and assigns, if any, "Lessor"), and Duckwall-Alco '
         'Stores, Inc., a Kansas corporation (the "Company").',
         {"General Electric Capital Corporation": ("Lessor",), "Duckwall-Alco Stores, Inc.": ("Company",)}),
        # "the Affiliate Office" after the name; "AFFILIATE" as a party's defined name (Usio, Affiliate
        # Office Agreement).
        ('THIS  AGREEMENT  is  entered  into  by  and  between  NETWORK  1 FINANCIAL, INC. ("NETWORK  1"),  a  '
         "Virginia Corporation with its principal place of business at 1501  Farm  Credit  Drive,  Suite 1500, "
         "McLean, Virginia 22102-5004, and Payment Data  Systems,  Inc.,  the  Affiliate Office (\"AFFILIATE\"), a "
         "Nevada Corporation",
         {"NETWORK 1 FINANCIAL, INC.": ("NETWORK 1",), "Payment Data Systems, Inc.": ("AFFILIATE",)}),
        # A second party whose name starts with a number, after the first one's address (Diversinet, dev).
        ('This agreement ("Agreement") dated as of January 11, 2011 ("Effective Date") is between Diversinet Corp. '
         '("Diversinet"), an Ontario corporation  with its principal place of business located at 2235 Sheppard '
         "Avenue East, Suite 1700, Toronto, Ontario, Canada M2J 5B5, and 2205925 Ontario  Limited, with its "
         'principal place of business located at 111 Main Street West, Suite 304, North Bay, Ontario (the '
         '"Reseller").',
         {"Diversinet Corp.": ("Diversinet",), "2205925 Ontario Limited": ("Reseller",)}),
        # A name in capitals opening an item of the list, described at length (XinhuaSports, Content
        # License Agreement).
        ("BETWEEN\n(1)  CHINA ECONOMIC INFORMATION SERVICE OF XINHUA NEWS AGENCY, the organisation      within the "
         "Xinhua News Agency that is responsible for news and information      operations and business, registered "
         "in the People's Republic of China with      offices at 57 Xuanwumen Xidajie, Beijing, the People's Republic "
         'of China (      "CEIS"); and\n(2)  XINHUA FINANCIAL NETWORK LIMITED, a company incorporated in Hong Kong '
         "whose      registered office is at Room 2003-4, Vicwood Plaza, 199 Des Voeux Road      Central, Hong Kong "
         '("XFN"),\n     (collectively referred to as "PARTIES"; individually, a "PARTY").',
         {"CHINA ECONOMIC INFORMATION SERVICE OF XINHUA NEWS AGENCY": ("CEIS",),
          "XINHUA FINANCIAL NETWORK LIMITED": ("XFN",)}),
        # A role word in quotation marks without a parenthesis, after the address (NlsPharmaceutics,
        # License and Development Agreement).
        ('License and Development Agreement "Agreement" between NLS-1 Pharma AG Alter Postplatz 2 6370 Stans '
         'Switzerland "Licensor" / "NLS" and Eurofarma Laboratórios S.A. Avenida Vereador José Diniz 3465 04603-003 '
         'São Paulo Brazil "Licensee" / "Eurofarma" (Licensor and Licensee each a "Party" collectively the '
         '"Parties")',
         {"NLS-1 Pharma AG": ("Licensor", "NLS"), "Eurofarma Laboratórios S.A.": ("Licensee", "Eurofarma")}),
    ],
)
def test_more_ways_of_defining_a_party(text, expected):
    assert _named(text) == expected


def test_a_heading_or_a_statute_is_no_party():
    # IntegrityFunds, Underwriting Contract: a section heading before a defined document, a statute.
    parties = _parties(
        'This Agreement is made between The Integrity Funds (the "Fund") and Integrity Funds Distributor, LLC '
        '("Integrity").\n'
        "SECTION 1. SERVICES AS UNDERWRITER Section 1.1 Integrity will act as principal underwriter for the "
        'distribution of the Shares covered by the registration statement of the Fund (the "Registration '
        'Statement") under the Securities Act of 1933, as amended (the "1933 Act"), and the Investment Company Act '
        'of 1940, as amended (the "1940 Act").'
    )
    assert all("SECTION" not in p.name and not p.name.endswith("Act") for p in parties)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        # A city described as one (StwResources, Cooperation Agreement).
        ('This AGREEMENT regarding development of water well(s) in the Capitan Reef Aquifer Formation (the '
         '"AGREEMENT") is entered into by the City of Fort Stockton, Texas, a Texas Type A-General Law city ("COFS") '
         'and STW Resources Holding Corp., a Nevada corporation ("STW"), effective as of the last date of signature.',
         ["City of Fort Stockton, Texas", "STW Resources Holding Corp."]),
        # A cover page's list of names in capitals, without legal forms (ImagewareSystems, Maintenance
        # Agreement; KiromicBiopharma, Joint Venture Agreement).
        ("MAINTENANCE AGREEMENT\n        BETWEEN\n        XIMAGE\n          AND\nSAGEM S.A., DEPARTEMENT MORPHO "
         "SYSTEMES\n                                          Page 1",
         ["XIMAGE", "SAGEM S.A., DEPARTEMENT MORPHO SYSTEMES"]),
        ("JOINT VENTURE AGREEMENT\nBETWEEN\nKIROMIC BIOPHARMA Inc., a Delaware Company, Fannin South Professional "
         "Building, 7707, Fannin St. Suite 140, Houston TX 77054 USA, in person of the Legal Representative of the "
         "Chief Executive Officer dr. Prof. Maurizio Chiriva Internati, PhD\nAND\nMOLIPHARMA S.R.L. an Italian "
         "Company stated in Campobasso",
         ["KIROMIC BIOPHARMA Inc.", "MOLIPHARMA S.R.L."]),
        # Two names joined by "and", without definitions (LinkPlus, Affiliate Agreement; Galacticomm,
        # Web Hosting Agreement).
        ("AFFILIATE AGREEMENT\nThis Agreement entered into as of the Effective Date by and between Link Plus "
         "Corporation and Axiometric, LLC.\nRECITALS\nWHEREAS, Axiometric has developed certain computer software",
         ["Link Plus Corporation", "Axiometric, LLC"]),
        ("WEB HOSTING AGREEMENT\nThis agreement shall void and nullify any and all previous agreements to this date "
         "between Galacticomm and Horst Entertainment Inc.\nThere shall be no additional fees of any kind.",
         ["Galacticomm", "Horst Entertainment Inc."]),
    ],
)
def test_parties_without_a_usual_definition(text, names):
    assert [p.name for p in _parties(text)] == names


def test_a_person_for_whose_services_and_a_group_name_after_the_parties():
    # MusclepharmCorp, Endorsement Licensing and Co-Branding Agreement: "for services of" a person; what
    # three parties are called together is none's defined name.
    named = _named(
        'This ENDORSEMENT LICENSING AND CO-BRANDING AGREEMENT is entered into on July 26, 2013 (the "Effective '
        'Date") by and between Marine MP, LLC ("Lender"), for services of Arnold Schwarzenegger ("Endorser"), and '
        'Fitness Publications, Inc. ("Fitness") (collectively, Lender, Endorser, and Fitness are referred to as the '
        '"AS Parties") and MusclePharm Corporation with its principal place of business in Denver, Colorado and its '
        'subsidiaries, (collectively, "MusclePharm" or the "Company").   RECITALS'
    )
    assert named == {
        "Marine MP, LLC": ("Lender",),
        "Arnold Schwarzenegger": ("Endorser",),
        "Fitness Publications, Inc.": ("Fitness",),
        "MusclePharm Corporation": ("MusclePharm", "Company"),
    }


def test_a_title_before_the_first_name_is_no_part_of_it():
    # RareElementResources, Intellectual Property Rights Agreement: no "between"; the title runs into the name.
    named = _named(
        "Exhibit 4\nRare Element Resources Ltd.  EXECUTION COPY   IP Rights Agreement\nINTELLECTUAL PROPERTY RIGHTS "
        "AGREEMENT   Synchron, a California corporation having a principal place of business at 3550 General "
        'Atomics Court, San Diego, CA 92121-1122 (or one or more Affiliates, the "Investor"), and Rare Element '
        "Resources Ltd., a British Columbia Corporation having a principal place of business at P.O. Box 271049, "
        'Littleton, Colorado 80127 (the "Company") (Investor and Company each a "Party" and together the "Parties"), '
        "agree as follows:"
    )
    assert named == {"Synchron": ("Investor",), "Rare Element Resources Ltd.": ("Company",)}


def test_a_name_the_party_also_goes_by_after_its_description():
    # BeyondComCorp (dev), Co-Hosting Agreement.
    named = _named(
        "by and between Network Associates, Inc., with its principal place of business at 3965 Freedom Circle, Santa "
        'Clara, California 95054 ("NAI"), and SOFTWARE.NET CORPORATION, a Delaware corporation, a.k.a. Beyond.com, '
        'with its principal place of business at 1195 West Fremont Avenue, Sunnyvale, California 94087 ("Co-Host").'
    )
    assert named["SOFTWARE.NET CORPORATION"] == ("Co-Host", "Beyond.com")


def test_the_role_words_of_a_form_joined_by_and_are_no_names():
    # Common Paper's Independent Contractor Agreement: "between Company and Contractor" names no party,
    # so the review asks which side is ours rather than guessing from role words.
    assert _parties("This Agreement is between Company and Contractor.\nCompany may terminate this Agreement.") == ()


def test_and_with_a_comma_before_the_second_party():
    # VirtuosoSurgical, Non-Exclusive License Agreement: "... Maryland 21218- 2695 and, Virtuoso Surgical, Inc.".
    named = _named(
        'This Non-Exclusive License Agreement (hereinafter "Agreement") is entered into by and between The Johns '
        'Hopkins University (hereinafter "JHU"), a corporation of the State of Maryland, having a principal place of '
        "business 3400 N. Charles Street, Baltimore, Maryland 21218- 2695 and, Virtuoso Surgical, Inc. (hereinafter "
        '"Company"), a Tennessee corporation having an address at 5701 Old Harding Pike; Suite 200; Nashville, TN '
        "37205."
    )
    assert named == {"The Johns Hopkins University": ("JHU",), "Virtuoso Surgical, Inc.": ("Company",)}
