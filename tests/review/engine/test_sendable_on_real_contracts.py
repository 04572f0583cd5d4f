"""Round 5 of reading real redlines (docs/decisions/redlines-qa.md): the classes of edit a lawyer
could not send, each on the real text that showed it (../shared/data/cuad-train, one paragraph a
line as the corpus run writes it, bench/analysis_identity.py)."""

from __future__ import annotations

import dataclasses
import functools
import gzip
import importlib.util
import json
import sys
from types import ModuleType

from contracts.document import structure_of
from contracts.insertion import insertion_point
from contracts.naming import Parties
from documents.docx.edit import apply_edit_to_model, resolve_edit
from documents.docx.model import Paragraph, TextModel
from playbooks.loader import load_playbook
from playbooks.services import LIBRARY_DIR
from review.engine.playbook import PlaybookEngine
from tests.conftest import shared_data
from tests.review.factories import payee_saas_yaml

ENGINE = PlaybookEngine()


@functools.cache
def _texts() -> dict[str, str]:
    with gzip.open(shared_data("cuad-train", "contracts.jsonl.gz"), "rt", encoding="utf-8") as handle:
        return {row["cuad_filename"]: row["text"] for row in map(json.loads, handle)}


@functools.cache
def _cuad_train(prefix: str) -> TextModel:
    (name,) = [n for n in _texts() if n.startswith(prefix)]
    lines = _texts()[name].split("\n")
    return TextModel(paragraphs=tuple(Paragraph(locator=f"p{i + 1}", text=t) for i, t in enumerate(lines)))


@functools.cache
def _saas():  # type: ignore[no-untyped-def]
    # The payment rule as a payee writes it, so its guards meet the real contracts' long periods.
    return load_playbook(payee_saas_yaml().encode())


def _only(*rule_ids: str):  # type: ignore[no-untyped-def]
    playbook = _saas()
    return dataclasses.replace(playbook, rules=tuple(r for r in playbook.rules if r.id in rule_ids))


PHOTRONICS = "PhotronicsInc_20171219_10-QA_EX-10.28"  # an outsourcing agreement of four parties
CONFORMIS = "ConformisInc_20191101_10-Q_EX-10.6"  # a development agreement, one paragraph a PDF page


# --- missing means missing ------------------------------------------------------------------------


def test_a_confidentiality_regime_kept_in_another_agreement_is_compared_not_inserted_again() -> None:
    # 9.1 carves out "BREACHES OF A PARTY'S CONFIDENTIALITY OBLIGATIONS CONTAINED IN THE NON-DISCLOSURE
    # CLAUSE IN SECTION 12.17 OF THE CHINA JV OPERATING AGREEMENT": the parties' confidentiality is
    # there. A "9.3 Each party shall keep ... confidential" inserted under "Liability and Remedy" was a
    # second regime beside it.
    parties = Parties(us="the Company", them="Photronics", side="customer", corrected=True)
    (result,) = ENGINE.analyze(_cuad_train(PHOTRONICS), _only("mutual-confidentiality"), parties=parties)
    assert result.recommendations == ()
    assert "China JV Operating Agreement" in result.message and "(clause 9.1)" in result.message


def test_a_warranty_given_by_the_suppliers_in_the_plural_is_found_and_not_inserted_again() -> None:
    # "6.1 Suppliers Limited Warranty   Each of the Suppliers warrants that the Products shall comply
    # with the specifications ...": the vendor warranty is there, given by all three suppliers.
    parties = Parties(us="the Company", them="Photronics", side="customer", corrected=True)
    (result,) = ENGINE.analyze(_cuad_train(PHOTRONICS), _only("provider-warranty"), parties=parties)
    assert result.status == "ok" and result.recommendations == ()
    assert "Each of the Suppliers warrants" in result.evidence[0].sentence


# --- "the other party" among several ---------------------------------------------------------------


def test_the_other_party_of_a_four_party_contract_is_each_other_party() -> None:
    # The Company (a joint venture) and its three suppliers: the mutual confidentiality wording's
    # "the other party's" named no one. (The clause itself is not inserted here, see above; the
    # wording is read from the rule as the engine writes it for this contract.)
    from contracts.naming import render_rule

    model = _cuad_train(PHOTRONICS)
    structure = structure_of(model)
    assert len(structure.parties) >= 3
    parties = Parties(us="the Company", them="Photronics", side="customer", corrected=True)
    written = {r.id: render_rule(r, parties, structure) for r in _saas().rules}
    # "Party" as the contract defines and writes it (contracts/naming.py).
    assert written["mutual-confidentiality"].positions[0].startswith(
        "Each Party shall keep each other Party's confidential information confidential"
    )
    assert "without each other Party's prior written consent" in written["assignment"].positions[0]
    assert "signed by all Parties" in written["unilateral-changes"].positions[0]


# --- placement: never inside a sentence cut by a page break ------------------------------------------


