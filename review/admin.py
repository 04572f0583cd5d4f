from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.html import format_html_join
from django.utils.safestring import mark_safe

from core.admin_base import ReadOnlyInline
from documents.models import DocumentVersion

from .models import AnalysisJob, Decision, Proposal, Recommendation, Review, ReviewEvent, RuleOutcome
from .workflow import ReviewRefused, analysis_rerun, review_cancel


class RecommendationInline(ReadOnlyInline):
    model = Recommendation
    fields = ["ordinal", "rule_id", "severity", "finding", "status", "current_proposal", "message"]
    readonly_fields = fields


class DecisionInline(ReadOnlyInline):
    model = Decision
    fk_name = "review"
    fields = [
        "created_at", "recommendation", "proposal", "action", "outcome", "actor", "reason", "instruction", "message",
    ]
    readonly_fields = fields


class JobInline(ReadOnlyInline):
    model = AnalysisJob
    fields = ["id", "status", "attempts", "progress", "step", "error", "created_at", "finished_at", "duration"]
    readonly_fields = fields

    @admin.display(description="Duration")
    def duration(self, job: AnalysisJob) -> str:
        # The stored float has fifteen digits; an admin reads seconds to the hundredth.
        return "—" if job.duration_s is None else f"{job.duration_s:.2f} s"


class EventInline(ReadOnlyInline):
    model = ReviewEvent
    fields = ["seq", "created_at", "kind", "actor", "data"]
    readonly_fields = fields


class OutcomeInline(ReadOnlyInline):
    model = RuleOutcome
    fields = ["rule_id", "severity", "status", "message"]
    readonly_fields = fields
    show_change_link = False


@admin.register(Review)
class ReviewAdmin(admin.ModelAdmin):
    list_display = ["id", "title", "owner", "status", "playbook_version", "engine_version", "created_at"]
    list_filter = ["status", "engine_version"]
    search_fields = ["title", "owner__username", "document__original_filename"]
    # The parties in words where the raw JSON would stand (same place in the form); the field
    # itself is excluded, so nothing here is editable.
    readonly_fields = [*("parties_found" if f.name == "parties" else f.name for f in Review._meta.fields),
                       "document_versions"]
    exclude = ["parties"]
    inlines = [JobInline, OutcomeInline, RecommendationInline, DecisionInline, EventInline]

    @admin.display(description="Parties")
    def parties_found(self, review: Review) -> str:
        parties = review.parties or {}
        if not parties:
            return "—"
        found = "; ".join(
            f"{p.get('name', '')} (“{p['defined']}”)" if p.get("defined") else str(p.get("name", ""))
            for p in parties.get("detected", [])
        )
        words = [f"us: {parties.get('us') or 'not found'}", f"them: {parties.get('them') or 'not found'}"]
        if parties.get("side"):
            words.append(f"our side: {parties['side']}")
        if parties.get("corrected"):
            words.append("corrected by the lawyer")
        if found:
            words.append(f"found in the contract: {found}")
        return " · ".join(words)

    @admin.display(description="Document versions")
    def document_versions(self, review: Review) -> str:
        rows = DocumentVersion.objects.filter(document_id=review.document_id).select_related(
            "created_by", "decision"
        ).order_by("number").defer("text_model_data")
        return format_html_join(
            mark_safe("<br>"), "v{} — {} by {} ({}){}",
            ((v.number, v.created_at.strftime("%Y-%m-%d %H:%M:%S"), v.created_by or "upload",
              f"decision {v.decision_id}" if v.decision_id else "original upload" if v.number == 1 else "no decision",
              " ← current" if v.pk == review.current_version_id else "") for v in rows),
        )
    actions = ["cancel_reviews", "rerun_analysis", "redact_reviews"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.action(description="Cancel the selected reviews")
    def cancel_reviews(self, request: HttpRequest, queryset: QuerySet[Review]) -> None:
        done = sum(review_cancel(review=r, actor=request.user, reason="Cancelled by an admin.") for r in queryset)
        self.message_user(request, f"{done} review(s) cancelled; {queryset.count() - done} had already finished.")

    @admin.action(description="Re-run the analysis of the selected reviews")
    def rerun_analysis(self, request: HttpRequest, queryset: QuerySet[Review]) -> None:
        started = 0
        for review in queryset:
            try:
                started += analysis_rerun(review=review, actor=request.user) is not None
            except ReviewRefused as exc:
                self.message_user(request, f"{review}: {exc}", level=messages.WARNING)
        self.message_user(request, f"{started} analysis job(s) queued.")


    @admin.action(description="Redact the selected finished reviews now (retention)")
    def redact_reviews(self, request: HttpRequest, queryset: QuerySet[Review]) -> None:
        from .retention import review_redact

        done = sum(review_redact(review=r) for r in queryset)
        self.message_user(request, f"{done} review(s) redacted; active or already redacted ones were left alone.")


class ProposalInline(ReadOnlyInline):
    model = Proposal
    fields = ["number", "source", "base_version", "action", "before", "after", "instruction", "created_at"]
    readonly_fields = fields
    show_change_link = False


@admin.register(Recommendation)
class RecommendationAdmin(admin.ModelAdmin):
    list_display = ["id", "review", "rule_id", "severity", "status"]
    list_filter = ["status", "severity"]
    search_fields = ["rule_id", "review__title"]
    readonly_fields = [f.name for f in Recommendation._meta.fields]
    inlines = [ProposalInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(Decision)
class DecisionAdmin(admin.ModelAdmin):
    list_display = ["id", "review", "recommendation", "action", "outcome", "actor", "created_at"]
    list_filter = ["action", "outcome"]
    readonly_fields = [f.name for f in Decision._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(ReviewEvent)
class ReviewEventAdmin(admin.ModelAdmin):
    list_display = ["review", "seq", "kind", "actor", "created_at"]
    list_filter = ["kind"]
    readonly_fields = [f.name for f in ReviewEvent._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False
