"""The committee's pages of a club (its role in that club; a new club: the site's
superuser)."""

from django.urls import path

from . import desk, views

urlpatterns = [
    path(
        "club/<slug:slug>/import-players/", views.PlayerImportView.as_view(), name="player_import"
    ),
    path("clubs/nouveau/", desk.ClubCreateView.as_view(), name="club_create"),
    path("club/<slug:slug>/membres/", desk.MembersView.as_view(), name="club_members"),
    path("club/<slug:slug>/membres/<int:pk>/", desk.MemberView.as_view(), name="club_member"),
    path(
        "club/<slug:slug>/confidentialite/reglages/",
        desk.ClubPrivacyView.as_view(),
        name="club_privacy_settings",
    ),
    path("club/<slug:slug>/equipe/", desk.ClubStaffView.as_view(), name="club_staff"),
    path("club/<slug:slug>/saisons/", desk.SeasonsView.as_view(), name="club_seasons"),
    path("club/<slug:slug>/bureau/", desk.ClubDeskView.as_view(), name="club_desk"),
    path(
        "club/<slug:slug>/clubs/",
        desk.RepresentedClubsView.as_view(),
        name="club_represented_clubs",
    ),
    path("club/<slug:slug>/reglages/", desk.ClubSettingsView.as_view(), name="club_settings"),
]
