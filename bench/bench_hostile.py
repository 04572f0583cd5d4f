"""What hostile input costs: a contract whose text inflates far past its upload size, and author
patterns built to backtrack.

    .venv/bin/python bench/bench_hostile.py [--write-readme]

Documents: each stage runs in a fresh process and reports that process's peak resident memory
(``VmHWM``, which counts lxml's C allocations too) above its baseline after imports.
"Before" is the code path without the document limits (``Limits`` with no bound on the text part
or the paragraphs, the preview rendered whole); "after" is the default limits and the paged
preview. Inputs are built here: prose-like random words, so they compress about 4x (a 14 MB
upload whose ``word/document.xml`` inflates to 62 MB, as in the report that prompted this).

Patterns: CPU time (``time.process_time``) to validate 500 rules of ``.*.*.*[=%]{2}`` and to
analyse a 100-paragraph contract with 40 of them.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
MB = 1024 * 1024


def peak_mb() -> float:
    """This process's peak resident memory. VmHWM, not ru_maxrss: Linux carries ru_maxrss over
    an exec from the parent, which would hide a child's peak below the bench's own."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def inflating_docx(unpacked_bytes: int, seed: int = 7, words_per_paragraph: int = 60) -> bytes:
    from docx import Document as DocxDocument

    rng = random.Random(seed)
    words = ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(2, 9))) for _ in range(60)]
    parts, size = [], 0
    while size < unpacked_bytes:
        text = " ".join(rng.choice(words) for _ in range(words_per_paragraph))
        parts.append(f"<w:p><w:r><w:t>{text}.</w:t></w:r></w:p>")
        size += len(parts[-1])
    buffer = io.BytesIO()
    DocxDocument().save(buffer)
    base = zipfile.ZipFile(io.BytesIO(buffer.getvalue()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in base.infolist():
            data = base.read(info.filename)
            if info.filename == "word/document.xml":
                head = data.decode().partition("<w:body>")[0]
                data = (head + "<w:body>" + "".join(parts) + "<w:sectPr/></w:body></w:document>").encode()
            target.writestr(info.filename, data)
    return out.getvalue()


# --- one stage in this (fresh) process ---------------------------------------------------------


def stage(name: str, path: str) -> dict:
    import django

    django.setup()
    from documents.docx import preview
    from documents.docx.textmodel import build_text_model
    from documents.docx.validate import Limits, UploadRejected, validate_docx

    paths = path.split(",")
    data = Path(paths[0]).read_bytes()
    unbounded = Limits(max_document_xml_bytes=1 << 40, max_paragraphs=1 << 40, max_xml_part_bytes=1 << 40)
    baseline = peak_mb()
    started = time.perf_counter()
    result = ""
    if name == "upload-before":
        validate_docx(data, "c.docx", limits=unbounded)
        result = f"accepted, {len(build_text_model(data).paragraphs):,} paragraphs"
    elif name == "upload-after":
        try:
            validate_docx(data, "c.docx")
            result = f"accepted, {len(build_text_model(data).paragraphs):,} paragraphs"
        except UploadRejected as exc:
            result = "refused: " + str(exc).split(". ")[0]
    elif name in ("preview-before", "preview-after"):
        # Four previews in one web process, as in the report (after: of four different files,
        # the worst case for the per-process layout cache).
        # Each preview builds its text model first (as a web process reads the stored one); the
        # peak counts both.
        for index in range(4):
            original = Path(paths[index % len(paths)]).read_bytes()
            model = build_text_model(original)
            if name == "preview-before":
                html = preview.render_preview(original, model)
            else:
                html = preview.render_preview_page(original, model, page=1, per_page=200).html
            del model
        result = f"{len(html) / MB:.1f} MB of HTML a preview"
    seconds = round(time.perf_counter() - started, 2)
    return {"peak_mb": round(peak_mb() - baseline, 1), "seconds": seconds, "result": result}


def run_stage(name: str, path: Path | str) -> dict:
    out = subprocess.run([sys.executable, __file__, "--stage", name, "--file", str(path)], capture_output=True,
                         text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def patterns() -> list[list[str]]:
    import django

    django.setup()
    from documents.docx.model import Paragraph, TextModel
    from playbooks.loader import load_playbook
    from review.engine.playbook import PlaybookEngine

    def source(count: int) -> str:
        rules = "".join(f'  - id: r{i}\n    title: R{i}\n    find: {{regex: ".*.*.*[=%]{{2}}"}}\n'
                        "    check: {must_not_exist: true}\n" for i in range(count))
        return "name: Hostile\nrules:\n" + rules

    started = time.process_time()
    load_playbook(source(500))
    validate = time.process_time() - started
    texts = [f"Clause {i}: the Supplier shall deliver the goods " + "x = y " * 60 for i in range(100)]
    model = TextModel(tuple(Paragraph(locator=f"p{i}", text=t) for i, t in enumerate(texts, 1)))
    spec = load_playbook(source(40))
    started = time.process_time()
    results = PlaybookEngine().analyze(model, spec)
    analyse = time.process_time() - started
    return [
        ["validate 500 rules of `.*.*.*[=%]{2}`", "89 s CPU (issue report), and refusals that depend on load",
         f"{validate:.2f} s CPU, all accepted"],
        ["analyse 100 paragraphs with 40 of them", "> 60 s (issue report)",
         f"{analyse:.2f} s CPU, {len(results)} rules answered"],
    ]


def render(rows: list[list[str]], pattern_rows: list[list[str]], sizes: dict[str, str]) -> str:
    lines = [
        "Command: `.venv/bin/python bench/bench_hostile.py --write-readme`  ",
        f"Machine: {os.cpu_count()} cores, Python {sys.version.split()[0]}.",
        "",
        "Peak memory of one fresh process per stage (`VmHWM` above its baseline after imports), before (no limit on "
        "the "
        "unpacked text, preview rendered whole) and after (default limits: 24 MB of `word/document.xml`, 20,000 "
        "paragraphs; preview pages of 200 paragraphs). Inputs: " + "; ".join(f"{k}: {v}" for k, v in sizes.items())
        + ".",
        "",
        "| stage | input | before | after |",
        "|---|---|---|---|",
        *[f"| {' | '.join(row)} |" for row in rows],
        "",
        "Author patterns (RE2):",
        "",
        "| work | before | after |",
        "|---|---|---|",
        *[f"| {' | '.join(row)} |" for row in pattern_rows],
    ]
    return "\n".join(lines) + "\n"


def write_readme_section(title: str, body: str) -> None:
    readme = ROOT / "bench" / "README.md"
    text = readme.read_text()
    header = f"## {title}"
    pattern = re.compile(rf"^{re.escape(header)}\n.*?(?=^## |\Z)", re.MULTILINE | re.DOTALL)
    section = f"{header}\n\n{body}\n"
    text = pattern.sub(lambda _m: section, text) if pattern.search(text) else text.rstrip() + "\n\n" + section
    readme.write_text(text)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--stage")
    parser.add_argument("--file")
    parser.add_argument("--write-readme", action="store_true")
    args = parser.parse_args()
    if args.stage:
        print(json.dumps(stage(args.stage, args.file)))
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        hostile, at_limit = Path(tmp) / "hostile.docx", Path(tmp) / "at-limit.docx"
        hostile.write_bytes(inflating_docx(62 * MB))
        # Just inside both limits: 23 MB of text in about 16,000 paragraphs.
        at_limit.write_bytes(inflating_docx(23 * MB, seed=8, words_per_paragraph=230))
        others = [Path(tmp) / f"at-limit-{n}.docx" for n in range(3)]
        for n, other in enumerate(others):
            other.write_bytes(inflating_docx(23 * MB, seed=9 + n, words_per_paragraph=230))
        sizes = {}
        for label, path in (("hostile", hostile), ("at the limit", at_limit)):
            inner = zipfile.ZipFile(path).getinfo("word/document.xml").file_size
            sizes[label] = f"{path.stat().st_size / MB:.1f} MB upload, {inner / MB:.0f} MB document.xml"
        rows = []
        for label, path in (("hostile", hostile), ("at the limit", at_limit)):
            before, after = run_stage("upload-before", path), run_stage("upload-after", path)
            rows.append([f"upload: validate + text model ({label})", label,
                         f"{before['peak_mb']:.0f} MB, {before['seconds']} s, {before['result']}",
                         f"{after['peak_mb']:.0f} MB, {after['seconds']} s, {after['result']}"])
        # The hostile file is refused at upload now, so no preview of it can exist: compare its
        # whole preview before with a page of the largest file still accepted.
        before = run_stage("preview-before", hostile)
        after = run_stage("preview-after", ",".join(str(p) for p in [at_limit, *others]))
        rows.append(["text model + preview, 4 times in one process",
                     "before: the hostile file; after: 4 files at the limit",
                     f"{before['peak_mb']:.0f} MB, {before['seconds']} s, {before['result']}",
                     f"{after['peak_mb']:.0f} MB, {after['seconds']} s, {after['result']}"])
    pattern_rows = patterns()
    body = render(rows, pattern_rows, sizes)
    print(body)
    if args.write_readme:
        write_readme_section("Hostile input: document cost and author patterns", body)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
