"""The class round 12's reading showed (docs/decisions/redlines-qa.md, "Round 12"): a document that
says at its opening it belongs to another agreement (an addendum incorporated into it, a statement
of work made under it, schedules whose terms it defines) takes none of that agreement's clauses,
on the forms that showed it; a document that holds the agreement it names still does. And a clause
that qualifies another (a notice period to stop a renewal) is missing only where that one is there."""

from __future__ import annotations

from documents.docx.model import TextModel
from documents.docx.textmodel import build_text_model
from review.engine.draft import part_of_another_agreement
from review.engine.playbook import PlaybookEngine
from tests.conftest import shared_data
from tests.review.engine.test_insertion_titles import _contract
from tests.review.engine.test_set_c_classes import _cuad_coverage

COMMERCIAL = ("governing-law", "termination-for-convenience", "anti-assignment", "cap-on-liability", "insurance")


def _form(folder: str, name: str) -> TextModel:
    return build_text_model(shared_data("forms", folder, f"{name}.docx").read_bytes())


def _missing_and_nothing_inserted(model: TextModel, says: str) -> None:
    results = PlaybookEngine().analyze(model, _cuad_coverage(*COMMERCIAL))
    missing = [r for r in results if r.status == "missing"]
    assert len(missing) >= 3
    for result in missing:
        assert result.recommendations == ()
        assert says in result.message


def test_an_addendum_incorporated_into_an_agreement_takes_none_of_its_clauses() -> None:
    # "This AI Addendum amends and is incorporated into the following "Agreement":
    # {agreement_description}": governing law, a walk-away right, a bar on assignment and insurance
    # went in after its definitions, each "this Agreement", an agreement the addendum only amends.
    model = _form("commonpaper_docx", "commonpaper_ai_addendum")
    assert part_of_another_agreement(model) == "incorporated into the Agreement"
    _missing_and_nothing_inserted(model, "which is incorporated into the Agreement: check that agreement")


def test_a_business_associate_agreement_incorporated_into_a_blank_agreement_takes_none() -> None:
    # "This BAA is incorporated into the {principal_agreement}": governing law went among the
    # company's notices, a cap and insurance among the definitions.
    model = _form("commonpaper_docx", "commonpaper_business_associate_agreement")
    assert part_of_another_agreement(model) == "incorporated into the agreement it names"
    _missing_and_nothing_inserted(model, "incorporated into the agreement it names")


def test_a_statement_of_work_made_under_an_agreement_takes_none_unless_it_holds_that_agreement() -> None:
    # "This SOW {sow_number} ("SOW") incorporates the Agreement with a Key Terms Effective Date of
    # ...": five clauses went in between the form's name and "SOW" and before its signature lines.
    sow = _form("commonpaper_docx", "commonpaper_statement_of_work")
    assert part_of_another_agreement(sow) == "made under the Agreement, which it incorporates"
    _missing_and_nothing_inserted(sow, "made under the Agreement, which it incorporates")
    # The same statement of work followed by the standard terms, which define "Agreement": the
    # agreement is before us, and an audit still goes among its payment terms.
    whole = _form("commonpaper_docx", "commonpaper_professional_services_agreement")
    assert part_of_another_agreement(whole) == ""
    (audit,) = PlaybookEngine().analyze(whole, _cuad_coverage("audit-rights"))
    (proposal,) = audit.recommendations
    assert proposal.after.startswith("Records and Audit. Each party shall keep complete and accurate records")


def test_schedules_whose_terms_another_document_defines_take_none_of_its_clauses() -> None:
    # "Schedule 3: Cross-Border Transfer Mechanisms / Definitions. Capitalized terms not defined in
    # this Schedule are defined in the DPA.": a bar on assignment went in the middle of the list of
    # the standard contractual clauses' options ("in Clause 9, Option 2 will apply ...;").
    model = _form("bonterms", "bonterms_dpa_schedules_examples")
    assert part_of_another_agreement(model) == "a schedule of the DPA"
    results = PlaybookEngine().analyze(model, _cuad_coverage(*COMMERCIAL))
    assert all(r.recommendations == () for r in results)
    assert any("a schedule of the DPA" in r.message for r in results if r.status == "missing")


# --- a clause expected only where the contract has what it qualifies (``applies_when``) ----------

ADIA = "ADIANUTRITION,INC_04_01_2005"  # a reseller agreement for a fixed term, no renewal
MIDDLEBROOK = "MIDDLEBROOKPHARMACEUTICALS,INC_03_18_2010"  # a promotion agreement renewing yearly


def test_no_notice_period_to_stop_a_renewal_is_missing_where_the_contract_does_not_renew() -> None:
    # The coverage playbook reported "The contract says how to stop a renewal: missing" in 245
    # cuad-train contracts where it found no renewal either; the experts see neither in 242 of them.
    (renewal, notice) = PlaybookEngine().analyze(
        _contract(ADIA), _cuad_coverage("renewal-term", "notice-period-to-terminate-renewal")
    )
    assert renewal.status == "missing"
    assert notice.status == "not_expected" and notice.evidence == () and notice.recommendations == ()
    assert notice.message.startswith("Not expected in this contract")
    assert "no passage reads as renewal term" in notice.message
    # Where it renews ("successive one year terms") and says nothing of how to stop it, the notice
    # period is still missing.
    (renewal, notice) = PlaybookEngine().analyze(
        _contract(MIDDLEBROOK), _cuad_coverage("renewal-term", "notice-period-to-terminate-renewal")
    )
    assert renewal.status == "ok" and notice.status == "missing"


# --- a key term the review page shows is never reported missing -------------------------------

ZTO = "ZtoExpressCaymanInc_20160930"  # a road transportation agreement, "Date: December 22, 2014"


def test_a_date_the_key_terms_read_is_not_reported_missing_by_the_coverage_rule() -> None:
    # The key terms show "Effective date: December 22, 2014" (from "Date: December 22, 2014" on
    # the signature page) while the clause model scored no passage as an effective date, so the
    # coverage rule said "The contract says when it takes effect: missing" beside it. The rule now
    # reads the sentence the key terms read, and quotes it.
    from contracts.keyterms import key_terms

    model = _contract(ZTO)
    shown = {term.slug: term.value for term in key_terms(model)}
    assert shown["effective-date"] == "December 22, 2014"
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("effective-date"))
    assert result.status == "ok"
    (evidence,) = result.evidence
    assert "December 22, 2014" in evidence.sentence and evidence.clause_type == "effective-date"


SUB_RESELLER = "SalesforcecomInc_20171122"  # "FORM OF SUB-RESELLER AGREEMENT"


def test_a_document_whose_first_sentence_says_it_amends_an_agreement_takes_none_of_its_clauses() -> None:
    # Read as a lawyer in the round's final look: "This Form of Sub-Reseller Agreement ... is made
    # ... and amends that certain Reseller Agreement between Salesforce and Reseller dated as of
    # August 1, 2015"; no "Amendment" in its title. Governing law, a walk-away right, a bar on
    # assignment and insurance went in as "3A", "3B", "5" and "6"; the Reseller Agreement has them.
    model = _contract(SUB_RESELLER)
    assert part_of_another_agreement(model) == "an amendment of the Reseller Agreement"
    _missing_and_nothing_inserted(model, "which is an amendment of the Reseller Agreement")
