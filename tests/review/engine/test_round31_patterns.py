"""Round 31: a pattern check may list several patterns (docs/playbook-format.md, "Patterns"), which lets
the change rule read revisions "considered agreed to by the User continuing to use" the services (round
30's fifth look, docs/decisions/redlines-qa.md); and a right "for changes and/or modifications to the
Services" is a right to change them. Each test fails on round 30's last code commit (c69125e)."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from contracts.conditions import holds
from contracts.naming import Parties
from playbooks.loader import load_playbook
from playbooks.loader.issues import PlaybookInvalid
from playbooks.services import playbook_upload
from review.engine.playbook import PlaybookEngine
from tests.factories import TeamFactory, author
from tests.review.engine.helpers import model_of
from tests.review.factories import YOU_AND_WE, terms_to_you
from tests.review.factories import library_results as _results
from tests.review.factories import text_model as _doc

_YOU = Parties(us="you", them="Lantern", side="customer", corrected=True)

_TWO_PATTERNS = """name: Two patterns
rules:
  - id: price-change
    title: No price change at will
    find: {any: ["price"]}
    check:
      must_not_match:
        - 'may\\s+change\\s+the\\s+price'
        - 'price\\s+(?:is|will\\s+be)\\s+set\\s+by\\s+the\\s+vendor'
