"""The desk's pages of the bundles (docs/bundle.md)."""

from django.urls import path

from . import views

urlpatterns = [
    path(
        "saisie/tournois/<int:pk>/emporter/",
        views.TakeAwayView.as_view(),
        name="staff_hold",
    ),
    path(
        "saisie/tournois/<int:pk>/rapporter/",
        views.ReturnView.as_view(),
        name="travel_return",
    ),
    path(
        "saisie/tournois/<int:pk>/paquet.json.gz",
        views.ExportView.as_view(),
        name="travel_export",
    ),
    path(
        "club/<slug:slug>/importer-un-tournoi/",
        views.ImportView.as_view(),
        name="travel_import",
    ),
]
