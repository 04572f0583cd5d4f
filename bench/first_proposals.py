"""Every first proposal of the corpus run, to compare two trees word for word.

    .venv/bin/python bench/first_proposals.py write OUT.json [--jobs 2]   # this tree's proposals
    python3 bench/first_proposals.py compare BEFORE.json AFTER.json      # what moved, to read

Each (contract, fitting playbook) of ``bench/bench_redlines.py`` (the same fit and the same answer
to the side question) analysed once: its proposals' rule, action, place and wording, and the
checker's defects. What the corpus run counts, this lists, so that a change is kept only once every
proposal it moves has been read (docs/decisions/redlines-qa.md, "Round 21").
"""

from __future__ import annotations

import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _one(job: tuple[str, str]) -> tuple[str, list[dict[str, Any]]]:
    import bench_redlines as runs

    from documents.docx.textmodel import build_text_model
    from review.engine.playbook import PlaybookEngine

    path, name = job
    model = build_text_model(Path(path).read_bytes())
    spec = runs.spec_of(name)
    parties, _ = runs.parties_as_answered(model, spec)
    found = []
    for result in PlaybookEngine().analyze(model, spec, parties=parties):
        if result.status not in ("issue", "missing"):
            continue
        for p in result.recommendations:
            found.append({"rule": result.rule_id, "action": p.action, "loc": p.edit.locator, "before": p.before,
                          "after": p.after, "defects": [d.kind for d in (getattr(p, "defects", ()) or ())],
                          "needs": bool(getattr(p, "needs_wording", False))})
    return f"{runs._key(path)}|{name}", found


def write(out: Path, jobs: int) -> None:
    import bench_redlines as runs

    paths = [str(p) for p in runs.contract_paths(None)]
    with ProcessPoolExecutor(max_workers=jobs, initializer=runs._setup) as pool:
        fitted = list(pool.map(runs.classify, paths, chunksize=4))
        work = sorted(((p, n) for p, _, fits in fitted for n in fits), key=lambda j: j[1] != "cuad-coverage")
        found = dict(pool.map(_one, work, chunksize=2))
    out.write_text(json.dumps(found, indent=0))
    held = sum(1 for v in found.values() for p in v if p["defects"] or p["needs"])
    print(f"{sum(len(v) for v in found.values())} proposals, {held} held back; written to {out}")


def compare(before: dict[str, Any], after: dict[str, Any]) -> None:
    moved = 0
    for key in sorted(set(before) | set(after)):
        old = [(p["rule"], p["action"], p["before"], p["after"], p["defects"]) for p in before.get(key, [])]
        new = [(p["rule"], p["action"], p["before"], p["after"], p["defects"]) for p in after.get(key, [])]
        if old == new:
            continue
        moved += 1
        print("==", key)
        for p in old:
            if p not in new:
                print("  -", p[0], p[1], p[4] or "", "|", p[2][:150], "=>", p[3][:300])
        for p in new:
            if p not in old:
                print("  +", p[0], p[1], p[4] or "", "|", p[2][:150], "=>", p[3][:300])
    total = (sum(len(v) for v in before.values()), sum(len(v) for v in after.values()))
    print(f"{moved} runs differ; proposals {total[0]} -> {total[1]}")


def main() -> int:
    if len(sys.argv) >= 3 and sys.argv[1] == "write":
        jobs = int(sys.argv[sys.argv.index("--jobs") + 1]) if "--jobs" in sys.argv else 2
        write(Path(sys.argv[2]), jobs)
        return 0
    if len(sys.argv) == 4 and sys.argv[1] == "compare":
        compare(json.loads(Path(sys.argv[2]).read_text()), json.loads(Path(sys.argv[3]).read_text()))
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main())
