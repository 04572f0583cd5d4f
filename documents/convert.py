"""Imports: a PDF with a text layer, or a .doc / .rtf / .odt, becomes a .docx version 1.

Everything Redpen does (edits, redline, preview, exports) works on .docx, so other formats are
converted once, at upload, and the .docx is what is stored and reviewed.

- ``.doc``, ``.rtf``, ``.odt``: LibreOffice headless (``soffice --convert-to docx``), in a
  private profile and a temporary folder, with a time limit. Without LibreOffice a clear
  message says what to install.
- PDF: ``pdfplumber`` (on pdfminer.six) reads the text layer with each word's font, size and
  position, and finds ruled tables. Lines are joined into paragraphs (a paragraph ends at a
  larger vertical gap, a short last line, or before a line that starts a numbered clause);
  lines in a larger or bold font that stand alone become headings (level by size); page
  numbers alone on a line are dropped; clause numbers stay as typed text ("typed numbering").
  A PDF whose pages have no text is refused with a message that says which: a scan (its pages
  are images) or a damaged file (it stops before its end, or its pages show nothing). See
  docs/decisions/negotiation-rounds.md for why pdfplumber.

Hostile input is bounded like a hostile .docx: the conversion runs in a child process with a
wall-clock limit, an address-space limit and a page limit, so a PDF built to explode (deep
object graphs, huge content streams) costs at most those bounds and never the web worker.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import signal
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

from core.processes import Bounds, Overran, run_bounded

DOCX_SUFFIXES = {".docx", ".dotx"}
OFFICE_SUFFIXES = {".doc", ".rtf", ".odt"}
PDF_SUFFIX = ".pdf"


# The prefix of every conversion's temporary folder (the tests look for leftovers by it).
TEMP_PREFIX = "redpen-convert-"


@dataclass(frozen=True)
class ConvertLimits:
    """The bounds of one conversion's child process; the deployment's values come from
    core/uploads.py ``upload_limits()`` (docs/decisions/hostile-input.md)."""

    seconds: float = 60
    cpu_seconds: int = 60
    memory_bytes: int = 1024 * 1024 * 1024
    max_pages: int = 500


class ConversionError(ValueError):
    """The file could not be turned into a .docx; the message is one sentence for the user."""


MSG_NO_SOFFICE = (
    "Converting {kind} files needs LibreOffice, which is not installed on this server; ask your "
    "administrator to install it (Debian: apt-get install libreoffice-writer-nogui), or upload the contract as .docx."
)
MSG_SCANNED = (
    "This PDF has no text layer (it looks like a scan), so Redpen cannot read it; run it through OCR or "
    "upload the contract as .docx."
)
MSG_TOO_SLOW = "The file took too long to convert, so Redpen stopped; upload the contract as .docx."
MSG_TOO_BIG = "The file needs too much memory to convert, so Redpen stopped; upload the contract as .docx."
MSG_DAMAGED_PDF = "The PDF could not be read; it may be damaged or password-protected."
# A PDF that opens but whose pages show neither text nor a scanned image, or that stops before
# its end: damaged or cut short (a download or an e-mail that broke off), not a scan.
MSG_INCOMPLETE_PDF = (
    "The PDF could not be read: it is damaged or incomplete (cut short in a download or an e-mail, perhaps); "
    "save or download it again, or upload the contract as .docx."
)


def _suffix(filename: str) -> str:
    return PurePosixPath(filename.replace("\\", "/")).suffix.lower()


def _complete(data: bytes) -> bool:
    """A PDF ends with its end-of-file marker (some writers add a little after it)."""
    return b"%%EOF" in data[-1024:]


def _looks_pdf(data: bytes) -> bool:
    return data[:1024].lstrip().startswith(b"%PDF-")


def needs_conversion(filename: str, data: bytes) -> bool:
    suffix = _suffix(filename)
    return suffix == PDF_SUFFIX or suffix in OFFICE_SUFFIXES or (suffix not in DOCX_SUFFIXES and _looks_pdf(data))


def convert_upload(data: bytes, filename: str, *, limits: ConvertLimits | None = None,
                   started: Callable[[int], None] | None = None) -> tuple[bytes, str]:
    """``(docx bytes, docx file name)`` for an upload; a .docx is returned as it is.
    ``started(pgid)`` is told the child's process group (documents/conversions.py records it)."""
    if not needs_conversion(filename, data):
        return data, filename
    limits = limits or ConvertLimits()
    suffix = _suffix(filename)
    stem = PurePosixPath(filename.replace("\\", "/")).stem or "contract"
    if suffix == PDF_SUFFIX or (suffix not in OFFICE_SUFFIXES and _looks_pdf(data)):
        if not _looks_pdf(data):
            raise ConversionError("The file is named .pdf but is not a PDF document.")
        return _in_child("pdf", data, limits, started=started), f"{stem}.docx"
    return office_to_docx(data, suffix, limits, started=started), f"{stem}.docx"


