app_name = "playbooks"

urlpatterns: list = []
