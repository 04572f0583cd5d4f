from django.urls import path

from . import views

app_name = "review"

urlpatterns = [
    path("", views.review_list, name="list"),
    path("new/", views.review_new, name="new"),
    path("<int:review_id>/", views.review_detail, name="detail"),
    path("<int:review_id>/progress/", views.review_progress, name="progress"),
    path("<int:review_id>/recommendations/<int:recommendation_id>/", views.recommendation_detail,
         name="recommendation"),
    path("<int:review_id>/decide/", views.review_decide_view, name="decide"),
    path("<int:review_id>/cancel/", views.review_cancel_view, name="cancel"),
    path("<int:review_id>/parties/", views.review_parties_view, name="parties"),
    path("<int:review_id>/next-round/", views.review_next_round_view, name="next_round"),
    path("<int:review_id>/comment-reply/", views.comment_reply_view, name="comment_reply"),
    path("<int:review_id>/download/<str:kind>/", views.review_download, name="download"),
    path("<int:review_id>/preview/", views.review_preview, name="preview"),
    path("<int:review_id>/clauses/", views.review_clauses, name="clauses"),
    path("<int:review_id>/clauses/export.<str:fmt>", views.review_clauses_export, name="clauses_export"),
    path("approvals/<int:approval_id>/", views.approval_detail, name="approval"),
    path("approvals/<int:approval_id>/act/", views.approval_act, name="approval_act"),
]
