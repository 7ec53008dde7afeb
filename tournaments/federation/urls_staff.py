"""The federation's desk (its committee), its creation (the site's administrator), and a
club's page of its federations (the club's committee)."""

from django.urls import path

from . import views

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
        "club/<slug:slug>/federations/",
        views.ClubFederationsView.as_view(),
        name="club_federations",
    ),
]
