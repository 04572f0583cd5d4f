"""A replacement rewrites the clause, not one sentence of it: what round 24's fourth look read
(docs/decisions/redlines-qa.md, "Round 24 lawyer read", class 1): a change power replaced while the
next sentences still make "the modified terms" effective on posting; a one-way assignment right
replaced while the customer's bar, two sentences earlier, stays. Text in our own words; each test
fails on the tree that look ran on (3f860ed)."""

from __future__ import annotations

from contracts.back_references import lost_reference
from contracts.naming import Parties
from tests.review.factories import library_results as _results
from tests.review.factories import text_model as _doc

_PREAMBLE = (
    "Lantern Cloud Customer Agreement",
    "This Customer Agreement is between Lantern Cloud, Inc. (\u201cLantern\u201d, \u201cwe\u201d, \u201cus\u201d) "
    "and the entity that accepts it (\u201cyou\u201d).",
    "1. Services. We will provide the Services to you under this Agreement. You will pay the fees.",
)

# The preamble names the customer only as "you": the parties as the lawyer confirms them on upload.
_LANTERN = Parties(us="you", them="Lantern", side="customer", corrected=True)


def test_the_sentences_that_make_the_changes_effective_go_with_the_power_to_change() -> None:
    model = _doc(
        *_PREAMBLE,
        "7. Changes to this Agreement.",
        "We may change this Agreement at any time by posting a new version on our website. The amended terms take "
        "effect when posted. If you keep using the Services after that, you accept the amended terms. We last "
        "updated this Agreement on the date below.",
        "8. Governing Law. This Agreement is governed by the laws of the State of New York.",
    )
    result = _results(model, "saas-customer", "unilateral-changes")["unilateral-changes"]
    (edit,) = result.recommendations
    assert edit.before.startswith("We may change this Agreement at any time")
    assert "The amended terms take effect when posted." in edit.before
    assert "you accept the amended terms." in edit.before
    # The sentence that only dates the form stays.
    assert "We last updated" not in edit.before


def test_a_title_naming_the_change_is_no_statement_of_it() -> None:
    removed = "We may modify this Agreement at any time by posting it."
    sentence = "The modified terms are effective on posting."
    assert lost_reference(sentence, before="9. Modifications.", removed=removed, written="", follows=True) is not None
    # Where the new wording still allows modifications, "the modified terms" keeps its meaning.
    kept = lost_reference(
        sentence, before="", removed=removed, written="We may modify it on 60 days' notice.", follows=True
    )
    assert kept is None


def test_a_mutual_assignment_replaces_the_one_way_bar_before_the_vendors_right_and_keeps_what_stood_between() -> None:
    model = _doc(
        *_PREAMBLE,
        "12. Assignment. You will not assign or otherwise transfer this Agreement or your rights under it without "
        "our prior written consent. Any transfer in breach of this Section 12 is void. We may assign this Agreement "
        "without your consent to an affiliate or to a buyer of our business. This Agreement binds the parties' "
        "permitted successors.",
        "13. Governing Law. This Agreement is governed by the laws of the State of New York.",
    )
    result = _results(model, "saas-customer", "assignment")["assignment"]
    (edit,) = result.recommendations
    assert edit.before.startswith("You will not assign or otherwise transfer this Agreement")
    assert "We may assign this Agreement without your consent" in edit.before
    assert edit.after.startswith("Neither")
    # The sentence between the two is the contract's own, kept after the mutual wording.
    assert edit.after.endswith("Any transfer in breach of this Section 12 is void.")
    assert "permitted successors" not in edit.before


def test_a_sentence_between_that_leans_on_the_bar_stops_the_rewrite_at_the_vendors_right() -> None:
    model = _doc(
        *_PREAMBLE,
        "12. Assignment. You will not assign or otherwise transfer this Agreement or your rights under it without "
        "our prior written consent. Such consent may be given or withheld in our sole discretion. We may assign this "
        "Agreement without your consent to an affiliate or to a buyer of our business.",
        "13. Governing Law. This Agreement is governed by the laws of the State of New York.",
    )
    result = _results(model, "saas-customer", "assignment")["assignment"]
    (edit,) = result.recommendations
    assert edit.before.startswith("We may assign this Agreement")


