"""Login forms with throttling (``core/throttle.py``), for the app's login page and the admin's."""

from __future__ import annotations

import math
from typing import Any

from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import ValidationError

from . import throttle


class ThrottleMixin:
    """Checks the lock before the password (a locked account is refused even with the right
    one), records a failed password, and clears the username's failures on success."""

    throttled_seconds: float = 0.0

    def clean(self) -> dict[str, Any]:
        username = self.cleaned_data.get("username")  # type: ignore[attr-defined]
        request = self.request  # type: ignore[attr-defined]
        ip = throttle.client_ip(request) if request is not None else None
        remaining = throttle.lock_remaining(username, ip)
        if remaining > 0:
            self.throttled_seconds = remaining
            raise ValidationError(throttle.lock_message(remaining), code="throttled")
        try:
            cleaned = super().clean()  # type: ignore[misc]
        except ValidationError as exc:
            # Only a wrong username/password counts; a missing field is not an attempt.
            if getattr(exc, "code", None) == "invalid_login":
                throttle.record_failure(username, ip)
            raise
        throttle.record_success(username)
        return cleaned

    @property
    def retry_after(self) -> int:
        return math.ceil(self.throttled_seconds)


class ThrottledAuthenticationForm(ThrottleMixin, AuthenticationForm):
    pass


class ThrottledAdminAuthenticationForm(ThrottleMixin, AdminAuthenticationForm):
    pass
