"""A spreadsheet of positions (.xlsx or .csv, one row per position) -> a draft playbook YAML.

Pure: no ORM. The columns are those teams already keep (Coupa's import columns: Name,
Description, Clause Type, Standard Text, Decision Authority, Instruction, Alternate Text), plus
optional Severity, Check, Find and ID. How each column maps is ``COLUMNS`` and is shown on the
import page; the decisions are written down in ``docs/decisions/spreadsheet-import.md``.

The YAML is validated by the same loader as an upload (``loader.load_playbook``), and every
problem the loader reports on a line is traced back to the row and column that wrote that line,
so an error reads "row 7, column F (Severity): unknown severity 'urgent'".

Bounds: the file (``MAX_FILE_BYTES``), an .xlsx's uncompressed size (a zip bomb is refused
before it is opened), the rows with text (``MAX_ROWS``; empty rows do not count), the columns
(text past the ``MAX_COLUMNS``-th is refused, never dropped) and each cell's length.
"""

from __future__ import annotations

import csv
import io
import json
import re
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import checks
from .loader import MAX_RULES, load_playbook
from .loader.fields import MAX_TEXT_CHARS
from .loader.issues import PlaybookInvalid
from .rules import PlaybookSpec

MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_UNCOMPRESSED_BYTES = 25 * 1024 * 1024
MAX_ROWS = MAX_RULES
MAX_COLUMNS = 50
MAX_CELL_CHARS = MAX_TEXT_CHARS
ZIP_SIGNATURE = b"PK\x03\x04"


@dataclass(frozen=True)
class Column:
    key: str
    label: str  # the canonical header
    aliases: tuple[str, ...]
    becomes: str  # what it turns into, for the mapping table


COLUMNS: tuple[Column, ...] = (
    Column("name", "Name", ("name", "position", "position name", "title", "rule"),
           "the rule's title, and its id (a slug of the name) unless an ID column is given"),
    Column("id", "ID", ("id", "rule id", "ruleid", "slug"), "the rule's id"),
    Column("description", "Description", ("description", "summary", "rationale"),
           "the rule's guidance (first paragraph)"),
    Column("clause_type", "Clause Type", ("clause type", "clause", "category", "type", "clause category"),
           "what the rule looks for (find): the clause type, or the phrases of a Find column"),
    Column("standard", "Standard Text", ("standard text", "standard", "standard language", "preferred",
                                         "preferred text", "preferred position", "position text"),
           "the preferred position (positions, first)"),
    Column("authority", "Decision Authority", ("decision authority", "authority", "approver", "approval",
                                               "approved by"),
           "who approves decisions on the rule (requires_approval and approver); empty, 'none' or 'lawyer': "
           "no approval"),
    Column("instruction", "Instruction", ("instruction", "instructions", "negotiation instruction", "guidance",
                                          "negotiation guidance", "notes"),
           "the rule's guidance (after the description)"),
    Column("alternate", "Alternate Text", ("alternate text", "alternate", "alternative", "alternative text",
                                           "fallback", "fallbacks", "fallback text", "alternate language"),
           "the fallback positions, in order, one per line of the cell"),
    Column("severity", "Severity", ("severity", "priority", "risk"), "severity (low, medium, high, critical)"),
    Column("check", "Check", ("check",), "the check, e.g. 'max_days: 30' (default: must_exist)"),
    Column("find", "Find", ("find", "keywords", "phrases", "search terms"),
           "phrases that select the sentences (comma- or semicolon-separated), instead of the clause type"),
)
REQUIRED = ("name", "standard")
_BY_ALIAS = {alias: column for column in COLUMNS for alias in column.aliases}
NO_APPROVAL = frozenset({"", "none", "no", "n/a", "na", "-", "lawyer", "reviewer", "self", "any lawyer"})
_SLUG_CHARS = re.compile(r"[^a-z0-9]+")


@dataclass(frozen=True)
class CellIssue:
    row: int | None  # spreadsheet row number (1 = the first row), None for the whole file
    column: str | None  # column letter, e.g. "F"
    header: str | None  # the column's header as written
    message: str

    def __str__(self) -> str:
        where = []
        if self.row is not None:
            where.append(f"row {self.row}")
        if self.column is not None:
            where.append(f"column {self.column}" + (f" ({self.header})" if self.header else ""))
        return (", ".join(where) + ": " if where else "") + self.message


@dataclass
class ColumnMapping:
    letter: str
    header: str
    column: Column | None  # None: not used

    @property
    def becomes(self) -> str:
        return self.column.becomes if self.column else "not used"


@dataclass
class ImportResult:
    source: str = ""  # the YAML draft (empty when the file could not be read at all)
    mapping: list[ColumnMapping] = field(default_factory=list)
    issues: list[CellIssue] = field(default_factory=list)
    spec: PlaybookSpec | None = None
    rows: int = 0

    @property
    def ok(self) -> bool:
        return self.spec is not None and not self.issues


