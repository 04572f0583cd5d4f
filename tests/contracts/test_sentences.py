"""The legal sentence splitter on real phrasings (CUAD, Common Paper, Bonterms)."""

from __future__ import annotations

import itertools

import pytest

from contracts.sentences import MAX_SENTENCE, sentences, split_sentences

CASES: list[tuple[str, list[str]]] = [
    # Abbreviations that do not end sentences.
    ("Made in the U.S. by Acme. It ships.", ["Made in the U.S. by Acme.", "It ships."]),
    (
        'Acme, Inc. ("Acme") and Beta Ltd. agree. The term starts now.',
        ['Acme, Inc. ("Acme") and Beta Ltd. agree.', "The term starts now."],
    ),
    (
        "Payments, e.g. fees, are due. Taxes, i.e. VAT, are extra.",
        ["Payments, e.g. fees, are due.", "Taxes, i.e. VAT, are extra."],
    ),
    ("See Sec. 5 for details. Then stop.", ["See Sec. 5 for details.", "Then stop."]),
    ("Patent No. 5,123,456 is licensed. Royalties apply.", ["Patent No. 5,123,456 is licensed.", "Royalties apply."]),
    ("Smith vs. Jones decided it. It binds.", ["Smith vs. Jones decided it.", "It binds."]),
    (
        "Mr. Smith and Dr. Jones met at St. Louis. They signed.",
        ["Mr. Smith and Dr. Jones met at St. Louis.", "They signed."],
    ),
    ("Approx. 500 units ship monthly. Prices vary.", ["Approx. 500 units ship monthly.", "Prices vary."]),
    ("Under art. 6 and para. 2 of the Act. Done.", ["Under art. 6 and para. 2 of the Act.", "Done."]),
    ("Pencils, pens, etc. are supplies. Paper too.", ["Pencils, pens, etc. are supplies.", "Paper too."]),
    ("Acme Co. and Beta Corp. merged. The deal closed.", ["Acme Co. and Beta Corp. merged.", "The deal closed."]),
    # Clause numbers.
    (
        "1.1. Client requires services. 1.2. This Agreement governs.",
        ["1.1. Client requires services.", "1.2. This Agreement governs."],
    ),
    ("1. Definitions. Terms have these meanings.", ["1. Definitions.", "Terms have these meanings."]),
    (
        "As set out in Section 5.1(b) hereof, fees are due. Taxes are extra.",
        ["As set out in Section 5.1(b) hereof, fees are due.", "Taxes are extra."],
    ),
    (
        "The terms of this Section 5.2. MediWound may increase the price.",
        ["The terms of this Section 5.2.", "MediWound may increase the price."],
    ),
    ("Subject to 1.1.1. The Supplier shall deliver.", ["Subject to 1.1.1. The Supplier shall deliver."]),
    (
        "(a) The Supplier shall deliver. (b) The Customer shall pay.",
        ["(a) The Supplier shall deliver.", "(b) The Customer shall pay."],
    ),
    # Initials, exhibits.
    ("Signed by J. R. Smith for Acme. Witnessed.", ["Signed by J. R. Smith for Acme.", "Witnessed."]),
    ("The fees are in Exhibit A. The Customer pays them.", ["The fees are in Exhibit A.", "The Customer pays them."]),
    # Decimals and amounts.
    ("The cap is $2.5 million. It applies yearly.", ["The cap is $2.5 million.", "It applies yearly."]),
    (
        "Interest accrues at 1.5% per month. It is simple interest.",
        ["Interest accrues at 1.5% per month.", "It is simple interest."],
    ),
    (
        "Version 3.0 to 4.0 upgrades are free. Others are not.",
        ["Version 3.0 to 4.0 upgrades are free.", "Others are not."],
    ),
    # Quotes and brackets after periods, ? and !
    ('He wrote "all sales are final." The buyer agreed.', ['He wrote "all sales are final."', "The buyer agreed."]),
    ("The term is one year (renewable.) Fees are fixed.", ["The term is one year (renewable.)", "Fees are fixed."]),
    (
        "\u201cAgreement\u201d means this contract.\u201d Next sentence.",
        ["\u201cAgreement\u201d means this contract.\u201d", "Next sentence."],
    ),
    ("Is it binding? Yes! It is.", ["Is it binding?", "Yes!", "It is."]),
    # Ellipses.
    (
        "The parties agree as follows... The rest is omitted.",
        ["The parties agree as follows...", "The rest is omitted."],
    ),
    ("Services include hosting \u2026 and support.", ["Services include hosting \u2026 and support."]),
    # Lower case after a period continues the sentence.
    (
        "Payment is due on receipt. of goods only if accepted.",
        ["Payment is due on receipt. of goods only if accepted."],
    ),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_split(text: str, expected: list[str]) -> None:
    assert sentences(text) == expected


def test_spans_point_into_the_text_without_white_space() -> None:
    text = "  First one.   Second one.  "
    spans = split_sentences(text)
    assert [text[s:e] for s, e in spans] == ["First one.", "Second one."]
    assert all(not text[s].isspace() and not text[e - 1].isspace() for s, e in spans)


def test_pdf_hard_line_breaks_mid_sentence_are_joined() -> None:
    text = "This Agreement shall be governed by\nthe laws of the State of New York. Venue is\nManhattan."
    assert sentences(text) == [
        "This Agreement shall be governed by\nthe laws of the State of New York.",
        "Venue is\nManhattan.",
    ]


def test_all_caps_heading_line_is_its_own_sentence() -> None:
    text = "ARTICLE 5 PRICE AND PAYMENT TERMS\nThe price shall be\nfixed for the term."
    assert sentences(text) == ["ARTICLE 5 PRICE AND PAYMENT TERMS", "The price shall be\nfixed for the term."]


def test_blank_line_always_separates() -> None:
    assert sentences("Governing Law\n\nThis Agreement is governed by Ohio law") == [
        "Governing Law",
        "This Agreement is governed by Ohio law",
    ]


def test_numbered_clause_on_next_line_starts_a_sentence() -> None:
    text = "the Supplier shall deliver the goods\n7.2 The Customer shall pay within 30 days"
    assert sentences(text) == ["the Supplier shall deliver the goods", "7.2 The Customer shall pay within 30 days"]


def test_page_long_run_on_is_split_at_semicolons_and_bounded() -> None:
    clause = "the Supplier shall maintain records of every shipment and every invoice for audit purposes"
    text = "; ".join([clause] * 40) + "."
    spans = split_sentences(text)
    assert len(spans) > 1
    assert all(e - s <= MAX_SENTENCE for s, e in spans)
    # Nothing is lost: the pieces cover the text in order.
    assert text[spans[0][0] : spans[-1][1]] == text.strip()
    assert all(a[1] <= b[0] for a, b in itertools.pairwise(spans))


def test_text_without_any_punctuation_still_bounded() -> None:
    text = " ".join(["word"] * 2000)
    assert all(e - s <= MAX_SENTENCE for s, e in split_sentences(text))


def test_empty_and_blank_paragraphs() -> None:
    assert split_sentences("") == ()
    assert split_sentences("   \n  ") == ()


def test_cuad_run_together_sections() -> None:
    text = (
        'as "Client"). 1.0 Services 1.1. Client requires CRO to carry out Clinical Research Services in '
        'South Africa ("Services"). CRO will carry out the tasks agreed.'
    )
    assert sentences(text) == [
        'as "Client").',
        '1.0 Services 1.1. Client requires CRO to carry out Clinical Research Services in South Africa ("Services").',
        "CRO will carry out the tasks agreed.",
    ]
