"""Spreadsheet import: 20 positions become a valid draft; a bad cell names its row and column."""

from __future__ import annotations

import io
import zipfile

import pytest

from playbooks.drafting import clause_find
from playbooks.loader import load_playbook
from playbooks.spreadsheet import MAX_ROWS, column_letter, import_spreadsheet
from tests.playbooks.spreadsheets import HEADER, POSITIONS, csv_bytes, xlsx


def test_twenty_positions_import_into_a_valid_draft():
    result = import_spreadsheet(xlsx(POSITIONS), "positions.xlsx", name="SaaS buying", party="customer",
                                clause_find=clause_find)
    assert result.issues == [] and result.ok and result.rows == 20
    spec = load_playbook(result.source)  # the draft is an ordinary playbook file
    assert len(spec.rules) == 20 and spec.name == "SaaS buying" and spec.party == "customer"
    payment = spec.rule("payment-terms")
    assert payment.title == "Payment terms" and payment.check.to_dict() == {"max_days": 30}
    assert payment.positions == (POSITIONS[0][3], POSITIONS[0][6])
    assert payment.guidance == "We pay late rather than early.\n\nOffer 30, accept 45."
    assert payment.find.any == ("payment",)
    # A clause type the clause model knows becomes a clause find; others stay phrases.
    assert spec.rule("governing-law").find.to_dict() == {"clause": "governing-law"}
    assert spec.rule("insurance").find.to_dict() == {"clause": "insurance"}
    cap = spec.rule("limitation-of-liability")
    assert cap.severity == "critical" and cap.check.kind == "must_exist"
    assert cap.requires_approval and cap.approver == "group:General Counsel"
    assert spec.rule("ip-indemnity").approver == "group:Senior counsel"
    assert not spec.rule("data-use").requires_approval
    assert spec.rule("uptime").check.to_dict() == {"min_percent": 99.9}
    # Provenance: each rule says which row it came from.
    assert "  # row 2\n  - id: \"payment-terms\"" in result.source
    mapped = {m.header: (m.letter, m.column.key if m.column else None) for m in result.mapping}
    assert mapped["Standard Text"] == ("D", "standard") and mapped["Alternate Text"] == ("G", "alternate")


def test_the_same_positions_as_csv_with_semicolons_and_extra_columns():
    header = [*HEADER, "Owner"]
    rows = [[*row, "alex"] for row in POSITIONS]
    result = import_spreadsheet(csv_bytes(rows, header, delimiter=";"), "positions.csv", name="From CSV")
    assert result.ok and len(result.spec.rules) == 20
    owner = next(m for m in result.mapping if m.header == "Owner")
    assert owner.column is None and owner.becomes == "not used"


@pytest.mark.parametrize(
    ("row_index", "column", "value", "expected"),
    [
        (5, "H", "Urgent", "row 7, column H (Severity): unknown severity 'urgent'"),
        (0, "I", "max_days: thirty", "row 2, column I (Check): must be a number of days"),
        (2, "I", "max_dayz: 3", "row 4, column I (Check): unknown check 'max_dayz' — did you mean 'max_days'?"),
        (9, "D", "", "row 11, column D (Standard Text): required for must_exist"),
        (3, "E", "alex", None),  # an approver without user:/group: is read as a group: valid
        (12, "A", "", "row 14, column A (Name): empty: every position needs a name"),
        (4, "I", "must_match: terminat(?!ion)", "row 6, column I (Check): lookaround ((?=...), (?!...), (?<=...), (?<!...)) is not supported"),
    ],
)
def test_a_bad_cell_names_its_row_and_column(row_index, column, value, expected):
    rows = [list(r) for r in POSITIONS]
    rows[row_index][HEADER.index(next(h for i, h in enumerate(HEADER) if column_letter(i) == column))] = value
    result = import_spreadsheet(xlsx(rows), "p.xlsx", name="P")
    if expected is None:
        assert result.ok
        return
    assert not result.ok
    messages = [str(i) for i in result.issues]
    assert any(m.startswith(expected) for m in messages), messages


def test_missing_columns_empty_files_and_limits():
    result = import_spreadsheet(xlsx(POSITIONS, header=["Title", "Clause"]), "p.xlsx", name="P")
    assert [str(i) for i in result.issues] == [
        "row 1: no 'Standard Text' column: the header row needs one (see the column list)"]
    assert str(import_spreadsheet(b"", "p.csv", name="P").issues[0]) == "The file is empty."
    assert "Excel workbook (.xlsx) or a CSV" in str(import_spreadsheet(b"x", "p.pdf", name="P").issues[0])
    assert "not an Excel workbook" in str(import_spreadsheet(b"PK\x03\x04junk", "p.xlsx", name="P").issues[0])
    many = [[f"Position {i}", "", "Payment", "Text.", "", "", "", "", ""] for i in range(MAX_ROWS + 1)]
    assert "the limit is 500" in str(import_spreadsheet(csv_bytes(many), "p.csv", name="P").issues[0])

    bomb = io.BytesIO()
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/big.xml", b"0" * (30 * 1024 * 1024))
    assert "unpacks to 30 MB" in str(import_spreadsheet(bomb.getvalue(), "p.xlsx", name="P").issues[0])


def test_duplicate_names_are_numbered_and_formulas_are_never_run():
    rows = [list(POSITIONS[0]), list(POSITIONS[0])]
    rows[1][3] = "=HYPERLINK(\"http://x\",\"click\")"
    result = import_spreadsheet(xlsx(rows), "p.xlsx", name="P")
    assert result.ok
    assert [r.id for r in result.spec.rules] == ["payment-terms", "payment-terms-2"]
    # A formula cell has no cached value in a file openpyxl wrote: it is an empty Standard Text,
    # not a run formula.
    assert result.spec.rules[1].positions == (POSITIONS[0][6],)
