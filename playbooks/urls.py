"""The playbook pages of playbooks/views.py. The ones that need the review app (statistics, trying
a rule, drafts from precedents) are review/authoring/urls.py, in the same namespace (config/urls.py)."""

from django.urls import path

from . import views

app_name = "playbooks"

urlpatterns = [
    path("", views.playbook_list, name="list"),
    path("upload/", views.playbook_upload_page, name="upload"),
    path("format/", views.playbook_format, name="format"),
    path("import/", views.playbook_import_page, name="import"),
    path("<int:pk>/", views.playbook_detail, name="detail"),
    path("<int:pk>/upload/", views.playbook_upload_page, name="upload_version"),
    path("<int:pk>/diff/", views.version_diff, name="diff"),
    path("<int:pk>/v<int:number>/", views.version_detail, name="version"),
    path("<int:pk>/v<int:number>/download/", views.version_download, name="download"),
]
