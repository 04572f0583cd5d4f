"""PDFs written from drawing operators, for conversion tests and bench/bench_conversions.py."""

from __future__ import annotations


def pdf_of(content: bytes, *, width: int = 612, height: int = 792) -> bytes:
    """A one-page PDF whose page draws ``content`` (with Helvetica as /F1), xref offsets exact."""
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        (f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {width} {height}] "
         "/Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>").encode(),
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for offset in offsets:
        out += b"%010d 00000 n \n" % offset
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def grid_pdf(cells: int = 100) -> bytes:
    """One page, a title and a ``cells`` x ``cells`` ruled grid (the issue's 100 x 100: each line a
    separate stroke, so a table finder sees ten thousand cells)."""
    left, bottom, size = 36.0, 36.0, 540.0
    step = size / cells
    ops = [b"BT /F1 12 Tf 36 760 Td (Schedule 4: rate card) Tj ET", b"0.2 w"]
    for index in range(cells + 1):
        at = index * step
        ops.append(b"%.2f %.2f m %.2f %.2f l S" % (left, bottom + at, left + size, bottom + at))
        ops.append(b"%.2f %.2f m %.2f %.2f l S" % (left + at, bottom, left + at, bottom + size))
    return pdf_of(b"\n".join(ops))


def text_pdf(paragraphs: list[str]) -> bytes:
    """A one-page PDF with a line of text per paragraph (a contract that converts quickly)."""
    ops = [b"BT /F1 11 Tf 14 TL 72 720 Td"]
    for text in paragraphs:
        escaped = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
        ops.append(b"(" + escaped.encode("latin-1") + b") Tj T* T*")
    ops.append(b"ET")
    return pdf_of(b"\n".join(ops))
