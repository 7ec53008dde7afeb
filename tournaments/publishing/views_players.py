"""A player's season: his tournaments, a chart of his ranks and points, whom he met most."""

from typing import Any

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.views.generic import TemplateView

from club.models import Player, Season
from club.names import hidden_players
from club.privacy import public_page, shows_player_page
from tournaments.games import game_choices, plugin_for
from tournaments.publishing.charts import line_chart
from tournaments.selectors import player_season


class PlayerSeasonView(TemplateView):
    """Public, like the season standings that link to it. Only a player of one of the
    season's published tournaments has a page (404 otherwise: the site does not list
    members who never played in public)."""

    template_name = "publishing/player_season.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        season = get_object_or_404(Season.objects.select_related("club"), pk=self.kwargs["pk"])
        public_page(self.request, season.club)
        player = get_object_or_404(Player, pk=self.kwargs["player"])
        # A player whose name is hidden has no public page.
        if not shows_player_page(player, season.club):
            raise Http404
        if not player_season.played_in_season(season, player):
            raise Http404
        data = player_season.player_season(season, player)
        names = dict(game_choices())
        games = []
        for game_season in data.games:
            labels = [line.date.strftime("%d/%m") for line in game_season.lines]
            games.append(
                {
                    "game": game_season.game,
                    "name": names[game_season.game],
                    "plugin": plugin_for(game_season.game),
                    "lines": game_season.lines,
                    "best": game_season.best,
                    "worst": game_season.worst,
                    "rank_chart": line_chart(
                        [line.rank for line in game_season.lines], labels, inverted=True
                    ),
                    "added": game_season.added,
                    # The totals with the place points where a tournament added them (a
                    # chart's height: whole points are enough).
                    "points_chart": line_chart(
                        [round(line.total) for line in game_season.lines], labels
                    ),
                }
            )
        hidden = hidden_players()
        return {
            **super().get_context_data(**kwargs),
            "season": season,
            "player": player,
            "games": games,
            # A hidden player has no page of his own: his row names him, links nowhere.
            "opponents": [(o, o.player_id not in hidden) for o in data.opponents],
        }
