
app_name = "documents"

urlpatterns: list = []
