"""A .docx carrying two other authors' tracked changes of every kind and their comments, written
as Word writes it (hand-made WordprocessingML, not through the code under test).

Paragraph by paragraph (locators p1..p8), with what each reads as stored (their changes shown
accepted), accepted, and rejected (before anyone's change):
"""

from __future__ import annotations

import io
import zipfile

JANE = "Jane Roe"
RICHARD = "Richard Poe"
JANE_DATE = "2024-11-20T09:30:00Z"
RICHARD_DATE = "2024-11-21T14:05:00Z"

_W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


def _r(text: str, *, deleted: bool = False, rpr: str = "") -> str:
    tag = "w:delText" if deleted else "w:t"
    props = f"<w:rPr>{rpr}</w:rPr>" if rpr else ""
    return f'<w:r>{props}<{tag} xml:space="preserve">{text}</{tag}></w:r>'


def _rev(tag: str, rid: int, author: str, date: str, inner: str) -> str:
    return f'<w:{tag} w:id="{rid}" w:author="{author}" w:date="{date}">{inner}</w:{tag}>'


def _p(inner: str, ppr: str = "") -> str:
    return f"<w:p>{f'<w:pPr>{ppr}</w:pPr>' if ppr else ''}{inner}</w:p>"


def _comment_ref(cid: int) -> str:
    return f'<w:r><w:rPr><w:rStyle w:val="CommentReference"/></w:rPr><w:commentReference w:id="{cid}"/></w:r>'


BODY = "".join(
    [
        # p1: the case from the issue: Jane deleted 60 and inserted 90.
        _p(
            _r("1. Fees. The Customer shall pay each invoice within ")
            + _rev("del", 101, JANE, JANE_DATE, _r("60", deleted=True))
            + _rev("ins", 102, JANE, JANE_DATE, _r("90"))
            + _r(" days of receipt.")
        ),
        # p2: Richard inserted a carve-out; Jane commented on the cap.
        _p(
            _r("2. Liability. ")
            + '<w:commentRangeStart w:id="0"/>'
            + _r("Each party's liability is capped at the fees paid")
            + '<w:commentRangeEnd w:id="0"/>'
            + _comment_ref(0)
            + _rev("ins", 103, RICHARD, RICHARD_DATE, _r(", except for gross negligence"))
            + _r(".")
        ),
        # p3/p4: Jane moved a sentence from p3 to p4.
        _p(
            _r("3. Term. This Agreement lasts two years.")
            + '<w:moveFromRangeStart w:id="104" w:author="Jane Roe" w:date="2024-11-20T09:30:00Z" w:name="move1"/>'
            + _rev("moveFrom", 105, JANE, JANE_DATE, _r(" It renews automatically."))
            + '<w:moveFromRangeEnd w:id="104"/>'
        ),
        _p(
            _r("4. Renewal. Either party may give notice.")
            + '<w:moveToRangeStart w:id="106" w:author="Jane Roe" w:date="2024-11-20T09:30:00Z" w:name="move1"/>'
            + _rev("moveTo", 107, JANE, JANE_DATE, _r(" It renews automatically."))
            + '<w:moveToRangeEnd w:id="106"/>'
        ),
        # p5: Richard made a word bold (a run-formatting change).
        _p(
            _r("5. Warranty. The Supplier gives ")
            + _r(
                "no",
                rpr=f'<w:b/><w:rPrChange w:id="108" w:author="{RICHARD}" w:date="{RICHARD_DATE}"><w:rPr/></w:rPrChange>',
            )
            + _r(" other warranty.")
        ),
        # p6: Jane centred a paragraph (a paragraph-formatting change).
        _p(
            _r("6. Notices. Notices are given in writing."),
            ppr=f'<w:jc w:val="center"/><w:pPrChange w:id="109" w:author="{JANE}" w:date="{JANE_DATE}"><w:pPr/>'
            "</w:pPrChange>",
        ),
        # p7: a whole paragraph Richard inserted (its mark and its text); Richard commented on it.
        _p(
            '<w:commentRangeStart w:id="1"/>'
            + _rev("ins", 110, RICHARD, RICHARD_DATE, _r("7. Audit. The Customer may audit once a year."))
            + '<w:commentRangeEnd w:id="1"/>'
            + _comment_ref(1),
            ppr=f'<w:rPr><w:ins w:id="111" w:author="{RICHARD}" w:date="{RICHARD_DATE}"/></w:rPr>',
        ),
        # p8: Jane deleted a word.
        _p(
            _r("8. Law. This Agreement is governed by ")
            + _rev("del", 112, JANE, JANE_DATE, _r("English ", deleted=True))
            + _r("law.")
        ),
        # p9: no change of theirs, but Jane's comment on it.
        _p(
            '<w:commentRangeStart w:id="2"/>'
            + _r("9. Entire agreement. This is the whole agreement.")
            + '<w:commentRangeEnd w:id="2"/>'
            + _comment_ref(2)
        ),
    ]
)

