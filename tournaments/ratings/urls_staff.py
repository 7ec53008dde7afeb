"""The committee's page of the rating lists: computed again from the start."""

from django.urls import path

from . import views

urlpatterns = [
    path(
        "club/<slug:slug>/cote/<str:game>/recalculer/",
        views.RatingRebuildView.as_view(),
        name="rating_rebuild",
    ),
]
