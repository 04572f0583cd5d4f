"""Draft a playbook from the team's own precedents (signed contracts or templates), headless.

    python manage.py playbook_draft A.docx [B.docx ...] --out draft.yaml [--name NAME] [--side customer]

One rule per clause type the clause model finds (``find: {clause: SLUG}``), positions in the
precedents' own words with the parties as ``{us}`` / ``{them}``, number checks from their
figures, guidance left empty for the author. The draft validates and every precedent passes it;
publish it with the upload page (or edit it first). Bad input: one line on stderr, exit 1.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from playbooks.drafting import MAX_PRECEDENTS, SIDES, draft_from_precedents
from review.engine import PlaybookEngine


class Command(BaseCommand):
    help = "Draft a playbook (YAML) from one or more precedent contracts (.docx)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("precedents", nargs="+", help=".docx files: signed contracts or templates")
        parser.add_argument("--out", required=True, help="where to write the draft YAML")
        parser.add_argument("--name", help="the playbook's name (default: from the first file's name)")
        parser.add_argument("--side", choices=SIDES, default="customer", help="our side (default: customer)")

    def handle(self, *args: Any, **options: Any) -> None:
        from documents.docx.textmodel import build_text_model

        paths = [Path(p) for p in options["precedents"]]
        if len(paths) > MAX_PRECEDENTS:
            raise CommandError(f"{len(paths)} precedents; at most {MAX_PRECEDENTS} at once")
        precedents = []
        for path in paths:
            if not path.is_file():
                raise CommandError(f"{path}: no such file")
            if path.suffix.lower() != ".docx":
                raise CommandError(f"{path}: not a .docx file")
            data = path.read_bytes()
            if len(data) > settings.REDPEN_MAX_UPLOAD_BYTES:
                raise CommandError(f"{path}: {len(data) // 1024} KB, over the upload limit")
            try:
                precedents.append((path.name, build_text_model(data)))
            except Exception as exc:  # a damaged .docx raises many kinds of errors
                raise CommandError(f"{path}: cannot be read as a Word document ({exc})") from None
        name = options.get("name") or f"Draft from {paths[0].stem.replace('_', ' ')}"
        draft = draft_from_precedents(precedents, name=name, side=options["side"], engine=PlaybookEngine())
        if not draft.source:
            raise CommandError("; ".join(draft.notes) or "nothing to draft")
        Path(options["out"]).write_text(draft.source, encoding="utf-8")
        checks = sum(1 for r in draft.rules if r.check is not None)
        self.stdout.write(f"Wrote {options['out']}: {len(draft.rules)} rules ({checks} number checks).")
        for note in draft.notes:
            self.stdout.write(f"note: {note}")
