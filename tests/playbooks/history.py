"""A seeded review history for the statistics tests, made through the real workflow: two
playbook versions, six reviews, rejections with near-duplicate reasons, revisions, approvals
(one sent back) and one redacted review."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from playbooks.models import Playbook
from playbooks.services import playbook_upload
from review.models import Approval, ApprovalStatus, Review
from review.retention import review_redact
from review.workflow import approval_decide
from tests.factories import TeamFactory, UserFactory
from tests.review.factories import PLAYBOOK_YAML, author_user, decide, make_review, shown

HISTORY_YAML = PLAYBOOK_YAML.replace(
    "    guidance: Long renewals lock us in.\n",
    '    guidance: Long renewals lock us in.\n    requires_approval: true\n    approver: "user:boss"\n',
)
# v2 changes only the guidance of payment-terms: its positions (and so its suggestions) carry on.
HISTORY_YAML_V2 = HISTORY_YAML.replace("45 days is the most we concede", "45 days is our limit")


@dataclass
class History:
    team: Any
    author: Any
    boss: Any
    playbook: Playbook
    reviews: list[Review]
    redacted: Review


def _approve_open(review: Review, boss: Any, *, approve: bool = True, comment: str = "") -> None:
    for approval in Approval.objects.filter(review=review, status=ApprovalStatus.OPEN):
        result = approval_decide(approval=approval, actor=boss, approve=approve, comment=comment)
        assert result.ok, result.message


def _renewal_accepted(review: Review, boss: Any) -> None:
    decide(review, shown(review, "renewal-term"), "accept")
    _approve_open(review, boss)


def build_history() -> History:
    team = TeamFactory(name="Commercial legal")
    author = author_user(username="alex-author", team=team)
    boss = UserFactory(username="boss", team=team)
    reviews: list[Review] = []

    def review() -> Review:
        made = make_review(author, playbook=HISTORY_YAML if len(reviews) < 4 else HISTORY_YAML_V2, team=team)
        reviews.append(made)
        return made

    # v1 ------------------------------------------------------------------------------------
    r1 = review()
    decide(r1, shown(r1, "payment-terms"), "reject", reason="Market standard")
    decide(r1, shown(r1, "renewal-term"), "accept")
    _approve_open(r1, boss, approve=False, comment="Check with sales first")
    decide(r1, shown(r1, "renewal-term"), "accept")
    _approve_open(r1, boss)
    decide(r1, shown(r1, "limitation-of-liability"), "revise", instruction="softer")
    decide(r1, shown(r1, "limitation-of-liability"), "accept")

    r2 = review()
    decide(r2, shown(r2, "payment-terms"), "reject", reason="market standard.")
    _renewal_accepted(r2, boss)
    decide(r2, shown(r2, "limitation-of-liability"), "accept")

    r3 = review()
    decide(r3, shown(r3, "payment-terms"), "reject", reason="This is market standard")
    _renewal_accepted(r3, boss)
    decide(r3, shown(r3, "limitation-of-liability"), "revise", instruction="Softer")
    decide(r3, shown(r3, "limitation-of-liability"), "accept")

    r4 = review()  # left open: renewal-term still pending
    decide(r4, shown(r4, "payment-terms"), "revise", instruction="45 days")
    decide(r4, shown(r4, "payment-terms"), "accept")
    decide(r4, shown(r4, "limitation-of-liability"), "reject", reason="Client has insurance")

    # v2 ------------------------------------------------------------------------------------
    r5 = review()
    decide(r5, shown(r5, "payment-terms"), "reject", reason="Market-standard!")
    _renewal_accepted(r5, boss)
    decide(r5, shown(r5, "limitation-of-liability"), "revise", instruction="softer")
    decide(r5, shown(r5, "limitation-of-liability"), "accept")

    r6 = review()  # completed, then redacted by retention
    decide(r6, shown(r6, "payment-terms"), "reject", reason="Acme insisted, secret deal terms")
    _renewal_accepted(r6, boss)
    decide(r6, shown(r6, "limitation-of-liability"), "accept")
    r6.refresh_from_db()
    assert r6.status == "completed"
    assert review_redact(review=r6)

    playbook = r1.playbook_version.playbook
    assert {r.playbook_version.playbook_id for r in reviews} == {playbook.pk}
    assert [r.playbook_version.number for r in reviews] == [1, 1, 1, 1, 2, 2]
    return History(team=team, author=author, boss=boss, playbook=playbook, reviews=reviews, redacted=r6)


def upload_v3_with_new_positions(history: History) -> None:
    """A later version that changes payment-terms' positions: older rejections stop counting."""
    source = HISTORY_YAML_V2.replace("forty-five (45) days of receipt", "sixty (60) days of receipt")
    playbook_upload(author=history.author, source=source, playbook=history.playbook)
