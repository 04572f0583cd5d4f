"""The other side's tracked changes and comments survive our edits in every export, and our
edits stay ours (author, date, markup beside theirs)."""

from __future__ import annotations

import io
import zipfile
from collections import Counter

import pytest
from lxml import etree

from documents.docx.edit import apply_edit_to_model, resolve_edit
from documents.docx.model import Edit, EditError, EditRecord
from documents.docx.preview import render_preview
from documents.docx.replay import materialise, materialise_redline
from documents.docx.textmodel import build_text_model
from documents.docx.tracked import comments, decision_edit, foreign_changes
from tests.documents.foreign_docs import ACCEPTED, COMMENTS, JANE, JANE_DATE, RICHARD, foreign_docx
from tests.documents.helpers import document_root, q

US = "Dana Demo"
US_DATE = "2025-03-04T05:06:07Z"
REVISIONS = ("ins", "del", "moveFrom", "moveTo", "rPrChange", "pPrChange", "moveFromRangeStart", "moveToRangeStart")

# Our edits, none touching their changed text (their text is tested on its own below).
EDITS = [
    Edit("replace", "p2", "the fees paid", "twice the fees paid"),
    Edit("insert_after", "p4", after="4A. Notice of renewal is given 30 days ahead."),
    Edit("replace", "p6", "in writing", "in writing by e-mail"),
    Edit("replace", "p8", "governed by", "governed by and construed under"),
    Edit("delete_paragraph", "p9", before="9. Entire agreement. This is the whole agreement."),
]


def _resolved(data: bytes, edits: list[Edit]) -> tuple[list[Edit], list[str]]:
    model = build_text_model(data)
    out = []
    for edit in edits:
        edit = resolve_edit(model, edit)
        model = apply_edit_to_model(model, edit)
        out.append(edit)
    return out, [p.text for p in model.paragraphs]


def _text(element) -> str:  # type: ignore[no-untyped-def]
    return "".join(t.text or "" for t in element.iter(q("t"), q("delText")))


def foreign_signature(data: bytes) -> Counter:
    """Every revision by someone other than us: kind, author, date and the text it holds."""
    root = document_root(data)
    found: Counter = Counter()
    for name in REVISIONS:
        for element in root.iter(q(name)):
            if element.get(q("author")) == US:
                continue
            found[(name, element.get(q("author")), element.get(q("date")), _text(element))] += 1
    return found


def _part(data: bytes, name: str) -> bytes:
    return zipfile.ZipFile(io.BytesIO(data)).read(name)


def _comment_anchors(data: bytes) -> dict[str, set[str]]:
    root = document_root(data)
    anchors: dict[str, set[str]] = {}
    for name in ("commentRangeStart", "commentRangeEnd", "commentReference"):
        for element in root.iter(q(name)):
            anchors.setdefault(element.get(q("id")), set()).add(name)
    return anchors


def _exports(data: bytes, edits: list[Edit]) -> dict[str, bytes]:
    return {
        "clean": materialise(data, edits),
        "redline": materialise_redline(data, [EditRecord(edit=e, author=US, date=US_DATE) for e in edits]),
    }


def test_the_text_model_reads_their_changes_accepted_and_lists_each_change():
    data = foreign_docx()
    assert [p.text for p in build_text_model(data).paragraphs] == ACCEPTED
    changes = {(c.locator, c.kind, c.author) for c in foreign_changes(data)}
    assert changes == {
        ("p1", "replace", JANE), ("p2", "insert", RICHARD), ("p3", "move_from", JANE), ("p4", "move_to", JANE),
        ("p5", "format", RICHARD), ("p6", "paragraph_format", JANE), ("p7", "paragraph_insert", RICHARD),
        ("p8", "delete", JANE),
    }
    first = foreign_changes(data)[0]
    assert (first.old, first.new) == ("60", "90")
    assert first.describe() == "Jane Roe replaced “60” with “90” on 20 Nov 2024"
    assert [(c.id, c.author, c.locator, c.text) for c in comments(data)] == [
        ("0", JANE, "p2", COMMENTS[0][3]), ("1", RICHARD, "p7", COMMENTS[1][3]), ("2", JANE, "p9", COMMENTS[2][3])
    ]


