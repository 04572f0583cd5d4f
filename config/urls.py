from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

admin.site.site_header = "Redpen administration"
admin.site.site_title = "Redpen admin"

urlpatterns = [
    path("login/", auth_views.LoginView.as_view(redirect_authenticated_user=True), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    path("documents/", include("documents.urls")),
    path("playbooks/", include("playbooks.urls")),
    path("reviews/", include("review.urls")),
    path("", include("core.urls")),
]
