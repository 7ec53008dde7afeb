"""The workbooks anyone may download: a published tournament's and a season's standings."""

from django.urls import path

from . import views as exports

urlpatterns = [
    path(
        "tournois/<int:pk>/classement.xlsx",
        exports.TournamentXlsxView.as_view(),
        name="tournament_xlsx",
    ),
    path("saisons/<int:pk>/classement.xlsx", exports.SeasonXlsxView.as_view(), name="season_xlsx"),
]