def test_every_foreign_change_and_comment_survives_clean_and_redline_exports():
    data = foreign_docx()
    edits, final = _resolved(data, EDITS)
    before = foreign_signature(data)
    assert sum(before.values()) == 12  # every kind is there to lose
    for name, export in _exports(data, edits).items():
        assert foreign_signature(export) == before, name
        assert _part(export, "word/comments.xml") == _part(data, "word/comments.xml"), name
        anchors = _comment_anchors(export)
        # Every comment keeps its anchor, also the one on the paragraph we deleted.
        for cid, *_ in COMMENTS:
            assert anchors.get(str(cid)) == {"commentRangeStart", "commentRangeEnd", "commentReference"}, (name, cid)
    # The clean export reads as our final text, their changes still pending in it.
    assert [p.text for p in build_text_model(_exports(data, edits)["clean"]).paragraphs] == final


def test_our_edit_of_their_insertion_is_ours_and_theirs_stays_theirs():
    data = foreign_docx()
    edits, final = _resolved(data, [Edit("replace", "p1", "90", "30")])
    assert final[0] == "1. Fees. The Customer shall pay each invoice within 30 days of receipt."
    exports = _exports(data, edits)

    clean_p1 = document_root(exports["clean"]).find(f"{q('body')}/{q('p')}")
    # Their deletion of 60 is still theirs, pending; our 30 is plain text, in no insertion of theirs.
    deleted = clean_p1.find(q("del"))
    assert (deleted.get(q("author")), deleted.get(q("date")), _text(deleted)) == (JANE, JANE_DATE, "60")
    thirty = [t for t in clean_p1.iter(q("t")) if t.text == "30"]
    assert len(thirty) == 1 and thirty[0].getparent().getparent() is clean_p1
    assert clean_p1.find(q("ins")) is None

    red_p1 = document_root(exports["redline"]).find(f"{q('body')}/{q('p')}")
    children = [c for c in red_p1 if c.tag != q("pPr")]
    tags = [etree.QName(c).localname for c in children]
    assert tags == ["r", "del", "ins", "ins", "r"]
    theirs_del, theirs_ins, ours_ins = children[1], children[2], children[3]
    assert (theirs_del.get(q("author")), _text(theirs_del)) == (JANE, "60")
    # Our deletion of their inserted 90 sits inside their insertion (Word's model), with our name and date.
    assert theirs_ins.get(q("author")) == JANE and theirs_ins.get(q("date")) == JANE_DATE
    nested = theirs_ins.find(q("del"))
    assert (nested.get(q("author")), nested.get(q("date")), _text(nested)) == (US, US_DATE, "90")
    assert (ours_ins.get(q("author")), ours_ins.get(q("date")), _text(ours_ins)) == (US, US_DATE, "30")
    ids = [e.get(q("id")) for e in document_root(exports["redline"]).iter() if e.get(q("id")) and
           etree.QName(e).localname in ("ins", "del")]
    assert len(ids) == len(set(ids))


def test_text_typed_into_their_insertion_is_ours_in_the_clean_export_too():
    data = foreign_docx()
    edits, final = _resolved(data, [Edit("replace", "p2", ", except for", ", except for fraud or")])
    clean = materialise(data, edits)
    p2 = document_root(clean).find(q("body")).findall(q("p"))[1]
    inserted = list(p2.iter(q("ins")))
    assert [(_text(e), e.get(q("author"))) for e in inserted] == [(", except for", RICHARD), (" gross negligence", RICHARD)]
    assert " fraud or" in [t.text for t in p2.iterfind(f"{q('r')}/{q('t')}")]
    ids = [e.get(q("id")) for e in inserted]
    assert len(ids) == len(set(ids)), "the split insertion got a fresh id"
    assert [p.text for p in build_text_model(clean).paragraphs] == final