# --- LibreOffice ---------------------------------------------------------------------------


def _bounds(limits: ConvertLimits) -> Bounds:
    return Bounds(seconds=limits.seconds, cpu_seconds=limits.cpu_seconds, memory_bytes=limits.memory_bytes)


def office_to_docx(data: bytes, suffix: str, limits: ConvertLimits, *,
                   started: Callable[[int], None] | None = None) -> bytes:
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    if soffice is None:
        raise ConversionError(MSG_NO_SOFFICE.format(kind=suffix))
    # A private folder for the file, its output and LibreOffice's profile; removed whatever
    # happens, after the whole process group is dead (a live soffice.bin would write into it).
    folder = tempfile.mkdtemp(prefix=TEMP_PREFIX)
    try:
        source = os.path.join(folder, f"upload{suffix}")
        with open(source, "wb") as handle:
            handle.write(data)
        try:
            run_bounded(
                [
                    soffice, f"-env:UserInstallation=file://{folder}/profile", "--headless", "--norestore",
                    "--nolockcheck", "--convert-to", "docx:MS Word 2007 XML", "--outdir", folder, source,
                ],
                bounds=_bounds(limits), cwd=folder, started=started,
            )
        except Overran as exc:
            raise ConversionError(MSG_TOO_SLOW) from exc
        target = os.path.join(folder, "upload.docx")
        if not os.path.exists(target):
            raise ConversionError(
                f"LibreOffice could not read this {suffix} file; it may be damaged or password-protected."
            )
        with open(target, "rb") as handle:
            return handle.read()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


# --- PDF, in a bounded child process ----------------------------------------------------------


def _in_child(kind: str, data: bytes, limits: ConvertLimits, *,
              started: Callable[[int], None] | None = None) -> bytes:
    """Run ``python -m documents.convert`` on ``data`` with the limits; its stdout is the .docx,
    a failure is one line on stderr starting with "ConversionError: "."""
    env = dict(os.environ)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    try:
        done = run_bounded(
            [sys.executable, "-m", "documents.convert", kind, str(limits.max_pages)],
            input=data, env=env, bounds=_bounds(limits), started=started,
        )
    except Overran as exc:
        raise ConversionError(MSG_TOO_SLOW) from exc
    if done.returncode == 0 and done.stdout:
        return done.stdout
    message = done.stderr.decode("utf-8", "replace").strip().splitlines()
    last = message[-1] if message else ""
    if last.startswith("ConversionError: "):
        raise ConversionError(last.removeprefix("ConversionError: "))
    stderr = done.stderr.decode("utf-8", "replace")
    if done.returncode in (-signal.SIGXCPU, -signal.SIGKILL):  # the CPU-time limit (soft, then hard)
        raise ConversionError(MSG_TOO_SLOW)
    if done.returncode < 0 or any(sign in stderr for sign in _OUT_OF_MEMORY):
        raise ConversionError(MSG_TOO_BIG)
    raise ConversionError(MSG_DAMAGED_PDF)


# How running out of the address-space limit shows in the child (allocation, or mapping a library).
_OUT_OF_MEMORY = ("MemoryError", "failed to map segment", "Cannot allocate memory", "std::bad_alloc")

_PAGE_NUMBER = re.compile(r"^(?:page\s+)?\d{1,4}(?:\s*(?:of|/)\s*\d{1,4})?$|^-\s*\d{1,4}\s*-$", re.IGNORECASE)
_CLAUSE_START = re.compile(r"^(?:\(?[0-9]{1,2}(?:\.[0-9]{1,2})*[.)]?|\(?[a-z]\)|\(?[ivx]{1,5}\)|[A-Z]\.)\s+\S")
_BULLET = re.compile("^[\u2022\u25cf\u25aa\u2023\u25e6\\-\u2013]\\s+")
_WORD = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)*")
# Word processors break a line at a compound's own hyphen and, by default, hyphenate nothing,
# so a line ending in one of these prefixes keeps its hyphen ("non-" + "exclusive").
# Only prefixes a syllable break rarely ends in ("pre-vious", "re-sponsible" are typesetting).
_HYPHEN_PREFIXES = frozenset(["anti", "counter", "cross", "multi", "non", "self", "semi", "third"])


@dataclass
class _Line:
    text: str
    top: float
    bottom: float
    x0: float
    x1: float
    size: float
    bold: bool


