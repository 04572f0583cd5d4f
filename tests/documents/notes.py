"""A .docx with a footnote, an endnote, a text box (written twice, as Word does: DrawingML in
``mc:Choice`` and VML in ``mc:Fallback``) and a table, for tests of the text outside the body's
plain paragraphs. python-docx cannot write notes or text boxes, so the XML is put in by hand."""

from __future__ import annotations

import io
import zipfile
from xml.sax.saxutils import escape

FOOTNOTE = "Customer shall pay within one hundred twenty (120) days of the invoice date."
ENDNOTE = "Provider may change these terms at any time by posting them on its website."
TEXT_BOX = "Customer shall pay all invoices within ninety (90) days."
CELL = "Late invoices are payable within sixty (60) days."
BODY = "2.1 Fees are set out in the Order Form."

W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'


def _p(text: str) -> str:
    return f'<w:p><w:r><w:t xml:space="preserve">{escape(text)}</w:t></w:r></w:p>'


def _note(tag: str, text: str) -> str:
    separators = (f'<w:{tag} w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:{tag}>'
                  f'<w:{tag} w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r>'
                  f'</w:p></w:{tag}>')  # fmt: skip
    ref = "footnoteRef" if tag == "footnote" else "endnoteRef"
    body = (f'<w:{tag} w:id="1"><w:p><w:r><w:{ref}/></w:r><w:r><w:t xml:space="preserve"> {escape(text)}</w:t>'
            f"</w:r></w:p></w:{tag}>")  # fmt: skip
    return f"<?xml version='1.0' encoding='UTF-8' standalone='yes'?>\n<w:{tag}s {W}>{separators}{body}</w:{tag}s>"


def _text_box(text: str) -> str:
    content = f"<w:txbxContent>{_p(text)}</w:txbxContent>"
    return (
        '<w:p><w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing>'
        '<wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="4000000" cy="700000"/>'
        '<wp:docPr id="10" name="Text Box 1"/>'
        '<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main">'
        '<a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape">'
        '<wps:wsp><wps:cNvSpPr txBox="1"/><wps:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="4000000" cy="700000"/>'
        '</a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></wps:spPr>'
        f"<wps:txbx>{content}</wps:txbx><wps:bodyPr/></wps:wsp></a:graphicData></a:graphic></wp:inline>"
        "</w:drawing></mc:Choice><mc:Fallback><w:pict>"
        f'<v:shape id="tb1" type="#_x0000_t202" style="width:315pt;height:55pt"><v:textbox>{content}</v:textbox>'
        "</v:shape></w:pict></mc:Fallback></mc:AlternateContent></w:r></w:p>"
    )


def notes_docx() -> bytes:
    from docx import Document

    document = Document()
    document.add_heading("2. Fees", level=1)
    document.add_paragraph(BODY)
    document.add_table(rows=1, cols=1).cell(0, 0).text = CELL
    document.add_paragraph("See the box below.")
    buffer = io.BytesIO()
    document.save(buffer)
    source = zipfile.ZipFile(io.BytesIO(buffer.getvalue()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            data = source.read(info.filename)
            if info.filename == "word/document.xml":
                xml = data.decode()
                # The footnote and endnote references go in the body clause; the text box after it.
                refs = ('<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteReference w:id="1"/></w:r>'
                        '<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:endnoteReference w:id="1"/></w:r>')
                body_end = xml.index(escape(BODY)) + len(escape(BODY))
                run_end = xml.index("</w:r>", body_end) + len("</w:r>")
                xml = xml[:run_end] + refs + xml[run_end:]
                marker = xml.index("<w:sectPr")
                xml = xml[:marker] + _text_box(TEXT_BOX) + xml[marker:]
                data = xml.encode()
            elif info.filename == "[Content_Types].xml":
                data = data.replace(b"</Types>", (
                    b'<Override PartName="/word/footnotes.xml" ContentType="application/vnd.openxmlformats-'
                    b'officedocument.wordprocessingml.footnotes+xml"/><Override PartName="/word/endnotes.xml" '
                    b'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.endnotes+xml"/>'
                    b"</Types>"))  # fmt: skip
            elif info.filename == "word/_rels/document.xml.rels":
                data = data.replace(b"</Relationships>", (
                    b'<Relationship Id="rId90" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
                    b'relationships/footnotes" Target="footnotes.xml"/><Relationship Id="rId91" Type="http://'
                    b'schemas.openxmlformats.org/officeDocument/2006/relationships/endnotes" Target="endnotes.xml"/>'
                    b"</Relationships>"))  # fmt: skip
            target.writestr(info, data)
        target.writestr("word/footnotes.xml", _note("footnote", FOOTNOTE))
        target.writestr("word/endnotes.xml", _note("endnote", ENDNOTE))
    return out.getvalue()