"""


def test_a_check_may_list_patterns_and_any_one_matching_is_a_match() -> None:
    spec = load_playbook(_TWO_PATTERNS)
    (rule,) = spec.rules
    assert rule.check.value == (r"may\s+change\s+the\s+price", r"price\s+(?:is|will\s+be)\s+set\s+by\s+the\s+vendor")
    model = model_of(
        "The price will be set by the Vendor each year.",  # the second pattern only
        "The Vendor may change the price.",  # the first only
        "The price is fixed for the term.",  # neither
    )
    (result,) = PlaybookEngine().analyze(model, spec)
    assert result.status == "issue"
    assert [e.locator for e in result.evidence] == ["p1", "p2"]


def test_each_listed_pattern_is_checked_on_its_own_and_the_list_is_bounded() -> None:
    bad = _TWO_PATTERNS.replace("'may\\s+change\\s+the\\s+price'", "'may\\s+change(?=\\s+the)'")
    with pytest.raises(PlaybookInvalid) as info:
        load_playbook(bad)
    (issue,) = info.value.errors
    assert "check.must_not_match[1]" in str(issue) and "lookaround" in str(issue)
    five = _TWO_PATTERNS.replace(
        "        - 'may\\s+change\\s+the\\s+price'\n", "".join(f"        - 'word{i}'\n" for i in range(4))
    )
    with pytest.raises(PlaybookInvalid) as info:
        load_playbook(five)
    assert "lists 5 patterns; the limit is 4" in str(info.value.errors[0])


@pytest.mark.django_db
def test_the_playbook_page_shows_each_pattern_apart(client) -> None:  # type: ignore[no-untyped-def]
    team = TeamFactory()
    user = author(team=team)
    version, _ = playbook_upload(author=user, source=_TWO_PATTERNS, team=team)
    client.force_login(user)
    page = client.get(reverse("playbooks:version", args=[version.playbook.pk, 1])).content.decode()
    assert r"<code>may\s+change\s+the\s+price</code>" in page
    assert r"<code>price\s+(?:is|will\s+be)\s+set\s+by\s+the\s+vendor</code>" in page


def test_revisions_deemed_agreed_to_by_our_continued_use_are_a_change_without_our_signature() -> None:
    model = terms_to_you(
        "These Terms are between you and Lantern Inc. (\u201cLantern\u201d, \u201cwe\u201d or \u201cus\u201d).",
        "Revisions to these Terms apply to earlier versions of them. Revisions shall be deemed accepted by the "
        "Customer continuing to use or access the Services.",
    )
    result = _results(model, "saas-customer", "unilateral-changes", parties=_YOU)["unilateral-changes"]
    assert result.status == "issue"
    assert any("deemed accepted" in r.edit.before for r in result.recommendations)


def test_a_right_for_changes_and_modifications_to_the_services_is_a_right_to_change_them() -> None:
    assert holds("service-changes", _doc("Lantern reserves all rights for changes and/or modifications to the Services."))
    assert holds("service-changes", _doc("Lantern reserves the right to make changes to the Platform."))
    assert not holds("service-changes", _doc("Customer reserves all rights for changes to the Services it orders."))


# --- a summary table, and a price change read as a change of the terms (round 30's third look: Apify) ---


def _summarised_terms() -> Any:
    from documents.docx.model import Paragraph, TextModel

    rows = [
        ("A. Acceptance of these Terms", "These Terms bind you once you sign up."),
        ("B. Fees", "You pay the fees shown on our pricing page."),
        ("C. Changes", "We may amend these Terms at any time."),
        ("D. Liability", "We limit our liability to you."),
    ]
    paragraphs: list[Paragraph] = [
        Paragraph(locator="p1", text="Lantern Terms of Service", heading_level=1),
        Paragraph(locator="p2", text="These Terms are between you and Lantern Inc. (\u201cLantern\u201d, \u201cwe\u201d or \u201cus\u201d)."),
        Paragraph(locator="p3", text="For your convenience, a short non-binding summary comes before the full terms."),
    ]
    for title, summary in rows:
        for text in (title, summary):
            paragraphs.append(Paragraph(locator=f"p{len(paragraphs) + 1}", text=text, in_table=True,
                                        cell=f"c{len(paragraphs)}"))  # fmt: skip
    for title, body in zip(
        [r[0] for r in rows],
        [
            "You accept these Terms when you create an account. " + YOU_AND_WE,
            "You shall pay the fees within thirty (30) days of the invoice.",
            "We may unilaterally amend these Terms at any time by posting them on the website.",
            "Our liability is limited to the fees you paid in the last twelve months.",
        ],
        strict=True,
    ):
        paragraphs.append(Paragraph(locator=f"p{len(paragraphs) + 1}", text=title, heading_level=2))
        paragraphs.append(Paragraph(locator=f"p{len(paragraphs) + 1}", text=body))
    return TextModel(paragraphs=tuple(paragraphs))


def test_a_table_that_summarises_the_clauses_is_never_read_nor_edited() -> None:
    model = _summarised_terms()
    result = _results(model, "saas-customer", "unilateral-changes", parties=_YOU)["unilateral-changes"]
    assert result.status == "issue"
    assert {e.locator for e in result.evidence} == {"p17"}  # the clause, not the summary's "p9"
    assert all(r.edit.locator == "p17" for r in result.recommendations)


def test_the_terms_named_before_a_price_change_are_not_what_changes() -> None:
    price = _results(
        terms_to_you(
            "These Terms are between you and Lantern Inc. (\u201cLantern\u201d, \u201cwe\u201d or \u201cus\u201d).",
            "You agree to pay all fees under these terms, including any taxes imposed by any government entity, and "
            "that we may change its pricing at any time.",
        ),
        "saas-customer", "unilateral-changes", parties=_YOU,
    )["unilateral-changes"]  # fmt: skip
    assert price.status != "issue"
    for sentence in (
        "These Terms may change at any time without notice.",
        "If necessary, we may unilaterally amend the version hereof.",
        "If you do not close your account before the amendment takes effect, you shall be deemed to agree with such "
        "an amendment.",
    ):
        model = terms_to_you(
            "These Terms are between you and Lantern Inc. (\u201cLantern\u201d, \u201cwe\u201d or \u201cus\u201d).", sentence
        )
        result = _results(model, "saas-customer", "unilateral-changes", parties=_YOU)["unilateral-changes"]
        assert result.status == "issue", sentence
