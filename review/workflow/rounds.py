"""The next round: the other side sends their draft back; every difference from the last version
we sent becomes an item of theirs in the same review (docs/decisions/negotiation-rounds.md).

Their file is kept as a document of its own (the record of what they sent); the review's
versions stay one line, ours: accepting an item applies their wording to our current version,
rejecting keeps ours. The playbook runs again on their draft, and a difference in a clause the
playbook flags says so on its card. A completed review reopens for the new round.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone

from core.models import Team
from documents.docx.model import Edit, EditError, EditRecord, TrackedAuthor
from documents.docx.replay import materialise_redline, redline_against_theirs
from documents.docx.tracked import Comment, comments
from documents.models import Document, DocumentVersion
from documents.selectors import author_name, revision_date, version_chain, version_docx
from documents.services import version_create
from playbooks.models import PlaybookVersion
from review.engine import get_engine
from review.models import (
    AnalysisJob,
    FormSubmission,
    JobStatus,
    Review,
    ReviewStatus,
)

from .analysis import review_start
from .audit import event_append
from .locks import lock_review
from .results import ReviewRefused
from .transitions import review_transition

REPLY_KIND = "comment_reply"


@dataclass(frozen=True)
class RoundResult:
    items: int
    returned: Document
    message: str


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


def comment_reply(*, review: Review, comment_id: str, text: str, actor: User, key: str = "") -> str:
    """Answer one of their comments: a reply comment of ours in the redline, made as a version
    (the text does not change) so it follows the cursor like every edit. Returns a message.

    ``key`` is the form's idempotency key: a second request with it gets the first one's
    message and adds nothing (a ``FormSubmission`` row, written with the version)."""
    key = (key or "").strip()[:64]
    if key:
        done = FormSubmission.objects.filter(owner=actor, kind=REPLY_KIND, idempotency_key=key).first()
        if done is not None:
            return done.message
    text = " ".join((text or "").split())[:2000]
    if not text:
        return "Write the reply first."
    if review.status not in (ReviewStatus.AWAITING_DECISION, ReviewStatus.COMPLETED):
        return "This review is closed; nothing can be added to it."
    comment = next((c for c in comments(bytes(review.document.original.data)) if c.id == comment_id), None)
    if comment is None or not comment.locator:
        return "That comment is not in this contract."
    try:
        return _reply_once(review=review, comment=comment, text=text, actor=actor, key=key)
    except IntegrityError:  # the same key won meanwhile: its answer
        done = FormSubmission.objects.filter(owner=actor, kind=REPLY_KIND, idempotency_key=key).first()
        return done.message if done is not None else "The contract changed meanwhile; reload and reply again."


def _reply_once(*, review: Review, comment: Comment, text: str, actor: User, key: str) -> str:
    with transaction.atomic():
        lock_review(review.pk)
        if key and FormSubmission.objects.filter(owner=actor, kind=REPLY_KIND, idempotency_key=key).exists():
            raise IntegrityError("answered")  # a request with this key committed while we waited for the lock
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
        message = f"Your reply to {comment.author or 'their'} comment is in the redline (version {version.number})."
        if key:
            FormSubmission.objects.create(owner=actor, review=review, kind=REPLY_KIND, idempotency_key=key,
                                          message=message)
    return message


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
    records = [EditRecord(edit=Edit.from_dict(v.edit or {}), author=author_name(v.created_by),
                          date=revision_date(v.created_at)) for v in chain]
    return materialise_redline(version_docx(found.sent), records)
