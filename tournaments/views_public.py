"""Public pages: only published tournaments, no login."""

from dataclasses import asdict

import django_tables2 as tables
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.views.generic import ListView, TemplateView
from django_tables2 import RequestConfig

from club.models import Season

from . import selectors
from .games import game_choices, plugin_for
from .models import Entry
from .tables import AnnualRankingTable, SeasonStandingsTable, StandingsTable


def annual_rows(ranking) -> list[dict]:
    rows = []
    for row in ranking.rows:
        data = {
            "rank": row.rank,
            "name": row.name,
            "tournaments": row.tournaments,
            "points": row.points,
            "place_points": row.place_points,
            "best_n_points": row.best_n_points,
        }
        for tournament in ranking.tournaments:
            result = row.results.get(tournament.pk)
            data[f"t{tournament.pk}"] = (
                f"{result[0]} ({result[1]}e)" if result is not None else None
            )
        rows.append(data)
    return rows


def annual_columns(ranking):
    return [
        (
            f"t{t.pk}",
            tables.Column(
                verbose_name=t.date.strftime("%d/%m"),
                attrs={"td": {"class": "num"}, "th": {"class": "num", "title": t.name}},
                orderable=False,
                default="—",
            ),
        )
        for t in ranking.tournaments
    ]


class TournamentListView(ListView):
    template_name = "tournaments/tournament_list.html"
    context_object_name = "tournaments"
    paginate_by = 30

    def get_queryset(self):
        return selectors.published()


class PublishedTournamentMixin:
    def get_tournament(self):
        return get_object_or_404(selectors.published(), pk=self.kwargs["pk"])


def standings_rows(tournament):
    rows = []
    live = plugin_for(tournament.game).live_standings
    for row in selectors.tournament_standings(tournament, live=live):
        data = asdict(row)
        data["rounds_played"] = row.rounds_played
        data["difference"] = row.difference
        for number in range(1, tournament.rounds + 1):
            cell = row.rounds.get(number)
            data[f"r{number}"] = cell.score if cell else None
        rows.append(data)
    return rows


def round_columns(tournament):
    label = plugin_for(tournament.game).round_abbreviation
    return [
        (f"r{n}", tables.Column(verbose_name=f"{label}{n}", attrs={"td": {"class": "num"}}))
        for n in range(1, tournament.rounds + 1)
    ]


def standings_excluded(plugin) -> tuple[str, ...]:
    """Columns a game's standings leave out: matches won and difference are for team games."""
    excluded = [] if plugin.place_points else ["place_points"]
    if plugin.team_game:
        excluded.append("best_round")
    else:
        excluded += ["wins", "difference"]
    return tuple(excluded)


class StandingsView(PublishedTournamentMixin, TemplateView):
    template_name = "tournaments/standings.html"

    def get_context_data(self, **kwargs):
        tournament = self.get_tournament()
        plugin = plugin_for(tournament.game)
        table = StandingsTable(
            standings_rows(tournament),
            player_url=lambda entry_id: reverse(
                "tournament_player", args=[tournament.pk, entry_id]
            ),
            extra_columns=round_columns(tournament),
            exclude=standings_excluded(plugin),
        )
        RequestConfig(self.request, paginate=False).configure(table)
        return {
            **super().get_context_data(**kwargs),
            "tournament": tournament,
            "plugin": plugin_for(tournament.game),
            "table": table,
        }


class RoundsView(PublishedTournamentMixin, TemplateView):
    template_name = "tournaments/rounds.html"

    def get_context_data(self, **kwargs):
        tournament = self.get_tournament()
        return {
            **super().get_context_data(**kwargs),
            "tournament": tournament,
            "rounds": selectors.tournament_rounds(tournament),
        }


class TableView(TemplateView):
    template_name = "tournaments/table.html"

    def get_context_data(self, **kwargs):
        table = get_object_or_404_table(self.kwargs["pk"])
        return {
            **super().get_context_data(**kwargs),
            "table": table,
            "tournament": table.round.tournament,
        }


def get_object_or_404_table(pk):
    from django.http import Http404

    from .models import Table

    try:
        return selectors.table_detail(pk, published_only=True)
    except Table.DoesNotExist as error:
        raise Http404 from error


class PlayerView(PublishedTournamentMixin, TemplateView):
    template_name = "tournaments/player.html"

    def get_context_data(self, **kwargs):
        tournament = self.get_tournament()
        entry = get_object_or_404(
            Entry.objects.select_related("player"), tournament=tournament, pk=self.kwargs["entry"]
        )
        standing = next(
            (r for r in selectors.tournament_standings(tournament) if r.entry_id == entry.pk), None
        )
        return {
            **super().get_context_data(**kwargs),
            "tournament": tournament,
            "entry": entry,
            "standing": standing,
            "rounds": selectors.player_rounds(tournament, entry),
        }


class SeasonStandingsView(TemplateView):
    template_name = "tournaments/season_standings.html"

    def get_context_data(self, **kwargs):
        season = get_object_or_404(Season.objects.select_related("club"), pk=self.kwargs["pk"])
        standings = selectors.season_standings(season)
        tables = []
        names = dict(game_choices())
        for game, rows in standings.items():
            plugin = plugin_for(game)
            if plugin.annual_ranking:
                ranking = selectors.annual_ranking(season, game)
                table = AnnualRankingTable(
                    annual_rows(ranking),
                    prefix=f"{game}-",
                    extra_columns=annual_columns(ranking),
                )
                RequestConfig(self.request, paginate={"per_page": 50}).configure(table)
                tables.append(
                    {"game": game, "name": names[game], "table": table, "annual": ranking}
                )
                continue
            table = SeasonStandingsTable(
                [asdict(r) for r in rows],
                prefix=f"{game}-",
                exclude=standings_excluded(plugin),
            )
            # A season has hundreds of players: 50 a page keeps the page light on a phone.
            RequestConfig(self.request, paginate={"per_page": 50}).configure(table)
            tables.append({"game": game, "name": names[game], "table": table})
        return {**super().get_context_data(**kwargs), "season": season, "tables": tables}
