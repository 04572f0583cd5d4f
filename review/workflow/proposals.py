"""Proposals and showing a recommendation: a proposal is re-anchored on the current version (or
its rule run again there) before anyone sees it, never applied blind (docs/architecture.md,
"Versions").
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction

from contracts.naming import Parties
from contracts.naming import resolve as parties_resolve
from documents.docx.model import Edit, TextModel
from documents.docx.rebase import Step, keep_accepted, rebase, written_spans
from documents.models import DocumentVersion
from playbooks.rules import PlaybookSpec
from review.engine import UnknownEngineVersion, get_engine, minimal
from review.engine.base import Proposal as EngineProposal
from review.models import DecisionOutcome, Proposal, ProposalSource, Recommendation, RecommendationStatus, Review

from .audit import event_append
from .locks import lock_review
from .transitions import review_complete_if_done


def proposal_store(
    rec: Recommendation, proposal: EngineProposal, *, source: str, base: DocumentVersion, number: int,
    predecessor: Proposal | None = None, actor: User | None = None,
) -> Proposal:
    return Proposal.objects.create(
        recommendation=rec, number=number, predecessor=predecessor, source=source, base_version=base,
        action=proposal.action, edit=proposal.edit.to_dict(), before=proposal.before, after=proposal.after,
        explanation=proposal.explanation, position=proposal.position, variant=proposal.variant or "",
        value=proposal.value, instruction=proposal.instruction, created_by=actor, warnings=list(proposal.warnings),
        defects=[d.to_dict() for d in proposal.defects],
    )


def parties_of(review: Review, model: TextModel) -> Parties:
    """How the review names the parties: the lawyer's correction, else as the contract does
    (our side: the review's for a neutral playbook, else the playbook's)."""
    side = review.party or review.playbook_version.playbook_spec.party
    return parties_resolve(model, side, review.parties)


def engine_missing_message(exc: UnknownEngineVersion) -> str:
    return (f"This review was started with engine {exc.version!r}, which this installation no longer has, "
            "so its edits cannot be worked out again. You can still reject it; an admin can re-run the review.")


def recommendation_prepare(*, review: Review, recommendation: Recommendation) -> Recommendation:
    """Make sure the recommendation's current proposal is anchored on the review's current
    version before anyone sees it. A proposal made on an older version is re-anchored (same
    text, new place) or, if it no longer applies exactly, re-resolved by running its rule again
    on the current text; if the rule finds nothing there any more, the recommendation is
    superseded. Idempotent and safe under concurrency (compare-and-set on the proposal)."""
    proposal = recommendation.current_proposal
    if (
        recommendation.status != RecommendationStatus.PENDING
        or proposal is None
        or proposal.base_version_id == review.current_version_id
    ):
        return recommendation
    current = review.current_version
    model = current.text_model
    try:
        engine = get_engine(review.engine_version)
    except UnknownEngineVersion as exc:
        # Shown as it is, never applied blind: accepting it is refused as stale (older
        # version); rejecting it still works.
        Recommendation.objects.filter(pk=recommendation.pk).update(message=engine_missing_message(exc))
        recommendation.refresh_from_db()
        return recommendation
    source = ProposalSource.REANCHOR
    message = ""
    old = proposal.to_engine()
    if old.edit.kind == "replace" and old.action != "insert":  # an insertion inside a paragraph moves as one
        # Word by word over the edits accepted since: words they changed are never changed back.
        rebased = rebase(old.edit, edits_between(proposal.base_version, current), model)
        anchored = minimal.shown(old, rebased.edit, model) if rebased.edit is not None else None
        if anchored is not None and rebased.dropped:
            message = KEPT_MESSAGE
    else:
        anchored = engine.reanchor(old, model)
    if anchored is None:
        anchored, dropped = keeping_accepted(reresolve(review, recommendation, proposal, model), current)
        source = ProposalSource.RERESOLVE
        message = ("The contract changed around this clause since the edit was proposed: the edit was worked "
                   "out again on the current text. Check it before accepting.")
        if dropped:
            message += " " + KEPT_MESSAGE
    if anchored is None:
        with transaction.atomic():
            lock = lock_review(review.pk)  # it may complete the review: the review row first
            updated = Recommendation.objects.filter(
                pk=recommendation.pk, status=RecommendationStatus.PENDING, current_proposal=proposal
            ).update(status=RecommendationStatus.SUPERSEDED,
                     message="An accepted edit changed this text and the rule no longer finds an issue here.")
            if updated:
                event_append(review_id=review.pk, kind="recommendation.superseded", rule=recommendation.rule_id,
                             recommendation=recommendation.pk, locked=True)
                review_complete_if_done(lock)
        return recommendation_reloaded(recommendation)
    # A new proposal becomes the current one, or is rolled back: the current one has the highest
    # number, and the unique (recommendation, number) catches a concurrent writer. Only the
    # recommendation's own rows are written, never the review's, so no review lock is needed
    # (docs/architecture.md, "Locking").
    try:
        with transaction.atomic():
            stored = proposal_store(recommendation, anchored, source=source, base=current, number=proposal.number + 1,
                                    predecessor=proposal)
            updated = Recommendation.objects.filter(
                pk=recommendation.pk, status=RecommendationStatus.PENDING, current_proposal=proposal
            ).update(current_proposal=stored, message=message)
            if not updated:
                transaction.set_rollback(True)
    except IntegrityError:
        updated = 0  # a concurrent request anchored it first
    if not updated:
        return recommendation_reloaded(recommendation)
    stored.base_version, stored.predecessor = current, proposal
    recommendation.current_proposal, recommendation.message = stored, message
    return recommendation


KEPT_MESSAGE = ("Words that an accepted edit already changed are kept as accepted; this edit changes only the "
                "rest.")


_CHAINS: dict[tuple[int, str], list[tuple[int, Step]]] = {}
_CHAINS_SIZE = 256


def _chain(current: DocumentVersion) -> list[tuple[int, Step]]:
    """(version pk, step) from version 2 to ``current``, oldest first. An undone edit and the undo
    that reverted it are steps not in force (docs/decisions/undo.md): their words are not
    accepted words. Which edits an undo in the chain took back is fixed once ``current`` exists
    (an undo always makes a version), so the chain is read once per process (one query)."""
    key = (current.pk, current.text_sha256)
    cached = _CHAINS.get(key)
    if cached is not None:
        return cached
    rows = {
        pk: (parent, edit, decision, outcome, undoes)
        for pk, parent, edit, decision, outcome, undoes in DocumentVersion.objects.filter(
            document_id=current.document_id, number__lte=current.number
        ).values_list("pk", "parent_id", "edit", "decision_id", "decision__outcome", "decision__undoes_id")
    }
    path: list[int] = []
    at: int | None = current.pk
    while at is not None and at in rows:
        path.append(at)
        at = rows[at][0]
    path.reverse()
    undone = {rows[pk][4] for pk in path if rows[pk][3] == DecisionOutcome.UNDONE and rows[pk][4]}
    chain = [
        (pk, Step(Edit.from_dict(edit), in_force=not (outcome == DecisionOutcome.UNDONE or decision in undone)))
        for pk in path
        for _, edit, decision, outcome, _ in [rows[pk]]
        if edit
    ]
    if len(_CHAINS) >= _CHAINS_SIZE:
        _CHAINS.clear()
    _CHAINS[key] = chain
    return chain


def edits_between(base: DocumentVersion | None, current: DocumentVersion) -> list[Step]:
    """The edits that lead from ``base`` (None: version 1) to ``current``, oldest first, each
    saying whether it is still in force."""
    chain = _chain(current)
    if base is None:
        return [step for _, step in chain]
    pks = [pk for pk, _ in chain]
    start = pks.index(base.pk) + 1 if base.pk in pks else 0
    return [step for _, step in chain[start:]]


def keeping_accepted(proposal: EngineProposal | None, current: DocumentVersion) -> tuple[EngineProposal | None, bool]:
    """``proposal`` (worked out afresh on ``current``) without the word changes that would undo
    words the accepted edits wrote; (None, True) when nothing else is left to change."""
    if proposal is None or proposal.edit.kind != "replace" or proposal.action == "insert":
        return proposal, False
    model = current.text_model
    kept = keep_accepted(proposal.edit, written_spans(edits_between(None, current)), model)
    if not kept.dropped:
        return proposal, False
    if kept.edit is None:
        return None, True
    return minimal.shown(proposal, kept.edit, model), True


def recommendation_reloaded(recommendation: Recommendation) -> Recommendation:
    # With the proposal and its version: the card shows both right after.
    return Recommendation.objects.select_related("current_proposal", "current_proposal__base_version").get(
        pk=recommendation.pk
    )


def reresolve(
    review: Review, recommendation: Recommendation, proposal: Proposal, model: TextModel
) -> EngineProposal | None:
    spec = review.playbook_version.playbook_spec
    try:
        rule = spec.rule(recommendation.rule_id)
    except KeyError:
        return None
    engine = get_engine(review.engine_version)
    results = engine.analyze(model, PlaybookSpec(name=spec.name, rules=(rule,), party=spec.party),
                             citation_label=review.playbook_version.label, parties=parties_of(review, model))
    candidates = [p for r in results for p in r.recommendations]
    if not candidates:
        return None
    old_locator = proposal.edit_obj.locator
    same_place = [p for p in candidates if p.edit.locator == old_locator]
    return (same_place or candidates)[0]