def _lines_of(words: list[dict[str, Any]]) -> list[_Line]:
    lines: list[_Line] = []
    current: list[dict[str, Any]] = []
    for word in sorted(words, key=lambda w: (round(w["top"] / 2), w["x0"])):
        if current and abs(word["top"] - current[-1]["top"]) > max(2.0, word["size"] * 0.3):
            lines.append(_line(current))
            current = []
        current.append(word)
    if current:
        lines.append(_line(current))
    return lines


def _line(words: list[dict[str, Any]]) -> _Line:
    words = sorted(words, key=lambda w: w["x0"])
    parts: list[str] = []
    for index, word in enumerate(words):
        gap = word["x0"] - words[index - 1]["x1"] if index else 0.0
        if index and gap > word["size"] * 1.2:
            parts.append("\t")  # a wide gap (a tab stop, e.g. after a clause number)
        elif index and gap > word["size"] * 0.12:
            parts.append(" ")
        # else: the same word, split where the font changes ("License" bold, "." regular)
        parts.append(word["text"])
    sizes = [w["size"] for w in words]
    bold = all("bold" in (w.get("fontname") or "").lower() for w in words)
    return _Line(
        text="".join(parts), top=min(w["top"] for w in words), bottom=max(w["bottom"] for w in words),
        x0=words[0]["x0"], x1=words[-1]["x1"], size=max(set(sizes), key=sizes.count), bold=bold,
    )


@dataclass
class _Block:
    kind: str  # "p" | "h" | "table"
    text: str = ""
    level: int = 0
    rows: list[list[str]] | None = None


