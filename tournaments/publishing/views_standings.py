"""The scorekeepers' own standings: the same classification as the public page, for a
tournament of their clubs whether it is published or not."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views import View

from club.roles import ScorekeeperRequiredMixin
from tournaments.games import plugin_for
from tournaments.models import Tournament
from tournaments.publishing.views import club_classification_context, standings_table_html
from tournaments.selectors import rulebook


class StaffStandingsView(ScorekeeperRequiredMixin, View):
    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        tournament = self.get_scoped(
            Tournament.objects.select_related("club", "season", "rules_version"), pk=pk
        )
        plugin = plugin_for(tournament.game)
        return render(
            request,
            "publishing/staff_standings.html",
            {
                "tournament": tournament,
                "plugin": plugin,
                "scoring_model": rulebook.scoring_model(tournament),
                # Names link to the players' public pages only when those exist.
                "table_html": standings_table_html(
                    request, tournament, plugin, linked=tournament.published
                ),
                **club_classification_context(tournament),
            },
        )
