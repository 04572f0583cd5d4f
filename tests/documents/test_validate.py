"""Hostile and wrong uploads are refused quickly, with bounded memory, one clear sentence, and
nothing stored."""

from __future__ import annotations

import io
import struct
import tracemalloc
import zipfile
import zlib

import pytest

from documents.docx.validate import OLE_MAGIC, Limits, UploadRejected, validate_docx
from documents.models import Blob, Document, DocumentVersion
from documents.services import document_create
from tests.documents.factories import tricky_bytes
from tests.documents.helpers import rezip
from tests.factories import UserFactory

GB2 = 2 * 1024**3


def _one_sentence(message: str) -> None:
    assert message.endswith(".")
    assert message.count(". ") == 0, message  # one sentence, no run-on second one
    assert "Traceback" not in message and "Error" not in message


def refused(data: bytes, filename: str = "contract.docx") -> str:
    with pytest.raises(UploadRejected) as info:
        validate_docx(data, filename)
    message = str(info.value)
    _one_sentence(message)
    return message


def _raw_zip(entries: list[tuple[str, bytes, int, int]]) -> bytes:
    """A zip written by hand (name, deflated payload, declared size, CRC), so that the directory
    can claim any uncompressed size."""
    body = b""
    directory = b""
    for name, payload, declared, crc in entries:
        encoded = name.encode()
        offset = len(body)
        body += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0x21, crc, len(payload), declared, len(encoded), 0)
        body += encoded + payload
        directory += struct.pack(
            "<IHHHHHHIIIHHHHHII",
            0x02014B50, 20, 20, 0, 8, 0, 0x21, crc, len(payload), declared, len(encoded), 0, 0, 0, 0, 0, offset,
        ) + encoded
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(entries), len(entries), len(directory), len(body), 0)
    return body + directory + end


def _deflate(data: bytes) -> bytes:
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    return compressor.compress(data) + compressor.flush()


CONTENT_TYPES = b'<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'
CONTENT_TYPES_ENTRY = ("[Content_Types].xml", _deflate(CONTENT_TYPES), len(CONTENT_TYPES), zlib.crc32(CONTENT_TYPES))


