from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from core import views as core_views
from core.forms import ThrottledAdminAuthenticationForm
from playbooks import urls as playbook_urls
from review.authoring import urls as playbook_review_urls

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
    # One namespace, two apps: the playbook pages that need reviews or the engine are review's.
    path("playbooks/", include((playbook_urls.urlpatterns + playbook_review_urls.urlpatterns, playbook_urls.app_name))),
    path("reviews/", include("review.urls")),
    path("inbox/", include("inbox.urls")),
    path("", include("core.urls")),
]
