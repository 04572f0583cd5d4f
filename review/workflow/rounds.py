"""The next round: the other side sends their draft back; every difference from the last version
we sent becomes an item of theirs in the same review (docs/decisions/negotiation-rounds.md).

Their file is kept as a document of its own (the record of what they sent); the review's
versions stay one line, ours: accepting an item applies their wording to our current version,
rejecting keeps ours. The playbook runs again on their draft, and a difference in a clause the
playbook flags says so on its card. A completed review reopens for the new round.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from core.models import Team
from documents.docx.compare import compare
from documents.docx.model import Edit, EditError, EditRecord, TrackedAuthor
from documents.docx.replay import materialise_redline, redline_against_theirs
from documents.docx.tracked import comments, foreign_changes
from documents.models import Document, DocumentVersion
from documents.selectors import author_name, revision_date, version_chain, version_docx
from documents.services import document_create, version_create
from playbooks.models import PlaybookVersion
from review.engine import counterparty, get_engine
from review.models import (
    AnalysisJob,
    JobStatus,
    ProposalSource,
    Recommendation,
    RecommendationOrigin,
    Review,
    ReviewStatus,
)

from .analysis import counterparty_fields, review_start
from .audit import event_append
from .locks import lock_review
from .proposals import proposal_store
from .results import ReviewRefused
from .transitions import review_transition


@dataclass(frozen=True)
class RoundResult:
    items: int
    returned: Document
    message: str


def review_next_round(
    *, review: Review, data: bytes, filename: str, actor: User, author: str = ""
) -> RoundResult:
    """Compare their returned file with our current version and add one item per difference.

    Raises ``UploadRejected`` for a file that cannot be taken (as any upload) and
    ``ReviewRefused`` when the review cannot take a new round (analysing, failed, cancelled)."""
    if review.status not in (ReviewStatus.AWAITING_DECISION, ReviewStatus.COMPLETED):
        raise ReviewRefused("A new round can start only on a review that is waiting for decisions or complete.")
    returned = document_create(owner=review.owner, team=review.team, filename=filename, data=data,
                               title=f"{review.document.title} (returned)")
    their_model = returned.versions.get(number=1).text_model
    sent_version = review.current_version
    sent = sent_version.text_model
    # Their tracked changes in the returned file, by returned paragraph: a tracked replacement
    # is one item, whole, with their name and date (docs/decisions/negotiation-rounds.md).
    their_changes = foreign_changes(bytes(returned.original.data))
    positions = their_model.positions
    tracked: dict[int, list] = {}
    for change in their_changes:
        index = positions.get(change.locator)
        if index is not None:
            tracked.setdefault(index, []).append(change)
    spans = {index: tuple((c.start, c.end) for c in changes) for index, changes in tracked.items()}
    differences = compare(sent, their_model, spans)
    tracked_authors = sorted({c.author for c in their_changes if c.author})
    who = author.strip() or ", ".join(tracked_authors)
    items = counterparty.returned_draft_items(differences, sent, who, tracked)
    flagged = _flagged_by_playbook(review, their_model, {d.returned_index for d in differences})

    with transaction.atomic():
        lock_review(review.pk)
        review.refresh_from_db()
        if review.current_version_id != sent_version.pk:
            raise ReviewRefused("The contract changed while their draft was compared; upload it again.")
        ordinal = review.recommendations.aggregate(m=Max("ordinal"))["m"] or 0
        for item, difference in zip(items, _expand(differences), strict=True):
            ordinal += 1
            note = flagged.get(difference.returned_index) if difference.returned_index is not None else None
            proposal = item.proposal
            if note:
                proposal = replace(proposal, explanation=f"{proposal.explanation} {note}")
            rec = Recommendation.objects.create(
                review=review, ordinal=ordinal, rule_id=item.rule_id, rule_title=item.title[:255],
                severity="high" if note else "medium", finding="issue",
                evidence=[e.to_dict() for e in item.evidence],
                **counterparty_fields(item.author or counterparty.OTHER_SIDE, item.date,
                                      RecommendationOrigin.RETURNED_DRAFT),
            )
            stored = proposal_store(rec, proposal, source=ProposalSource.ANALYSIS, base=sent_version, number=1)
            Recommendation.objects.filter(pk=rec.pk).update(current_proposal=stored)
        if items:
            won = review_transition(review_id=review.pk, from_=[review.status], to=ReviewStatus.AWAITING_DECISION,
                                    completed_at=None)
            if won is None:
                raise ReviewRefused("The review changed while their draft was compared; upload it again.")
        event_append(review_id=review.pk, kind="round.returned", actor=actor, document=returned.pk,
                     sent_version=sent_version.pk, differences=len(differences), items=len(items), locked=True)
    message = (f"Their draft differs from version {sent_version.number} in {len(differences)} places: "
               f"{len(items)} items to decide." if items else
               f"Their draft reads exactly as version {sent_version.number}: nothing to decide.")
    return RoundResult(items=len(items), returned=returned, message=message)


def review_start_round(*, owner: User, document: Document, playbook_version: PlaybookVersion,
                       party: str = "", team: Team | None = None) -> Review:
    """A review of a draft we already sent (headless ``--previous``): our text was reviewed in
    the round before, so it starts complete, with nothing of ours to decide, ready for their
    returned draft (``review_next_round``)."""
    review = review_start(owner=owner, team=team, document=document,
                          playbook_version=playbook_version, enqueue=False, party=party)
    with transaction.atomic():
        lock_review(review.pk)
        AnalysisJob.objects.filter(review=review, status=JobStatus.QUEUED).update(
            status=JobStatus.SUCCEEDED, progress=100, step="Sent in an earlier round", finished_at=timezone.now()
        )
        review_transition(review_id=review.pk, from_=[ReviewStatus.ANALYZING], to=ReviewStatus.COMPLETED,
                          completed_at=timezone.now())
        event_append(review_id=review.pk, kind="round.sent", actor=owner, version=document.versions.get().number,
                     locked=True)
    review.refresh_from_db()
    return review


def _expand(differences: list) -> list:
    """One entry per item: a difference with several edits makes that many items."""
    return [d for d in differences for _ in d.edits]


def _flagged_by_playbook(review: Review, model: object, changed: set[int | None]) -> dict[int, str]:
    """The playbook run again on their draft: for each changed returned paragraph, what the rules
    that flag it say (issue), so the item of that difference carries it."""
    spec = review.playbook_version.playbook_spec
    results = get_engine(review.engine_version).analyze(model, spec,  # type: ignore[arg-type]
                                                        citation_label=review.playbook_version.label)
    positions = {p.locator: index for index, p in enumerate(model.paragraphs)}  # type: ignore[attr-defined]
    notes: dict[int, list[str]] = {}
    for result in results:
        if result.status != "issue":
            continue
        for evidence in result.evidence:
            index = positions.get(evidence.locator)
            if index is not None and index in changed:
                notes.setdefault(index, []).append(result.title)
    return {index: "The playbook flags their wording: " + "; ".join(sorted(set(titles))) + "."
            for index, titles in notes.items()}


def comment_reply(*, review: Review, comment_id: str, text: str, actor: User) -> str:
    """Answer one of their comments: a reply comment of ours in the redline, made as a version
    (the text does not change) so it follows the cursor like every edit. Returns a message."""
    text = " ".join((text or "").split())[:2000]
    if not text:
        return "Write the reply first."
    if review.status not in (ReviewStatus.AWAITING_DECISION, ReviewStatus.COMPLETED):
        return "This review is closed; nothing can be added to it."
    comment = next((c for c in comments(bytes(review.document.original.data)) if c.id == comment_id), None)
    if comment is None or not comment.locator:
        return "That comment is not in this contract."
    with transaction.atomic():
        lock_review(review.pk)
        review.refresh_from_db()
        try:
            version = version_create(document=review.document, parent=review.current_version,
                                     edit=Edit("comment_reply", comment.locator, after=text, change=comment.id),
                                     author=actor)
        except EditError as exc:
            return f"The reply could not be added: {exc}"
        won = review_transition(review_id=review.pk, from_=[review.status],
                                current_version_id=review.current_version_id, current_version=version)
        if won is None:
            transaction.set_rollback(True)
            return "The contract changed meanwhile; reload and reply again."
        event_append(review_id=review.pk, kind="comment.replied", actor=actor, comment=comment.id,
                     version=version.number, locked=True)
    return f"Your reply to {comment.author or 'their'} comment is in the redline (version {version.number})."


@dataclass(frozen=True)
class RoundRedlines:
    returned: Document  # their draft, as they sent it
    sent: DocumentVersion  # our version their draft was compared with


def round_of(review: Review) -> RoundRedlines | None:
    """The review's latest round, when it had one: their returned draft and our version it was
    compared with, for the two redlines of a round (docs/decisions/negotiation-rounds.md)."""
    event = review.events.filter(kind="round.returned").order_by("-seq").first()
    if event is None:
        return None
    returned = Document.objects.filter(pk=event.data.get("document"), owner=review.owner).first()
    sent = DocumentVersion.objects.filter(pk=event.data.get("sent_version"), document=review.document).first()
    if returned is None or sent is None:
        return None
    return RoundRedlines(returned=returned, sent=sent)


def round_redline_theirs(review: Review, author: str) -> bytes:
    """Our current version as tracked changes over their returned draft."""
    found = round_of(review)
    if found is None:
        raise ReviewRefused("This review has no returned draft of theirs.")
    return redline_against_theirs(bytes(found.returned.original.data), review.current_version.text_model,
                                  TrackedAuthor(author=author, date=revision_date(timezone.now())))


def round_redline_sent(review: Review) -> bytes:
    """Our current version as tracked changes over the version we last sent them: the edits of
    this round only, each by the lawyer who made it."""
    found = round_of(review)
    if found is None:
        raise ReviewRefused("This review has no returned draft of theirs.")
    chain = [v for v in version_chain(review.current_version) if v.number > found.sent.number and v.edit]
    records = [EditRecord(edit=Edit.from_dict(v.edit), author=author_name(v.created_by),
                          date=revision_date(v.created_at)) for v in chain]
    return materialise_redline(version_docx(found.sent), records)
