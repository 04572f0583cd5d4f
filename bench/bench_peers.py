"""Peers side by side, in one run: redline export vs python-redlines (Docxodus), preview vs mammoth.

    .venv/bin/python bench/bench_peers.py [--runs 3] [--write-readme]

Original: ``big_heavy.docx`` (116 pages). Final: the same with 50 changes (replaces, inserts,
deletes on distinct paragraphs), written by Redpen's clean export. Each side gets what it needs
to produce the same thing:

- Redline: Redpen replays the 50 edits in tracked mode on the original (``materialise_redline``,
  what an uncached redline download does); python-redlines compares original and final .docx
  with its bundled .NET Docxodus binary. Time: median of ``--runs``; peak memory: the peak RSS of
  the process doing the work (Redpen: a fresh Python process, imports included; Docxodus: its
  .NET process). Exactness: LibreOffice (UNO, ``tests/documents/uno_worker.py`` run with Debian's
  python3) accepts every tracked change of each output; the paragraphs must equal the final's.
- Preview: Redpen's ``render_preview`` (cold: the per-process layout cache of version 1 cleared
  before every run; warm figure too) vs mammoth's ``convert_to_html`` of the final .docx. Exact:
  the words of our HTML with ``<del>`` removed are the final's words; shows changes: count of
  ``<ins>``/``<del>`` (mammoth ignores ``w:del`` and prints ``w:ins`` as plain text, so it cannot).

The peers live in a separate virtualenv, ``bench/.peers/venv`` (git-ignored), created on demand
with ``pip install python-redlines[docxodus] mammoth``; never a project dependency.
"""

from __future__ import annotations

import argparse
import html as html_lib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import common

PEERS = common.BENCH / ".peers"
PEER_VENV = PEERS / "venv"
PEER_PY = PEER_VENV / "bin" / "python"
PEER_PACKAGES = ["python-redlines[docxodus]", "mammoth"]
UNO_WORKER = common.ROOT / "tests" / "documents" / "uno_worker.py"
SYSTEM_PYTHON = "/usr/bin/python3"
TARGET_FACTOR = 10.0
CHANGES = 50

PEER_HELPER = r'''
import json, resource, sys, time
mode, runs, work = sys.argv[1], int(sys.argv[2]), sys.argv[3]
out = {"times": []}
if mode == "redlines":
    from python_redlines import DocxodusEngine
    engine = DocxodusEngine(target_path=sys.argv[4])
    for _ in range(runs):
        t = time.perf_counter()
        data, stdout, stderr = engine.run_redline("Bench Lawyer", work + "/original.docx", work + "/final.docx")
        out["times"].append(time.perf_counter() - t)
    open(work + "/peer_redline.docx", "wb").write(data)
    out["maxrss_kb"] = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    out["stdout"] = (stdout or "")[-300:]
else:
    import mammoth
    for _ in range(runs):
        t = time.perf_counter()
        with open(work + "/final.docx", "rb") as f:
            result = mammoth.convert_to_html(f)
        out["times"].append(time.perf_counter() - t)
    open(work + "/mammoth_final.html", "w").write(result.value)
    with open(work + "/redline.docx", "rb") as f:
        open(work + "/mammoth_redline.html", "w").write(mammoth.convert_to_html(f).value)
    # VmHWM, not ru_maxrss: the latter keeps the parent's peak across fork + exec.
    out["maxrss_kb"] = int([l for l in open("/proc/self/status") if l.startswith("VmHWM")][0].split()[1])
print(json.dumps(out))
'''


# ---------------------------------------------------------------------------------------------
# Inputs


def build_inputs(work: Path) -> dict:
    from documents.docx.edit import apply_edit_to_model, resolve_edit
    from documents.docx.model import Edit, EditRecord
    from documents.docx.replay import materialise, materialise_redline
    from documents.docx.textmodel import build_text_model

    original = common.BIG.read_bytes()
    model = build_text_model(original)
    candidates = [p for p in model.paragraphs if len(p.text.split()) >= 3 and p.locator.startswith("p")]
    resolved = []
    for index in range(CHANGES):
        paragraph = candidates[(index * 37 + 5) % len(candidates)]
        current = model.get(paragraph.locator)
        word = current.text.split(" ")[0]
        if index % 10 == 4:
            edit = Edit("insert_after", paragraph.locator, after=f"The Supplier shall keep records for {index} months.")
        elif index % 10 == 9:
            edit = Edit("delete_paragraph", paragraph.locator, before=current.text)
        else:
            edit = Edit("replace", paragraph.locator, word, f"{word.capitalize()}-amended", start=0)
        edit = resolve_edit(model, edit)
        model = apply_edit_to_model(model, edit)
        resolved.append(edit)
    records = [EditRecord(edit=e, author="Bench Lawyer", date="2025-01-01T00:00:00Z") for e in resolved]
    (work / "original.docx").write_bytes(original)
    (work / "final.docx").write_bytes(materialise(original, resolved))
    (work / "redline.docx").write_bytes(materialise_redline(original, records))
    (work / "edits.json").write_text(json.dumps([e.to_dict() for e in resolved]))
    return {"final_words": words_of_model(model)}