def _zeros_deflated(total: int) -> bytes:
    """A raw deflate stream of ``total`` zero bytes, built without ever holding them: one
    full-flushed 1 MB block repeated (each is independent of the ones before)."""
    block = 1024 * 1024
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    chunk = compressor.compress(b"\0" * block) + compressor.flush(zlib.Z_FULL_FLUSH)
    final = zlib.compressobj(9, zlib.DEFLATED, -15)
    tail = final.compress(b"") + final.flush()
    return chunk * (total // block) + tail


def test_a_real_docx_passes():
    validate_docx(tricky_bytes(), "tricky.docx")


def test_oversized_file_is_refused_before_reading_it():
    data = tricky_bytes()
    with pytest.raises(UploadRejected) as info:
        validate_docx(data, "big.docx", limits=Limits(max_upload_bytes=len(data) - 1))
    message = str(info.value)
    assert message == "The file is larger than the 36 KB upload limit."
    _one_sentence(message)


@pytest.mark.parametrize(
    ("filename", "data", "expected"),
    [
        ("contract.doc", OLE_MAGIC + b"\0" * 64 + "WordDocument".encode("utf-16-le"), "older Word .doc"),
        ("contract.docx", OLE_MAGIC + b"\0" * 64 + "WordDocument".encode("utf-16-le"), "older Word .doc"),
        ("contract.pdf", b"%PDF-1.7\n...", "PDF"),
        ("contract.docx", b"%PDF-1.7\n...", "PDF"),
        ("contract.txt", b"This Agreement is made...", "plain-text"),
        ("contract.docm", b"PK\x03\x04", "macros"),
        ("contract.docx", b"{\\rtf1\\ansi ...}", "RTF"),
        ("contract.xlsx", b"PK\x03\x04", "is none of these"),
    ],
)
def test_other_formats_get_a_message_saying_what_is_accepted(filename, data, expected):
    message = refused(data, filename)
    assert expected in message
    if expected in ("plain-text", "is none of these"):
        assert message.startswith("Redpen reviews Word .docx files (and converts a PDF with text, .doc, .rtf")
    if expected in ("older Word .doc", "PDF", "RTF"):
        # What it really is, and the way in: its own name, which Redpen converts.
        assert "not a .docx" in message and "Redpen converts" in message


@pytest.mark.parametrize(
    "data",
    [b"This Agreement is made between the parties.\n", b"\x13\x88garbage\x00\x01" * 20, b"PK\x03\x04truncated"],
    ids=["text-inside", "random-bytes", "truncated-zip"],
)
def test_a_damaged_docx_is_told_it_is_damaged(data):
    message = refused(data, "contract.docx")
    assert "damaged" in message and "plain-text" not in message
    _one_sentence(message)


def test_encrypted_office_file_is_recognised_and_told_apart_from_doc():
    # Office wraps a password-protected .docx in an OLE compound file with these streams.
    encrypted = OLE_MAGIC + b"\0" * 64 + "EncryptionInfo".encode("utf-16-le") + "EncryptedPackage".encode("utf-16-le")
    for name in ("contract.docx", "contract.doc"):
        message = refused(encrypted, name)
        assert "password-protected" in message


def test_zip_level_encryption_is_refused():
    data = bytearray(rezip(tricky_bytes()))
    # Set the "encrypted" flag bit in every central directory header.
    index = data.find(b"PK\x01\x02")
    while index >= 0:
        flags = struct.unpack_from("<H", data, index + 8)[0]
        struct.pack_into("<H", data, index + 8, flags | 1)
        index = data.find(b"PK\x01\x02", index + 4)
    assert "password-protected" in refused(bytes(data))


def test_not_a_zip_and_a_truncated_zip_are_damaged():
    assert "damaged" in refused(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 8)
    data = tricky_bytes()
    assert "damaged" in refused(data[: len(data) // 2])


def test_zip_without_word_document_is_refused():
    data = rezip(tricky_bytes(), drop=("word/document.xml",))
    assert "no word/document.xml" in refused(data)


def test_empty_file_is_refused():
    assert refused(b"") == "The file is empty."


def test_macro_packages_are_refused():
    data = tricky_bytes()
    with_vba = rezip(data, replace={"word/vbaProject.bin": b"\xd0\xcf\x11\xe0 macro"})
    assert "macros" in refused(with_vba)
    types = zipfile.ZipFile(io.BytesIO(data)).read("[Content_Types].xml").replace(
        b"wordprocessingml.document.main+xml", b"ms-word.document.macroEnabled.main+xml"
    )
    assert b"macroEnabled" in types
    assert "macros" in refused(rezip(data, replace={"[Content_Types].xml": types}))


XXE = b"""<?xml version="1.0"?>
<!DOCTYPE w:document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>&xxe;</w:t></w:r></w:p></w:body></w:document>"""

LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
<!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">]>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>&lol9;</w:t></w:r></w:p></w:body></w:document>"""


@pytest.mark.parametrize("payload", [XXE, LAUGHS], ids=["xxe", "billion-laughs"])
@pytest.mark.parametrize("part", ["word/document.xml", "word/styles.xml", "[Content_Types].xml"])
def test_xml_with_doctype_or_entities_is_refused(payload, part):
    data = rezip(tricky_bytes(), replace={part: payload})
    assert "document-type declarations or entities" in refused(data)


def test_utf16_doctype_is_refused_too():
    payload = XXE.decode().replace('<?xml version="1.0"?>', '<?xml version="1.0" encoding="UTF-16"?>')
    data = rezip(tricky_bytes(), replace={"word/document.xml": payload.encode("utf-16")})
    assert "document-type declarations or entities" in refused(data)


def _peak_memory(check) -> int:  # type: ignore[no-untyped-def]
    """The most memory ``check()`` held at once: bounded memory is the proof that a bomb was
    never inflated (how long a refusal takes is not what it checks)."""
    tracemalloc.start()
    try:
        check()
    finally:
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    return peak


def test_zip_bomb_declaring_2gb_is_refused_from_the_directory_without_inflating():
    stream = _zeros_deflated(GB2)
    bomb = _raw_zip(
        [CONTENT_TYPES_ENTRY, ("word/document.xml", stream, GB2, 0)]
    )
    assert len(bomb) < 4 * 1024 * 1024
    message = ""

    def check() -> None:
        nonlocal message
        message = refused(bomb)

    peak = _peak_memory(check)
    assert "expands to more than 256 MB when unpacked" in message
    # Never inflated: bounded memory is the proof (how long it took is the bench's business).
    assert peak < 32 * 1024 * 1024


def test_zip_bomb_lying_about_its_size_is_never_inflated_past_the_claim():
    # The directory claims 1 KB; the data inflates to 2 GB. The stream inflate stops at the
    # claim (and the CRC then fails): refused as damaged, in bounded time and memory.
    stream = _zeros_deflated(GB2)
    bomb = _raw_zip(
        [CONTENT_TYPES_ENTRY, ("word/document.xml", stream, 1024, 0)]
    )
    message = ""

    def check() -> None:
        nonlocal message
        message = refused(bomb)

    peak = _peak_memory(check)
    assert message == "The file is damaged or is not a Word .docx document."
    assert peak < 32 * 1024 * 1024


def test_excessive_compression_ratio_is_refused():
    data = rezip(tricky_bytes(), replace={"word/media/padding.bin": b"\0" * (8 * 1024 * 1024)})
    assert "zip bomb" in refused(data)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("filename", "data"),
    [
        ("contract.docx", b"not a zip at all, just some words"),
        ("contract.doc", OLE_MAGIC + b"\0" * 64 + "WordDocument".encode("utf-16-le")),
        ("contract.docx", b"PK\x05\x06" + b"\0" * 18),  # an empty zip
        ("contract.docx", None),
    ],
)
def test_nothing_is_stored_on_refusal(filename, data):
    owner = UserFactory()
    if data is None:
        data = rezip(tricky_bytes(), replace={"word/document.xml": XXE})
    with pytest.raises(UploadRejected):
        document_create(owner=owner, team=None, filename=filename, data=data)
    assert Document.objects.count() == 0
    assert DocumentVersion.objects.count() == 0
    assert Blob.objects.count() == 0


@pytest.mark.django_db
def test_service_uses_the_upload_limit_setting(settings):
    settings.REDPEN_MAX_UPLOAD_BYTES = 1024
    with pytest.raises(UploadRejected) as info:
        document_create(owner=UserFactory(), team=None, filename="contract.docx", data=tricky_bytes())
    assert str(info.value) == "The file is larger than the 1 KB upload limit."
    assert Document.objects.count() == 0
