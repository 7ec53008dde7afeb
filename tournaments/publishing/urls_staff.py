"""The staff's side of what players read: the standings of an unpublished tournament, the
season's attendance threshold."""

from django.urls import path

from . import views_season as season
from . import views_standings as standings

urlpatterns = [
    path(
        "saisie/saisons/<int:pk>/presences/",
        season.SeasonAttendanceView.as_view(),
        name="staff_season_attendance",
    ),
    path(
        "saisie/tournois/<int:pk>/classement/",
        standings.StaffStandingsView.as_view(),
        name="staff_standings",
    ),
]
