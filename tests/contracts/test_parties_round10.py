"""Round 10 of the parties (contracts/parties.py): each class shown on a seen cuad-train contract's own
preamble, as written or drafted in one of bench/bench_party_styles.py's styles."""

from contracts.parties import Party, find_parties
from documents.docx.model import Paragraph


def _parties(text: str) -> tuple[Party, ...]:
    """One paragraph per line, as a converted upload gives them."""
    return find_parties(tuple(Paragraph(locator=f"p{i}", text=line) for i, line in enumerate(text.split("\n"))), {})


def _names(text: str) -> list[str]:
    return [p.name for p in _parties(text)]


def test_a_person_named_without_a_definition_ends_where_she_resides() -> None:
    # Prudential Bancorp, Split-Dollar Endorsement Agreement, its last party's definition left out: the
    # employee's name ends at ", residing at", so his address is no part of it and he is a party.
    text = (
        "Exhibit 10.4 Split-Dollar Endorsement Agreement\n\nTHIS AGREEMENT is made and entered into this 1st day "
        'of June, 2017 by and between Prudential Bank (hereinafter referred to as the "Employer"), located in '
        "Philadelphia, Pennsylvania and Jeffrey Hanuscin, residing at 2406 Sanibel Circle, Palmyra, NJ 08065.\n\n"
        "WHEREAS, the Employee has performed his duties in an efficient and capable manner; and"
    )
    assert _names(text) == ["Prudential Bank", "Jeffrey Hanuscin"]


def test_a_legal_form_in_lower_case_makes_a_party() -> None:
    # BorrowMoney.com, Joint Venture Agreement, as written: "inc" in lower case, then its address; the
    # one definition after both names is the second's.
    text = (
        "Exhibit 10.1\n\nJOINT VENTURE AGREEMENT THIS JOINT VENTURE AGREEMENT (the \"Agreement\") made and entered "
        "into this 20th day of Friday, March 2020 (the \"Execution Date\"), BETWEEN: BorrowMoney.com, inc of 512 "
        "Bayshore DR, suite 201 Fort Lauderdale FL 33304, and JVLS, LLC dba Vaccines 2Go of 4060 Johns Creek "
        "Parkway Suite H Suwanee, GA 30024 (individually the \"Member\" and collectively the \"Members\"). "
        "BACKGROUND: A. The Members wish to enter into an association of mutual benefit and agree to jointly "
        "invest and set up a joint venture enterprise."
    )
    assert _names(text) == ["BorrowMoney.com, inc", "JVLS, LLC"]
    # drkoop.com, Sponsorship Agreement, without its definitions: "inc." in lower case ends the first name.
    text = (
        "EXHIBIT 10.28\n\n                              SPONSORSHIP AGREEMENT\n\n         This Sponsorship Agreement "
        "is entered into as of the 11th day of March, 1999 by and between drkoop.com, inc., a Delaware "
        "corporation, located at 8920 Business Park Drive, Longhorn Suite, Austin, Texas 78759, and Vitamin Shoppe "
        "Industries, Inc., a New Jersey corporation, located at 4700 Westside Avenue, North Bergen, New Jersey "
        "07047.\n\n         WHEREAS, drkoop.com develops, markets and maintains an integrated suite of Internet "
        "enabled, consumer oriented software applications and services."
    )
    assert _names(text) == ["drkoop.com, inc", "Vitamin Shoppe Industries, Inc."]


def test_a_preamble_in_capitals_on_a_line_whose_body_is_not() -> None:
    # HF Enterprises / Document Security Systems, Outsource Technology Development Agreement, its title and
    # preamble typed in capitals and its recitals not, on one line (as a whole contract extracted onto one
    # line gives it): "AND" of "ORGANIZED AND EXISTING" joins no parties, the names end at their descriptions.
    preamble = (
        'Exhibit 10.22   OUTSOURCE TECHNOLOGY DEVELOPMENT AGREEMENT   This Outsource Technology Development '
        'Agreement (this "Agreement") is entered into and effective as of this 1s t day of March, 2018 (the '
        '"Effective Date") by and between Document Security Systems, Inc., a corporation organized and existing '
        'under the laws of the State of New York ("DSS"), and HotApp International Ltd., a corporation organized '
        'and existing under the laws of Hong Kong ("Developer").   '
    )
    recitals = (
        "RECITALS:   WHEREAS, DSS is engaged in the business of, among other things, developing and licensing "
        "anti-counterfeiting technology, processes and products providing protection against a wide range of "
        "threats, including product diversion"
    )
    parties = _parties(preamble.upper() + recitals)
    assert [(p.name, p.defined) for p in parties] == [
        ("DOCUMENT SECURITY SYSTEMS, INC.", "DSS"),
        ("HOTAPP INTERNATIONAL LTD.", "DEVELOPER"),
    ]


