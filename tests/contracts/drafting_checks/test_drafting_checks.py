"""Drafting checks: each check on a contract written to have (and not have) the problem, the
playbook switch, and the results through the engine."""

from __future__ import annotations

from contracts import drafting_checks
from documents.docx.edit import apply_edit_to_model
from playbooks.loader import load_playbook
from playbooks.rules import PlaybookSpec
from review.engine.playbook import PlaybookEngine
from tests.review.engine.helpers import model_of, rule

CONTRACT = (
    'This Agreement is made between Acme Inc. ("Supplier") and Beta LLC ("Customer").',
    "1. Definitions.",
    '1.1 "Products" means the goods listed in the Order.',
    '1.2 "Territory" means the United Kingdom.',
    '1.3 "Confidential Information" means information marked confidential.',
    '1.4 "Order" means a purchase order from Customer.',
    '1.5 "Delivery Date" means the date in the Order; "Price" means the price in the Order; "Invoice" means '
    'an invoice for the Price; "Specifications" means the specifications in the Order.',
    "2. Supply.",
    "2.1 Supplier shall deliver the Products to Customer within thirty (60) days of each Order, on the Delivery "
    "Date, to the Specifications.",
    "2.2 Customer shall pay the Price for the Products within ten (10) days of the Invoice, as Section 2.1 says.",
    "2.4 Customer shall keep the Confidential Information secret and return the Licensed Materials (as defined "
    "below) to Supplier.",
    "3. Term.",
    "3.1 The Licensed Materials remain with Supplier. Section 1.6 applies to any dispute.",
    "3.1 This Agreement ends when Supplier stops making the Products.",
)


def by_check(model) -> dict[str, list[drafting_checks.Finding]]:  # type: ignore[no-untyped-def]
    out: dict[str, list[drafting_checks.Finding]] = {}
    for finding in drafting_checks.findings(model):
        out.setdefault(finding.check, []).append(finding)
    return out


def test_each_check_finds_its_problem_and_only_it() -> None:
    found = by_check(model_of(*CONTRACT))
    assert [f.text for f in found["hygiene-undefined-term"]] == ["Licensed Materials"]
    assert [f.text for f in found["hygiene-unused-term"]] == ["Territory"]
    assert [f.text for f in found["hygiene-missing-reference"]] == ["Section 1.6"]
    assert sorted(f.message for f in found["hygiene-numbering"]) == [
        "Clause 3.1 repeats the number before it.",
        "The numbering skips from 2.2 to 2.4: there is no 2.3.",
    ]
    (mismatch,) = found["hygiene-words-digits"]
    assert mismatch.text == "thirty (60)"
    assert "the words say 30 and the figure says 60" in mismatch.message


def test_a_clean_contract_has_no_findings() -> None:
    clean = model_of(
        'This Agreement is made between Acme Inc. ("Supplier") and Beta LLC ("Customer").',
        '1. "Products" means the goods in the Order. "Territory" means the United Kingdom.',
        "2. Supplier shall deliver the Products in the Territory within thirty (30) days, see Section 1.",
        "3. Customer shall pay for the Products within ten (10) days; Section 2 applies.",
        "4. Notices go to Customer and Supplier in the Territory.",
        "5. English law governs.",
    )
    assert drafting_checks.findings(clean) == []


def test_words_and_digits_offers_both_fixes() -> None:
    model = model_of(*CONTRACT)
    (mismatch,) = by_check(model)["hygiene-words-digits"]
    (figure_label, figure), (words_label, words) = mismatch.fixes
    assert "within thirty (30) days" in apply_edit_to_model(model, figure).get("p9").text
    assert "within sixty (60) days" in apply_edit_to_model(model, words).get("p9").text
    assert "figure match the words" in figure_label and "words match the figure" in words_label


def test_terms_defined_in_capitals_are_used_in_title_case() -> None:
    model = model_of(
        '1.1 "SOFTWARE" means the program. "UPDATE(S)" means fixes. "ESCROW AGENT" means the agent.',
        "1.2 The Software and its Updates are licensed. The Software runs.",
        "1.3 Nothing else.",
    )
    found = by_check(model)
    assert [f.text for f in found.get("hygiene-unused-term", [])] == ["ESCROW AGENT"]


def test_terms_defined_in_another_document_are_not_reported_undefined() -> None:
    model = model_of(
        *CONTRACT, "Capitalized terms used but not defined herein have the meanings in the Master Agreement."
    )
    assert "hygiene-undefined-term" not in by_check(model)


