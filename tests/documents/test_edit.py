"""Format-preserving edits on tricky.docx and the corpora; the model and the XML agree."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lxml import etree

from documents.docx.edit import apply_edit_to_model, resolve_edit
from documents.docx.model import Edit, EditError, TextModel
from documents.docx.replay import materialise
from documents.docx.textmodel import build_text_model
from tests.conftest import shared_data
from tests.documents.factories import tricky_bytes
from tests.documents.helpers import document_root, model_texts, q, sample_edits

CORPUS = [
    *[("forms", "commonpaper_docx", p.name) for p in sorted(Path(shared_data("forms", "commonpaper_docx")).glob("*.docx"))],
    *[("cuad", "docx", p.name) for p in sorted(Path(shared_data("cuad", "docx")).glob("*.docx"))],
]
R_ID = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"
P7 = "Each party shall keep the Confidential Information   strictly confidential."


def apply_all(data: bytes, edits: list[Edit]) -> tuple[TextModel, list[Edit], bytes]:
    model = build_text_model(data)
    resolved = []
    for edit in edits:
        edit = resolve_edit(model, edit)
        model = apply_edit_to_model(model, edit)
        resolved.append(edit)
    return model, resolved, materialise(data, resolved)


def body_paragraphs(data: bytes) -> list:
    return list(document_root(data).find(q("body")).iter(q("p")))


def runs(paragraph) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    """(text, run properties as XML) of each run that has text, in order."""
    out = []
    for run in paragraph.iter(q("r")):
        text = "".join(t.text or "" for t in run.iter(q("t")))
        if text:
            rpr = run.find(q("rPr"))
            out.append((text, etree.tostring(rpr).decode() if rpr is not None else ""))
    return out


def structure(paragraph) -> list[str]:  # type: ignore[no-untyped-def]
    """Every non-run element of the paragraph (hyperlinks, bookmarks, fields ...), in order."""
    keep = {"hyperlink", "bookmarkStart", "bookmarkEnd", "smartTag", "fldChar", "instrText", "proofErr", "tab"}
    out = []
    for element in paragraph.iter():
        name = etree.QName(element).localname
        if name in keep:
            detail = element.get(q("fldCharType")) or element.get(q("name")) or (element.text or "").strip()
            out.append(f"{name}:{detail}")
    return out


def test_replace_across_split_runs_takes_the_body_formatting_and_keeps_the_rest():
    original = body_paragraphs(tricky_bytes())[1]
    model, _, data = apply_all(tricky_bytes(), [Edit("replace", "p2", "Seller", "Supplier")])
    edited = body_paragraphs(data)[1]
    assert model.get("p2").text == "The Supplier shall deliver the Goods within thirty (30) days."
    before, after = runs(original), runs(edited)
    assert "<w:b/>" in before[1][1]  # "Sel": bold, not italic (a defined term)
    body = before[0][1]  # "The ": the paragraph's body text, not bold
    assert "<w:b/>" not in body
    assert after[0] == before[0]  # "The " untouched
    # The new word takes the body text's formatting, never the bold of the defined term it replaced.
    assert after[1] == ("Supplier", body)
    assert after[2:] == before[3:]  # " shall deliver the ", "Goods" (bold italic), " within ..."
    assert structure(edited) == structure(original)


def test_a_longer_replace_is_applied_word_by_word():
    before = runs(body_paragraphs(tricky_bytes())[1])
    _, _, data = apply_all(
        tricky_bytes(), [Edit("replace", "p2", "Seller shall deliver the Goods", "Vendor shall deliver the Products")]
    )
    after = runs(body_paragraphs(data)[1])
    # Only the changed words are replaced; the kept words keep their own run and formatting, and
    # the new words take the body text's (the replaced "Seller" and "Goods" were bold terms).
    body = before[0][1]
    assert after == [before[0], ("Vendor", body), before[3], ("Products", body), before[5]]


def test_edit_inside_a_hyperlink_stays_in_the_hyperlink():
    original = body_paragraphs(tricky_bytes())[2]
    _, _, data = apply_all(tricky_bytes(), [Edit("replace", "p3", "privacy policy", "cookie notice")])
    edited = body_paragraphs(data)[2]
    link = edited.find(q("hyperlink"))
    assert link is not None and link.get(R_ID) == "rId9"
    assert "".join(t.text for t in link.iter(q("t"))) == "our cookie notice"
    assert all(r.find(q("rPr")).find(q("rStyle")).get(q("val")) == "Hyperlink" for r in link.iter(q("r")))
    assert structure(edited) == structure(original)


def test_edits_next_to_a_field_keep_the_field_whole():
    original = body_paragraphs(tricky_bytes())[3]
    model, _, data = apply_all(
        tricky_bytes(),
        [Edit("replace", "p4", "Section ", "Clause "), Edit("replace", "p4", ", the Fees", ", all Fees")],
    )
    edited = body_paragraphs(data)[3]
    assert model.get("p4").text == "As defined in Clause 4.2, all Fees are payable monthly."
    fields = [s for s in structure(edited) if s.startswith(("fldChar", "instrText"))]
    assert fields == [s for s in structure(original) if s.startswith(("fldChar", "instrText"))]
    assert fields == ["fldChar:begin", "instrText:REF _Ref123 \\r \\h", "fldChar:separate", "fldChar:end"]
    assert model.get("p4").protected == ((21, 24),) and model.get("p4").text[21:24] == "4.2"
    assert build_text_model(data).get("p4").protected == model.get("p4").protected


@pytest.mark.parametrize(
    "edit",
    [
        Edit("replace", "p4", "Section 4.2", "Clause 5.1"),
        Edit("replace", "p4", "4.2", "5.1"),
        Edit("replace", "p4", "2, the", "3, the", start=24),
        Edit("replace", "p4", "", "x", start=23),
        Edit("delete_paragraph", "p4", "As defined in Section 4.2, the Fees are payable monthly."),
    ],
)
def test_edits_overlapping_a_field_are_refused(edit):
    with pytest.raises(EditError) as info:
        apply_all(tricky_bytes(), [edit])
    assert "field" in str(info.value)


def test_smart_tag_and_bookmark_survive_an_edit_around_them():
    original = body_paragraphs(tricky_bytes())[4]
    _, _, data = apply_all(tricky_bytes(), [Edit("replace", "p5", "Seattle office", "Tacoma office")])
    edited = body_paragraphs(data)[4]
    assert "".join(t.text for t in edited.find(q("smartTag")).iter(q("t"))) == "Tacoma"
    assert structure(edited) == structure(original)


def test_edits_at_paragraph_start_and_end_and_pure_insertions():
    model, _, data = apply_all(
        tricky_bytes(),
        [
            Edit("replace", "p6", "Buyer", "Customer", start=0),
            Edit("replace", "p6", "notice.", "notice to the other party."),
            Edit("replace", "p7", "", "(a) ", start=0),
            Edit("replace", "p8", "", " Signed.", start=65),
        ],
    )
    texts = model_texts(model)
    assert texts[5] == "Customer may terminate this Agreement upon sixty (60) days written notice to the other party."
    assert texts[6].startswith("(a) Each party")
    assert texts[7].endswith("by both parties. Signed.")
    assert model_texts(build_text_model(data)) == texts


def test_every_written_text_element_preserves_space():
    _, _, data = apply_all(
        tricky_bytes(),
        [Edit("replace", "p2", "Seller shall", "Vendor  will"), Edit("replace", "p8", "means ", " means  ")],
    )
    paragraphs = body_paragraphs(data)
    for index in (1, 7):
        for t in paragraphs[index].iter(q("t")):
            assert t.get(XML_SPACE) == "preserve" or t.text == (t.text or "").strip(), t.text


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (Edit("replace", "p2", "Purchaser", "Buyer"), "is not in paragraph p2"),
        (Edit("replace", "p2", "Seller", "Buyer", start=0), "no longer reads “Seller” at that position"),
        (Edit("replace", "p3", "policy", "notice"), "appears 2 times in paragraph p3"),
        (Edit("replace", "p9", "x", "y"), "Paragraph p9 is not in this version"),
        (Edit("replace", "p2", "Seller", "Seller"), "does not change anything"),
        (Edit("replace", "p2", "Seller", "Sel\x01ler"), "control characters"),
        (Edit("delete_paragraph", "p2", "The Seller"), "no longer reads"),
        (Edit("insert_after", "p2", after="  "), "has no text"),
        (Edit("insert_after", "p2", after="x", new_locator="p99"), "cannot be used"),
    ],
)
def test_refusals_are_one_clear_sentence(edit, expected):
    with pytest.raises(EditError) as info:
        apply_all(tricky_bytes(), [edit])
    assert expected in str(info.value)
    assert str(info.value).endswith(".")


def test_insert_after_is_formatted_like_its_anchor_and_delete_removes_the_paragraph():
    model, resolved, data = apply_all(
        tricky_bytes(),
        [
            Edit("insert_after", "p6", after="Either party may terminate for material breach."),
            Edit("delete_paragraph", "p7", P7),
            Edit("insert_after", "n1", after="Second\tnew\nclause."),
        ],
    )
    assert [e.new_locator for e in resolved] == ["n1", None, "n2"]
    assert [p.locator for p in model.paragraphs][5:8] == ["p6", "n1", "n2"]
    assert model.next_insert == 3
    assert model.get("n1").style == "ListNumber"
    paragraphs = body_paragraphs(data)
    assert paragraphs[6].find(f"{q('pPr')}/{q('pStyle')}").get(q("val")) == "ListNumber"
    assert paragraphs[7].find(f".//{q('tab')}") is not None and paragraphs[7].find(f".//{q('br')}") is not None
    assert model_texts(build_text_model(data)) == model_texts(model)


def test_a_deleted_locator_is_never_reused():
    model, _, _ = apply_all(
        tricky_bytes(),
        [Edit("insert_after", "p6", after="New."), Edit("delete_paragraph", "n1", "New.")],
    )
    assert resolve_edit(model, Edit("insert_after", "p6", after="Again.")).new_locator == "n2"
    with pytest.raises(EditError):
        resolve_edit(model, Edit("insert_after", "p6", after="Again.", new_locator="n1"))


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p[-1])
def test_corpus_replace_insert_delete_round_trip(path):
    data = Path(shared_data(*path)).read_bytes()
    model = build_text_model(data)
    edits = sample_edits(model, seed=len(path[-1]))
    assert {e.kind for e in edits} == {"replace", "insert_after", "delete_paragraph"}
    final, resolved, clean = apply_all(data, edits)
    assert model_texts(build_text_model(clean)) == model_texts(final)
    assert materialise(data, resolved) == clean  # deterministic bytes


WORDS = st.text(alphabet=st.sampled_from("abc XYZ,.;()\t"), min_size=0, max_size=12)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    paragraph=st.integers(min_value=0, max_value=7),
    start=st.integers(min_value=0, max_value=80),
    length=st.integers(min_value=0, max_value=30),
    after=WORDS,
)
def test_model_and_xml_agree_on_every_edit(paragraph, start, length, after):
    """Any replace either fails the same way in the model and the XML, or gives the same text
    and field spans in both (the hot path never lies about what the .docx will say)."""
    data = tricky_bytes()
    model = build_text_model(data)
    target = model.paragraphs[paragraph]
    start = min(start, len(target.text))
    edit = Edit("replace", target.locator, target.text[start : start + length], after, start=start)
    try:
        expected = apply_edit_to_model(model, edit)
    except EditError:
        with pytest.raises(EditError):
            materialise(data, [edit])
        return
    actual = build_text_model(materialise(data, [edit]))
    assert actual.get(target.locator).text == expected.get(target.locator).text
    assert actual.get(target.locator).protected == expected.get(target.locator).protected


def test_the_only_paragraph_of_a_cell_cannot_be_deleted_but_can_once_it_has_company():
    data = Path(shared_data("forms", "commonpaper_docx", "commonpaper_mutual_nda.docx")).read_bytes()
    model = build_text_model(data)
    alone = next(p for p in model.paragraphs if p.cell and p.text and sum(o.cell == p.cell for o in model.paragraphs) == 1)
    delete = Edit("delete_paragraph", alone.locator, alone.text)
    with pytest.raises(EditError, match="only paragraph of its table cell"):
        apply_edit_to_model(model, delete)
    with pytest.raises(EditError, match="only paragraph of its table cell"):
        materialise(data, [delete])
    final, _, clean = apply_all(data, [Edit("insert_after", alone.locator, after="Company."), delete])
    assert final.get("n1").cell == alone.cell
    assert model_texts(build_text_model(clean)) == model_texts(final)


def test_a_sentence_rewrite_that_keeps_a_cross_reference_edits_around_the_field():
    sentence = "As defined in Section 4.2, the Fees are payable monthly."
    new = "As defined in Section 4.2, all undisputed Fees are payable monthly in arrears."
    original = body_paragraphs(tricky_bytes())[3]
    model, _, data = apply_all(tricky_bytes(), [Edit("replace", "p4", sentence, new)])
    assert model.get("p4").text == new
    assert model.get("p4").text[22:25] == "4.2" and model.get("p4").protected == ((22, 25),)
    assert build_text_model(data).get("p4") == model.get("p4")
    fields = [s for s in structure(body_paragraphs(data)[3]) if s.startswith(("fldChar", "instrText"))]
    assert fields == [s for s in structure(original) if s.startswith(("fldChar", "instrText"))]


def test_a_sentence_rewrite_that_drops_a_cross_reference_is_refused_with_the_reason():
    model = build_text_model(tricky_bytes())
    edit = Edit("replace", "p4", "As defined in Section 4.2, the Fees are payable monthly.", "Fees are payable monthly.")
    with pytest.raises(EditError, match="would change a field"):
        apply_edit_to_model(model, resolve_edit(model, edit))
