"""The contract's own title (contracts/title.py)."""

import pytest

from contracts.title import document_title
from documents.docx.model import Paragraph, TextModel


def _model(*texts: str) -> TextModel:
    return TextModel(paragraphs=tuple(Paragraph(locator=f"p{i}", text=t) for i, t in enumerate(texts)))


@pytest.mark.parametrize(
    ("texts", "title"),
    [
        (("Exhibit 10.1 JOINT VENTURE AGREEMENT THIS JOINT VENTURE AGREEMENT (the \"Agreement\") made and entered",),
         "JOINT VENTURE AGREEMENT"),
        (("EXHIBIT 10.3", "Source: ACME CORP, 8-K, 1/2/2019", "Execution Copy", "MARKETING AGREEMENT", "This ..."),
         "MARKETING AGREEMENT"),
        (("MASTER LICENCE AGREEMENT",), "MASTER LICENCE AGREEMENT"),
        (("Co-Branding and Advertising Agreement", "This Agreement is made between A and B."),
         "Co-Branding and Advertising Agreement"),
        (("Ladies and Gentlemen:", "We write to confirm our terms."), ""),
    ],
)
def test_the_title_is_the_first_line_naming_the_kind_of_agreement(texts, title):
    assert document_title(_model(*texts)) == title


def _seen_title(prefix: str) -> str:
    from tests.contracts.test_dates import seen

    return document_title(_model(*seen(prefix).splitlines()))


@pytest.mark.parametrize(
    ("prefix", "title"),
    [
        # Lines set apart by runs of spaces: "... Preferred Stock   AGENCY AGREEMENT   May 25, 2016".
        ("BLUEROCKRESIDENTIALGROWTHREIT,INC_06_01_2016", "AGENCY AGREEMENT"),
        # A legend's last words and "EXECUTION VERSION" before the title: "... IF PUBLICLY DISCLOSED.
        # EXECUTION VERSION STRATEGIC ALLIANCE AGREEMENT".
        ("ROCKYMOUNTAINCHOCOLATEFACTORY,INC_12_23_2019", "STRATEGIC ALLIANCE AGREEMENT"),
        # "CONFIDENTIAL TREATMENT HAS BEEN REQUESTED FOR CERTAIN REDACTED PROVISIONS OF THIS AGREEMENT"
        # is a legend; the title follows.
        ("TICKETSCOMINC_06_22_1999", "SPONSORSHIP AGREEMENT"),
    ],
)
def test_the_title_on_real_filings(prefix, title):
    assert _seen_title(prefix) == title