def words_of_model(model) -> list[str]:  # type: ignore[no-untyped-def]
    return " ".join(p.text for p in model.paragraphs).split()


def words_of_html(text: str, drop_del: bool) -> list[str]:
    if drop_del:
        text = re.sub(r"<del\b[^>]*>.*?</del>", " ", text, flags=re.DOTALL)
    text = re.sub(r"<(p|h\d|li|td|tr|table|div|br)\b[^>]*>", " ", text)
    text = re.sub(r"<[^>]+>", "", text)
    return html_lib.unescape(text).split()


# ---------------------------------------------------------------------------------------------
# Redpen, in fresh processes


def child(mode: str, runs: int, work: Path) -> None:
    """Run Redpen's side in this (fresh) process and print timings and peak RSS as JSON."""
    from documents.docx import preview
    from documents.docx.model import Edit, EditRecord
    from documents.docx.replay import materialise_redline
    from documents.docx.textmodel import build_text_model

    original = (work / "original.docx").read_bytes()
    edits = [Edit.from_dict(d) for d in json.loads((work / "edits.json").read_text())]
    # VmHWM, not ru_maxrss: the latter keeps the parent's peak across fork + exec.
    out: dict = {"times": [], "baseline_kb": common.proc_status(os.getpid())["VmHWM"]}
    if mode == "redline":
        records = [EditRecord(edit=e, author="Bench Lawyer", date="2025-01-01T00:00:00Z") for e in edits]
        for _ in range(runs):
            t = time.perf_counter()
            materialise_redline(original, records)
            out["times"].append(time.perf_counter() - t)
    else:
        final_model = build_text_model((work / "final.docx").read_bytes())
        from documents.docx.edit import apply_edit_to_model

        model = build_text_model(original)
        for edit in edits:
            model = apply_edit_to_model(model, edit)
        html = ""
        for _ in range(runs):
            preview._BASE_CACHE.clear()  # cold: version 1's layout is not cached yet
            t = time.perf_counter()
            html = preview.render_preview(original, model)
            out["times"].append(time.perf_counter() - t)
        warm = []
        for _ in range(runs):
            t = time.perf_counter()
            preview.render_preview(original, model)
            warm.append(time.perf_counter() - t)
        out["warm"] = warm
        (work / "ours_preview.html").write_text(html)
        out["model_matches_final"] = [p.text for p in model.paragraphs] == [p.text for p in final_model.paragraphs]
    out["maxrss_kb"] = common.proc_status(os.getpid())["VmHWM"]
    print(json.dumps(out))


def run_ours(mode: str, runs: int, work: Path) -> dict:
    done = subprocess.run([common.PY, __file__, "--child", mode, "--runs", str(runs), "--work", str(work)],
                          capture_output=True, text=True, check=True, cwd=common.ROOT)
    return json.loads(done.stdout.strip().splitlines()[-1])


# ---------------------------------------------------------------------------------------------
# Peers, in their own virtualenv


def ensure_peers() -> str | None:
    """Create bench/.peers/venv with the peers when absent; None when ready, else the error."""
    if PEER_PY.exists():
        probe = subprocess.run([str(PEER_PY), "-c", "import python_redlines, python_redlines_docxodus, mammoth"],
                               capture_output=True, text=True, check=False)
        if probe.returncode == 0:
            return None
    PEERS.mkdir(parents=True, exist_ok=True)
    base = shutil.which("python3.11") or shutil.which("python3") or sys.executable
    steps = [[base, "-m", "venv", str(PEER_VENV)],
             [str(PEER_PY), "-m", "pip", "install", "--quiet", *PEER_PACKAGES]]
    for step in steps:
        done = subprocess.run(step, capture_output=True, text=True, check=False, timeout=900)
        if done.returncode != 0:
            lines = [line for line in (done.stderr or done.stdout).splitlines() if line.strip()
                     and not line.startswith("WARNING: Location")]
            return f"`{' '.join(step[-3:])}` failed: " + " / ".join(lines[-3:])
    return None