def test_the_preview_shows_their_changes_as_theirs():
    data = foreign_docx()
    html = render_preview(data, build_text_model(data))
    assert '<del class="theirs" title="Jane Roe, 20 Nov 2024">60</del>' in html
    assert '<ins class="theirs" title="Jane Roe, 20 Nov 2024">90</ins>' in html
    assert '<del class="theirs" title="Jane Roe, 20 Nov 2024">English </del>' in html


def _decided(data: bytes, change, accept: bool) -> tuple[list[str], dict[str, bytes]]:  # type: ignore[no-untyped-def]
    edit = decision_edit(change, accept=accept)
    edits, final = _resolved(data, [edit])
    return final, _exports(data, edits)


def test_deciding_one_of_their_changes_resolves_exactly_that_one():
    data = foreign_docx()
    before = foreign_signature(data)
    decided = 0
    for change in foreign_changes(data):
        for accept in (True, False):
            if change.kind == "paragraph_delete":
                continue
            final, exports = _decided(data, change, accept)
            # The text model says what the document reads afterwards; both exports agree with it.
            for name, export in exports.items():
                assert [p.text for p in build_text_model(export).paragraphs] == final, (change.kind, accept, name)
                left = foreign_signature(export)
                gone = before - left
                assert not (left - before), (change.kind, accept, name)  # nothing new of theirs
                # Exactly this change's revisions left (a move keeps its range markers).
                assert gone and all(key[1] == change.author for key in gone), (change.kind, accept, gone)
                others = [c for c in foreign_changes(export)]
                assert change.key not in {c.key for c in others}
                assert len(others) == len(foreign_changes(data)) - 1, (change.kind, accept, name)
            decided += 1
    assert decided == 16


def test_accepting_and_rejecting_their_changes_gives_their_text_or_the_old_text():
    data = foreign_docx()
    changes = {c.locator: c for c in foreign_changes(data)}
    final, _ = _decided(data, changes["p1"], False)
    assert final[0] == "1. Fees. The Customer shall pay each invoice within 60 days of receipt."
    final, _ = _decided(data, changes["p1"], True)
    assert final[0] == ACCEPTED[0]
    final, _ = _decided(data, changes["p8"], False)
    assert final[7] == "8. Law. This Agreement is governed by English law."
    final, exports = _decided(data, changes["p7"], False)
    assert "7. Audit. The Customer may audit once a year." not in final
    # Richard's comment on the paragraph he inserted keeps an anchor when the paragraph goes.
    assert _comment_anchors(exports["clean"])["1"] == {"commentRangeStart", "commentRangeEnd", "commentReference"}
    bold, _ = _decided(data, changes["p5"], False)
    assert bold == ACCEPTED


def test_a_decision_on_their_change_after_our_edit_of_it_is_refused_clearly():
    data = foreign_docx()
    change = foreign_changes(data)[0]
    model = build_text_model(data)
    ours = resolve_edit(model, Edit("replace", "p1", "90", "30"))
    model = apply_edit_to_model(model, ours)
    with pytest.raises(EditError, match="no longer reads “90”"):
        apply_edit_to_model(model, decision_edit(change, accept=True))


def test_the_preview_drops_the_marks_of_a_change_once_decided():
    data = foreign_docx()
    changes = {c.locator: c for c in foreign_changes(data)}
    model = build_text_model(data)
    html = render_preview(data, model, frozenset({changes["p1"].key}))
    assert "60</del>" not in html and '<ins class="theirs" title="Jane Roe, 20 Nov 2024">90</ins>' not in html
    assert "within 90 days" in html
    assert '<del class="theirs" title="Jane Roe, 20 Nov 2024">English </del>' in html  # not decided: still theirs
    rejected = decision_edit(changes["p1"], accept=False)
    after = apply_edit_to_model(model, rejected)
    html = render_preview(data, after, frozenset({changes["p1"].key}))
    assert "class=\"theirs\" title=\"Jane Roe, 20 Nov 2024\">60" not in html
    assert "<del>90</del><ins>60</ins>" in html