class SpreadsheetError(ValueError):
    pass


def column_letter(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def _cell_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).replace("\r\n", "\n").replace("\r", "\n").strip()


def read_table(data: bytes, filename: str) -> list[list[str]]:
    """Rows of cell texts. Raises ``SpreadsheetError`` with a clear sentence."""
    if len(data) > MAX_FILE_BYTES:
        raise SpreadsheetError(f"The file is {len(data) // 1024} KB; the limit is {MAX_FILE_BYTES // 1024} KB.")
    name = filename.lower()
    # A zip's local-file signature, not "PK" alone: a CSV whose first header is "PK…" is text.
    if name.endswith(".xlsx") or data[:4] == ZIP_SIGNATURE:
        return _read_xlsx(data)
    if name.endswith((".csv", ".txt")):
        return _read_csv(data)
    raise SpreadsheetError("Upload an Excel workbook (.xlsx) or a CSV file (.csv).")


def _read_xlsx(data: bytes) -> list[list[str]]:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            size = sum(info.file_size for info in archive.infolist())
    except zipfile.BadZipFile:
        raise SpreadsheetError("This is not an Excel workbook (.xlsx) that can be read.") from None
    if size > MAX_UNCOMPRESSED_BYTES:
        raise SpreadsheetError(f"The workbook unpacks to {size // (1024 * 1024)} MB; the limit is "
                               f"{MAX_UNCOMPRESSED_BYTES // (1024 * 1024)} MB.")
    import openpyxl

    try:
        # read_only streams the sheet; data_only reads cached values (formulas are never run).
        workbook = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many types for a damaged file
        raise SpreadsheetError(f"This Excel workbook cannot be read ({type(exc).__name__}).") from None
    try:
        sheet = workbook.worksheets[0] if workbook.worksheets else None
        if sheet is None:
            raise SpreadsheetError("The workbook has no sheet.")
        bounded = _Rows("sheet")
        for values in sheet.iter_rows(values_only=True):
            bounded.add([_cell_text(v) for v in values])
        return bounded.rows
    finally:
        workbook.close()


class _Rows:
    """The rows read so far, bounded: a row with text counts against ``MAX_ROWS`` (empty rows
    are kept, as one shared empty row, so that row numbers stay those of the sheet), and text
    past the ``MAX_COLUMNS``-th column is refused rather than dropped."""

    _EMPTY: list[str] = []

    def __init__(self, what: str) -> None:
        self.what = what
        self.rows: list[list[str]] = []
        self.filled = 0

    def add(self, cells: list[str]) -> None:
        if not any(cells):
            self.rows.append(self._EMPTY)
            return
        last = max(index for index, cell in enumerate(cells) if cell)
        if last >= MAX_COLUMNS:
            raise SpreadsheetError(
                f"Row {len(self.rows) + 1} has text in column {column_letter(last)}; a {self.what} may use at most "
                f"{MAX_COLUMNS} columns (A to {column_letter(MAX_COLUMNS - 1)}). Delete the columns past "
                f"{column_letter(MAX_COLUMNS - 1)}, or move what they hold into the columns of the list.")
        self.filled += 1
        # The header row and MAX_ROWS positions; a few more so that the count is reported exactly.
        if self.filled > MAX_ROWS + 50:
            raise SpreadsheetError(f"The {self.what} has more than {MAX_ROWS} rows; the limit is {MAX_ROWS} positions.")
        self.rows.append(cells[: last + 1])


