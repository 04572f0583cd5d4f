"""The review engine (docs/architecture.md, "The engine"): what generates recommendations and revisions.

Engines are versioned. Each review records the ``ENGINE_VERSION`` it started with and asks
``get_engine(review.engine_version)`` for every later step, so a review in flight keeps deciding
with the same rules after a deploy. When the analysis or revision behaviour changes in a way that
would change a result, register the new implementation under a new version and keep the old one
in ``_REGISTRY`` for as long as reviews started under it can be active.

When an LLM endpoint is configured (``REDPEN_LLM_BASE_URL`` and ``REDPEN_LLM_MODEL``, see
``review.engine.llm``), the returned engine falls back to it for revision instructions the
playbook engine does not understand; analysis stays the deterministic playbook engine's.
"""

from __future__ import annotations

from collections.abc import Callable

from review.engine.base import Engine
from review.engine.playbook import ENGINE_VERSION, PlaybookEngine

__all__ = ["ENGINE_VERSION", "UnknownEngineVersion", "get_engine", "known_versions"]


class UnknownEngineVersion(LookupError):
    """A review names an engine version this deployment does not have."""

    def __init__(self, version: str) -> None:
        known = ", ".join(sorted(_REGISTRY))
        super().__init__(f"Unknown engine version {version!r}; this deployment has: {known}.")
        self.version = version


_REGISTRY: dict[str, Callable[[], Engine]] = {
    ENGINE_VERSION: PlaybookEngine,
    # Reviews started under playbook-1 are served by playbook-2: the old implementation was changed
    # in place, and their stored proposals are re-resolved on the current version anyway
    # (docs/decisions/engine-versions.md).
    "playbook-1": PlaybookEngine,
}


def known_versions() -> tuple[str, ...]:
    return tuple(sorted(_REGISTRY))


def get_engine(version: str | None = None, *, use_llm: bool | None = None) -> Engine:
    """The engine for ``version`` (None: the current one).

    ``use_llm``: None follows the environment (an LLM fallback for revisions when configured),
    False never uses one, True requires one (``LLMNotConfigured`` otherwise).
    """
    key = ENGINE_VERSION if version is None else version
    try:
        factory = _REGISTRY[key]
    except KeyError:
        raise UnknownEngineVersion(key) from None
    engine = factory()
    if use_llm is False:
        return engine
    from review.engine.llm import LLMConfig, LLMEngine, LLMNotConfigured

    config = LLMConfig.from_env()
    if config is None:
        if use_llm:
            raise LLMNotConfigured("REDPEN_LLM_BASE_URL and REDPEN_LLM_MODEL must be set to use the LLM engine.")
        return engine
    return LLMEngine(config, fallback=engine)