def test_a_wrapped_line_ending_in_an_abbreviation_goes_on() -> None:
    # Leju Holdings, Mutual Termination Agreement, wrapped at 70 characters a line (a plain-text filing's
    # extraction): "Shanghai SINA Leju Information Technology Co." ends a line, "Ltd." opens the next; the
    # full stop of "Co." ends no sentence, so the name runs on.
    import textwrap

    paragraph = (
        'EXHIBIT B   MUTUAL TERMINATION AGREEMENT   THIS MUTUAL TERMINATION AGREEMENT ("Termination Agreement") '
        "is made and entered into this day of , 2009, by and between Beijing SINA Internet Information Service "
        'Co. ("Beijing SINA") and Shanghai SINA Leju Information Technology Co. Ltd. ("SINA Leju").   '
        "WITNESSETH:   WHEREAS, Beijing SINA and SINA Leju entered into that certain Domain Name License "
        'Agreement dated May 8, 2008 (the "Original Agreement"); and   WHEREAS, Beijing SINA and SINA Leju '
        "desire to mutually terminate the Original Agreement effective as of the date of this Termination "
        "Agreement.   NOW, THEREFORE, in consideration of the mutual covenants and conditions contained herein, "
        "and other good and valuable consideration, receipt of which is hereby acknowledged by each of the "
        "parties hereto, the parties agree as follows:   1. Beijing SINA and SINA Leju agree that, upon the "
        "date of execution of this Termination Agreement, the Agreement shall terminate and be of no further "
        "force or effect, and, for the avoidance of doubt, no provisions of the Original Agreement survive such "
        "termination."
    )
    text = textwrap.fill(paragraph, 70)
    assert "Technology Co.\nLtd." in text
    assert [(p.name, p.defined) for p in _parties(text)] == [
        ("Beijing SINA Internet Information Service Co.", "Beijing SINA"),
        ("Shanghai SINA Leju Information Technology Co. Ltd.", "SINA Leju"),
    ]


def test_the_agreements_definition_without_quotation_marks_ends_the_words_before_a_name() -> None:
    # Inktomi / Microsoft, Software Hosting Agreement, its quotation marks lost (a conversion): the preamble
    # has no "between", so the words before INKTOMI CORPORATION run back to the document's own sentence;
    # "(the Agreement)" and "(the Effective Date)" still end them.
    text = (
        "EXHIBIT 10.14\n\n                          SOFTWARE HOSTING AGREEMENT                                          "
        '  This Software Hosting Agreement (the "Agreement") is entered into and effective as of the later of the '
        'two signature dates below (the "Effective Date") INKTOMI CORPORATION ("Inktomi"), a California '
        "corporation, 1900 South Norfolk Street, Suite 110, San Mateo, California 94403, and MICROSOFT "
        'CORPORATION ("Microsoft"), a Washington Corporation, One Microsoft Way, Redmond, Washington 98052-6399, '
        "with reference to the facts set forth in the Recitals below.\n\n                                   "
        "Recitals\n\n     A.   Inktomi develops and markets computer software products, including without "
        'limitation a "search engine" software for searching and indexing information accessible through the '
        "Internet."
    )
    assert _names(text) == ["INKTOMI CORPORATION", "MICROSOFT CORPORATION"]  # as written
    assert _names(text.replace('"', "")) == ["INKTOMI CORPORATION", "MICROSOFT CORPORATION"]


def test_a_definition_without_quotation_marks_gives_both_names_of_an_or() -> None:
    # Ashworth / Nantz, Promotion Agreement, its quotation marks lost (a conversion): "(The Company or
    # Ashworth)" is the first party's definition, both names its own, and the name before "(Nantz)" is
    # the second party's, not the first's.
    text = (
        "EXHIBIT 10(d)\n\nPROMOTION AGREEMENT                        ASHWORTH, INC., JAMES W. NANTZ III              "
        "            AND NANTZ COMMUNICATIONS, INC.                                               THIS AGREEMENT is "
        'entered into by and among ASHWORTH, INC. (The "Company" or "Ashworth"), JAMES W. NANTZ III ("Nantz") and '
        'NANTZ COMMUNICATIONS, INC. ("Nantz Communications"), effective as of June 1, 1998.\n\nWHEREAS, the Company '
        "desires to retain Nantz Communications and Nantz to provide certain promotional and other services and "
        "Nantz Communications and Nantz are willing to provide such services on the terms and conditions set "
        "forth herein; and"
    ).replace('"', "")
    assert [(p.name, p.defined, p.also) for p in _parties(text)] == [
        ("ASHWORTH, INC.", "Company", ("Ashworth",)),
        ("JAMES W. NANTZ III", "Nantz", ()),
        ("NANTZ COMMUNICATIONS, INC.", "Nantz Communications", ()),
    ]
