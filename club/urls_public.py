"""What anyone reaches on the club's side without logging in: the home and club pages, the
privacy notices, logging in and out, the language, and a new staff member's activation link."""

from django.contrib.auth import views as auth_views
from django.urls import path

from . import desk, language, views

urlpatterns = [
    path("", views.HomeView.as_view(), name="home"),
    path("club/<slug:slug>/", views.ClubHomeView.as_view(), name="club_home"),
    path(
        "club/<slug:slug>/confidentialite/", views.PrivacyNoticeView.as_view(), name="club_privacy"
    ),
    path("confidentialite/", views.SitePrivacyView.as_view(), name="site_privacy"),
    path(
        "compte/activer/<str:uidb64>/<str:token>/",
        desk.AccountActivateView.as_view(),
        name="account_activate",
    ),
    path("login/", views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("langue/<str:code>/", language.switch_language, name="switch_language"),
]
