"""Spreadsheet import on files as people (and attackers) make them: a CSV whose first header
starts with "PK" is a CSV, Excel's "Unicode text" (UTF-16, tab-separated) reads, empty rows do
not count against the row limit, and text past the 50th column is refused with a message, never
dropped."""

from __future__ import annotations

import io

import openpyxl

from playbooks.spreadsheet import MAX_COLUMNS, MAX_ROWS, import_spreadsheet
from tests.playbooks.spreadsheets import HEADER, POSITIONS, csv_bytes, xlsx


def test_a_csv_whose_first_header_starts_with_pk_is_read_as_csv():
    header = ["PK Name" if h == "Name" else h for h in HEADER]
    data = csv_bytes(POSITIONS, header=header).removeprefix(b"\xef\xbb\xbf")
    assert data[:2] == b"PK"
    result = import_spreadsheet(data, "positions.csv", name="P")
    # Read as text: the header names no 'Name' column (it says "PK Name"), not "not an Excel workbook".
    assert [str(i) for i in result.issues] == [
        "row 1: no 'Name' column: the header row needs one (see the column list)"]


def test_excels_unicode_text_utf16_with_tabs_is_read():
    text = csv_bytes(POSITIONS, delimiter="\t").decode("utf-8-sig")
    for data in (text.encode("utf-16"), text.encode("utf-16-le")):
        result = import_spreadsheet(data, "positions.txt", name="P")
        assert result.ok, [str(i) for i in result.issues]
        assert result.rows == len(POSITIONS)


def test_empty_rows_do_not_count_against_the_row_limit():
    rows: list[list[str]] = []
    for position in POSITIONS:
        rows.append(list(position))
        rows.extend([[""] * len(HEADER)] * 60)  # an export that spaced its rows out
    assert len(rows) > MAX_ROWS + 50
    for data, name in ((csv_bytes(rows), "p.csv"), (xlsx(rows), "p.xlsx")):
        result = import_spreadsheet(data, name, name="P")
        assert result.ok, [str(i) for i in result.issues][:3]
        assert result.rows == len(POSITIONS)


def test_a_bad_cell_after_empty_rows_keeps_its_sheet_row_number():
    rows = [list(POSITIONS[0]), [""] * len(HEADER), [""] * len(HEADER), list(POSITIONS[1])]
    rows[3][HEADER.index("Severity")] = "Urgent"
    result = import_spreadsheet(csv_bytes(rows), "p.csv", name="P")
    assert str(result.issues[0]).startswith("row 5, column H (Severity): unknown severity 'urgent'")


def test_text_past_the_50th_column_is_refused_with_a_message():
    wide_header = [*HEADER, *[""] * (MAX_COLUMNS - len(HEADER)), "Owner"]
    assert len(wide_header) == MAX_COLUMNS + 1
    for data, name in ((csv_bytes(POSITIONS, header=wide_header), "p.csv"),
                       (xlsx(POSITIONS, header=wide_header), "p.xlsx")):
        issues = [str(i) for i in import_spreadsheet(data, name, name="P").issues]
        assert issues == ["Row 1 has text in column AY; a {} may use at most 50 columns (A to AX). Delete the "
                          "columns past AX, or move what they hold into the columns of the list.".format(
                              "file" if name.endswith(".csv") else "sheet")], issues


def test_empty_columns_past_the_50th_are_fine():
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    sheet.append(HEADER)
    for row in POSITIONS:
        sheet.append(row)
    sheet.cell(row=1, column=MAX_COLUMNS + 10, value=None)
    sheet.cell(row=2, column=MAX_COLUMNS + 10).number_format = "0.00"  # formatted, no text
    out = io.BytesIO()
    workbook.save(out)
    assert import_spreadsheet(out.getvalue(), "p.xlsx", name="P").ok
