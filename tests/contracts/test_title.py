"""The contract's own title (contracts/title.py)."""

import dataclasses

import pytest

from contracts.title import document_title, heading_title
from documents.docx.model import Paragraph, TextModel


def _model(*texts: str) -> TextModel:
    return TextModel(paragraphs=tuple(Paragraph(locator=f"p{i}", text=t) for i, t in enumerate(texts)))


@pytest.mark.parametrize(
    ("texts", "title"),
    [
        (
            ('Exhibit 10.1 JOINT VENTURE AGREEMENT THIS JOINT VENTURE AGREEMENT (the "Agreement") made and entered',),
            "JOINT VENTURE AGREEMENT",
        ),
        (
            ("EXHIBIT 10.3", "Source: ACME CORP, 8-K, 1/2/2019", "Execution Copy", "MARKETING AGREEMENT", "This ..."),
            "MARKETING AGREEMENT",
        ),
        (("MASTER LICENCE AGREEMENT",), "MASTER LICENCE AGREEMENT"),
        (
            ("Co-Branding and Advertising Agreement", "This Agreement is made between A and B."),
            "Co-Branding and Advertising Agreement",
        ),
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


# --- a vendor's online terms, titled by the heading they set ----------------------------------------


@pytest.mark.parametrize(
    ("parts", "title"),
    [
        (("basecamp", "basecamp_sla.md"), "Basecamp Big SLA"),
        (("basecamp", "basecamp_terms_of_service.md"), "Terms of Service"),
        # "Summary" (a table of the sections) comes first; the title is "The GitHub Terms of Service".
        (("github_site_policy", "github_terms_of_service.md"), "GitHub Terms of Service"),
        # after a "[!NOTE]" quotation that the terms are deprecated
        (("github_site_policy", "github_corporate_terms_of_service.md"), "GitHub Corporate Terms of Service"),
        # read whole: not "GitHub Pre-release License"
        (("github_site_policy", "github_pre_release_license_terms.md"), "GitHub Pre-release License Terms"),
    ],
)
def test_a_vendors_terms_are_titled_by_the_heading_they_set(parts, title):
    from tests.markdown_forms import form

    assert document_title(form(*parts)) == title


def test_a_question_a_clause_heading_or_a_line_of_text_is_no_title():
    from tests.markdown_forms import form

    # Without their title headings: the SLA's questions ("What happens if it's below 99.99%?"), the
    # pre-release terms' first clause ("1. Pre-Release Software.") are no title.
    sla = form("basecamp", "basecamp_sla.md")
    assert document_title(dataclasses.replace(sla, paragraphs=sla.paragraphs[1:])) == ""
    terms = form("github_site_policy", "github_pre_release_license_terms.md")
    assert document_title(dataclasses.replace(terms, paragraphs=terms.paragraphs[1:])) == ""
    # The terms' own title heading is taken whole, not a line of their text ("You can track all changes
    # made since mid-2018 on GitHub.", which the clause model reads as the document's name).
    tos = form("basecamp", "basecamp_terms_of_service.md")
    assert heading_title(tos) == "Terms of Service"
