"""The inbox: one queue of items waiting for the current user, whatever they are.

Apps contribute *sources* (approvals now; later e.g. review hand-overs or playbook change
requests). A source returns ``InboxItem`` rows for a user; the inbox merges them oldest first,
filters them and counts them for the navigation. The inbox itself knows no model.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser


@dataclass(frozen=True)
class InboxItem:
    kind: str  # e.g. "approval"
    kind_label: str
    title: str
    subtitle: str
    url: str
    created_at: datetime
    severity: str = ""
    assigned_to_me: bool = False


Source = Callable[[AbstractBaseUser], Iterable[InboxItem]]
Counter = Callable[[AbstractBaseUser], int]

_SOURCES: dict[str, tuple[str, Source, Counter]] = {}


def register(kind: str, label: str, source: Source, counter: Counter) -> None:
    _SOURCES[kind] = (label, source, counter)


def kinds() -> list[tuple[str, str]]:
    return [(kind, label) for kind, (label, _, _) in sorted(_SOURCES.items())]


def items_for(user: AbstractBaseUser, *, kind: str = "", severity: str = "") -> list[InboxItem]:
    items: list[InboxItem] = []
    for name, (_, source, _) in _SOURCES.items():
        if kind and kind != name:
            continue
        items.extend(source(user))
    if severity:
        items = [item for item in items if item.severity == severity]
    return sorted(items, key=lambda item: item.created_at)


def count_for(user: AbstractBaseUser) -> int:
    return sum(counter(user) for _, _, counter in _SOURCES.values())
