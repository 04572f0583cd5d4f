"""A last look before completion (docs/decisions/negotiation-rounds.md, "The last look"): when
nothing is left to decide, the final version is read once more, and what fails is shown on the
completion page and in ``review --out`` before anyone downloads.

It runs the drafting checks of contracts/drafting_checks/ (words and digits that disagree,
clause numbers that skip or repeat, undefined terms, references to missing clauses ...) on the
final text, and reports only what the review brought in: a finding whose words were already
there, the same way, in the version the review started from (the upload, or our draft sent in
an earlier round) is the other side's drafting or an old one, listed by the analysis already.
Approved edits that could not be applied (docs/decisions/approvals.md) are listed too: the
contract does not hold them.
"""

from __future__ import annotations

import hashlib
import threading
from collections import Counter, OrderedDict
from dataclasses import asdict, dataclass

from contracts.document import structure_of
from contracts.drafting_checks import registry
from documents.docx.model import TextModel
from review.models import Approval, ApprovalStatus, Review


@dataclass(frozen=True)
class FinalFinding:
    check: str  # the drafting check's name, or "approval-not-applied"
    title: str  # "Words and digits agree"
    message: str
    text: str  # the words it is about, as in the contract
    locator: str

    def to_dict(self) -> dict[str, str]:
        return asdict(self)


def _findings(model: TextModel) -> list[tuple[registry.DraftingCheck, registry.Finding]]:
    structure = structure_of(model)
    out = []
    for check in registry.CHECKS.values():
        for finding in check.detect(model, structure):
            if finding.confidence >= registry.REPORT_AT:
                out.append((check, finding))
    return out


def final_findings(final: TextModel, start: TextModel) -> list[FinalFinding]:
    """The drafting checks' findings on ``final`` that ``start`` did not have (pure)."""
    before = Counter((check.name, " ".join(finding.text.split())) for check, finding in _findings(start))
    out: list[FinalFinding] = []
    for check, finding in _findings(final):
        key = (check.name, " ".join(finding.text.split()))
        if before[key] > 0:
            before[key] -= 1
            continue
        out.append(FinalFinding(check=check.name, title=check.title, message=finding.message, text=finding.text,
                                locator=finding.locator))
    return out


_CACHE: OrderedDict[tuple[str, str], tuple[FinalFinding, ...]] = OrderedDict()
_LOCK = threading.Lock()
_SIZE = 64


def review_final_check(review: Review) -> list[FinalFinding]:
    """The last look at ``review``'s current version (read once per version and process: a
    version never changes)."""
    current = review.current_version
    first = review.document.versions.order_by("number").first()
    if current is None or first is None:
        return []
    # Keyed by the texts, not the rows' ids: ids can be used again (rows deleted by retention,
    # a test database rolled back), a text read the same gives the same findings.
    current_model, first_model = current.text_model, first.text_model
    key = (hashlib.sha256(current_model.text.encode("utf-8", "surrogatepass")).hexdigest(),
           hashlib.sha256(first_model.text.encode("utf-8", "surrogatepass")).hexdigest())
    with _LOCK:
        cached = _CACHE.get(key)
    if cached is None:
        found = tuple(final_findings(current_model, first_model)) if current.pk != first.pk else ()
        with _LOCK:
            _CACHE[key] = found
            while len(_CACHE) > _SIZE:
                _CACHE.popitem(last=False)
        cached = found
    failed = [
        FinalFinding(check="approval-not-applied", title="Approved edits are in the contract",
                     message=f"Approved, but not applied: {approval.comment}",
                     text=approval.recommendation.rule_title, locator="")
        for approval in Approval.objects.filter(review=review, status=ApprovalStatus.FAILED_APPLICATION)
        .select_related("recommendation")
        if not Approval.objects.filter(recommendation_id=approval.recommendation_id, pk__gt=approval.pk).exists()
    ]
    return [*failed, *cached]