# As stored (= every foreign change accepted), and before anyone's change.
ACCEPTED = [
    "1. Fees. The Customer shall pay each invoice within 90 days of receipt.",
    "2. Liability. Each party's liability is capped at the fees paid, except for gross negligence.",
    "3. Term. This Agreement lasts two years.",
    "4. Renewal. Either party may give notice. It renews automatically.",
    "5. Warranty. The Supplier gives no other warranty.",
    "6. Notices. Notices are given in writing.",
    "7. Audit. The Customer may audit once a year.",
    "8. Law. This Agreement is governed by law.",
    "9. Entire agreement. This is the whole agreement.",
]
REJECTED = [
    "1. Fees. The Customer shall pay each invoice within 60 days of receipt.",
    "2. Liability. Each party's liability is capped at the fees paid.",
    "3. Term. This Agreement lasts two years. It renews automatically.",
    "4. Renewal. Either party may give notice.",
    "5. Warranty. The Supplier gives no other warranty.",
    "6. Notices. Notices are given in writing.",
    "8. Law. This Agreement is governed by English law.",
    "9. Entire agreement. This is the whole agreement.",
]

COMMENTS = [
    (0, JANE, JANE_DATE, "We cannot accept a cap at fees paid."),
    (1, RICHARD, RICHARD_DATE, "Audit rights are standard for us."),
    (2, JANE, JANE_DATE, "Please keep this clause."),
]


def _comments_xml() -> str:
    items = "".join(
        f'<w:comment w:id="{cid}" w:author="{author}" w:date="{date}" w:initials="{author[0]}{author.split()[-1][0]}">'
        f'<w:p><w:pPr><w:pStyle w:val="CommentText"/></w:pPr>{_comment_ref_mark()}{_r(text)}</w:p></w:comment>'
        for cid, author, date, text in COMMENTS
    )
    return f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:comments xmlns:w="{_W}">{items}</w:comments>'


def _comment_ref_mark() -> str:
    return '<w:r><w:rPr><w:rStyle w:val="CommentReference"/></w:rPr><w:annotationRef/></w:r>'


CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/word/document.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>'
    '<Override PartName="/word/comments.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.comments+xml"/>'
    "</Types>"
)
ROOT_RELS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" '
    'Target="word/document.xml"/></Relationships>'
)
DOCUMENT_RELS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments" '
    'Target="comments.xml"/></Relationships>'
)


def foreign_docx(body: str = BODY) -> bytes:
    document = (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="{_W}"><w:body>{body}'
        '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/></w:sectPr></w:body></w:document>'
    )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("[Content_Types].xml", CONTENT_TYPES)
        zf.writestr("_rels/.rels", ROOT_RELS)
        zf.writestr("word/document.xml", document)
        zf.writestr("word/_rels/document.xml.rels", DOCUMENT_RELS)
        zf.writestr("word/comments.xml", _comments_xml())
    return out.getvalue()
