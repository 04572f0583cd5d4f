"""Reading and writing the .docx zip package, safely and deterministically.

- XML is always parsed with entities, DTD loading and network access off; a part that declares
  a DOCTYPE is refused (Word never writes one), which closes XXE and billion-laughs together.
- Writing keeps the member order of the original package, fixed timestamps and attributes and
  one compression level, so the same input and edits always give the same bytes.
"""

from __future__ import annotations

import io
import zipfile
from typing import Any

from lxml import etree

DOCUMENT_PART = "word/document.xml"
STYLES_PART = "word/styles.xml"
FOOTNOTES_PART = "word/footnotes.xml"
ENDNOTES_PART = "word/endnotes.xml"
NOTE_PARTS = (FOOTNOTES_PART, ENDNOTES_PART)
FIXED_DATE = (1980, 1, 1, 0, 0, 0)
COMPRESS_LEVEL = 6


class PackageError(ValueError):
    """A package or part that cannot be read safely (one sentence for the user)."""


def xml_parser() -> etree.XMLParser:
    # A parser per call: lxml parsers must not be shared between threads.
    return etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        huge_tree=False,
        remove_comments=False,
    )


def parse_xml(data: bytes) -> Any:
    """Parse one XML part; refuse DOCTYPE declarations (and so any entity declaration)."""
    try:
        root = etree.fromstring(data, parser=xml_parser())
    except etree.XMLSyntaxError as exc:
        raise PackageError("The document's XML is damaged, so it cannot be read.") from exc
    if root.getroottree().docinfo.doctype:
        raise PackageError(
            "The document contains XML document-type declarations or entities, which Word never writes "
            "and Redpen refuses for safety."
        )
    return root


def open_package(data: bytes) -> zipfile.ZipFile:
    try:
        return zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError) as exc:
        raise PackageError("The file is damaged or is not a Word .docx document.") from exc


def read_part(zf: zipfile.ZipFile, name: str) -> bytes | None:
    try:
        return zf.read(name)
    except KeyError:
        return None


def read_document_root(data: bytes) -> Any:
    zf = open_package(data)
    xml = read_part(zf, DOCUMENT_PART)
    if xml is None:
        raise PackageError("The file is a zip archive but not a Word document (it has no word/document.xml).")
    return parse_xml(xml)


def read_note_roots(data: bytes) -> dict[str, Any]:
    """The parsed footnotes and endnotes parts that the package has (by part name)."""
    zf = open_package(data)
    roots = {}
    for name in NOTE_PARTS:
        xml = read_part(zf, name)
        if xml is not None:
            roots[name] = parse_xml(xml)
    return roots


def serialize(root: Any) -> bytes:
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)


def write_package(original: bytes, replacements: dict[str, bytes]) -> bytes:
    """The original package with some parts replaced (or added), written deterministically."""
    source = open_package(original)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as target:
        for info in source.infolist():
            data = replacements.get(info.filename)
            if data is None:
                data = source.read(info.filename)
            zinfo = zipfile.ZipInfo(info.filename, date_time=FIXED_DATE)
            zinfo.create_system = 0
            zinfo.external_attr = 0
            if info.is_dir():
                zinfo.external_attr = 0x10  # MS-DOS directory flag
                target.writestr(zinfo, b"")
                continue
            zinfo.compress_type = zipfile.ZIP_DEFLATED
            target.writestr(zinfo, data, compresslevel=COMPRESS_LEVEL)
        # Parts the original lacks (e.g. a new comments part) follow its own, in name order.
        present = set(source.namelist())
        for name in sorted(set(replacements) - present):
            zinfo = zipfile.ZipInfo(name, date_time=FIXED_DATE)
            zinfo.create_system = 0
            zinfo.compress_type = zipfile.ZIP_DEFLATED
            target.writestr(zinfo, replacements[name], compresslevel=COMPRESS_LEVEL)
    return out.getvalue()
