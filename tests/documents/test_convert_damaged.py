"""A damaged PDF is not called a scan (documents/convert.py): a PDF that stops before its end, or
whose pages show neither text nor an image, is refused as damaged or incomplete; a whole PDF whose
pages are images is the scan."""

from __future__ import annotations

import zlib

import pytest

from documents.convert import MSG_INCOMPLETE_PDF, MSG_SCANNED, ConversionError, convert_upload
from tests.documents.pdfs import pdf_of

CONTENT = b"BT /F1 11 Tf 14 TL 72 720 Td\n" + b"\n".join(
    b"(%d. The Supplier shall deliver the Services in accordance with the Specification.) Tj T*" % n
    for n in range(1, 41)) + b"\nET"


def first_page_trailer_pdf(content: bytes) -> bytes:
    """A one-page PDF laid out as a linearized ("fast web view") file is: its cross-reference
    table and trailer come first, the page's content stream last. Cut short, it still opens
    (pdfminer finds the trailer at the start) and its page is there, but its text is gone."""
    bodies = {
        1: b"<< /Type /Catalog /Pages 2 0 R >>",
        2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        3: (b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> "
            b"/Contents 4 0 R >>"),
        5: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        4: b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
    }
    head = b"%PDF-1.4\n"
    trailer = b"trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n0\n%%EOF\n"
    xref_size = len(b"xref\n0 6\n") + 20 * 6
    start = len(head) + xref_size + len(trailer)
    body, offsets = bytearray(), {}
    for number, text in bodies.items():
        offsets[number] = start + len(body)
        body += b"%d 0 obj\n" % number + text + b"\nendobj\n"
    xref = b"xref\n0 6\n0000000000 65535 f \n" + b"".join(b"%010d 00000 n \n" % offsets[n] for n in range(1, 6))
    assert len(xref) == xref_size
    return head + xref + trailer + bytes(body) + b"startxref\n%d\n%%%%EOF\n" % len(head)


def test_the_whole_file_converts():
    docx, name = convert_upload(first_page_trailer_pdf(CONTENT), "contract.pdf")
    assert name == "contract.docx" and docx.startswith(b"PK")


@pytest.mark.parametrize("keep", [0.95, 0.75, 0.5])
def test_a_truncated_pdf_is_damaged_not_a_scan(keep: float):
    whole = first_page_trailer_pdf(CONTENT)
    with pytest.raises(ConversionError) as refused:
        convert_upload(whole[: int(len(whole) * keep)], "contract.pdf")
    assert str(refused.value) == MSG_INCOMPLETE_PDF
    assert "scan" not in str(refused.value)


def test_a_pdf_whose_page_stream_is_corrupt_is_damaged_not_a_scan():
    # A whole file (it ends with %%EOF) whose compressed page content was mangled in transit.
    packed = bytearray(zlib.compress(CONTENT))
    for index in range(2, len(packed), 3):
        packed[index] ^= 0x5A
    stream = bytes(packed)
    pdf = pdf_of(stream).replace(b"<< /Length %d >>" % len(stream), b"<< /Length %d /Filter /FlateDecode >>"
                                 % len(stream))
    with pytest.raises(ConversionError) as refused:
        convert_upload(pdf, "contract.pdf")
    assert str(refused.value) == MSG_INCOMPLETE_PDF


def test_a_scan_is_still_a_scan():
    from tests.documents.test_convert import _image_pdf

    with pytest.raises(ConversionError) as refused:
        convert_upload(_image_pdf(), "scan.pdf")
    assert str(refused.value) == MSG_SCANNED