def test_an_insertion_never_goes_inside_a_sentence_cut_by_a_page_break_before_a_capital() -> None:
    # 7.3(b) "Stryker shall indemnify and hold harmless Conformis, its directors, officers,
    # employees, Agents   and   20   Source: ..." / next page "Affiliates and their respective
    # successors ...": the IP indemnity went in at the page's foot, between "and" and "Affiliates".
    model = _cuad_train(CONFORMIS)
    parties = Parties(us="Stryker", them="Conformis", side="customer", corrected=True)
    (result,) = ENGINE.analyze(model, _only("vendor-ip-indemnity"), parties=parties)
    (insert,) = result.recommendations
    edit = resolve_edit(model, insert.edit)
    text = model.paragraphs[model.positions[edit.locator]].text
    before = text[: edit.start].rstrip()
    # After the whole of article VII ("... in respect of all Indemnified Persons."), before the
    # heading of article VIII, numbered as 7.3's next sibling.
    assert before.endswith("in respect of all Indemnified Persons.")
    assert insert.after.startswith(
        "7.4 Intellectual Property Indemnity. Notwithstanding any limitation or exclusion of liability or exclusive remedy "
        "in this Agreement, Conformis shall defend Stryker"
    )  # (round 32: and over its exclusive remedy)
    applied = apply_edit_to_model(model, edit)
    written = applied.paragraphs[model.positions[edit.locator]].text
    # (the new clause, then the heading of article VIII)
    assert " ".join(insert.after.split()[-4:]) + " ARTICLE VIII" in " ".join(written.split())
    assert not insert.defects


def test_a_clause_before_the_next_article_goes_before_its_heading() -> None:
    from contracts.insertion import _heading_before

    text = "... of all Indemnified Persons.   ARTICLE VIII   TERM AND TERMINATION   8.1 Term. The term"
    at = text.index("8.1")
    assert text[_heading_before(text, at) :].startswith("ARTICLE VIII")
    # A clause in sentence case before the number is no heading: the insertion stays at the number.
    prose = "... of all Indemnified Persons. The parties agree as follows: 8.1 Term."
    assert _heading_before(prose, prose.index("8.1")) == prose.index("8.1")


def test_the_page_break_reading_still_stops_at_a_sentence_end() -> None:
    from contracts.insertion import runs_on

    assert runs_on("... officers, employees, Agents   and   20   Source: CONFORMIS INC, 10-Q, 11/1/2019", "Affiliates and")
    assert not runs_on("... in respect of all Indemnified Persons.   21", "ARTICLE VIII")
    assert not runs_on("... any Losses arising from", "8.1 Term. The term")
    structure = structure_of(_cuad_train(CONFORMIS))
    assert insertion_point(structure) is not None


# --- the playbook's fit (bench/bench_redlines.py) ----------------------------------------------------


