from django.urls import path

from . import views

app_name = "playbooks"

urlpatterns = [
    path("", views.playbook_list, name="list"),
    path("upload/", views.playbook_upload_page, name="upload"),
    path("import/", views.playbook_import_page, name="import"),
    path("draft/", views.playbook_draft_page, name="draft"),
    path("<int:pk>/", views.playbook_detail, name="detail"),
    path("<int:pk>/upload/", views.playbook_upload_page, name="upload_version"),
    path("<int:pk>/diff/", views.version_diff, name="diff"),
    path("<int:pk>/v<int:number>/", views.version_detail, name="version"),
    path("<int:pk>/v<int:number>/download/", views.version_download, name="download"),
    path("<int:pk>/v<int:number>/try/", views.version_try, name="try"),
    path("<int:pk>/stats/", views.playbook_stats, name="stats"),
    path("<int:pk>/stats.csv", views.playbook_stats_csv, name="stats_csv"),
    path("<int:pk>/stats/decisions/", views.playbook_stats_decisions, name="stats_decisions"),
]
