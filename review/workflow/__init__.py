"""The review workflow: a durable suspend/resume state machine (docs/architecture.md).

The engine analyses, the review *suspends* with its pending recommendations, each decision
*resumes* it (persist the decision, apply the change, advance the cursor), and it suspends again
or *completes* when nothing is left to decide.

Modules, each importing only those above it (tests/test_architecture.py checks there is no cycle):

- ``results``: answers, refusals and messages;
- ``locks``: the lock order (the review row first, always);
- ``audit``: the hash-chained events and the engine history, appended under the review lock;
- ``transitions``: the only place a review's or an approval's status changes;
- ``jobs``: tasks sent to Celery by name (nothing here imports review/tasks.py);
- ``proposals``: storing proposals, re-anchoring them before they are shown;
- ``analysis``: starting a review, the analysis task's body, storing its results;
- ``records``: the guarded decision transaction, duplicates, outcomes that change nothing;
- ``revisions``: revise, in-process or through the LLM task;
- ``decisions``: ``review_decide``, accept and reject, the approval gate;
- ``approvals``: the approver's take, approve and send back;
- ``cancel``: cancelling a review;
- ``undo``: taking a decision back (undo an acceptance, reopen a rejection);
- ``parties``: the lawyer's correction of who the parties are;
- ``rounds``: the next round, their returned draft compared with our last version;
- ``round_intake``: the next round as a job, its idempotency key, the bound on items of theirs;
- ``show``: which recommendation a page shows, prepared on the current version;
- ``card``: the card's decision (its comment, a variant refused in words, "edit" in one step);
- ``bulk``: accepting number-only edits in a batch.

The public names are re-exported here; callers import them from ``review.workflow``.
"""

from .analysis import analysis_fail, analysis_rerun, analysis_run, analysis_store, review_start
from .approvals import approval_decide, approval_take, approvals_release_departed
from .audit import event_append, history, history_append
from .bulk import MAX_BULK_ITEMS, BulkResult, bulk_accept
from .cancel import review_cancel
from .card import CardRefusal, card_decide
from .decisions import review_decide
from .item_bounds import MAX_THEIR_ITEMS, TooManyItems
from .parties import review_parties_set, side_candidates, side_chosen
from .proposals import recommendation_prepare
from .results import (
    BUSY_MESSAGE,
    QUEUED,
    QUEUED_MESSAGE,
    STALE_MESSAGE,
    ApprovalResult,
    DecisionResult,
    ReviewRefused,
)
from .revisions import revision_run
from .round_intake import RoundSubmission, review_next_round, round_run, round_submit
from .rounds import RoundResult, comment_reply, review_start_round
from .show import recommendation_show
from .transitions import review_complete_if_done
from .undo import decision_undo

__all__ = [
    "BUSY_MESSAGE",
    "MAX_BULK_ITEMS",
    "MAX_THEIR_ITEMS",
    "QUEUED",
    "QUEUED_MESSAGE",
    "STALE_MESSAGE",
    "ApprovalResult",
    "BulkResult",
    "CardRefusal",
    "DecisionResult",
    "ReviewRefused",
    "RoundResult",
    "RoundSubmission",
    "TooManyItems",
    "analysis_fail",
    "analysis_rerun",
    "analysis_run",
    "analysis_store",
    "approval_decide",
    "approval_take",
    "approvals_release_departed",
    "bulk_accept",
    "card_decide",
    "comment_reply",
    "decision_undo",
    "event_append",
    "history",
    "history_append",
    "recommendation_prepare",
    "recommendation_show",
    "review_cancel",
    "review_complete_if_done",
    "review_decide",
    "review_next_round",
    "review_parties_set",
    "review_start",
    "review_start_round",
    "revision_run",
    "round_run",
    "round_submit",
    "side_candidates",
    "side_chosen",
]
