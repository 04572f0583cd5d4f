"""Upload safety: decide whether bytes are a .docx Redpen can take, before anything is stored.

Every refusal is an ``UploadRejected`` whose message is one sentence for the user. The checks
run cheapest first and never hold more than one bounded chunk of inflated data:

1. size limit, empty file, file name (.doc, .docm, .pdf, .txt ... get their own sentence);
2. magic bytes: OLE compound files (old .doc, or an encrypted/password-protected .docx, which
   Office wraps in the same container), PDF, plain text, anything that is not a zip;
3. the zip directory: encrypted entries, entry count, declared total size and per-entry
   compression ratio (zip bombs are refused from the directory, without inflating), macros
   (``vbaProject.bin``, macro-enabled content types), ``word/document.xml`` present;
4. every entry is stream-inflated with a hard cap (a lying directory cannot make us inflate
   more than the cap), and XML parts are scanned for DOCTYPE/ENTITY declarations (XXE, billion
   laughs); ``[Content_Types].xml`` and ``word/document.xml`` are parsed with the safe parser.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import PurePosixPath

from lxml import etree

from core.uploads import (
    MB,
    MSG_EMPTY,
    MSG_ENCRYPTED,
    MSG_ENTRIES,
    MSG_NOT_ZIP,
    MSG_RATIO,
    ZIP_MAGIC,
    UploadRejected,
    check_upload,
)
from core.uploads import UploadLimits as Limits
from core.uploads import human_size as _human

from . import package

# The bounds themselves are decided in core/uploads.py (``UploadLimits``, values from
# config/settings.py). Parsing word/document.xml takes about 8 to 10 times its size in memory (the
# text model, the preview's layout), so the text-part and paragraph bounds bound every later step
# too. The largest real contract in the test data has a 3 MB document.xml and 2,500 paragraphs.
CHUNK = 64 * 1024

OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
MACRO_CONTENT_TYPES = ("macroenabled", "vbaproject", "vnd.ms-office.activex", "vnd.ms-word.keymapcustomizations")
FORBIDDEN_XML = (b"<!DOCTYPE", b"<!ENTITY", "<!DOCTYPE".encode("utf-16-le"), "<!ENTITY".encode("utf-16-le"))


__all__ = ["MSG_EMPTY", "MSG_ENTRIES", "Limits", "UploadRejected", "validate_docx"]


ACCEPTS = "Redpen reviews Word .docx files (and converts a PDF with text, .doc, .rtf or .odt)"
# Conversion goes by the file's name first (documents/convert.py), so these are reached when the
# name hides what the file is: say what it really is and how to get it in.
MSG_DOC = (
    "This is an older Word .doc file, not a .docx: upload it under its .doc name (Redpen converts it) or "
    "save it as .docx in Word."
)
MSG_PDF = (
    "This is a PDF file, not a .docx: upload it under its .pdf name (Redpen converts a PDF with text) or "
    "upload the Word original."
)
MSG_RTF = (
    "This is an RTF file, not a .docx: upload it under its .rtf name (Redpen converts it) or save it as "
    ".docx in Word."
)
MSG_TEXT = f"{ACCEPTS}; plain-text files cannot be reviewed, so paste the text into Word and save it as .docx."
MSG_MACRO = (
    "This document contains macros (.docm); Redpen accepts only macro-free .docx files, so save it as a "
    "Word Document (.docx) and upload it again."
)
MSG_OLE = f"{ACCEPTS}; this is an older Office file, so open it in Word and save it as .docx first."
MSG_NO_DOCUMENT = "The file is a zip archive but not a Word document (it has no word/document.xml)."
MSG_DOCTYPE = (
    "The document contains XML document-type declarations or entities, which Word never writes and Redpen "
    "refuses for safety."
)

OTHER_EXTENSIONS = {
    ".doc": MSG_DOC,
    ".pdf": MSG_PDF,
    ".rtf": MSG_RTF,
    ".dot": "This is an older Word template (.dot): open it in Word and save it as a .docx document.",
    ".docm": MSG_MACRO,
    ".dotm": MSG_MACRO,
    ".txt": MSG_TEXT,
    ".text": MSG_TEXT,
    ".md": MSG_TEXT,
}
DOCX_EXTENSIONS = {".docx", ".dotx"}


def _document_xml_too_big(size: str, limits: Limits) -> UploadRejected:
    return UploadRejected(
        f"The contract's text (word/document.xml) is {size} when unpacked; the limit is "
        f"{_human(limits.max_document_xml_bytes)}. Split the contract, or remove embedded content, and upload it again."
    )


def validate_docx(data: bytes, filename: str = "", *, limits: Limits | None = None) -> None:
    """Raise ``UploadRejected`` unless ``data`` is a safe, macro-free, unencrypted .docx."""
    limits = check_upload(data, limits=limits or Limits())  # size, empty, the zip directory (core/uploads.py)
    _check_name(filename, data)
    _check_magic(data, filename)
    zf = _open_zip(data)
    _check_directory(zf, limits)
    _check_contents(zf, limits)


def _check_name(filename: str, data: bytes) -> None:
    if not filename:
        return
    suffix = PurePosixPath(filename.replace("\\", "/")).suffix.lower()
    if suffix in DOCX_EXTENSIONS:
        return
    if suffix in (".doc", ".dot") and data.startswith(OLE_MAGIC) and _ole_is_encrypted(data):
        raise UploadRejected(MSG_ENCRYPTED)
    if suffix in OTHER_EXTENSIONS:
        raise UploadRejected(OTHER_EXTENSIONS[suffix])
    shown = PurePosixPath(filename.replace("\\", "/")).name[:80]
    raise UploadRejected(f"{ACCEPTS}; “{shown}” is none of these, so please upload the contract as .docx.")


def _ole_is_encrypted(data: bytes) -> bool:
    # Office wraps an encrypted .docx in an OLE compound file whose directory names the streams
    # "EncryptionInfo" and "EncryptedPackage" (UTF-16LE); a .doc has a "WordDocument" stream.
    head = data[: 4 * MB]
    return "EncryptedPackage".encode("utf-16-le") in head or "EncryptionInfo".encode("utf-16-le") in head


MSG_CORRUPT_DOCX = (
    "The file is damaged or is not a Word .docx document (perhaps a broken download or copy), so open it in Word "
    "and save it again, or get a fresh copy."
)


def _check_magic(data: bytes, filename: str = "") -> None:
    if data.startswith(OLE_MAGIC):
        if _ole_is_encrypted(data):
            raise UploadRejected(MSG_ENCRYPTED)
        if "WordDocument".encode("utf-16-le") in data[: 4 * MB]:
            raise UploadRejected(MSG_DOC)
        raise UploadRejected(MSG_OLE)
    if data.lstrip()[:5] == b"%PDF-":
        raise UploadRejected(MSG_PDF)
    if data.startswith(b"{\\rtf"):
        raise UploadRejected(MSG_RTF)
    if not data.startswith(ZIP_MAGIC):
        # Named .docx but not a zip: the file is damaged, whatever its bytes look like.
        if PurePosixPath(filename.replace("\\", "/")).suffix.lower() in DOCX_EXTENSIONS:
            raise UploadRejected(MSG_CORRUPT_DOCX)
        if _looks_like_text(data):
            raise UploadRejected(MSG_TEXT)
        raise UploadRejected(MSG_NOT_ZIP)


def _looks_like_text(data: bytes) -> bool:
    sample = data[:4096]
    if b"\x00" in sample:
        return False
    try:
        sample.decode("utf-8")
    except UnicodeDecodeError as exc:
        # A multi-byte character cut at the end of the sample is still text.
        return exc.start >= len(sample) - 4
    return True


def _open_zip(data: bytes) -> zipfile.ZipFile:
    try:
        return package.open_package(data)
    except package.PackageError as exc:
        raise UploadRejected(MSG_CORRUPT_DOCX) from exc


def _check_directory(zf: zipfile.ZipFile, limits: Limits) -> None:
    infos = zf.infolist()
    names = {info.filename for info in infos}
    if any(PurePosixPath(name.lower()).name == "vbaproject.bin" for name in names):
        raise UploadRejected(MSG_MACRO)
    if package.DOCUMENT_PART not in names or "[Content_Types].xml" not in names:
        raise UploadRejected(MSG_NO_DOCUMENT)
    declared_document = zf.getinfo(package.DOCUMENT_PART).file_size
    if declared_document > limits.max_document_xml_bytes:
        raise _document_xml_too_big(_human(declared_document), limits)


def _check_contents(zf: zipfile.ZipFile, limits: Limits) -> None:
    budget = limits.max_uncompressed_bytes
    kept: dict[str, bytes] = {}
    for info in zf.infolist():
        if info.is_dir():
            continue
        name = info.filename
        is_xml = name.lower().endswith((".xml", ".rels"))
        keep = name in ("[Content_Types].xml", package.DOCUMENT_PART)
        size = 0
        tail = b""
        chunks: list[bytes] = []
        try:
            with zf.open(info) as handle:
                while True:
                    chunk = handle.read(CHUNK)
                    if not chunk:
                        break
                    size += len(chunk)
                    budget -= len(chunk)
                    if name == package.DOCUMENT_PART and size > limits.max_document_xml_bytes:
                        # The directory said less: count what actually inflates.
                        raise _document_xml_too_big(f"more than {_human(limits.max_document_xml_bytes)}", limits)
                    if budget < 0 or size > info.file_size:
                        raise UploadRejected(MSG_RATIO)
                    if is_xml:
                        if size > limits.max_xml_part_bytes:
                            raise UploadRejected(MSG_RATIO)
                        window = tail + chunk
                        if any(marker in window for marker in FORBIDDEN_XML):
                            raise UploadRejected(MSG_DOCTYPE)
                        tail = window[-24:]
                    if keep:
                        chunks.append(chunk)
        except UploadRejected:
            raise
        except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError, ValueError) as exc:
            raise UploadRejected(MSG_NOT_ZIP) from exc
        if keep:
            kept[name] = b"".join(chunks)
    try:
        content_types = package.parse_xml(kept["[Content_Types].xml"])
    except package.PackageError as exc:
        raise UploadRejected(str(exc)) from exc
    for element in content_types:
        content_type = (element.get("ContentType") or "").lower()
        if any(marker in content_type for marker in MACRO_CONTENT_TYPES):
            raise UploadRejected(MSG_MACRO)
    _check_body(kept[package.DOCUMENT_PART], limits)


def _check_body(document_xml: bytes, limits: Limits) -> None:
    """The body exists and has at most ``max_paragraphs`` paragraphs, counted while streaming:
    parsing stops at the first paragraph past the limit, and no tree is kept, so a small file
    that unpacks to hundreds of thousands of paragraphs costs a bounded amount of work."""
    paragraphs = 0
    body = False
    events = etree.iterparse(
        io.BytesIO(document_xml), events=("start", "end"), resolve_entities=False, no_network=True,
        load_dtd=False, huge_tree=False,
    )
    try:
        for event, element in events:
            if event == "start":
                if element.tag == _BODY:
                    body = True
                continue
            if element.tag == _P:
                paragraphs += 1
                if paragraphs > limits.max_paragraphs:
                    total = _paragraph_tags(document_xml, element.prefix)
                    raise UploadRejected(
                        f"The contract has {max(total, paragraphs):,} paragraphs; the limit is "
                        f"{limits.max_paragraphs:,} (about {limits.max_paragraphs // 25:,} pages). Split the "
                        "contract and upload the parts as separate reviews."
                    )
                element.clear(keep_tail=False)
    except etree.XMLSyntaxError as exc:
        raise UploadRejected("The document's XML is damaged, so it cannot be read.") from exc
    if not body:
        raise UploadRejected(MSG_NO_DOCUMENT)


def _paragraph_tags(document_xml: bytes, prefix: str | None) -> int:
    """How many paragraphs the message names, counted on the bytes (no parsing: the stream
    already stopped at the limit)."""
    tag = f"<{prefix}:p" if prefix else "<p"
    return sum(document_xml.count(f"{tag}{end}".encode()) for end in (">", " ", "/"))


_W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
_BODY = f"{{{_W}}}body"
_P = f"{{{_W}}}p"
