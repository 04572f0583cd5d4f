"""Check kinds: the one registry every reader of a rule's ``check:`` consults (docs/playbook-format.md, "The checks").

A check kind is one module under review/engine/checks/: its name, how the loader reads its value
(error texts included), how it reads in words on the playbook pages, how a spreadsheet cell
writes it, and how the engine evaluates it. The registry lives here, below ``review``, so that the
loader, the spreadsheet import and the presentation, which are ``playbooks``' own, read it without
importing ``review``: the kinds register into it when ``review.engine.checks`` is imported
(``ReviewConfig.ready`` in review/apps.py does at start-up; review/engine/__init__.py does for any
use of the engine). Reading the registry before then raises ``NoCheckKinds``: a loader without
its check kinds would refuse every check, or accept any.
"""

from __future__ import annotations

from typing import Any, Protocol

from yaml.nodes import Node


class ValueReader(Protocol):
    """What a check kind needs from the loader to read its value (playbooks/loader/fields.py, ``FieldReader``)."""

    def error(self, rule_id: str | None, field: str, node: Node | None, message: str, hint: str = "") -> None: ...

    def scalar(self, node: Node) -> Any: ...

    def text(self, rule_id: str | None, field: str, node: Node, *, required: bool = True) -> str | None: ...

    def text_list(self, rule_id: str | None, field: str, node: Node, example: str) -> list[str] | None: ...


class CheckKind(Protocol):
    """The format side of a check kind; the engine side adds ``evaluate`` (review/engine/checks/registry.py)."""

    @property
    def name(self) -> str:
        """The key a rule writes: ``check: {NAME: value}``."""
        ...

    @property
    def takes_near(self) -> bool:
        """Whether ``near`` and ``not_after`` may stand beside it (the number checks)."""
        ...

    @property
    def wording_needed_to(self) -> str:
        """What ``positions`` are for when the kind requires them ("insert when the clause is
        missing"); "" when positions are optional."""
        ...

    @property
    def shows_pattern(self) -> bool:
        """Whether its value is a text pattern, shown apart (folded) on the playbook page."""
        ...

    @property
    def edit_without_positions(self) -> str:
        """What a rule of this kind with no positions proposes, in words (the playbook page)."""
        ...

    def read_value(
        self, reader: ValueReader, rule_id: str, node: Node
    ) -> bool | str | float | tuple[str, ...] | None:
        """The value of ``check: {NAME: value}``, or None after reporting what is wrong with it."""
        ...

    def value_from_cell(self, raw: str) -> Any:
        """The value a spreadsheet cell's text after the name stands for (playbooks/spreadsheet.py);
        what cannot be read is returned as written, for the loader to say what is wrong."""
        ...

    def in_words(self, value: Any) -> str:
        """The check in words ("at most 30 days")."""
        ...

    def in_plain_words(self, value: Any) -> str:
        """The check in words, a pattern named rather than shown."""
        ...


class NoCheckKinds(RuntimeError):
    """The registry was read before the check kinds registered (import review.engine.checks)."""


_KINDS: dict[str, CheckKind] = {}


def register(kind: CheckKind) -> None:
    if kind.name in _KINDS:
        raise ValueError(f"check kind {kind.name!r} is registered twice")
    _KINDS[kind.name] = kind


def _registered() -> dict[str, CheckKind]:
    if not _KINDS:
        raise NoCheckKinds(
            "No check kinds are registered: import review.engine.checks first (ReviewConfig.ready does)."
        )
    return _KINDS


def names() -> tuple[str, ...]:
    """Every check kind's name, in the order they registered."""
    return tuple(_registered())


def registered() -> tuple[CheckKind, ...]:
    return tuple(_registered().values())


def find(name: str) -> CheckKind | None:
    """The kind named ``name``, or None when there is none."""
    return _registered().get(name)


def get(name: str) -> CheckKind:
    kind = find(name)
    if kind is None:
        raise KeyError(f"unknown check kind {name!r}")
    return kind
