"""What leaves a review: the redline with the lawyer's comments for the other side, and the issue
list for the business (.csv, .xlsx through review/tabular.py, a printable page). Reads only; the web views and the
``review`` command call the same functions.

The comment on a change is the recommendation's comment as the lawyer left it on the card, or
the rule's ``comment:`` when they never edited it. A rule's ``guidance`` is internal and is never
exported, in any file.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from documents import selectors as document_selectors
from documents.docx.model import Edit, EditRecord
from documents.docx.replay import materialise_redline
from documents.models import DocumentVersion

from .engine.checks.limits import LIMIT_KIND
from .engine.wording import comment_following
from .models import Approval, ApprovalStatus, Decision, DecisionOutcome, Proposal, Recommendation, Review
from .tabular import Table, table_csv, table_xlsx


def rule_comment(review: Review, rule_id: str) -> str:
    try:
        rule = review.playbook_version.playbook_spec.rule(rule_id)
    except KeyError:
        return ""
    return getattr(rule, "comment", "") or ""


def recommendation_comment(review: Review, rec: Recommendation, proposal: Proposal | None = None) -> str:
    """The comment for the other side: the lawyer's text when they wrote one ("" removes it), else
    the rule's comment written for ``proposal`` (default: the current one), so that it follows a
    revision (review/engine/wording.py, docs/decisions/number-only-edits.md)."""
    lawyer = getattr(rec, "comment", None)
    if lawyer is not None:
        return lawyer.strip()
    try:
        rule = review.playbook_version.playbook_spec.rule(rec.rule_id)
    except KeyError:
        return ""
    comment = getattr(rule, "comment", "") or ""
    proposal = proposal if proposal is not None else rec.current_proposal
    if not comment or proposal is None or not rule.positions:
        return comment.strip()
    kind = LIMIT_KIND.get(rule.check.kind)
    chosen = rule.positions[proposal.position] if proposal.position is not None and proposal.position < len(
        rule.positions) else None
    return comment_following(
        comment, preferred=rule.positions[0], chosen=chosen, kind=kind,
        limit=rule.check.limit if kind is not None else None, value=proposal.value,
        wording=proposal.after,
    ).strip()


def review_redline(review: Review, *, comments: bool = True) -> bytes:
    """The redline of the review's current version; with ``comments``, every accepted change that
    has a comment for the other side carries it as a Word comment by the lawyer who accepted it.
    Without comments it is exactly the cached document redline."""
    version = review.current_version
    if not comments:
        return document_selectors.version_redline(version)
    chain = document_selectors.version_chain(version)
    version_decision = dict(
        DocumentVersion.objects.filter(pk__in=[v.pk for v in chain]).values_list("pk", "decision_id")
    )
    decisions = {
        d.pk: d for d in Decision.objects.filter(pk__in=[d for d in version_decision.values() if d])
        .select_related("recommendation", "proposal")
    }
    reverted = _reverted_versions(chain)
    records = []
    for row in chain:
        extra: dict[str, Any] = {}
        decision = decisions.get(version_decision.get(row.pk))
        if decision is not None and decision.outcome == DecisionOutcome.APPLIED and row.pk not in reverted:
            extra["comment"] = recommendation_comment(review, decision.recommendation, decision.proposal)
        records.append(EditRecord(edit=Edit.from_dict(row.edit), author=document_selectors.author_name(row.created_by),
                                  date=document_selectors.revision_date(row.created_at), extra=extra))
    if not any(r.extra.get("comment") for r in records):
        return document_selectors.version_redline(version)
    original = document_selectors.version_docx(version.document.versions.get(number=1))
    return materialise_redline(original, records, comments=True)


def _reverted_versions(chain: list[DocumentVersion]) -> set[int]:
    """Versions whose edit a later undo reverted: their comment would describe a change that is
    no longer proposed."""
    ids = [v.pk for v in chain]
    return set(
        DocumentVersion.objects.filter(pk__in=ids, decision__outcome=DecisionOutcome.APPLIED,
                                       decision__undone_by__isnull=False).values_list("pk", flat=True)
    )


# --------------------------------------------------------------------------------------------
# The issue list


@dataclass(frozen=True)
class IssueRow:
    number: int
    source: str  # "playbook" (a rule's result) or "counterparty" (the other side's change/comment)
    clause: str
    rule: str
    severity: str
    status: str
    asked_for: str
    decision: str
    reason: str
    approver: str
    comment: str


COLUMNS = (
    ("number", "#"),
    ("source", "Source"),
    ("clause", "Clause"),
    ("rule", "Rule"),
    ("severity", "Severity"),
    ("status", "Status"),
    ("asked_for", "What we asked for"),
    ("decision", "Decision"),
    ("reason", "Reason"),
    ("approver", "Approver"),
    ("comment", "Comment for the other side"),
)

_DECISION_WORDS = {
    DecisionOutcome.APPLIED: "accepted (edit applied)",
    DecisionOutcome.REJECTED: "rejected",
    DecisionOutcome.AWAITING_APPROVAL: "awaiting approval",
    DecisionOutcome.SENT_BACK: "sent back by the approver",
    DecisionOutcome.FAILED_APPLICATION: "approved, but could not be applied",
    DecisionOutcome.UNDONE: "undone",
    DecisionOutcome.REOPENED: "reopened",
}


_COMMENTED = frozenset({"pending", "accepted", "awaiting_approval"})


def _clause_of(review: Review, rec: Recommendation) -> str:
    items = rec.evidence_items
    if not items:
        return "(missing from the contract)" if rec.finding == "missing" else ""
    return items[0].sentence


def _asked_for(rec: Recommendation) -> str:
    proposal = rec.current_proposal
    if proposal is None:
        return ""
    if proposal.action == "delete" or (proposal.before and not proposal.after):
        return f"Delete: {proposal.before}"
    if proposal.action == "insert":
        return f"Insert: {proposal.after}"
    return proposal.after


def issue_rows(review: Review) -> list[IssueRow]:
    """One row per recommendation (a rule result with an issue, or a counterparty item), then one
    per rule that passed or found nothing, so the list shows coverage too."""
    recs = list(review.recommendations.select_related("current_proposal").order_by("ordinal"))
    decisions: dict[int, Decision] = {}
    for decision in review.decisions.filter(outcome__in=list(_DECISION_WORDS)).order_by("created_at", "id"):
        decisions[decision.recommendation_id] = decision  # the latest effective one wins
    approvals: dict[int, Approval] = {}
    for approval in review.approvals.select_related("decided_by", "approver_user", "approver_group").order_by(
        "created_at", "id"
    ):
        approvals[approval.recommendation_id] = approval
    rows: list[IssueRow] = []
    with_recs = set()
    for rec in recs:
        with_recs.add(rec.rule_id)
        decision = decisions.get(rec.pk)
        approval = approvals.get(rec.pk)
        approver = ""
        if approval is not None:
            if approval.status == ApprovalStatus.OPEN:
                approver = f"waiting for {approval.routed_to}"
            elif approval.decided_by is not None:
                who = document_selectors.author_name(approval.decided_by)
                approver = f"{approval.get_status_display().lower()} by {who}"
        source = getattr(rec, "source", "") or "playbook"
        rows.append(IssueRow(
            number=len(rows) + 1,
            source="counterparty" if source in {"counterparty", "other_side"} else source,
            clause=_clause_of(review, rec),
            rule=f"{rec.rule_title} ({rec.rule_id})",
            severity=rec.severity,
            status=rec.get_status_display(),
            asked_for=_asked_for(rec),
            decision=_DECISION_WORDS.get(decision.outcome, "") if decision else "",
            reason=decision.reason if decision else "",
            approver=approver,
            # A comment goes with a change we still ask for; a rejected one sends none.
            comment=recommendation_comment(review, rec) if rec.status in _COMMENTED else "",
        ))
    for outcome in review.rule_outcomes.all():
        if outcome.rule_id in with_recs:
            continue
        evidence = outcome.evidence[0]["sentence"] if outcome.evidence else ""
        # A finding with no edit (a flag-only rule, a duty that protects us, a cover page's terms
        # elsewhere) says why there is nothing to accept: the export keeps that note.
        note = outcome.message if outcome.status in ("issue", "missing") else ""
        rows.append(IssueRow(
            number=len(rows) + 1, source="playbook", clause=evidence, rule=f"{outcome.title} ({outcome.rule_id})",
            severity=outcome.severity, status=outcome.status_label, asked_for=note, decision="", reason="",
            approver="", comment="",
        ))
    return rows


def issues_table(rows: list[IssueRow], *, title: str) -> Table:
    widths = {"number": 5, "source": 13, "clause": 60, "rule": 36, "severity": 10, "status": 18, "asked_for": 60,
              "decision": 22, "reason": 40, "approver": 26, "comment": 50}
    return Table(
        sheet="Issues", header=[label for _, label in COLUMNS],
        rows=[[getattr(row, key) for key, _ in COLUMNS] for row in rows],
        widths=[widths[key] for key, _ in COLUMNS], styled=True, title=title[:200], creator="Redpen",
    )


def issues_csv(rows: list[IssueRow]) -> bytes:
    return table_csv(issues_table(rows, title=""))


def issues_xlsx(rows: list[IssueRow], *, title: str) -> bytes:
    return table_xlsx(issues_table(rows, title=title))
