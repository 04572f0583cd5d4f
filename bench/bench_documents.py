"""Documents benchmark on ../shared/data/fixtures/big_heavy.docx (116 pages, 2,500 paragraphs).

Run: .venv/bin/python bench/bench_documents.py [--runs N] [--no-write]

Configures Django itself on a throw-away SQLite database, reports medians, and writes a
markdown table into the "Documents" section of bench/README.md (other sections untouched).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
FIXTURE = ROOT.parent / "shared" / "data" / "fixtures" / "big_heavy.docx"
README = ROOT / "bench" / "README.md"
SECTION = "## Documents"
COMMAND = ".venv/bin/python bench/bench_documents.py"

TARGETS = {
    "version_2": 50.0,
    "version_200": 50.0,
    "preview": 300.0,
    "redline": 500.0,
}


def setup_django(var_dir: str) -> None:
    os.environ["REDPEN_VAR_DIR"] = var_dir
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


def median_ms(function: Callable[[], object], runs: int) -> float:
    timings = []
    for _ in range(runs):
        started = time.perf_counter()
        function()
        timings.append((time.perf_counter() - started) * 1000)
    return statistics.median(timings)


def machine() -> str:
    cpu = platform.processor() or "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    return (
        f"{cpu}, {os.cpu_count()} CPUs, Python {platform.python_version()}, {platform.system()} {platform.release()}; "
        f"load average {load} when the run ended (a shared machine: busy neighbours slow every figure)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--no-write", action="store_true", help="print the table only")
    args = parser.parse_args()
    if not FIXTURE.exists():
        sys.exit(f"{FIXTURE} is absent: the benchmark needs ../shared/data beside the checkout")

    with tempfile.TemporaryDirectory(prefix="redpen-bench-") as var_dir:
        setup_django(var_dir)
        rows = run(FIXTURE.read_bytes(), args.runs)
    table = render(rows, args.runs)
    print(table)
    if not args.no_write:
        write_section(table)
        print(f"written to {README.relative_to(ROOT)}")


def word_edits(model, count: int, *, offset: int = 0):  # type: ignore[no-untyped-def]
    """``count`` edits on distinct paragraphs: replaces, with an insert and a delete every tenth."""
    from documents.docx.model import Edit

    paragraphs = [p for p in model.paragraphs if len(p.text.split()) >= 3 and p.locator.startswith("p")]
    edits = []
    for index in range(count):
        paragraph = paragraphs[(offset + index * 37) % len(paragraphs)]
        word = paragraph.text.split(" ")[0]
        if index % 10 == 4:
            edits.append(Edit("insert_after", paragraph.locator, after=f"Benchmark clause {index}."))
        elif index % 10 == 9:
            edits.append(Edit("delete_paragraph", paragraph.locator, before=paragraph.text))
        else:
            edits.append(Edit("replace", paragraph.locator, word, f"{word.upper()}-{index}", start=0))
    return edits


def run(data: bytes, runs: int) -> list[tuple[str, str, float, float | None]]:
    from django.db import transaction

    from documents import selectors
    from documents.docx.edit import apply_edit_to_model, resolve_edit
    from documents.docx.model import Edit, EditRecord
    from documents.docx.preview import render_preview
    from documents.docx.replay import materialise, materialise_redline
    from documents.docx.textmodel import build_text_model
    from documents.docx.validate import validate_docx
    from documents.services import document_create, version_create
    from tests.factories import UserFactory

    user = UserFactory(username="bench", first_name="Bench", last_name="Mark")
    rows: list[tuple[str, str, float, float | None]] = []

    def add(name: str, what: str, value: float, target: float | None = None) -> None:
        rows.append((name, what, value, target))

    def upload() -> object:
        return document_create(owner=user, team=None, filename="big.docx", data=data)

    add("validate upload", "zip directory, stream-inflate with caps, XML scan",
        median_ms(lambda: validate_docx(data, "big.docx"), runs))
    add("text model build", "`build_text_model` (parse + own lxml walk)",
        median_ms(lambda: build_text_model(data), runs))
    add("upload to version 1", "`document_create`: validate, build, store", median_ms(upload, max(3, runs // 2)))

    # One edit to a durable new version, at version 2 (fresh documents) ...
    documents = [document_create(owner=user, team=None, filename="big.docx", data=data) for _ in range(runs)]
    timings = []
    for document in documents:
        v1 = document.versions.get(number=1)
        v1 = type(v1).objects.get(pk=v1.pk)  # a parent as a caller would load it
        paragraph = v1.text_model.paragraphs[10]
        edit = Edit("replace", paragraph.locator, paragraph.text.split(" ")[0], "Amended", start=0)
        started = time.perf_counter()
        with transaction.atomic():
            version_create(document=document, parent=v1, edit=edit, author=user)
        timings.append((time.perf_counter() - started) * 1000)
    add("new version at v2", "`version_create` (parent loaded from the DB), commit included",
        statistics.median(timings), TARGETS["version_2"])

    # ... and at version 200 (the same cost: every version stores its whole text model).
    document = documents[0]
    parent = document.versions.get(number=2)
    for index, edit in enumerate(word_edits(parent.text_model, 198, offset=1)):
        if edit.kind != "replace":
            continue
        first = parent.text_model.get(edit.locator).text.split(" ")[0]
        edit = Edit("replace", edit.locator, first, f"V{index}", start=0)
        parent = version_create(document=document, parent=parent, edit=edit, author=user)
    while parent.number < 199:
        paragraph = parent.text_model.paragraphs[parent.number % 2000 + 20]
        edit = Edit("replace", paragraph.locator, paragraph.text.split(" ")[0], f"W{parent.number}", start=0)
        parent = version_create(document=document, parent=parent, edit=edit, author=user)
    timings = []
    for _ in range(runs):
        parent = type(parent).objects.get(pk=parent.pk)
        paragraph = parent.text_model.paragraphs[parent.number % 2000 + 30]
        edit = Edit("replace", paragraph.locator, paragraph.text.split(" ")[0], f"X{parent.number}", start=0)
        started = time.perf_counter()
        with transaction.atomic():
            parent = version_create(document=document, parent=parent, edit=edit, author=user)
        timings.append((time.perf_counter() - started) * 1000)
    add(f"new version at v{parent.number - runs + 1}..v{parent.number}", "same, deep in the history",
        statistics.median(timings), TARGETS["version_200"])

    # A version with 50 changes since version 1 (replaces, inserts, deletes).
    model = build_text_model(data)
    resolved = []
    for edit in word_edits(model, 50):
        edit = resolve_edit(model, edit)
        model = apply_edit_to_model(model, edit)
        resolved.append(edit)
    records = [EditRecord(edit=e, author="Bench Mark", date="2025-01-01T00:00:00Z") for e in resolved]
    from documents.docx import preview

    def cold_preview() -> None:
        preview._BASE_CACHE.clear()  # as in a fresh process: lay version 1 out again
        render_preview(data, model)

    add("preview render, 50 changes, cold", "`render_preview` in a fresh process: v1 layout + word diffs",
        median_ms(cold_preview, runs), TARGETS["preview"])
    add("preview render, 50 changes, warm", "`render_preview` once v1's layout is cached in the process",
        median_ms(lambda: render_preview(data, model), runs), TARGETS["preview"])
    add("redline export, 50 changes", "`materialise_redline`: replay in tracked mode + zip",
        median_ms(lambda: materialise_redline(data, records), runs), TARGETS["redline"])
    add("clean export, 50 changes", "`materialise`: replay + deterministic zip",
        median_ms(lambda: materialise(data, resolved), runs))
    latest = parent

    def uncached_redline() -> None:
        type(latest).objects.filter(pk=latest.pk).update(redline_blob=None)
        selectors.version_redline(latest)

    add(f"redline download at v{latest.number}", "`version_redline`, first (uncached) call: 200+ edits replayed",
        median_ms(uncached_redline, 3))
    add("redline download, cached", "`version_redline` again: the stored blob",
        median_ms(lambda: selectors.version_redline(latest), runs))
    return rows


def render(rows: list[tuple[str, str, float, float | None]], runs: int) -> str:
    lines = [
        SECTION,
        "",
        f"`{COMMAND}` on `../shared/data/fixtures/big_heavy.docx` (116 pages, 2,500 paragraphs, 14.4k runs, "
        f"3.0 MB document.xml). Medians of {runs} runs (3 for the uncached 200-edit redline). Machine: {machine()}.",
        "",
        "| operation | what is measured | median | target |",
        "|---|---|---:|---|",
    ]
    for name, what, value, target in rows:
        verdict = ""
        if target is not None:
            verdict = f"≤ {target:.0f} ms: {'met' if value <= target else f'MISSED by {value - target:.0f} ms'}"
        lines.append(f"| {name} | {what} | {value:.1f} ms | {verdict} |")
    lines += [
        "",
        "Peers (measured once on this machine class): mammoth needs 1.5 to 5.6 s for an HTML preview of this file "
        "and cannot show changes; "
        "python-redlines (Docxodus) needs 8.9 s and 600 MB for a comparable redline.",
        "Why the version cost is flat: `version_create` reads only the parent's stored text model (zlib JSON), "
        "applies the edit to it and stores the new one; it never opens the .docx, and nothing depends on the "
        "number of earlier versions. Exports replay the stored edits on version 1 and are then kept "
        "content-addressed, so a version's later downloads are the stored bytes.",
        "",
    ]
    return "\n".join(lines)


def write_section(table: str) -> None:
    text = README.read_text() if README.exists() else "# Redpen benchmarks\n\n"
    start = text.find(SECTION + "\n")
    if start < 0:
        text = text.rstrip("\n") + "\n\n" + table
    else:
        end = text.find("\n## ", start + len(SECTION))
        text = text[:start] + table + (text[end + 1 :] if end >= 0 else "")
    README.write_text(text.rstrip("\n") + "\n")


if __name__ == "__main__":
    main()
