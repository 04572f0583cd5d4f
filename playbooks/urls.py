from django.urls import path

from . import views

app_name = "playbooks"

urlpatterns = [
    path("", views.playbook_list, name="list"),
    path("upload/", views.playbook_upload_page, name="upload"),
    path("format/", views.playbook_format, name="format"),
    path("<int:pk>/", views.playbook_detail, name="detail"),
    path("<int:pk>/upload/", views.playbook_upload_page, name="upload_version"),
    path("<int:pk>/diff/", views.version_diff, name="diff"),
    path("<int:pk>/v<int:number>/", views.version_detail, name="version"),
    path("<int:pk>/v<int:number>/download/", views.version_download, name="download"),
    path("<int:pk>/v<int:number>/try/", views.version_try, name="try"),
]