def test_the_playbook_switch_and_the_results_like_rules() -> None:
    spec = load_playbook(
        "name: Checks\nhygiene: true\nrules:\n  - id: law\n    title: Law\n    find: {any: [governed]}\n"
        "    check: {must_not_exist: true}\n"
    )
    assert isinstance(spec, PlaybookSpec) and spec.hygiene
    assert PlaybookSpec.from_dict(spec.to_dict()).hygiene
    results = PlaybookEngine().analyze(model_of(*CONTRACT), spec, citation_label="Checks v1")
    by_id = {r.rule_id: r for r in results}
    assert list(by_id) == ["law", *drafting_checks.CHECKS]
    words = by_id["hygiene-words-digits"]
    assert words.status == "issue" and len(words.recommendations) == 2
    assert all("hygiene-words-digits @ Checks v1" in p.explanation for p in words.recommendations)
    assert by_id["hygiene-unused-term"].status == "issue" and not by_id["hygiene-unused-term"].recommendations
    assert "Territory" in by_id["hygiene-unused-term"].message
    # A hygiene check is a rule of the playbook for the workflow (revise, re-resolve).
    assert spec.rule("hygiene-words-digits").id == "hygiene-words-digits"
    off = PlaybookEngine().analyze(
        model_of(*CONTRACT),
        PlaybookSpec(name="x", rules=(rule(id="law", find={"any": ["governed"]}, check={"must_not_exist": True}),)),
    )
    assert [r.rule_id for r in off] == ["law"]


def test_hygiene_must_be_true_or_false() -> None:
    from playbooks.loader.issues import PlaybookInvalid

    try:
        load_playbook(
            "name: Checks\nhygiene: maybe\nrules:\n  - id: law\n    title: Law\n    find: {any: [x]}\n"
            "    check: {must_not_exist: true}\n"
        )
    except PlaybookInvalid as exc:
        assert "hygiene" in str(exc) and "true or false" in str(exc)
    else:
        raise AssertionError("hygiene: maybe was accepted")


GLOSSARY = tuple(f'1.{i} "{t}" means the {t.lower()} of the Order.' for i, t in enumerate(
    ("Products", "Territory", "Order", "Price", "Invoice", "Delivery Date", "Specifications", "Warranty"), start=1
))  # fmt: skip


def test_a_phrase_merely_shaped_like_a_defined_term_is_found_but_not_reported() -> None:
    model = model_of(
        'This Agreement is made between Acme Inc. ("Supplier") and Beta LLC ("Customer").',
        "1. Definitions.",
        *GLOSSARY,
        "2. Supplier shall deliver the Products in the Territory at the Price, with the Invoice.",
        "3. Customer shall pay the Contract Price on the Delivery Date to the Specifications under the Warranty.",
        "4. The Contract Price excludes taxes, and any Order is subject to the Contract Price.",
    )
    reported = [f.text for f in drafting_checks.findings(model) if f.check == "hygiene-undefined-term"]
    every = [(f.text, f.confidence) for f in drafting_checks.findings(model, at=0) if f.check == "hygiene-undefined-term"]
    assert reported == [] and every == [("Contract Price", 0.5)]


def test_a_references_chain_to_another_agreement_is_not_missing() -> None:
    model = model_of(
        'This Agreement is made between Acme Inc. ("Supplier") and Beta LLC ("Customer").',
        "1. Supply.",
        "1.1 Supplier supplies.",
        "1.2 Customer buys, subject to Section 1.3 (Payment), Section 1.4 (Audit) of the Separation Agreement.",
        "1.3 Customer pays under Section 1.4 or 1.5, respectively, of the applicable Transfer Agreement.",
        "1.4 Customer audits, and Section 1.5 applies.",
        "2. Term.",
        "3. Law.",
    )
    assert [f.text for f in drafting_checks.findings(model) if f.check == "hygiene-missing-reference"] == ["Section 1.5"]


def test_a_table_of_contents_and_a_list_inside_a_clause_are_not_numbering_errors() -> None:
    model = model_of(
        "TABLE OF CONTENTS",
        "1. DEFINITIONS .......... 2",
        "2. TERM .......... 3",
        'This Agreement is made between Acme Inc. ("Supplier") and Beta LLC ("Customer").',
        "1. DEFINITIONS",
        "2. TERM",
        "3. FEES",
        "Customer pays: 1. all postage; 2. all storage;",
        "4. LAW",
    )
    assert [f.message for f in drafting_checks.findings(model) if f.check == "hygiene-numbering"] == []


def test_other_names_of_one_definition_count_as_uses() -> None:
    model = model_of(
        'This Agreement is made between Acme Inc. ("Supplier") and Beta LLC ("Customer").',
        '1. "GLP" or "Good Laboratory Practices" means the rules. "Day" or "Daily" means a day.',
        "2. Supplier follows GLP each Day; GLP applies.",
        "3. Customer pays in each Day.",
    )
    assert [f.text for f in drafting_checks.findings(model) if f.check == "hygiene-unused-term"] == []


def test_the_checks_results_are_listed_in_their_registered_order_whatever_the_import_order() -> None:
    assert list(drafting_checks.CHECKS) == [
        "hygiene-undefined-term",
        "hygiene-unused-term",
        "hygiene-missing-reference",
        "hygiene-numbering",
        "hygiene-words-digits",
    ]
