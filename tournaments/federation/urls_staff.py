"""The federation's desk (its committee), its creation (the site's administrator), and a
club's page of its federations (the club's committee)."""

from django.urls import path

from . import door_views, people_views, views, views_desk

urlpatterns = [
    path("federations/nouvelle/", views.FederationCreateView.as_view(), name="federation_create"),
    path(
        "federation/<slug:slug>/bureau/",
        views.FederationDeskView.as_view(),
        name="federation_desk",
    ),
    path(
        "federation/<slug:slug>/licences/importer/",
        views.LicenceImportView.as_view(),
        name="federation_licence_import",
    ),
    path(
        "federation/<slug:slug>/fusion/",
        people_views.MergeView.as_view(),
        name="federation_merge",
    ),
    path(
        "saisie/tournois/<int:pk>/federation/",
        door_views.CountedView.as_view(),
        name="tournament_federation",
    ),
    path(
        "federation/<slug:slug>/bureau/regles/",
        views_desk.RulesView.as_view(),
        name="federation_rules",
    ),
    path(
        "federation/<slug:slug>/bureau/saisons/",
        views_desk.SeasonsView.as_view(),
        name="federation_seasons",
    ),
    path(
        "federation/<slug:slug>/bureau/saisons/<int:pk>/",
        views_desk.SeasonsView.as_view(),
        name="federation_season_edit",
    ),
    path(
        "federation/<slug:slug>/bureau/tournois/",
        views_desk.CountedDeskView.as_view(),
        name="federation_counted_desk",
    ),
    path(
        "club/<slug:slug>/federations/",
        views.ClubFederationsView.as_view(),
        name="club_federations",
    ),
]
