from django.urls import path

from . import views

app_name = "documents"

urlpatterns = [
    path("", views.document_list, name="list"),
    path("upload/", views.document_upload, name="upload"),
    path("conversions/<uuid:conversion_id>/", views.conversion_page, name="conversion"),
    path("conversions/<uuid:conversion_id>/progress/", views.conversion_progress, name="conversion_progress"),
    path("<int:pk>/", views.document_detail, name="detail"),
    path("<int:pk>/latest/", views.latest_preview, name="latest_preview"),
    path("<int:pk>/latest/<str:kind>.docx", views.latest_download, name="latest_download"),
    path("<int:pk>/v<int:number>/", views.version_preview, name="preview"),
    path("<int:pk>/v<int:number>/<str:kind>.docx", views.version_download, name="download"),
]
