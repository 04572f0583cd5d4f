from django.contrib import admin

from .models import LoginFailure, Team


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["name", "created_at"]
    search_fields = ["name", "members__username"]
    filter_horizontal = ["members"]


@admin.register(LoginFailure)
class LoginFailureAdmin(admin.ModelAdmin):
    """Failed logins of the throttling window. Deleting a username's rows unlocks it at once."""

    list_display = ["username", "ip", "created_at"]
    list_filter = ["created_at"]
    search_fields = ["username", "ip"]
    readonly_fields = ["username", "ip", "created_at"]

    def has_add_permission(self, request) -> bool:  # type: ignore[no-untyped-def]
        return False

    def has_change_permission(self, request, obj=None) -> bool:  # type: ignore[no-untyped-def]
        return False