@functools.cache
def _bench() -> ModuleType:
    from pathlib import Path

    path = Path(__file__).resolve().parents[3] / "bench" / "bench_redlines.py"
    spec = importlib.util.spec_from_file_location("bench_redlines", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("bench_redlines", module)  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_a_staffing_services_agreement_does_not_fit_the_saas_playbook() -> None:
    # "EmployeeCo employs certain individuals (the "Services Employees") who provide management,
    # operational and administrative services ... (the "Services")": round 4 gave it a warranty about
    # the "functionality or security of the Services".
    title, fitting = _bench().fits(_cuad_train("TRANSMONTAIGNEPARTNERSLLC_03_13_2020-EX-10.9"))
    assert "SERVICES AGREEMENT" in title and "saas-customer" not in fitting


def test_trademark_licences_capital_maintenance_amendments_and_news_do_not_fit_the_saas_playbook() -> None:
    for prefix in (
        "HertzGroupRealtyTrustInc_20190920_S-11A_EX-10.8",  # a trademark licence
        "SEPARATEACCOUNTIIOFAGL_05_02_2011",  # an unconditional capital maintenance agreement
        "BIOAMBERINC_04_10_2013-EX-10.34",  # the first amendment to a development agreement
        "NEONSYSTEMSINC_03_01_1999-EX-10.5-DISTRIBUTOR AGREEMENT_Amendment",  # "FIRST AMENDMENT TO DISTRIBUTOR AGREEMENT" under exhibit titles
        "UNITEDNATIONALBANCORP_03_03_1999-EX-99",  # a news release: "... Enters Into Outsourcing Agreement"
        "ArtaraTherapeuticsInc_20200110_8-K_EX-10.5",  # "SPONSORED RESEARCH AND LICENSE" with a university
        # a gas supply cooperation whose title line is a party's name ("... Technology Co., Ltd.")
        "CHINARECYCLINGENERGYCORP_11_14_2013-EX-10.6",
    ):
        _title, fitting = _bench().fits(_cuad_train(prefix))
        assert "saas-customer" not in fitting, prefix
        assert "cuad-coverage" in fitting


def test_software_hosting_and_development_agreements_still_fit_the_saas_playbook() -> None:
    for prefix in (PHOTRONICS, CONFORMIS):
        _title, fitting = _bench().fits(_cuad_train(prefix))
        assert "saas-customer" in fitting, prefix


# --- role words the contract writes for a party the preamble does not give ------------------------


def test_a_role_word_the_contract_writes_throughout_names_the_party_the_preamble_does_not_give() -> None:
    # '"Licensor" / "NLS" and Eurofarma ... "Licensee" / "Eurofarma"' on separate lines: no party is
    # read from the preamble, but the contract says "Licensor" 86 times and "Licensee" 112. The IP
    # indemnity was held back for "Provider" and "Customer"; it now names them as the contract does.
    from contracts.naming import detect

    model = _cuad_train("NlsPharmaceuticsLtd_20200228_F-1_EX-10.14")
    parties = detect(model, "customer")
    assert (parties.us, parties.them) == ("the Licensee", "Licensor")
    (result,) = ENGINE.analyze(model, _only("vendor-ip-indemnity"))
    (insert,) = result.recommendations
    assert "Licensor shall defend the Licensee" in insert.after
    assert not any("Provider" in d.message or "Customer" in d.message for d in insert.defects)


def test_two_role_words_of_one_side_used_alike_name_no_party() -> None:
    from contracts.naming import detect
    from tests.review.engine.helpers import model_of

    alike = model_of(*(["The Client shall pay the Developer.", "The Customer shall pay the Developer."] * 6))
    assert detect(alike, "customer") == Parties(us="", them="the Developer", side="customer")


# --- missing means missing: the clause model's passage in a paragraph read as page furniture ----------


def test_a_cap_in_a_page_the_engine_reads_as_furniture_is_compared_not_inserted() -> None:
    # A PDF page of the fleet maintenance agreement opens with the SEC legend ("***Confidential
    # treatment requested ...") and runs into clauses 11.13-11.16: the engine reads the page as
    # furniture, the clause model reads "11.16 DCL shall not be liable ..." as a cap. The cap was
    # proposed, then held back by the edit checker as a duplicate; it is now compared.
    model = _cuad_train("SMITHELECTRICVEHICLESCORP_04_04_2012-EX-10.26")
    (result,) = ENGINE.analyze(model, _only("limitation-of-liability"))
    assert result.status == "missing" and result.recommendations == ()
    assert result.evidence[0].sentence.startswith("11.16 DCL shall not be liable")


def test_edgars_confidential_legend_in_a_title_does_not_make_an_agreement_an_nda() -> None:
    for prefix in (
        "ACCURAYINC_09_01_2010-EX-10.31",  # the SEC rule 240.24b-2 legend: "CONFIDENTIAL INFORMATION ..."
        "HarpoonTherapeuticsInc_20200312_10-K_EX-10.18",  # "Exhibit 10.18 Confidential EXECUTION COPY"
    ):
        _title, fitting = _bench().fits(_cuad_train(prefix))
        assert "mutual-nda" not in fitting, prefix
    from documents.docx.textmodel import build_text_model

    nda = build_text_model(shared_data("ndas", "nda_cnli_dev_03.docx").read_bytes())
    assert "mutual-nda" in _bench().fits(nda)[1]  # "NON-NEGOTIABLE CONFIDENTIALITY AND NON-DISCLOSURE AGREEMENT"


# --- a duty of confidentiality already mutual, or the other party's alone ------------------------------


def test_both_parties_named_as_the_subject_of_the_duty_is_mutual() -> None:
    # "The Consultant and the Company acknowledge that each will have access to proprietary
    # information regarding the business operations of the other and agree to keep all such
    # information secret and confidential ...": it was replaced by the playbook's mutual wording.
    model = _cuad_train("GLOBALTECHNOLOGIESLTD_06_08_2020-EX-10.16")
    parties = Parties(us="the Company", them="Consultant", side="customer")
    (result,) = ENGINE.analyze(model, _only("mutual-confidentiality"), parties=parties)
    assert result.status == "ok" and result.recommendations == ()
    assert result.evidence[0].sentence.startswith("The Consultant and the Company acknowledge")


def test_a_duty_of_the_other_party_opening_with_a_capital_the_is_not_made_mutual() -> None:
    # "The Developer agrees, during the Term and thereafter, to hold in strictest confidence ... any
    # Confidential Information of the Client": the developer's duty protects us, the client.
    model = _cuad_train("ClickstreamCorp_20200330_1-A")
    parties = Parties(us="the Client", them="the Developer", side="customer")
    (result,) = ENGINE.analyze(model, _only("mutual-confidentiality"), parties=parties)
    assert result.status == "issue" and result.recommendations == ()
    assert "binds only the Developer" in result.message


# --- placement before the signature page ------------------------------------------------------------


def _inserted(model: TextModel, rule_id: str, parties: Parties) -> tuple[str, str]:
    """(the text before the insertion in its paragraph, the text after it) of ``rule_id``'s clause."""
    (result,) = ENGINE.analyze(model, _only(rule_id), parties=parties)
    (insert,) = result.recommendations
    edit = resolve_edit(model, insert.edit)
    text = model.paragraphs[model.positions[edit.locator]].text
    if edit.kind == "insert_after":
        return text, ""
    return text[: edit.start], text[edit.start + len(edit.before) - len(edit.before.lstrip()) :]


def test_a_clause_goes_before_the_remainder_of_page_legend_that_ends_the_body() -> None:
    # "... the latter shall control. [Remainder of Page Intentionally Left Blank]" then the
    # signature page: the warranty went in after the legend, as "11." on the signature page.
    model = _cuad_train("ArcaUsTreasuryFund_20200207_N-2_EX-99.K5")
    parties = Parties(us="Fund", them="Blockchain Administrator", side="customer", corrected=True)
    before, after = _inserted(model, "provider-warranty", parties)
    assert before.rstrip().endswith("the latter shall control.")
    assert after.startswith("[Remainder of Page Intentionally Left Blank]")


def test_a_clause_goes_before_the_first_line_of_the_signature_block() -> None:
    # "... more than 10 business days. StartEngine Crowdfunding, Inc. Customer: By: /s/ Dawn
    # Dickson ...": the signature block was read from "Customer: By:", and the IP indemnity went in
    # between the company's name and its signature.
    model = _cuad_train("SOLUTIONSVENDINGINTERNATIONAL,INC_03_31_2020")
    parties = Parties(us="Customer", them="the Company", side="customer")
    before, after = _inserted(model, "vendor-ip-indemnity", parties)
    assert before.rstrip().endswith("more than 10 business days.")
    assert after.startswith("StartEngine Crowdfunding, Inc. Customer: By:")


def test_a_short_fragment_is_passed_over_but_a_sentence_is_not() -> None:
    from contracts.insertion import _fragment_before

    text = "... within 10 business days. StartEngine Crowdfunding, Inc. Customer: By:"
    assert text[_fragment_before(text, text.index("Customer:")) :].startswith("StartEngine")
    sentence = "... within 10 business days. The Company shall pay the fees. Customer: By:"
    assert _fragment_before(sentence, sentence.index("Customer:")) == sentence.index("Customer:")


def test_an_indemnity_whose_list_the_splitter_cut_is_found_and_not_inserted_again() -> None:
    # "12.1 ... Eutectix shall indemnify, defend, and hold harmless Liquidmetal ... as a result of (a)
    # ... (i) ...", then, as a sentence of its own, "(ii) any services performed by Eutectix ...; or
    # (d) any infringement by Eutectix's Intellectual Property on the Intellectual Property rights of
    # a third party.": no cut sentence holds both the duty and the infringement, and a second IP
    # indemnity went in as 12.1A.
    model = _cuad_train("LiquidmetalTechnologiesInc_20200205_8-K_EX-10.1")
    parties = Parties(us="Liquidmetal", them="Eutectix", side="customer", corrected=True)
    (result,) = ENGINE.analyze(model, _only("vendor-ip-indemnity"), parties=parties)
    assert result.recommendations == ()
    assert result.evidence[0].sentence.startswith("Eutectix shall indemnify, defend, and hold harmless Liquidmetal")
    assert "(clause 12.1)" in result.message


# --- the SaaS warranty in a contract that is not about software -------------------------------------


def test_the_warranty_leaves_out_the_software_promise_where_the_contract_is_not_about_software() -> None:
    # A fund administration service agreement: "will not materially decrease the functionality or
    # security of the Services" promises what only software has.
    from contracts.naming import render_rule

    fund = _cuad_train("TALCOTTRESOLUTIONLIFEINSURANCECO-SEPARATEACCOUNTTW")
    parties = Parties(us="Trust", them="Administrator", side="customer", corrected=True)
    warranty = next(r for r in _saas().rules if r.id == "provider-warranty")
    written = render_rule(warranty, parties, structure_of(fund)).positions[0]
    assert written.startswith(
        "Administrator warrants that the Services will perform materially in accordance with this Agreement. "
    )  # (no "Notwithstanding any disclaimer of warranties": the agreement disclaims none)
    assert "functionality or security" not in written
    # An application development agreement is about software: the promise stays.
    app = _cuad_train("ClickstreamCorp_20200330_1-A")
    kept = render_rule(warranty, Parties(us="the Client", them="the Developer", side="customer"), structure_of(app))
    assert "functionality or security" in kept.positions[0]


def test_a_clause_goes_before_no_text_below_and_the_signatures_of_the_last_page() -> None:
    # The last page: "... 14.6 This Agreement is dated April 29, 2010.   (NO TEXT BELOW)   Party A:
    # /s/ Beijing Baidu ...   Party B: /s/ ...   Party C: /s/ ...": the IP indemnity went in after
    # Party C's signature, as 14.7 (and a second insertion as 14.8, out of order).
    model = _cuad_train("LEJUHOLDINGSLTD_03_12_2014-EX-10.34")
    parties = Parties(us="Party B", them="Party A", side="customer", corrected=True)
    before, after = _inserted(model, "vendor-ip-indemnity", parties)
    assert before.rstrip().endswith("14.6 This Agreement is dated April 29, 2010.")
    assert after.startswith("(NO TEXT BELOW)")


def test_the_edit_checker_holds_back_an_insertion_inside_a_sentence_a_page_break_cuts() -> None:
    # Where round 4 put the IP indemnity: at the foot of the page that ends "... Stryker shall
    # indemnify and hold harmless Conformis, its directors, officers, employees, Agents and   20
    # Source: ...", the next page going on "Affiliates and their respective successors ...".
    from contracts.furniture import furniture_spans
    from contracts.insertion import InsertionPoint, _following
    from review.engine.base import Proposal
    from review.engine.draft import insertion_edit
    from review.engine.proof import check_edit

    model = _cuad_train(CONFORMIS)
    needle = "Stryker shall indemnify and hold harmless Conformis"
    (index,) = [i for i, p in enumerate(model.paragraphs) if needle in p.text]
    text = model.paragraphs[index].text
    footer = furniture_spans(text)[-1][0]
    at = text.rindex("20", 0, footer)  # the page number before the running footer
    point = InsertionPoint(model.paragraphs[index].locator, at, "7.4", _following(text, at))
    clause = "7.4 Conformis shall defend Stryker against any third-party claim."
    edit = insertion_edit(point, clause, 1)
    proposal = Proposal(action="insert", edit=edit, before="", after=clause, explanation="")
    defects = check_edit(model=model, proposal=proposal)
    assert any(d.kind == "placement" and "page break" in d.message for d in defects), defects
    # Where the engine now puts it (before "ARTICLE VIII"), the checker finds nothing wrong.
    parties = Parties(us="Stryker", them="Conformis", side="customer", corrected=True)
    (result,) = ENGINE.analyze(model, _only("vendor-ip-indemnity"), parties=parties)
    assert result.recommendations[0].defects == ()


# --- clause numbers written without a space ("13.Whenever the singular ...") --------------------------


def test_clause_numbers_written_without_a_space_are_taken_and_an_insertion_counts_on_from_them() -> None:
    # "10.Each ... 17.This Agreement may be signed ...": the numbering reader leaves these unread, so
    # an inserted clause was numbered "10." (after the last number it read) or not at all.
    from contracts.insertion import _after_unread_run, renumber_clause

    model = _cuad_train("SEPARATEACCOUNTIIOFAGL_05_02_2011")
    structure = structure_of(model)
    assert renumber_clause("10. AIG shall defend the Company.", structure) == "18. AIG shall defend the Company."
    (index,) = [i for i, p in enumerate(model.paragraphs) if p.text.strip().startswith("17.This Agreement")]
    run = TextModel(paragraphs=(Paragraph(
        locator="p1", text=" ".join(p.text.strip() for p in model.paragraphs[index - 14 : index + 1] if p.text.strip()),
    ),))  # fmt: skip
    assert _after_unread_run(structure_of(run), 0, len(run.paragraphs[0].text)) == "18."


# --- NDA wording in the contract's own words ----------------------------------------------------------


def _nda_rule(rule_id: str):  # type: ignore[no-untyped-def]
    playbook = load_playbook((LIBRARY_DIR / "mutual-nda.yaml").read_bytes())
    return next(r for r in playbook.rules if r.id == rule_id)


def test_this_nda_is_written_as_the_contract_calls_itself() -> None:
    from contracts.naming import adapt_terms
    from documents.docx.textmodel import build_text_model

    agreement = build_text_model(shared_data("ndas", "nda_cnli_dev_09.docx").read_bytes())  # "this Agreement"
    text, notes = adapt_terms(_nda_rule("no-license").positions[0], agreement)
    assert "this Agreement grants" in text and "NDA" not in text and any("this NDA" in n for n in notes)
    common = build_text_model(shared_data("forms", "commonpaper_docx", "commonpaper_mutual_nda.docx").read_bytes())
    assert "this NDA" in adapt_terms(_nda_rule("no-license").positions[0], common)[0]  # it says "NDA"


def test_a_use_restriction_in_the_negative_is_found() -> None:
    # "... or use the other Party's Trade Secrets for any purpose other than as set forth in this
    # Agreement ...": the use restriction is there, said in the negative.
    model = _cuad_train_or_docx("cuad_reseller_02", "for any purpose other than")
    (result,) = ENGINE.analyze(model, dataclasses.replace(_saas(), rules=(_nda_rule("use-restriction"),)))
    assert result.status == "ok"


def _cuad_train_or_docx(name: str, needle: str) -> TextModel:
    from documents.docx.textmodel import build_text_model

    whole = build_text_model(shared_data("cuad", "docx", f"{name}.docx").read_bytes())
    (paragraph,) = [p for p in whole.paragraphs if needle in p.text][:1]
    return TextModel(paragraphs=(paragraph,))


def test_a_second_insertion_after_an_inline_1a_is_1b() -> None:
    # Two clauses inserted at one place in a PDF page: the first written inline ("... had become a
    # part of the public domain. 1A. The recipient shall ..."), the numbering reader does not read
    # it there, and the second was "1A." too.
    from contracts.insertion import renumber_clause

    page = _cuad_train("SEPARATEACCOUNTIIOFAGL_05_02_2011")
    (index,) = [i for i, p in enumerate(page.paragraphs) if p.text.strip().startswith("17.This Agreement")]
    text = page.paragraphs[index].text + " 1A. The recipient shall use it solely for the purpose."
    model = TextModel(paragraphs=(*page.paragraphs[:index], Paragraph(locator="px", text=text),
                                  *page.paragraphs[index + 1 :]))  # fmt: skip
    assert renumber_clause("1A. Confidential Information does not include ...", structure_of(model)).startswith("1B. ")


# --- a signature block the structure does not read, before the exhibits ---------------------------

FREECOOK = "Freecook_20180605_S-1_EX-10.3"  # a website design and hosting agreement, an exhibit after it


def test_an_insertion_goes_before_a_signature_block_the_structure_does_not_read_and_counts_on_in_the_body():
    # "4. Customer Service ... AGREED AND ACCEPTED: Date: ... By Company: /s/ Mitchell Vitalis ...
    # Exhibit A ... Stage 2: 6. Emotional design ... 10. Search Engine Optimization": the clause goes
    # after clause 4, before "AGREED AND ACCEPTED", numbered 5; a second one is 6, not 11 (the
    # exhibit's list uses no number of the contract's).
    from contracts.insertion import renumber_clause

    model = _cuad_train(FREECOOK)
    structure = structure_of(model)
    (signed,) = [i for i, p in enumerate(model.paragraphs) if p.text.strip().startswith("AGREED AND ACCEPTED")]
    point = insertion_point(structure)
    assert point is not None
    index = next(i for i, p in enumerate(model.paragraphs) if p.locator == point.locator)
    assert index < signed
    assert point.number == "5."
    inserted = Paragraph(locator="new", text="5. Company shall defend Client against any claim.")
    after = TextModel(paragraphs=(*model.paragraphs[: index + 1], inserted, *model.paragraphs[index + 1 :]))
    assert renumber_clause("5. Company warrants the services.", structure_of(after)) == "6. Company warrants the services."


# --- Round 6: a cross-reference is no clause number; a number behind a running header is one ------

VIRTUOSO = "VirtuosoSurgicalInc_20191227"  # a university's patent licence, one paragraph a PDF page


def test_an_insertion_never_splits_a_cross_reference_and_counts_on_from_a_number_behind_a_page_header() -> None:
    # "May 3, 2016 9.7 Indemnification: ... The Company shall indemnify, defend ... for purposes of
    # this Paragraph 9.7. The obligation of the Company ... survive ... 9.8 Product Liability": the
    # IP indemnity went in between "this Paragraph" and "9.7." (the reference read as clause 9.7's
    # start), numbered "9.6A" (the real 9.7, behind the page's dated header, not read).
    model = _cuad_train(VIRTUOSO)
    parties = Parties(us="Company", them="JHU", side="customer", corrected=True)
    (result,) = ENGINE.analyze(model, _only("vendor-ip-indemnity"), parties=parties)
    (insert,) = result.recommendations
    edit = resolve_edit(model, insert.edit)
    text = model.paragraphs[model.positions[edit.locator]].text
    assert text[: edit.start].rstrip().endswith("limitation of liability elsewhere in the Agreement.")
    assert text[edit.start :].startswith("9.8 Product Liability")
    assert insert.after.startswith("9.7A Intellectual Property Indemnity: Notwithstanding any limitation or exclusion of liability in this Agreement, JHU shall defend Company")


def test_an_annual_interest_rate_is_compared_with_a_limit_a_month_as_twelve_times_it() -> None:
    # "4.5 Late Payments: ... the payment shall accrue interest ... calculated at the annual rate of
    # six percent (6%)": half of "at most 1% a month", rewritten to one percent a year as if it were
    # a monthly rate. An annual 18% is over it, and becomes 12%, a year still.
    parties = Parties(us="Company", them="JHU", side="customer", corrected=True)
    (result,) = ENGINE.analyze(_cuad_train(VIRTUOSO), _only("late-payment-interest"), parties=parties)
    assert result.status == "ok" and "annual rate of six percent (6%)" in result.evidence[0].sentence
    (late,) = ENGINE.analyze(_cuad_train("VISIUMTECHNOLOGIES,INC_10_20_2004"), _only("late-payment-interest"))
    (edit,) = late.recommendations
    assert "at the lower of twelve percent (12%) per annum" in edit.after


def test_services_in_a_longer_name_are_not_services_the_other_party_renders() -> None:
    # A university's patent licence: "LICENSED SERVICE(S)" (what the licensee sells) thirty times,
    # "NET SERVICE REVENUES"; JHU renders no services. "JHU warrants that the services will perform
    # ..." and "the services infringe" were applied in ordinary words; the wording is the lawyer's.
    from contracts.naming import adapt_terms

    model = _cuad_train(VIRTUOSO)
    warranty = next(r for r in _saas().rules if r.id == "provider-warranty")
    text, _ = adapt_terms(warranty.positions[0], model)
    assert "the Services will perform" in text
    parties = Parties(us="Company", them="JHU", side="customer", corrected=True)
    results = ENGINE.analyze(model, _only("provider-warranty", "vendor-ip-indemnity"), parties=parties)
    for result in results:
        (proposal,) = result.recommendations
        assert [d.kind for d in proposal.defects] == ["undefined-term"]


NLS = "NlsPharmaceuticsLtd_20200228_F-1_EX-10.14"  # a licence and development agreement


def test_a_period_amounts_are_counted_over_is_no_payment_term_and_a_figure_in_words_changes_with_its_digits() -> None:
    # "For underpayment not in excess of one percent (1%) for any twelve-month (12-month) period,
    # the Licensee shall pay the difference within thirty (30) days ...": the payment rule made it
    # "for any one-month (12-month) period". The period is what the underpayment is counted over
    # (payment-terms' `not_after`), and its digits are its own figure.
    model = _cuad_train(NLS)
    parties = Parties(us="Eurofarma", them="NLS", side="customer", corrected=True)
    (result,) = ENGINE.analyze(model, _only("payment-terms"), parties=parties)
    assert not any("twelve-month" in (r.before or "") for r in result.recommendations)
    # A rule that does mean that period: the words and the digits change together.
    rule = dataclasses.replace(
        next(r for r in _saas().rules if r.id == "payment-terms"),
        check=dataclasses.replace(next(r for r in _saas().rules if r.id == "payment-terms").check,
                                  near=("underpayment",), not_after=()),
    )  # fmt: skip
    (counted,) = ENGINE.analyze(model, dataclasses.replace(_saas(), rules=(rule,)), parties=parties)
    (edit,) = [r for r in counted.recommendations if "twelve-month" in (r.before or "")]
    assert "for any one-month (1-month) period" in edit.after


def test_the_contracts_own_name_for_the_services_stands_for_the_playbooks_services() -> None:
    # A development agreement that defines "the Technology Development Services" and otherwise says
    # "services" once: the IP indemnity is about them, by that name.
    from contracts.naming import adapt_terms

    indemnity = next(r for r in _saas().rules if r.id == "vendor-ip-indemnity")
    text, notes = adapt_terms(indemnity.positions[0], _cuad_train("HfEnterprisesInc_20191223"))
    assert "alleging that the Technology Development Services infringe or misappropriate" in text
    assert any("Technology Development Services" in n for n in notes)


def test_the_vendors_warranty_goes_with_its_own_or_the_mutual_warranties_not_among_ours() -> None:
    # A fund's administration agreement: "8. Fund Representations. The Trust represents and warrants
    # that ..." (the fund's, ours), and "15. Additional Representations, Warranties and Covenants.
    # Each party represents ... Administrator further represents, warrants ...". The administrator's
    # warranty went in as 8A among the fund's own; it goes after 15.
    # (Its "Administrator further represents, warrants and covenants" is the vendor's warranty for
    # the rule's search now, so the search is narrowed here to show where an insertion goes.)
    model = _cuad_train("TALCOTTRESOLUTIONLIFEINSURANCECO-SEPARATEACCOUNTTWELVE_04_30_2020")
    parties = Parties(us="Trust", them="Administrator", side="customer", corrected=True)
    (warranty,) = _only("provider-warranty").rules
    narrowed = dataclasses.replace(warranty, find=dataclasses.replace(warranty.find, regex=r"\bwarrants\s+that\s+the\s+Services\s+will\s+perform\b"))
    (result,) = ENGINE.analyze(model, dataclasses.replace(_saas(), rules=(narrowed,)), parties=parties)
    (insert,) = result.recommendations
    assert insert.after.startswith("15A. Service Warranty. Administrator warrants")
    applied = apply_edit_to_model(model, resolve_edit(model, insert.edit)).text
    at = applied.index(insert.after)
    assert applied.index("15. Additional Representations") < at < applied.index("16. Notice.")


def test_a_statement_of_work_filed_alone_gets_no_clause_of_the_agreement_it_is_part_of() -> None:
    # "STATEMENT OF WORK - APPENDIX A This Statement of Work is issued to and made part of that
    # Software Development Agreement ..." (the agreement itself was not filed): an IP indemnity and a
    # warranty went in as its sections 8 and 9, after "7. Acknowledgement by Client". They belong in
    # the agreement, which may well have them; likewise an exhibit "incorporated into and made a part
    # of the Master Services Agreement".
    parties = Parties(us="Client", them="Developer", side="customer", corrected=True)
    sow = _cuad_train("PelicanDeliversInc_20200211")
    for result in ENGINE.analyze(sow, _only("provider-warranty", "vendor-ip-indemnity"), parties=parties):
        assert result.status == "missing" and result.recommendations == ()
        assert "part of the Software Development Agreement" in result.message
    exhibit = _cuad_train("KUBIENT,INC_07_02_2020")
    (result,) = ENGINE.analyze(exhibit, _only("vendor-ip-indemnity"))
    assert result.recommendations == () and "part of the Master Services Agreement" in result.message


def test_a_drug_developers_technology_is_no_software_whose_functionality_or_security_is_warranted() -> None:
    # A joint development of biopharmaceuticals ("iBio's Technology", vectors, a "regulatory
    # application"): the vendor warranty promised that iBio "will not materially decrease the
    # functionality or security of the services". That promise is for software; a software
    # licence keeps it.
    from contracts.naming import adapt_terms

    warranty = next(r for r in _saas().rules if r.id == "provider-warranty").positions[0]
    text, notes = adapt_terms(warranty, _cuad_train("IbioInc_20200313"))
    assert "functionality or security" not in text and any("not about software" in n for n in notes)
    licence = _cuad_train("SFGFINANCIALCORP_05_12_2009")
    assert "functionality or security" in adapt_terms(warranty, licence)[0]


def test_an_upfront_payment_on_signing_is_no_invoice_payment_term() -> None:
    # "(i) within thirty Business Days from the date of this Agreement, CNS will make an upfront
    # payment of $225,000 to WPD": the payment rule made it "within thirty days", shortening our own
    # window to pay a one-off amount no invoice asks for.
    model = _cuad_train("CnsPharmaceuticalsInc_20200326")
    parties = Parties(us="CNS", them="WPD", side="customer", corrected=True)
    (result,) = ENGINE.analyze(model, _only("payment-terms"), parties=parties)
    assert not any("upfront payment" in (r.before or "") for r in result.recommendations)
    assert not any("upfront payment" in e.sentence for e in result.evidence)


def test_a_name_the_contract_writes_throughout_is_what_it_licenses_though_no_definition_was_read() -> None:
    # A drug licence writes "Licensed Product" seventy times, its definition not in a form the terms
    # reader takes: the IP indemnity said "the Services" (undefined) and was held back; the
    # licensee asks for one on the Licensed Product.
    model = _cuad_train(NLS)
    parties = Parties(us="Eurofarma", them="NLS", side="customer", corrected=True)
    (result,) = ENGINE.analyze(model, _only("vendor-ip-indemnity"), parties=parties)
    (insert,) = result.recommendations
    assert "alleging that the Licensed Product infringes or misappropriates" in insert.after
    assert not insert.defects


# --- Round 6, set B: a clause the contract has, in words the rule's search did not read -------------


def test_a_warranty_or_ip_indemnity_in_other_words_is_found_and_not_inserted_again() -> None:
    # "(a) Provider represents, warrants and agrees that the Services shall be provided in good faith";
    # "XIMAGE hereby indemnifies and agrees to hold MORPHO harmless from any claim of any third party
    # that any of the Software infringes ..."; "Consultant agrees to indemnify ... (iv) any violation
    # or claimed violation of a third party's rights resulting ... from the Company's use of the
    # Inventions or other deliverables": each was reported missing and inserted again.
    cases = (
        ("ABILITYINC_06_15_2020", "Recipient", "Provider", "provider-warranty", "Provider represents, warrants"),
        ("IMAGEWARESYSTEMSINC_12_20_1999", "MORPHO", "XIMAGE", "vendor-ip-indemnity", "XIMAGE hereby indemnifies"),
        ("DRIVENDELIVERIES,INC_05_22_2020", "Company", "Consultant", "vendor-ip-indemnity", "Consultant agrees to indemnify"),
    )
    for prefix, us, them, rule_id, found in cases:
        parties = Parties(us=us, them=them, side="customer", corrected=True)
        (result,) = ENGINE.analyze(_cuad_train(prefix), _only(rule_id), parties=parties)
        assert result.status == "ok" and result.recommendations == (), prefix
        assert any(found in e.sentence for e in result.evidence), prefix


def test_an_insertion_goes_before_the_place_and_date_line_of_a_signature_block() -> None:
    # "... executed in writing by the party making the waiver." / "[Illegible], 31 January, 1994 -
    # ------" / "/s/ [Illegible] ... XIMAGE SAGEM": a clause at the end of the body went in between
    # the date line and the signatures.
    model = _cuad_train("IMAGEWARESYSTEMSINC_12_20_1999")
    point = insertion_point(structure_of(model))
    assert point is not None
    index = next(i for i, p in enumerate(model.paragraphs) if p.locator == point.locator)
    assert model.paragraphs[index].text.rstrip().endswith("executed in writing by the party making the waiver.")


def test_a_figure_said_again_in_its_sentence_changes_with_it() -> None:
    # "the CBP shall pay such amounts as may be owed sixty (60) days from the 10th calendar day of the
    # month ... or on the following working day if day sixty (60) is not a working day": the payment
    # rule changed the first to thirty and left "day sixty (60)".
    model = _cuad_train("TELEGLOBEINTERNATIONALHOLDINGSLTD_03_29_2004")
    parties = Parties(us="Advantage Telecommunications Ltd.", them="Cable & Wireless Global Network Limited",
                      side="customer", corrected=True)  # fmt: skip
    (result,) = ENGINE.analyze(model, _only("payment-terms"), parties=parties)
    assert result.recommendations
    for proposal in result.recommendations:
        assert "owed thirty (30) days" in proposal.after and "if day thirty (30) is not" in proposal.after
        applied = apply_edit_to_model(model, resolve_edit(model, proposal.edit)).text
        assert "day sixty (60)" not in applied.split("owed thirty (30) days", 1)[1][:200]


def test_an_ip_indemnity_goes_beside_the_contracts_ip_indemnity_not_after_the_first_duty_to_indemnify() -> None:
    # "9.2.11 ELEPHANT TALK bears the risk of and shall indemnify T-Mobile against high usage, fraud
    # and bed debts" (billing) is the first duty to indemnify; "15.4 ELEPHANT TALK will defend,
    # indemnify and will hold T-Mobile harmless from ... a third party alleging that the ELEPHANT
    # TALK Wholesale Services, constitute an infringement ..." is its mirror image, under 15
    # Intellectual Property Rights. The hosting provider's IP indemnity went in as 9.2.12.
    model = _cuad_train("PareteumCorp_20081001")
    parties = Parties(us="ELEPHANT TALK", them="T-Mobile", side="customer", corrected=True)
    (result,) = ENGINE.analyze(model, _only("vendor-ip-indemnity"), parties=parties)
    (insert,) = result.recommendations
    assert insert.after.startswith("15.")
    applied = apply_edit_to_model(model, resolve_edit(model, insert.edit)).text
    at = applied.index(insert.after)
    assert applied.index("15.4 ELEPHANT TALK will defend") < at < applied.index("16.  SIM CARDS")


def test_a_warranty_is_never_anchored_in_our_warranty_or_a_non_reliance_clause_nor_placed_after_the_signatures() -> None:
    # The hosting customer's "2.7 ... ELEPHANT TALK warrants T-Mobile that ..." (ours: the preamble's
    # short names were not read, the parties are their legal names) took the provider's warranty as
    # 2.7A; then "20.4.2 Each Party acknowledges that ... it shall not rely on any representation,
    # warranty or other assurance" (an entire-agreement clause); then the end of the body read past
    # "Signed in September 17, 2008" / "For T-Mobile Netherlands B.V. /s/ Niek Jan van Damme ...".
    model = _cuad_train("PareteumCorp_20081001")
    parties = Parties(us="Elephant Talk Communication Holding AG", them="T-MOBILE NETHERLANDS B.V.",
                      side="customer", corrected=True)  # fmt: skip
    (result,) = ENGINE.analyze(model, _only("provider-warranty"), parties=parties)
    (insert,) = result.recommendations
    index = model.positions[insert.edit.locator]
    (signed,) = [i for i, p in enumerate(model.paragraphs) if p.text.startswith("Signed in September 17, 2008")]
    assert index < signed
    assert "ELEPHANT TALK warrants T-Mobile" not in model.paragraphs[index].text
    assert "shall not rely on any representation, warranty" not in model.paragraphs[index].text