def _decode(data: bytes) -> str:
    """The text of a CSV: UTF-8 (with or without a BOM), UTF-16 (Excel's "Unicode text", with a
    BOM, or without one when every other byte is zero), else Windows-1252."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return data.decode("utf-16", errors="replace")
    head = data[:4096]
    if len(head) >= 4 and head[1::2].count(0) > len(head) // 4 and not head[0::2].count(0):
        return data.decode("utf-16-le", errors="replace")
    if len(head) >= 4 and head[0::2].count(0) > len(head) // 4 and not head[1::2].count(0):
        return data.decode("utf-16-be", errors="replace")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")  # what Excel on Windows saves as "CSV"


def _read_csv(data: bytes) -> list[list[str]]:
    text = _decode(data)
    sample = text[:4096]
    try:
        dialect: Any = csv.Sniffer().sniff(sample, delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    bounded = _Rows("file")
    try:
        for values in csv.reader(io.StringIO(text), dialect):
            bounded.add([_cell_text(v) for v in values])
    except csv.Error as exc:
        raise SpreadsheetError(f"The CSV file cannot be read: {exc} (line {len(bounded.rows) + 1}).") from None
    return bounded.rows


def _header_key(text: str) -> str:
    return re.sub(r"[\s_\-]+", " ", text.strip().lower()).strip(" *:")


def map_columns(header: list[str]) -> list[ColumnMapping]:
    mapping: list[ColumnMapping] = []
    used: set[str] = set()
    for index, text in enumerate(header):
        if not text:
            continue
        column = _BY_ALIAS.get(_header_key(text))
        if column is not None and column.key in used:
            column = None  # a second column of the same kind is shown as not used
        if column is not None:
            used.add(column.key)
        mapping.append(ColumnMapping(letter=column_letter(index), header=text, column=column))
    return mapping


def slugify(text: str) -> str:
    slug = _SLUG_CHARS.sub("-", text.lower()).strip("-")
    return slug[:60].strip("-") or "rule"


def yaml_quote(text: str) -> str:
    """A YAML double-quoted scalar (JSON strings are valid YAML)."""
    return json.dumps(text, ensure_ascii=False)


def _parse_check(text: str) -> tuple[str, Any] | None:
    match = re.match(r"^\s*([a-zA-Z_ ]+?)\s*(?:[:=]\s*|\s+|$)(.*)$", text.strip())
    if not match:
        return None
    kind = re.sub(r"\s+", "_", match.group(1).strip().lower())
    raw = match.group(2).strip()
    check_kind = checks.find(kind)
    if check_kind is not None:
        return kind, check_kind.value_from_cell(raw)
    return kind, raw


class _Writer:
    """YAML lines, each remembering the row and column that wrote it."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.origin: dict[int, tuple[int | None, str | None]] = {}

    def add(self, text: str, row: int | None = None, key: str | None = None) -> None:
        self.lines.append(text)
        self.origin[len(self.lines)] = (row, key)


def build_yaml(
    table: list[list[str]], *, name: str, party: str = "", description: str = "",
    clause_find: Callable[[str], dict[str, Any] | None] | None = None,
) -> ImportResult:
    """Map the rows to a playbook and validate it like an upload."""
    result = ImportResult()
    header_at = next((i for i, row in enumerate(table) if any(row)), None)
    if header_at is None:
        result.issues.append(CellIssue(None, None, None, "The file is empty."))
        return result
    result.mapping = map_columns(table[header_at])
    by_key = {m.column.key: m for m in result.mapping if m.column}
    index_of = {m.letter: i for i, m in enumerate(_letters(table[header_at]))}
    for key in REQUIRED:
        if key not in by_key:
            label = next(c.label for c in COLUMNS if c.key == key)
            result.issues.append(CellIssue(header_at + 1, None, None,
                                           f"no '{label}' column: the header row needs one (see the column list)"))
    if result.issues:
        return result

    def cell(row: list[str], key: str) -> str:
        mapping = by_key.get(key)
        if mapping is None:
            return ""
        index = index_of[mapping.letter]
        return row[index] if index < len(row) else ""

    out = _Writer()
    out.add("# Draft imported from a spreadsheet: one rule per row. Check every find and check before")
    out.add("# publishing (docs/playbook-format.md).")
    out.add(f"name: {yaml_quote(name.strip() or 'Imported playbook')}")
    if description:
        out.add(f"description: {yaml_quote(description)}")
    if party:
        out.add(f"party: {yaml_quote(party)}")
    out.add("rules:")
    seen_ids: dict[str, int] = {}
    data_rows = [(header_at + 1 + offset + 1, row) for offset, row in enumerate(table[header_at + 1:]) if any(row)]
    if not data_rows:
        result.issues.append(CellIssue(None, None, None, "The sheet has a header row but no positions under it."))
        return result
    if len(data_rows) > MAX_ROWS:
        result.issues.append(CellIssue(None, None, None, f"{len(data_rows)} positions; the limit is {MAX_ROWS}."))
        return result
    result.rows = len(data_rows)
    for number, row in data_rows:
        for key, mapping in by_key.items():
            if len(cell(row, key)) > MAX_CELL_CHARS:
                result.issues.append(CellIssue(number, mapping.letter, mapping.header,
                                               f"is {len(cell(row, key))} characters long; the limit is "
                                               f"{MAX_CELL_CHARS}"))
        title = cell(row, "name")
        if not title:
            result.issues.append(CellIssue(number, by_key["name"].letter, by_key["name"].header,
                                           "empty: every position needs a name"))
            continue
        rule_id = cell(row, "id") or slugify(title)
        if rule_id in seen_ids and not cell(row, "id"):
            # Two positions with one name: number them (a given ID is kept, and the loader
            # reports the duplicate against this row's ID cell).
            suffix = 2
            while f"{rule_id}-{suffix}" in seen_ids:
                suffix += 1
            rule_id = f"{rule_id}-{suffix}"
        seen_ids[rule_id] = number
        out.add(f"  # row {number}", number, None)
        out.add(f"  - id: {yaml_quote(rule_id)}", number, "id" if cell(row, "id") else "name")
        out.add(f"    title: {yaml_quote(title)}", number, "name")
        severity = cell(row, "severity")
        if severity:
            out.add(f"    severity: {yaml_quote(severity.lower())}", number, "severity")
        _write_find(out, number, cell(row, "find"), cell(row, "clause_type"), title, clause_find)
        check = _parse_check(cell(row, "check")) if cell(row, "check") else ("must_exist", True)
        if check is None:
            result.issues.append(CellIssue(number, by_key["check"].letter, by_key["check"].header,
                                           f"'{cell(row, 'check')}' is not a check, e.g. 'max_days: 30'"))
            continue
        kind, value = check
        rendered = "true" if value is True else (yaml_quote(value) if isinstance(value, str) else json.dumps(value))
        out.add(f"    check: {{{kind}: {rendered}}}", number, "check" if cell(row, "check") else "standard")
        positions = [cell(row, "standard")] if cell(row, "standard") else []
        alternates = [line.strip() for line in cell(row, "alternate").split("\n") if line.strip()]
        if positions or alternates:
            out.add("    positions:", number, "standard")
            for text in positions:
                out.add(f"      - {yaml_quote(text)}", number, "standard")
            for text in alternates:
                out.add(f"      - {yaml_quote(text)}", number, "alternate")
        guidance = "\n\n".join(p for p in (cell(row, "description"), cell(row, "instruction")) if p)
        if guidance:
            out.add(f"    guidance: {yaml_quote(guidance)}", number,
                    "description" if cell(row, "description") else "instruction")
        authority = cell(row, "authority")
        if authority.lower() not in NO_APPROVAL:
            approver = authority if re.match(r"^(user|group):", authority) else f"group:{authority}"
            out.add("    requires_approval: true", number, "authority")
            out.add(f"    approver: {yaml_quote(approver)}", number, "authority")
    result.source = "\n".join(out.lines) + "\n"
    if result.issues:
        return result
    try:
        result.spec = load_playbook(result.source)
    except PlaybookInvalid as exc:
        for issue in exc.errors:
            row, key = out.origin.get(issue.line or 0, (None, None))
            candidates = _FIELD_COLUMNS.get(re.split(r"[.\[]", issue.field or "", maxsplit=1)[0], ())
            candidates = (candidates,) if isinstance(candidates, str) else candidates
            if row is not None and key not in candidates:
                key = next((k for k in candidates if k in by_key), key)
            mapping = by_key.get(key) if key else None
            message = issue.message + (f" — {issue.hint}" if issue.hint else "")
            if issue.field and mapping is None:
                message = f"{issue.field}: {message}"
            result.issues.append(CellIssue(row, mapping.letter if mapping else None,
                                           mapping.header if mapping else None, message))
    return result


