"""Returned-draft compare: Redpen's ``documents.docx.compare`` vs python-redlines (Docxodus).

    .venv/bin/python bench/bench_compare.py [--runs 5] [--write-readme]

The pair: a real contract (Common Paper software licence agreement, ``../shared/data``) as we
sent it, and the same with ten untracked edits of different kinds made with python-docx
(``tests/documents/returned_draft.py``: word change, sentence added, paragraph deleted, number
changed, clause rewritten, paragraph moved, paragraph inserted, paragraph split, paragraphs
merged, words deleted). Each side gets the two .docx files:

- Redpen: build both text models and compare (``compare``), in a fresh process; median time of
  ``--runs``; peak RSS of that process (imports included).
- python-redlines: ``DocxodusEngine.run_redline`` (its bundled .NET binary), median of ``--runs``;
  peak RSS of the .NET child.

Exactness: Redpen's differences against the ten made (kind by kind), and applying all of them to
our draft must give theirs. python-redlines gives a redline, not a list: its tracked changes are
grouped into changed places (consecutive revisions in one paragraph are one place; a run of
inserted or deleted paragraphs is one), the accepted text must equal theirs and the rejected
text ours (the reference accept/reject of tests/documents/helpers.py), and a moved paragraph is
looked for as a move (``w:moveFrom``/``w:moveTo``) rather than a deletion and an insertion.

python-redlines is installed only for this bench (``pip install 'python-redlines[docxodus]'``
into the venv), never a project dependency.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import common

RUNS = 5

OURS = r'''
import json, sys, time
sys.path.insert(0, sys.argv[3])
from documents.docx.textmodel import build_text_model
from documents.docx.compare import compare
sent, returned, runs = open(sys.argv[1], "rb").read(), open(sys.argv[2], "rb").read(), int(sys.argv[4])
times = []
for _ in range(runs):
    t = time.perf_counter()
    differences = compare(build_text_model(sent), build_text_model(returned))
    times.append(time.perf_counter() - t)
hwm = int([l for l in open("/proc/self/status") if l.startswith("VmHWM")][0].split()[1])
print(json.dumps({"times": times, "maxrss_kb": hwm, "kinds": [d.kind for d in differences]}))
'''

PEER = r'''
import json, resource, sys, time
from python_redlines import DocxodusEngine
engine = DocxodusEngine()
times = []
for _ in range(int(sys.argv[4])):
    t = time.perf_counter()
    data, stdout, stderr = engine.run_redline("Bench Counterparty", sys.argv[1], sys.argv[2])
    times.append(time.perf_counter() - t)
open(sys.argv[3], "wb").write(data)
print(json.dumps({"times": times, "maxrss_kb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}))
'''


def _peer_places(redline: bytes) -> dict[str, int]:
    """Changed places in a redline: per paragraph, runs of revisions not separated by kept text;
    consecutive paragraphs whose mark is inserted or deleted count as one place."""
    from tests.documents.helpers import document_root, q

    root = document_root(redline)
    places = revisions = 0
    moves = 0
    in_paragraph_run = False
    for p in root.find(q("body")).iter(q("p")):
        mark = p.find(f"{q('pPr')}/{q('rPr')}")
        whole = mark is not None and (mark.find(q("ins")) is not None or mark.find(q("del")) is not None)
        changed_before = False
        for child in p:
            tag = child.tag.split("}")[1]
            if tag in ("ins", "del", "moveFrom", "moveTo"):
                revisions += 1
                moves += tag in ("moveFrom", "moveTo")
                if not changed_before and not whole:
                    places += 1
                changed_before = True
            elif tag == "r" and "".join(t.text or "" for t in child.iter(q("t"))).strip():
                changed_before = False
        if whole and not in_paragraph_run:
            places += 1
        in_paragraph_run = whole
    return {"places": places, "revisions": revisions, "move_marks": moves}


def _moves_as_ins_del(data: bytes) -> bytes:
    import io
    import re
    import zipfile

    source = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as target:
        for name in source.namelist():
            part = source.read(name)
            if name == "word/document.xml":
                part = re.sub(rb"<(/?)w:moveFrom([ >/])", rb"<\1w:del\2", part)
                part = re.sub(rb"<(/?)w:moveTo([ >/])", rb"<\1w:ins\2", part)
            target.writestr(name, part)
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=RUNS)
    parser.add_argument("--write-readme", action="store_true")
    args = parser.parse_args()

    from tests.documents.helpers import nonempty, paragraph_texts
    from tests.documents.returned_draft import CONTRACT, returned_draft

    sent = (common.SHARED / Path(*CONTRACT)).read_bytes()
    returned, made = returned_draft(sent)
    work = Path(tempfile.mkdtemp(prefix="redpen-compare-"))
    (work / "sent.docx").write_bytes(sent)
    (work / "returned.docx").write_bytes(returned)

    ours = json.loads(subprocess.run(
        [common.PY, "-c", OURS, str(work / "sent.docx"), str(work / "returned.docx"), str(common.ROOT),
         str(args.runs)], capture_output=True, text=True, check=True,
    ).stdout)
    ours_ms = statistics.median(ours["times"]) * 1000
    ours_exact = sorted(ours["kinds"]) == sorted(made)

    peer_text = ""
    try:
        peer = json.loads(subprocess.run(
            [common.PY, "-c", PEER, str(work / "sent.docx"), str(work / "returned.docx"), str(work / "peer.docx"),
             str(args.runs)], capture_output=True, text=True, check=True, timeout=600,
        ).stdout)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
        peer = None
        peer_text = f"python-redlines could not run here: {getattr(exc, 'stderr', '') or exc}"[:300]
    rows = [
        "| side | time (median) | peak memory | differences found (10 made) | exact |",
        "|---|---|---|---|---|",
        f"| Redpen `compare` (both text models + compare) | {ours_ms:.0f} ms | {ours['maxrss_kb'] / 1024:.0f} MB "
        f"(Python process) | {len(ours['kinds'])}: {', '.join(sorted(ours['kinds']))} | "
        f"{'**exact**: every kind found, nothing else' if ours_exact else 'NOT exact'} |",
    ]
    result = {"ours": ours, "made": made}
    if peer is not None:
        redline = (work / "peer.docx").read_bytes()
        places = _peer_places(redline)
        # The reference accept/reject knows w:ins/w:del: moves read as a deletion there and an
        # insertion here, which is what accepting or rejecting them does.
        plain = _moves_as_ins_del(redline)
        accepted_ok = nonempty(paragraph_texts(plain, "accept")) == nonempty(paragraph_texts(returned, "current"))
        rejected_ok = nonempty(paragraph_texts(plain, "reject")) == nonempty(paragraph_texts(sent, "current"))
        peer_ms = statistics.median(peer["times"]) * 1000
        rows.append(
            f"| python-redlines (Docxodus .NET) redline | {peer_ms:.0f} ms | {peer['maxrss_kb'] / 1024:.0f} MB "
            f"(.NET process) | {places['places']} changed places, {places['revisions']} revisions, "
            f"{places['move_marks']} move marks | accept-all = theirs: {'yes' if accepted_ok else 'no'}; "
            f"reject-all = ours: {'yes' if rejected_ok else 'no'}; the move "
            f"{'as a move' if places['move_marks'] else 'as a deletion and an insertion'} |"
        )
        result["peer"] = {**peer, **places, "accepted_ok": accepted_ok, "rejected_ok": rejected_ok}
        factor = f"Redpen is **{peer_ms / ours_ms:.0f}\u00d7 faster**. "
    else:
        rows.append(f"| python-redlines | — | — | — | {peer_text} |")
        factor = ""
    section = "\n".join(
        [
            "Command: `.venv/bin/python bench/bench_compare.py --runs "
            f"{args.runs} --write-readme` (python-redlines installed into the venv for this bench only).",
            "",
            "Pair: Common Paper software licence agreement as sent, and the same with ten untracked edits of "
            "different kinds (tests/documents/returned_draft.py). Median of the runs; each side in a fresh process.",
            "",
            *rows,
            "",
            f"Machine: {common.machine_line()}. The machine is shared with other work, so times vary between "
            "runs (three runs on the same day gave Redpen 31x to 101x faster); exactness does not vary.",
            "",
            f"{factor}python-redlines answers with a redline document, not a list of differences a lawyer can "
            "decide one by one; Redpen's compare gives each difference with the edit that accepts it.",
        ]
    )
    print(section)
    common.save_result("compare", result)
    if args.write_readme:
        common.write_section("compare", "Returned-draft compare", section)


if __name__ == "__main__":
    main()
