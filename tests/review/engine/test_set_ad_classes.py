"""Classes read in round 17's look (docs/decisions/redlines-qa.md, "Round 17"): the last seen
contracts with an edit that no test or document had named, read before any change and fixed after
the count, each here on a seen contract's own text.

- An audit went between "10.1 ... NOR FOR ANY DAMAGES RELATING TO ... SEVERANCE PAYMENTS" and "10.2"
  of "10. LIMITATION OF LIABILITY AND DISCLAIMER OF WARRANTY", and insurance became "2.9" of "2.
  OFFICE SPACE" beside the tenant's indemnity: beside a sub-clause of an article titled for another
  subject, a clause of its own now follows the article ("10A", "2A").
- Insurance went after "McDATA Corporation Standard Terms of Reseller Agreement June 2004", the
  footer at the foot of every page, which the running-header reader passed for its nine words.
- A clause added after "4. Customer Service." went untitled because the next "5." the reader
  found, after the signatures, is an untitled item of the statement of work's list.
- A walk-away right went into "ARTICLE XI FORCE MAJEURE" beside "11.3 Termination Based on Carrier
  Force Majeure." (round 16's open class): a clause titled for the anchor inside an article about
  something else gives way to an anchor sentence in the article most about it ("ARTICLE II TERM").
- An audit went untitled after "1. Products and Payments A. Product. ...", a title the reader did
  not take for one because a lettered item follows it on the same line.
- A cap went uncaptioned among unnumbered paragraphs that each open with a caption
  ("Idemnification: ...", "Cancellation: ..."): it now carries "Limitation of Liability:".
- A walk-away right went after "7.3 Survival   Article 6 ... shall survive": titles set off from
  their text by a run of spaces (a PDF's columns) were read as no titles, so the survival clause
  was not seen for what it is, and new clauses beside such titles went untitled.
"""

from __future__ import annotations

from contracts.clause_titles import clause_title, without_title
from contracts.furniture import running_headers
from tests.review.engine.test_insertion_titles import _contract
from tests.review.engine.test_set_aa_classes import _inserted_between

RESELLER_TERMS = "MTITECHNOLOGYCORP_11_16_2004"
AFFILIATE = "LinkPlusCorp_20050802"
IPASS_RESELLER = "IpassInc_20181203"
HOSTING = "Freecook_20180605"
TRANSPORTATION = "RangeResourcesLouisianaInc_20150417"
MARKETING = "VertexEnergyInc_20200113"
SUPPLY = "GRIDIRONBIONUTRIENTS,INC_02_05_2020"
SPONSORSHIP = "EcoScienceSolutionsInc_20180406"
OUTSOURCING = "PhotronicsInc_20171219"


def _inserted(name: str, rule_id: str, playbook=None) -> tuple[str, str, str]:  # type: ignore[no-untyped-def]
    """The new clause, the text it follows and the text after it."""
    before, new, following = _inserted_between(name, rule_id, playbook)
    return new, before, following.lstrip()


def test_an_audit_anchored_in_a_limitation_of_liability_follows_that_article() -> None:
    after, before, following = _inserted(RESELLER_TERMS, "audit-rights")
    assert after.startswith("10A. RECORDS AND AUDIT. Each party shall keep")
    assert not before.startswith("10.1 ") and not following.startswith("10.2 ")
    assert following.startswith("11")


def test_insurance_beside_an_office_space_indemnity_is_an_article_of_its_own() -> None:
    after, before, following = _inserted(AFFILIATE, "insurance")
    assert after.startswith("2A. INSURANCE. Each party shall maintain")
    assert "Axiometric must indemnify" in before
    assert following.strip().startswith("3.")


def test_a_sub_clause_titled_for_the_anchor_keeps_the_new_clause_beside_it() -> None:
    # "3.2 Payment. All payments hereunder ..." under an article about something else: the audit
    # stays beside the payment terms ("3.2A"), its own sub-clause names what it is about.
    after, before, _ = _inserted(IPASS_RESELLER, "audit-rights")
    assert after.startswith("3.2A Records and Audit.")
    assert before.startswith("3.2 Payment.")