def run_peer(mode: str, runs: int, work: Path) -> dict:
    helper = work / "peer_helper.py"
    helper.write_text(PEER_HELPER)
    done = subprocess.run([str(PEER_PY), str(helper), mode, str(runs), str(work), str(PEERS / "docxodus")],
                          capture_output=True, text=True, check=False, timeout=1800)
    if done.returncode != 0:
        return {"error": (done.stderr or done.stdout).strip().splitlines()[-1:]}
    return json.loads(done.stdout.strip().splitlines()[-1])


# ---------------------------------------------------------------------------------------------
# LibreOffice


def libreoffice_accept_all(paths: dict[str, Path]) -> dict[str, list[str] | str]:
    """Paragraphs of each file after LibreOffice accepted every tracked change (UNO)."""
    if not shutil.which("soffice") or not Path(SYSTEM_PYTHON).exists():
        return {name: "LibreOffice not installed (apt-get install libreoffice-writer-nogui python3-uno)"
                for name in paths}
    process = subprocess.Popen([SYSTEM_PYTHON, str(UNO_WORKER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True, bufsize=1)
    out: dict[str, list[str] | str] = {}
    try:
        assert process.stdin is not None and process.stdout is not None
        ready = process.stdout.readline()
        if not ready.strip():
            return {name: "LibreOffice did not start" for name in paths}
        for name, path in paths.items():
            process.stdin.write(json.dumps({"path": str(path), "mode": "accept"}) + "\n")
            process.stdin.flush()
            answer = json.loads(process.stdout.readline())
            out[name] = answer.get("error") or [p for p in answer["paragraphs"] if p.strip()]
    finally:
        if process.stdin:
            process.stdin.close()
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            process.kill()
    return out


# ---------------------------------------------------------------------------------------------


def run(runs: int, work: Path) -> dict:
    inputs = build_inputs(work)
    result: dict = {"runs": runs}
    result["ours_redline"] = run_ours("redline", runs, work)
    result["ours_preview"] = run_ours("preview", runs, work)
    ours_html = (work / "ours_preview.html").read_text()
    result["ours_preview"]["exact"] = words_of_html(ours_html, drop_del=True) == inputs["final_words"]
    result["ours_preview"]["ins"] = ours_html.count("<ins")
    result["ours_preview"]["del"] = ours_html.count("<del")
    error = ensure_peers()
    result["peer_install_error"] = error
    if error is None:
        result["peer_redline"] = run_peer("redlines", runs, work)
        result["peer_mammoth"] = run_peer("mammoth", runs, work)
        if "error" not in result["peer_mammoth"]:
            final_html = (work / "mammoth_final.html").read_text()
            redline_html = (work / "mammoth_redline.html").read_text()
            result["peer_mammoth"].update({
                "exact": words_of_html(final_html, drop_del=False) == inputs["final_words"],
                "ins": final_html.count("<ins") + redline_html.count("<ins"),
                "del": final_html.count("<del") + redline_html.count("<del"),
                "redline_words_equal_final": words_of_html(redline_html, drop_del=False) == inputs["final_words"],
            })
    files = {"final": work / "final.docx", "ours": work / "redline.docx"}
    if (work / "peer_redline.docx").exists():
        files["peer"] = work / "peer_redline.docx"
    t = time.perf_counter()
    lo = libreoffice_accept_all(files)
    result["libreoffice_s"] = time.perf_counter() - t
    final = lo.get("final")
    for name in ("ours", "peer"):
        if name not in lo:
            continue
        value = lo[name]
        if isinstance(value, str) or isinstance(final, str):
            result[f"{name}_lo"] = value if isinstance(value, str) else final
        else:
            diff = sum(1 for a, b in zip(value, final, strict=False) if a != b) + abs(len(value) - len(final))
            result[f"{name}_lo"] = "exact" if diff == 0 else f"{diff} paragraphs differ"
    return result


def _s(seconds: list[float]) -> float:
    return common.median(seconds) * 1000


def render(r: dict, command: str) -> str:
    ours_r, ours_p = r["ours_redline"], r["ours_preview"]
    red_ms, pre_ms = _s(ours_r["times"]), _s(ours_p["times"])
    rows = [["redline export", "Redpen: replay the edits on version 1 in tracked mode", f"**{red_ms:.0f} ms**",
             f"{ours_r['maxrss_kb'] / 1024:.0f} MB (of which {ours_r['baseline_kb'] / 1024:.0f} MB before the work)",
             f"LibreOffice accept-all = final: **{r.get('ours_lo', '?')}**"]]
    peer_r = r.get("peer_redline") or {}
    if r.get("peer_install_error"):
        rows.append(["redline export", "python-redlines (Docxodus)", "not installed", "", r["peer_install_error"]])
    elif "error" in peer_r:
        rows.append(["redline export", "python-redlines (Docxodus)", "failed", "", str(peer_r["error"])])
    else:
        rows.append(["redline export", "python-redlines (Docxodus .NET binary): compare original and final",
                     f"{_s(peer_r['times']):.0f} ms", f"{peer_r['maxrss_kb'] / 1024:.0f} MB (.NET process)",
                     f"LibreOffice accept-all = final: **{r.get('peer_lo', '?')}**"])
    rows.append(["preview", "Redpen: `render_preview`, cold (warm: "
                 f"{_s(ours_p['warm']):.0f} ms)", f"**{pre_ms:.0f} ms**",
                 f"{ours_p['maxrss_kb'] / 1024:.0f} MB (of which {ours_p['baseline_kb'] / 1024:.0f} MB "
                 "before the work)",
                 f"text exact: **{'yes' if ours_p['exact'] else 'NO'}**; shows changes: **{ours_p['ins']} `<ins>`, "
                 f"{ours_p['del']} `<del>`**"])
    mam = r.get("peer_mammoth") or {}
    if mam and "error" not in mam:
        rows.append(["preview", "mammoth `convert_to_html` of the final .docx", f"{_s(mam['times']):.0f} ms",
                     f"{mam['maxrss_kb'] / 1024:.0f} MB (Python process)",
                     f"text exact: {'yes' if mam['exact'] else 'no'}; shows changes: **no** ({mam['ins']} `<ins>`, "
                     f"{mam['del']} `<del>`; on our redline .docx it prints the inserted text as plain text and "
                     "drops the deleted text)"])
    table = common.md_table(["task", "tool", "median time", "peak memory", "output"], rows,
                            ["---", "---", "--:", "--:", "---"])
    verdicts = []
    if peer_r and "times" in peer_r:
        factor = _s(peer_r["times"]) / red_ms
        verdicts.append(f"redline: Redpen is **{factor:.1f}\u00d7 faster** than python-redlines "
                        f"({'**met**' if factor >= TARGET_FACTOR else '**missed**'}, target ≥ 10\u00d7) and uses "
                        f"{peer_r['maxrss_kb'] / ours_r['maxrss_kb']:.1f}\u00d7 less memory")
    if mam and "times" in mam:
        factor = _s(mam["times"]) / pre_ms
        verdicts.append(f"preview: Redpen is **{factor:.1f}\u00d7 faster** than mammoth, cold "
                        f"({'**met**' if factor >= TARGET_FACTOR else '**missed**'}, target ≥ 10\u00d7)")
    lines = [
        f"Original `big_heavy.docx` (116 pages); final = the same with {CHANGES} changes (40 replaces, 5 inserted "
        "paragraphs, 5 deleted paragraphs), written by Redpen's clean export. Each tool in a fresh process; "
        f"medians of {r['runs']} runs. Exactness by LibreOffice (UNO accept-all of every tracked change, compared "
        "paragraph by paragraph with the final) and, for previews, by the words of the HTML. Peers run from "
        "`bench/.peers/venv` (git-ignored), installed on demand: `pip install 'python-redlines[docxodus]' mammoth`.",
        "",
        f"Command: `{command}`  ",
        f"Machine: {r['machine']}. Load average during the run: {r['load']}.",
        "",
        table,
        "",
        ("Result: " + "; ".join(verdicts) + ".") if verdicts else "Peers could not run: see the table.",
    ]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--write-readme", action="store_true")
    parser.add_argument("--child", choices=["redline", "preview"], help=argparse.SUPPRESS)
    parser.add_argument("--work", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.runs, args.work)
        return 0
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    load_before = common.load_average()
    with tempfile.TemporaryDirectory(prefix="redpen-bench-peers-") as tmp:
        result = run(args.runs, Path(tmp))
    result["machine"] = common.machine_line()
    result["load"] = f"{load_before} at the start, {common.load_average()} at the end"
    common.save_result("peers", result)
    text = render(result, f".venv/bin/python bench/bench_peers.py --runs {args.runs}")
    print(text)
    if args.write_readme:
        common.write_section("peers", "Peers: redline export and preview", text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
