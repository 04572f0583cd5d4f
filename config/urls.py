from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from core import views as core_views
from core.forms import ThrottledAdminAuthenticationForm

admin.site.site_header = "Redpen administration"
admin.site.site_title = "Redpen admin"
# The admin's login is throttled like the app's: otherwise it is a side door for guessing.
admin.site.login_form = ThrottledAdminAuthenticationForm

# A request refused while it is read (too many files per upload) gets a page that says why.
handler400 = "documents.views.bad_request"

urlpatterns = [
    path("login/", core_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    path("documents/", include("documents.urls")),
    path("playbooks/", include("playbooks.urls")),
    path("reviews/", include("review.urls")),
    path("inbox/", include("inbox.urls")),
    path("", include("core.urls")),
]
