"""The club's rating lists, as anyone reads them."""

from django.urls import path

from . import views

urlpatterns = [
    path("club/<slug:slug>/cote/", views.RatingIndexView.as_view(), name="rating_index"),
    path("club/<slug:slug>/cote/<str:game>/", views.RatingListView.as_view(), name="rating_list"),
    path(
        "club/<slug:slug>/cote/<str:game>/methode/",
        views.RatingMethodView.as_view(),
        name="rating_method",
    ),
    path(
        "club/<slug:slug>/cote/<str:game>/cote.xlsx",
        views.RatingXlsxView.as_view(),
        name="rating_xlsx",
    ),
]
