"""What players read: the published tournaments' pages, the hall's screen, the seasons."""

from django.urls import path

from . import views as public
from . import views_display as display
from . import views_players as players

urlpatterns = [
    path("tournois/", public.TournamentListView.as_view(), name="tournament_list"),
    path("tournois/<int:pk>/", public.StandingsView.as_view(), name="tournament_standings"),
    path("tournois/<int:pk>/rondes/", public.RoundsView.as_view(), name="tournament_rounds"),
    path(
        "tournois/<int:pk>/joueurs/<int:entry>/",
        public.PlayerView.as_view(),
        name="tournament_player",
    ),
    path("tournois/<int:pk>/ecran/", display.DisplayView.as_view(), name="tournament_display"),
    path("tables/<int:pk>/", public.TableView.as_view(), name="table_detail"),
    path(
        "saisons/<int:pk>/joueurs/<int:player>/",
        players.PlayerSeasonView.as_view(),
        name="season_player",
    ),
    path(
        "saisons/<int:pk>/classement/",
        public.SeasonStandingsView.as_view(),
        name="season_standings",
    ),
]
