from django.contrib.auth.decorators import login_not_required
from django.templatetags.static import static
from django.urls import path
from django.views.generic import RedirectView

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("metrics", views.metrics_view, name="metrics"),
    # Browsers ask for /favicon.ico whatever the page links: send them to the real icon.
    path("favicon.ico", login_not_required(RedirectView.as_view(url=static("favicon.svg"), permanent=True,
                                                                    http_method_names=["get", "head"])),
         name="favicon"),
]
