"""Spreadsheets of positions for the import tests, built with openpyxl (Coupa-like columns)."""

from __future__ import annotations

import csv
import io

import openpyxl

HEADER = ["Name", "Description", "Clause Type", "Standard Text", "Decision Authority", "Instruction",
          "Alternate Text", "Severity", "Check"]

POSITIONS: list[list[str]] = [
    ["Payment terms", "We pay late rather than early.", "Payment", "Customer shall pay undisputed invoices within thirty (30) days after receipt.", "", "Offer 30, accept 45.", "Customer shall pay undisputed invoices within forty-five (45) days after receipt.", "Medium", "max_days: 30"],
    ["Price increase cap", "No open cheque on renewal.", "Price increase", "Provider may increase the fees for a renewal term by no more than three percent (3%).", "", "", "Provider may increase the fees for a renewal term by no more than five percent (5%).", "High", "max_percent: 3"],
    ["Late payment interest", "", "Interest", "Overdue undisputed amounts bear interest at one percent (1%) per month.", "", "", "", "Low", "max_percent: 1"],
    ["Suspension notice", "", "Suspension", "Provider may suspend the Services only after thirty (30) days' written notice.", "", "", "", "High", "min_days: 30"],
    ["Renewal term", "", "Renewal", "This Agreement renews for successive terms of one (1) year.", "", "", "", "Medium", "max_days: 365"],
    ["Limitation of liability", "Uncapped liability is a red line.", "Limitation of Liability", "Each party's total liability shall not exceed the fees paid in the twelve (12) months before the claim.", "General Counsel", "Escalate any uncapped liability.", "Each party's total liability shall not exceed the fees paid in the twenty-four (24) months before the claim.", "Critical", ""],
    ["IP indemnity", "", "Indemnification", "Provider shall defend and indemnify Customer against any claim that the Services infringe a third party's intellectual property rights.", "group:Senior counsel", "", "", "High", ""],
    ["Data use", "", "Customer Data", "Provider shall use Customer Data only to provide the Services to Customer.", "", "", "", "High", ""],
    ["Data deletion", "", "Data deletion", "Within thirty (30) days after termination, Provider shall delete all Customer Data.", "", "", "", "Medium", "max_days: 30"],
    ["Security", "", "Security", "Provider shall maintain administrative, physical and technical safeguards that meet industry standards.", "", "", "", "High", ""],
    ["Breach notification", "", "Security breach", "Provider shall notify Customer of a Security Breach within three (3) days.", "", "", "Provider shall notify Customer of a Security Breach within five (5) days.", "High", "max_days: 3"],
    ["Insurance", "", "Insurance", "Provider shall maintain insurance of at least $2,000,000 per claim.", "", "", "", "Medium", "min_amount: 2000000"],
    ["Uptime", "", "Service level", "Provider shall make the Services available 99.9% of the time in each month.", "", "", "", "Medium", "min_percent: 99.9"],
    ["Governing law", "", "Governing law", "This Agreement is governed by the laws of the State of New York.", "", "", "This Agreement is governed by the laws of the State of Delaware.", "Low", ""],
    ["Confidentiality", "", "Confidentiality", "Each party shall keep the other party's Confidential Information confidential.", "", "", "", "Medium", ""],
    ["Termination for convenience", "", "Termination for convenience", "Customer may terminate this Agreement for convenience on thirty (30) days' written notice.", "", "", "", "Medium", ""],
    ["Assignment", "", "Assignment", "Neither party may assign this Agreement without the other party's prior written consent.", "", "", "", "Medium", ""],
    ["Audit rights", "", "Audit", "Customer may audit Provider's compliance with this Agreement once a year.", "", "", "", "Low", ""],
    ["Publicity", "", "Publicity", "Neither party shall use the other party's name in publicity without prior written consent.", "", "", "", "Low", ""],
    ["Non-solicitation", "", "Non-solicitation", "Neither party shall solicit the other party's employees for twelve (12) months.", "", "", "", "Low", "max_days: 365"],
]


def xlsx(rows: list[list[str]], header: list[str] = HEADER) -> bytes:
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    sheet.append(header)
    for row in rows:
        sheet.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def csv_bytes(rows: list[list[str]], header: list[str] = HEADER, delimiter: str = ",") -> bytes:
    buffer = io.StringIO()
    csv.writer(buffer, delimiter=delimiter).writerows([header, *rows])
    return buffer.getvalue().encode("utf-8-sig")