def test_a_running_footer_of_the_documents_name_is_no_place_for_a_clause() -> None:
    footer = "McDATA Corporation Standard Terms of Reseller Agreement June 2004"
    assert footer in running_headers(p.text for p in _contract(RESELLER_TERMS).paragraphs)
    after, before, _ = _inserted(RESELLER_TERMS, "insurance")
    assert after.startswith("12.16 Each party shall maintain")
    assert before.startswith("12.15 NUCLEAR, AVIATION OR LIFE SUPPORT APPLICATION.")


def test_a_sentence_said_three_times_is_no_running_footer() -> None:
    repeated = "The Parties shall meet in good faith to discuss the matter."
    title = "Acme Corporation Master Terms of Supply March 2001"
    found = running_headers([repeated, title] * 3)
    assert title in found and repeated not in found


def test_a_new_clause_takes_the_title_style_of_the_clauses_before_it_not_of_a_schedules_list() -> None:
    # "4. Customer Service. Company, either directly ..." is the body's last clause; after the
    # signatures, the statement of work lists "4. Designing UI/UX-practical parts. 5. Development of
    # the main and internal pages ...", untitled items of another list.
    after, before, _ = _inserted(HOSTING, "insurance")
    assert before.startswith("4. Customer Service.")
    assert after.startswith("5. Insurance. Each party shall maintain")


def test_a_walk_away_right_goes_to_the_term_article_not_to_a_termination_inside_force_majeure() -> None:
    # "11.3 Termination Based on Carrier Force Majeure." of "ARTICLE XI FORCE MAJEURE" is titled for
    # termination, but the article is about force majeure; "ARTICLE II TERM" / "2.1 Term. This
    # Agreement shall commence ..." is where the contract says how it ends.
    after, before, following = _inserted(TRANSPORTATION, "termination-for-convenience")
    assert after.startswith("2.1A Termination for Convenience. Either Party may terminate")
    assert before.startswith("2.1 Term.")
    assert not following.startswith("11.")


def test_of_two_articles_titled_for_it_the_one_most_about_it() -> None:
    # "4. Settlement and Payment Term" names a term of payment; "5. Term" the agreement's.
    after, _, _ = _inserted(MARKETING, "termination-for-convenience")
    assert after.startswith("5.2A. Either Party may terminate")


def test_a_title_run_into_its_first_lettered_item_is_a_title() -> None:
    # "1. Products and Payments A. Product. Shi Farms agrees to sell ...", "2. Term and Termination.
    # A. Termination. ...": the clauses carry titles, so the new one does.
    assert clause_title("Products and Payments A. Product. Shi Farms agrees to sell") == ("Products and Payments", ".")
    after, _, _ = _inserted(SUPPLY, "audit-rights")
    assert after.startswith("1A. Records and Audit. Each party shall keep")


def test_a_paragraph_added_among_captioned_paragraphs_carries_a_caption() -> None:
    # "Idemnification: Sponsor shall ..." / "Cancellation: Kaya Fest shall not be liable ...":
    # unnumbered paragraphs, each opening with its caption.
    after, _, following = _inserted(SPONSORSHIP, "cap-on-liability")
    assert after.startswith("Limitation of Liability: Except for a party's indemnification obligations")
    assert following.startswith("Cancellation:")


def test_a_title_set_off_by_spaces_is_read_and_written_as_the_contract_does() -> None:
    # "7.1 Term   This Agreement ...", "7.2 Termination for Cause   A Party shall ...", "7.3
    # Survival   Article 6 ... shall survive": a PDF's columns left spaces where a full stop would
    # be. The survival clause is read as what follows termination, and the new clause takes a title
    # set off alike.
    assert clause_title("Survival   Article 6 (for the duration of the applicable warranty period)") == (
        "Survival",
        "  ",
    )
    assert without_title("Records and Audit   Each party shall keep") == "Each party shall keep"
    after, before, following = _inserted(OUTSOURCING, "termination-for-convenience")
    assert after.startswith("7.2A Termination for Convenience   Any Party may terminate")
    assert before.startswith("7.2 Termination for Cause")
    assert following.startswith("7.3 Survival")
