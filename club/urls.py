"""The site's URLs: club pages here, tournaments in their app, the admin and the language switch."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from . import desk, language, views

urlpatterns = [
    path("", views.HomeView.as_view(), name="home"),
    path("club/<slug:slug>/", views.ClubHomeView.as_view(), name="club_home"),
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
    path(
        "club/<slug:slug>/confidentialite/", views.PrivacyNoticeView.as_view(), name="club_privacy"
    ),
    path("confidentialite/", views.SitePrivacyView.as_view(), name="site_privacy"),
    path("club/<slug:slug>/equipe/", desk.ClubStaffView.as_view(), name="club_staff"),
    path("club/<slug:slug>/saisons/", desk.SeasonsView.as_view(), name="club_seasons"),
    path("club/<slug:slug>/bureau/", desk.ClubDeskView.as_view(), name="club_desk"),
    path(
        "club/<slug:slug>/clubs/",
        desk.RepresentedClubsView.as_view(),
        name="club_represented_clubs",
    ),
    path("club/<slug:slug>/reglages/", desk.ClubSettingsView.as_view(), name="club_settings"),
    path(
        "compte/activer/<str:uidb64>/<str:token>/",
        desk.AccountActivateView.as_view(),
        name="account_activate",
    ),
    path("login/", views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("langue/<str:code>/", language.switch_language, name="switch_language"),
    path("admin/", admin.site.urls),
    path("", include("tournaments.urls_staff")),
    path("", include("tournaments.publishing.urls")),
    path("", include("tournaments.tableside.urls")),
    path("", include("tournaments.printing.urls")),
    path("", include("tournaments.travel.urls")),
]
