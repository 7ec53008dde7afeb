"""A federation's pages, as anyone reads them: its home, its rankings, a player's results, its
counted tournaments, and their workbooks."""

from django.urls import path

from . import views_public as public

SEASON = "federation/<slug:slug>/saison/<int:season>/"

urlpatterns = [
    path("federation/<slug:slug>/", public.HomeView.as_view(), name="federation_page"),
    path(
        SEASON + "<slug:game>/classement/",
        public.RankingView.as_view(),
        name="federation_ranking",
    ),
    path(
        SEASON + "<slug:game>/classement.xlsx",
        public.RankingWorkbookView.as_view(),
        name="federation_ranking_xlsx",
    ),
    path(
        SEASON + "<slug:game>/clubs/",
        public.ClubRankingView.as_view(),
        name="federation_club_ranking",
    ),
    path(
        SEASON + "<slug:game>/clubs.xlsx",
        public.ClubRankingWorkbookView.as_view(),
        name="federation_club_ranking_xlsx",
    ),
    path(SEASON + "tournois/", public.CountedView.as_view(), name="federation_counted"),
    path(
        SEASON + "tournois.xlsx",
        public.CountedWorkbookView.as_view(),
        name="federation_counted_xlsx",
    ),
    path(
        "federation/<slug:slug>/joueur/<uuid:uid>/",
        public.PlayerView.as_view(),
        name="federation_player",
    ),
    path(
        "federation/<slug:slug>/joueur/<uuid:uid>/resultats.xlsx",
        public.PlayerWorkbookView.as_view(),
        name="federation_player_xlsx",
    ),
]