def pdf_blocks(data: bytes, max_pages: int) -> list[_Block]:
    import pdfplumber

    blocks: list[_Block] = []
    try:
        pdf = pdfplumber.open(io.BytesIO(data))
    except Exception as exc:  # pdfminer raises many kinds for a damaged file
        raise ConversionError(MSG_DAMAGED_PDF) from exc
    with pdf:
        if len(pdf.pages) > max_pages:
            raise ConversionError(f"The PDF has {len(pdf.pages)} pages; Redpen imports at most {max_pages}.")
        pages: list[tuple[list[_Line], list[Any], float]] = []
        has_images = False
        for page in pdf.pages:
            tables = page.find_tables()
            boxes = [t.bbox for t in tables]

            def outside(word: dict[str, Any], boxes: list[Any] = boxes) -> bool:
                cx, cy = (word["x0"] + word["x1"]) / 2, (word["top"] + word["bottom"]) / 2
                return not any(x0 <= cx <= x1 and top <= cy <= bottom for x0, top, x1, bottom in boxes)

            words = [w for w in page.extract_words(extra_attrs=["fontname", "size"], keep_blank_chars=False)
                     if outside(w)]
            lines = [line for line in _lines_of(words) if not _PAGE_NUMBER.match(line.text.strip())]
            pages.append((lines, tables, float(page.width)))
            has_images = has_images or bool(page.images)
        pages = _without_running_heads(pages)
        all_lines = [line for lines, _, _ in pages for line in lines]
        if not all_lines and not any(tables for _, tables, _ in pages):
            # pdfminer reads past a broken or missing end without a word: a scan is a whole
            # file whose pages are images; anything else is a damaged one.
            raise ConversionError(MSG_SCANNED if has_images and _complete(data) else MSG_INCOMPLETE_PDF)
        sizes = [round(line.size, 1) for line in all_lines for _ in range(max(1, len(line.text) // 20))]
        body_size = max(set(sizes), key=sizes.count) if sizes else 10.0
        heading_sizes = sorted({round(line.size, 1) for line in all_lines if line.size > body_size + 0.9},
                               reverse=True)
        vocabulary = frozenset(word.lower() for line in all_lines for word in _WORD.findall(line.text))
        for lines, tables, width in pages:
            items: list[tuple[float, Any]] = [(line.top, line) for line in lines]
            items += [(table.bbox[1], table) for table in tables]
            items.sort(key=lambda item: item[0])
            _page_blocks(items, blocks, body_size, heading_sizes, width, vocabulary)
    return [b for b in blocks if b.kind == "table" or b.text.strip()]


_Page = tuple[list[_Line], list[Any], float]


def _without_running_heads(pages: list[_Page]) -> list[_Page]:
    """Drop running headers and footers: the same line at the same height on most pages."""
    if len(pages) < 3:
        return pages
    seen: dict[tuple[str, int], int] = {}
    for lines, _, _ in pages:
        for key in {(line.text.strip(), round(line.top / 6)) for line in lines}:
            seen[key] = seen.get(key, 0) + 1
    running = {key for key, count in seen.items() if count >= max(3, len(pages) // 2)}
    return [([line for line in lines if (line.text.strip(), round(line.top / 6)) not in running], tables, width)
            for lines, tables, width in pages]


def _page_blocks(items: list[tuple[float, Any]], blocks: list[_Block], body_size: float,
                 heading_sizes: list[float], width: float, vocabulary: frozenset[str]) -> None:
    previous: _Line | None = None
    right_edge = max((item.x1 for _, item in items if isinstance(item, _Line)), default=width)
    for _, item in items:
        if not isinstance(item, _Line):
            rows = [[" ".join((cell or "").split()) for cell in row] for row in item.extract()]
            if rows:
                blocks.append(_Block("table", rows=rows))
            previous = None
            continue
        line = item
        text = line.text.strip()
        size = round(line.size, 1)
        if size in heading_sizes or (line.bold and len(text) < 80 and not text.endswith((".", ";", ","))):
            level = heading_sizes.index(size) + 1 if size in heading_sizes else len(heading_sizes) + 1
            if previous is not None and blocks and blocks[-1].kind == "h" and _continues(previous, line):
                blocks[-1].text += " " + text
            else:
                blocks.append(_Block("h", text=text, level=min(level, 6)))
            previous = line
            continue
        new_paragraph = (
            previous is None
            or not blocks
            or blocks[-1].kind != "p"
            or not _continues(previous, line)
            or previous.x1 < right_edge - 4 * body_size  # the previous line ended short
            # A numbered clause or a bullet after a line that ended a sentence; "(ix)" that
            # merely wrapped to the start of a line stays in its paragraph.
            or ((_CLAUSE_START.match(text) or _BULLET.match(text)) and previous.text.rstrip().endswith((".", ":")))
        )
        if new_paragraph:
            blocks.append(_Block("p", text=text))
        elif blocks[-1].text.endswith("-") and not blocks[-1].text.endswith(" -"):
            blocks[-1].text = _hyphen_joined(blocks[-1].text, text, vocabulary)
        else:
            blocks[-1].text += " " + text
        previous = line


def _hyphen_joined(before: str, after: str, vocabulary: frozenset[str]) -> str:
    """Join a line ending in a hyphen to the next: the document's own spelling decides whether the
    hyphen is the word's ("non-exclusive") or the line's ("agree-ment"); without one, a known
    prefix or a capital or digit after it keeps the hyphen."""
    head = re.search(r"([A-Za-z]*)-$", before)
    tail = re.match(r"[A-Za-z0-9]*", after)
    first, second = (head.group(1) if head else ""), (tail.group(0) if tail else "")
    hyphenated, closed = f"{first}-{second}".lower(), f"{first}{second}".lower()
    if hyphenated in vocabulary:
        keep = True
    elif closed in vocabulary:
        keep = False
    else:
        keep = first.lower() in _HYPHEN_PREFIXES or second[:1].isupper() or second[:1].isdigit()
    return before + after if keep else before[:-1] + after


def _continues(previous: _Line, line: _Line) -> bool:
    gap = line.top - previous.bottom
    return 0 <= gap <= max(previous.size, line.size) * 0.9


def blocks_to_docx(blocks: list[_Block]) -> bytes:
    import docx

    document = docx.Document()
    for block in blocks:
        if block.kind == "h":
            document.add_heading(_clean(block.text), level=block.level)
        elif block.kind == "table" and block.rows:
            columns = max(len(row) for row in block.rows)
            table = document.add_table(rows=len(block.rows), cols=columns)
            table.style = "Table Grid"
            for r, row in enumerate(block.rows):
                for c in range(columns):
                    table.cell(r, c).text = _clean(row[c] if c < len(row) else "")
        else:
            document.add_paragraph(_clean(block.text))
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f\ufffe\uffff]")


def _clean(text: str) -> str:
    return _CONTROL.sub("", text)


def pdf_to_docx(data: bytes, max_pages: int = ConvertLimits.max_pages) -> bytes:
    """The conversion itself (runs in the bounded child; callable directly in tests)."""
    return blocks_to_docx(pdf_blocks(data, max_pages))


def _main() -> int:
    kind, max_pages = sys.argv[1], int(sys.argv[2])
    data = sys.stdin.buffer.read()
    try:
        if kind != "pdf":
            raise ConversionError(f"Unknown conversion {kind!r}.")
        out = pdf_to_docx(data, max_pages)
    except ConversionError as exc:
        sys.stderr.write(f"ConversionError: {exc}\n")
        return 2
    sys.stdout.buffer.write(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(_main())
