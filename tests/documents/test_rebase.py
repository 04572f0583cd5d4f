"""documents/docx/rebase.py: proposals move word by word over accepted edits and never change the
words those edits wrote."""

from __future__ import annotations

from documents.docx.edit import apply_edit_to_model
from documents.docx.model import Edit, Paragraph, TextModel
from documents.docx.rebase import Rebased, Step, keep_accepted, rebase, written_spans

TEXT = "Renewal terms of three (3) years unless Customer gives notice at least ninety (90) days before."


def model(text: str = TEXT) -> TextModel:
    return TextModel(paragraphs=(Paragraph(locator="p1", text=text),))


def replace(before: str, after: str, text: str = TEXT) -> Edit:
    return Edit(kind="replace", locator="p1", before=before, after=after, start=text.index(before))


def test_a_proposal_moves_over_an_accepted_edit_elsewhere_in_the_sentence():
    accepted = replace("three (3) years", "one (1) year")
    v2 = apply_edit_to_model(model(), accepted)
    proposal = replace("ninety (90) days", "sixty (60) days")
    moved = rebase(proposal, [accepted], v2)
    assert not moved.dropped
    assert apply_edit_to_model(v2, moved.edit).get("p1").text == (
        "Renewal terms of one (1) year unless Customer gives notice at least sixty (60) days before."
    )


def test_the_words_an_accepted_edit_changed_are_dropped_from_the_proposal_and_the_rest_applies():
    accepted = replace("three (3) years", "two (2) years")
    v2 = apply_edit_to_model(model(), accepted)
    whole = replace("three (3) years unless Customer", "one (1) year unless either party")
    moved = rebase(whole, [accepted], v2)
    assert moved.dropped
    assert apply_edit_to_model(v2, moved.edit).get("p1").text == (
        "Renewal terms of two (2) years unless either party gives notice at least ninety (90) days before."
    )


def test_nothing_left_when_the_accepted_edit_decided_every_word():
    accepted = replace("ninety (90) days", "sixty (60) days")
    v2 = apply_edit_to_model(model(), accepted)
    assert rebase(replace("ninety (90) days", "thirty (30) days"), [accepted], v2).edit is None


def test_written_spans_follow_later_edits_and_keep_accepted_filters_a_fresh_proposal():
    first = replace("three (3) years", "two (2) years")
    v2 = apply_edit_to_model(model(), first)
    second = replace("Customer", "either party", v2.get("p1").text)
    v3 = apply_edit_to_model(v2, second)
    text = v3.get("p1").text
    spans = written_spans([first, second])["p1"]
    assert sorted(text[a:b] for a, b in spans) == ["either party", "two (2"]  # "three (3" -> "two (2"
    fresh = replace("two (2) years unless either party", "one (1) year unless either party", text)
    assert keep_accepted(fresh, {"p1": spans}, v3).edit is None
    untouched = replace("ninety (90)", "sixty (60)", text)
    assert keep_accepted(untouched, {"p1": spans}, v3).edit == untouched


def test_a_deleted_paragraph_leaves_nothing_to_rebase():
    gone = Edit(kind="delete_paragraph", locator="p1", before=TEXT)
    empty = TextModel(paragraphs=(Paragraph(locator="p2", text="x"),))
    assert rebase(replace("Customer", "either party"), [gone], empty).edit is None


def test_an_undone_edit_and_its_undo_are_carried_through_but_their_words_are_not_accepted_words():
    first = replace("three (3) years", "two (2) years")
    v2 = apply_edit_to_model(model(), first)
    second = replace("Customer", "either party", v2.get("p1").text)
    v3 = apply_edit_to_model(v2, second)
    undo = Edit(kind="replace", locator="p1", before="two (2) years", after="three (3) years",
                start=v3.get("p1").text.index("two (2) years"))
    v4 = apply_edit_to_model(v3, undo)
    chain = [Step(first, in_force=False), second, Step(undo, in_force=False)]
    text = v4.get("p1").text
    # Only the edit still in force wrote accepted words, at their place after the undo.
    assert [text[a:b] for a, b in written_spans(chain)["p1"]] == ["either party"]
    fresh = replace("three (3) years", "one (1) year", text)
    assert keep_accepted(fresh, written_spans(chain), v4).edit == fresh  # the contract's own words again
    # A proposal elsewhere moves over the pair exactly; one on the undone words is not carried
    # (they were changed and put back) and is left to be worked out afresh.
    later = rebase(replace("ninety (90) days", "sixty (60) days"), chain, v4)
    assert not later.dropped and apply_edit_to_model(v4, later.edit).get("p1").text == text.replace("ninety (90)",
                                                                                                      "sixty (60)")
    assert rebase(replace("three (3) years", "one (1) year"), chain, v4) == Rebased(None)


def test_a_proposal_for_the_next_sentence_is_kept_beside_an_accepted_proviso() -> None:
    # (round 31: a termination right proposed for "All Orders are non-cancellable" was superseded once a
    # suspension proviso ending at the full stop before it had been accepted; the two sentences are apart)
    text = "Lantern may suspend its performance without notice. All Orders are non-cancellable."
    accepted = replace("without notice.", "without notice, provided that it warns Customer first.", text)
    v2 = apply_edit_to_model(model(text), accepted)
    after = v2.get("p1").text
    spans = written_spans([accepted])
    fresh = replace("All Orders are non-cancellable.", "Customer may terminate for convenience.", after)
    assert keep_accepted(fresh, spans, v2).edit == fresh


def test_a_proposal_for_the_sentence_after_a_struck_one_is_kept_whole() -> None:
    # (a replacement whose first words stood right after a sentence an accepted edit struck lost them, and
    # "Lantern will inform you about revisions to this Agreement must be in writing ..." was written)
    text = "You check the site. Lantern may modify this Agreement. Lantern will inform you about revisions by email."
    accepted = replace("Lantern may modify this Agreement. ", "", text)
    v2 = apply_edit_to_model(model(text), accepted)
    after = v2.get("p1").text
    fresh = replace(
        "Lantern will inform you about revisions by email.", "Any change must be in writing and signed.", after
    )
    assert keep_accepted(fresh, written_spans([accepted]), v2).edit == fresh
