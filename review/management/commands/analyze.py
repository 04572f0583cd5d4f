"""Analyse a contract against a playbook, headless (docs/headless.md). No database is touched.

    python manage.py analyze CONTRACT.docx --playbook PLAYBOOK.yaml [--json]

With ``--json`` it prints exactly::

    {"contract": ..., "playbook": {"name": ..., "version": ...},
     "results": [{"rule_id", "title", "status", "severity", "evidence": [sentence, ...],
                  "recommendations": [{"action", "before", "after", "explanation"}],
                  "source": "playbook" | "counterparty", ["author", "changed_at"]}],
     "counterparty_changes": [{"source": "counterparty", "origin", "author", "date", "title",
                               "locator", "before", "after"}],
     "comments": [{"id", "author", "date", "text", "locator", "anchored"}],
     "clauses": [{"type", "title", "text", "confidence", "paragraph"}],
     "key_terms": [{"term", "label", "value", "passage", "confidence", "paragraph"}]}

A result is ``"source": "counterparty"`` when its evidence lies in text the other side inserted
as a tracked change; each of their tracked changes is listed in ``counterparty_changes``.

An evidence item is the sentence (a string) for a pattern-only rule, and an object
``{"text", "confidence", "type", "title", "paragraph"}`` for a rule on a clause type
(``find: {clause: ...}``). ``clauses`` is the clause map: every passage the clause model finds at
or above its type's threshold, for all 41 CUAD types (``docs/clause-model.md``). ``key_terms``
are the clause map's key terms (contracts/keyterms.py), one per term in a fixed order: the
short ``value`` ("" when not found) and the ``passage`` it was read from (null when none).

The playbook ``version`` is the file's own ``version:`` value when it has one, else
``sha256:<first 12 hex digits of the file>``, so two runs on the same file name the same version.
Without ``--json``, a readable table. Bad input (missing file, not a .docx, broken playbook):
one clear line on stderr and a non-zero exit, no traceback.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from documents.docx.model import TextModel
from review.engine import counterparty, get_engine
from review.engine.base import Evidence, RuleResult


def result_to_json(result: RuleResult) -> dict[str, Any]:
    return {
        "rule_id": result.rule_id,
        "title": result.title,
        "status": result.status,
        "severity": result.severity,
        "evidence": [_evidence_to_json(e) for e in result.evidence],
        "recommendations": [
            {"action": p.action, "before": p.before, "after": p.after, "explanation": p.explanation,
             # What the edit checker found (docs/decisions/edit-checker.md): only when it found something.
             **({"defects": [d.to_dict() for d in p.defects]} if p.defects else {})}
            for p in result.recommendations
        ],
    }


def _evidence_to_json(evidence: Evidence) -> str | dict[str, Any]:
    """A pattern-only rule's evidence stays the sentence (a string); a sentence the clause model
    found is an object with its clause type and confidence."""
    if not evidence.clause_type:
        return evidence.sentence
    return {
        "text": evidence.sentence,
        "confidence": evidence.confidence,
        "type": evidence.clause_type,
        "title": evidence.clause_title,
        "paragraph": evidence.locator,
    }


def clauses_to_json(model: TextModel) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The clause map (every passage at or above its type's threshold, all 41 types) and the key
    terms read from it, the model scoring the contract once."""
    from contracts.clauses import detect
    from contracts.keyterms import key_terms

    passages = detect(model)
    clauses = [
        {"type": p.type, "title": p.title, "text": p.text, "confidence": p.confidence, "paragraph": p.locator}
        for p in passages
    ]
    terms = []
    for t in key_terms(model, passages):
        p = t.passage
        terms.append({"term": t.slug, "label": t.label, "value": t.value, "passage": p.text if p else None,
                      "confidence": p.confidence if p else None, "paragraph": p.locator if p else None})
    return clauses, terms


def _playbook_version(spec_extra: dict[str, Any], source: bytes) -> str:
    version = spec_extra.get("version")
    if version not in (None, ""):
        return str(version)
    return "sha256:" + hashlib.sha256(source).hexdigest()[:12]


