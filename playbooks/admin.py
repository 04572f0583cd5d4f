from django.contrib import admin
from django.http import HttpRequest

from core.admin_base import ReadOnlyInline

from .models import Playbook, PlaybookVersion


class PlaybookVersionInline(ReadOnlyInline):
    model = PlaybookVersion
    fields = ["number", "author", "created_at", "change_note", "sha256"]
    readonly_fields = fields


@admin.register(Playbook)
class PlaybookAdmin(admin.ModelAdmin):
    list_display = ["name", "party", "owner", "team", "updated_at"]
    list_filter = ["team"]
    search_fields = ["name", "description", "party", "owner__username", "team__name"]
    raw_id_fields = ["owner"]
    readonly_fields = ["created_at", "updated_at"]
    inlines = [PlaybookVersionInline]


@admin.register(PlaybookVersion)
class PlaybookVersionAdmin(admin.ModelAdmin):
    """Read-only: a version is what reviews pinned; a change is a new upload."""

    list_display = ["__str__", "playbook", "number", "author", "created_at", "change_note"]
    list_filter = ["playbook"]
    search_fields = ["playbook__name", "change_note", "author__username", "sha256", "source"]
    list_select_related = ["playbook", "author"]
    fields = ["playbook", "number", "author", "created_at", "change_note", "sha256", "source", "spec"]
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False
