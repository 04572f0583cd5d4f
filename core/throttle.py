"""Login throttling, kept in the database so that every web process agrees.

A username (case-folded) or a client address is locked for ``REDPEN_LOGIN_LOCK_SECONDS`` once
its last N failures all fall within ``REDPEN_LOGIN_WINDOW_SECONDS`` (N is
``REDPEN_LOGIN_MAX_FAILURES`` for a username, ``REDPEN_LOGIN_IP_MAX_FAILURES`` for an address).
While locked, attempts are refused before the password is checked, even a right one, and are not
recorded: an attacker cannot keep a lock going forever, and learns nothing about the password.
A successful login clears the username's failures (not the address's: one good account must not
unlock guessing at the others from the same place).

Two attempts racing at N-1 may both be checked; the lock can overshoot by the number of
requests in flight at once, which throttling tolerates.
"""

from __future__ import annotations

import ipaddress
import math
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils import timezone

from .models import LoginFailure


@dataclass(frozen=True)
class Policy:
    max_failures: int
    ip_max_failures: int
    window: timedelta
    lock: timedelta

    @classmethod
    def from_settings(cls) -> Policy:
        return cls(
            max_failures=settings.REDPEN_LOGIN_MAX_FAILURES,
            ip_max_failures=settings.REDPEN_LOGIN_IP_MAX_FAILURES,
            window=timedelta(seconds=settings.REDPEN_LOGIN_WINDOW_SECONDS),
            lock=timedelta(seconds=settings.REDPEN_LOGIN_LOCK_SECONDS),
        )


def normalise_username(username: str | None) -> str:
    return (username or "").strip().casefold()[:150]


def client_ip(request: HttpRequest) -> str | None:
    """The client's address. Behind ``REDPEN_TRUSTED_PROXIES`` reverse proxies it is the entry
    that many places from the right of X-Forwarded-For (the left part is whatever the client
    sent, so it is never trusted); otherwise REMOTE_ADDR."""
    trusted: int = settings.REDPEN_TRUSTED_PROXIES
    candidate = request.META.get("REMOTE_ADDR", "")
    if trusted > 0:
        hops = [hop.strip() for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if hop.strip()]
        if len(hops) >= trusted:
            candidate = hops[-trusted]
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:
        return None


def _locked_until(failures: QuerySet[LoginFailure], limit: int, policy: Policy) -> datetime | None:
    if limit <= 0:
        return None
    times = list(failures.order_by("-created_at").values_list("created_at", flat=True)[:limit])
    if len(times) < limit or times[0] - times[-1] > policy.window:
        return None
    return times[0] + policy.lock


def lock_remaining(username: str | None, ip: str | None, *, policy: Policy | None = None,
                   now: datetime | None = None) -> float:
    """Seconds until this username and address may try again (0: they may now)."""
    policy = policy or Policy.from_settings()
    now = now or timezone.now()
    horizon = now - policy.lock - policy.window  # older failures can no longer lock anything
    recent = LoginFailure.objects.filter(created_at__gte=horizon)
    ends = []
    name = normalise_username(username)
    if name:
        ends.append(_locked_until(recent.filter(username=name), policy.max_failures, policy))
    if ip:
        ends.append(_locked_until(recent.filter(ip=ip), policy.ip_max_failures, policy))
    latest = max((end for end in ends if end is not None), default=None)
    return max((latest - now).total_seconds(), 0.0) if latest else 0.0


def record_failure(username: str | None, ip: str | None, *, policy: Policy | None = None) -> None:
    policy = policy or Policy.from_settings()
    now = timezone.now()
    LoginFailure.objects.create(username=normalise_username(username), ip=ip, created_at=now)
    # Housekeeping on the failure path only (an indexed range delete): the table holds one
    # window and one lock period of failures at most.
    LoginFailure.objects.filter(created_at__lt=now - policy.lock - policy.window).delete()


def record_success(username: str | None) -> None:
    LoginFailure.objects.filter(username=normalise_username(username)).delete()


def lock_message(seconds: float) -> str:
    minutes = max(1, math.ceil(seconds / 60))
    return f"Too many failed attempts; try again in {minutes} minute{'s' if minutes != 1 else ''}."
