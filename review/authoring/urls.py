"""The URLs of review/authoring/views.py: playbook pages, in the ``playbooks`` namespace and under
/playbooks/ with playbooks/urls.py (config/urls.py mounts the two together)."""

from django.urls import path

from . import views

urlpatterns = [
    path("draft/", views.playbook_draft_page, name="draft"),
    path("<int:pk>/v<int:number>/try/", views.version_try, name="try"),
    path("<int:pk>/stats/", views.playbook_stats, name="stats"),
    path("<int:pk>/stats.csv", views.playbook_stats_csv, name="stats_csv"),
    path("<int:pk>/stats/decisions/", views.playbook_stats_decisions, name="stats_decisions"),
]