def test_a_sentence_between_the_power_and_one_that_leans_on_it_goes_with_them() -> None:
    model = _doc(
        *_PREAMBLE,
        "7. Changes.",
        "Lantern may amend this Agreement at any time. Material changes will be announced on the Lantern status "
        "page. Continued use of the Services afterwards is acceptance of the amended terms.",
        "8. Waiver. No waiver is effective unless in writing.",
    )
    result = _results(model, "saas-customer", "unilateral-changes", parties=_LANTERN)["unilateral-changes"]
    (edit,) = result.recommendations
    assert edit.before.startswith("Lantern may amend this Agreement at any time.")
    assert edit.before.endswith("acceptance of the amended terms.")
    assert not edit.defects


def _with_sections(*sections: tuple[str, str]) -> object:
    """The preamble, then each (title, text) as a Word heading of level 3 and a paragraph (the
    layout of published terms with unnumbered headings)."""
    from documents.docx.model import Paragraph, TextModel

    lines = [Paragraph(locator=f"p{i}", text=t) for i, t in enumerate(_PREAMBLE, 1)]
    for title, text in sections:
        lines.append(Paragraph(locator=f"p{len(lines) + 1}", text=title, style="Heading 3", heading_level=3))
        lines.append(Paragraph(locator=f"p{len(lines) + 1}", text=text))
    return TextModel(paragraphs=tuple(lines))


_LIABILITY = ("Liability", "Each party's liability is limited to the fees paid in the twelve months before the claim.")


def test_a_section_titled_warranty_that_sets_out_the_vendors_remedy_is_compared_not_duplicated() -> None:
    warranty = (
        "Faults in the Lantern Cloud platform shall be remedied within a reasonable time after you describe them to "
        "Lantern. Lantern may replace a faulty release with one free of the fault. Claims under this section lapse "
        "twelve months after the fault first shows."
    )
    model = _with_sections(("Warranty", warranty), _LIABILITY)
    result = _results(model, "saas-customer", "provider-warranty", parties=_LANTERN)["provider-warranty"]
    assert not result.recommendations
    assert "Faults in the Lantern Cloud platform" in result.message
    # A section of that title that only disclaims holds no warranty: the clause is proposed.
    disclaimer = "THE PLATFORM IS PROVIDED AS IS. Lantern does not warrant that it will be free of faults."
    model = _with_sections(("Warranty", disclaimer), _LIABILITY)
    result = _results(model, "saas-customer", "provider-warranty", parties=_LANTERN)["provider-warranty"]
    assert [r.action for r in result.recommendations] == ["insert"]
    # Nor is a section that names more than the kind another party's promise ("Customer
    # Obligations and Warranties"), however it speaks of Lantern.
    model = _with_sections(("Customer Obligations and Warranties", warranty), _LIABILITY)
    result = _results(model, "saas-customer", "provider-warranty", parties=_LANTERN)["provider-warranty"]
    assert [r.action for r in result.recommendations] == ["insert"]


def test_the_sentence_that_exercises_an_objection_to_the_modifications_goes_with_the_power() -> None:
    model = _doc(
        *_PREAMBLE,
        "7. Modifications. Lantern may modify this Agreement from time to time on notice to you. If you object in "
        "writing, you may terminate this Agreement. To exercise this right, you must object within thirty (30) days "
        "of Lantern's notice of the modifications.",
        "8. Governing Law. This Agreement is governed by the laws of the State of New York.",
    )
    result = _results(model, "saas-customer", "unilateral-changes", parties=_LANTERN)["unilateral-changes"]
    (edit,) = result.recommendations
    assert edit.before.endswith("of Lantern's notice of the modifications.")


def test_the_playbooks_wording_is_written_once_where_two_passages_give_the_same_power() -> None:
    model = _doc(
        *_PREAMBLE,
        "Changes: you agree that Lantern may modify this Agreement as Section 7 provides.",
        "7. Modifications. Lantern may modify this Agreement at any time by posting a new version on its website, "
        "and will tell you of any change that reduces the Services.",
        "8. Governing Law. This Agreement is governed by the laws of the State of New York.",
    )
    result = _results(model, "saas-customer", "unilateral-changes", parties=_LANTERN)["unilateral-changes"]
    actions = {r.before.split()[0]: r.action for r in result.recommendations}
    assert actions == {"Changes:": "delete", "Lantern": "replace"}
    struck = next(r for r in result.recommendations if r.action == "delete")
    assert "replaces the same matter where the contract sets it out" in struck.explanation


