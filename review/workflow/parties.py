"""The lawyer corrects who the parties are; proposals not yet decided are written again with
the corrected names (docs/decisions/parties-in-positions.md)."""

from __future__ import annotations

import json
import re

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction

from contracts.document import structure_of
from contracts.naming import Parties, contract_parties, detect
from contracts.parties import Party, role_side
from documents.docx.model import TextModel
from playbooks.rules import PlaybookSpec
from review.models import Proposal, ProposalSource, Recommendation, RecommendationStatus, Review

from .audit import event_append
from .locks import lock_review
from .proposals import parties_of, proposal_store, reresolve
from .results import ReviewRefused

MAX_NAME = 120
REWRITTEN_MESSAGE = "Written again with the parties' names as you corrected them."


def _playbook_wording(proposal: Proposal) -> bool:
    """Wording that came from the playbook (a position, a variant, an insertion): the lawyer's
    own words and number-only edits are theirs and stay as they are."""
    if proposal.action == "insert":
        return not (proposal.instruction and proposal.position is None and not proposal.variant)
    return proposal.action == "replace" and (proposal.position is not None or bool(proposal.variant))


def review_parties_set(*, review: Review, actor: User, us: str, them: str) -> int:
    """Store how the contract names our party and the other one, then write every pending
    playbook proposal again with those names. Returns how many proposals were rewritten.
    Refuses empty or overlong names (nothing is changed then)."""
    us, them = " ".join(us.split()), " ".join(them.split())
    if not us or not them:
        raise ReviewRefused("Give the names of both parties as the contract writes them.")
    if len(us) > MAX_NAME or len(them) > MAX_NAME:
        raise ReviewRefused(f"A party's name has at most {MAX_NAME} characters.")
    if us.lower() == them.lower():
        raise ReviewRefused("Our party and the other party need different names.")
    current = parties_of(review, review.current_version.text_model)
    corrected = Parties(us=us, them=them, side=current.side, corrected=True)
    with transaction.atomic():
        lock_review(review.pk)
        data = {**dict(review.parties or {}), **corrected.to_dict()}
        Review.objects.filter(pk=review.pk).update(parties=data)
        # No names in the event: events are hash-chained and outlive the contract text.
        event_append(review_id=review.pk, kind="review.parties_set", actor=actor, locked=True)
    review.parties = data
    rewritten = 0
    version = review.current_version
    model = version.text_model
    pending = Recommendation.objects.filter(review=review, status=RecommendationStatus.PENDING).select_related(
        "current_proposal"
    )
    for recommendation in pending:
        proposal = recommendation.current_proposal
        if proposal is None or not _playbook_wording(proposal) or recommendation.rule_id.startswith("hygiene-"):
            continue
        fresh = reresolve(review, recommendation, proposal, model)
        if fresh is None or (fresh.after == proposal.after and proposal.base_version_id == version.pk):
            continue
        try:
            with transaction.atomic():
                lock_review(review.pk)
                stored = proposal_store(recommendation, fresh, source=ProposalSource.RERESOLVE, base=version,
                                        number=proposal.number + 1, predecessor=proposal, actor=actor)
                moved = Recommendation.objects.filter(
                    pk=recommendation.pk, status=RecommendationStatus.PENDING, current_proposal=proposal
                ).update(current_proposal=stored, message=REWRITTEN_MESSAGE)
                if not moved:
                    transaction.set_rollback(True)
                    continue
        except IntegrityError:
            continue  # a concurrent request moved it first; it is shown as that one left it
        rewritten += 1
    return rewritten


# A placeholder that stands for one side's party ({us}, {them}, {customer}, {Licensor}, ...); not
# {mutual_roles}, which names a role either party takes.
_SIDE_PLACEHOLDER = re.compile(r"\{(?P<word>[A-Za-z ]{1,30})\}")


def side_matters(*, side_word: str, playbook: PlaybookSpec) -> bool:
    """Whether which party is ours changes anything the playbook writes or finds: its side is a
    role (a customer's playbook), or a rule's wording or patterns name a side's party by a
    placeholder. A neutral playbook that only says "each party" (the CUAD coverage) reads and
    writes the same whichever side the lawyer is on, so it does not ask."""
    if role_side(side_word):
        return True
    for rule in playbook.rules:
        source = json.dumps(rule.to_dict())
        for match in _SIDE_PLACEHOLDER.finditer(source):
            word = match.group("word").strip().lower()
            if word in ("us", "them") or role_side(word):
                return True
    return False


def side_candidates(*, model: TextModel, side_word: str, playbook: PlaybookSpec) -> list[Party]:
    """The contract's parties to choose ours from, when the playbook's side does not say which one
    is ours (no party defined by a role word of that side) and the side matters to the playbook
    (``side_matters``); empty when it does not, when the contract says it, or when the contract
    names fewer than two parties (nothing to choose between). Asked once, on upload
    (docs/decisions/key-terms.md)."""
    if not side_word.strip() or not side_matters(side_word=side_word, playbook=playbook):
        return []
    if detect(model, side_word).us:
        return []
    parties = [p for p in contract_parties(structure_of(model)) if p.defined.strip()]
    return parties if len(parties) >= 2 else []


def side_chosen(*, model: TextModel, side_word: str, playbook: PlaybookSpec, ours: str) -> dict[str, object]:
    """The review's parties when the lawyer picked ours (by its defined name) on upload: stored
    as a correction, so the analysis writes positions with these names. Refuses a name that is
    not one of the candidates."""
    candidates = side_candidates(model=model, side_word=side_word, playbook=playbook)
    chosen = next((p for p in candidates if p.defined == ours), None)
    if chosen is None:
        raise ReviewRefused("Choose one of the parties the contract names.")
    other = next(p for p in candidates if p is not chosen)
    detected = detect(model, side_word)
    return {**Parties(us=chosen.defined, them=other.defined, side=detected.side, corrected=True).to_dict(),
            "asked": True}  # fmt: skip
