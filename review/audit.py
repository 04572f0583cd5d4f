"""The audit chain: pure hashing of review events (no ORM here)."""

from __future__ import annotations

import hashlib
import json
from datetime import datetime
from typing import Any


def event_hash(*, prev_hash: str, review_id: int, seq: int, kind: str, actor_id: int | None,
               data: dict[str, Any], created_at: datetime) -> str:
    payload = json.dumps(
        {
            "prev": prev_hash,
            "review": review_id,
            "seq": seq,
            "kind": kind,
            "actor": actor_id,
            "data": data,
            "at": created_at.isoformat(timespec="microseconds"),
        },
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
        default=str,
    )
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def verify_chain(events: list[dict[str, Any]], *, head: str = "", count: int | None = None) -> list[str]:
    """Problems in one review's events (dicts with the model's fields, ordered by seq): an edited
    event breaks its own hash, a deleted one breaks the sequence and the next event's link, and
    a deleted newest event no longer matches the head kept on the review."""
    problems: list[str] = []
    prev_hash = ""
    expected_seq = 1
    for event in events:
        if event["seq"] != expected_seq:
            problems.append(f"event #{expected_seq} is missing (next is #{event['seq']})")
        if event["prev_hash"] != prev_hash:
            problems.append(f"event #{event['seq']} does not follow the event before it")
        recomputed = event_hash(prev_hash=event["prev_hash"], review_id=event["review_id"], seq=event["seq"],
                                kind=event["kind"], actor_id=event["actor_id"], data=event["data"],
                                created_at=event["created_at"])
        if recomputed != event["hash"]:
            problems.append(f"event #{event['seq']} ({event['kind']}) was altered")
        prev_hash = event["hash"]
        expected_seq = event["seq"] + 1
    if count is not None and expected_seq - 1 != count:
        problems.append(f"the trail ends at event #{expected_seq - 1} but {count} were written")
    if head and prev_hash != head:
        problems.append("the newest event does not match the head recorded on the review")
    return problems
