from django.apps import AppConfig


class ReviewConfig(AppConfig):
    name = "review"

    def ready(self) -> None:
        from django.contrib.auth import get_user_model
        from django.db.models.signals import m2m_changed

        from core import metrics as core_metrics
        from documents.conversions import converted

        from . import inbox
        from .conversions import review_after_conversion, round_after_conversion
        from .engine import checks  # noqa: F401  (the check kinds register into playbooks/checks.py, read by the loader)
        from .metrics import review_metrics

        inbox.register()
        converted.connect(review_after_conversion, dispatch_uid="review.start_after_conversion")
        converted.connect(round_after_conversion, dispatch_uid="review.round_after_conversion")
        core_metrics.collector_register(review_metrics)
        m2m_changed.connect(_group_membership_changed, sender=get_user_model().groups.through,
                            dispatch_uid="review.approvals.group_membership")


def _group_membership_changed(sender, instance, action, reverse, model, pk_set, **kwargs):  # type: ignore[no-untyped-def]
    """An approver who leaves a group loses the items they took back to the group."""
    if action not in ("post_remove", "pre_clear"):
        return
    from .workflow import approvals_release_departed

    if not reverse:  # user.groups.remove(group...)
        group_ids = list(pk_set or instance.groups.values_list("pk", flat=True))
        for group_id in group_ids:
            approvals_release_departed(user_ids=[instance.pk], group_id=group_id)
    else:  # group.user_set.remove(user...)
        user_ids = list(pk_set or instance.user_set.values_list("pk", flat=True))
        approvals_release_departed(user_ids=user_ids, group_id=instance.pk)