def _shorten(text: str, width: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "\u2026"


class Command(BaseCommand):
    help = "Analyse a contract (.docx) against a playbook (YAML) and print the findings."
    requires_system_checks: list[str] = []  # pure: no database, no models needed

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("contract", help="the contract: .docx, or a PDF with text, .doc, .rtf or .odt")
        parser.add_argument("--playbook", required=True, help="the playbook, a YAML file")
        parser.add_argument("--json", action="store_true", help="print JSON (see docs/headless.md) instead of a table")

    def handle(self, *args: Any, contract: str, playbook: str, json: bool = False, **options: Any) -> None:
        # Imported here so `manage.py help` works even while a module is being changed.
        from documents.convert import ConversionError, convert_upload
        from documents.docx.textmodel import build_text_model
        from documents.docx.tracked import comments
        from documents.docx.validate import UploadRejected, validate_docx
        from playbooks.loader import load_playbook
        from playbooks.loader.issues import PlaybookInvalid

        contract_path, playbook_path = Path(contract), Path(playbook)
        for path, what in ((contract_path, "contract"), (playbook_path, "playbook")):
            if not path.is_file():
                raise CommandError(f"{what} file not found: {path}")
        try:
            data = contract_path.read_bytes()
            source = playbook_path.read_bytes()
        except OSError as exc:
            raise CommandError(f"cannot read input: {exc}") from exc
        try:
            # A PDF, .doc, .rtf or .odt is analysed as the .docx an upload would make of it.
            data, docx_name = convert_upload(data, contract_path.name)
        except ConversionError as exc:
            raise CommandError(f"{contract_path.name}: {exc}") from exc
        try:
            validate_docx(data, docx_name)
        except UploadRejected as exc:
            raise CommandError(f"{contract_path.name}: {exc}") from exc
        try:
            spec = load_playbook(source)
        except PlaybookInvalid as exc:
            first = exc.errors[0] if exc.errors else exc
            more = f" (and {len(exc.errors) - 1} more problems)" if len(exc.errors) > 1 else ""
            raise CommandError(f"{playbook_path.name}: {first}{more}") from exc
        try:
            model = build_text_model(data)
        except Exception as exc:  # a .docx that passed validation but cannot be read: say so, briefly
            raise CommandError(f"{contract_path.name}: cannot read the document ({exc})") from exc
        version = _playbook_version(spec.extra, source)
        results = get_engine(use_llm=False).analyze(model, spec, citation_label=f"{spec.name} {version}")
        # The other side's tracked changes and comments (read with their changes accepted).
        theirs = counterparty.tracked_change_items(data, model)
        changes = counterparty.changes_of(data) if theirs else []
        notes = comments(data)
        if json:
            clauses, terms = clauses_to_json(model)
            self._print_json(contract_path, spec.name, version, results, theirs, changes, notes, clauses, terms)
        else:
            self._print_table(contract_path, spec.name, version, results)
            for item in theirs:
                self.stdout.write(f"[counterparty] {item.title}")
            for note in notes:
                self.stdout.write(f"[comment] {note.author}: {_shorten(note.text, 100)}")

    def _print_json(self, contract: Path, name: str, version: str, results: list[RuleResult],
                    theirs: list[Any], changes: list[Any], notes: list[Any],
                    clauses: list[dict[str, Any]], terms: list[dict[str, Any]]) -> None:
        rows = []
        for result in results:
            row = result_to_json(result)
            change = counterparty.finding_in_their_text(result, changes) if changes else None
            # A finding in text the other side inserted says so, with their name.
            row.update({"source": "counterparty", "author": change.author, "changed_at": change.date}
                       if change is not None else {"source": "playbook"})
            rows.append(row)
        payload = {
            "contract": contract.name,
            "playbook": {"name": name, "version": version},
            "results": rows,
            "clauses": clauses,
            "key_terms": terms,
            "counterparty_changes": [item.to_dict() for item in theirs],
            "comments": [note.to_dict() for note in notes],
        }
        self.stdout.write(json.dumps(payload, ensure_ascii=False, indent=2))

    def _print_table(self, contract: Path, name: str, version: str, results: list[RuleResult]) -> None:
        write = self.stdout.write
        write(f"Contract: {contract.name}")
        write(f"Playbook: {name} ({version})")
        write("")
        width = max([len("rule")] + [len(r.rule_id) for r in results])
        write(f"{'rule'.ljust(width)}  {'status':12}  {'severity':8}  recs  evidence / note")
        write(f"{'-' * width}  {'-' * 12}  {'-' * 8}  ----  {'-' * 40}")
        for result in results:
            note = result.evidence[0].sentence if result.evidence else result.message
            write(
                f"{result.rule_id.ljust(width)}  {result.status:12}  {result.severity:8}  "
                f"{len(result.recommendations):4}  {_shorten(note, 80)}"
            )
        counts: dict[str, int] = {}
        for result in results:
            counts[result.status] = counts.get(result.status, 0) + 1
        write("")
        write(", ".join(f"{count} {status}" for status, count in sorted(counts.items())))
        for result in results:
            for proposal in result.recommendations:
                write("")
                write(f"[{result.rule_id}] {proposal.action}")
                if proposal.before:
                    write(f"  before: {_shorten(proposal.before, 200)}")
                if proposal.after:
                    write(f"  after:  {_shorten(proposal.after, 200)}")
                for defect in proposal.defects:
                    write(f"  needs the lawyer's wording: {_shorten(defect.message, 200)}")
