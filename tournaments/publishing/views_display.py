"""The hall's screen: a full-screen page for the club's TV or projector.

Opened with the tournament's public link (``/tournois/<pk>/ecran/``), no login and no secret
token: it shows only what the public pages already show (standings, tables, seating), so a
token would protect nothing while adding one more thing for the club to create, share and
rotate. Unpublished tournaments answer 404, as on the other public pages.
"""

from collections.abc import Sequence
from typing import Any, TypeVar

from django.template.loader import render_to_string
from django.utils import timezone
from django.views.generic import TemplateView

from tournaments.games import GamePlugin, plugin_for
from tournaments.models import Tournament
from tournaments.publishing import hall
from tournaments.publishing.views import (
    ConditionalPageMixin,
    PublishedTournamentMixin,
    cached_html,
)
from tournaments.selectors import classification

# What fits the screen at once, from across the hall (display.css sizes rows in vh).
STANDINGS_PER_SLIDE = 12
TABLES_PER_SLIDE = 8
SEATING_PER_SLIDE = 30


_T = TypeVar("_T")


def chunks(items: Sequence[_T], size: int) -> list[Sequence[_T]]:
    return [items[i : i + size] for i in range(0, len(items), size)]


class DisplayView(ConditionalPageMixin, PublishedTournamentMixin, TemplateView):
    """Standings, the current round's tables and the next round's seating, one slide at a
    time (static/js/display.js), followed live like the other public pages."""

    template_name = "publishing/display.html"
    # The clock's minutes are written at each render: revalidated, never kept.
    cached = False

    def get_page_tournament(self) -> Tournament:
        tournament = self.get_tournament()
        self.rounds = hall.tournament_round_list(tournament)
        return tournament

    def etag_parts(self) -> tuple[object, ...]:
        # The clock is started and paused without a result: its state is part of the page.
        clock = ("clock_minutes", "clock_started_at", "clock_paused_at", "clock_paused_seconds")
        return tuple((r.pk, r.status, *(getattr(r, f) for f in clock)) for r in self.rounds)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        tournament = self.tournament
        plugin = plugin_for(tournament.game)
        rounds = hall.hall_rounds(self.rounds)
        clock = None
        if plugin.clock and rounds.current is not None and rounds.current.clock_minutes:
            clock = rounds.current.clock_state(timezone.now())
        return {
            **super().get_context_data(**kwargs),
            "tournament": tournament,
            "plugin": plugin,
            "hall": rounds,
            "clock": clock,
            "standings_html": standings_html(tournament, plugin),
            "table_slides": chunks(rounds.current_tables, TABLES_PER_SLIDE),
            "seating_slides": chunks(rounds.seating, SEATING_PER_SLIDE),
        }


def standings_html(tournament: Tournament, plugin: GamePlugin) -> str:
    """The standings' slides, rendered once per results version (as the standings page's table:
    ``cached_html``) for every screen of the hall and each of its reloads: the clock's minutes
    change the page, never its standings."""

    def render() -> str:
        rows = classification.tournament_standings(tournament, live=plugin.live_standings)
        # Before the first result nobody is ranked: the slide says when the first standings come.
        standings = (
            []
            if classification.before_first_result(tournament, rows)
            else [row for row in rows if not row.substitute]
        )
        context = {"plugin": plugin, "standings_slides": chunks(standings, STANDINGS_PER_SLIDE)}
        return render_to_string("publishing/_hall_standings.html", context)

    key = (tournament.pk, tournament.results_version, tournament.game)
    return cached_html("hall-standings", key, render)