# Which column a loader message about a field belongs to (the first one the sheet has).
_FIELD_COLUMNS: dict[str, str | tuple[str, ...]] = {
    "id": ("id", "name"), "title": "name", "severity": "severity", "find": ("find", "clause_type", "name"),
    "check": ("check", "standard"), "positions": ("standard", "alternate"), "guidance": ("description", "instruction"),
    "approver": "authority", "requires_approval": "authority",
}


def _letters(header: list[str]) -> list[ColumnMapping]:
    return [ColumnMapping(letter=column_letter(i), header=h, column=None) for i, h in enumerate(header)]


def _write_find(
    out: _Writer, number: int, find: str, clause_type: str, title: str,
    clause_find: Callable[[str], dict[str, Any] | None] | None,
) -> None:
    if find:
        phrases = [p.strip() for p in re.split(r"[;,\n]", find) if p.strip()]
        out.add(f"    find: {{any: [{', '.join(yaml_quote(p) for p in phrases)}]}}", number, "find")
        return
    if clause_type and clause_find is not None:
        mapped = clause_find(clause_type)
        if mapped:
            inner = ", ".join(
                f"{k}: {yaml_quote(v) if isinstance(v, str) else json.dumps(v)}" for k, v in mapped.items()
            )
            out.add(f"    find: {{{inner}}}", number, "clause_type")
            return
    phrase = (clause_type or title).strip().lower()
    out.add(f"    find: {{any: [{yaml_quote(phrase)}]}}", number, "clause_type" if clause_type else "name")


def import_spreadsheet(
    data: bytes, filename: str, *, name: str, party: str = "", description: str = "",
    clause_find: Callable[[str], dict[str, Any] | None] | None = None,
) -> ImportResult:
    try:
        table = read_table(data, filename)
    except SpreadsheetError as exc:
        return ImportResult(issues=[CellIssue(None, None, None, str(exc))])
    return build_yaml(table, name=name, party=party, description=description, clause_find=clause_find)
