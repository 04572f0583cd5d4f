"""Tables that leave a review as files: ONE CSV writer, ONE .xlsx writer, and the map of formats
the download views read (``TABLE_FORMATS``). The issue list (review/exports.py) and the clause
map (review/clause_map.py) each build a ``Table``; a new export format is one entry in the map
and its writer.

Cells are untrusted contract text: none may start a formula (``safe_cell`` for .xlsx, whose
cells are never split; ``csv_cell`` for CSV, whose cells a spreadsheet may split on a separator)."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Table:
    sheet: str  # the .xlsx sheet's name
    header: Sequence[str]
    rows: Sequence[Sequence[object]]
    widths: Sequence[float]  # one per column, in the spreadsheet's units
    # The issue list reads as a report: a bold header row, kept in view, with filters, and text
    # wrapped at the top of each cell. The clause map is a plain table.
    styled: bool = False
    title: str | None = None  # the workbook's title property (None leaves it unset)
    creator: str | None = None  # the workbook's author property (None leaves openpyxl's default)


def safe_cell(value: object) -> object:
    """Spreadsheet safety: text starting with = + - @ would run as a formula in Excel."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


# A formula can start after any character a spreadsheet may split a CSV cell on: Excel in a
# semicolon locale reads "…receipt;=2+5" as two cells, the second live. So the CSV writer quotes
# every cell AND puts an apostrophe before = + - @ at the start of a cell and after any of these
# separators (docs/decisions/hostile-input.md, "Items, forms and exports").
_FORMULA_AFTER_SEPARATOR = re.compile(r"(^|[,;\t|\r\n])(\s*)([=+\-@])")


def csv_cell(value: object) -> str:
    """A CSV cell that no spreadsheet can split into a formula."""
    text = "" if value is None else str(value)
    return _FORMULA_AFTER_SEPARATOR.sub(r"\1\2'\3", text)


def rows_csv(rows: Iterable[Sequence[object]]) -> bytes:
    """THE CSV writer: every cell quoted and through ``csv_cell``, UTF-8 with a BOM so that
    Excel opens it with its accents intact."""
    out = io.StringIO()
    writer = csv.writer(out, quoting=csv.QUOTE_ALL)
    for row in rows:
        writer.writerow([csv_cell(value) for value in row])
    return out.getvalue().encode("utf-8-sig")


def table_csv(table: Table) -> bytes:
    return rows_csv([list(table.header), *table.rows])


def table_xlsx(table: Table) -> bytes:
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Font
    from openpyxl.utils import get_column_letter

    workbook = Workbook()
    sheet = workbook.active
    sheet.title = table.sheet
    sheet.append(list(table.header))
    if table.styled:
        for cell in sheet[1]:
            cell.font = Font(bold=True)
    for row in table.rows:
        sheet.append([safe_cell(value) for value in row])
    for index, width in enumerate(table.widths, start=1):
        sheet.column_dimensions[get_column_letter(index)].width = width
    if table.styled:
        for line in sheet.iter_rows(min_row=2):
            for cell in line:
                cell.alignment = Alignment(wrap_text=True, vertical="top")
        sheet.freeze_panes = "A2"
        sheet.auto_filter.ref = sheet.dimensions
    if table.title is not None:
        workbook.properties.title = table.title
    if table.creator is not None:
        workbook.properties.creator = table.creator
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


@dataclass(frozen=True)
class TableFormat:
    content_type: str
    extension: str
    write: Callable[[Table], bytes]


XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

TABLE_FORMATS: dict[str, TableFormat] = {
    "csv": TableFormat("text/csv; charset=utf-8", "csv", table_csv),
    "xlsx": TableFormat(XLSX_CONTENT_TYPE, "xlsx", table_xlsx),
}
