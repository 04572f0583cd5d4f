"""Proof that a change moved code without changing behaviour: the headless ``analyze --json``
output of every contract in ../shared/data with every library playbook, as one digest each.

    python bench/analysis_identity.py record var/identity-before.json   # before the change
    python bench/analysis_identity.py check  var/identity-before.json   # after it: exit 1 on any difference

The contracts: every .docx under ../shared/data (CUAD dev, NDAs, forms, fixtures) and the 379
cuad-train texts, each written as a .docx of one paragraph per line (the same file every run, so
the digest only moves when the analysis does). ``--only docx`` skips the cuad-train texts (about
a minute instead of ten). Work is spread over processes; each worker sets Django up once.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import io
import json
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data"
PLAYBOOKS = sorted((ROOT / "playbooks" / "library").glob("*.yaml"))
TRAIN_DOCX = ROOT / "var" / "identity-cuad-train"


def docx_of_text(text: str) -> bytes:
    from docx import Document

    document = Document()
    for line in text.splitlines():
        document.add_paragraph(line)
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def contracts(only: str) -> list[Path]:
    found = sorted(p for p in DATA.rglob("*.docx") if "playbooks" not in p.relative_to(DATA).parts)
    if only == "docx":
        return found
    TRAIN_DOCX.mkdir(parents=True, exist_ok=True)
    with gzip.open(DATA / "cuad-train" / "contracts.jsonl.gz", "rt", encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            key = row["cuad_filename"]
            path = TRAIN_DOCX / (hashlib.sha256(key.encode()).hexdigest()[:16] + ".docx")
            if not path.exists():
                path.write_bytes(docx_of_text(row["text"]))
            found.append(path)
    return found


def _setup() -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def _digest(job: tuple[str, str]) -> tuple[str, str]:
    from django.core.management import call_command
    from django.core.management.base import CommandError

    contract, playbook = job
    out = io.StringIO()
    try:
        call_command("analyze", contract, playbook=playbook, json=True, stdout=out)
        text = out.getvalue()
    except CommandError as exc:  # a refusal is an output too
        text = f"error: {exc}"
    # Keyed without the checkout's own folder name, so a baseline recorded in one checkout can be
    # checked in another (a worktree): "<repo>/var/..." for the cuad-train texts, "shared/data/...".
    path = Path(contract)
    where = f"<repo>/{path.relative_to(ROOT)}" if ROOT in path.parents else str(path.relative_to(ROOT.parent))
    key = f"{where} | {Path(playbook).name}"
    return key, hashlib.sha256(text.encode()).hexdigest()


def run(only: str, workers: int) -> dict[str, str]:
    jobs = [(str(c), str(p)) for c in contracts(only) for p in PLAYBOOKS]
    with ProcessPoolExecutor(max_workers=workers, initializer=_setup) as pool:
        return dict(sorted(pool.map(_digest, jobs, chunksize=4)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=["record", "check"])
    parser.add_argument("path")
    parser.add_argument("--only", choices=["all", "docx"], default="all")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    args = parser.parse_args()
    digests = run(args.only, args.workers)
    if args.mode == "record":
        Path(args.path).parent.mkdir(parents=True, exist_ok=True)
        Path(args.path).write_text(json.dumps(digests, indent=1) + "\n")
        print(f"recorded {len(digests)} analyses to {args.path}")
        return 0
    before = json.loads(Path(args.path).read_text())
    if args.only == "docx":
        before = {k: v for k, v in before.items() if k in digests}
    changed = sorted(k for k in before.keys() | digests.keys() if before.get(k) != digests.get(k))
    for key in changed:
        print(f"differs: {key}")
    print(f"{len(digests)} analyses, {len(changed)} differ from {args.path}")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
