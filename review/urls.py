from django.urls import path

from .views import approvals, contract, decisions, downloads, reviews, rounds, workspace

app_name = "review"

urlpatterns = [
    path("", reviews.review_list, name="list"),
    path("new/", reviews.review_new, name="new"),
    path("<int:review_id>/", workspace.review_detail, name="detail"),
    path("<int:review_id>/progress/", workspace.review_progress, name="progress"),
    path("<int:review_id>/recommendations/<int:recommendation_id>/", workspace.recommendation_detail,
         name="recommendation"),
    path("<int:review_id>/decide/", decisions.review_decide_view, name="decide"),
    path("<int:review_id>/cancel/", decisions.review_cancel_view, name="cancel"),
    path("<int:review_id>/undo/", decisions.review_undo_view, name="undo"),
    path("<int:review_id>/parties/", decisions.review_parties_view, name="parties"),
    path("<int:review_id>/next-round/", rounds.review_next_round_view, name="next_round"),
    path("<int:review_id>/comment-reply/", rounds.comment_reply_view, name="comment_reply"),
    path("<int:review_id>/download/<str:kind>/", downloads.review_download, name="download"),
    path("<int:review_id>/preview/", contract.review_preview, name="preview"),
    path("<int:review_id>/contract/", contract.review_contract, name="contract"),
    path("<int:review_id>/issues/", downloads.review_issues, name="issues"),
    path("<int:review_id>/accept-numbers/", decisions.review_bulk_accept, name="bulk_accept"),
    path("<int:review_id>/clauses/", contract.review_clauses, name="clauses"),
    path("<int:review_id>/clauses/export.<str:fmt>", downloads.review_clauses_export, name="clauses_export"),
    path("approvals/<int:approval_id>/", approvals.approval_detail, name="approval"),
    path("approvals/<int:approval_id>/act/", approvals.approval_act, name="approval_act"),
]