def test_withdrawing_a_beta_at_any_time_is_no_right_to_terminate_for_convenience() -> None:
    model = _doc(
        *_PREAMBLE,
        "4. Beta Features. Lantern may terminate your right to use any Beta Feature at any time for any reason.",
        "5. Term. This Agreement runs for the Subscription Term and ends at its expiry.",
    )
    result = _results(model, "saas-customer", "vendor-termination-for-convenience", parties=_LANTERN)
    assert not result["vendor-termination-for-convenience"].recommendations


def test_a_mutual_duty_does_not_replace_an_item_of_one_partys_rules_of_conduct() -> None:
    from documents.docx.model import Paragraph, TextModel

    lines = [Paragraph(locator=f"p{i}", text=t) for i, t in enumerate(_PREAMBLE, 1)]
    lines += [
        Paragraph(locator="p4", text="9. Forum. Lantern runs a user forum.", num_id="3", num_level=0),
        Paragraph(locator="p5", text="You agree to use the forum under the following rules:", num_id="3", num_level=1),
        Paragraph(locator="p6", text="You will keep posts sent to you privately as confidential and will not pass "
                  "them on without the sender's permission.", num_id="3", num_level=2),
        Paragraph(locator="p7", text="You will not harass other users.", num_id="3", num_level=2),
        Paragraph(locator="p8", text="10. Governing Law. This Agreement is governed by the laws of New York."),
    ]
    model = TextModel(paragraphs=tuple(lines))
    result = _results(model, "saas-customer", "mutual-confidentiality", parties=_LANTERN)["mutual-confidentiality"]
    assert all(r.action == "insert" for r in result.recommendations)
    assert "an item of a list of one party's undertakings" in result.message


def test_a_reserved_right_to_change_the_terms_is_rewritten_with_the_sentences_that_run_it() -> None:
    model = _doc(
        *_PREAMBLE,
        "11. Changes to these Terms",
        "We reserve the right, in our sole judgment, to change this Agreement at any time. Review this Agreement "
        "from time to time. We may tell you of a change by email. If you reject the changed terms, you must stop "
        "using the Services. These Terms were written in English.",
        "12. Governing Law. This Agreement is governed by the laws of the State of New York.",
    )
    result = _results(model, "saas-customer", "unilateral-changes", parties=_LANTERN)["unilateral-changes"]
    (edit,) = result.recommendations
    assert edit.before.startswith("We reserve the right, in our sole judgment, to change this Agreement")
    assert edit.before.endswith("you must stop using the Services.")
    assert not edit.defects


def test_the_services_changing_subject_to_the_terms_is_no_power_to_change_the_terms() -> None:
    model = _doc(
        *_PREAMBLE,
        "10. The Services. You agree that the Services which Lantern provides may change from time to time without "
        "prior notice, subject to the terms of this Agreement.",
    )
    result = _results(model, "saas-customer", "unilateral-changes", parties=_LANTERN)["unilateral-changes"]
    assert not result.recommendations


def test_a_reserved_right_to_vary_the_contract_is_a_power_to_change_it() -> None:
    # English drafting's word (round 25's fourth look): "vary this Contract".
    model = _doc(
        *_PREAMBLE,
        "15. Variation. 15.1 We reserve the right to vary this Contract from time to time as our business develops.",
        "16. Governing Law. This Contract is governed by the laws of England and Wales.",
    )
    result = _results(model, "saas-customer", "unilateral-changes", parties=_LANTERN)["unilateral-changes"]
    (edit,) = result.recommendations
    assert "We reserve the right to vary this Contract" in edit.before


def test_the_sentence_that_publishes_such_variation_goes_with_the_power_to_vary() -> None:
    model = _doc(
        *_PREAMBLE,
        "15. Variation. 15.1 We reserve the right to vary this Contract from time to time. Any such variation will "
        "be published on our website.",
        "16. Governing Law. This Contract is governed by the laws of England and Wales.",
    )
    result = _results(model, "saas-customer", "unilateral-changes", parties=_LANTERN)["unilateral-changes"]
    (edit,) = result.recommendations
    assert edit.before.endswith("Any such variation will be published on our website.")
