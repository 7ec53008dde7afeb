"""The desk's pages of the bundles (docs/bundle.md)."""

from django.urls import path

from . import views, views_hosted

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
    path(
        "federation/<slug:slug>/clubs-heberges/",
        views_hosted.HostedClubsView.as_view(),
        name="hosted_clubs",
    ),
    path(
        "federation/<slug:slug>/clubs-heberges/<int:pk>/importer/",
        views_hosted.HostedImportView.as_view(),
        name="hosted_import",
    ),
]
