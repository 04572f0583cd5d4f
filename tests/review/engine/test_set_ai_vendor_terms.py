"""Classes read in round 20 on vendors' standard online terms (GitHub's and Basecamp's terms of
service, SLA and pre-release terms, read as the .docx a saved web page gives: tests/forms_markdown.py).
A blind read found none of fourteen edits sendable:

- the title: the clause model read the document's name from a question heading, a change-log line or
  a clause heading ("General."), so the SaaS playbook fitted none of them;
"""

from __future__ import annotations

from tests.forms_markdown import form
from tests.review.engine.test_sendable_on_real_contracts import _bench

SLA = ("basecamp", "basecamp_sla.md")
BASECAMP_TERMS = ("basecamp", "basecamp_terms_of_service.md")
GITHUB_TERMS = ("github_site_policy", "github_terms_of_service.md")
CORPORATE_TERMS = ("github_site_policy", "github_corporate_terms_of_service.md")
PRE_RELEASE = ("github_site_policy", "github_pre_release_license_terms.md")


def test_a_vendors_terms_of_service_are_titled_whole_and_fit_the_saas_playbook() -> None:
    for parts, title in (
        (BASECAMP_TERMS, "Terms of Service"),
        (GITHUB_TERMS, "GitHub Terms of Service"),
        (CORPORATE_TERMS, "GitHub Corporate Terms of Service"),
    ):
        found, fitting = _bench().fits(form(*parts))
        assert found == title
        assert fitting == ["saas-customer", "cuad-coverage"], parts
    # An SLA is titled by its heading, not by its questions; it names no software or service kind.
    assert _bench().fits(form(*SLA)) == ("Basecamp Big SLA", ["cuad-coverage"])


def test_a_line_of_text_the_clause_model_reads_as_the_name_is_no_title() -> None:
    # Without heading styles (the terms pasted as plain paragraphs), the clause model's "Document
    # Name" passage is "You can track all changes made since mid-2018 on GitHub."; the title is the
    # first line that names the terms.
    import dataclasses

    terms = form(*BASECAMP_TERMS)
    plain = dataclasses.replace(
        terms, paragraphs=tuple(dataclasses.replace(p, heading_level=None, style="") for p in terms.paragraphs)
    )
    assert _bench().title_of(plain) == "Terms of Service"
