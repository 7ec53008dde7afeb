"""The site's URLs: club pages here, tournaments in their app, the admin and the language switch."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from . import views

urlpatterns = [
    path("", views.HomeView.as_view(), name="home"),
    path("club/<slug:slug>/", views.ClubHomeView.as_view(), name="club_home"),
    path(
        "club/<slug:slug>/import-players/", views.PlayerImportView.as_view(), name="player_import"
    ),
    path("login/", views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("", include("tournaments.urls_staff")),
    path("", include("tournaments.publishing.urls")),
    path("", include("tournaments.tableside.urls")),
    path("", include("tournaments.printing.urls")),
]
