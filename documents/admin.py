from django.contrib import admin

from core.admin_base import ReadOnlyInline

from .models import Document, DocumentVersion


class DocumentVersionInline(ReadOnlyInline):
    model = DocumentVersion
    fk_name = "document"
    fields = ["number", "parent", "edit", "created_by", "created_at", "decision"]
    readonly_fields = fields
    show_change_link = False

    def get_queryset(self, request):  # type: ignore[no-untyped-def]
        return super().get_queryset(request).defer("text_model_data").select_related("created_by", "parent")


@admin.register(Document)
class DocumentAdmin(admin.ModelAdmin):
    """Read-only: versions are made only by the review workflow, never by hand."""

    list_display = ["title", "owner", "team", "original_filename", "created_at"]
    list_filter = ["team"]
    search_fields = ["title", "original_filename", "owner__username"]
    fields = ["title", "owner", "team", "original_filename", "created_at"]
    readonly_fields = fields
    inlines = [DocumentVersionInline]

    def has_add_permission(self, request) -> bool:  # type: ignore[no-untyped-def]
        return False

    def has_change_permission(self, request, obj=None) -> bool:  # type: ignore[no-untyped-def]
        return False
